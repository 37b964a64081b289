; RUN: common-base-elim
; y[i] stored in the then-arm and y[i] / y[i+1] in the two arms of the
; else-arm: the address y + i*4, which each arm computed (extending i
; itself), is computed once at the end of entry, the nearest block above
; all three; each store reads it (y[i+1] through its constant gep). The
; arms' own extensions and geps go.

define void @f(ptr addrspace(1) %y, i32 %i, i32 %v) {
entry:
  %c = icmp sgt i32 %v, 0
  br i1 %c, label %then, label %else

then:                                   ; preds = %entry
  %m = mul i32 %v, 7
  %idx = sext i32 %i to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %y, i64 %idx
  store i32 %m, ptr addrspace(1) %p, align 4
  br label %exit

else:                                   ; preds = %entry
  %n = icmp slt i32 %v, -5
  br i1 %n, label %neg, label %small

neg:                                    ; preds = %else
  %idx2 = sext i32 %i to i64
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %y, i64 %idx2
  store i32 %v, ptr addrspace(1) %p2, align 4
  br label %exit

small:                                  ; preds = %else
  %idx3 = sext i32 %i to i64
  %p3 = getelementptr inbounds i32, ptr addrspace(1) %y, i64 %idx3
  %p4 = getelementptr inbounds i8, ptr addrspace(1) %p3, i64 4
  store i32 0, ptr addrspace(1) %p4, align 4
  br label %exit

exit:                                   ; preds = %then, %neg, %small
  ret void
}

; CHECK: entry:
; CHECK-NEXT: %c = icmp sgt i32 %v, 0
; CHECK-NEXT: %idx1 = sext i32 %i to i64
; CHECK-NEXT: %p1 = getelementptr inbounds i32, ptr addrspace(1) %y, i64 %idx1
; CHECK-NEXT: br i1 %c, label %then, label %else
; CHECK: then:
; CHECK-NEXT: %m = mul i32 %v, 7
; CHECK-NEXT: store i32 %m, ptr addrspace(1) %p1, align 4
; CHECK: neg:
; CHECK-NEXT: store i32 %v, ptr addrspace(1) %p1, align 4
; CHECK: small:
; CHECK-NEXT: %p4 = getelementptr inbounds i8, ptr addrspace(1) %p1, i64 4
; CHECK-NEXT: store i32 0, ptr addrspace(1) %p4, align 4
; CHECK-NOT: sext
; REMARK: [common-base-elim] the address `%p1` of 3 blocks computed once in `entry`
; REMARK-NOT: missed:
