; RUN: jump-threading
; From %a, %v is 42, so %merge's test is known: %a branches to a copy of
; %merge that jumps straight to %yes. %w, used after %merge, is computed on
; both paths now (43 in the copy, folded) and meets in a phi in %yes.

define i32 @f(i1 %c, i32 %x) {
entry:
  br i1 %c, label %a, label %b

a:
  br label %merge

b:
  br label %merge

merge:
  %v = phi i32 [ 42, %a ], [ %x, %b ]
  %w = add i32 %v, 1
  %t = icmp eq i32 %v, 42
  br i1 %t, label %yes, label %no

yes:
  ret i32 %w

no:
  ret i32 0
}

; CHECK: a:
; CHECK-NEXT: br label %merge.thread
; CHECK: merge:
; CHECK-NEXT: %v = phi i32 [ %x, %b ]
; CHECK: merge.thread:
; CHECK-NEXT: br label %yes
; CHECK: yes:
; CHECK-NEXT: %w1 = phi i32 [ %w, %merge ], [ 43, %merge.thread ]
; CHECK-NEXT: ret i32 %w1
; REMARK: [jump-threading] `f`: 1 edge threaded past a branch they decide
