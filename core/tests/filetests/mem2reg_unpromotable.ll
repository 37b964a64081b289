; RUN: mem2reg
; Only scalars whose every use is a plain load or store are promoted. An
; array, a slot whose address escapes to a call or a getelementptr, a
; volatile access, and a slot read with another type stay in memory.

define i32 @f(i32 %v) {
entry:
  %arr = alloca [4 x i32], align 4
  %esc = alloca i32, align 4
  %vol = alloca i32, align 4
  %pun = alloca float, align 4
  %ok = alloca i32, align 4
  %p = getelementptr inbounds [4 x i32], ptr %arr, i64 0, i64 1
  store i32 %v, ptr %p, align 4
  call void @use(ptr %esc)
  store volatile i32 %v, ptr %vol, align 4
  store float 1.000000e+00, ptr %pun, align 4
  %bits = load i32, ptr %pun, align 4
  store i32 %v, ptr %ok, align 4
  %a = load i32, ptr %p, align 4
  %b = load i32, ptr %esc, align 4
  %c = load i32, ptr %vol, align 4
  %d = load i32, ptr %ok, align 4
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %c
  %s3 = add i32 %s2, %bits
  %s4 = add i32 %s3, %d
  ret i32 %s4
}

declare void @use(ptr)

; CHECK: %arr = alloca [4 x i32], align 4
; CHECK-NEXT: %esc = alloca i32, align 4
; CHECK-NEXT: %vol = alloca i32, align 4
; CHECK-NEXT: %pun = alloca float, align 4
; CHECK-NOT: %ok = alloca
; CHECK: store volatile i32 %v, ptr %vol, align 4
; CHECK: %bits = load i32, ptr %pun, align 4
; CHECK-NOT: %ok
; CHECK: %c = load i32, ptr %vol, align 4
; CHECK-NOT: %d = load
; CHECK: %s4 = add i32 %s3, %v
; REMARK: [mem2reg] `f`: promoted 1 alloca to registers, 0 phis inserted
; REMARK: [mem2reg] missed: `%arr` not promoted: an aggregate (sroa splits those it can)
; REMARK: [mem2reg] missed: `%esc` not promoted: its address is used other than to load and store it
; REMARK: [mem2reg] missed: `%vol` not promoted: its address is used other than to load and store it
; REMARK: [mem2reg] missed: `%pun` not promoted: its address is used other than to load and store it
