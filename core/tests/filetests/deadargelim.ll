; RUN: deadargelim
; `S::twice(int x, int unused)`, a __noinline__ member, never reads `this`
; or `unused`: both parameters go, and the call passes only `x` (nvcc's
; `.func _ZN1S5twiceEii(.param .b32 _ZN1S5twiceEii_param_0)`). `@log` has
; a result no caller reads: it returns void. `@tab`'s address is taken
; (the table), so it keeps its signature; the kernel keeps its own.

@table = addrspace(1) global [1 x ptr] [ptr @tab], align 8

define ptx_kernel void @k(ptr %a, i32 %y) {
entry:
  %x = load i32, ptr %a, align 4
  %r = call i32 @_ZN1S5twiceEii(ptr %a, i32 %x, i32 5)
  %u = call i32 @log(ptr %a, i32 %r)
  %t = call i32 @tab(i32 %r, i32 %y)
  store i32 %t, ptr %a, align 4
  ret void
}

define i32 @_ZN1S5twiceEii(ptr %this, i32 %x, i32 %unused) noinline {
entry:
  %mul = shl i32 %x, 1
  %add = or i32 %mul, 1
  ret i32 %add
}

define i32 @log(ptr %p, i32 %v) noinline {
entry:
  store i32 %v, ptr %p, align 4
  ret i32 %v
}

define i32 @tab(i32 %v, i32 %w) noinline {
entry:
  ret i32 %v
}

; CHECK: define ptx_kernel void @k(ptr %a, i32 %y) {
; CHECK: %r = call i32 @_ZN1S5twiceEii(i32 %x)
; CHECK-NEXT: call void @log(ptr %a, i32 %r)
; CHECK-NEXT: %t = call i32 @tab(i32 %r, i32 %y)
; CHECK: define i32 @_ZN1S5twiceEii(i32 %x) noinline {
; CHECK-NEXT: entry:
; CHECK-NEXT: %mul = shl i32 %x, 1
; CHECK: define void @log(ptr %p, i32 %v) noinline {
; CHECK: store i32 %v, ptr %p, align 4
; CHECK-NEXT: ret void
; CHECK: define i32 @tab(i32 %v, i32 %w) noinline {
; REMARK: [deadargelim] `_ZN1S5twiceEii`: removed `%this`, `%unused`
; REMARK: [deadargelim] `log`: removed its unused result
; REMARK-NOT: tab
