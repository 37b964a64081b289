; RUN: basic-dbe
; The digest's dead-sync kernel (write smem; sync; read smem[tid^1]; sync;
; sync; write out) with a barrier at the kernel's start added. The first
; barrier has nothing above it (the kernel just started) and goes; the
; repeated barrier has nothing above it since the one before and goes; the
; barrier between the shared write and read stays, and so does the one
; between the read of %s and the write of %out (they might alias). The last
; barrier has nothing below it before the kernel returns and goes.

define ptx_kernel void @k(ptr addrspace(3) %s, ptr addrspace(1) %out, i64 %i) {
entry:
  call void @llvm.nvvm.barrier0()
  store i32 1, ptr addrspace(3) %s, align 4
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds i32, ptr addrspace(3) %s, i64 %i
  %v = load i32, ptr addrspace(3) %q, align 4
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier0()
  store i32 %v, ptr addrspace(1) %out, align 4
  call void @llvm.nvvm.barrier0()
  ret void
}

declare void @llvm.nvvm.barrier0()

; CHECK: entry:
; CHECK-NEXT: store i32 1, ptr addrspace(3) %s, align 4
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; CHECK-NEXT: %q = getelementptr
; CHECK-NEXT: %v = load i32, ptr addrspace(3) %q, align 4
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; CHECK-NEXT: store i32 %v, ptr addrspace(1) %out, align 4
; CHECK-NEXT: ret void
; REMARK: [basic-dbe] `k`: dead barriers deleted (3 instructions fewer)
; REMARK-NOT: missed:
