; Loop strength reduction: the two addresses computed from the 64-bit
; counter (`a + i * 4`, `b + i * 4`) become pointers stepping by 16 bytes
; with it (the counter steps by 4), the first one from `a + 4 * start`; the
; counter, read by nothing else now, goes. In @kept the counter is also
; stored, so it stays beside the pointer. In @varying the base changes in
; the loop: no pointer.
; RUN: loop-reduce
define void @step(ptr addrspace(1) %a, ptr addrspace(1) %b, i64 %s, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ %s, %entry ], [ %i.next, %loop ]
  %k = phi i32 [ %n, %entry ], [ %k.next, %loop ]
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i64 %i
  %v = load float, ptr addrspace(1) %pb, align 4
  store float %v, ptr addrspace(1) %pa, align 4
  %pa.1 = getelementptr inbounds i8, ptr addrspace(1) %pa, i64 4
  store float %v, ptr addrspace(1) %pa.1, align 4
  %i.next = add nsw i64 %i, 4
  %k.next = add i32 %k, -1
  %c = icmp ne i32 %k.next, 0
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

define void @kept(ptr addrspace(1) %a, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %k = phi i32 [ %n, %entry ], [ %k.next, %loop ]
  %pa = getelementptr inbounds i64, ptr addrspace(1) %a, i64 %i
  store i64 %i, ptr addrspace(1) %pa, align 8
  %i.next = add nsw i64 %i, 1
  %k.next = add i32 %k, -1
  %c = icmp ne i32 %k.next, 0
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

define void @varying(ptr addrspace(1) %a, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = phi ptr addrspace(1) [ %a, %entry ], [ %q.next, %loop ]
  %pa = getelementptr inbounds float, ptr addrspace(1) %q, i64 %i
  store float 0.000000e+00, ptr addrspace(1) %pa, align 4
  %q.next = getelementptr inbounds i8, ptr addrspace(1) %q, i64 8
  %i.next = add nsw i64 %i, 1
  %i32 = trunc i64 %i.next to i32
  %c = icmp slt i32 %i32, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}
; CHECK: define void @step
; CHECK: entry:
; CHECK-NEXT: %scevgep = getelementptr inbounds float, ptr addrspace(1) %a, i64 %s
; CHECK-NEXT: %scevgep1 = getelementptr inbounds float, ptr addrspace(1) %b, i64 %s
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK-NEXT: %lsr.iv1 = phi ptr addrspace(1) [ %scevgep1, %entry ], [ %lsr.iv.next1, %loop ]
; CHECK-NEXT: %lsr.iv = phi ptr addrspace(1) [ %scevgep, %entry ], [ %lsr.iv.next, %loop ]
; CHECK-NOT: %i =
; CHECK: %v = load float, ptr addrspace(1) %lsr.iv1, align 4
; CHECK-NEXT: store float %v, ptr addrspace(1) %lsr.iv, align 4
; CHECK-NEXT: %pa.1 = getelementptr inbounds i8, ptr addrspace(1) %lsr.iv, i64 4
; CHECK-NOT: %i.next
; CHECK: %lsr.iv.next = getelementptr inbounds i8, ptr addrspace(1) %lsr.iv, i64 16
; CHECK-NEXT: %lsr.iv.next1 = getelementptr inbounds i8, ptr addrspace(1) %lsr.iv1, i64 16
; CHECK-NEXT: br i1 %c, label %loop, label %exit
; CHECK: define void @kept
; CHECK: %lsr.iv = phi ptr addrspace(1) [ %a, %entry ], [ %lsr.iv.next, %loop ]
; CHECK: %i = phi i64
; CHECK: store i64 %i, ptr addrspace(1) %lsr.iv, align 8
; CHECK: %lsr.iv.next = getelementptr inbounds i8, ptr addrspace(1) %lsr.iv, i64 8
; CHECK: define void @varying
; CHECK: %pa = getelementptr inbounds float, ptr addrspace(1) %q, i64 %i
; CHECK-NOT: lsr.iv
; REMARK: [loop-reduce] `step`
; REMARK: [loop-reduce] `kept`
; REMARK-NOT: varying
