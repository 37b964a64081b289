; RUN: instcombine
; Selects on i1 with a constant arm are and/or; a bool's round trip through
; i8 (trunc of zext) is the bool; a compare with its constant on the left
; swaps its operands.

define i32 @f(i1 %a, i1 %b, i32 %x) {
entry:
  %and = select i1 %a, i1 %b, i1 false
  %or = select i1 %a, i1 true, i1 %b
  %same = select i1 %a, i1 true, i1 false
  %not = select i1 %a, i1 false, i1 true
  %z = zext i1 %and to i8
  %t = trunc i8 %z to i1
  %c = icmp slt i32 0, %x
  %u = and i1 %t, %or
  %w = and i1 %u, %same
  %y = and i1 %w, %not
  %v = and i1 %y, %c
  %r = zext i1 %v to i32
  ret i32 %r
}

; CHECK: entry:
; CHECK-NEXT: %and = and i1 %a, %b
; CHECK-NEXT: %or = or i1 %a, %b
; CHECK-NEXT: %not = xor i1 %a, true
; CHECK: %c = icmp sgt i32 %x, 0
; CHECK-NEXT: %u = and i1 %and, %or
; CHECK-NEXT: %w = and i1 %u, %a
; REMARK: [instcombine] `f`: instructions simplified (2 instructions fewer)
; REMARK-NOT: missed:
