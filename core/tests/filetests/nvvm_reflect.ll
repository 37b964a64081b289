; RUN: nvvm-reflect,nvvm-reflect-pp
; __nvvm_reflect("__CUDA_FTZ") is 0 without -ftz: nvvm-reflect puts the
; constant in, nvvm-reflect-pp folds the branch on it and deletes the path
; not taken. A function with no query is left alone by both.

@ftz = addrspace(1) global [11 x i8] [i8 95, i8 95, i8 67, i8 85, i8 68, i8 65, i8 95, i8 70, i8 84, i8 90, i8 0], align 1

define float @scaled(float %x) {
entry:
  %str = addrspacecast ptr addrspace(1) @ftz to ptr
  %r = call i32 @__nvvm_reflect(ptr %str)
  %tobool = icmp ne i32 %r, 0
  br i1 %tobool, label %if.then, label %if.end

if.then:
  %mul = fmul float %x, 2.000000e+00
  ret float %mul

if.end:
  %mul1 = fmul float %x, 3.000000e+00
  ret float %mul1
}

define float @plain(float %x) {
entry:
  %y = fadd float %x, 1.000000e+00
  ret float %y
}

declare i32 @__nvvm_reflect(ptr %p)

; CHECK: define float @scaled
; CHECK-NOT: __nvvm_reflect
; CHECK-NOT: 2.000000e+00
; CHECK: fmul float %x, 3.000000e+00
; REMARK: [nvvm-reflect] reflect `__CUDA_FTZ` -> 0 in `scaled`
; REMARK: [nvvm-reflect-pp] `scaled`: 1 branch folded on the reflected flags
; REMARK-NOT: plain
