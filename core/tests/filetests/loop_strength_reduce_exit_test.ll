; LSR's OptimizeLoopTermCond: instcombine turned the latch's `%i.next < 100`
; into `%i < 97`; loop-reduce tests the next value again (`%i.next < 100`),
; so the counter and its next value are not both live at the test (nvcc's
; `add.s32 %r, %r, 3; setp.lt.u32 %p, %r, 100`). `!=` moves in wrapping
; arithmetic; an ordered test on an add without `nsw` stays.
; RUN: loop-reduce
define i32 @step3(i32 %x) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %s.next = add i32 %s, %x
  %c = icmp slt i64 %i, 97
  %i.next = add nsw i64 %i, 3
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %s.next
}

define i32 @down(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ %n, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, -4
  %c = icmp ne i32 %i, 4
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %i
}

define i32 @wraps(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ %n, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i, 97
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %i
}

; CHECK: define i32 @step3
; CHECK: %i.next = add nsw i64 %i, 3
; CHECK-NEXT: %c = icmp slt i64 %i.next, 100
; CHECK-NEXT: br i1 %c, label %loop, label %exit
; CHECK: define i32 @down
; CHECK: %c = icmp ne i32 %i.next, 0
; CHECK: define i32 @wraps
; CHECK: %c = icmp slt i32 %i, 97
; REMARK: [loop-reduce] `step3`: 1 exit test(s) now on the counter's next value
; REMARK-NOT: wraps
