; RUN: sink
; Two kernel pointers' casts read by the same instruction in a block past
; the entry: each moves once, to just before that reader, and the pass ends
; (the two casts used to pass each other without end: HeCBench's concat
; hung here).

define void @f(ptr %p, ptr %q, i32 %n) {
entry:
  br label %body

body:
  %p.global = addrspacecast ptr %p to ptr addrspace(1)
  %q.global = addrspacecast ptr %q to ptr addrspace(1)
  %m = mul i32 %n, 3
  %same = icmp eq ptr addrspace(1) %p.global, %q.global
  %v = select i1 %same, i32 %m, i32 %n
  store i32 %v, ptr addrspace(1) %q.global, align 4
  ret void
}

; CHECK: body:
; CHECK-NEXT: %m = mul i32 %n, 3
; CHECK-NEXT: %p.global = addrspacecast ptr %p to ptr addrspace(1)
; CHECK-NEXT: %q.global = addrspacecast ptr %q to ptr addrspace(1)
; CHECK-NEXT: %same = icmp eq ptr addrspace(1) %p.global, %q.global
; REMARK: [sink] `f`: 2 instructions sunk toward their uses
