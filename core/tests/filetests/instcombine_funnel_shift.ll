; RUN: instcombine
; LLVM's funnel-shift idioms become llvm.fshl/fshr (one shf.l.wrap.b32 in
; PTX, as nvcc writes `(x << 3) | (x >> 29)` and a rotate by a variable):
; shifts by constants summing to 32, in either order; a rotate by `s` and
; `32 - s`, left and right. Left alone: amounts that do not sum to 32, a
; variable funnel of two different values (at s = 0 it is not fshl), a
; shift with another use.

define i32 @f(i32 %x, i32 %y, i32 %s) {
entry:
  %a.hi = shl i32 %x, 3
  %a.lo = lshr i32 %x, 29
  %rot3 = or i32 %a.hi, %a.lo
  %b.lo = lshr i32 %y, 7
  %b.hi = shl i32 %x, 25
  %fun = or i32 %b.lo, %b.hi
  %c.hi = shl i32 %x, %s
  %c.n = sub i32 32, %s
  %c.lo = lshr i32 %x, %c.n
  %rotl = or i32 %c.hi, %c.lo
  %d.lo = lshr i32 %x, %s
  %d.hi = shl i32 %x, %c.n
  %rotr = or i32 %d.lo, %d.hi
  %e.hi = shl i32 %x, 3
  %e.lo = lshr i32 %x, 28
  %no1 = or i32 %e.hi, %e.lo
  %g.hi = shl i32 %x, %s
  %g.lo = lshr i32 %y, %c.n
  %no2 = or i32 %g.hi, %g.lo
  %h.hi = shl i32 %y, 4
  %h.lo = lshr i32 %y, 28
  %no3 = or i32 %h.hi, %h.lo
  %t1 = add i32 %rot3, %fun
  %t2 = add i32 %t1, %rotl
  %t3 = add i32 %t2, %rotr
  %t4 = add i32 %t3, %no1
  %t5 = add i32 %t4, %no2
  %t6 = add i32 %t5, %no3
  %t7 = add i32 %t6, %h.hi
  ret i32 %t7
}

; CHECK: %rot3 = call i32 @llvm.fshl.i32(i32 %x, i32 %x, i32 3)
; CHECK: %fun = call i32 @llvm.fshl.i32(i32 %x, i32 %y, i32 25)
; CHECK: %rotl = call i32 @llvm.fshl.i32(i32 %x, i32 %x, i32 %s)
; CHECK: %rotr = call i32 @llvm.fshr.i32(i32 %x, i32 %x, i32 %s)
; CHECK: %no1 = or i32 %e.hi, %e.lo
; CHECK: %no2 = or i32 %g.hi, %g.lo
; CHECK: %no3 = or i32 %h.hi, %h.lo
