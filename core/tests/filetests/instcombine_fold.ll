; RUN: instcombine
; Constant operands fold, and what they feed folds in turn: the compare of
; two constants becomes `true`, casts of constants become constants, and a
; select on a constant picks its arm.

define i32 @f(i32 %x) {
entry:
  %a = add i32 2, 3
  %b = mul i32 %a, 4
  %c = shl i32 %b, 1
  %big = sub i32 -2147483648, 1
  %lt = icmp slt i32 %a, %b
  %w = sext i32 -7 to i64
  %t = trunc i64 %w to i8
  %z = zext i8 %t to i32
  %f = sitofp i32 %c to float
  %h = fmul float %f, 5.000000e-01
  %g = fptosi float %h to i32
  %s = select i1 %lt, i32 %g, i32 %x
  %r1 = add i32 %s, %z
  %r2 = add i32 %r1, %big
  %r3 = add i32 %r2, %x
  ret i32 %r3
}

; 20 + 249 + 2147483647 wraps in i32: one constant is added to %x.
; CHECK: entry:
; CHECK-NEXT: %r3 = add i32 %x, -2147483380
; CHECK-NEXT: ret i32 %r3
; CHECK-NOT: select
; REMARK: [instcombine] `f`: instructions simplified (14 instructions fewer)
; REMARK-NOT: missed:
