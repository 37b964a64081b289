; RUN: separate-const-offset-from-gep,early-cse
; As in O3: after the split, early-cse merges the copies' bases: the
; three loads address the first copy's (row 0: no constant) at 0, 64 and 192 bytes.

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
  %s0 = fadd float %v0, %v1
  %s1 = fadd float %s0, %v3
  %s2 = fadd float %s1, %w
  %s3 = fadd float %s2, %z
  ret float %s3
}

; CHECK: entry:
; CHECK-NEXT: %a0 = getelementptr inbounds float, ptr addrspace(3) @b, i64 %x
; CHECK-NEXT: %v0 = load float, ptr addrspace(3) %a0, align 4
; CHECK-NEXT: %a1 = getelementptr inbounds i8, ptr addrspace(3) %a0, i64 64
; CHECK-NEXT: %v1 = load float, ptr addrspace(3) %a1, align 4
; CHECK-NEXT: %a3 = getelementptr inbounds i8, ptr addrspace(3) %a0, i64 192
; REMARK: [separate-const-offset-from-gep] `f`: constant offsets moved out of addresses (1 instruction fewer)
; REMARK: [early-cse] `f`: redundant computations and loads removed (2 instructions fewer)
; REMARK-NOT: missed:
