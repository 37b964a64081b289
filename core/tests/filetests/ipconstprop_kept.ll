; RUN: ipconstprop
; Nothing to propagate: `@id` returns its argument, `@maybe` returns 5 or
; undef (undef is no constant a caller may use), and the kernel's own
; result-less calls read nothing.

define ptx_kernel void @k(ptr %a, i1 %c) {
entry:
  %x = load i32, ptr %a, align 4
  %r = call i32 @id(i32 %x)
  %s = call i32 @maybe(i1 %c)
  %t = add i32 %r, %s
  store i32 %t, ptr %a, align 4
  ret void
}

define i32 @id(i32 %v) noinline {
entry:
  ret i32 %v
}

define i32 @maybe(i1 %c) noinline {
entry:
  br i1 %c, label %y, label %n

y:
  ret i32 5

n:
  ret i32 undef
}

; CHECK: %r = call i32 @id(i32 %x)
; CHECK-NEXT: %s = call i32 @maybe(i1 %c)
; CHECK-NEXT: %t = add i32 %r, %s
; REMARK-NOT: [ipconstprop]
