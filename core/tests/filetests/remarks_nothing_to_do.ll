; RUN: adce,always-inline,dce,deadargelim,dse,early-cse,globaldce,gvn,indvars,inline,instcombine,licm,load-store-vectorizer,loop-reduce,loop-rotate,loop-simplify,loop-unroll,mem2reg,memory-space-opt,nvptx-lower-alloca,nvptx-lower-args,nvvm-intrinsic-lower,nvvm-reflect,nvvm-reflect-pp,reassociate,remat,sccp,separate-const-offset-from-gep,simplifycfg,speculative-execution,sroa
; A kernel no pass can improve: no pass changes it, and none reports
; anything (a pass reports what it did to this program, not what it is).

define ptx_kernel void @k(i32 %x) {
entry:
  %y = add i32 %x, 1
  call void @use(i32 %y)
  ret void
}

declare void @use(i32 %v)

; CHECK: %y = add i32 %x, 1
; CHECK-NEXT: call void @use(i32 %y)
; REMARK-NOT: [
