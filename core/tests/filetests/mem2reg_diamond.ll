; RUN: mem2reg
; An if/else that assigns a variable on both arms: one phi where they meet,
; with an entry per arm (in dominator-tree order).

define float @pick(i1 %c, float %a, float %b) {
entry:
  %x.addr = alloca float, align 4
  br i1 %c, label %if.then, label %if.else

if.then:                                ; preds = %entry
  %m = fmul contract float %a, 2.000000e+00
  store float %m, ptr %x.addr, align 4
  br label %if.end

if.else:                                ; preds = %entry
  store float %b, ptr %x.addr, align 4
  br label %if.end

if.end:                                 ; preds = %if.then, %if.else
  %x = load float, ptr %x.addr, align 4
  %r = fadd contract float %x, 1.000000e+00
  ret float %r
}

; CHECK: if.then:
; CHECK-NEXT: %m = fmul contract float %a, 2.000000e+00
; CHECK-NEXT: br label %if.end
; CHECK: if.else:
; CHECK-NEXT: br label %if.end
; CHECK: if.end:
; CHECK-NEXT: %x = phi float [ %b, %if.else ], [ %m, %if.then ]
; CHECK-NEXT: %r = fadd contract float %x, 1.000000e+00
; CHECK-NOT: alloca
; REMARK: [mem2reg] `pick`: promoted 1 alloca to registers, 1 phi inserted
; REMARK-NOT: missed:
