; RUN: simplifycfg
; A branch on a constant becomes unconditional; the arm it never takes is
; deleted, the phi loses that arm's entry, and the blocks left in a chain
; merge into one.

define i32 @f(i32 %x) {
entry:
  br i1 false, label %if.then, label %if.else

if.then:                                ; preds = %entry
  %a = add i32 %x, 1
  br label %if.end

if.else:                                ; preds = %entry
  %b = mul i32 %x, 3
  br label %if.end

if.end:                                 ; preds = %if.then, %if.else
  %r = phi i32 [ %a, %if.then ], [ %b, %if.else ]
  ret i32 %r
}

; CHECK: entry:
; CHECK-NEXT: %b = mul i32 %x, 3
; CHECK-NEXT: ret i32 %b
; CHECK-NOT: if.then
; CHECK-NOT: phi
; CHECK-NOT: br
; REMARK: [simplifycfg] `f`: control flow simplified (5 instructions fewer, 3 blocks fewer)
; REMARK-NOT: missed:
