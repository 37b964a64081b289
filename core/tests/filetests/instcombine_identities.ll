; RUN: instcombine
; Algebraic identities: x+0, x*1, x&-1, x|x, x-x, x^x, x*0; a constant on
; the left of a commutative operator moves right; a phi of one value is it.

define i32 @f(i32 %x, i32 %y, i1 %c) {
entry:
  %a = add i32 %x, 0
  %b = mul i32 %a, 1
  %d = and i32 %b, -1
  %e = or i32 %d, %d
  %zero = sub i32 %y, %y
  %zero2 = xor i32 %y, %y
  %zero3 = mul i32 %y, 0
  %k = add i32 7, %e
  %m = add i32 %k, %zero
  %n = add i32 %m, %zero2
  %o = add i32 %n, %zero3
  br i1 %c, label %then, label %join

then:                                   ; preds = %entry
  br label %join

join:                                   ; preds = %entry, %then
  %p = phi i32 [ %o, %entry ], [ %o, %then ]
  %q = sdiv i32 %p, 1
  ret i32 %q
}

; CHECK: entry:
; CHECK-NEXT: %k = add i32 %x, 7
; CHECK-NEXT: br i1 %c, label %then, label %join
; CHECK: join:
; CHECK-NEXT: ret i32 %k
; CHECK-NOT: phi
; REMARK: [instcombine] `f`: instructions simplified (12 instructions fewer)
; REMARK-NOT: missed:
