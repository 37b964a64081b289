; loop-simplify: the loop, entered from %entry and %other and left to %exit
; (which %other also reaches) from two blocks, gets a preheader, a single
; latch and a dedicated exit.
; RUN: loop-simplify
define i32 @f(i1 %c, i32 %n) {
entry:
  br i1 %c, label %loop, label %other

other:
  br i1 %c, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ 5, %other ], [ %a, %left ], [ %b, %right ]
  %d = icmp slt i32 %i, %n
  br i1 %d, label %body, label %exit

body:
  %odd = and i32 %i, 1
  %e = icmp eq i32 %odd, 0
  br i1 %e, label %left, label %right

left:
  %a = add i32 %i, 1
  br label %loop

right:
  %b = add i32 %i, 3
  %big = icmp sgt i32 %b, 100
  br i1 %big, label %exit, label %loop

exit:
  %r = phi i32 [ 7, %other ], [ %i, %loop ], [ %b, %right ]
  ret i32 %r
}
; CHECK: entry:
; CHECK-NEXT: br i1 %c, label %loop.preheader, label %other
; CHECK: other:
; CHECK-NEXT: br i1 %c, label %loop.preheader, label %exit
; CHECK: loop.preheader:
; CHECK-NEXT: %i.ph = phi i32 [ 0, %entry ], [ 5, %other ]
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK-NEXT: %i = phi i32 [ %i.ph, %loop.preheader ], [ %i.be, %loop.backedge ]
; CHECK-NEXT: %d = icmp slt i32 %i, %n
; CHECK-NEXT: br i1 %d, label %body, label %exit.loopexit
; CHECK: left:
; CHECK-NEXT: %a = add i32 %i, 1
; CHECK-NEXT: br label %loop.backedge
; CHECK: right:
; CHECK: br i1 %big, label %exit.loopexit, label %loop.backedge
; CHECK: loop.backedge:
; CHECK-NEXT: %i.be = phi i32 [ %a, %left ], [ %b, %right ]
; CHECK-NEXT: br label %loop
; CHECK: exit.loopexit:
; CHECK-NEXT: %r.ph = phi i32 [ %i, %loop ], [ %b, %right ]
; CHECK-NEXT: br label %exit
; CHECK: exit:
; CHECK-NEXT: %r = phi i32 [ 7, %other ], [ %r.ph, %exit.loopexit ]
; REMARK: [loop-simplify] `f`: loops put in canonical form (6 instructions more, 3 blocks more)
; REMARK-NOT: missed:
