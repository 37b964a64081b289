; RUN: loop-deletion
; Three loops stay: the first stores, the second's result %s is read after
; it, and the third steps by 2 towards %n under an unsigned test without
; nuw, which may wrap past %n and never end.

define i32 @kept(ptr %p, i32 %n) {
entry:
  br label %a

a:
  %i = phi i32 [ 0, %entry ], [ %i.next, %a ]
  store i32 %i, ptr %p, align 4
  %i.next = add nsw i32 %i, 1
  %c1 = icmp slt i32 %i.next, %n
  br i1 %c1, label %a, label %b.pre

b.pre:
  br label %b

b:
  %j = phi i32 [ 0, %b.pre ], [ %j.next, %b ]
  %s = phi i32 [ 0, %b.pre ], [ %s.next, %b ]
  %s.next = add i32 %s, %j
  %j.next = add nsw i32 %j, 1
  %c2 = icmp slt i32 %j.next, %n
  br i1 %c2, label %b, label %c.pre

c.pre:
  %s.out = phi i32 [ %s.next, %b ]
  br label %c

c:
  %k = phi i32 [ 0, %c.pre ], [ %k.next, %c ]
  %k.next = add i32 %k, 2
  %c3 = icmp ult i32 %k.next, %n
  br i1 %c3, label %c, label %end

end:
  ret i32 %s.out
}

; CHECK: store i32 %i, ptr %p, align 4
; CHECK: %s.next = add i32 %s, %j
; CHECK: %k.next = add i32 %k, 2
; CHECK: %c3 = icmp ult i32 %k.next, %n
; REMARK-NOT: [loop-deletion]
