; Runtime unrolling, nvcc's shape: `for (i = 0; i < n; i++)` behind
; loop-rotate's guard becomes four copies that only the last tests (a count
; of trips left, down by 4), then a remainder loop for the last n & 3
; iterations, marked not to unroll again. The sum after the loop comes from
; whichever ran last: the sum's `.unr` phi where the copies ran (no phi of
; `undef` for it: where they were skipped, the remainder runs). With 200
; iterations (too many to unroll fully) the same happens, and the remainder's
; count folds to 0. A do-while (no guard: it runs once whatever n is) counts
; its trips from max(n, 2) for `k += 2; while (k < n)`, nvcc's `max.s32`;
; a guard spelled `n + t < 1` around a loop to `n + t` (loop-rotate's copy of
; the bound beside the one LICM hoisted) is the guard `0 < n + t`: no max.
; RUN: loop-unroll
define i32 @sum(ptr addrspace(1) %a, i32 %n) {
entry:
  %cmp.pre = icmp slt i32 0, %n
  br i1 %cmp.pre, label %for.body.lr.ph, label %for.end

for.body.lr.ph:
  br label %for.body

for.body:
  %i = phi i32 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %s = phi i32 [ 0, %for.body.lr.ph ], [ %s.next, %for.body ]
  %idx = sext i32 %i to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %idx
  %v = load i32, ptr addrspace(1) %p, align 4
  %s.next = add i32 %s, %v
  %inc = add nsw i32 %i, 1
  %cmp = icmp slt i32 %inc, %n
  br i1 %cmp, label %for.body, label %for.end

for.end:
  %r = phi i32 [ 0, %entry ], [ %s.next, %for.body ]
  ret i32 %r
}

define i32 @two_hundred(i32 %x) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ %x, %entry ], [ %s.next, %loop ]
  %s.next = mul i32 %s, %i
  %i.next = add nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, 200
  br i1 %cmp, label %loop, label %exit

exit:
  ret i32 %s.next
}
define i32 @do_while(i32 %n) {
entry:
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %k.next = add nsw i32 %k, 2
  %cmp = icmp slt i32 %k.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  ret i32 %k.next
}

define i32 @guard_spelled_otherwise(i32 %n, i32 %t) {
entry:
  %b.pre = add nsw i32 %n, %t
  %skip = icmp slt i32 %b.pre, 1
  br i1 %skip, label %exit, label %ph

ph:
  %b = add nsw i32 %n, %t
  br label %loop

loop:
  %k = phi i32 [ 0, %ph ], [ %k.next, %loop ]
  %s = phi i32 [ 1, %ph ], [ %s.next, %loop ]
  %s.next = mul i32 %s, %k
  %k.next = add nsw i32 %k, 1
  %cmp = icmp slt i32 %k.next, %b
  br i1 %cmp, label %loop, label %exit

exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r
}
; CHECK: define i32 @sum
; CHECK: for.body.lr.ph:
; CHECK-NEXT: %trip.count.minus1 = add i32 %n, -1
; CHECK-NEXT: %xtraiter = and i32 %n, 3
; CHECK-NEXT: %unroll.small = icmp ult i32 %trip.count.minus1, 3
; CHECK-NEXT: br i1 %unroll.small, label %for.end.loopexit.unr-lcssa, label %for.body.lr.ph.new
; CHECK: for.body.lr.ph.new:
; CHECK-NEXT: %unroll_iter = sub i32 %n, %xtraiter
; CHECK: for.body:
; CHECK-NEXT: %niter = phi i32 [ %unroll_iter, %for.body.lr.ph.new ], [ %niter.nsub, %for.body.3 ]
; CHECK: %v.3 = load i32
; CHECK: %niter.nsub = add i32 %niter, -4
; CHECK-NEXT: %niter.ncmp = icmp ne i32 %niter.nsub, 0
; CHECK-NEXT: br i1 %niter.ncmp, label %for.body, label %for.end.loopexit.unr-lcssa
; CHECK: for.end.loopexit.unr-lcssa:
; CHECK-NEXT: %i.unr = phi i32 [ 0, %for.body.lr.ph ], [ %inc.3, %for.body.3 ]
; CHECK-NEXT: %s.unr = phi i32 [ 0, %for.body.lr.ph ], [ %s.next.3, %for.body.3 ]
; CHECK: %lcmp.mod = icmp ne i32 %xtraiter, 0
; CHECK-NEXT: br i1 %lcmp.mod, label %for.body.epil.preheader, label %for.end.loopexit
; CHECK: for.body.epil:
; CHECK-NEXT: %epil.iter = phi i32 [ %xtraiter, %for.body.epil.preheader ], [ %epil.iter.sub, %for.body.epil ]
; CHECK-NEXT: %i.epil = phi i32 [ %i.unr, %for.body.epil.preheader ], [ %inc.epil, %for.body.epil ]
; CHECK: %epil.iter.sub = add i32 %epil.iter, -1
; CHECK-NEXT: %epil.iter.cmp = icmp ne i32 %epil.iter.sub, 0
; CHECK-NEXT: br i1 %epil.iter.cmp, label %for.body.epil, label %for.end.loopexit, !llvm.loop.unroll.count 1
; CHECK: for.end.loopexit:
; CHECK-NEXT: %s.next.lcssa = phi i32 [ %s.unr, %for.end.loopexit.unr-lcssa ], [ %s.next.epil, %for.body.epil ]
; CHECK: define i32 @two_hundred
; CHECK: entry:
; CHECK-NEXT: br i1 false, label %exit.unr-lcssa, label %entry.new
; CHECK: loop.3:
; CHECK-NOT: loop.4:
; CHECK: br i1 false, label %loop.epil.preheader, label %exit
; CHECK: define i32 @do_while
; CHECK: entry:
; CHECK-NEXT: %smax.cmp = icmp sgt i32 %n, 2
; CHECK-NEXT: %smax = select i1 %smax.cmp, i32 %n, i32 2
; CHECK-NEXT: %trip.diff.minus1 = add i32 %smax, -1
; CHECK-NEXT: %trip.count.minus1 = lshr i32 %trip.diff.minus1, 1
; CHECK-NEXT: %trip.count = add i32 %trip.count.minus1, 1
; CHECK-NEXT: %xtraiter = and i32 %trip.count, 3
; CHECK: loop.3:
; CHECK-NOT: loop.4:
; CHECK: loop.epil:
; CHECK: define i32 @guard_spelled_otherwise
; CHECK: ph:
; CHECK-NEXT: %b = add nsw i32 %n, %t
; CHECK-NEXT: %trip.count.minus1 = add i32 %b, -1
; REMARK: [loop-unroll] loop in `sum` unrolled x4 with a remainder loop (runtime trip count)
; REMARK: [loop-unroll] loop in `two_hundred` unrolled x4 with a remainder loop (200 iterations, too many to unroll fully)
; REMARK: [loop-unroll] loop in `do_while` unrolled x4 with a remainder loop (runtime trip count)
; REMARK-NOT: missed:
