; #pragma unroll 4. With 12 iterations (a multiple of 4) only the last copy
; tests and branches back. With a trip count not computable before the loop
; (a step known only at run time: no remainder loop can be made) the copies
; keep their tests (each may leave), and the value after the loop comes from whichever
; left (%s.next.lcssa). Either way the loop is marked not to unroll again.
; RUN: loop-unroll
define i32 @twelve(i32 %x) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ %x, %entry ], [ %s.next, %loop ]
  %s.next = add i32 %s, %i
  %i.next = add nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, 12
  br i1 %cmp, label %loop, label %exit, !llvm.loop.unroll.count 4

exit:
  ret i32 %s.next
}

define i32 @unknown(i32 %x, i32 %n, i32 %step) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ %x, %entry ], [ %s.next, %loop ]
  %s.next = mul i32 %s, %i
  %i.next = add nsw i32 %i, %step
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit, !llvm.loop.unroll.count 4

exit:
  ret i32 %s.next
}
; CHECK: define i32 @twelve
; CHECK: loop:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %i.next.3, %loop.3 ]
; CHECK-NEXT: %s = phi i32 [ %x, %entry ], [ %s.next.3, %loop.3 ]
; CHECK: br label %loop.1
; CHECK: loop.1:
; CHECK-NEXT: %s.next.1 = add i32 %s.next, %i.next
; CHECK: br label %loop.2
; CHECK: br label %loop.3
; CHECK: loop.3:
; CHECK: br i1 %cmp.3, label %loop, label %exit, !llvm.loop.unroll.count 1
; CHECK: exit:
; CHECK-NEXT: ret i32 %s.next.3
; CHECK: define i32 @unknown
; CHECK: br i1 %cmp, label %loop.1, label %exit
; CHECK: loop.1:
; CHECK: br i1 %cmp.1, label %loop.2, label %exit
; CHECK: loop.2:
; CHECK: br i1 %cmp.2, label %loop.3, label %exit
; CHECK: loop.3:
; CHECK: br i1 %cmp.3, label %loop, label %exit, !llvm.loop.unroll.count 1
; CHECK: exit:
; CHECK-NEXT: %s.next.lcssa = phi i32 [ %s.next, %loop ], [ %s.next.1, %loop.1 ], [ %s.next.2, %loop.2 ], [ %s.next.3, %loop.3 ]
; CHECK-NEXT: ret i32 %s.next.lcssa
; REMARK: [loop-unroll] loop in `twelve` unrolled x4 (pragma)
; REMARK: [loop-unroll] loop in `unknown` unrolled x4 (pragma)
; REMARK-NOT: missed:
