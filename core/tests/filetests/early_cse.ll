; RUN: early-cse
; A computation repeated where the first one dominates it is reused (a
; commutative operator's operands in either order); one in a sibling branch
; is not. A load is reused within its block until a store may change memory.
; Reads of special registers are equal within a launch.

define void @f(ptr %p, i32 %a, i32 %b, i1 %c) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = add i32 %a, %b
  %tid2 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %y = add i32 %b, %a
  %l1 = load i32, ptr %p, align 4
  %l2 = load i32, ptr %p, align 4
  store i32 %l2, ptr %p, align 4
  %l3 = load i32, ptr %p, align 4
  %s = add i32 %l1, %l3
  br i1 %c, label %then, label %else

then:                                   ; preds = %entry
  %m1 = mul i32 %x, %tid2
  %x2 = add i32 %a, %b
  store i32 %m1, ptr %p, align 4
  store i32 %x2, ptr %p, align 4
  br label %end

else:                                   ; preds = %entry
  %m2 = mul i32 %x, %tid
  store i32 %m2, ptr %p, align 4
  store i32 %y, ptr %p, align 4
  br label %end

end:                                    ; preds = %then, %else
  store i32 %s, ptr %p, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK: entry:
; CHECK-NEXT: %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT: %x = add i32 %a, %b
; CHECK-NEXT: %l1 = load i32, ptr %p, align 4
; CHECK-NEXT: store i32 %l1, ptr %p, align 4
; CHECK-NEXT: %l3 = load i32, ptr %p, align 4
; CHECK-NEXT: %s = add i32 %l1, %l3
; CHECK: then:
; CHECK-NEXT: %m1 = mul i32 %x, %tid
; CHECK-NEXT: store i32 %m1, ptr %p, align 4
; CHECK-NEXT: store i32 %x, ptr %p, align 4
; CHECK: else:
; The same multiply in a sibling branch is not dominated by %m1: it stays.
; CHECK-NEXT: %m2 = mul i32 %x, %tid
; CHECK-NEXT: store i32 %m2, ptr %p, align 4
; CHECK-NEXT: store i32 %x, ptr %p, align 4
; CHECK-NOT: %y
; CHECK-NOT: %tid2
; REMARK: [early-cse] `f`: redundant computations and loads removed (4 instructions fewer)
; REMARK-NOT: missed:
