; Loop strength reduction leaves a loop alone when its base pointer changes
; every iteration (no address is the counter times a stride from a fixed
; base): nothing changes and it reports nothing.
; RUN: loop-reduce
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

; CHECK: %pa = getelementptr inbounds float, ptr addrspace(1) %q, i64 %i
; CHECK-NEXT: store float 0.000000e+00, ptr addrspace(1) %pa, align 4
; CHECK: %i.next = add nsw i64 %i, 1
; REMARK-NOT: [loop-reduce]
