; RUN: sroa
; Left alone: a struct whose address is passed to a call, one indexed by a
; variable, and one read partly overlapping a piece (an i64 over two floats).

define void @keep(i64 %k, ptr %out) {
entry:
  %a.addr = alloca [8 x i8], align 4
  %b.addr = alloca [8 x i8], align 4
  %c.addr = alloca [8 x i8], align 8
  store float 1.000000e+00, ptr %a.addr, align 4
  call void @use(ptr %a.addr)
  %bi = getelementptr inbounds i8, ptr %b.addr, i64 %k
  store float 2.000000e+00, ptr %bi, align 4
  store float 3.000000e+00, ptr %c.addr, align 4
  %c4 = getelementptr inbounds i8, ptr %c.addr, i64 4
  store float 4.000000e+00, ptr %c4, align 4
  %whole = load i64, ptr %c.addr, align 8
  store i64 %whole, ptr %out, align 8
  ret void
}

declare void @use(ptr)

; CHECK: %a.addr = alloca [8 x i8], align 4
; CHECK-NEXT: %b.addr = alloca [8 x i8], align 4
; CHECK-NEXT: %c.addr = alloca [8 x i8], align 8
; CHECK-NOT: sroa
; REMARK-NOT: [
