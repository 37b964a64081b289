; RUN: gvn,dse,early-cse
; Passes that do not build vectors keep them correct: gvn forwards a
; stored <4 x float> only to a load of that type (a float load of the same
; address reads memory); early-cse merges two equal extractelements; dse
; keeps a vector store that a later float store overwrites only in part.

define float @g(ptr addrspace(1) %p, ptr addrspace(1) %q) {
entry:
  %v = load <4 x float>, ptr addrspace(1) %q, align 16
  store <4 x float> %v, ptr addrspace(1) %p, align 16
  %w = load <4 x float>, ptr addrspace(1) %p, align 16
  %x = load float, ptr addrspace(1) %p, align 16
  %e0 = extractelement <4 x float> %w, i32 1
  %e1 = extractelement <4 x float> %w, i32 1
  %s0 = fadd float %e0, %e1
  %s = fadd float %s0, %x
  ret float %s
}

define void @h(ptr addrspace(1) %p, ptr addrspace(1) %q, float %a) {
entry:
  %v = load <4 x float>, ptr addrspace(1) %q, align 16
  store <4 x float> %v, ptr addrspace(1) %p, align 16
  store float %a, ptr addrspace(1) %p, align 16
  ret void
}

; CHECK: define float @g
; CHECK-NEXT: entry:
; CHECK-NEXT: %v = load <4 x float>, ptr addrspace(1) %q, align 16
; CHECK-NEXT: store <4 x float> %v, ptr addrspace(1) %p, align 16
; CHECK-NEXT: %x = load float, ptr addrspace(1) %p, align 16
; CHECK-NEXT: %e0 = extractelement <4 x float> %v, i32 1
; CHECK-NEXT: %s0 = fadd float %e0, %e0
; CHECK: define void @h
; CHECK: store <4 x float> %v, ptr addrspace(1) %p, align 16
; CHECK-NEXT: store float %a, ptr addrspace(1) %p, align 16
; REMARK: [gvn] `g`: redundant computations and loads removed (2 instructions fewer)
; REMARK-NOT: missed:
