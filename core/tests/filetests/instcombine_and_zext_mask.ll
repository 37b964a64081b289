; RUN: instcombine
; `and (zext x), c` is the zext when c keeps all of x's bits: a u16 widened
; and masked with 0xffff, a u8 masked with 0x1ff; a mask that clears one of
; x's bits (0x7fff) stays.

define i32 @f(i16 %h, i8 %b, i16 %k) {
entry:
  %z = zext i16 %h to i32
  %m = and i32 %z, 65535
  %zb = zext i8 %b to i32
  %mb = and i32 %zb, 511
  %zk = zext i16 %k to i32
  %mk = and i32 %zk, 32767
  %s = add i32 %m, %mb
  %t = add i32 %s, %mk
  ret i32 %t
}

; CHECK: %z = zext i16 %h to i32
; CHECK-NEXT: %zb = zext i8 %b to i32
; CHECK-NEXT: %zk = zext i16 %k to i32
; CHECK-NEXT: %mk = and i32 %zk, 32767
; CHECK-NEXT: %s = add i32 %z, %zb
; CHECK-NEXT: %t = add i32 %s, %mk
; CHECK-NOT: 65535
