; RUN: basic-dbe
; basic-dbe looks inside one block only. A device function's callers may
; access memory before and after it, so its barriers at its start and end
; stay; in the kernel the accesses around the barrier are in other blocks
; (unknown to basic-dbe, which branch-dist sees through), and the
; __syncthreads_count result is data, never removed.

define void @f(ptr addrspace(3) %s) {
entry:
  call void @llvm.nvvm.barrier0()
  store i32 1, ptr addrspace(3) %s, align 4
  call void @llvm.nvvm.barrier0()
  ret void
}

define ptx_kernel void @k(ptr addrspace(3) %s, i1 %c, i32 %p) {
entry:
  %n = call i32 @llvm.nvvm.barrier0.popc(i32 %p)
  br i1 %c, label %then, label %join

then:
  store i32 %n, ptr addrspace(3) %s, align 4
  br label %join

join:
  call void @llvm.nvvm.barrier0()
  br label %tail

tail:
  %v = load i32, ptr addrspace(3) %s, align 4
  store i32 %v, ptr addrspace(3) %s, align 4
  ret void
}

declare void @llvm.nvvm.barrier0()

declare i32 @llvm.nvvm.barrier0.popc(i32 %p)

; CHECK: define void @f
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; CHECK-NEXT: store i32 1
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; CHECK: %n = call i32 @llvm.nvvm.barrier0.popc(i32 %p)
; CHECK: join:
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; REMARK-NOT: [basic-dbe]
