; RUN: early-cse,dse,dce
; Inline asm: a plain asm whose result is unused goes (LLVM deletes one
; without `sideeffect`); a `sideeffect` one stays. A `~{memory}` clobber
; writes all memory: a load after it is not the load before it, and a
; store before it is not dead though overwritten after it. A plain asm
; without the clobber changes no memory: the loads around it are one.

define void @f(ptr %p, i32 %x) {
entry:
  %unused = call i32 asm "mov.u32 $0, 11;", "=r"()
  %kept = call i32 asm sideeffect "mov.u32 $0, 22;", "=r"()
  %l1 = load i32, ptr %p, align 4
  store i32 %x, ptr %p, align 4
  call void asm sideeffect "membar.gl;", "~{memory}"()
  store i32 %kept, ptr %p, align 4
  %l2 = load i32, ptr %p, align 4
  %m = call i32 asm "add.u32 $0, $1, 1;", "=r,r"(i32 %l2)
  %l3 = load i32, ptr %p, align 4
  %s = add i32 %l1, %l2
  %s2 = add i32 %s, %l3
  %s3 = add i32 %s2, %m
  store i32 %s3, ptr %p, align 4
  ret void
}

; CHECK: entry:
; CHECK-NOT: mov.u32 $0, 11;
; CHECK: %kept = call i32 asm sideeffect "mov.u32 $0, 22;", "=r"()
; CHECK-NEXT: %l1 = load i32, ptr %p, align 4
; CHECK-NEXT: store i32 %x, ptr %p, align 4
; CHECK-NEXT: call void asm sideeffect "membar.gl;", "~{memory}"()
; CHECK-NEXT: store i32 %kept, ptr %p, align 4
; CHECK-NEXT: %l2 = load i32, ptr %p, align 4
; CHECK-NEXT: %m = call i32 asm "add.u32 $0, $1, 1;", "=r,r"(i32 %l2)
; CHECK-NOT: load
; CHECK: %s = add i32 %l1, %l2
; CHECK: %s2 = add i32 %s, %l2
