; RUN: instcombine
; A lane read from an insertelement chain is the element last inserted
; there; a lane no insert set is read from the vector under the chain (or
; is undef for an undef vector).

define float @f(ptr addrspace(1) %p, float %a, float %b) {
entry:
  %v = load <4 x float>, ptr addrspace(1) %p, align 16
  %i0 = insertelement <4 x float> %v, float %a, i32 0
  %i1 = insertelement <4 x float> %i0, float %b, i32 1
  %i2 = insertelement <4 x float> %i1, float %b, i32 0
  %x = extractelement <4 x float> %i2, i32 0
  %y = extractelement <4 x float> %i2, i32 1
  %z = extractelement <4 x float> %i2, i32 2
  %u = insertelement <2 x float> undef, float %a, i32 1
  %w = extractelement <2 x float> %u, i32 0
  %s0 = fadd float %x, %y
  %s1 = fadd float %s0, %z
  %s = fadd float %s1, %w
  store <4 x float> %i2, ptr addrspace(1) %p, align 16
  ret float %s
}

; CHECK: %v = load <4 x float>
; CHECK-NOT: %x =
; CHECK-NOT: %y =
; CHECK: %z = extractelement <4 x float> %v, i32 2
; CHECK: %s0 = fadd float %b, %b
; CHECK-NEXT: %s1 = fadd float %s0, %z
; CHECK-NEXT: %s = fadd float %s1, undef
; CHECK-NEXT: store <4 x float> %i2, ptr addrspace(1) %p, align 16
; REMARK: [instcombine] `f`: instructions simplified (3 instructions fewer)
; REMARK-NOT: missed:
