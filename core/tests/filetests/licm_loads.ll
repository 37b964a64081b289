; Loads: hoisted when they run on every iteration and nothing in the loop can
; write their memory; from a `noalias readonly` parameter or constant memory
; even past stores. Never a load or a division the loop only runs under a
; condition (a GPU faults on a bad address; the condition may be the guard).
; RUN: licm
@table = addrspace(4) global [4 x i32] zeroinitializer, align 4

; No store in the loop: %len (in the header, every iteration) moves; %cond_v
; (only when %c) stays, and so does the division by a variable under it; the
; division by a constant moves.
define i32 @readonly_loop(ptr addrspace(1) %p, ptr addrspace(1) %q, i32 %n, i32 %d) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %len = load i32, ptr addrspace(1) %p, align 4
  %half = sdiv i32 %n, 2
  %c = icmp slt i32 %i, %len
  br i1 %c, label %then, label %latch

then:
  %cond_v = load i32, ptr addrspace(1) %q, align 4
  %quot = sdiv i32 %n, %d
  %t = add i32 %cond_v, %quot
  br label %latch

latch:
  %u = phi i32 [ %t, %then ], [ %half, %loop ]
  %s.next = add i32 %s, %u
  %i.next = add i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  ret i32 %s.next
}

; A store in the loop: the load from %p may read it and stays; the loads from
; the read-only parameter and from constant memory move.
define void @store_loop(ptr addrspace(1) %p, ptr addrspace(1) noalias readonly %ro, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %a = load i32, ptr addrspace(1) %p, align 4
  %b = load i32, ptr addrspace(1) %ro, align 4
  %k = getelementptr inbounds [4 x i32], ptr addrspace(4) @table, i64 0, i64 1
  %c = load i32, ptr addrspace(4) %k, align 4
  %ab = add i32 %a, %b
  %abc = add i32 %ab, %c
  store i32 %abc, ptr addrspace(1) %p, align 4
  %i.next = add i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  ret void
}
; CHECK: define i32 @readonly_loop
; CHECK-NEXT: entry:
; CHECK-NEXT: %len = load i32, ptr addrspace(1) %p
; CHECK-NEXT: %half = sdiv i32 %n, 2
; CHECK-NEXT: br label %loop
; CHECK: then:
; CHECK-NEXT: %cond_v = load i32, ptr addrspace(1) %q
; CHECK-NEXT: %quot = sdiv i32 %n, %d
; CHECK: define void @store_loop
; CHECK-NEXT: entry:
; CHECK-NEXT: %b = load i32, ptr addrspace(1) %ro
; CHECK-NEXT: %k = getelementptr inbounds [4 x i32], ptr addrspace(4) @table
; CHECK-NEXT: %c = load i32, ptr addrspace(4) %k
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK-NEXT: %i = phi
; CHECK-NEXT: %a = load i32, ptr addrspace(1) %p
; REMARK: [licm] hoisted 2 instructions out of the loop in `readonly_loop`
; REMARK: [licm] hoisted 3 instructions out of the loop in `store_loop`
; REMARK: [licm] missed: 1 invariant load not hoisted out of the loop in `store_loop`: the loop may write memory
