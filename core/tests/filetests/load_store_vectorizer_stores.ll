; RUN: load-store-vectorizer
; Stores move down to the last of their group: each becomes an
; insertelement of its value into a chain from undef (named after the first
; address), and one vector store follows the last. Shared memory as global:
; @copy reads a float4 from global memory and writes it to shared memory
; (irgen's member-by-member copy: loads, then stores). @int2 stores two i32
; with a load of other memory between, which a store group may not pass:
; no vector.

@tile = addrspace(3) global [64 x float] undef, align 16

define void @copy(ptr addrspace(1) %in, i64 %i) {
entry:
  %src = getelementptr inbounds [4 x float], ptr addrspace(1) %in, i64 %i
  %x = load float, ptr addrspace(1) %src, align 16
  %src.y = getelementptr inbounds i8, ptr addrspace(1) %src, i64 4
  %y = load float, ptr addrspace(1) %src.y, align 4
  %src.z = getelementptr inbounds i8, ptr addrspace(1) %src, i64 8
  %z = load float, ptr addrspace(1) %src.z, align 8
  %src.w = getelementptr inbounds i8, ptr addrspace(1) %src, i64 12
  %w = load float, ptr addrspace(1) %src.w, align 4
  %dst = getelementptr inbounds [4 x float], ptr addrspace(3) @tile, i64 %i
  store float %x, ptr addrspace(3) %dst, align 16
  %dst.y = getelementptr inbounds i8, ptr addrspace(3) %dst, i64 4
  store float %y, ptr addrspace(3) %dst.y, align 4
  %dst.z = getelementptr inbounds i8, ptr addrspace(3) %dst, i64 8
  store float %z, ptr addrspace(3) %dst.z, align 8
  %dst.w = getelementptr inbounds i8, ptr addrspace(3) %dst, i64 12
  store float 1.000000e+00, ptr addrspace(3) %dst.w, align 4
  ret void
}

define void @int2(ptr addrspace(1) %p, ptr addrspace(1) %q) {
entry:
  store i32 1, ptr addrspace(1) %p, align 8
  %v = load i32, ptr addrspace(1) %q, align 4
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %p, i64 1
  store i32 %v, ptr addrspace(1) %p1, align 4
  ret void
}

; CHECK: define void @copy
; CHECK: %x.vec = load <4 x float>, ptr addrspace(1) %src, align 16
; CHECK-NEXT: %x = extractelement <4 x float> %x.vec, i32 0
; CHECK-NEXT: %y = extractelement <4 x float> %x.vec, i32 1
; CHECK-NEXT: %z = extractelement <4 x float> %x.vec, i32 2
; CHECK-NEXT: %w = extractelement <4 x float> %x.vec, i32 3
; CHECK-NEXT: %dst = getelementptr inbounds [4 x float], ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT: %dst.vec = insertelement <4 x float> undef, float %x, i32 0
; CHECK-NEXT: %dst.vec1 = insertelement <4 x float> %dst.vec, float %y, i32 1
; CHECK-NEXT: %dst.vec2 = insertelement <4 x float> %dst.vec1, float %z, i32 2
; CHECK-NEXT: %dst.vec3 = insertelement <4 x float> %dst.vec2, float 1.000000e+00, i32 3
; CHECK-NEXT: store <4 x float> %dst.vec3, ptr addrspace(3) %dst, align 16
; CHECK-NEXT: ret void
; CHECK: define void @int2
; CHECK-NEXT: entry:
; CHECK-NEXT: store i32 1, ptr addrspace(1) %p, align 8
; CHECK-NEXT: %v = load i32
; CHECK-NEXT: %p1 = getelementptr
; CHECK-NEXT: store i32 %v, ptr addrspace(1) %p1, align 4
; REMARK: [load-store-vectorizer] `copy`: consecutive accesses merged into vector loads and stores (4 instructions fewer)
; REMARK-NOT: missed:
