; Nested loops: the inner loop is rotated first, then the outer one, whose
; header computes an address (copied, as %base.pre, with the guard).
; RUN: loop-rotate
define void @fill(ptr addrspace(1) %a, i32 %n, i32 %m) {
entry:
  br label %for.cond

for.cond:
  %i = phi i32 [ 0, %entry ], [ %inc6, %for.end ]
  %mul = mul nsw i32 %i, %m
  %cmp = icmp slt i32 %i, %n
  br i1 %cmp, label %for.body, label %for.end7

for.body:
  br label %for.cond1

for.cond1:
  %j = phi i32 [ 0, %for.body ], [ %inc, %for.body3 ]
  %cmp2 = icmp slt i32 %j, %m
  br i1 %cmp2, label %for.body3, label %for.end

for.body3:
  %add = add nsw i32 %mul, %j
  %idxprom = sext i32 %add to i64
  %arrayidx = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %idxprom
  store i32 %j, ptr addrspace(1) %arrayidx, align 4
  %inc = add nsw i32 %j, 1
  br label %for.cond1

for.end:
  %inc6 = add nsw i32 %i, 1
  br label %for.cond

for.end7:
  ret void
}
; CHECK: entry:
; CHECK-NEXT: %mul.pre = mul nsw i32 0, %m
; CHECK-NEXT: %cmp.pre = icmp slt i32 0, %n
; CHECK-NEXT: br i1 %cmp.pre, label %for.body.lr.ph, label %for.end7
; CHECK: for.body:
; CHECK-NEXT: %i = phi i32 [ 0, %for.body.lr.ph ], [ %inc6, %for.end ]
; CHECK-NEXT: %mul.rot = phi i32 [ %mul.pre, %for.body.lr.ph ], [ %mul, %for.end ]
; CHECK-NEXT: %cmp2.pre = icmp slt i32 0, %m
; CHECK-NEXT: br i1 %cmp2.pre, label %for.body3.lr.ph, label %for.end
; CHECK: for.body3:
; CHECK-NEXT: %j = phi i32 [ 0, %for.body3.lr.ph ], [ %inc, %for.body3 ]
; CHECK-NEXT: %add = add nsw i32 %mul.rot, %j
; CHECK: %cmp2 = icmp slt i32 %inc, %m
; CHECK-NEXT: br i1 %cmp2, label %for.body3, label %for.end
; CHECK: for.end:
; CHECK-NEXT: %inc6 = add nsw i32 %i, 1
; CHECK-NEXT: %mul = mul nsw i32 %inc6, %m
; CHECK-NEXT: %cmp = icmp slt i32 %inc6, %n
; CHECK-NEXT: br i1 %cmp, label %for.body, label %for.end7
; CHECK-NOT: for.cond
; REMARK: [loop-rotate] loop in `fill` rotated: tested at the bottom, guarded before
; REMARK: [loop-rotate] loop in `fill` rotated: tested at the bottom, guarded before
; REMARK-NOT: missed:
