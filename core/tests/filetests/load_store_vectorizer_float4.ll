; RUN: load-store-vectorizer
; A float4 read member by member (as irgen copies it): four loads of
; consecutive floats from one base, the first aligned to 16 bytes, become
; one <4 x float> load; each load becomes the extractelement of its lane
; under its own name, so its users are unchanged. The member addresses
; only the loads used go.

%struct.float4 = type { float, float, float, float }

define void @f(ptr addrspace(1) %v, i64 %i, ptr addrspace(1) %out) {
entry:
  %arrayidx = getelementptr inbounds %struct.float4, ptr addrspace(1) %v, i64 %i
  %x = load float, ptr addrspace(1) %arrayidx, align 16
  %p.y = getelementptr inbounds i8, ptr addrspace(1) %arrayidx, i64 4
  %y = load float, ptr addrspace(1) %p.y, align 4
  %p.z = getelementptr inbounds i8, ptr addrspace(1) %arrayidx, i64 8
  %z = load float, ptr addrspace(1) %p.z, align 8
  %p.w = getelementptr inbounds i8, ptr addrspace(1) %arrayidx, i64 12
  %w = load float, ptr addrspace(1) %p.w, align 4
  %s0 = fadd float %x, %y
  %s1 = fadd float %z, %w
  %s = fadd float %s0, %s1
  store float %s, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK: entry:
; CHECK-NEXT: %arrayidx = getelementptr inbounds %struct.float4, ptr addrspace(1) %v, i64 %i
; CHECK-NEXT: %x.vec = load <4 x float>, ptr addrspace(1) %arrayidx, align 16
; CHECK-NEXT: %x = extractelement <4 x float> %x.vec, i32 0
; CHECK-NEXT: %y = extractelement <4 x float> %x.vec, i32 1
; CHECK-NEXT: %z = extractelement <4 x float> %x.vec, i32 2
; CHECK-NEXT: %w = extractelement <4 x float> %x.vec, i32 3
; CHECK-NEXT: %s0 = fadd float %x, %y
; CHECK-NOT: getelementptr
; CHECK: store float %s, ptr addrspace(1) %out, align 4
; REMARK: [load-store-vectorizer] `f`: consecutive accesses merged into vector loads and stores (2 instructions fewer)
; REMARK-NOT: missed:
