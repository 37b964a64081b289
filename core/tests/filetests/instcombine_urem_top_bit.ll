; RUN: instcombine
; Unsigned division and remainder by 2^63 (`x % 0x8000000000000000ull`, as
; hash and sampling codes write it) are a shift and a mask like any power of
; two; the mask is every bit but the top one.

define i64 @f(i64 %x) {
entry:
  %r = urem i64 %x, -9223372036854775808
  %q = udiv i64 %x, -9223372036854775808
  %s = add i64 %r, %q
  ret i64 %s
}

; CHECK: %r = and i64 %x, 9223372036854775807
; CHECK: %q = lshr i64 %x, 63
