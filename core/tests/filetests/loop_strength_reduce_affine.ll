; Loop strength reduction of addresses affine in the counter, as a loop
; unrolled twice leaves them: `A[rk + k]` and `A[rk + k + 1]` share one
; pointer from `A + rk * 4` (the second at +4) stepping 8 bytes;
; `B[k * n + c]` and `B[(k + 1) * n + c]` share one from `B + c * 4`
; stepping by the run-time stride `n * 4`: copy 1 is copy 0 plus the
; stride, and the next iteration's pointer is copy 1 plus the stride (nvcc's
; chain of `add.s64`). The index arithmetic they replace goes. In @two_ivs
; an index reads the counter twice (`k * k`): no pointer.
; RUN: loop-reduce
define void @affine(ptr addrspace(1) %A, ptr addrspace(1) %B, i64 %rk, i64 %n, i64 %c, i32 %t) {
entry:
  br label %loop

loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %j = phi i32 [ %t, %entry ], [ %j.next, %loop ]
  %ia = add nsw i64 %rk, %k
  %pa = getelementptr inbounds float, ptr addrspace(1) %A, i64 %ia
  %va = load float, ptr addrspace(1) %pa, align 4
  %k1 = add nsw i64 %k, 1
  %ia1 = add nsw i64 %rk, %k1
  %pa1 = getelementptr inbounds float, ptr addrspace(1) %A, i64 %ia1
  %va1 = load float, ptr addrspace(1) %pa1, align 4
  %m0 = mul nsw i64 %k, %n
  %ib = add nsw i64 %m0, %c
  %pb = getelementptr inbounds float, ptr addrspace(1) %B, i64 %ib
  store float %va, ptr addrspace(1) %pb, align 4
  %m1 = mul nsw i64 %k1, %n
  %ib1 = add nsw i64 %m1, %c
  %pb1 = getelementptr inbounds float, ptr addrspace(1) %B, i64 %ib1
  store float %va1, ptr addrspace(1) %pb1, align 4
  %k.next = add nsw i64 %k, 2
  %j.next = add i32 %j, -1
  %cnd = icmp ne i32 %j.next, 0
  br i1 %cnd, label %loop, label %exit

exit:
  ret void
}

define void @two_ivs(ptr addrspace(1) %A, i32 %t) {
entry:
  br label %loop

loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %j = phi i32 [ %t, %entry ], [ %j.next, %loop ]
  %sq = mul nsw i64 %k, %k
  %p = getelementptr inbounds float, ptr addrspace(1) %A, i64 %sq
  store float 0.000000e+00, ptr addrspace(1) %p, align 4
  %k.next = add nsw i64 %k, 1
  %j.next = add i32 %j, -1
  %cnd = icmp ne i32 %j.next, 0
  br i1 %cnd, label %loop, label %exit

exit:
  ret void
}
; CHECK: define void @affine
; CHECK: entry:
; CHECK-NEXT: %scevgep = getelementptr inbounds float, ptr addrspace(1) %A, i64 %rk
; CHECK-NEXT: %lsr.mul = shl i64 %n, 2
; CHECK-NEXT: %scevgep1 = getelementptr inbounds float, ptr addrspace(1) %B, i64 %c
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK-NEXT: %lsr.iv1 = phi ptr addrspace(1) [ %scevgep1, %entry ], [ %lsr.iv.next1, %loop ]
; CHECK-NEXT: %lsr.iv = phi ptr addrspace(1) [ %scevgep, %entry ], [ %lsr.iv.next, %loop ]
; CHECK-NOT: %k =
; CHECK: %lsr.iv.copy = getelementptr inbounds i8, ptr addrspace(1) %lsr.iv1, i64 %lsr.mul
; CHECK-NEXT: %va = load float, ptr addrspace(1) %lsr.iv, align 4
; CHECK-NEXT: %pa1 = getelementptr inbounds i8, ptr addrspace(1) %lsr.iv, i64 4
; CHECK-NEXT: %va1 = load float, ptr addrspace(1) %pa1, align 4
; CHECK-NEXT: store float %va, ptr addrspace(1) %lsr.iv1, align 4
; CHECK-NEXT: store float %va1, ptr addrspace(1) %lsr.iv.copy, align 4
; CHECK-NOT: mul
; CHECK: %lsr.iv.next = getelementptr inbounds i8, ptr addrspace(1) %lsr.iv, i64 8
; CHECK-NEXT: %lsr.iv.next1 = getelementptr inbounds i8, ptr addrspace(1) %lsr.iv.copy, i64 %lsr.mul
; CHECK-NEXT: br i1 %cnd, label %loop, label %exit
; CHECK: define void @two_ivs
; CHECK: %sq = mul nsw i64 %k, %k
; CHECK-NOT: lsr.iv
; REMARK: [loop-reduce] `affine`: 4 address(es) now a pointer stepping with its loop
; REMARK-NOT: two_ivs
