; Full unrolling with an exit from the body (a `break`) and a nested loop:
; every copy keeps its early exit, whose block now merges the copies' values
; (%s.lcssa); the inner loop is copied with its pragma.
; RUN: loop-unroll
define i32 @early_exit(ptr addrspace(1) %p, i32 %m) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %idx = sext i32 %i to i64
  %a = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %idx
  %v = load i32, ptr addrspace(1) %a, align 4
  %big = icmp sgt i32 %v, 100
  br i1 %big, label %break, label %inner

inner:
  %j = phi i32 [ 0, %loop ], [ %j.next, %inner ]
  %j.next = add i32 %j, 1
  %c = icmp slt i32 %j.next, %m
  br i1 %c, label %inner, label %latch, !llvm.loop.unroll.count 1

latch:
  %s.next = add i32 %s, %j.next
  %i.next = add nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, 2
  br i1 %cmp, label %loop, label %exit, !llvm.loop.unroll.full

break:
  br label %exit

exit:
  %r = phi i32 [ %s.next, %latch ], [ -1, %break ]
  %t = add i32 %r, %s
  ret i32 %t
}
; CHECK: loop:
; CHECK: br i1 %big, label %break, label %inner
; CHECK: inner:
; CHECK: br i1 %c, label %inner, label %latch, !llvm.loop.unroll.count 1
; CHECK: latch:
; CHECK-NEXT: %s.next = add i32 0, %j.next
; CHECK: br label %loop.1
; CHECK: loop.1:
; CHECK: br i1 %big.1, label %break, label %inner.1
; CHECK: inner.1:
; CHECK: br i1 %c.1, label %inner.1, label %latch.1, !llvm.loop.unroll.count 1
; CHECK: latch.1:
; CHECK-NEXT: %s.next.1 = add i32 %s.next, %j.next.1
; CHECK: br label %exit
; CHECK: break:
; CHECK-NEXT: %s.lcssa1 = phi i32 [ 0, %loop ], [ %s.next, %loop.1 ]
; CHECK: exit:
; CHECK-NEXT: %s.lcssa = phi i32 [ %s.next, %latch.1 ], [ %s.lcssa1, %break ]
; CHECK-NEXT: %r = phi i32 [ %s.next.1, %latch.1 ], [ -1, %break ]
; CHECK-NEXT: %t = add i32 %r, %s.lcssa
; CHECK-NOT: loop.2
; REMARK: [loop-unroll] missed: loop in `early_exit` not unrolled: #pragma unroll 1
; REMARK: [loop-unroll] loop in `early_exit` unrolled fully (2 iterations, pragma)
; REMARK: [loop-unroll] missed: loop in `early_exit` not unrolled: #pragma unroll 1
