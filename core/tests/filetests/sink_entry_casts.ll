; RUN: sink
; In the entry block the parameters' casts stay at the top, after the
; allocas, the one read last first: nvcc's `cvta.to.global.u64`s follow its
; `ld.param`s so (`out[t] = in[t] + 1` casts `out`, then `in`). A cast
; read only in another block still moves there.

define void @f(ptr %in, ptr %out, ptr %flag, i32 %t) {
entry:
  %buf = alloca [4 x i32], align 16
  %m = mul i32 %t, 3
  %in.global = addrspacecast ptr %in to ptr addrspace(1)
  %x = load i32, ptr addrspace(1) %in.global, align 4
  %out.global = addrspacecast ptr %out to ptr addrspace(1)
  %flag.global = addrspacecast ptr %flag to ptr addrspace(1)
  %y = add i32 %x, %m
  store i32 %y, ptr addrspace(1) %out.global, align 4
  %c = icmp sgt i32 %t, 5
  br i1 %c, label %then, label %exit

then:
  store i32 1, ptr addrspace(1) %flag.global, align 4
  br label %exit

exit:
  ret void
}

; CHECK: entry:
; CHECK-NEXT: %buf = alloca [4 x i32], align 16
; CHECK-NEXT: %out.global = addrspacecast ptr %out to ptr addrspace(1)
; CHECK-NEXT: %in.global = addrspacecast ptr %in to ptr addrspace(1)
; CHECK-NEXT: %m = mul i32 %t, 3
; CHECK-NEXT: %x = load i32, ptr addrspace(1) %in.global, align 4
; CHECK: then:
; CHECK-NEXT: %flag.global = addrspacecast ptr %flag to ptr addrspace(1)
