; RUN: simplifycfg
; `c && d` (a triangle whose arm only compares) and `c ? 1 : 2` (a diamond
; of empty arms) become selects in the branching block; the phis keep their
; names. A branch on `!c` branches on `c` with its targets swapped. An arm
; that stores, or divides, keeps its branch.

define void @f(i32 %v, i32 %lo, i32 %hi, ptr addrspace(1) %p) {
entry:
  %cmp = icmp sge i32 %v, %lo
  br i1 %cmp, label %land.rhs, label %land.end

land.rhs:
  %cmp1 = icmp sle i32 %v, %hi
  br label %land.end

land.end:
  %land = phi i1 [ false, %entry ], [ %cmp1, %land.rhs ]
  %not = xor i1 %land, true
  br i1 %not, label %cond.false, label %cond.true

cond.true:
  br label %cond.end

cond.false:
  br label %cond.end

cond.end:
  %cond = phi i32 [ 1, %cond.true ], [ 2, %cond.false ]
  %ok = icmp eq i32 %cond, 1
  br i1 %ok, label %if.then, label %if.end

if.then:
  store i32 %cond, ptr addrspace(1) %p, align 4
  br label %if.end

if.end:
  %z = phi i32 [ 0, %cond.end ], [ 1, %if.then ]
  %q = icmp ne i32 %z, 0
  br i1 %q, label %div, label %exit

div:
  %d = sdiv i32 %v, %lo
  br label %exit

exit:
  %r = phi i32 [ 0, %if.end ], [ %d, %div ]
  store i32 %r, ptr addrspace(1) %p, align 4
  ret void
}

; CHECK: entry:
; CHECK-NEXT: %cmp = icmp sge i32 %v, %lo
; CHECK-NEXT: %cmp1 = icmp sle i32 %v, %hi
; CHECK-NEXT: %land = select i1 %cmp, i1 %cmp1, i1 false
; CHECK-NEXT: %not = xor i1 %land, true
; CHECK-NEXT: %cond = select i1 %land, i32 1, i32 2
; CHECK-NEXT: %ok = icmp eq i32 %cond, 1
; CHECK-NEXT: br i1 %ok, label %if.then, label %if.end
; CHECK: if.then:
; CHECK-NEXT: store i32 %cond
; CHECK: if.end:
; CHECK-NEXT: %z = phi i32
; CHECK: div:
; CHECK-NEXT: %d = sdiv i32 %v, %lo
; CHECK: exit:
; CHECK-NEXT: %r = phi i32
; REMARK: [simplifycfg] `f`: control flow simplified (5 instructions fewer, 5 blocks fewer)
; REMARK-NOT: missed:
