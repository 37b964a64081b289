; RUN: sroa,mem2reg
; Overlapping integer accesses (a struct of bit-fields: its 32-bit unit and
; the byte of an `unsigned char : 1` inside it; a 64-bit unit and a `char`
; in its unused bytes) share one integer piece as wide as their span: the
; narrower load shifts and truncates it, the narrower store masks itself in.
; mem2reg then leaves no alloca.

define i32 @f(i32 %x, i8 %b, ptr %out) {
entry:
  %p.addr = alloca [16 x i8], align 8
  store i32 %x, ptr %p.addr, align 4
  %flag = getelementptr inbounds i8, ptr %p.addr, i64 2
  store i8 %b, ptr %flag, align 1
  %big = getelementptr inbounds i8, ptr %p.addr, i64 8
  store i64 -1, ptr %big, align 8
  %tail = getelementptr inbounds i8, ptr %p.addr, i64 13
  store i8 97, ptr %tail, align 1
  %unit = load i32, ptr %p.addr, align 4
  %byte = load i8, ptr %flag, align 1
  %wide = load i64, ptr %big, align 8
  store i64 %wide, ptr %out, align 8
  %z = zext i8 %byte to i32
  %r = add i32 %unit, %z
  ret i32 %r
}

; CHECK: define i32 @f(i32 %x, i8 %b, ptr %out) {
; CHECK-NOT: alloca
; CHECK: %sroa.ext = zext i8 %b to i32
; CHECK-NEXT: %sroa.shift = shl i32 %sroa.ext, 16
; CHECK-NEXT: %sroa.clear = and i32 %x, -16711681
; CHECK-NEXT: %sroa.insert = or i32 %sroa.clear, %sroa.shift
; CHECK: %sroa.ext1 = zext i8 97 to i64
; CHECK-NEXT: %sroa.shift1 = shl i64 %sroa.ext1, 40
; CHECK-NEXT: %sroa.clear1 = and i64 -1, -280375465082881
; CHECK-NEXT: %sroa.insert1 = or i64 %sroa.clear1, %sroa.shift1
; CHECK: %byte.shift = lshr i32 %sroa.insert, 16
; CHECK-NEXT: %byte = trunc i32 %byte.shift to i8
; CHECK-NEXT: store i64 %sroa.insert1, ptr %out, align 8
; CHECK-NOT: alloca
; REMARK: [sroa] `f`: aggregates split into scalars (12 instructions more)
; REMARK: [mem2reg] `f`: promoted 2 allocas to registers, 0 phis inserted
; REMARK-NOT: missed:
