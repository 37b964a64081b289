; RUN: separate-const-offset-from-gep
; A struct gep with a variable element index: the constant in the index
; (i + 2 elements of 8 bytes) moves into a byte offset, the field number
; stays in the variable gep.

%struct.S = type { i8, i32 }

define void @f(ptr %a, i64 %i) {
entry:
  %j = add nsw i64 %i, 2
  %p = getelementptr inbounds %struct.S, ptr %a, i64 %j, i32 1
  store i32 4, ptr %p, align 4
  ret void
}

; CHECK: %p.base = getelementptr inbounds %struct.S, ptr %a, i64 %i, i32 1
; CHECK-NEXT: %p = getelementptr inbounds i8, ptr %p.base, i64 16
; CHECK-NEXT: store i32 4, ptr %p, align 4
; REMARK: [separate-const-offset-from-gep] `f`: constant offsets moved out of addresses
; REMARK-NOT: missed:
