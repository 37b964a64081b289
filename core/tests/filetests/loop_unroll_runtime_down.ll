; Runtime unrolling of a loop that counts down, as nvcc unrolls the loop
; tail-call elimination makes of `n <= 1 ? 1 : n * f(n - 1)`: four copies,
; then a remainder loop. Its trips are (n - 1 - 1) / 1 + 1 = n - 1 (the test
; `n' < 2` keeps going while `n' > 1`); the guard `n < 2` skips the loop. A
; do-while counting down by 2 (no guard: it runs once whatever n is) counts
; from min(n, s - 2), the mirror of the `max` an upward one takes.
; RUN: loop-unroll
define i32 @fact(i32 %x) {
entry:
  %n0 = and i32 %x, 7
  %small = icmp slt i32 %n0, 2
  br i1 %small, label %done, label %loop.ph

loop.ph:
  br label %loop

loop:
  %n = phi i32 [ %n0, %loop.ph ], [ %n.next, %loop ]
  %acc = phi i32 [ 1, %loop.ph ], [ %acc.next, %loop ]
  %n.next = add nsw i32 %n, -1
  %acc.next = mul i32 %acc, %n
  %stop = icmp slt i32 %n.next, 2
  br i1 %stop, label %done, label %loop

done:
  %r = phi i32 [ 1, %entry ], [ %acc.next, %loop ]
  ret i32 %r
}

define i32 @evens(i32 %s, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ %s, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %acc.next = xor i32 %acc, %i
  %i.next = add nsw i32 %i, -2
  %more = icmp sgt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret i32 %acc.next
}

; A step that could wrap (no nsw) is not counted.
define i32 @wraps(i32 %s) {
entry:
  br label %loop

loop:
  %i = phi i32 [ %s, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %acc.next = xor i32 %acc, %i
  %i.next = add i32 %i, -1
  %more = icmp sgt i32 %i.next, 0
  br i1 %more, label %loop, label %exit

exit:
  ret i32 %acc.next
}

; REMARK: [loop-unroll] loop in `fact` unrolled x4 with a remainder loop (runtime trip count)
; REMARK: [loop-unroll] loop in `evens` unrolled x4 with a remainder loop (runtime trip count)
; REMARK: [loop-unroll] missed: loop in `wraps` not unrolled: trip count unknown, and not unrolled with a remainder: exit test `sgt` with a step of -1 not counted

; CHECK: define i32 @fact
; CHECK: loop.ph:
; CHECK-NEXT: %trip.diff = sub i32 %n0, 1
; CHECK-NEXT: %trip.count.minus1 = add i32 %trip.diff, -1
; CHECK-NEXT: %xtraiter = and i32 %trip.diff, 3
; CHECK-NEXT: %unroll.small = icmp ult i32 %trip.count.minus1, 3
; CHECK: loop.3:
; CHECK-NEXT: %n.next.3 = add nsw i32 %n.next.2, -1
; CHECK-NEXT: %acc.next.3 = mul i32 %acc.next.2, %n.next.2
; CHECK: %niter.nsub = add i32 %niter, -4
; CHECK: loop.epil:
; CHECK: br i1 %epil.iter.cmp, label %loop.epil, label %done.loopexit, !llvm.loop.unroll.count 1

; CHECK: define i32 @evens
; CHECK-NEXT: entry:
; CHECK-NEXT: %trip.first = add i32 %s, -2
; CHECK-NEXT: %smin.cmp = icmp slt i32 %n, %trip.first
; CHECK-NEXT: %smin = select i1 %smin.cmp, i32 %n, i32 %trip.first
; CHECK-NEXT: %trip.diff = sub i32 %s, %smin
; CHECK-NEXT: %trip.diff.minus1 = add i32 %trip.diff, -1
; CHECK-NEXT: %trip.count.minus1 = lshr i32 %trip.diff.minus1, 1
; CHECK-NEXT: %trip.count = add i32 %trip.count.minus1, 1
; CHECK: %i.next.3 = add nsw i32 %i.next.2, -2

; CHECK: define i32 @wraps
; CHECK-NOT: niter
; CHECK: ret i32 %acc.next
