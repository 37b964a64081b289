; Loops with a trip count known only at run time that are not unrolled:
; one that runs at most 7 times (`i < (n & 7)`: under cicc's MaxUpperBound
; of 8, LLVM leaves it rolled, as nvcc does); a counter stepping by a value known
; only at run time (a grid-stride loop; nvcc leaves these too); an address
; not indexed by the counter itself (`a[i + k]`: loop-reduce would leave its
; arithmetic in every copy, where nvcc's LSR steps a pointer); a second exit
; (a break); a loop around another loop (runtime unrolling takes innermost
; loops only: the inner one, a do-while, is).
; RUN: loop-unroll
define i32 @few(i32 %m) {
entry:
  %n = and i32 %m, 7
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  ret i32 %i.next
}

define i32 @stride(i32 %n, i32 %s) {
entry:
  %g = icmp slt i32 0, %n
  br i1 %g, label %ph, label %exit

ph:
  br label %loop

loop:
  %i = phi i32 [ 0, %ph ], [ %i.next, %loop ]
  %i.next = add nsw i32 %i, %s
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  %r = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  ret i32 %r
}

define i32 @two_exits(ptr addrspace(1) %a, i32 %n) {
entry:
  %g = icmp slt i32 0, %n
  br i1 %g, label %ph, label %exit

ph:
  br label %loop

loop:
  %i = phi i32 [ 0, %ph ], [ %i.next, %latch ]
  %idx = sext i32 %i to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %idx
  %v = load i32, ptr addrspace(1) %p, align 4
  %z = icmp eq i32 %v, 0
  br i1 %z, label %exit, label %latch

latch:
  %i.next = add nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  %r = phi i32 [ 0, %entry ], [ %i, %loop ], [ %n, %latch ]
  ret i32 %r
}

define void @indexed(ptr addrspace(1) %a, i32 %n, i32 %k) {
entry:
  %g = icmp slt i32 0, %n
  br i1 %g, label %ph, label %exit

ph:
  br label %loop

loop:
  %i = phi i32 [ 0, %ph ], [ %i.next, %loop ]
  %x = add nsw i32 %i, %k
  %idx = sext i32 %x to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %idx
  store i32 0, ptr addrspace(1) %p, align 4
  %i.next = add nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  ret void
}

define i32 @outer(i32 %n) {
entry:
  %g = icmp slt i32 0, %n
  br i1 %g, label %ph, label %exit

ph:
  br label %outer

outer:
  %j = phi i32 [ 0, %ph ], [ %j.next, %outer.latch ]
  %s = phi i32 [ 0, %ph ], [ %s.next, %outer.latch ]
  br label %inner

inner:
  %k = phi i32 [ 0, %outer ], [ %k.next, %inner ]
  %t = phi i32 [ %s, %outer ], [ %t.next, %inner ]
  %t.next = add i32 %t, %k
  %k.next = add nsw i32 %k, 1
  %c = icmp slt i32 %k.next, %n
  br i1 %c, label %inner, label %outer.latch

outer.latch:
  %s.next = add i32 %t.next, %j
  %j.next = add nsw i32 %j, 1
  %cmp = icmp slt i32 %j.next, %n
  br i1 %cmp, label %outer, label %exit

exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %outer.latch ]
  ret i32 %r
}
; CHECK: define i32 @few
; CHECK-NOT: loop.1
; CHECK: define i32 @stride
; CHECK-NOT: loop.1
; CHECK: define i32 @two_exits
; CHECK-NOT: loop.1
; CHECK: define void @indexed
; CHECK-NOT: loop.1
; CHECK: define i32 @outer
; CHECK-NOT: outer.1
; CHECK: ret i32 %r
; REMARK: [loop-unroll] missed: loop in `few` not unrolled: trip count unknown, and not unrolled with a remainder: at most 7 trips, under cicc's MaxUpperBound (8)
; REMARK: [loop-unroll] missed: loop in `stride` not unrolled: trip count unknown, and not unrolled with a remainder: no counter stepping by a constant in its exit test
; REMARK: [loop-unroll] missed: loop in `two_exits` not unrolled: trip count unknown, and not unrolled with a remainder: it has more than one exit
; REMARK: [loop-unroll] missed: loop in `indexed` not unrolled: trip count unknown, and not unrolled with a remainder: an address not indexed by a counter (no pointer to step)
; REMARK: [loop-unroll] loop in `outer` unrolled x4 with a remainder loop (runtime trip count)
; REMARK: [loop-unroll] missed: loop in `outer` not unrolled: trip count unknown, and not unrolled with a remainder: it holds another loop
