; RUN: globaldce
; Kernels are the roots: functions they do not reach go, and so do
; __shared__ variables nothing names. Device (addrspace 1) and constant
; variables stay: the host may name them.

@used = addrspace(3) global [4 x i32] undef, align 4
@unused = addrspace(3) global [4 x i32] undef, align 4
@dev = addrspace(1) global i32 0, align 4
@dyn = external addrspace(3) global [0 x i32], align 4

define ptx_kernel void @k(ptr %p) {
entry:
  %v = call i32 @reached()
  %q = getelementptr inbounds [4 x i32], ptr addrspace(3) @used, i64 0, i64 1
  store i32 %v, ptr addrspace(3) %q, align 4
  ret void
}

define i32 @reached() {
entry:
  ret i32 1
}

define i32 @orphan() {
entry:
  %x = call i32 @reached()
  ret i32 %x
}

; CHECK: @used = addrspace(3) global [4 x i32] undef, align 4
; CHECK-NEXT: @dev = addrspace(1) global i32 0, align 4
; CHECK-NEXT: @dyn = external addrspace(3) global [0 x i32], align 4
; CHECK: define ptx_kernel void @k(ptr %p) {
; CHECK: define i32 @reached() {
; CHECK-NOT: orphan
; CHECK-NOT: @unused
; REMARK: [globaldce] deleted unused functions `orphan`
; REMARK: [globaldce] deleted unused variable `unused`
; REMARK-NOT: missed:
