; #pragma unroll on a loop of 4 iterations (after loop-rotate): four copies,
; named .1 .2 .3, each reading the previous copy's values; no back branch;
; the value after the loop is the last copy's.
; RUN: loop-unroll
define float @sum4(ptr addrspace(1) %in, i32 %tid) {
entry:
  br label %for.body

for.body:
  %i = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  %sum = phi float [ 0.000000e+00, %entry ], [ %add2, %for.body ]
  %mul1 = mul nsw i32 %i, 128
  %add1 = add nsw i32 %tid, %mul1
  %idxprom = sext i32 %add1 to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idxprom
  %arrayval = load float, ptr addrspace(1) %arrayidx, align 4
  %add2 = fadd contract float %sum, %arrayval
  %inc = add nsw i32 %i, 1
  %cmp = icmp slt i32 %inc, 4
  br i1 %cmp, label %for.body, label %for.end, !llvm.loop.unroll.full

for.end:
  %r = fmul float %add2, 2.000000e+00
  ret float %r
}
; The copies' induction values fold to constants (the first copy's
; `mul 0, 128` and `add 0, 1`, then the chains after them).
; CHECK: for.body:
; CHECK-NEXT: %add1 = add nsw i32 %tid, 0
; CHECK: %add2 = fadd contract float 0.000000e+00, %arrayval
; CHECK-NOT: %inc =
; CHECK: br label %for.body.1
; CHECK: for.body.1:
; CHECK-NEXT: %add1.1 = add nsw i32 %tid, 128
; CHECK: %add2.1 = fadd contract float %add2, %arrayval.1
; CHECK: br label %for.body.2
; CHECK: for.body.2:
; CHECK-NEXT: %add1.2 = add nsw i32 %tid, 256
; CHECK: %add2.2 = fadd contract float %add2.1, %arrayval.2
; CHECK: br label %for.body.3
; CHECK: for.body.3:
; CHECK: %add2.3 = fadd contract float %add2.2, %arrayval.3
; CHECK-NOT: br i1
; CHECK: br label %for.end
; CHECK: for.end:
; CHECK-NEXT: %r = fmul float %add2.3, 2.000000e+00
; CHECK-NOT: for.body.4
; CHECK-NOT: !llvm.loop
; REMARK: [loop-unroll] loop in `sum4` unrolled fully (4 iterations, pragma)
; REMARK-NOT: missed:
