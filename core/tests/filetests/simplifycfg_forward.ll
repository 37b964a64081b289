; RUN: simplifycfg
; A block that only branches on goes: its predecessors branch to its
; successor, whose phis take the value from them (the empty `cond.false` of
; `c ? x : 0`). It stays when its successor heads a loop (the preheader), and
; when a predecessor already reaches the successor with another value.

define i32 @f(i1 %c, i1 %d, i32 %x, ptr %p) {
entry:
  br i1 %c, label %cond.true, label %cond.false

cond.true:                              ; preds = %entry
  %v = load i32, ptr %p, align 4
  br label %cond.end

cond.false:                             ; preds = %entry
  br label %cond.end

cond.end:                               ; preds = %cond.true, %cond.false
  %r = phi i32 [ %v, %cond.true ], [ 0, %cond.false ]
  br i1 %d, label %other, label %pre

other:                                  ; preds = %cond.end
  switch i32 %x, label %join [ i32 1, label %hop i32 7, label %seven ]

hop:                                    ; preds = %other
  br label %join

seven:                                  ; preds = %other
  store i32 7, ptr %p, align 4
  br label %join

join:                                   ; preds = %other, %hop, %seven
  %j = phi i32 [ 1, %other ], [ 2, %hop ], [ 3, %seven ]
  store i32 %j, ptr %p, align 4
  br label %pre

pre:                                    ; preds = %cond.end, %join
  br label %loop

loop:                                   ; preds = %pre, %loop
  %i = phi i32 [ %r, %pre ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %x
  br i1 %more, label %loop, label %exit

exit:                                   ; preds = %loop
  ret i32 %i.next
}

; CHECK: entry:
; CHECK-NEXT: br i1 %c, label %cond.true, label %cond.end
; CHECK-NOT: cond.false
; CHECK: cond.end: ; preds = %entry, %cond.true
; CHECK-NEXT: %r = phi i32 [ %v, %cond.true ], [ 0, %entry ]
; CHECK: other:
; CHECK-NEXT: switch i32 %x, label %join [ i32 1, label %hop i32 7, label %seven ]
; CHECK: hop:
; CHECK-NEXT: br label %join
; CHECK: join:
; CHECK-NEXT: %j = phi i32 [ 1, %other ], [ 2, %hop ], [ 3, %seven ]
; CHECK: pre:
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK-NEXT: %i = phi i32 [ %r, %pre ], [ %i.next, %loop ]
; REMARK: [simplifycfg] `f`: control flow simplified (1 instruction fewer, 1 block fewer)
; REMARK-NOT: missed:
