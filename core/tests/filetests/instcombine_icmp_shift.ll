; RUN: instcombine
; An unsigned compare of a right shift with a constant compares the unshifted
; value (LLVM's foldICmpShrConstant): `(x >> 5) > 1` is `x > 63`, `(x >> 1)
; < 3` is `x < 6` (nvcc's `setp.lt.u32 %p, %r, 64` for `1 < blockDim.x /
; 32`). Against the bottom of the range the test is an equality first:
; `(x >> 1) > 0` is `(x >> 1) != 0` and `(x >> 1) <= 0` is `(x >> 1) == 0`,
; which keep the shift (nvcc's `shr.u32; setp.ne.s32 ..., 0`). A constant
; whose high bits the shift would lose stays.

define i32 @f(i32 %x, i64 %y) {
entry:
  %s5 = lshr i32 %x, 5
  %a = icmp ugt i32 %s5, 1
  %s1 = lshr i32 %x, 1
  %b = icmp ult i32 %s1, 3
  %c = icmp ugt i32 %s1, 0
  %d = icmp ule i32 %s1, 0
  %e = icmp ult i32 %s5, 200000000
  %a1 = zext i1 %a to i32
  %b1 = zext i1 %b to i32
  %c1 = zext i1 %c to i32
  %d1 = zext i1 %d to i32
  %e1 = zext i1 %e to i32
  %r1 = add i32 %a1, %b1
  %r2 = add i32 %r1, %c1
  %r3 = add i32 %r2, %d1
  %r4 = add i32 %r3, %e1
  %r5 = add i32 %r4, %s5
  ret i32 %r5
}

; CHECK: %a = icmp ugt i32 %x, 63
; CHECK: %b = icmp ult i32 %x, 6
; CHECK: %c = icmp ne i32 %s1, 0
; CHECK: %d = icmp eq i32 %s1, 0
; CHECK: %e = icmp ult i32 %s5, 200000000
