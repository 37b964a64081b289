; RUN: jump-threading
; Both edges into %m decide its branch (%v is 1 or 2, never 0): each is
; threaded to %end, and %m, left without predecessors, goes. %use, which
; only %m entered, is unreachable now but still reads %m's %y: it reads
; undef (simplifycfg removes the block), not a removed instruction.

define i32 @orphan(i1 %c, i32 %x) {
entry:
  br i1 %c, label %a, label %b

a:
  br label %m

b:
  br label %m

m:
  %v = phi i32 [ 1, %a ], [ 2, %b ]
  %y = add i32 %v, %x
  %t = icmp eq i32 %v, 0
  br i1 %t, label %use, label %end

use:
  %r = srem i32 190, %y
  br label %end

end:
  %z = phi i32 [ %r, %use ], [ 0, %m ]
  ret i32 %z
}

; CHECK-NOT: m:
; CHECK: use:
; CHECK-NEXT: %r = srem i32 190, undef
; CHECK: end:
; REMARK: [jump-threading] `orphan`: 2 edges threaded past a branch they decide
