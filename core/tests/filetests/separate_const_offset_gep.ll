; RUN: separate-const-offset-from-gep
; Unrolled copies of b[k][x] (k = 0, 1, 3): the row's constant moves out of
; the inner gep, leaving one variable base per copy (early-cse merges them)
; and the bytes in an i8 gep; the dead row geps go. An index
; sext (add nsw %i, 2) splits into sext %i and 8 bytes; a gep with no
; constant stays as it is. sext ((%i + 1) - 3) with nsw is sext %i and -8 bytes.

@b = addrspace(3) global [256 x float] undef, align 4

define float @f(ptr addrspace(1) %p, i32 %i, i64 %x) {
entry:
  %row0 = getelementptr inbounds [16 x float], ptr addrspace(3) @b, i64 0
  %a0 = getelementptr inbounds float, ptr addrspace(3) %row0, i64 %x
  %v0 = load float, ptr addrspace(3) %a0, align 4
  %row1 = getelementptr inbounds [16 x float], ptr addrspace(3) @b, i64 1
  %a1 = getelementptr inbounds float, ptr addrspace(3) %row1, i64 %x
  %v1 = load float, ptr addrspace(3) %a1, align 4
  %row3 = getelementptr inbounds [16 x float], ptr addrspace(3) @b, i64 3
  %a3 = getelementptr inbounds float, ptr addrspace(3) %row3, i64 %x
  %v3 = load float, ptr addrspace(3) %a3, align 4
  %add = add nsw i32 %i, 2
  %idx = sext i32 %add to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %p, i64 %idx
  %w = load float, ptr addrspace(1) %q, align 4
  %r = getelementptr inbounds float, ptr addrspace(1) %p, i64 %x
  %z = load float, ptr addrspace(1) %r, align 4
  %k1 = add nsw i32 %i, 1
  %k2 = sub nsw i32 %k1, 3
  %kdx = sext i32 %k2 to i64
  %t = getelementptr inbounds float, ptr addrspace(1) %p, i64 %kdx
  %y = load float, ptr addrspace(1) %t, align 4
  %s0 = fadd float %v0, %v1
  %s1 = fadd float %s0, %v3
  %s2 = fadd float %s1, %w
  %s3 = fadd float %s2, %z
  %s4 = fadd float %s3, %y
  ret float %s4
}

; CHECK: entry:
; CHECK-NOT: %row
; CHECK-NEXT: %a0 = getelementptr inbounds float, ptr addrspace(3) @b, i64 %x
; CHECK-NEXT: %v0 = load float, ptr addrspace(3) %a0, align 4
; CHECK-NEXT: %a1.base = getelementptr inbounds float, ptr addrspace(3) @b, i64 %x
; CHECK-NEXT: %a1 = getelementptr inbounds i8, ptr addrspace(3) %a1.base, i64 64
; CHECK-NEXT: %v1 = load float, ptr addrspace(3) %a1, align 4
; CHECK-NEXT: %a3.base = getelementptr inbounds float, ptr addrspace(3) @b, i64 %x
; CHECK-NEXT: %a3 = getelementptr inbounds i8, ptr addrspace(3) %a3.base, i64 192
; CHECK-NEXT: %v3 = load float, ptr addrspace(3) %a3, align 4
; CHECK-NEXT: %idx.var = sext i32 %i to i64
; CHECK-NEXT: %q.base = getelementptr inbounds float, ptr addrspace(1) %p, i64 %idx.var
; CHECK-NEXT: %q = getelementptr inbounds i8, ptr addrspace(1) %q.base, i64 8
; CHECK-NEXT: %w = load float, ptr addrspace(1) %q, align 4
; CHECK-NEXT: %r = getelementptr inbounds float, ptr addrspace(1) %p, i64 %x
; CHECK: %kdx.var = sext i32 %i to i64
; CHECK-NEXT: %t.base = getelementptr inbounds float, ptr addrspace(1) %p, i64 %kdx.var
; CHECK-NEXT: %t = getelementptr inbounds i8, ptr addrspace(1) %t.base, i64 -8
; REMARK: [separate-const-offset-from-gep] `f`: constant offsets moved out of addresses (2 instructions fewer)
; REMARK-NOT: missed:
