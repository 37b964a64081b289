; RUN: sroa,mem2reg
; A struct local (12 bytes: x, y, z) copied in member by member and read
; back: sroa splits it into one alloca per member, named after the member
; loads (%v.x.addr, %v.y.addr); mem2reg then promotes them, so nothing is
; left in memory. The member never read (z at 8) still gets its piece.

define float @len2(ptr %p) {
entry:
  %v.addr = alloca [12 x i8], align 4
  %a = load float, ptr %p, align 4
  store float %a, ptr %v.addr, align 4
  %src = getelementptr inbounds i8, ptr %p, i64 4
  %b = load float, ptr %src, align 4
  %dst = getelementptr inbounds i8, ptr %v.addr, i64 4
  store float %b, ptr %dst, align 4
  %src2 = getelementptr inbounds i8, ptr %p, i64 8
  %c = load float, ptr %src2, align 4
  %dst2 = getelementptr inbounds i8, ptr %v.addr, i64 8
  store float %c, ptr %dst2, align 4
  %x = load float, ptr %v.addr, align 4
  %y.ptr = getelementptr inbounds i8, ptr %v.addr, i64 4
  %y = load float, ptr %y.ptr, align 4
  %xx = fmul float %x, %x
  %yy = fmul float %y, %y
  %r = fadd float %xx, %yy
  ret float %r
}

; CHECK: %a = load float, ptr %p, align 4
; CHECK-NOT: alloca
; CHECK-NOT: getelementptr inbounds i8, ptr %v
; CHECK: %xx = fmul float %a, %a
; CHECK-NEXT: %yy = fmul float %b, %b
; CHECK-NEXT: %r = fadd float %xx, %yy
; REMARK: [sroa] `len2`: aggregates split into scalars (1 instruction fewer)
; REMARK: [mem2reg] `len2`: promoted 3 allocas to registers, 0 phis inserted
; REMARK-NOT: missed:
