; RUN: simplifycfg
; Switches: one on a constant becomes a jump to its case (the other cases
; are deleted, the phi keeps the taken edge's entry); cases that go to the
; default go; a switch left with one case becomes a compare and a branch.

define i32 @konst(i32 %x) {
entry:
  switch i32 2, label %other [ i32 1, label %one i32 2, label %two ]

one:                                    ; preds = %entry
  br label %end

two:                                    ; preds = %entry
  %b = mul i32 %x, 3
  br label %end

other:                                  ; preds = %entry
  br label %end

end:                                    ; preds = %one, %two, %other
  %r = phi i32 [ 1, %one ], [ %b, %two ], [ 0, %other ]
  ret i32 %r
}

define i32 @one_case(i32 %x) {
entry:
  switch i32 %x, label %end [ i32 7, label %seven i32 8, label %end i32 9, label %end ]

seven:                                  ; preds = %entry
  br label %end

end:                                    ; preds = %entry, %seven
  %r = phi i32 [ 0, %entry ], [ 70, %seven ], [ 0, %entry ], [ 0, %entry ]
  ret i32 %r
}

; CHECK: define i32 @konst(i32 %x) {
; CHECK-NEXT: entry:
; CHECK-NEXT: %b = mul i32 %x, 3
; CHECK-NEXT: ret i32 %b
; CHECK-NOT: switch
; CHECK: define i32 @one_case(i32 %x) {
; The compare and branch that replace the switch then fold with the empty
; arm into a select.
; CHECK: %switch.cmp = icmp eq i32 %x, 7
; CHECK-NEXT: %r = select i1 %switch.cmp, i32 70, i32 0
; REMARK: [simplifycfg] `konst`: control flow simplified (5 instructions fewer, 4 blocks fewer)
; REMARK: [simplifycfg] `one_case`: control flow simplified (1 instruction fewer, 2 blocks fewer)
; REMARK-NOT: missed:
