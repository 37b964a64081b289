; RUN: gvn
; A value stored before a loop is not the value a load in the loop reads
; when the loop stores to the same place: the path into the loop body
; through its back edge passes that store. A load after a loop that only
; reads still takes the stored value.

define void @f(ptr addrspace(5) %acc, ptr addrspace(1) %out, i32 %n) {
entry:
  store float 0.000000e+00, ptr addrspace(5) %acc, align 4
  br label %for.cond

for.cond:                               ; preds = %entry, %for.body
  %k = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  %cmp = icmp slt i32 %k, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:                               ; preds = %for.cond
  %v = load float, ptr addrspace(5) %acc, align 4
  %w = fadd float %v, 1.000000e+00
  store float %w, ptr addrspace(5) %acc, align 4
  %inc = add nsw i32 %k, 1
  br label %for.cond

for.end:                                ; preds = %for.cond
  %r = load float, ptr addrspace(5) %acc, align 4
  store float %r, ptr addrspace(1) %out, align 4
  br label %scan

scan:                                   ; preds = %for.end, %scan
  %j = phi i32 [ 0, %for.end ], [ %j.next, %scan ]
  %x = load float, ptr addrspace(5) %acc, align 4
  %j.next = add nsw i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %scan, label %exit

exit:                                   ; preds = %scan
  store float %x, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK: for.body:
; CHECK-NEXT: %v = load float, ptr addrspace(5) %acc, align 4
; CHECK-NEXT: %w = fadd float %v, 1.000000e+00
; CHECK: for.end:
; CHECK-NEXT: %r = load float, ptr addrspace(5) %acc, align 4
; CHECK: scan:
; CHECK-NOT: load
; CHECK: exit:
; CHECK-NEXT: store float %r, ptr addrspace(1) %out, align 4
; REMARK: [gvn] `f`: redundant computations and loads removed (1 instruction fewer)
; REMARK-NOT: missed:
