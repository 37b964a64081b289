; RUN: inline
; Every call site is inlined, however many there are (the inliner once
; stopped after 64 and left the rest as calls).

define ptx_kernel void @k(ptr %p, i32 %x) {
entry:
  %c0 = call i32 @inc(i32 %x)
  %c1 = call i32 @inc(i32 %c0)
  %c2 = call i32 @inc(i32 %c1)
  %c3 = call i32 @inc(i32 %c2)
  %c4 = call i32 @inc(i32 %c3)
  %c5 = call i32 @inc(i32 %c4)
  %c6 = call i32 @inc(i32 %c5)
  %c7 = call i32 @inc(i32 %c6)
  %c8 = call i32 @inc(i32 %c7)
  %c9 = call i32 @inc(i32 %c8)
  %c10 = call i32 @inc(i32 %c9)
  %c11 = call i32 @inc(i32 %c10)
  %c12 = call i32 @inc(i32 %c11)
  %c13 = call i32 @inc(i32 %c12)
  %c14 = call i32 @inc(i32 %c13)
  %c15 = call i32 @inc(i32 %c14)
  %c16 = call i32 @inc(i32 %c15)
  %c17 = call i32 @inc(i32 %c16)
  %c18 = call i32 @inc(i32 %c17)
  %c19 = call i32 @inc(i32 %c18)
  %c20 = call i32 @inc(i32 %c19)
  %c21 = call i32 @inc(i32 %c20)
  %c22 = call i32 @inc(i32 %c21)
  %c23 = call i32 @inc(i32 %c22)
  %c24 = call i32 @inc(i32 %c23)
  %c25 = call i32 @inc(i32 %c24)
  %c26 = call i32 @inc(i32 %c25)
  %c27 = call i32 @inc(i32 %c26)
  %c28 = call i32 @inc(i32 %c27)
  %c29 = call i32 @inc(i32 %c28)
  %c30 = call i32 @inc(i32 %c29)
  %c31 = call i32 @inc(i32 %c30)
  %c32 = call i32 @inc(i32 %c31)
  %c33 = call i32 @inc(i32 %c32)
  %c34 = call i32 @inc(i32 %c33)
  %c35 = call i32 @inc(i32 %c34)
  %c36 = call i32 @inc(i32 %c35)
  %c37 = call i32 @inc(i32 %c36)
  %c38 = call i32 @inc(i32 %c37)
  %c39 = call i32 @inc(i32 %c38)
  %c40 = call i32 @inc(i32 %c39)
  %c41 = call i32 @inc(i32 %c40)
  %c42 = call i32 @inc(i32 %c41)
  %c43 = call i32 @inc(i32 %c42)
  %c44 = call i32 @inc(i32 %c43)
  %c45 = call i32 @inc(i32 %c44)
  %c46 = call i32 @inc(i32 %c45)
  %c47 = call i32 @inc(i32 %c46)
  %c48 = call i32 @inc(i32 %c47)
  %c49 = call i32 @inc(i32 %c48)
  %c50 = call i32 @inc(i32 %c49)
  %c51 = call i32 @inc(i32 %c50)
  %c52 = call i32 @inc(i32 %c51)
  %c53 = call i32 @inc(i32 %c52)
  %c54 = call i32 @inc(i32 %c53)
  %c55 = call i32 @inc(i32 %c54)
  %c56 = call i32 @inc(i32 %c55)
  %c57 = call i32 @inc(i32 %c56)
  %c58 = call i32 @inc(i32 %c57)
  %c59 = call i32 @inc(i32 %c58)
  %c60 = call i32 @inc(i32 %c59)
  %c61 = call i32 @inc(i32 %c60)
  %c62 = call i32 @inc(i32 %c61)
  %c63 = call i32 @inc(i32 %c62)
  %c64 = call i32 @inc(i32 %c63)
  %c65 = call i32 @inc(i32 %c64)
  %c66 = call i32 @inc(i32 %c65)
  %c67 = call i32 @inc(i32 %c66)
  %c68 = call i32 @inc(i32 %c67)
  %c69 = call i32 @inc(i32 %c68)
  store i32 %c69, ptr %p, align 4
  ret void
}

define i32 @inc(i32 %v) {
entry:
  %r = add i32 %v, 1
  ret i32 %r
}

; CHECK: define ptx_kernel void @k(ptr %p, i32 %x) {
; CHECK: %r.i = add i32 %x, 1
; CHECK: %r.i1 = add i32 %r.i, 1
; CHECK-NOT: call
; CHECK: %r.i69 = add i32 %r.i68, 1
; CHECK-NOT: call
; CHECK: store i32 %r.i69, ptr %p, align 4
; CHECK: define i32 @inc(i32 %v) {
; REMARK: [inline] inlined `inc` into `k` (cost 2 of 20000)
; REMARK-NOT: missed:
