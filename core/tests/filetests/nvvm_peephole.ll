; RUN: nvvm-peephole
; NVIDIA's peephole folds: a shared pointer cast to generic and back to
; shared is the shared pointer (a chain of two round trips too), a global
; one likewise, and a float widened to double and narrowed back is the
; float. The casts left unused go. (An addrspacecast to the pointer's own
; space, the pass's third fold, does not verify as input.)

define void @f(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %v, float %x, ptr addrspace(1) %out) {
entry:
  %p1 = addrspacecast ptr addrspace(3) %s to ptr
  %p2 = addrspacecast ptr %p1 to ptr addrspace(3)
  store i32 %v, ptr addrspace(3) %p2, align 4
  %q1 = addrspacecast ptr addrspace(3) %p2 to ptr
  %q2 = addrspacecast ptr %q1 to ptr addrspace(3)
  store i32 %v, ptr addrspace(3) %q2, align 4
  %g1 = addrspacecast ptr addrspace(1) %g to ptr
  %g2 = addrspacecast ptr %g1 to ptr addrspace(1)
  %d = fpext float %x to double
  %y = fptrunc double %d to float
  store float %y, ptr addrspace(1) %g2, align 4
  ret void
}

; CHECK: entry:
; CHECK-NEXT: store i32 %v, ptr addrspace(3) %s, align 4
; CHECK-NEXT: store i32 %v, ptr addrspace(3) %s, align 4
; CHECK-NEXT: store float %x, ptr addrspace(1) %g, align 4
; CHECK-NEXT: ret void
; REMARK: [nvvm-peephole] `f`: casts folded (8 instructions fewer)
