; RUN: remat
; IV demotion: %i starts at 0 and steps by 1 while %i.next < sext %n (an
; int), so it never leaves the i32 range; it becomes the i32 counter
; %newBaseIV compared with %n itself, and the address reads it extended
; back (%substIV). %j steps by 4 up to the constant 1000 (at most 1003):
; demoted too, with no use left outside its own cycle and exit test.
define void @f(ptr addrspace(1) %a, i32 %n) {
entry:
  %conv = sext i32 %n to i64
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  store float 0.000000e+00, ptr addrspace(1) %p, align 4
  %i.next = add nsw i64 %i, 1
  %c = icmp slt i64 %i.next, %conv
  br i1 %c, label %loop, label %exit

exit:
  br label %loop2

loop2:
  %j = phi i64 [ 0, %exit ], [ %j.next, %loop2 ]
  store float 1.000000e+00, ptr addrspace(1) %a, align 4
  %j.next = add nsw i64 %j, 4
  %d = icmp sgt i64 1000, %j.next
  br i1 %d, label %loop2, label %done

done:
  ret void
}

; CHECK: loop:
; CHECK-NEXT: %newBaseIV = phi i32 [ 0, %entry ], [ %newInc, %loop ]
; CHECK-NEXT: %substIV = sext i32 %newBaseIV to i64
; CHECK-NEXT: %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %substIV
; CHECK: %newInc = add nsw i32 %newBaseIV, 1
; CHECK-NEXT: %newICmp = icmp slt i32 %newInc, %n
; CHECK-NEXT: br i1 %newICmp, label %loop, label %exit
; CHECK: loop2:
; CHECK-NEXT: %newBaseIV1 = phi i32 [ 0, %exit ], [ %newInc1, %loop2 ]
; CHECK-NEXT: store float 1.000000e+00, ptr addrspace(1) %a, align 4
; CHECK-NEXT: %newInc1 = add nsw i32 %newBaseIV1, 4
; CHECK-NEXT: %newICmp1 = icmp slt i32 %newInc1, 1000
; CHECK-NEXT: br i1 %newICmp1, label %loop2, label %done
; CHECK-NOT: i64 %i
; REMARK: [remat] `f`: 64-bit loop counters demoted to 32 bits
