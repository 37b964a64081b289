; RUN: speculative-execution,early-cse
; The cheap, trap-free head of an if's arm (the index extension and the
; address) moves into the branching block; the next if's address then is
; the same computation and early-cse merges the two. A load, a store and a
; division by a variable stay in their arms, and an arm with more than 7
; instructions' worth to hoist keeps them all.

define void @f(ptr addrspace(1) %data, i32 %i, i32 %n, i32 %d) {
entry:
  %lt = icmp slt i32 %i, %n
  br i1 %lt, label %if.then, label %if.end

if.then:                                ; preds = %entry
  %idx = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %data, i64 %idx
  %v = load float, ptr addrspace(1) %p, align 4
  %w = fadd float %v, %v
  store float %w, ptr addrspace(1) %p, align 4
  br label %if.end

if.end:                                 ; preds = %entry, %if.then
  %i1 = add nsw i32 %i, 1
  %lt2 = icmp slt i32 %i1, %n
  br i1 %lt2, label %if.then2, label %if.end2

if.then2:                               ; preds = %if.end
  %idx2 = sext i32 %i to i64
  %p2 = getelementptr inbounds float, ptr addrspace(1) %data, i64 %idx2
  %q = sdiv i32 %n, %d
  %qf = sitofp i32 %q to float
  store float %qf, ptr addrspace(1) %p2, align 4
  br label %if.end2

if.end2:                                ; preds = %if.end, %if.then2
  %c = icmp eq i32 %d, 0
  br i1 %c, label %big, label %exit

big:                                    ; preds = %if.end2
  %a1 = add i32 %n, 1
  %a2 = mul i32 %a1, 3
  %a3 = xor i32 %a2, 5
  %a4 = shl i32 %a3, 2
  %a5 = add i32 %a4, %i
  %a6 = sub i32 %a5, 9
  %a7 = and i32 %a6, 255
  %a8 = or i32 %a7, 16
  %a8f = sitofp i32 %a8 to float
  store float %a8f, ptr addrspace(1) %data, align 4
  br label %exit

exit:                                   ; preds = %if.end2, %big
  ret void
}

; CHECK: entry:
; CHECK-NEXT: %lt = icmp slt i32 %i, %n
; CHECK-NEXT: %idx = sext i32 %i to i64
; CHECK-NEXT: %p = getelementptr inbounds float, ptr addrspace(1) %data, i64 %idx
; CHECK-NEXT: br i1 %lt, label %if.then, label %if.end
; CHECK: if.then:
; CHECK-NEXT: %v = load float
; CHECK: if.end:
; CHECK: %lt2 = icmp slt i32 %i1, %n
; CHECK-NOT: %p2
; CHECK: br i1 %lt2, label %if.then2, label %if.end2
; CHECK: if.then2:
; CHECK-NEXT: %q = sdiv i32 %n, %d
; CHECK-NEXT: %qf = sitofp i32 %q to float
; CHECK-NEXT: store float %qf, ptr addrspace(1) %p, align 4
; CHECK: big:
; CHECK-NEXT: %a1 = add i32 %n, 1
; REMARK: [speculative-execution] 2 instructions hoisted above the branch in `entry`
; REMARK: [speculative-execution] 2 instructions hoisted above the branch in `if.end`
; REMARK: [early-cse] `f`: redundant computations and loads removed (2 instructions fewer)
; REMARK-NOT: missed:
