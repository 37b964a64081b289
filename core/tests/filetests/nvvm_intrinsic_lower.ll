; RUN: nvvm-intrinsic-lower
; Bit intrinsics of constants fold; funnel shifts stay, by a constant or a
; variable, as in cicc (isel writes each as one shf.l.wrap.b32).

define i32 @f(i32 %hi, i32 %lo, i32 %s) {
entry:
  %pop = call i32 @llvm.ctpop.i32(i32 255)
  %hi.mul = call i32 @llvm.nvvm.mulhi.ui(i32 -1, i32 -1)
  %rot = call i32 @llvm.fshl.i32(i32 %hi, i32 %lo, i32 8)
  %var = call i32 @llvm.fshl.i32(i32 %hi, i32 %lo, i32 %s)
  %a = add i32 %pop, %hi.mul
  %b = add i32 %a, %rot
  %c = add i32 %b, %var
  ret i32 %c
}

declare i32 @llvm.ctpop.i32(i32)

declare i32 @llvm.fshl.i32(i32, i32, i32)

declare i32 @llvm.nvvm.mulhi.ui(i32, i32)

; CHECK: entry:
; CHECK-NEXT: %rot = call i32 @llvm.fshl.i32(i32 %hi, i32 %lo, i32 8)
; CHECK-NEXT: %var = call i32 @llvm.fshl.i32(i32 %hi, i32 %lo, i32 %s)
; CHECK-NEXT: %a = add i32 8, -2
; CHECK-NEXT: %b = add i32 %a, %rot
; REMARK: [nvvm-intrinsic-lower] `f`: intrinsics lowered
; REMARK-NOT: missed:
