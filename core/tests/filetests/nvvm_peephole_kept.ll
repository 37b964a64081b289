; RUN: nvvm-peephole
; What nvvm-peephole leaves: a generic pointer cast to global and back (the
; global cast says where it points: folding it would lose that), a shared
; pointer through generic to global (not a round trip), a double narrowed
; to float and widened back (the narrowing rounds), a generic cast still
; used beside its round trip.

define void @f(ptr %p, ptr addrspace(3) %s, double %x, ptr addrspace(1) %out) {
entry:
  %pg = addrspacecast ptr %p to ptr addrspace(1)
  %pp = addrspacecast ptr addrspace(1) %pg to ptr
  store i32 1, ptr %pp, align 4
  %s1 = addrspacecast ptr addrspace(3) %s to ptr
  %s2 = addrspacecast ptr %s1 to ptr addrspace(1)
  store i32 2, ptr addrspace(1) %s2, align 4
  store i32 3, ptr %s1, align 4
  %t = fptrunc double %x to float
  %w = fpext float %t to double
  store double %w, ptr addrspace(1) %out, align 8
  ret void
}

; CHECK: %pg = addrspacecast ptr %p to ptr addrspace(1)
; CHECK-NEXT: %pp = addrspacecast ptr addrspace(1) %pg to ptr
; CHECK-NEXT: store i32 1, ptr %pp, align 4
; CHECK-NEXT: %s1 = addrspacecast ptr addrspace(3) %s to ptr
; CHECK-NEXT: %s2 = addrspacecast ptr %s1 to ptr addrspace(1)
; CHECK: %t = fptrunc double %x to float
; CHECK-NEXT: %w = fpext float %t to double
; REMARK-NOT: [nvvm-peephole]
