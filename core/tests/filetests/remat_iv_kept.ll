; RUN: remat
; Counters IV demotion leaves 64-bit, each for want of a proof that it fits
; an i32: %i steps by 2 up to an int (it may pass INT_MAX before the test
; fails); %j starts at the unknown %s; %k's bound is a 64-bit parameter;
; %m's constant bound is above INT_MAX.
define void @f(ptr addrspace(1) %a, i32 %n, i64 %s, i64 %b) {
entry:
  %conv = sext i32 %n to i64
  br label %l1

l1:
  %i = phi i64 [ 0, %entry ], [ %i.next, %l1 ]
  %i.next = add nsw i64 %i, 2
  %c1 = icmp slt i64 %i.next, %conv
  br i1 %c1, label %l1, label %e1

e1:
  br label %l2

l2:
  %j = phi i64 [ %s, %e1 ], [ %j.next, %l2 ]
  %j.next = add nsw i64 %j, 1
  %c2 = icmp slt i64 %j.next, %conv
  br i1 %c2, label %l2, label %e2

e2:
  br label %l3

l3:
  %k = phi i64 [ 0, %e2 ], [ %k.next, %l3 ]
  %k.next = add nsw i64 %k, 1
  %c3 = icmp slt i64 %k.next, %b
  br i1 %c3, label %l3, label %e3

e3:
  br label %l4

l4:
  %m = phi i64 [ 0, %e3 ], [ %m.next, %l4 ]
  %m.next = add nsw i64 %m, 1
  %c4 = icmp slt i64 %m.next, 4294967296
  br i1 %c4, label %l4, label %e4

e4:
  ret void
}

; CHECK: %i = phi i64 [ 0, %entry ], [ %i.next, %l1 ]
; CHECK: %j = phi i64 [ %s, %e1 ], [ %j.next, %l2 ]
; CHECK: %k = phi i64 [ 0, %e2 ], [ %k.next, %l3 ]
; CHECK: %m = phi i64 [ 0, %e3 ], [ %m.next, %l4 ]
; CHECK-NOT: i32 %newInc
; REMARK-NOT: [remat]
