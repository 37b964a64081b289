; RUN: branch-dist
; A tiled loop: each iteration writes its tile to shared memory, waits,
; reads a neighbour's element, waits again before the next iteration
; overwrites the tile. The first barrier has the write above and the read
; below; the second the read above and, around the loop, the write below.
; Both order something and stay. In the device function the callers'
; accesses are unknown, so its barrier stays too.

define ptx_kernel void @k(ptr addrspace(3) %s, ptr addrspace(1) %out, i64 %j, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %loop ]
  store i32 %i, ptr addrspace(3) %s, align 4
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds i32, ptr addrspace(3) %s, i64 %j
  %v = load i32, ptr addrspace(3) %q, align 4
  call void @llvm.nvvm.barrier0()
  %acc1 = add i32 %acc, %v
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %exit

exit:
  store i32 %acc1, ptr addrspace(1) %out, align 4
  ret void
}

define void @f() {
entry:
  call void @llvm.nvvm.barrier0()
  ret void
}

declare void @llvm.nvvm.barrier0()

; CHECK: loop:
; CHECK: store i32 %i, ptr addrspace(3) %s, align 4
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; CHECK: %v = load i32, ptr addrspace(3) %q, align 4
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; CHECK: define void @f()
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; REMARK-NOT: [branch-dist]
