; Loops loop-unroll leaves alone: #pragma unroll 1; #pragma unroll with a
; trip count not known, or too big (its remark does not count 2^30 trips
; one by one); a loop tested at the top (not rotated). A small loop
; with a known trip count and no pragma is unrolled (the last function); one
; too big to unroll fully is unrolled by 4 (loop_unroll_runtime.ll).
; RUN: loop-unroll
define i32 @pragma_one(i32 %x) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, 4
  br i1 %cmp, label %loop, label %exit, !llvm.loop.unroll.count 1

exit:
  ret i32 %i.next
}

define i32 @unknown_full(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit, !llvm.loop.unroll.full

exit:
  ret i32 %i.next
}

define i32 @huge_full() {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, 1073741824
  br i1 %cmp, label %loop, label %exit, !llvm.loop.unroll.full

exit:
  ret i32 %i.next
}

define i32 @top_tested() {
entry:
  br label %for.cond

for.cond:
  %i = phi i32 [ 0, %entry ], [ %i.next, %for.body ]
  %cmp = icmp slt i32 %i, 4
  br i1 %cmp, label %for.body, label %for.end

for.body:
  %i.next = add nsw i32 %i, 1
  br label %for.cond, !llvm.loop.unroll.full

for.end:
  ret i32 %i
}

define i32 @small(i32 %x) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 10, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ %x, %entry ], [ %s.next, %loop ]
  %s.next = mul i32 %s, %i
  %i.next = add nsw i32 %i, -4
  %cmp = icmp sgt i32 %i.next, 0
  br i1 %cmp, label %loop, label %exit

exit:
  ret i32 %s.next
}
; CHECK: define i32 @pragma_one
; CHECK: br i1 %cmp, label %loop, label %exit, !llvm.loop.unroll.count 1
; CHECK-NOT: loop.1
; CHECK: define i32 @unknown_full
; CHECK: br i1 %cmp, label %loop, label %exit, !llvm.loop.unroll.full
; CHECK-NOT: loop.1
; CHECK: define i32 @top_tested
; CHECK: br label %for.cond, !llvm.loop.unroll.full
; CHECK-NOT: .1
; CHECK: define i32 @small
; CHECK: %s.next = mul i32 %x, 10
; The counter's copies fold to constants (10, 6, 2), the tests with them.
; CHECK: %s.next.1 = mul i32 %s.next, 6
; CHECK: %s.next.2 = mul i32 %s.next.1, 2
; CHECK-NEXT: br label %exit
; CHECK: ret i32 %s.next.2
; CHECK-NOT: loop.3
; REMARK: [loop-unroll] missed: loop in `pragma_one` not unrolled: #pragma unroll 1
; REMARK: [loop-unroll] missed: loop in `unknown_full` not unrolled: trip count unknown
; REMARK: [loop-unroll] missed: loop in `huge_full` not unrolled: too big (more than 4096 iterations of 3 instructions, limit 32768)
; REMARK: [loop-unroll] missed: loop in `top_tested` not unrolled: no single latch ending in the exit test
; REMARK: [loop-unroll] loop in `small` unrolled fully (3 iterations, small)
