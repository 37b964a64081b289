; Runtime unrolling of a loop with indvars' 64-bit twin of its int
; counter (%i.wide is always sext %i: same start, same nsw step): the
; remainder starts the 64-bit counter from the 32-bit one's value, extended
; in the remainder's preheader, so after loop-reduce only the 32-bit
; counter is left in the unrolled loop and the remainder's start address is
; one mul.wide.s32, as nvcc's. A 64-bit counter stepping by another amount
; (%j.wide) is no twin and leaves as a phi.
; RUN: loop-unroll
define void @add(ptr addrspace(1) %a, i32 %n) {
entry:
  %cmp.pre = icmp slt i32 0, %n
  br i1 %cmp.pre, label %for.body.lr.ph, label %for.end

for.body.lr.ph:
  br label %for.body

for.body:
  %i.wide = phi i64 [ 0, %for.body.lr.ph ], [ %inc.wide, %for.body ]
  %j.wide = phi i64 [ 0, %for.body.lr.ph ], [ %j.next, %for.body ]
  %i = phi i32 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i.wide
  %v = load float, ptr addrspace(1) %p, align 4
  %w = fadd float %v, 1.000000e+00
  %q = getelementptr inbounds float, ptr addrspace(1) %a, i64 %j.wide
  store float %w, ptr addrspace(1) %q, align 4
  %inc = add nsw i32 %i, 1
  %inc.wide = add nsw i64 %i.wide, 1
  %j.next = add nsw i64 %j.wide, 2
  %cmp = icmp slt i32 %inc, %n
  br i1 %cmp, label %for.body, label %for.end

for.end:
  ret void
}
; CHECK: for.end.loopexit.unr-lcssa:
; CHECK-NOT: %i.wide.unr = phi
; CHECK: %j.wide.unr = phi i64 [ 0, %for.body.lr.ph ], [ %j.next.3, %for.body.3 ]
; CHECK: %i.unr = phi i32 [ 0, %for.body.lr.ph ], [ %inc.3, %for.body.3 ]
; CHECK: for.body.epil.preheader:
; CHECK-NEXT: %i.wide.unr = sext i32 %i.unr to i64
; CHECK: for.body.epil:
; CHECK: %i.wide.epil = phi i64 [ %i.wide.unr, %for.body.epil.preheader ], [ %inc.wide.epil, %for.body.epil ]
