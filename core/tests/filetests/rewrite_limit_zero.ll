; RUN: instcombine,dse
; REWRITE-LIMIT: 1:0
; REWRITE-LIMIT: 2:1
; A limit of 0 leaves pass run 1 (instcombine) out: the IR is unchanged.
; dse (run 2) makes one rewrite of two: the first overwritten store goes.

define void @f(ptr %p, i32 %x) {
entry:
  %a = add i32 %x, 0
  store i32 1, ptr %p, align 4
  store i32 2, ptr %p, align 4
  store i32 %a, ptr %p, align 4
  ret void
}

; CHECK: %a = add i32 %x, 0
; CHECK-NEXT: store i32 1, ptr %p
; CHECK-NEXT: store i32 %a, ptr %p
; REMARK-NOT: [instcombine]
; REMARK: [dse] `f`: dead stores deleted (1 instruction fewer)
