; RUN: sroa,mem2reg,instcombine
; A word built from its halves through a local: after mem2reg the first
; store's mask reads the zero the piece starts with, and instcombine leaves
; the halves or-ed together, with no undef and no alloca.

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
; CHECK-NOT: undef
; CHECK-NOT: alloca
; CHECK: zext i16 %lo to i32
; CHECK: zext i16 %hi to i32
; CHECK: shl i32
; CHECK: or i32
; CHECK: ret i32
