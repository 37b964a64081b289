; RUN: instcombine
; Constant struct geps become byte offsets, as LLVM >= 19 writes them: field 1
; of { i8, i32 } is at 4 (padding), field 2 of %struct.float4 at 8, element 1
; field 1 of an array of { i8, i32 } at 8 + 4; a variable array index stays;
; field 0 is the struct's own address.

%struct.S = type { i8, i32 }
%struct.float4 = type { float, float, float, float }

define void @f(ptr %p, ptr %v, ptr %a, i64 %i) {
entry:
  %f1 = getelementptr inbounds %struct.S, ptr %p, i32 0, i32 1
  store i32 1, ptr %f1, align 4
  %z = getelementptr inbounds %struct.float4, ptr %v, i32 0, i32 2
  store float 2.000000e+00, ptr %z, align 8
  %e = getelementptr inbounds [4 x %struct.S], ptr %a, i64 0, i64 1, i32 1
  store i32 3, ptr %e, align 4
  %var = getelementptr inbounds %struct.S, ptr %a, i64 %i, i32 1
  store i32 4, ptr %var, align 4
  %f0 = getelementptr inbounds %struct.S, ptr %p, i32 0, i32 0
  store i8 5, ptr %f0, align 4
  ret void
}

; CHECK: %struct.S = type { i8, i32 }
; CHECK: %f1 = getelementptr inbounds i8, ptr %p, i64 4
; CHECK: %z = getelementptr inbounds i8, ptr %v, i64 8
; CHECK: %e = getelementptr inbounds i8, ptr %a, i64 12
; CHECK: %var = getelementptr inbounds %struct.S, ptr %a, i64 %i, i32 1
; CHECK-NEXT: store i32 4, ptr %var, align 4
; CHECK-NEXT: store i8 5, ptr %p, align 4
; REMARK: [instcombine] `f`: instructions simplified (1 instruction fewer)
; REMARK-NOT: missed:
