; RUN: nvptx-lower-args,memory-space-opt
; memory-space-opt's interprocedural part (cicc's ipmsp), as nvcc 13.5 does
; it: a __noinline__ function's pointer parameter that is global at every
; call site (@sum, @put: a kernel's parameter passed on, directly or through
; @put's own parameter) or the same shared array (@sh) is cast to that space
; at the function's entry, in place (no clone), and its accesses name the
; space. @mixed gets a shared and a global pointer and stays generic;
; @byptr's address is taken, so its callers are not all known.

@s = addrspace(3) global [64 x float] undef, align 4
@fp = addrspace(1) global ptr @byptr, align 8

define float @sum(ptr %p, i32 %i) noinline {
entry:
  %idx = sext i32 %i to i64
  %a = getelementptr inbounds float, ptr %p, i64 %idx
  %v = load float, ptr %a, align 4
  ret float %v
}

define void @put(ptr %q, float %v) noinline {
entry:
  %x = call float @sum(ptr %q, i32 1)
  %y = fadd float %x, %v
  store float %y, ptr %q, align 4
  ret void
}

define float @sh(ptr %p) noinline {
entry:
  %v = load float, ptr %p, align 4
  ret float %v
}

define float @mixed(ptr %p) noinline {
entry:
  %v = load float, ptr %p, align 4
  ret float %v
}

define float @byptr(ptr %p) noinline {
entry:
  %v = load float, ptr %p, align 4
  ret float %v
}

define ptx_kernel void @k(ptr %in, ptr %out) {
entry:
  %x = call float @sum(ptr %in, i32 0)
  call void @put(ptr %out, float %x)
  %sg = addrspacecast ptr addrspace(3) @s to ptr
  %y = call float @sh(ptr %sg)
  %z = call float @mixed(ptr %sg)
  %w = call float @mixed(ptr %in)
  %b = call float @byptr(ptr %in)
  store float %y, ptr %out, align 4
  ret void
}

; CHECK: define float @sum(ptr %p, i32 %i) noinline {
; CHECK-NEXT: entry:
; CHECK-NEXT: %p.global = addrspacecast ptr %p to ptr addrspace(1)
; CHECK-NEXT: %idx = sext i32 %i to i64
; CHECK-NEXT: %a = getelementptr inbounds float, ptr addrspace(1) %p.global, i64 %idx
; CHECK-NEXT: %v = load float, ptr addrspace(1) %a, align 4
; CHECK: define void @put(ptr %q, float %v) noinline {
; CHECK-NEXT: entry:
; CHECK-NEXT: %q.global = addrspacecast ptr %q to ptr addrspace(1)
; CHECK-NEXT: %q.gen = addrspacecast ptr addrspace(1) %q.global to ptr
; CHECK-NEXT: %x = call float @sum(ptr %q.gen, i32 1)
; CHECK: store float %y, ptr addrspace(1) %q.global, align 4
; CHECK: define float @sh(ptr %p) noinline {
; CHECK-NEXT: entry:
; CHECK-NEXT: %p.shared = addrspacecast ptr %p to ptr addrspace(3)
; CHECK-NEXT: %v = load float, ptr addrspace(3) %p.shared, align 4
; CHECK: define float @mixed(ptr %p) noinline {
; CHECK-NEXT: entry:
; CHECK-NEXT: %v = load float, ptr %p, align 4
; CHECK: define float @byptr(ptr %p) noinline {
; CHECK-NEXT: entry:
; CHECK-NEXT: %v = load float, ptr %p, align 4
; REMARK: [nvptx-lower-args] pointer parameter `in` of kernel `k` points to global memory
; REMARK: [nvptx-lower-args] pointer parameter `out` of kernel `k` points to global memory
; REMARK: [memory-space-opt] pointer parameter `q` of `put` points to global memory at every call site
; REMARK: [memory-space-opt] pointer parameter `p` of `sh` points to shared memory at every call site
; REMARK: [memory-space-opt] pointer parameter `p` of `sum` points to global memory at every call site
; REMARK: [memory-space-opt] missed: load in `mixed` stays generic: its pointer's space is not known
; REMARK: [memory-space-opt] missed: load in `byptr` stays generic: its pointer's space is not known
