; RUN: nvptx-lower-args,memory-space-opt
; A kernel's pointer parameters point to global memory: nvptx-lower-args
; casts each to addrspace(1) and back, and memory-space-opt moves the loads,
; stores and address computations onto the global pointer (ld.global in PTX).
; A device function's pointer parameter stays generic.

define ptx_kernel void @k(ptr noalias readonly %in, ptr %out, i32 %n) {
entry:
  %idx = sext i32 %n to i64
  %pi = getelementptr inbounds float, ptr %in, i64 %idx
  %v = load float, ptr %pi, align 4
  %w = fmul float %v, 2.000000e+00
  %po = getelementptr inbounds float, ptr %out, i64 %idx
  store float %w, ptr %po, align 4
  ret void
}

define void @dev(ptr %q) {
entry:
  store i32 0, ptr %q, align 4
  ret void
}

; CHECK: define ptx_kernel void @k(ptr noalias readonly %in, ptr %out, i32 %n) {
; CHECK-NEXT: entry:
; CHECK-NEXT: %in.global = addrspacecast ptr %in to ptr addrspace(1)
; CHECK-NEXT: %out.global = addrspacecast ptr %out to ptr addrspace(1)
; CHECK-NOT: %in.gen
; CHECK: %pi = getelementptr inbounds float, ptr addrspace(1) %in.global, i64 %idx
; CHECK-NEXT: %v = load float, ptr addrspace(1) %pi, align 4
; CHECK: %po = getelementptr inbounds float, ptr addrspace(1) %out.global, i64 %idx
; CHECK-NEXT: store float %w, ptr addrspace(1) %po, align 4
; CHECK: define void @dev(ptr %q) {
; CHECK-NOT: addrspace
; CHECK: store i32 0, ptr %q, align 4
; REMARK: [nvptx-lower-args] pointer parameter `in` of kernel `k` points to global memory
; REMARK: [nvptx-lower-args] pointer parameter `out` of kernel `k` points to global memory
; REMARK: [memory-space-opt] `k`: memory accesses given their address space: 2 global
; REMARK: [memory-space-opt] missed: store in `dev` stays generic: its pointer's space is not known
