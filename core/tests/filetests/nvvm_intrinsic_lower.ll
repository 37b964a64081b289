; RUN: nvvm-intrinsic-lower
; Bit intrinsics of constants fold; a funnel shift by a constant is two
; shifts and an or; one by a variable stays.

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
; CHECK-NEXT: %rot.hi = shl i32 %hi, 8
; CHECK-NEXT: %rot.lo = lshr i32 %lo, 24
; CHECK-NEXT: %rot.or = or i32 %rot.hi, %rot.lo
; CHECK-NEXT: %var = call i32 @llvm.fshl.i32(i32 %hi, i32 %lo, i32 %s)
; CHECK-NEXT: %a = add i32 8, -2
; CHECK-NEXT: %b = add i32 %a, %rot.or
; REMARK: [nvvm-intrinsic-lower] `f`: intrinsics lowered
; REMARK-NOT: missed:
