; A loop entered from two blocks gets a preheader (loop.preheader, with the
; phi of the entries, %i.ph) to hold what moves; a loop with nothing to move
; gets none.
; RUN: licm
define i32 @two_entries(i1 %c, i32 %n, i32 %m) {
entry:
  br i1 %c, label %a, label %b

a:
  br label %loop

b:
  br label %loop

loop:
  %i = phi i32 [ 0, %a ], [ 1, %b ], [ %i.next, %loop ]
  %k = mul i32 %m, %m
  %i.next = add i32 %i, %k
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  ret i32 %i.next
}

define i32 @nothing_to_move(i1 %c, i32 %n) {
entry:
  br i1 %c, label %a, label %b

a:
  br label %loop

b:
  br label %loop

loop:
  %i = phi i32 [ 0, %a ], [ 1, %b ], [ %i.next, %loop ]
  %i.next = add i32 %i, 3
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  ret i32 %i.next
}
; CHECK: define i32 @two_entries
; CHECK: a:
; CHECK-NEXT: br label %loop.preheader
; CHECK: b:
; CHECK-NEXT: br label %loop.preheader
; CHECK: loop.preheader:
; CHECK-NEXT: %i.ph = phi i32 [ 0, %a ], [ 1, %b ]
; CHECK-NEXT: %k = mul i32 %m, %m
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK-NEXT: %i = phi i32 [ %i.ph, %loop.preheader ], [ %i.next, %loop ]
; CHECK: define i32 @nothing_to_move
; CHECK-NOT: preheader
; CHECK: loop:
; CHECK-NEXT: %i = phi i32 [ 0, %a ], [ 1, %b ], [ %i.next, %loop ]
; REMARK: [licm] hoisted 1 instruction out of the loop in `two_entries`
; REMARK-NOT: missed:
