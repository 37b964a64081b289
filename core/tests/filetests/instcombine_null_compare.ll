; RUN: instcombine
; A pointer to a local, or an inbounds gep from one, is never null (as
; LLVM's isKnownNonZero says for the generic space): C++'s derived-to-base
; conversion tests its pointer, `p ? p + 8 : null`, and the test folds.
; Null compared with null folds too; a parameter may be null.

define i1 @f(ptr %p) {
entry:
  %obj = alloca [16 x i8], align 8
  %base = getelementptr inbounds i8, ptr %obj, i64 8
  %a = icmp ne ptr %base, null
  %b = icmp eq ptr null, %obj
  %c = icmp eq ptr null, null
  %d = icmp ne ptr %p, null
  %ab = and i1 %a, %c
  %abd = and i1 %ab, %d
  %r = or i1 %abd, %b
  ret i1 %r
}

; CHECK: %d = icmp ne ptr %p, null
; CHECK-NEXT: ret i1 %d
; CHECK-NOT: %a = icmp
; CHECK-NOT: %b = icmp
; CHECK-NOT: %c = icmp
; REMARK: [instcombine] `f`: instructions simplified (6 instructions fewer)
; REMARK-NOT: missed:
