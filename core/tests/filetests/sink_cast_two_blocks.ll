; RUN: sink
; A kernel pointer's cast to the global space read in both arms of an if
; stays at the top of the kernel, where nvcc's `cvta.to.global.u64` of a
; pointer stored through on both sides is (NVPTX's lower-args runs after
; LLVM's Sink and MachineSink leaves a cast read in several blocks alone);
; the cast read in one arm only still moves into it, with the index.

define void @f(ptr %y, ptr %x, i32 %i, i32 %m) {
entry:
  %y.global = addrspacecast ptr %y to ptr addrspace(1)
  %x.global = addrspacecast ptr %x to ptr addrspace(1)
  %idx = sext i32 %i to i64
  %c = icmp sgt i32 %i, %m
  br i1 %c, label %then, label %else

then:                                   ; preds = %entry
  %p = getelementptr inbounds float, ptr addrspace(1) %y.global, i64 %idx
  %v = load float, ptr addrspace(1) %p, align 4
  %q = getelementptr inbounds float, ptr addrspace(1) %x.global, i64 %idx
  store float %v, ptr addrspace(1) %q, align 4
  br label %exit

else:                                   ; preds = %entry
  %im = add i32 %i, %m
  %idx2 = sext i32 %im to i64
  %r = getelementptr inbounds float, ptr addrspace(1) %y.global, i64 %idx2
  store float 2.0, ptr addrspace(1) %r, align 4
  br label %exit

exit:                                   ; preds = %then, %else
  ret void
}

; CHECK: entry:
; CHECK-NEXT: %y.global = addrspacecast ptr %y to ptr addrspace(1)
; CHECK-NEXT: %c = icmp sgt i32 %i, %m
; CHECK: then:
; CHECK-NEXT: %idx = sext i32 %i to i64
; CHECK-NEXT: %p = getelementptr inbounds float, ptr addrspace(1) %y.global, i64 %idx
; CHECK-NEXT: %v = load float
; CHECK-NEXT: %x.global = addrspacecast ptr %x to ptr addrspace(1)
; CHECK-NEXT: %q = getelementptr
; CHECK: else:
; CHECK-NOT: addrspacecast
; CHECK: exit:
; REMARK: [sink] `f`: 3 instructions sunk toward their uses
