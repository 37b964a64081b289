; RUN: loop-deletion
; The loop computes %acc for nobody, stores nothing and ends (%i.next steps
; by 1 with nsw towards %n): it goes, and the exit phi takes the value the
; loop never changed (%x) from the preheader.

define i32 @dead(i32 %n, i32 %x) {
entry:
  br label %for.body.lr.ph

for.body.lr.ph:
  br label %for.body

for.body:
  %i = phi i32 [ 0, %for.body.lr.ph ], [ %i.next, %for.body ]
  %acc = phi i32 [ 0, %for.body.lr.ph ], [ %acc.next, %for.body ]
  %acc.next = add i32 %acc, %i
  %i.next = add nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %for.body, label %for.end

for.end:
  %r = phi i32 [ %x, %for.body ]
  ret i32 %r
}

; CHECK: for.body.lr.ph:
; CHECK-NEXT: br label %for.end
; CHECK-NOT: %acc
; CHECK: for.end:
; CHECK-NEXT: %r = phi i32 [ %x, %for.body.lr.ph ]
; CHECK-NEXT: ret i32 %r
; REMARK: [loop-deletion] loop in `dead` deleted (no effect, result unused, it ends)
