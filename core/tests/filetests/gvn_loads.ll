; RUN: gvn
; A load in a dominated block reuses the dominating load of the same
; address when nothing on the way may write memory; a stored value is
; forwarded to a later load; a barrier blocks both.

define void @f(ptr addrspace(3) %s, ptr addrspace(1) %g, i1 %c) {
entry:
  %a = load float, ptr addrspace(3) %s, align 4
  store float 1.000000e+00, ptr addrspace(1) %g, align 4
  br i1 %c, label %then, label %end

then:
  %b = load float, ptr addrspace(3) %s, align 4
  %f = load float, ptr addrspace(1) %g, align 4
  %sum = fadd float %b, %f
  store float %sum, ptr addrspace(3) %s, align 4
  br label %end

end:
  call void @llvm.nvvm.barrier0()
  %d = load float, ptr addrspace(3) %s, align 4
  store float %d, ptr addrspace(1) %g, align 4
  ret void
}

declare void @llvm.nvvm.barrier0()

; CHECK: then:
; CHECK-NEXT: %sum = fadd float %a, 1.000000e+00
; CHECK: end:
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; CHECK-NEXT: %d = load float, ptr addrspace(3) %s, align 4
; REMARK: [gvn] `f`: redundant computations and loads removed (2 instructions fewer)
; REMARK-NOT: missed:
