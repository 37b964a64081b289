; RUN: instcombine
; A signed comparison of two values whose sign bits are known clear is the
; unsigned one (LLVM's foldICmpUsingKnownBits; nvcc writes `setp.lt.u32`
; for `(i & 7) < 2` and for a counter from 0 against `i & 7`): a mask by a
; non-negative constant, a logical shift right, a zero extension, an
; unsigned remainder, a counter from 0 up by 1 without signed wrap. Not when
; either side may be negative: an arithmetic shift of an unknown value, a
; counter that steps down, a mask by a negative constant (`4294967294` is -2 at 32 bits), a parameter.

define i32 @known(i32 %x, i16 %h, i32 %n) {
entry:
  %m = and i32 %x, 7
  %a = icmp slt i32 %m, 2
  %s = lshr i32 %x, 1
  %z = zext i16 %h to i32
  %b = icmp sgt i32 %s, %z
  %r = urem i32 %x, 10
  %c = icmp sge i32 %r, %m
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %m
  br i1 %more, label %loop, label %exit

exit:
  %a1 = zext i1 %a to i32
  %b1 = zext i1 %b to i32
  %c1 = zext i1 %c to i32
  %t1 = add i32 %a1, %b1
  %t2 = add i32 %t1, %c1
  %t3 = add i32 %t2, %i.next
  ret i32 %t3
}
; CHECK: define i32 @known
; CHECK: %a = icmp ult i32 %m, 2
; CHECK: %b = icmp ugt i32 %s, %z
; CHECK: %c = icmp uge i32 %r, %m
; CHECK: %more = icmp ult i32 %i.next, %m

define i32 @unknown(i32 %x, i32 %n) {
entry:
  %m = and i32 %x, 7
  %s = ashr i32 %x, 1
  %a = icmp slt i32 %s, %m
  %neg = and i32 %x, -8
  %b = icmp slt i32 %neg, %m
  %c = icmp slt i32 %n, %m
  %wide = and i32 %x, 4294967294
  %d = icmp slt i32 %wide, %m
  br label %loop

loop:
  %i = phi i32 [ 7, %entry ], [ %i.next, %loop ]
  %i.next = add nsw i32 %i, -1
  %more = icmp sgt i32 %i.next, %m
  br i1 %more, label %loop, label %exit

exit:
  %a1 = zext i1 %a to i32
  %b1 = zext i1 %b to i32
  %c1 = zext i1 %c to i32
  %t1 = add i32 %a1, %b1
  %t2 = add i32 %t1, %c1
  %d1 = zext i1 %d to i32
  %t3 = add i32 %t2, %i.next
  %t4 = add i32 %t3, %d1
  ret i32 %t4
}
; CHECK: define i32 @unknown
; CHECK: %a = icmp slt i32 %s, %m
; CHECK: %b = icmp slt i32 %neg, %m
; CHECK: %c = icmp slt i32 %n, %m
; CHECK: %d = icmp slt i32 %wide, %m
; CHECK: %more = icmp sgt i32 %i.next, %m
