; RUN: sccp
; A value constant on every path that can run folds, and so does the
; branch it decides: %n is 4 on the only edge into if.then, so %cmp2 is
; true there and the else side of the inner branch is never taken.

define void @f(ptr %p, i32 %n) {
entry:
  %cmp = icmp eq i32 %n, 4
  br i1 %cmp, label %if.then, label %exit

if.then:
  %k = phi i32 [ 4, %entry ]
  %m = mul i32 %k, 3
  %cmp2 = icmp sgt i32 %m, 10
  br i1 %cmp2, label %yes, label %no

yes:
  store i32 %m, ptr %p, align 4
  br label %exit

no:
  store i32 0, ptr %p, align 4
  br label %exit

exit:
  ret void
}

; CHECK: if.then:
; CHECK-NOT: mul
; CHECK: br label %yes
; CHECK: yes:
; CHECK-NEXT: store i32 12, ptr %p, align 4
; REMARK: [sccp] `f`: constants propagated (3 instructions fewer)
; REMARK-NOT: missed:
