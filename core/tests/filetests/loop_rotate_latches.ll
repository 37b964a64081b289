; A while loop with a `continue` has two latches: they first become one,
; while.cond.backedge, with a phi of the values they bring (%i.be); then the
; loop is rotated, the test landing in the new latch.
; RUN: loop-rotate
define i32 @two_latches(i32 %n) {
entry:
  br label %while.cond

while.cond:
  %i = phi i32 [ 0, %entry ], [ %inc, %if.then ], [ %inc2, %if.end ]
  %cmp = icmp slt i32 %i, %n
  br i1 %cmp, label %while.body, label %while.end

while.body:
  %odd = and i32 %i, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %if.then, label %if.end

if.then:
  %inc = add nsw i32 %i, 1
  br label %while.cond

if.end:
  %inc2 = add nsw i32 %i, 3
  br label %while.cond, !llvm.loop.unroll.count 2

while.end:
  ret i32 %i
}
; CHECK: entry:
; CHECK-NEXT: %cmp.pre = icmp slt i32 0, %n
; CHECK: while.body:
; CHECK-NEXT: %i = phi i32 [ 0, %while.body.lr.ph ], [ %i.be, %while.cond.backedge ]
; CHECK: if.then:
; CHECK-NEXT: %inc = add nsw i32 %i, 1
; CHECK-NEXT: br label %while.cond.backedge
; CHECK: if.end:
; CHECK-NEXT: %inc2 = add nsw i32 %i, 3
; CHECK-NEXT: br label %while.cond.backedge
; CHECK: while.cond.backedge:
; CHECK-NEXT: %i.be = phi i32 [ %inc, %if.then ], [ %inc2, %if.end ]
; CHECK-NEXT: %cmp = icmp slt i32 %i.be, %n
; CHECK-NEXT: br i1 %cmp, label %while.body, label %while.end, !llvm.loop.unroll.count 2
; CHECK: while.end:
; CHECK-NEXT: %i.lcssa = phi i32 [ 0, %entry ], [ %i.be, %while.cond.backedge ]
; CHECK-NOT: while.cond:
; REMARK: [loop-rotate] loop in `two_latches`: its latches merged into one
; REMARK: [loop-rotate] loop in `two_latches` rotated: tested at the bottom, guarded before
; REMARK-NOT: missed:
