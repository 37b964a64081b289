; RUN: instcombine,inline,globaldce
; A call through a function's address becomes a direct call once the
; address is a known function of the call's signature (here once the select
; on a constant folds), so the inliner inlines it and globaldce deletes the
; function; a call through an unknown pointer, or of a function of another
; signature, stays indirect, and a function whose address escapes stays.

define float @_Z4halff(float %x) {
entry:
  %m = fmul float %x, 5.000000e-01
  ret float %m
}

define float @_Z2sqf(float %x) {
entry:
  %m = fmul float %x, %x
  ret float %m
}

define float @_Z3negf(float %x) {
entry:
  %n = fneg float %x
  ret float %n
}

define i32 @_Z3onei(i32 %x) {
entry:
  ret i32 1
}

define ptx_kernel void @k(ptr %o, ptr %fp, i1 %c) {
entry:
  %f = select i1 true, ptr @_Z4halff, ptr @_Z2sqf
  %a = call float %f(float 3.000000e+00)
  %b = call float %fp(float %a)
  %g = select i1 %c, ptr @_Z2sqf, ptr @_Z3negf
  %h = call float %g(float %b)
  %q = select i1 true, ptr @_Z3onei, ptr @_Z3onei
  %w = call float %q(float %h)
  store float %w, ptr %o, align 4
  ret void
}

; CHECK-NOT: define float @_Z4halff
; CHECK: define float @_Z2sqf(float %x)
; CHECK: define float @_Z3negf(float %x)
; CHECK: define i32 @_Z3onei(i32 %x)
; CHECK: define ptx_kernel void @k(
; CHECK-NOT: call float %f(
; CHECK: = fmul float 3.000000e+00, 5.000000e-01
; CHECK: %b = call float %fp(float
; CHECK: %h = call float %g(float %b)
; CHECK: %w = call float @_Z3onei(float %h)
; REMARK: [instcombine] `k`: instructions simplified (2 instructions fewer)
; REMARK: [instcombine] indirect calls of known functions made direct
; REMARK: [inline] inlined `_Z4halff` into `k` (cost 2 of 20000)
; REMARK: [globaldce] deleted unused functions `_Z4halff`
; REMARK-NOT: missed:
