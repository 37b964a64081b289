; RUN: instcombine
; A comparison of widened values is the comparison of the narrow ones
; (LLVM's foldICmpWithCastOp): `(long)n > 0` is `n > 0`, two sign
; extensions compare as they are, and two zero extensions, being
; non-negative, compare unsigned whatever the predicate. Left wide: a
; constant the narrow type cannot hold (the zero extension against one
; still compares unsigned, being known non-negative), and extensions of
; two kinds.

define void @f(i32 %n, i32 %m, i16 %h, i16 %g, ptr %out) {
entry:
  %sn = sext i32 %n to i64
  %sm = sext i32 %m to i64
  %zh = zext i16 %h to i32
  %zg = zext i16 %g to i32
  %c1 = icmp sgt i64 %sn, 0
  %c2 = icmp slt i64 %sn, %sm
  %c3 = icmp slt i32 %zh, %zg
  %c4 = icmp ult i32 %zh, 40000
  %c5 = icmp slt i64 %sn, 4294967296
  %c6 = icmp slt i32 %zh, 70000
  %zn = zext i32 %n to i64
  %c7 = icmp eq i64 %sn, %zn
  %a = and i1 %c1, %c2
  %b = and i1 %c3, %c4
  %c = and i1 %c5, %c6
  %d = and i1 %a, %b
  %e = and i1 %c, %c7
  %r = and i1 %d, %e
  store i1 %r, ptr %out, align 1
  ret void
}

; CHECK: %c1 = icmp sgt i32 %n, 0
; CHECK-NEXT: %c2 = icmp slt i32 %n, %m
; CHECK-NEXT: %c3 = icmp ult i16 %h, %g
; CHECK-NEXT: %c4 = icmp ult i16 %h, -25536
; CHECK-NEXT: %c5 = icmp slt i64 %sn, 4294967296
; CHECK-NEXT: %c6 = icmp ult i32 %zh, 70000
; CHECK: %c7 = icmp eq i64 %sn, %zn
