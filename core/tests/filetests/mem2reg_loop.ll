; RUN: mem2reg
; A counted loop as irgen writes it: the counter and the sum live in allocas.
; mem2reg gives the loop header a phi per variable, named after the variable.

define i32 @sum(i32 %n) {
entry:
  %n.addr = alloca i32, align 4
  %s.addr = alloca i32, align 4
  %i.addr = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4
  store i32 0, ptr %s.addr, align 4
  store i32 0, ptr %i.addr, align 4
  br label %for.cond

for.cond:                               ; preds = %entry, %for.inc
  %i = load i32, ptr %i.addr, align 4
  %n1 = load i32, ptr %n.addr, align 4
  %cmp = icmp slt i32 %i, %n1
  br i1 %cmp, label %for.body, label %for.end

for.body:                               ; preds = %for.cond
  %s = load i32, ptr %s.addr, align 4
  %i1 = load i32, ptr %i.addr, align 4
  %add = add nsw i32 %s, %i1
  store i32 %add, ptr %s.addr, align 4
  br label %for.inc

for.inc:                                ; preds = %for.body
  %i2 = load i32, ptr %i.addr, align 4
  %inc = add nsw i32 %i2, 1
  store i32 %inc, ptr %i.addr, align 4
  br label %for.cond, !llvm.loop.unroll.count 2

for.end:                                ; preds = %for.cond
  %s1 = load i32, ptr %s.addr, align 4
  ret i32 %s1
}

; CHECK: define i32 @sum(i32 %n) {
; CHECK-NEXT: entry:
; CHECK-NEXT: br label %for.cond
; CHECK: for.cond:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %inc, %for.inc ]
; CHECK-NEXT: %s = phi i32 [ 0, %entry ], [ %add, %for.inc ]
; CHECK-NEXT: %cmp = icmp slt i32 %i, %n
; CHECK: for.body:
; CHECK-NEXT: %add = add nsw i32 %s, %i
; CHECK: for.inc:
; CHECK-NEXT: %inc = add nsw i32 %i, 1
; CHECK-NEXT: br label %for.cond, !llvm.loop.unroll.count 2
; CHECK: for.end:
; CHECK-NEXT: ret i32 %s
; CHECK-NOT: alloca
; CHECK-NOT: load
; CHECK-NOT: store
; REMARK: [mem2reg] `sum`: promoted 3 allocas to registers, 2 phis inserted
; REMARK-NOT: missed:
