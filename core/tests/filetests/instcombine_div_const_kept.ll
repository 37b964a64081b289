; RUN: instcombine
; 64-bit division and remainder by a constant become a mul.hi by a magic
; number and shifts, as for 32 bits (the same constants NVRTC uses:
; x / 1000 signed, x /u 7 with the add-back, x % 10 as x - (x / 10) * 10).

define void @f(i64 %x, i64 %y, i64 %z, ptr %p) {
entry:
  %a = sdiv i64 %x, 1000
  %b = udiv i64 %y, 7
  %c = srem i64 %z, 10
  store i64 %a, ptr %p, align 8
  store i64 %b, ptr %p, align 8
  store i64 %c, ptr %p, align 8
  ret void
}

; CHECK: %a.mulhi = call i64 @llvm.nvvm.mulhi.ll(i64 %x, i64 2361183241434822607)
; CHECK-NEXT: %a.sh = ashr i64 %a.mulhi, 7
; CHECK-NEXT: %a.sign = lshr i64 %a.sh, 63
; CHECK-NEXT: %a.q = add i64 %a.sh, %a.sign
; CHECK: %b.mulhi = call i64 @llvm.nvvm.mulhi.ull(i64 %y, i64 2635249153387078803)
; CHECK-NEXT: %b.t = sub i64 %y, %b.mulhi
; CHECK-NEXT: %b.half = lshr i64 %b.t, 1
; CHECK-NEXT: %b.sum = add i64 %b.half, %b.mulhi
; CHECK-NEXT: %b.q = lshr i64 %b.sum, 2
; CHECK: %c.mulhi = call i64 @llvm.nvvm.mulhi.ll(i64 %z, i64 7378697629483820647)
; CHECK: %c.prod = mul i64 %c.q, 10
; CHECK-NEXT: %c.r = sub i64 %z, %c.prod
; CHECK-NOT: sdiv
; CHECK-NOT: udiv
; CHECK-NOT: srem
; REMARK: [instcombine] `f`: instructions simplified (12 instructions more)
; REMARK-NOT: missed:
