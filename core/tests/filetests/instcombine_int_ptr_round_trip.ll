; RUN: instcombine
; A pointer through a 64-bit integer and back is the pointer (as LLVM folds
; `inttoptr (ptrtoint p)`), so memory-space-opt can still follow it. A
; pointer into another space, or an integer not from a pointer, stays.

define i32 @f(ptr %p, ptr addrspace(3) %s, i64 %n) {
entry:
  %i = ptrtoint ptr %p to i64
  %q = inttoptr i64 %i to ptr
  %a = load i32, ptr %q, align 4
  %j = ptrtoint ptr addrspace(3) %s to i64
  %r = inttoptr i64 %j to ptr
  %b = load i32, ptr %r, align 4
  %t = inttoptr i64 %n to ptr
  %c = load i32, ptr %t, align 4
  %ab = add i32 %a, %b
  %abc = add i32 %ab, %c
  ret i32 %abc
}

; CHECK: %a = load i32, ptr %p, align 4
; CHECK: %r = inttoptr i64 %j to ptr
; CHECK: %t = inttoptr i64 %n to ptr
