; RUN: loop-reduce
; A pointer stepping by a run-time number of floats (`p += blockDim.x`,
; the count widened in the loop, where isel would fold the widening into a
; `mul.wide` on every iteration) steps by a byte stride made once in the
; preheader, as LLVM's LSR leaves nvcc's loop: one `add.s64` per
; iteration. In @bytes the step is already in bytes: nothing to do.

define float @f(ptr addrspace(1) %p0, ptr addrspace(1) %end, i32 %n) {
entry:
  br label %loop

loop:
  %v = phi float [ 0.000000e+00, %entry ], [ %s, %loop ]
  %p = phi ptr addrspace(1) [ %p0, %entry ], [ %p.next, %loop ]
  %x = load float, ptr addrspace(1) %p, align 4
  %s = fadd float %v, %x
  %w = zext i32 %n to i64
  %p.next = getelementptr inbounds float, ptr addrspace(1) %p, i64 %w
  %c = icmp ult ptr addrspace(1) %p.next, %end
  br i1 %c, label %loop, label %exit

exit:
  ret float %s
}

define void @bytes(ptr addrspace(1) %p0, ptr addrspace(1) %end, i64 %n) {
entry:
  br label %loop

loop:
  %p = phi ptr addrspace(1) [ %p0, %entry ], [ %p.next, %loop ]
  store i8 0, ptr addrspace(1) %p, align 1
  %p.next = getelementptr inbounds i8, ptr addrspace(1) %p, i64 %n
  %c = icmp ult ptr addrspace(1) %p.next, %end
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

; CHECK: define float @f
; CHECK: entry:
; CHECK-NEXT: %w1 = zext i32 %n to i64
; CHECK-NEXT: %lsr.stride = shl i64 %w1, 2
; CHECK-NEXT: br label %loop
; CHECK: %p.next = getelementptr inbounds i8, ptr addrspace(1) %p, i64 %lsr.stride
; CHECK: define void @bytes
; CHECK: %p.next = getelementptr inbounds i8, ptr addrspace(1) %p, i64 %n
