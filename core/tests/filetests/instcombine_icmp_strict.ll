; RUN: instcombine
; A comparison with a constant takes the strict form, LLVM's canonical one
; (nvcc writes `setp.gt.u32 %p1, %r1, 99;` for `x >= 100u`): `<=` becomes
; `<` the next constant, `>=` becomes `>` the one before. At the end of the
; range (nothing after INT_MAX, nothing before 0u) it stays as it is.

define i32 @f(i32 %x, i64 %y) {
entry:
  %a = icmp sle i32 %x, 7
  %b = icmp uge i32 %x, 100
  %c = icmp sge i64 %y, -5
  %d = icmp ule i32 %x, -2
  %e = icmp sle i32 %x, 2147483647
  %g = icmp uge i32 %x, 0
  %h = icmp sle i32 %x, %x
  %a1 = zext i1 %a to i32
  %b1 = zext i1 %b to i32
  %c1 = zext i1 %c to i32
  %d1 = zext i1 %d to i32
  %s1 = add i32 %a1, %b1
  %s2 = add i32 %s1, %c1
  %s3 = add i32 %s2, %d1
  %e1 = zext i1 %e to i32
  %g1 = zext i1 %g to i32
  %h1 = zext i1 %h to i32
  %s4 = add i32 %s3, %e1
  %s5 = add i32 %s4, %g1
  %s6 = add i32 %s5, %h1
  ret i32 %s6
}

; CHECK: entry:
; CHECK-NEXT: %a = icmp slt i32 %x, 8
; CHECK-NEXT: %b = icmp ugt i32 %x, 99
; CHECK-NEXT: %c = icmp sgt i64 %y, -6
; CHECK-NEXT: %d = icmp ult i32 %x, -1
; CHECK-NOT: icmp slt i32 %x, -2147483648
; CHECK-NOT: icmp ugt i32 %x, -1
; CHECK: ret i32
