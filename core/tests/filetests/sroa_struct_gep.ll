; RUN: sroa
; A named struct local whose fields are addressed by struct geps (clang -O0):
; sroa splits it at the fields' offsets (field 1 of { i32, double } is at 8,
; after padding); in %struct.Q the double of element 1 is at 16 + 8 and the
; i8 after the array at 32.

%struct.P = type { i32, double }
%struct.Q = type { [2 x %struct.P], i8 }

define double @f(i32 %a, double %b) {
entry:
  %p = alloca %struct.P, align 8
  %q = alloca %struct.Q, align 8
  %x = getelementptr inbounds %struct.P, ptr %p, i32 0, i32 0
  store i32 %a, ptr %x, align 8
  %y = getelementptr inbounds %struct.P, ptr %p, i32 0, i32 1
  store double %b, ptr %y, align 8
  %qy = getelementptr inbounds %struct.Q, ptr %q, i32 0, i32 0, i64 1, i32 1
  store double %b, ptr %qy, align 8
  %c = getelementptr inbounds %struct.Q, ptr %q, i32 0, i32 1
  store i8 7, ptr %c, align 8
  %r = load double, ptr %y, align 8
  %s = load double, ptr %qy, align 8
  %t = fadd double %r, %s
  ret double %t
}

; CHECK: define double @f(i32 %a, double %b) {
; CHECK: %p.sroa.0.addr = alloca i32, align 8
; CHECK-NEXT: %p.r.addr = alloca double, align 8
; CHECK-NEXT: %q.s.addr = alloca double, align 8
; CHECK-NEXT: %q.sroa.32.addr = alloca i8, align 8
; CHECK-NOT: struct
; CHECK: store double %b, ptr %q.s.addr, align 8
; CHECK-NEXT: store i8 7, ptr %q.sroa.32.addr, align 1
; CHECK-NEXT: %r = load double, ptr %p.r.addr, align 8
; REMARK: [sroa] `f`: aggregates split into scalars (2 instructions fewer)
; REMARK-NOT: missed:
