; Loops loop-rotate leaves alone, each for its reason; the last one shows
; the one it does rotate next to them.
; RUN: loop-rotate

; Already tested at the bottom: the latch leaves the loop.
define i32 @do_while(i32 %n) {
entry:
  br label %do.body

do.body:
  %k = phi i32 [ 0, %entry ], [ %add, %do.body ]
  %add = add nsw i32 %k, 2
  %cmp = icmp slt i32 %add, %n
  br i1 %cmp, label %do.body, label %do.end

do.end:
  ret i32 %add
}

; A store in the header: copying it would store twice.
define void @store_in_header(ptr addrspace(1) %p, i32 %n) {
entry:
  br label %while.cond

while.cond:
  %i = phi i32 [ 0, %entry ], [ %inc, %while.body ]
  store i32 %i, ptr addrspace(1) %p, align 4
  %cmp = icmp slt i32 %i, %n
  br i1 %cmp, label %while.body, label %while.end

while.body:
  %inc = add nsw i32 %i, 1
  br label %while.cond

while.end:
  ret void
}

; A call in the header (a barrier must not run twice as often).
define void @barrier_in_header(i32 %n) {
entry:
  br label %for.cond

for.cond:
  %i = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  call void @llvm.nvvm.barrier0()
  %cmp = icmp slt i32 %i, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:
  %inc = add nsw i32 %i, 1
  br label %for.cond

for.end:
  ret void
}

; A phi whose next value is computed in the header itself.
define i32 @next_from_header(i32 %n) {
entry:
  br label %for.cond

for.cond:
  %i = phi i32 [ 0, %entry ], [ %j, %for.body ]
  %j = add i32 %i, 3
  %cmp = icmp slt i32 %j, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:
  br label %for.cond

for.end:
  ret i32 %i
}

; Rotated: the header only reads.
define i32 @rotated(i32 %n) {
entry:
  br label %for.cond

for.cond:
  %i = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  %cmp = icmp slt i32 %i, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:
  %inc = add nsw i32 %i, 1
  br label %for.cond

for.end:
  ret i32 %i
}

declare void @llvm.nvvm.barrier0()
; CHECK: define i32 @do_while
; CHECK: do.body:
; CHECK-NEXT: %k = phi i32 [ 0, %entry ], [ %add, %do.body ]
; CHECK-NOT: .pre
; CHECK: define void @store_in_header
; CHECK: while.cond:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %inc, %while.body ]
; CHECK-NEXT: store i32 %i, ptr addrspace(1) %p
; CHECK-NEXT: %cmp = icmp slt i32 %i, %n
; CHECK-NOT: .pre
; CHECK: define void @barrier_in_header
; CHECK: for.cond:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %inc, %for.body ]
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; CHECK-NOT: .pre
; CHECK: define i32 @next_from_header
; CHECK: for.cond:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %j, %for.body ]
; CHECK-NEXT: %j = add i32 %i, 3
; CHECK-NOT: .pre
; CHECK: define i32 @rotated
; CHECK-NEXT: entry:
; CHECK-NEXT: %cmp.pre = icmp slt i32 0, %n
; CHECK: %i.lcssa = phi i32 [ 0, %entry ], [ %inc, %for.body ]
; REMARK: [loop-rotate] loop in `rotated` rotated: tested at the bottom, guarded before
; REMARK-NOT: missed:
