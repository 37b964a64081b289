; RUN: instcombine
; C's `if (b)` on a bool is `icmp ne (zext i1 %b), 0`: that is %b itself;
; `== 0` is its negation, and the negation of a compare used once is the
; inverse compare; a select on a `>=` read by nothing else selects on `<`
; with its arms swapped (LLVM's canonical predicates). The values left
; unused stay for dce.

define i32 @f(i1 %b, i32 %x, i32 %y) {
entry:
  %conv = zext i1 %b to i32
  %tobool = icmp ne i32 %conv, 0
  %conv1 = zext i1 %b to i32
  %lnot = icmp eq i32 %conv1, 0
  %lt = icmp slt i32 %x, %y
  %ge = xor i1 %lt, true
  %s1 = select i1 %tobool, i32 %x, i32 %y
  %s2 = select i1 %lnot, i32 %s1, i32 0
  %s3 = select i1 %ge, i32 %s2, i32 1
  ret i32 %s3
}

; CHECK: %lnot = xor i1 %b, true
; CHECK-NEXT: %lt = icmp slt i32 %x, %y
; CHECK-NEXT: %ge = icmp slt i32 %x, %y
; CHECK-NEXT: %s1 = select i1 %b, i32 %x, i32 %y
; CHECK-NEXT: %s2 = select i1 %lnot, i32 %s1, i32 0
; CHECK-NEXT: %s3 = select i1 %ge, i32 1, i32 %s2
; CHECK-NOT: icmp ne
; CHECK-NOT: icmp eq
; REMARK: [instcombine] `f`: instructions simplified (1 instruction fewer)
; REMARK-NOT: missed:
