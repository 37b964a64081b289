; RUN: sroa
; A union written as a float and read as an int (same offset, same size):
; one piece of the first access's type, the other access converted with a
; bitcast. Pieces at offsets 0 and 8 of a 16-byte array get their own
; allocas, aligned as the array's alignment allows at their offset, named
; after the loads that read them (member loads carry member names).

define i32 @bits(float %f, i64 %w) {
entry:
  %u.addr = alloca [16 x i8], align 8
  store float %f, ptr %u.addr, align 4
  %hi = getelementptr inbounds i8, ptr %u.addr, i64 8
  store i64 %w, ptr %hi, align 8
  %i = load i32, ptr %u.addr, align 4
  %w2 = load i64, ptr %hi, align 8
  %t = trunc i64 %w2 to i32
  %r = add i32 %i, %t
  ret i32 %r
}

; CHECK: entry:
; CHECK-NEXT: %u.i.addr = alloca float, align 8
; CHECK-NEXT: %u.w.addr = alloca i64, align 8
; CHECK-NEXT: store float %f, ptr %u.i.addr, align 4
; CHECK-NEXT: store i64 %w, ptr %u.w.addr, align 8
; CHECK-NEXT: %i.sroa = load float, ptr %u.i.addr, align 4
; CHECK-NEXT: %i = bitcast float %i.sroa to i32
; CHECK-NEXT: %w2 = load i64, ptr %u.w.addr, align 8
; CHECK-NOT: [16 x i8]
; REMARK: [sroa] `bits`: aggregates split into scalars (1 instruction more)
; REMARK-NOT: missed:
