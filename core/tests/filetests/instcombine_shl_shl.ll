; RUN: instcombine
; Two left shifts by constants are one by their sum (`blockIdx.x * 2 * 128`
; is `shl.b32 %r2, %r1, 8` in nvcc's PTX): a flag stays when both shifts
; had it. A sum as wide as the value, or a shift by a variable, is kept.

define i32 @f(i32 %x, i32 %n) {
entry:
  %a = mul nsw i32 %x, 2
  %b = mul nsw i32 %a, 128
  %c = shl nuw i32 %x, 20
  %d = shl i32 %c, 12
  %e = shl i32 %x, %n
  %g = shl nsw i32 %e, 3
  %s1 = add i32 %b, %d
  %s2 = add i32 %s1, %g
  ret i32 %s2
}

; CHECK: entry:
; CHECK: %b = shl nsw i32 %x, 8
; CHECK: %d = shl i32 %c, 12
; CHECK: %g = shl nsw i32 %e, 3
