; RUN: dse
; The first store is overwritten before anything reads it. The store of the
; loaded value is overwritten too; then the load is dead, and the store of 2
; is overwritten as well: only the last store is left. A slot only ever
; stored to goes.

define void @f(ptr %p, i32 %x) {
entry:
  %slot = alloca i32, align 4
  store i32 1, ptr %slot, align 4
  store i32 %x, ptr %p, align 4
  store i32 2, ptr %p, align 4
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %p, align 4
  store i32 3, ptr %p, align 4
  ret void
}

; CHECK: entry:
; CHECK-NEXT: store i32 3, ptr %p, align 4
; CHECK-NEXT: ret void
; REMARK: [dse] `f`: dead stores deleted (6 instructions fewer)
; REMARK-NOT: missed:
