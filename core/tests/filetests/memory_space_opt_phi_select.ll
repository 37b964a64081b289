; RUN: memory-space-opt
; A pointer chosen between two shared arrays (select) and a pointer that
; walks one of them in a loop (phi) are shared pointers too: their loads, and
; the loop's pointer comparison, move to addrspace(3). A pointer that may
; point to global or shared memory stays generic. The call's argument has
; no specific form: it reads the shared pointer cast back to generic, and the
; generic select dies.

@a = addrspace(3) global [64 x float] undef, align 4
@b = addrspace(3) global [64 x float] undef, align 4
@g = addrspace(1) global [64 x float] zeroinitializer, align 4

declare void @use(ptr)

define ptx_kernel void @k(ptr %out, i1 %flip, i64 %n) {
entry:
  %pa = addrspacecast ptr addrspace(3) @a to ptr
  %pb = addrspacecast ptr addrspace(3) @b to ptr
  %pg = addrspacecast ptr addrspace(1) @g to ptr
  %p = select i1 %flip, ptr %pa, ptr %pb
  %end = getelementptr inbounds float, ptr %p, i64 %n
  br label %loop
loop:
  %q = phi ptr [ %p, %entry ], [ %q.next, %loop ]
  %s = phi float [ 0.000000e+00, %entry ], [ %s.next, %loop ]
  %v = load float, ptr %q, align 4
  %s.next = fadd float %s, %v
  %q.next = getelementptr inbounds float, ptr %q, i64 2
  %more = icmp ult ptr %q.next, %end
  br i1 %more, label %loop, label %exit
exit:
  %mixed = select i1 %flip, ptr %pa, ptr %pg
  %w = load float, ptr %mixed, align 4
  %t = fadd float %s.next, %w
  store float %t, ptr %out, align 4
  call void @use(ptr %p)
  ret void
}

; CHECK-NOT: %pb = addrspacecast
; CHECK: %p = select i1 %flip, ptr addrspace(3) @a, ptr addrspace(3) @b
; CHECK-NEXT: %p.generic = addrspacecast ptr addrspace(3) %p to ptr
; CHECK-NEXT: %end = getelementptr inbounds float, ptr addrspace(3) %p, i64 %n
; CHECK: loop:
; CHECK-NEXT: %q = phi ptr addrspace(3) [ %p, %entry ], [ %q.next, %loop ]
; CHECK-NOT: %q.generic
; CHECK: %v = load float, ptr addrspace(3) %q, align 4
; CHECK: %q.next = getelementptr inbounds float, ptr addrspace(3) %q, i64 2
; CHECK-NEXT: %more = icmp ult ptr addrspace(3) %q.next, %end
; CHECK: exit:
; CHECK-NEXT: %mixed = select i1 %flip, ptr %pa, ptr %pg
; CHECK-NEXT: %w = load float, ptr %mixed, align 4
; CHECK: store float %t, ptr %out, align 4
; CHECK-NEXT: call void @use(ptr %p.generic)
; REMARK: [memory-space-opt] `k`: memory accesses given their address space: 1 shared
; REMARK: [memory-space-opt] missed: load in `k` stays generic: its pointer's space is not known
; REMARK: [memory-space-opt] missed: store in `k` stays generic: its pointer's space is not known
