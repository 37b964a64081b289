; RUN: loop-rotate
; Two header phis that swap (q takes p's value, p a new one) in a loop that
; always runs (the guard folds away, so the exit has one predecessor and no
; phis): after the loop q reads the p of the last iteration, not p's next
; value. (difftest seed 100432: every updater rewrites only the uses there
; were before any ran, not an operand another one put there.)

define void @f(ptr %out, i32 %a, i32 %b) {
entry:
  br label %for.cond

for.cond:                               ; preds = %entry, %for.body
  %k = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  %q = phi i32 [ %b, %entry ], [ %p, %for.body ]
  %p = phi i32 [ %a, %entry ], [ %add1, %for.body ]
  %cmp = icmp slt i32 %k, 4
  br i1 %cmp, label %for.body, label %for.end

for.body:                               ; preds = %for.cond
  %add1 = add nsw i32 %q, %k
  %inc = add nsw i32 %k, 1
  br label %for.cond

for.end:                                ; preds = %for.cond
  store i32 %p, ptr %out, align 4
  store i32 %q, ptr %out, align 4
  ret void
}

; CHECK: for.body:
; CHECK-NEXT: %k = phi i32 [ 0, %entry ], [ %inc, %for.body ]
; CHECK-NEXT: %q = phi i32 [ %b, %entry ], [ %p, %for.body ]
; CHECK-NEXT: %p = phi i32 [ %a, %entry ], [ %add1, %for.body ]
; CHECK: for.end:
; CHECK-NEXT: store i32 %add1, ptr %out, align 4
; CHECK-NEXT: store i32 %p, ptr %out, align 4
; REMARK: [loop-rotate] loop in `f` rotated: tested at the bottom, guarded before
