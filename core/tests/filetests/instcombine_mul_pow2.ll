; RUN: instcombine
; A multiplication by a power of two is a left shift (LLVM's instcombine;
; nvcc writes `shl.b32 %r2, %r1, 3` for `x * 8`): `nsw`/`nuw` stay, except
; `nsw` when the power is the sign bit. Other constants, and 1 and 0, are
; not shifts.

define i32 @f(i32 %x, i64 %y, i16 %h) {
entry:
  %a = mul nsw i32 %x, 8
  %b = mul nuw i64 %y, 4096
  %c = mul nsw i32 %x, -2147483648
  %d = mul i32 %x, 12
  %e = mul i16 %h, 2
  %g = mul i32 %x, -8
  %s1 = add i32 %a, %c
  %s2 = add i32 %s1, %d
  %t = trunc i64 %b to i32
  %s3 = add i32 %s2, %t
  %w = sext i16 %e to i32
  %s4 = add i32 %s3, %w
  %s5 = add i32 %s4, %g
  ret i32 %s5
}

; CHECK: entry:
; CHECK-NEXT: %a = shl nsw i32 %x, 3
; CHECK-NEXT: %b = shl nuw i64 %y, 12
; CHECK-NEXT: %c = shl i32 %x, 31
; CHECK-NEXT: %d = mul i32 %x, 12
; CHECK-NEXT: %e = shl i16 %h, 1
; CHECK-NEXT: %g = mul i32 %x, -8
; REMARK: [instcombine] `f`: instructions simplified
