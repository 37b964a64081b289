; RUN: load-store-vectorizer
; Volatile accesses are each one access, as written: none joins a group,
; and a volatile load between two loads ends their group. Bytes: four i8
; loads of a uchar4 make one <4 x i8>.

define i32 @f(ptr addrspace(1) %p, ptr addrspace(1) %q, ptr addrspace(1) %c) {
entry:
  %a = load volatile i32, ptr addrspace(1) %p, align 8
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %p, i64 1
  %b = load volatile i32, ptr addrspace(1) %p1, align 4
  %x = load i32, ptr addrspace(1) %q, align 8
  %v = load volatile i32, ptr addrspace(1) %p, align 8
  %q1 = getelementptr inbounds i32, ptr addrspace(1) %q, i64 1
  %y = load i32, ptr addrspace(1) %q1, align 4
  %c0 = load i8, ptr addrspace(1) %c, align 4
  %c1p = getelementptr inbounds i8, ptr addrspace(1) %c, i64 1
  %c1 = load i8, ptr addrspace(1) %c1p, align 1
  %c2p = getelementptr inbounds i8, ptr addrspace(1) %c, i64 2
  %c2 = load i8, ptr addrspace(1) %c2p, align 2
  %c3p = getelementptr inbounds i8, ptr addrspace(1) %c, i64 3
  %c3 = load i8, ptr addrspace(1) %c3p, align 1
  %e = zext i8 %c3 to i32
  %s0 = add i32 %a, %b
  %s1 = add i32 %x, %y
  %s2 = add i32 %s0, %s1
  %s3 = add i32 %s2, %v
  %s = add i32 %s3, %e
  ret i32 %s
}

; CHECK: entry:
; CHECK-NEXT: %a = load volatile i32, ptr addrspace(1) %p, align 8
; CHECK-NEXT: %p1 = getelementptr
; CHECK-NEXT: %b = load volatile i32, ptr addrspace(1) %p1, align 4
; CHECK-NEXT: %x = load i32, ptr addrspace(1) %q, align 8
; CHECK-NEXT: %v = load volatile i32
; CHECK-NEXT: %q1 = getelementptr
; CHECK-NEXT: %y = load i32, ptr addrspace(1) %q1, align 4
; CHECK-NEXT: %c0.vec = load <4 x i8>, ptr addrspace(1) %c, align 4
; CHECK-NEXT: %c0 = extractelement <4 x i8> %c0.vec, i32 0
; CHECK-NEXT: %c1 = extractelement <4 x i8> %c0.vec, i32 1
; CHECK-NEXT: %c2 = extractelement <4 x i8> %c0.vec, i32 2
; CHECK-NEXT: %c3 = extractelement <4 x i8> %c0.vec, i32 3
; REMARK: [load-store-vectorizer] `f`: consecutive accesses merged into vector loads and stores (2 instructions fewer)
; REMARK-NOT: missed:
