; RUN: nvptx-lower-alloca,memory-space-opt
; A local array left in memory lives in the local frame: nvptx-lower-alloca
; casts its alloca to addrspace(5) and back, memory-space-opt moves the
; loads, stores and address computations onto the local pointer (ld.local in
; PTX); the one use that lets the address escape (a call) keeps the generic
; pointer. A struct temporary passed by value is left alone.

declare i32 @sum(ptr, i32)

declare void @take(ptr byval([8 x i8]) align 4 %s)

define i32 @f(i32 %k) {
entry:
  %buf = alloca [8 x i32], align 4
  %tmp = alloca [8 x i8], align 4
  %idx = sext i32 %k to i64
  %p = getelementptr inbounds [8 x i32], ptr %buf, i64 0, i64 %idx
  store i32 5, ptr %p, align 4
  %v = load i32, ptr %buf, align 4
  store i32 %v, ptr %tmp, align 4
  call void @take(ptr %tmp)
  %s = call i32 @sum(ptr %buf, i32 %k)
  ret i32 %s
}

; CHECK: %buf.local = addrspacecast ptr %buf to ptr addrspace(5)
; CHECK-NEXT: %buf.gen = addrspacecast ptr addrspace(5) %buf.local to ptr
; CHECK-NOT: %tmp.local
; CHECK: %p = getelementptr inbounds [8 x i32], ptr addrspace(5) %buf.local, i64 0, i64 %idx
; CHECK-NEXT: store i32 5, ptr addrspace(5) %p, align 4
; CHECK-NEXT: %v = load i32, ptr addrspace(5) %buf.local, align 4
; CHECK-NEXT: store i32 %v, ptr %tmp, align 4
; CHECK-NEXT: call void @take(ptr %tmp)
; CHECK-NEXT: %s = call i32 @sum(ptr %buf.gen, i32 %k)
; REMARK: [nvptx-lower-alloca] `%buf` in `f` lives in local memory (addrspace 5)
; REMARK: [memory-space-opt] `f`: memory accesses given their address space: 2 local
; REMARK: [memory-space-opt] missed: store in `f` stays generic: its pointer's space is not known
