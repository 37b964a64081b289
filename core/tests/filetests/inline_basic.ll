; RUN: inline
; A call to a device function becomes a copy of its body between the call's
; block and a continuation block: copied names get `.i`, the callee's
; allocas join the caller's entry block, several returns meet in a phi named
; after the call. __noinline__ and recursive functions are not inlined.

define ptx_kernel void @k(ptr %p, i32 %x) {
entry:
  %s = alloca i32, align 4
  %r = call i32 @clamp(i32 %x)
  %n = call i32 @never(i32 %r)
  %f = call i32 @fact(i32 %n)
  store i32 %f, ptr %p, align 4
  ret void
}

define i32 @clamp(i32 %v) {
entry:
  %tmp = alloca i32, align 4
  store i32 %v, ptr %tmp, align 4
  %neg = icmp slt i32 %v, 0
  br i1 %neg, label %zero, label %keep

zero:                                   ; preds = %entry
  ret i32 0

keep:                                   ; preds = %entry
  %w = load i32, ptr %tmp, align 4
  ret i32 %w
}

define i32 @never(i32 %v) noinline {
entry:
  ret i32 %v
}

define i32 @fact(i32 %v) {
entry:
  %done = icmp sle i32 %v, 1
  br i1 %done, label %base, label %rec

base:                                   ; preds = %entry
  ret i32 1

rec:                                    ; preds = %entry
  %v1 = sub i32 %v, 1
  %f1 = call i32 @fact(i32 %v1)
  %m = mul i32 %v, %f1
  ret i32 %m
}

; CHECK: define ptx_kernel void @k(ptr %p, i32 %x) {
; CHECK-NEXT: entry:
; CHECK-NEXT: %tmp.i = alloca i32, align 4
; CHECK-NEXT: %s = alloca i32, align 4
; CHECK-NEXT: br label %entry.i
; CHECK: entry.i:
; CHECK-NEXT: store i32 %x, ptr %tmp.i, align 4
; CHECK-NEXT: %neg.i = icmp slt i32 %x, 0
; CHECK-NEXT: br i1 %neg.i, label %zero.i, label %keep.i
; CHECK: zero.i:
; CHECK-NEXT: br label %entry.exit
; CHECK: keep.i:
; CHECK-NEXT: %w.i = load i32, ptr %tmp.i, align 4
; CHECK-NEXT: br label %entry.exit
; CHECK: entry.exit: ; preds = %zero.i, %keep.i
; CHECK-NEXT: %r.i = phi i32 [ 0, %zero.i ], [ %w.i, %keep.i ]
; CHECK-NEXT: %n = call i32 @never(i32 %r.i)
; CHECK-NEXT: %f = call i32 @fact(i32 %n)
; CHECK-NEXT: store i32 %f, ptr %p, align 4
; CHECK: define i32 @clamp(i32 %v) {
; CHECK: define i32 @never(i32 %v) noinline {
; CHECK: %f1 = call i32 @fact(i32 %v1)
; REMARK: [inline] missed: `never` not inlined into `k`: __noinline__
; REMARK: [inline] missed: `fact` not inlined into `k`: recursive
; REMARK: [inline] missed: `fact` not inlined into `fact`: recursive
; REMARK: [inline] inlined `clamp` into `k` (cost 7 of 20000)
