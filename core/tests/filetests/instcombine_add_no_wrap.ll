; RUN: instcombine
; A constant added to a value its definition bounds cannot wrap, and gets
; `nuw nsw` (LLVM's instcombine reads the known bits, a thread index below
; 1024): the thread index plus 64, a lane plus 1, a masked value plus 7.
; The block index is not bounded, nor is a thread index plus 2^31 - 1000
; in signed range: those adds keep no flags.

define i64 @f(i32 %x) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = add i32 %t, 64
  %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %b = add i32 %l, 1
  %m = and i32 %x, 255
  %c = add i32 %m, 7
  %g = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %d = add i32 %g, 64
  %e = add i32 %t, 2147482648
  %s1 = mul i32 %a, %b
  %s2 = mul i32 %s1, %c
  %s3 = mul i32 %s2, %d
  %s4 = mul i32 %s3, %e
  %w = zext i32 %s4 to i64
  ret i64 %w
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

; CHECK: %a = add nuw nsw i32 %t, 64
; CHECK: %b = add nuw nsw i32 %l, 1
; CHECK: %c = add nuw nsw i32 %m, 7
; CHECK: %d = add i32 %g, 64
; CHECK: %e = add i32 %t, 2147482648
