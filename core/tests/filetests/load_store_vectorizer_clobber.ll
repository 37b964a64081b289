; RUN: load-store-vectorizer
; Loads move up to the first of their group, so nothing between may write
; memory. @split: a store after the second load ends the group: two
; <2 x float> loads around it. @store_first: a store between the first
; and the second load (it may write what they read): no vector. @barrier:
; __syncthreads between shared loads (other threads write there): no
; vector. @pure: a read of %tid.x between is harmless.

define float @split(ptr addrspace(1) %p, ptr addrspace(1) %q) {
entry:
  %a = load float, ptr addrspace(1) %p, align 16
  %p1 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 4
  %b = load float, ptr addrspace(1) %p1, align 4
  store float 0.000000e+00, ptr addrspace(1) %q, align 4
  %p2 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 8
  %c = load float, ptr addrspace(1) %p2, align 8
  %p3 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 12
  %d = load float, ptr addrspace(1) %p3, align 4
  %s0 = fadd float %a, %b
  %s1 = fadd float %c, %d
  %s = fadd float %s0, %s1
  ret float %s
}

define float @store_first(ptr addrspace(1) %p, ptr addrspace(1) %q) {
entry:
  %a = load float, ptr addrspace(1) %p, align 16
  store float 0.000000e+00, ptr addrspace(1) %q, align 4
  %p1 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 4
  %b = load float, ptr addrspace(1) %p1, align 4
  %s = fadd float %a, %b
  ret float %s
}

define float @barrier(ptr addrspace(3) %s) {
entry:
  %a = load float, ptr addrspace(3) %s, align 8
  call void @llvm.nvvm.barrier0()
  %s1 = getelementptr inbounds i8, ptr addrspace(3) %s, i64 4
  %b = load float, ptr addrspace(3) %s1, align 4
  %r = fadd float %a, %b
  ret float %r
}

define float @pure(ptr addrspace(3) %s) {
entry:
  %a = load float, ptr addrspace(3) %s, align 8
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %s1 = getelementptr inbounds i8, ptr addrspace(3) %s, i64 4
  %b = load float, ptr addrspace(3) %s1, align 4
  %t = sitofp i32 %tid to float
  %ab = fadd float %a, %b
  %r = fadd float %ab, %t
  ret float %r
}

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK: define float @split
; CHECK: %a.vec = load <2 x float>, ptr addrspace(1) %p, align 16
; CHECK-NEXT: %a = extractelement <2 x float> %a.vec, i32 0
; CHECK-NEXT: %b = extractelement <2 x float> %a.vec, i32 1
; CHECK-NEXT: store float 0.000000e+00, ptr addrspace(1) %q, align 4
; CHECK-NEXT: %p2 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 8
; CHECK-NEXT: %c.vec = load <2 x float>, ptr addrspace(1) %p2, align 8
; CHECK-NEXT: %c = extractelement <2 x float> %c.vec, i32 0
; CHECK-NEXT: %d = extractelement <2 x float> %c.vec, i32 1
; CHECK: define float @store_first
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = load float, ptr addrspace(1) %p, align 16
; CHECK-NEXT: store float
; CHECK-NEXT: %p1 = getelementptr
; CHECK-NEXT: %b = load float, ptr addrspace(1) %p1, align 4
; CHECK: define float @barrier
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = load float, ptr addrspace(3) %s, align 8
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; CHECK-NEXT: %s1 = getelementptr
; CHECK-NEXT: %b = load float, ptr addrspace(3) %s1, align 4
; CHECK: define float @pure
; CHECK-NEXT: entry:
; CHECK-NEXT: %a.vec = load <2 x float>, ptr addrspace(3) %s, align 8
; CHECK-NEXT: %a = extractelement <2 x float> %a.vec, i32 0
; CHECK-NEXT: %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT: %b = extractelement <2 x float> %a.vec, i32 1
; REMARK: [load-store-vectorizer] `split`: consecutive accesses merged into vector loads and stores
; REMARK: [load-store-vectorizer] `pure`: consecutive accesses merged into vector loads and stores
; REMARK-NOT: missed:
