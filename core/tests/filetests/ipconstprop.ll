; RUN: ipconstprop,instcombine,deadargelim
; `setit` (__noinline__) returns 7 on every path: its caller uses 7 (then
; 7 * 3 folds to 21) and the call stays for its stores; with its result
; unread, deadargelim makes it return void: nvcc's PTX stores 21 and its
; `.func _Z5setitPii` has no func_retval0. `@two` returns 1 or 2: kept.

@g = addrspace(1) global i32 0, align 4

define ptx_kernel void @k(ptr %a, i1 %c) {
entry:
  %x = load i32, ptr %a, align 4
  %r = call i32 @setit(ptr %a, i32 %x, i1 %c)
  %m = mul i32 %r, 3
  %p = getelementptr inbounds i32, ptr %a, i64 2
  store i32 %m, ptr %p, align 4
  %t = call i32 @two(i1 %c)
  %q = getelementptr inbounds i32, ptr %a, i64 3
  store i32 %t, ptr %q, align 4
  ret void
}

define i32 @setit(ptr %p, i32 %v, i1 %c) noinline {
entry:
  store i32 %v, ptr %p, align 4
  br i1 %c, label %then, label %done

then:
  store i32 %v, ptr addrspace(1) @g, align 4
  ret i32 7

done:
  ret i32 7
}

define i32 @two(i1 %c) noinline {
entry:
  br i1 %c, label %a, label %b

a:
  ret i32 1

b:
  ret i32 2
}

; CHECK: define ptx_kernel void @k(ptr %a, i1 %c) {
; CHECK: call void @setit(ptr %a, i32 %x, i1 %c)
; CHECK: store i32 21, ptr %p, align 4
; CHECK-NEXT: %t = call i32 @two(i1 %c)
; CHECK: define void @setit(
; CHECK-NOT: ret i32
; CHECK: define i32 @two(i1 %c) noinline {
; REMARK: [ipconstprop] `k`: the result of `setit` is the constant 7 it always returns
; REMARK-NOT: [ipconstprop] `k`: the result of `two`
