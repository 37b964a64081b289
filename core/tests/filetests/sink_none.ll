; RUN: sink
; Nothing moves: the cast is read in both arms (their nearest common
; dominator is the branching block), the load has a store below it, the
; product is read only in a loop it is not in, and a block that branches
; one way is never scanned.

define void @f(ptr %p, i32 %i, i32 %n) {
entry:
  %p.global = addrspacecast ptr %p to ptr addrspace(1)
  %old = load i32, ptr addrspace(1) %p.global, align 4
  %m = mul i32 %n, 3
  store i32 0, ptr addrspace(1) %p.global, align 4
  %lt = icmp slt i32 %i, %n
  br i1 %lt, label %a, label %b

a:                                      ; preds = %entry
  store i32 %old, ptr addrspace(1) %p.global, align 4
  br label %loop

b:                                      ; preds = %entry
  store i32 1, ptr addrspace(1) %p.global, align 4
  br label %loop

loop:                                   ; preds = %a, %b, %loop
  %k = phi i32 [ 0, %a ], [ 0, %b ], [ %k1, %loop ]
  %k1 = add i32 %k, %m
  %c = icmp slt i32 %k1, %n
  br i1 %c, label %loop, label %exit

exit:                                   ; preds = %loop
  ret void
}

; CHECK: entry:
; CHECK-NEXT: %p.global = addrspacecast
; CHECK-NEXT: %old = load
; CHECK-NEXT: %m = mul i32 %n, 3
; REMARK-NOT: [sink]
