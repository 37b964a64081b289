; RUN: sroa,mem2reg
; Left alone: the local copy's address goes to a call between the two byte
; copies (`memcpy(t, q, 2); use(t); memcpy(p, t, 2);`), which may change t,
; so p's bytes are still read from t: no forwarding from q, as memcpyopt
; forwards only when nothing may write the copy in between.

define void @kept(ptr %p, ptr %q) {
entry:
  %t.addr = alloca [2 x i8], align 1
  %memcpy.b = load i8, ptr %q, align 1
  %memcpy.src1 = getelementptr inbounds i8, ptr %q, i64 1
  %memcpy.b1 = load i8, ptr %memcpy.src1, align 1
  store i8 %memcpy.b, ptr %t.addr, align 1
  %memcpy.dst1 = getelementptr inbounds i8, ptr %t.addr, i64 1
  store i8 %memcpy.b1, ptr %memcpy.dst1, align 1
  call void @use(ptr %t.addr)
  %memcpy.b4 = load i8, ptr %t.addr, align 1
  %memcpy.src5 = getelementptr inbounds i8, ptr %t.addr, i64 1
  %memcpy.b5 = load i8, ptr %memcpy.src5, align 1
  store i8 %memcpy.b4, ptr %p, align 1
  %memcpy.dst5 = getelementptr inbounds i8, ptr %p, i64 1
  store i8 %memcpy.b5, ptr %memcpy.dst5, align 1
  ret void
}

declare void @use(ptr)

; CHECK: %t.addr = alloca [2 x i8], align 1
; CHECK: call void @use(ptr %t.addr)
; CHECK-NEXT: %memcpy.b4 = load i8, ptr %t.addr, align 1
; CHECK: store i8 %memcpy.b4, ptr %p, align 1
; CHECK-NEXT: %memcpy.dst5 = getelementptr inbounds i8, ptr %p, i64 1
; CHECK-NEXT: store i8 %memcpy.b5, ptr %memcpy.dst5, align 1
; REMARK-NOT: [sroa]
; REMARK: [mem2reg] missed: `%t.addr` not promoted
