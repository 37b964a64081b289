; A counted for loop: the guard folds (0 < 8), the test moves to the end of
; the body, the header's phis move to the body, and the exit reads the last
; value from the latch.
; RUN: loop-rotate
define void @sum8(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %tid) {
entry:
  br label %for.cond

for.cond:
  %i = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  %sum = phi float [ 0.000000e+00, %entry ], [ %add2, %for.body ]
  %cmp = icmp slt i32 %i, 8
  br i1 %cmp, label %for.body, label %for.end

for.body:
  %mul1 = mul nsw i32 %i, 128
  %add1 = add nsw i32 %tid, %mul1
  %idxprom = sext i32 %add1 to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idxprom
  %arrayval = load float, ptr addrspace(1) %arrayidx, align 4
  %add2 = fadd contract float %sum, %arrayval
  %inc = add nsw i32 %i, 1
  br label %for.cond, !llvm.loop.unroll.full

for.end:
  store float %sum, ptr addrspace(1) %out, align 4
  ret void
}
; CHECK: entry:
; CHECK-NEXT: br label %for.body
; CHECK: for.body:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %inc, %for.body ]
; CHECK-NEXT: %sum = phi float [ 0.000000e+00, %entry ], [ %add2, %for.body ]
; CHECK: %inc = add nsw i32 %i, 1
; CHECK-NEXT: %cmp = icmp slt i32 %inc, 8
; CHECK-NEXT: br i1 %cmp, label %for.body, label %for.end, !llvm.loop.unroll.full
; CHECK: for.end:
; CHECK-NEXT: store float %add2, ptr addrspace(1) %out
; CHECK-NOT: for.cond
; REMARK: [loop-rotate] loop in `sum8` rotated: tested at the bottom, guarded before
; REMARK-NOT: missed:
