; RUN: correlated-propagation
; Left alone: %join has two predecessors, so %lt is not known there; and in
; %then, %u compares %i and %n unsigned, which the signed %lt does not
; decide.

define i32 @f(i32 %i, i32 %n) {
entry:
  %lt = icmp slt i32 %i, %n
  br i1 %lt, label %then, label %join

then:
  %u = icmp ult i32 %i, %n
  %x = zext i1 %u to i32
  br label %join

join:
  %p = phi i32 [ %x, %then ], [ 0, %entry ]
  %ge = icmp sge i32 %i, %n
  %y = zext i1 %ge to i32
  %r = add i32 %p, %y
  ret i32 %r
}

; CHECK: %u = icmp ult i32 %i, %n
; CHECK: %ge = icmp sge i32 %i, %n
; REMARK-NOT: [correlated-propagation]
