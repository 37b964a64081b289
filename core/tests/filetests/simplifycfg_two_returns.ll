; RUN: simplifycfg
; `int f(int x) { if (x > 0) return 2 * x; if (x < -5) return 3; }` as
; cicc's front end writes it: falling off the end is `ret i32 undef`. A
; branch to two blocks that only return becomes one return: of the other
; value where one of them is undef (nvcc returns `x > 0 ? 2 * x : 3`), of a
; select otherwise. `g` keeps its branch: one arm stores before returning.

define i32 @f(i32 %x) {
entry:
  %cmp = icmp sgt i32 %x, 0
  br i1 %cmp, label %if.then, label %if.end

if.then:
  %mul = shl i32 %x, 1
  ret i32 %mul

if.end:
  %cmp1 = icmp slt i32 %x, -5
  br i1 %cmp1, label %if.then2, label %if.end3

if.then2:
  ret i32 3

if.end3:
  ret i32 undef
}

define i32 @g(i32 %x, ptr %p) {
entry:
  %cmp = icmp sgt i32 %x, 0
  br i1 %cmp, label %if.then, label %if.end

if.then:
  store i32 7, ptr %p, align 4
  ret i32 1

if.end:
  ret i32 undef
}

; CHECK: define i32 @f(i32 %x) {
; CHECK-NEXT: entry:
; CHECK-NEXT: %cmp = icmp sgt i32 %x, 0
; CHECK-NEXT: %mul = shl i32 %x, 1
; CHECK-NEXT: %cmp1 = icmp slt i32 %x, -5
; CHECK-NEXT: %retval = select i1 %cmp, i32 %mul, i32 3
; CHECK-NEXT: ret i32 %retval
; CHECK-NEXT: }
; CHECK: define i32 @g(
; CHECK: br i1 %cmp, label %if.then, label %if.end
; CHECK: store i32 7, ptr %p, align 4
; CHECK-NEXT: ret i32 1
; CHECK: ret i32 undef
; REMARK: [simplifycfg] `f`: control flow simplified
; REMARK-NOT: `g`
