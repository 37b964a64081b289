; RUN: instcombine
; A float division by a power of two whose reciprocal is a normal number is
; a multiplication by that reciprocal (exact: both round the same value);
; 3.0 has no exact reciprocal and 2^127's is a denormal float, so those stay.

define float @f(float %x, double %y) {
entry:
  %a = fdiv float %x, 1.600000e+01
  %b = fdiv float %a, -2.500000e-01
  %c = fdiv float %b, 3.000000e+00
  %d = fdiv float %c, 0x47E0000000000000
  %e = fdiv double %y, 1.024000e+03
  %t = fptrunc double %e to float
  %s = fadd float %d, %t
  ret float %s
}

; CHECK: %a = fmul float %x, 6.250000e-02
; CHECK-NEXT: %b = fmul float %a, -4.000000e+00
; CHECK-NEXT: %c = fdiv float %b, 3.000000e+00
; CHECK-NEXT: %d = fdiv float %c, 0x47E0000000000000
; CHECK-NEXT: %e = fmul double %y, 9.765625e-04
; REMARK: [instcombine] `f`: instructions simplified
; REMARK-NOT: missed:
