; RUN: indvars
; Widening through nsw arithmetic (LLVM's widenIVUse): `sext(r + i)` and
; `sext(i * n + c)` become the same sums in i64 on the counter's twin, with
; the values the loop does not change (%r, %n, %c) extended once in the
; preheader, so the addresses are affine in the i64 counter. `sext((i + r)
; * n)`, a product of two of the loop's values, is left in i32.

define void @f(ptr addrspace(1) %p, i32 %m, i32 %r, i32 %n, i32 %c) {
entry:
  br label %ph

ph:
  br label %body

body:
  %i = phi i32 [ 0, %ph ], [ %i.next, %body ]
  %x = add nsw i32 %r, %i
  %xw = sext i32 %x to i64
  %a = getelementptr inbounds float, ptr addrspace(1) %p, i64 %xw
  store float 0.000000e+00, ptr addrspace(1) %a, align 4
  %y0 = mul nsw i32 %i, %n
  %y = add nsw i32 %y0, %c
  %yw = sext i32 %y to i64
  %b = getelementptr inbounds float, ptr addrspace(1) %p, i64 %yw
  store float 1.000000e+00, ptr addrspace(1) %b, align 4
  %z0 = add nsw i32 %i, %r
  %z = mul nsw i32 %z0, %n
  %zw = sext i32 %z to i64
  %d = getelementptr inbounds float, ptr addrspace(1) %p, i64 %zw
  store float 2.000000e+00, ptr addrspace(1) %d, align 4
  %i.next = add nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, %m
  br i1 %cmp, label %body, label %end

end:
  ret void
}

; CHECK: ph:
; CHECK-NEXT: %idxprom.wide = sext i32 %r to i64
; CHECK-NEXT: %idxprom.wide1 = sext i32 %n to i64
; CHECK-NEXT: %idxprom.wide2 = sext i32 %c to i64
; CHECK-NEXT: br label %body
; CHECK: body:
; CHECK-NEXT: %i.wide = phi i64 [ 0, %ph ], [ %i.next.wide, %body ]
; CHECK: %x.wide = add nsw i64 %idxprom.wide, %i.wide
; CHECK-NEXT: %a = getelementptr inbounds float, ptr addrspace(1) %p, i64 %x.wide
; CHECK: %y0.wide = mul nsw i64 %i.wide, %idxprom.wide1
; CHECK-NEXT: %y.wide = add nsw i64 %y0.wide, %idxprom.wide2
; CHECK-NEXT: %b = getelementptr inbounds float, ptr addrspace(1) %p, i64 %y.wide
; CHECK: %zw = sext i32 %z to i64
; CHECK-NEXT: %d = getelementptr inbounds float, ptr addrspace(1) %p, i64 %zw
; REMARK: [indvars] `f`: loop counters widened to 64 bits
