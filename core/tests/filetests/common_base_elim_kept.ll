; RUN: common-base-elim
; Left alone: an address computed in one block only (twice there: that is
; early-cse's work), two arms' addresses that differ (y[i] and y[j]), and an
; address computed in a loop's body and again after the loop: their nearest
; common block is the loop's header, where it would be computed once per
; iteration instead of once.

define void @f(ptr addrspace(1) %y, i32 %i, i32 %j, i32 %n) {
entry:
  %idx = sext i32 %i to i64
  %a = getelementptr inbounds i32, ptr addrspace(1) %y, i64 %idx
  %b = getelementptr inbounds i32, ptr addrspace(1) %y, i64 %idx
  store i32 1, ptr addrspace(1) %a, align 4
  store i32 2, ptr addrspace(1) %b, align 4
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %then, label %else

then:                                   ; preds = %entry
  %jdx = sext i32 %j to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %y, i64 %jdx
  store i32 3, ptr addrspace(1) %p, align 4
  br label %loop

else:                                   ; preds = %entry
  %kdx = sext i32 %n to i64
  %q = getelementptr inbounds i32, ptr addrspace(1) %y, i64 %kdx
  store i32 4, ptr addrspace(1) %q, align 4
  br label %loop

loop:                                   ; preds = %then, %else, %body
  %k = phi i32 [ 0, %then ], [ 0, %else ], [ %k1, %body ]
  %more = icmp slt i32 %k, %n
  br i1 %more, label %body, label %done

body:                                   ; preds = %loop
  %kx = sext i32 %k to i64
  %r = getelementptr inbounds i32, ptr addrspace(1) %y, i64 %kx
  store i32 5, ptr addrspace(1) %r, align 4
  %k1 = add nsw i32 %k, 1
  br label %loop

done:                                   ; preds = %loop
  %kx2 = sext i32 %k to i64
  %s = getelementptr inbounds i32, ptr addrspace(1) %y, i64 %kx2
  store i32 6, ptr addrspace(1) %s, align 4
  ret void
}

; CHECK: entry:
; CHECK-NEXT: %idx = sext i32 %i to i64
; CHECK-NEXT: %a = getelementptr inbounds i32, ptr addrspace(1) %y, i64 %idx
; CHECK-NEXT: %b = getelementptr inbounds i32, ptr addrspace(1) %y, i64 %idx
; CHECK: then:
; CHECK-NEXT: %jdx = sext i32 %j to i64
; CHECK: else:
; CHECK-NEXT: %kdx = sext i32 %n to i64
; CHECK: body:
; CHECK-NEXT: %kx = sext i32 %k to i64
; CHECK-NEXT: %r = getelementptr inbounds i32, ptr addrspace(1) %y, i64 %kx
; CHECK: done:
; CHECK-NEXT: %kx2 = sext i32 %k to i64
; CHECK-NEXT: %s = getelementptr inbounds i32, ptr addrspace(1) %y, i64 %kx2
; REMARK-NOT: [common-base-elim]
