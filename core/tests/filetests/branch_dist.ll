; RUN: branch-dist
; branch-dist follows the accesses over the CFG. The barrier in %join has
; only reads above it (in %then) and, through the loop, only reads below:
; reads never conflict, so it goes. The loop's barrier sees the loop's
; reads above (from the previous iteration) and below, and goes too. The
; __syncthreads_or result is data and stays.

define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i1 %c, i32 %n) {
entry:
  br i1 %c, label %then, label %join

then:
  %a = load i32, ptr addrspace(1) %in, align 4
  br label %join

join:
  %x = phi i32 [ %a, %then ], [ 0, %entry ]
  call void @llvm.nvvm.barrier0()
  br label %loop

loop:
  %i = phi i32 [ 0, %join ], [ %i1, %loop ]
  %acc = phi i32 [ %x, %join ], [ %acc1, %loop ]
  %b = load i32, ptr addrspace(1) %in, align 4
  call void @llvm.nvvm.barrier0()
  %acc1 = add i32 %acc, %b
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %exit

exit:
  %any = call i32 @llvm.nvvm.barrier0.or(i32 %acc1)
  store i32 %any, ptr addrspace(1) %out, align 4
  ret void
}

declare void @llvm.nvvm.barrier0()

declare i32 @llvm.nvvm.barrier0.or(i32 %p)

; CHECK-NOT: call void @llvm.nvvm.barrier0()
; CHECK: %any = call i32 @llvm.nvvm.barrier0.or(i32 %acc1)
; CHECK-NOT: call void @llvm.nvvm.barrier0()
; REMARK: [branch-dist] `k`: dead barriers deleted (2 instructions fewer)
; REMARK-NOT: missed:
