; RUN: simplifycfg
; A block no path reaches (the code after a `return` inside a loop, say)
; is deleted with its instructions, and the phis of its successor forget it.
; (Arm a divides, so the if stays an if; the empty arm b goes, its value
; coming into the phi from entry.)

define i32 @f(i1 %c, i32 %x) {
entry:
  br i1 %c, label %a, label %b

a:                                      ; preds = %entry
  %q = sdiv i32 %x, 3
  br label %join

dead:
  %d = add i32 %x, 100
  br label %join

b:                                      ; preds = %entry
  br label %join

join:                                   ; preds = %a, %dead, %b
  %r = phi i32 [ %q, %a ], [ %d, %dead ], [ 2, %b ]
  ret i32 %r
}

; CHECK: entry:
; CHECK-NEXT: br i1 %c, label %a, label %join
; CHECK-NOT: dead
; CHECK: join: ; preds = %entry, %a
; CHECK-NEXT: %r = phi i32 [ %q, %a ], [ 2, %entry ]
; CHECK-NOT: add
; REMARK: [simplifycfg] `f`: control flow simplified (3 instructions fewer, 2 blocks fewer)
; REMARK-NOT: missed:
