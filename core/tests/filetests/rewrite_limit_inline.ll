; RUN: inline
; REWRITE-LIMIT: 1:2
; `--rewrite-limit 1:2`: the inliner inlines the first two call sites (one
; rewrite each, one remark each) and leaves the third a call.

define internal i32 @inc(i32 %x) {
entry:
  %y = add i32 %x, 1
  ret i32 %y
}

define ptx_kernel void @k(ptr %p, i32 %x) {
entry:
  %c0 = call i32 @inc(i32 %x)
  %c1 = call i32 @inc(i32 %c0)
  %c2 = call i32 @inc(i32 %c1)
  store i32 %c2, ptr %p, align 4
  ret void
}

; CHECK: define ptx_kernel void @k(
; CHECK-NOT: call i32 @inc(i32 %x)
; CHECK: call i32 @inc(
; CHECK-NOT: call
; CHECK: ret void
; REMARK: [inline] inlined `inc` into `k`
; REMARK: [inline] inlined `inc` into `k`
; REMARK-NOT: inlined
