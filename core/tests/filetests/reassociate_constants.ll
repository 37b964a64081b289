; RUN: reassociate
; The constants of a chain meet and fold; the operands keep a canonical
; order (arguments first, then values in the order computed) and the
; rebuilt chain sits just before its root, after every operand. A value
; with two users (%p) ends the chain.

define i32 @f(i32 %i, i32 %j, i32 %k) {
entry:
  %a = add nsw i32 %i, 1
  %b = add nsw i32 %a, %j
  %c = add nsw i32 %b, 2
  %x = mul i32 %k, 3
  %y = mul i32 %x, 5
  %p = add i32 %k, 4
  %q = add i32 %p, 6
  %r = add i32 %q, %p
  %s = add i32 %c, %y
  %t = add i32 %s, %r
  ret i32 %t
}

; CHECK: entry:
; CHECK-NEXT: %y = mul i32 %k, 15
; CHECK-NEXT: %p = add i32 %k, 4
; CHECK-NEXT: %a = add i32 %i, %j
; CHECK-NEXT: %b = add i32 %a, %y
; CHECK-NEXT: %c = add i32 %b, %p
; CHECK-NEXT: %s = add i32 %c, %p
; CHECK-NEXT: %t = add i32 %s, 9
; CHECK-NEXT: ret i32 %t
; REMARK: [reassociate] `f`: expressions reassociated (3 instructions fewer)
; REMARK-NOT: missed:
