; RUN: load-store-vectorizer
; The first load promises only 4-byte alignment: a float4-sized access
; there could be misaligned, and the pass raises no alignment, so the
; loads stay. (From offset 4 the next three are no vector either: three
; lanes make two, and offset 4 is not 8-aligned.)

define float @f(ptr addrspace(1) %p) {
entry:
  %x = load float, ptr addrspace(1) %p, align 4
  %p1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 1
  %y = load float, ptr addrspace(1) %p1, align 4
  %p2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 2
  %z = load float, ptr addrspace(1) %p2, align 4
  %p3 = getelementptr inbounds float, ptr addrspace(1) %p, i64 3
  %w = load float, ptr addrspace(1) %p3, align 4
  %s0 = fadd float %x, %y
  %s1 = fadd float %z, %w
  %s = fadd float %s0, %s1
  ret float %s
}

; CHECK: entry:
; CHECK-NEXT: %x = load float, ptr addrspace(1) %p, align 4
; CHECK-NEXT: %p1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 1
; CHECK-NEXT: %y = load float, ptr addrspace(1) %p1, align 4
; CHECK-NOT: <
; CHECK: ret float %s
; REMARK-NOT: [
