; RUN: tailcallelim
; Left alone: @fact subtracts what the call returns (`n - f(n - 1)`: not
; associative, no accumulator; a float multiply would not be either), and
; @walk passes the address of its local to itself (a loop would reuse the
; local the callee reads through %p).

define i32 @fact(i32 %n) {
entry:
  %c = icmp slt i32 %n, 2
  br i1 %c, label %base, label %rec

rec:
  %n1 = add nsw i32 %n, -1
  %r = call i32 @fact(i32 %n1)
  %m = sub nsw i32 %n, %r
  ret i32 %m

base:
  ret i32 1
}

define i32 @walk(ptr %p, i32 %n) {
entry:
  %x = alloca i32, align 4
  %v = load i32, ptr %p, align 4
  store i32 %n, ptr %x, align 4
  %c = icmp eq i32 %n, 0
  br i1 %c, label %base, label %rec

rec:
  %n1 = add i32 %n, -1
  %r = call i32 @walk(ptr %x, i32 %n1)
  ret i32 %r

base:
  ret i32 %v
}

; CHECK: %r = call i32 @fact(i32 %n1)
; CHECK: %r = call i32 @walk(ptr %x, i32 %n1)
; CHECK-NOT: tailrecurse
; REMARK-NOT: [tailcallelim]
