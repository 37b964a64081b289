; RUN: sink
; A kernel pointer's cast to the global space and the index used only in
; the if's arm move down into it, the cast then to just before its reader;
; the other cast stays at the top of the entry block (where nvcc's
; `cvta.to.global.u64`s are). A value both arms use stays in the branching
; block; a load with a store below it stays above the store; nothing moves
; into a loop it was not in.

define void @f(ptr %p, ptr %q, i32 %i, i32 %n) {
entry:
  %p.global = addrspacecast ptr %p to ptr addrspace(1)
  %q.global = addrspacecast ptr %q to ptr addrspace(1)
  %idx = sext i32 %i to i64
  %both = add i32 %i, 7
  %m = mul i32 %n, 3
  %old = load i32, ptr addrspace(1) %q.global, align 4
  store i32 0, ptr addrspace(1) %q.global, align 4
  %lt = icmp slt i32 %i, %n
  br i1 %lt, label %if.then, label %if.else

if.then:                                ; preds = %entry
  %a = getelementptr inbounds float, ptr addrspace(1) %p.global, i64 %idx
  store float 1.0, ptr addrspace(1) %a, align 4
  store i32 %both, ptr addrspace(1) %q.global, align 4
  br label %loop

if.else:                                ; preds = %entry
  store i32 %both, ptr addrspace(1) %q.global, align 4
  br label %loop

loop:                                   ; preds = %if.then, %if.else, %loop
  %k = phi i32 [ 0, %if.then ], [ 0, %if.else ], [ %k1, %loop ]
  %k1 = add i32 %k, %old
  %k2 = add i32 %k1, %m
  %c = icmp slt i32 %k2, %n
  br i1 %c, label %loop, label %exit

exit:                                   ; preds = %loop
  ret void
}

; CHECK: entry:
; CHECK-NEXT: %q.global = addrspacecast ptr %q to ptr addrspace(1)
; CHECK-NEXT: %both = add i32 %i, 7
; CHECK-NEXT: %m = mul i32 %n, 3
; CHECK-NEXT: %old = load i32, ptr addrspace(1) %q.global, align 4
; CHECK-NEXT: store i32 0
; CHECK-NEXT: %lt = icmp slt i32 %i, %n
; CHECK-NEXT: br i1 %lt, label %if.then, label %if.else
; CHECK: if.then:
; CHECK-NEXT: %idx = sext i32 %i to i64
; CHECK-NEXT: %p.global = addrspacecast ptr %p to ptr addrspace(1)
; CHECK-NEXT: %a = getelementptr inbounds float, ptr addrspace(1) %p.global, i64 %idx
; CHECK: loop:
; CHECK-NEXT: %k = phi
; CHECK-NEXT: %k1 = add i32 %k, %old
; CHECK-NEXT: %k2 = add i32 %k1, %m
; REMARK: [sink] `f`: 3 instructions sunk toward their uses
; REMARK-NOT: missed:
