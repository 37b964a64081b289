; RUN: sccp
; A switch on a value constant on every path that can run goes to that
; case: the other edges are never taken, so the phi after them keeps only
; the value from the taken case and folds too.

define void @f(ptr %p, i32 %n) {
entry:
  %k = add i32 %n, 0
  %c = icmp eq i32 %n, 3
  br i1 %c, label %sw, label %exit

sw:                                     ; preds = %entry
  %v = phi i32 [ 3, %entry ]
  %w = shl i32 %v, 1
  switch i32 %w, label %sw.default [ i32 2, label %a i32 6, label %b i32 8, label %b ]

a:                                      ; preds = %sw
  br label %join

b:                                      ; preds = %sw
  br label %join

sw.default:                             ; preds = %sw
  br label %join

join:                                   ; preds = %a, %b, %sw.default
  %r = phi i32 [ 10, %a ], [ 20, %b ], [ 30, %sw.default ]
  store i32 %r, ptr %p, align 4
  br label %exit

exit:                                   ; preds = %entry, %join
  ret void
}

; CHECK: sw:
; CHECK-NEXT: br label %b
; CHECK-NOT: switch
; CHECK: join:
; CHECK-NEXT: store i32 20, ptr %p, align 4
; REMARK: [sccp] `f`: constants propagated (3 instructions fewer)
; REMARK-NOT: missed:
