; RUN: indvars
; The i32 counter %i (step %s, loop-invariant; nsw) indexes memory through
; sext: it gets an i64 twin whose start and step are extended once in the
; preheader, and the loop's sext of %i and of %i.next become the twin. The
; counter %j, whose increment may wrap (no nsw), keeps its sext.

define void @f(ptr addrspace(1) %p, i32 %n, i32 %s, i32 %b) {
entry:
  br label %for.body.lr.ph

for.body.lr.ph:
  br label %for.body

for.body:
  %i = phi i32 [ %b, %for.body.lr.ph ], [ %i.next, %for.body ]
  %j = phi i32 [ 0, %for.body.lr.ph ], [ %j.next, %for.body ]
  %idx = sext i32 %i to i64
  %a = getelementptr inbounds float, ptr addrspace(1) %p, i64 %idx
  store float 0.000000e+00, ptr addrspace(1) %a, align 4
  %jdx = sext i32 %j to i64
  %c = getelementptr inbounds float, ptr addrspace(1) %p, i64 %jdx
  store float 1.000000e+00, ptr addrspace(1) %c, align 4
  %i.next = add nsw i32 %i, %s
  %j.next = add i32 %j, 1
  %ndx = sext i32 %i.next to i64
  %d = getelementptr inbounds float, ptr addrspace(1) %p, i64 %ndx
  store float 2.000000e+00, ptr addrspace(1) %d, align 4
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %for.body, label %for.end

for.end:
  ret void
}

; CHECK: for.body.lr.ph:
; CHECK-NEXT: %i.wide.start = sext i32 %b to i64
; CHECK-NEXT: %i.wide.step = sext i32 %s to i64
; CHECK-NEXT: br label %for.body
; CHECK: for.body:
; CHECK-NEXT: %i.wide = phi i64 [ %i.wide.start, %for.body.lr.ph ], [ %i.next.wide, %for.body ]
; CHECK-NEXT: %i = phi i32
; CHECK-NEXT: %j = phi i32
; CHECK-NEXT: %a = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i.wide
; CHECK: %jdx = sext i32 %j to i64
; CHECK: %i.next = add nsw i32 %i, %s
; CHECK-NEXT: %i.next.wide = add nsw i64 %i.wide, %i.wide.step
; CHECK-NEXT: %j.next = add i32 %j, 1
; CHECK-NEXT: %d = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i.next.wide
; REMARK: [indvars] `f`: loop counters widened to 64 bits (2 instructions more)
; REMARK-NOT: missed:
