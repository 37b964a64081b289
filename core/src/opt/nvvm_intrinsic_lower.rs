//! nvvm-intrinsic-lower, under cicc's name but doing less: cicc's
//! NVVMIntrinsicLowering rewrites `llvm.nvvm.*` calls that NVPTX cannot
//! select as they are (wide vectors split, bf16/tf32/fp8 conversions);
//! irgen makes none of those, so ours only folds the bit-counting,
//! multiply-high and mul24 intrinsics of constant arguments to their
//! constants. Funnel shifts stay `llvm.fshl`/`llvm.fshr`, as in cicc, and
//! become one `shf.l.wrap.b32`/`shf.r.wrap.b32`.

use crate::ir::fold::int_const;
use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    cx.each_function(m, "intrinsics lowered", run_function)
}

/// The constant an intrinsic computes from constant arguments.
fn fold_call(callee: &Intrinsic, args: &[i64]) -> Option<i64> {
    use crate::ir::intrinsic::{BitFn::*, IntTy::*};
    let u32v = |v: i64| v as u32;
    Some(match (callee, args) {
        (Intrinsic::Bits(Ctpop, I32), [a]) => i64::from(u32v(*a).count_ones()),
        (Intrinsic::Bits(Ctpop, I64), [a]) => i64::from((*a as u64).count_ones()),
        (Intrinsic::Bits(Ctlz, I32), [a]) => i64::from(u32v(*a).leading_zeros()),
        (Intrinsic::Bits(Ctlz, I64), [a]) => i64::from((*a as u64).leading_zeros()),
        (Intrinsic::Bits(Cttz, I32), [a]) => i64::from(u32v(*a).trailing_zeros()),
        (Intrinsic::Bits(Cttz, I64), [a]) => i64::from((*a as u64).trailing_zeros()),
        (Intrinsic::Bits(BitReverse, I32), [a]) => i64::from(u32v(*a).reverse_bits() as i32),
        (Intrinsic::Bits(BitReverse, I64), [a]) => (*a as u64).reverse_bits() as i64,
        (
            Intrinsic::MulHi {
                signed: true,
                wide: false,
            },
            [a, b],
        ) => (i64::from(*a as i32) * i64::from(*b as i32)) >> 32,
        (
            Intrinsic::MulHi {
                signed: false,
                wide: false,
            },
            [a, b],
        ) => ((u64::from(u32v(*a)) * u64::from(u32v(*b))) >> 32) as i64,
        (
            Intrinsic::MulHi {
                signed: true,
                wide: true,
            },
            [a, b],
        ) => ((i128::from(*a) * i128::from(*b)) >> 64) as i64,
        (
            Intrinsic::MulHi {
                signed: false,
                wide: true,
            },
            [a, b],
        ) => ((u128::from(*a as u64) * u128::from(*b as u64)) >> 64) as i64,
        (Intrinsic::Mul24 { signed: true }, [a, b]) => {
            let s = |v: i64| i64::from(((v as i32) << 8) >> 8);
            s(*a).wrapping_mul(s(*b))
        }
        (Intrinsic::Mul24 { signed: false }, [a, b]) => {
            i64::from(u32v(*a) & 0xff_ffff).wrapping_mul(i64::from(u32v(*b) & 0xff_ffff))
        }
        _ => return None,
    })
}

fn run_function(f: &mut Function) -> bool {
    let mut changed = false;
    for b in f.layout.clone() {
        let mut k = 0;
        while k < f.block(b).insts.len() {
            let id = f.block(b).insts[k];
            k += 1;
            let InstKind::Call {
                callee: Callee::Intrinsic(callee),
                args,
            } = f.inst(id).kind.clone()
            else {
                continue;
            };
            let ty = f.inst(id).ty.clone();
            let consts: Option<Vec<i64>> = args.iter().map(Value::as_int).collect();
            if let Some(v) = consts.as_deref().and_then(|c| fold_call(&callee, c)) {
                f.replace_all_uses(&Value::Inst(id), &int_const(ty, v));
                f.block_mut(b).insts.retain(|i| *i != id);
                f.erase_inst(id);
                k -= 1;
                changed = true;
            }
        }
    }
    changed
}
