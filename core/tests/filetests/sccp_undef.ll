; RUN: sccp
; An instruction with an undef operand is varying, not unknown: the bits
; or-ed in are not all of the value, so the phi of it and 7 is not 7 (an
; unknown `or (and undef, -65536), 7` met 7 at the phi, and the loop's
; word lost its upper half: sroa's widened pieces, difftest seed 78).
; A phi's own undef input is skipped: it may be the other input; so is a
; select's undef arm (`select c, 7, undef` is 7, as nvcc stores 7).

define i32 @f(i1 %c, i32 %hi) {
entry:
  %clear = and i32 undef, -65536
  %ins = or i32 %clear, 7
  br i1 %c, label %then, label %join

then:
  br label %join

join:
  %p = phi i32 [ %ins, %entry ], [ 7, %then ]
  %q = phi i32 [ undef, %entry ], [ 5, %then ]
  %r = add i32 %p, %q
  %s = select i1 %c, i32 undef, i32 9
  %t = select i1 %c, i32 3, i32 undef
  %u = add i32 %s, %t
  %v = add i32 %r, %u
  ret i32 %v
}

; CHECK: define i32 @f(i1 %c, i32 %hi) {
; CHECK: %ins = or i32 %clear, 7
; CHECK: %p = phi i32 [ %ins, %entry ], [ 7, %then ]
; CHECK-NOT: %q = phi
; CHECK: %r = add i32 %p, 5
; CHECK-NOT: select
; CHECK: %v = add i32 %r, 12
