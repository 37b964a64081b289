; RUN: adce
; An if whose result nobody uses goes entirely (simplifycfg then merges the
; empty block); a loop stays, since it may not end, but what it computes for
; nobody (%acc) goes; the store stays.

define void @f(ptr %p, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %acc.next = add i32 %acc, %i
  %i.next = add i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %after

after:
  %c = icmp sgt i32 %n, 5
  br i1 %c, label %then, label %end

then:
  %unused = mul i32 %n, 7
  br label %end

end:
  store i32 %n, ptr %p, align 4
  ret void
}

; CHECK: loop:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
; CHECK-NEXT: %i.next = add i32 %i, 1
; CHECK-NEXT: %cmp = icmp slt i32 %i.next, %n
; CHECK-NEXT: br i1 %cmp, label %loop, label %after
; CHECK: after:
; CHECK-NEXT: br label %end
; CHECK: end:
; CHECK-NEXT: store i32 %n, ptr %p, align 4
; CHECK-NOT: %acc
; CHECK-NOT: mul
; REMARK: [adce] `f`: dead code deleted (5 instructions fewer, 1 block fewer)
; REMARK-NOT: missed:
