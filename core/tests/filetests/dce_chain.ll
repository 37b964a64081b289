; RUN: dce
; A chain of values nobody uses dies in one run, including a read of a
; special register; stores, calls and volatile loads stay.

define void @f(ptr %p, i32 %x) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = add i32 %x, %tid
  %b = mul i32 %a, 2
  %c = zext i32 %b to i64
  %q = getelementptr inbounds i32, ptr %p, i64 %c
  %v = load i32, ptr %q, align 4
  %keep = load volatile i32, ptr %p, align 4
  %r = call i32 @side(i32 %x)
  store i32 %x, ptr %p, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

declare i32 @side(i32 %arg)

; CHECK: entry:
; CHECK-NEXT: %keep = load volatile i32, ptr %p, align 4
; CHECK-NEXT: %r = call i32 @side(i32 %x)
; CHECK-NEXT: store i32 %x, ptr %p, align 4
; CHECK-NEXT: ret void
; CHECK-NOT: %tid
; CHECK: declare i32 @side(i32 %arg)
; CHECK-NOT: llvm.nvvm.read.ptx.sreg.tid.x
; REMARK: [dce] `f`: dead instructions deleted (6 instructions fewer)
; REMARK-NOT: missed:
