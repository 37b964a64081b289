; RUN: sroa,mem2reg
; A `float` local read back as an `i32` (what `memcpy(&bits, &x, 4)`
; leaves): mem2reg promotes only accesses of an alloca's own type, so SROA
; takes the scalar too and the read becomes a bitcast of the stored value,
; as LLVM's SROA does; no local memory is left.

define i32 @f(float %x) {
entry:
  %x.addr = alloca float, align 4
  store float %x, ptr %x.addr, align 4
  %bits = load i32, ptr %x.addr, align 4
  ret i32 %bits
}

; CHECK: define i32 @f
; CHECK-NOT: alloca
; CHECK: bitcast float %x to i32
; CHECK-NOT: alloca
