; A loop bounded by a parameter: the header's test is copied into the
; preheader as the guard (%cmp.pre), the loop is entered through
; for.body.lr.ph, and the value after the loop comes from the guard's path
; or the loop's (%sum.lcssa).
; RUN: loop-rotate
define float @sum(ptr addrspace(1) %in, i32 %n) {
entry:
  br label %for.cond

for.cond:
  %i = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  %sum = phi float [ 0.000000e+00, %entry ], [ %add, %for.body ]
  %cmp = icmp slt i32 %i, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:
  %idxprom = sext i32 %i to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idxprom
  %v = load float, ptr addrspace(1) %arrayidx, align 4
  %add = fadd float %sum, %v
  %inc = add nsw i32 %i, 1
  br label %for.cond

for.end:
  %r = fmul float %sum, 2.000000e+00
  ret float %r
}
; CHECK: entry:
; CHECK-NEXT: %cmp.pre = icmp slt i32 0, %n
; CHECK-NEXT: br i1 %cmp.pre, label %for.body.lr.ph, label %for.end
; CHECK: for.body.lr.ph:
; CHECK-NEXT: br label %for.body
; CHECK: for.body:
; CHECK-NEXT: %i = phi i32 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
; CHECK-NEXT: %sum = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add, %for.body ]
; CHECK: %inc = add nsw i32 %i, 1
; CHECK-NEXT: %cmp = icmp slt i32 %inc, %n
; CHECK-NEXT: br i1 %cmp, label %for.body, label %for.end
; CHECK: for.end:
; CHECK-NEXT: %sum.lcssa = phi float [ 0.000000e+00, %entry ], [ %add, %for.body ]
; CHECK-NEXT: %r = fmul float %sum.lcssa, 2.000000e+00
; CHECK-NOT: for.cond
; REMARK: [loop-rotate] loop in `sum` rotated: tested at the bottom, guarded before
; REMARK-NOT: missed:
