; RUN: early-cse
; early-cse carries loads along the dominator tree as LLVM's EarlyCSE does:
; into a block entered only from the load's block (the if arm reads %p
; again: reused), not into a join (%join has two predecessors, one of which
; may store) nor past a write (the else arm stores first), nor across a
; barrier.

define i32 @f(ptr addrspace(1) %p, ptr addrspace(1) %q, i1 %c) {
entry:
  %a = load i32, ptr addrspace(1) %p, align 4
  br i1 %c, label %then, label %else

then:
  %b = load i32, ptr addrspace(1) %p, align 4
  call void @llvm.nvvm.barrier0()
  %b2 = load i32, ptr addrspace(1) %p, align 4
  %s = add i32 %b, %b2
  br label %join

else:
  store i32 1, ptr addrspace(1) %q, align 4
  %e = load i32, ptr addrspace(1) %p, align 4
  br label %join

join:
  %x = phi i32 [ %s, %then ], [ %e, %else ]
  %j = load i32, ptr addrspace(1) %p, align 4
  %r = add i32 %x, %j
  %r2 = add i32 %r, %a
  ret i32 %r2
}

declare void @llvm.nvvm.barrier0()

; CHECK: then:
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; CHECK-NEXT: %b2 = load i32, ptr addrspace(1) %p, align 4
; CHECK-NEXT: %s = add i32 %a, %b2
; CHECK: else:
; CHECK-NEXT: store i32 1, ptr addrspace(1) %q, align 4
; CHECK-NEXT: %e = load i32, ptr addrspace(1) %p, align 4
; CHECK: join:
; CHECK: %j = load i32, ptr addrspace(1) %p, align 4
