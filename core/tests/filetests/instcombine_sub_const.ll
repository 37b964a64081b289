; RUN: instcombine
; `x - c` becomes `x + (-c)`, LLVM's canonical form (nvcc writes
; `add.s32 %r, %r, -2`), and merges with a constant added before it:
; `(i + 1) - 2` is `i + -1`, keeping `nsw` (both had it, and 1 + -2 does not
; wrap). `x - INT_MIN` keeps no `nsw` (its negation wraps); `x - 0` is x.

define i32 @f(i32 %i, i32 %x, i64 %w) {
entry:
  %a = add nsw i32 %i, 1
  %b = sub nsw i32 %a, 2
  %c = sub nsw i32 %x, -2147483648
  %d = sub i32 %x, 0
  %e = sub nsw i64 %w, 8
  %t = trunc i64 %e to i32
  %s1 = add i32 %b, %c
  %s2 = add i32 %s1, %d
  %s3 = add i32 %s2, %t
  ret i32 %s3
}

; CHECK: %b = add nsw i32 %i, -1
; CHECK-NEXT: %c = add i32 %x, -2147483648
; CHECK-NEXT: %e = add nsw i64 %w, -8
; CHECK-NOT: sub
