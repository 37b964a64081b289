; RUN: dce
; Values that only feed each other around a loop are dead although each has
; a use: two phis that pass a value back and forth, and a counter that is
; updated (through an add) but never read. The live counter stays.

define void @f(ptr %p, i32 %n) {
entry:
  br label %loop

loop:                                   ; preds = %entry, %loop
  %i = phi i32 [ 0, %entry ], [ %inc, %loop ]
  %swap1 = phi i32 [ 0, %entry ], [ %swap2, %loop ]
  %swap2 = phi i32 [ 1, %entry ], [ %swap1, %loop ]
  %unused = phi i32 [ 0, %entry ], [ %bump, %loop ]
  %bump = add nsw i32 %unused, 2
  %inc = add i32 %i, 1
  %cmp = icmp slt i32 %inc, %n
  br i1 %cmp, label %loop, label %exit

exit:                                   ; preds = %loop
  store i32 %i, ptr %p, align 4
  ret void
}

; CHECK: loop:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %inc, %loop ]
; CHECK-NEXT: %inc = add i32 %i, 1
; CHECK-NOT: %swap
; CHECK-NOT: %unused
; CHECK-NOT: %bump
; CHECK: exit:
; CHECK-NEXT: store i32 %i, ptr %p, align 4
; REMARK: [dce] `f`: dead instructions deleted (4 instructions fewer)
; REMARK-NOT: missed:
