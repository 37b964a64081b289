; RUN: instcombine
; Pointers into one object, as LLVM's instcombine takes them (the geps are
; inbounds): `&p[a] - &p[b]` in elements (the byte difference shifted or
; divided exactly by the size) is `a - b`, for bytes the difference itself;
; `&p[a] < &p[b]` compares the indices, signed, and `&p[a] == p` compares
; `a` with 0. Pointers into different objects stay pointers.

define i64 @diff(ptr %p, i64 %a, i64 %b, ptr %q) {
entry:
  %pa = getelementptr inbounds float, ptr %p, i64 %a
  %pb = getelementptr inbounds float, ptr %p, i64 %b
  %ia = ptrtoint ptr %pa to i64
  %ib = ptrtoint ptr %pb to i64
  %d = sub i64 %ia, %ib
  %e = ashr exact i64 %d, 2
  %sa = getelementptr inbounds [3 x i32], ptr %p, i64 %a
  %isa = ptrtoint ptr %sa to i64
  %ip = ptrtoint ptr %p to i64
  %d12 = sub i64 %isa, %ip
  %e12 = sdiv exact i64 %d12, 12
  %ca = getelementptr inbounds i8, ptr %p, i64 %a
  %cb = getelementptr inbounds i8, ptr %p, i64 %b
  %ica = ptrtoint ptr %ca to i64
  %icb = ptrtoint ptr %cb to i64
  %d1 = sub i64 %ica, %icb
  %qb = getelementptr inbounds float, ptr %q, i64 %b
  %iqb = ptrtoint ptr %qb to i64
  %other = sub i64 %ia, %iqb
  %s1 = add i64 %e, %e12
  %s2 = add i64 %s1, %d1
  %s3 = add i64 %s2, %other
  ret i64 %s3
}

define i1 @cmp(ptr %p, i64 %a, i64 %b, ptr %q) {
entry:
  %pa = getelementptr inbounds float, ptr %p, i64 %a
  %pb = getelementptr inbounds float, ptr %p, i64 %b
  %lt = icmp ult ptr %pa, %pb
  %eq = icmp eq ptr %pa, %p
  %qb = getelementptr inbounds float, ptr %q, i64 %b
  %other = icmp ult ptr %pa, %qb
  %x = and i1 %lt, %eq
  %y = and i1 %x, %other
  ret i1 %y
}

; CHECK: define i64 @diff
; CHECK: %e = sub nsw i64 %a, %b
; CHECK: %d1 = sub nsw i64 %a, %b
; CHECK: %other = sub i64 %ia, %iqb
; CHECK: %s1 = add i64 %e, %a
; CHECK: define i1 @cmp
; CHECK: %lt = icmp slt i64 %a, %b
; CHECK-NEXT: %eq = icmp eq i64 %a, 0
; CHECK: %other = icmp ult ptr %pa, %qb
