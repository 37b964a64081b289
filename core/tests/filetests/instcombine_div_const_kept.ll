; RUN: instcombine
; Division and remainder by a constant stay divisions in the IR, as LLVM's
; and cicc's instcombine leave them: instruction selection writes the
; mul.hi by a magic number and the shifts (the backend test
; `division_by_a_constant_is_selected_as_nvcc_writes_it`). Only an
; unsigned power of two becomes a shift or a mask here.

define void @f(i64 %x, i64 %y, i64 %z, i32 %w, ptr %p) {
entry:
  %a = sdiv i64 %x, 1000
  %b = udiv i64 %y, 7
  %c = srem i64 %z, 10
  %d = udiv i32 %w, 8
  store i64 %a, ptr %p, align 8
  store i64 %b, ptr %p, align 8
  store i64 %c, ptr %p, align 8
  store i32 %d, ptr %p, align 4
  ret void
}

; CHECK: %a = sdiv i64 %x, 1000
; CHECK-NEXT: %b = udiv i64 %y, 7
; CHECK-NEXT: %c = srem i64 %z, 10
; CHECK-NEXT: %d = lshr i32 %w, 3
; CHECK-NOT: mulhi
; REMARK: [instcombine] `f`: instructions simplified
; REMARK-NOT: missed:
