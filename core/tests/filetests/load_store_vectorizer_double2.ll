; RUN: load-store-vectorizer
; 64-bit elements: two lanes at most (128 bits), so four consecutive
; doubles are two <2 x double> loads, the second aligned to 16 bytes at
; offset 16. Two i64 loads aligned to 8 only stay as they are.

define void @f(ptr addrspace(1) %d, ptr addrspace(1) %q, ptr addrspace(1) %out) {
entry:
  %a = load double, ptr addrspace(1) %d, align 16
  %p1 = getelementptr inbounds i8, ptr addrspace(1) %d, i64 8
  %b = load double, ptr addrspace(1) %p1, align 8
  %p2 = getelementptr inbounds i8, ptr addrspace(1) %d, i64 16
  %c = load double, ptr addrspace(1) %p2, align 16
  %p3 = getelementptr inbounds i8, ptr addrspace(1) %d, i64 24
  %e = load double, ptr addrspace(1) %p3, align 8
  %s0 = fadd double %a, %b
  %s1 = fadd double %c, %e
  %s = fadd double %s0, %s1
  store double %s, ptr addrspace(1) %out, align 8
  %m = load i64, ptr addrspace(1) %q, align 8
  %q1 = getelementptr inbounds i64, ptr addrspace(1) %q, i64 1
  %n = load i64, ptr addrspace(1) %q1, align 8
  %mn = add i64 %m, %n
  store i64 %mn, ptr addrspace(1) %q, align 8
  ret void
}

; CHECK: entry:
; CHECK-NEXT: %a.vec = load <2 x double>, ptr addrspace(1) %d, align 16
; CHECK-NEXT: %a = extractelement <2 x double> %a.vec, i32 0
; CHECK-NEXT: %b = extractelement <2 x double> %a.vec, i32 1
; CHECK-NEXT: %p2 = getelementptr inbounds i8, ptr addrspace(1) %d, i64 16
; CHECK-NEXT: %c.vec = load <2 x double>, ptr addrspace(1) %p2, align 16
; CHECK-NEXT: %c = extractelement <2 x double> %c.vec, i32 0
; CHECK-NEXT: %e = extractelement <2 x double> %c.vec, i32 1
; CHECK: %m = load i64, ptr addrspace(1) %q, align 8
; CHECK-NEXT: %q1 = getelementptr inbounds i64, ptr addrspace(1) %q, i64 1
; CHECK-NEXT: %n = load i64, ptr addrspace(1) %q1, align 8
; CHECK-NOT: <2 x i64>
; REMARK: [load-store-vectorizer] `f`: consecutive accesses merged into vector loads and stores
; REMARK-NOT: missed:
