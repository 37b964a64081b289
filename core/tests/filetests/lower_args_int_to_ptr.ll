; RUN: nvptx-lower-args,memory-space-opt
; An integer kernel parameter turned into a pointer holds a global address
; (as LLVM's NVPTXLowerArgs assumes, and nvcc writes `ld.global`): the
; `inttoptr` is cast to addrspace(1) and back after it, and memory-space-opt
; moves the access onto the global pointer. A device function's stays generic.

define ptx_kernel void @k(i64 %addr, i32 %v) {
entry:
  %p = inttoptr i64 %addr to ptr
  %x = load volatile i32, ptr %p, align 4
  %y = add i32 %x, %v
  store i32 %y, ptr %p, align 4
  ret void
}

define void @dev(i64 %addr) {
entry:
  %q = inttoptr i64 %addr to ptr
  store i32 0, ptr %q, align 4
  ret void
}

; CHECK: %p = inttoptr i64 %addr to ptr
; CHECK-NEXT: %p.global = addrspacecast ptr %p to ptr addrspace(1)
; CHECK-NEXT: %x = load volatile i32, ptr addrspace(1) %p.global, align 4
; CHECK: store i32 %y, ptr addrspace(1) %p.global, align 4
; CHECK: define void @dev(i64 %addr) {
; CHECK-NOT: addrspace
; CHECK: store i32 0, ptr %q, align 4
; REMARK: [nvptx-lower-args] integer parameter `addr` of kernel `k` cast to a pointer points to global memory
; REMARK: [memory-space-opt] `k`: memory accesses given their address space: 2 global
; REMARK: [memory-space-opt] missed: store in `dev` stays generic: its pointer's space is not known
