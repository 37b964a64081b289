; RUN: loop-deletion
; sccp left %dead.case (no predecessor, the switch that led to it folded)
; branching into the loop's latch: the dominator tree does not see it, so
; the loop has a second way in. Deleting the loop would leave it branching
; to a removed block; the loop stays (simplifycfg removes %dead.case, and
; the next loop-deletion the loop).

define i32 @side(i32 %p) {
entry:
  br label %body

body:
  %w = phi i32 [ 2, %entry ], [ %dec, %latch ]
  %dec = sub nsw i32 %w, 1
  br label %latch

dead.case:
  %t = icmp ne i32 %p, 0
  br label %latch

latch:
  %cmp = icmp sgt i32 %dec, 0
  br i1 %cmp, label %body, label %end

end:
  ret i32 %p
}

; CHECK: body:
; CHECK: %dec = sub nsw i32 %w, 1
; CHECK: dead.case:
; CHECK-NEXT: %t = icmp ne i32 %p, 0
; CHECK-NEXT: br label %latch
; CHECK: latch:
; REMARK-NOT: [loop-deletion]
