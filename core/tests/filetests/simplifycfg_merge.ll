; RUN: simplifycfg
; A block whose only predecessor ends in a branch to it joins that
; predecessor: its single-entry phi becomes the incoming value, the phis of
; its successors name the predecessor, and a loop latch keeps its unroll hint.

define void @f(ptr %p, i32 %n) {
entry:
  br label %head

head:                                   ; preds = %entry, %latch
  %i = phi i32 [ 0, %entry ], [ %inc, %latch ]
  %cmp = icmp slt i32 %i, %n
  br i1 %cmp, label %body, label %exit

body:                                   ; preds = %head
  store i32 %i, ptr %p, align 4
  br label %latch

latch:                                  ; preds = %body
  %inc = add nsw i32 %i, 1
  br label %head, !llvm.loop.unroll.full

exit:                                   ; preds = %head
  br label %ret

ret:                                    ; preds = %exit
  %last = phi i32 [ %i, %exit ]
  store i32 %last, ptr %p, align 4
  ret void
}

; CHECK: head: ; preds = %entry, %body
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %inc, %body ]
; CHECK: body: ; preds = %head
; CHECK-NEXT: store i32 %i, ptr %p, align 4
; CHECK-NEXT: %inc = add nsw i32 %i, 1
; CHECK-NEXT: br label %head, !llvm.loop.unroll.full
; CHECK: exit: ; preds = %head
; CHECK-NEXT: store i32 %i, ptr %p, align 4
; CHECK-NEXT: ret void
; CHECK-NOT: latch
; CHECK-NOT: phi
; CHECK-NOT: ret:
; REMARK: [simplifycfg] `f`: control flow simplified (3 instructions fewer, 2 blocks fewer)
; REMARK-NOT: missed:
