; RUN: correlated-propagation
; Inside %then, reached only when %i < %n: %ge (i >= n) is false, %ne
; (n != i, swapped) is true, the select on %lt takes its true arm, and the
; branch on %lt again goes to %inner. In %else (i >= n), %le (i <= n)
; stays: it may go either way.

define i32 @f(i32 %i, i32 %n, i32 %a, i32 %b) {
entry:
  %lt = icmp slt i32 %i, %n
  br i1 %lt, label %then, label %else

then:
  %ge = icmp sge i32 %i, %n
  %ne = icmp ne i32 %n, %i
  %s = select i1 %lt, i32 %a, i32 %b
  %x = zext i1 %ge to i32
  %y = zext i1 %ne to i32
  %z = add i32 %x, %y
  %w = add i32 %z, %s
  br i1 %lt, label %inner, label %out

inner:
  ret i32 %w

out:
  ret i32 0

else:
  %le = icmp sle i32 %i, %n
  %r = zext i1 %le to i32
  ret i32 %r
}

; CHECK: then:
; CHECK-NEXT: %x = zext i1 false to i32
; CHECK-NEXT: %y = zext i1 true to i32
; CHECK-NEXT: %z = add i32 %x, %y
; CHECK-NEXT: %w = add i32 %z, %a
; CHECK-NEXT: br i1 true, label %inner, label %out
; CHECK: else:
; CHECK-NEXT: %le = icmp sle i32 %i, %n
; REMARK: [correlated-propagation] `f`: 4 compares, selects or branches decided by a dominating branch
