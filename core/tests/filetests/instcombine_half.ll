; RUN: instcombine,dce
; A half's bits and back (what cuda_fp16.h's __half functions leave between
; two operations) is the half itself; a constant converted to half is
; rounded to the nearest half (0.1 is 0x2E66, 0.0999755859375).

define i16 @f(i16 %x) {
entry:
  %h = bitcast i16 %x to half
  %a = fadd half %h, %h
  %b = bitcast half %a to i16
  %c = bitcast i16 %b to half
  %d = fmul half %c, %h
  %e = bitcast half %d to i16
  ret i16 %e
}

define half @g() {
entry:
  %t = fptrunc float 0x3FB99999A0000000 to half
  ret half %t
}

; CHECK: %a = fadd half %h, %h
; CHECK-NEXT: %d = fmul half %a, %h
; CHECK-NEXT: %e = bitcast half %d to i16
; CHECK: define half @g() {
; CHECK-NEXT: entry:
; CHECK-NEXT: ret half 0x3FB9980000000000
; REMARK: [instcombine] `f`: instructions simplified (1 instruction fewer)
; REMARK: [instcombine] `g`: instructions simplified (1 instruction fewer)
; REMARK: [dce] `f`: dead instructions deleted (1 instruction fewer)
; REMARK-NOT: missed:
