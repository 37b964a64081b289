; RUN: sroa
; Integer accesses of mixed widths widened to one piece (a `__half2` or
; `uchar4` written by its members and read as a word, and the reverse). A
; piece that a narrower store writes starts as zero, so each store's
; read-modify-write reads defined bytes (before, the first one read the
; fresh slot: the interpreter's uninitialized local read after sroa in
; half2_dot.cu).

define i32 @halves_to_word(i16 %lo, i16 %hi) {
entry:
  %h.addr = alloca [4 x i8], align 4
  store i16 %lo, ptr %h.addr, align 2
  %y = getelementptr inbounds i8, ptr %h.addr, i64 2
  store i16 %hi, ptr %y, align 2
  %w = load i32, ptr %h.addr, align 4
  ret i32 %w
}

; CHECK: define i32 @halves_to_word(i16 %lo, i16 %hi) {
; CHECK: %h.w.addr = alloca i32, align 4
; CHECK-NEXT: store i32 0, ptr %h.w.addr, align 4
; CHECK-NEXT: %sroa.old = load i32, ptr %h.w.addr, align 4
; CHECK-NEXT: %sroa.ext = zext i16 %lo to i32
; CHECK-NEXT: %sroa.clear = and i32 %sroa.old, -65536
; CHECK-NEXT: %sroa.insert = or i32 %sroa.clear, %sroa.ext
; CHECK-NEXT: store i32 %sroa.insert, ptr %h.w.addr, align 4
; CHECK: %sroa.shift = shl i32 %sroa.ext1, 16
; CHECK-NEXT: %sroa.clear1 = and i32 %sroa.old1, 65535
; CHECK: %w = load i32, ptr %h.w.addr, align 4

define i16 @word_to_halves(i32 %x) {
entry:
  %h.addr = alloca [4 x i8], align 4
  store i32 %x, ptr %h.addr, align 4
  %lo = load i16, ptr %h.addr, align 2
  %y = getelementptr inbounds i8, ptr %h.addr, i64 2
  %hi = load i16, ptr %y, align 2
  %s = add i16 %lo, %hi
  ret i16 %s
}

; A whole-word store: no zero store in front.
; CHECK: define i16 @word_to_halves(i32 %x) {
; CHECK-NEXT: entry:
; CHECK-NEXT: %h.lo.addr = alloca i32, align 4
; CHECK-NEXT: store i32 %x, ptr %h.lo.addr, align 4
; CHECK-NEXT: %lo.sroa = load i32, ptr %h.lo.addr, align 4
; CHECK-NEXT: %lo = trunc i32 %lo.sroa to i16
; CHECK: %hi.shift = lshr i32 %hi.sroa, 16
; CHECK-NEXT: %hi = trunc i32 %hi.shift to i16

define i32 @mixed(i8 %a, i8 %b, i16 %c, ptr %out) {
entry:
  %u.addr = alloca [8 x i8], align 4
  store i8 %a, ptr %u.addr, align 1
  %p1 = getelementptr inbounds i8, ptr %u.addr, i64 1
  store i8 %b, ptr %p1, align 1
  %p2 = getelementptr inbounds i8, ptr %u.addr, i64 2
  store i16 %c, ptr %p2, align 2
  %w = load i32, ptr %u.addr, align 4
  %hw = load i16, ptr %p2, align 2
  store i16 %hw, ptr %out, align 2
  ret i32 %w
}

; CHECK: define i32 @mixed(i8 %a, i8 %b, i16 %c, ptr %out) {
; CHECK: %u.w.addr = alloca i32, align 4
; CHECK-NEXT: store i32 0, ptr %u.w.addr, align 4
; CHECK: %sroa.clear = and i32 %sroa.old, -256
; CHECK: %sroa.shift = shl i32 %sroa.ext1, 8
; CHECK-NEXT: %sroa.clear1 = and i32 %sroa.old1, -65281
; CHECK: %sroa.shift1 = shl i32 %sroa.ext2, 16
; CHECK-NEXT: %sroa.clear2 = and i32 %sroa.old2, 65535
; CHECK: %w = load i32, ptr %u.w.addr, align 4
; CHECK: %hw.shift = lshr i32 %hw.sroa, 16
