; RUN: tailcallelim
; Accumulator recursion (LLVM's TailCallElim): `n <= 1 ? 1 : n * fact(n - 1)`
; multiplies what the call returns, an associative and commutative integer
; operation. The join's `ret` is duplicated into the recursive arm first,
; which then ends `call; mul; ret`; the loop carries `%accumulator.tr`
; (1, the multiply's identity, on entry) times each trip's `%n.tr`, and the
; other return returns the accumulator times its value. @twice's two calls
; share the accumulator: one adds, one returns directly.

define i32 @fact(i32 %n) {
entry:
  %c = icmp slt i32 %n, 2
  br i1 %c, label %base, label %rec

base:
  br label %end

rec:
  %n1 = add nsw i32 %n, -1
  %r = call i32 @fact(i32 %n1)
  %m = mul nsw i32 %n, %r
  br label %end

end:
  %v = phi i32 [ 1, %base ], [ %m, %rec ]
  ret i32 %v
}

define i32 @twice(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %zero, label %more

more:
  %odd = and i32 %n, 1
  %n1 = add i32 %n, -1
  %o = icmp ne i32 %odd, 0
  br i1 %o, label %plus, label %plain

plus:
  %r = call i32 @twice(i32 %n1)
  %s = add i32 %r, %n
  ret i32 %s

plain:
  %q = call i32 @twice(i32 %n1)
  ret i32 %q

zero:
  ret i32 7
}

; CHECK: define i32 @fact
; CHECK: tailrecurse:
; CHECK-NEXT: %n.tr = phi i32 [ %n, %entry ], [ %n1, %rec ]
; CHECK-NEXT: %accumulator.tr = phi i32 [ 1, %entry ], [ %accumulate.tr, %rec ]
; CHECK: rec:
; CHECK-NEXT: %n1 = add nsw i32 %n.tr, -1
; CHECK-NEXT: %accumulate.tr = mul i32 %accumulator.tr, %n.tr
; CHECK-NEXT: br label %tailrecurse
; CHECK: end:
; CHECK-NEXT: %v = phi i32 [ 1, %base ]
; CHECK-NEXT: %accumulator.ret.tr = mul i32 %accumulator.tr, %v
; CHECK-NEXT: ret i32 %accumulator.ret.tr
; CHECK: define i32 @twice
; CHECK: %accumulator.tr = phi i32 [ 0, %entry ], [ %accumulate.tr, %plus ], [ %accumulator.tr, %plain ]
; CHECK: plus:
; CHECK-NEXT: %accumulate.tr = add i32 %accumulator.tr, %n.tr
; CHECK: zero:
; CHECK-NEXT: %accumulator.ret.tr = add i32 %accumulator.tr, 7
; CHECK-NOT: call
; REMARK: [tailcallelim] `fact`: 1 tail call to itself became a branch back to its start (a loop), its `mul` of the result an accumulator
; REMARK: [tailcallelim] `twice`: 2 tail calls to itself became a branch back to its start (a loop), its `add` of the result an accumulator
