; RUN: instcombine
; A float's bits read from memory are an `i32` load (nvcc's `ld.global.u32`),
; when the load has no other reader and nothing writes memory between the
; two; a store of a value's bits stores the value (LLVM's
; combineStoreToValueType: `st.global.f64`). In @kept a store stands between
; the load and its bitcast: both stay.

define void @f(ptr addrspace(1) %p, ptr addrspace(1) %q, double %d) {
entry:
  %x = load float, ptr addrspace(1) %p, align 4
  %bits = bitcast float %x to i32
  store i32 %bits, ptr addrspace(1) %q, align 4
  %db = bitcast double %d to i64
  store i64 %db, ptr addrspace(1) %q, align 8
  ret void
}

define i32 @kept(ptr addrspace(1) %p, ptr addrspace(1) %q) {
entry:
  %x = load float, ptr addrspace(1) %p, align 4
  store float 0.000000e+00, ptr addrspace(1) %q, align 4
  %bits = bitcast float %x to i32
  ret i32 %bits
}

; CHECK: define void @f
; CHECK: %bits = load i32, ptr addrspace(1) %p, align 4
; CHECK-NEXT: store i32 %bits, ptr addrspace(1) %q, align 4
; CHECK: store double %d, ptr addrspace(1) %q, align 8
; CHECK: define i32 @kept
; CHECK: %bits = bitcast float %x to i32
