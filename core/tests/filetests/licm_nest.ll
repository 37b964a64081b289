; Loop-invariant arithmetic, address computation and special-register reads
; move to the preheader; what depends on the loop stays. In a nest, a value
; invariant in both loops climbs out of both.
; RUN: licm
define void @nest(ptr addrspace(1) %a, i32 %n, i32 %m) {
entry:
  br label %outer

outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner

inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %row = mul nsw i32 %i, %m
  %scale = shl i32 %m, 2
  %x = add i32 %row, %j
  %y = add i32 %x, %tid
  %z = mul i32 %y, %scale
  %idx = sext i32 %z to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %idx
  store i32 %j, ptr addrspace(1) %p, align 4
  %j.next = add nsw i32 %j, 1
  %c = icmp slt i32 %j.next, %m
  br i1 %c, label %inner, label %outer.latch

outer.latch:
  %i.next = add nsw i32 %i, 1
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %outer, label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK: entry:
; CHECK-NEXT: %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT: %scale = shl i32 %m, 2
; CHECK-NEXT: br label %outer
; CHECK: outer:
; CHECK-NEXT: %i = phi
; CHECK-NEXT: %row = mul nsw i32 %i, %m
; CHECK-NEXT: br label %inner
; CHECK: inner:
; CHECK-NEXT: %j = phi
; CHECK-NEXT: %x = add i32 %row, %j
; CHECK-NEXT: %y = add i32 %x, %tid
; CHECK-NEXT: %z = mul i32 %y, %scale
; REMARK: [licm] hoisted 3 instructions out of the loop in `nest`
; REMARK: [licm] hoisted 2 instructions out of the loop in `nest`
; REMARK-NOT: missed:
