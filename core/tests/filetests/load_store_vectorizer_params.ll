; RUN: load-store-vectorizer
; A by-value struct parameter's bytes (isel reads them with ld.param) are
; memory like any other: its four floats become one <4 x float> load.
; A temporary passed to a call as a struct argument is left alone: isel
; turns its stores into the call's st.param stores.

%struct.V = type { float, float, float, float }

define float @sum(ptr byval(%struct.V) align 16 %v) noinline {
entry:
  %x = load float, ptr %v, align 16
  %v.y = getelementptr inbounds i8, ptr %v, i64 4
  %y = load float, ptr %v.y, align 4
  %v.z = getelementptr inbounds i8, ptr %v, i64 8
  %z = load float, ptr %v.z, align 8
  %v.w = getelementptr inbounds i8, ptr %v, i64 12
  %w = load float, ptr %v.w, align 4
  %s0 = fadd float %x, %y
  %s1 = fadd float %z, %w
  %s = fadd float %s0, %s1
  ret float %s
}

define float @caller(float %a) {
entry:
  %agg.tmp = alloca %struct.V, align 16
  store float %a, ptr %agg.tmp, align 16
  %t.y = getelementptr inbounds i8, ptr %agg.tmp, i64 4
  store float %a, ptr %t.y, align 4
  %t.z = getelementptr inbounds i8, ptr %agg.tmp, i64 8
  store float %a, ptr %t.z, align 8
  %t.w = getelementptr inbounds i8, ptr %agg.tmp, i64 12
  store float %a, ptr %t.w, align 4
  %r = call float @sum(ptr %agg.tmp)
  ret float %r
}

; CHECK: define float @sum
; CHECK-NEXT: entry:
; CHECK-NEXT: %x.vec = load <4 x float>, ptr %v, align 16
; CHECK-NEXT: %x = extractelement <4 x float> %x.vec, i32 0
; CHECK: define float @caller
; CHECK-NOT: insertelement
; CHECK: store float %a, ptr %t.w, align 4
; CHECK-NEXT: %r = call float @sum(ptr %agg.tmp)
; REMARK: [load-store-vectorizer] `sum`: consecutive accesses merged into vector loads and stores (2 instructions fewer)
; REMARK-NOT: missed:
