; RUN: tailcallelim
; gcd returns a call to itself: the entry's code moves to %tailrecurse, the
; parameters the call changes become phis, and the call and its ret become a
; branch back. %k, passed unchanged, gets no phi.

define i32 @gcd(i32 %a, i32 %b, i32 %k) {
entry:
  %z = icmp eq i32 %b, 0
  br i1 %z, label %done, label %rec

rec:
  %m = srem i32 %a, %b
  %r = call i32 @gcd(i32 %b, i32 %m, i32 %k)
  ret i32 %r

done:
  %s = add i32 %a, %k
  ret i32 %s
}

; CHECK: entry:
; CHECK-NEXT: br label %tailrecurse
; CHECK: tailrecurse:
; CHECK-NEXT: %a.tr = phi i32 [ %a, %entry ], [ %b.tr, %rec ]
; CHECK-NEXT: %b.tr = phi i32 [ %b, %entry ], [ %m, %rec ]
; CHECK-NEXT: %z = icmp eq i32 %b.tr, 0
; CHECK-NEXT: br i1 %z, label %done, label %rec
; CHECK: rec:
; CHECK-NEXT: %m = srem i32 %a.tr, %b.tr
; CHECK-NEXT: br label %tailrecurse
; CHECK: done:
; CHECK-NEXT: %s = add i32 %a.tr, %k
; CHECK-NOT: call
; REMARK: [tailcallelim] `gcd`: 1 tail call to itself became a branch back to its start (a loop)
