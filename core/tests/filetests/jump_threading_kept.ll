; RUN: jump-threading
; Left alone: in @unknown no edge decides %merge's test (%x and %y are not
; constants); in @barrier the block that would be copied holds a call (a
; copy would change which threads meet at the barrier).

define i32 @unknown(i1 %c, i32 %x, i32 %y) {
entry:
  br i1 %c, label %a, label %b

a:
  br label %merge

b:
  br label %merge

merge:
  %v = phi i32 [ %x, %a ], [ %y, %b ]
  %t = icmp eq i32 %v, 42
  br i1 %t, label %yes, label %no

yes:
  ret i32 1

no:
  ret i32 0
}

declare void @llvm.nvvm.barrier0()

define i32 @barrier(i1 %c, i32 %x) {
entry:
  br i1 %c, label %a, label %b

a:
  br label %merge

b:
  br label %merge

merge:
  %v = phi i32 [ 42, %a ], [ %x, %b ]
  call void @llvm.nvvm.barrier0()
  %t = icmp eq i32 %v, 42
  br i1 %t, label %yes, label %no

yes:
  ret i32 1

no:
  ret i32 0
}

; CHECK: %v = phi i32 [ %x, %a ], [ %y, %b ]
; CHECK: %v = phi i32 [ 42, %a ], [ %x, %b ]
; CHECK-NOT: thread
; REMARK-NOT: [jump-threading]
