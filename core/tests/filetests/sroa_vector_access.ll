; RUN: sroa,mem2reg
; A vector access covers several pieces of a local array: sroa leaves the
; array alone (splitting it would need the vector's lanes), and mem2reg
; promotes no slot read as a vector.

define float @f(float %a, float %b) {
entry:
  %arr = alloca [4 x float], align 16
  store float %a, ptr %arr, align 16
  %p1 = getelementptr inbounds i8, ptr %arr, i64 4
  store float %b, ptr %p1, align 4
  %v = load <2 x float>, ptr %arr, align 16
  %x = extractelement <2 x float> %v, i32 1
  ret float %x
}

; CHECK: %arr = alloca [4 x float], align 16
; CHECK: %v = load <2 x float>, ptr %arr, align 16
; CHECK-NEXT: %x = extractelement <2 x float> %v, i32 1
; REMARK: [mem2reg] missed: `%arr` not promoted: an aggregate (sroa splits those it can)
