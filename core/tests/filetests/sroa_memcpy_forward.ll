; RUN: sroa,mem2reg
; cicc runs LLVM's memcpyopt right before sroa to forward a memcpy whose
; source is a fresh copy (`memcpy(t, q, 4); memcpy(p, t, 4);` reads q
; into p). Our irgen expands a constant-size memcpy into byte loads and
; stores (as NVPTX expands it), so the local copy is an alloca that sroa and
; mem2reg take apart: q's bytes are stored straight into p and no local
; remains, which is what memcpyopt + sroa leave in nvcc's PTX (four
; `ld.global.u8` from q, four `st.global.u8` to p). This is why ptxlab has no
; memcpyopt pass. It holds up to NVPTX's 128-byte max-aggr-copy-size: past
; it nvcc's joined memcpy (or memset, for `L t{}; *p = t;`) becomes one
; loop, while our irgen, having no memcpy instruction, copies member by member.

define void @fwd(ptr %p, ptr %q) {
entry:
  %t.addr = alloca [4 x i8], align 1
  %memcpy.src = getelementptr inbounds i8, ptr %q, i64 0
  %memcpy.b = load i8, ptr %memcpy.src, align 1
  %memcpy.src1 = getelementptr inbounds i8, ptr %q, i64 1
  %memcpy.b1 = load i8, ptr %memcpy.src1, align 1
  %memcpy.src2 = getelementptr inbounds i8, ptr %q, i64 2
  %memcpy.b2 = load i8, ptr %memcpy.src2, align 1
  %memcpy.src3 = getelementptr inbounds i8, ptr %q, i64 3
  %memcpy.b3 = load i8, ptr %memcpy.src3, align 1
  %memcpy.dst = getelementptr inbounds i8, ptr %t.addr, i64 0
  store i8 %memcpy.b, ptr %memcpy.dst, align 1
  %memcpy.dst1 = getelementptr inbounds i8, ptr %t.addr, i64 1
  store i8 %memcpy.b1, ptr %memcpy.dst1, align 1
  %memcpy.dst2 = getelementptr inbounds i8, ptr %t.addr, i64 2
  store i8 %memcpy.b2, ptr %memcpy.dst2, align 1
  %memcpy.dst3 = getelementptr inbounds i8, ptr %t.addr, i64 3
  store i8 %memcpy.b3, ptr %memcpy.dst3, align 1
  %memcpy.src4 = getelementptr inbounds i8, ptr %t.addr, i64 0
  %memcpy.b4 = load i8, ptr %memcpy.src4, align 1
  %memcpy.src5 = getelementptr inbounds i8, ptr %t.addr, i64 1
  %memcpy.b5 = load i8, ptr %memcpy.src5, align 1
  %memcpy.src6 = getelementptr inbounds i8, ptr %t.addr, i64 2
  %memcpy.b6 = load i8, ptr %memcpy.src6, align 1
  %memcpy.src7 = getelementptr inbounds i8, ptr %t.addr, i64 3
  %memcpy.b7 = load i8, ptr %memcpy.src7, align 1
  %memcpy.dst4 = getelementptr inbounds i8, ptr %p, i64 0
  store i8 %memcpy.b4, ptr %memcpy.dst4, align 1
  %memcpy.dst5 = getelementptr inbounds i8, ptr %p, i64 1
  store i8 %memcpy.b5, ptr %memcpy.dst5, align 1
  %memcpy.dst6 = getelementptr inbounds i8, ptr %p, i64 2
  store i8 %memcpy.b6, ptr %memcpy.dst6, align 1
  %memcpy.dst7 = getelementptr inbounds i8, ptr %p, i64 3
  store i8 %memcpy.b7, ptr %memcpy.dst7, align 1
  ret void
}

; CHECK: define void @fwd(ptr %p, ptr %q) {
; CHECK-NOT: alloca
; CHECK: %memcpy.b = load i8, ptr %memcpy.src, align 1
; CHECK-NOT: alloca
; CHECK: store i8 %memcpy.b, ptr %memcpy.dst4, align 1
; CHECK-NOT: alloca
; CHECK: store i8 %memcpy.b3, ptr %memcpy.dst7, align 1
; CHECK-NOT: alloca
; REMARK-NOT: missed:
