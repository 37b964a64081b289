; RUN: load-store-vectorizer
; Alignment known from the base: a 16-aligned alloca (nvcc aligns a local
; `int[8]` by its size) seen through its local view takes its eight stores
; as two `<4 x i32>` (the second at offset 16, 16-aligned too). In @eight,
; a parameter's first load promises 8 bytes: the first two floats are one
; `<2 x float>`; the next two promise only 4 (the pointer itself tells
; nothing, as LLVM's LSV knows nothing of a parameter's alignment), so they
; stay, as nvcc's do.

define void @local(i32 %t) {
entry:
  %buf = alloca [8 x i32], align 16
  %buf.local = addrspacecast ptr %buf to ptr addrspace(5)
  store i32 0, ptr addrspace(5) %buf.local, align 4
  %p1 = getelementptr inbounds i8, ptr addrspace(5) %buf.local, i64 4
  store i32 %t, ptr addrspace(5) %p1, align 4
  %p2 = getelementptr inbounds i8, ptr addrspace(5) %buf.local, i64 8
  store i32 %t, ptr addrspace(5) %p2, align 4
  %p3 = getelementptr inbounds i8, ptr addrspace(5) %buf.local, i64 12
  store i32 %t, ptr addrspace(5) %p3, align 4
  %p4 = getelementptr inbounds i8, ptr addrspace(5) %buf.local, i64 16
  store i32 1, ptr addrspace(5) %p4, align 4
  %p5 = getelementptr inbounds i8, ptr addrspace(5) %buf.local, i64 20
  store i32 2, ptr addrspace(5) %p5, align 4
  %p6 = getelementptr inbounds i8, ptr addrspace(5) %buf.local, i64 24
  store i32 3, ptr addrspace(5) %p6, align 4
  %p7 = getelementptr inbounds i8, ptr addrspace(5) %buf.local, i64 28
  store i32 4, ptr addrspace(5) %p7, align 4
  ret void
}

define float @eight(ptr addrspace(1) %p) {
entry:
  %x = load float, ptr addrspace(1) %p, align 8
  %p1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 1
  %y = load float, ptr addrspace(1) %p1, align 4
  %p2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 2
  %z = load float, ptr addrspace(1) %p2, align 4
  %p3 = getelementptr inbounds float, ptr addrspace(1) %p, i64 3
  %w = load float, ptr addrspace(1) %p3, align 4
  %s0 = fadd float %x, %y
  %s1 = fadd float %z, %w
  %s = fadd float %s0, %s1
  ret float %s
}

; CHECK: define void @local
; CHECK: store <4 x i32> %buf.local.vec3, ptr addrspace(5) %buf.local, align 16
; CHECK: store <4 x i32> %p4.vec3, ptr addrspace(5) %p4, align 16
; CHECK-NEXT: ret void
; CHECK: define float @eight
; CHECK: %x.vec = load <2 x float>, ptr addrspace(1) %p, align 8
; CHECK-NOT: %z.vec
