; RUN: always-inline
; Only __forceinline__ (alwaysinline) functions are inlined: this pass runs
; at -O0 too; the others wait for `inline`.

define ptx_kernel void @k(ptr %p, i32 %x) {
entry:
  %a = call i32 @forced(i32 %x)
  %b = call i32 @plain(i32 %a)
  store i32 %b, ptr %p, align 4
  ret void
}

define i32 @forced(i32 %v) alwaysinline {
entry:
  %w = add i32 %v, 1
  ret i32 %w
}

define i32 @plain(i32 %v) {
entry:
  %w = mul i32 %v, 3
  ret i32 %w
}

; CHECK: define ptx_kernel void @k
; CHECK-NOT: call i32 @forced
; CHECK: add i32 %x, 1
; CHECK: call i32 @plain
; REMARK: [always-inline] inlined `forced` into `k` (cost 2 of 20000)
; REMARK-NOT: plain
