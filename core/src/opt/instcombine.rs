//! instcombine: folds constants and applies algebraic identities, one
//! instruction at a time, until nothing changes.

use crate::collections::HashMap;
use crate::ir::fold;
use crate::ir::intrinsic::{BitFn, IntTy, Intrinsic, Sreg};
use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        if f.is_declaration() {
            continue;
        }
        let before = super::remark::size(f);
        // The rounds, then the sweeps over selects (the rounds again after
        // the one that makes new instructions, for the selects it makes).
        let mut did = rounds(f, cx);
        did |= canonical_select_compares(f, cx);
        if select_into_add(f, cx) {
            did = true;
            rounds(f, cx);
        }
        if did {
            changed = true;
            cx.changed_function(f, before, "instructions simplified");
        }
    }
    if cx.may_rewrite() && direct_calls(m) {
        cx.applied(
            0,
            format_args!("indirect calls of known functions made direct"),
        );
        changed = true;
    }
    changed
}

/// Rounds until one changes nothing (bounded: each round removes or
/// rewrites at least one instruction); whether any changed something.
fn rounds(f: &mut Function, cx: &super::PassContext) -> bool {
    let mut any = false;
    for _ in 0..64 {
        if !round(f, cx) {
            break;
        }
        any = true;
    }
    any
}

/// A select on a compare that nothing else reads, with a predicate LLVM
/// does not keep (`!=`, `<=`, `>=`): the compare inverted and the arms
/// swapped (InstCombine's canonical predicates; nvcc's PTX shows
/// `setp.lt.s32` + `selp` with the arms swapped for `i >= n ? a : b`).
/// Float compares keep theirs, as nvcc's `setp.ge.f32` shows.
fn canonical_select_compares(f: &mut Function, cx: &super::PassContext) -> bool {
    let uses = f.use_counts();
    let mut changed = false;
    for b in f.layout.clone() {
        for i in f.block(b).insts.clone() {
            let InstKind::Select {
                cond: Value::Inst(c),
                ..
            } = f.inst(i).kind
            else {
                continue;
            };
            let InstKind::ICmp { pred, .. } = f.inst(c).kind else {
                continue;
            };
            let canonical = !matches!(
                pred,
                ICmp::Ne | ICmp::Sle | ICmp::Sge | ICmp::Ule | ICmp::Uge
            );
            if canonical || uses[c.0 as usize] != 1 || !cx.may_rewrite() {
                continue;
            }
            if let InstKind::ICmp { pred, .. } = &mut f.inst_mut(c).kind {
                *pred = pred.inverse();
            }
            if let InstKind::Select { t, f: e, .. } = &mut f.inst_mut(i).kind {
                std::mem::swap(t, e);
            }
            changed = true;
        }
    }
    changed
}

/// `c ? x + y : x` as `x + (c ? y : 0)`, and `c ? x : x + y` as
/// `x + (!c ? y : 0)` (InstCombine's foldSelectIntoOp), on integers: with
/// y = 1 the rounds after make the inner select `zext c`, so
/// `if (hit) ++hits; else misses += 1` counts as nvcc's does, each counter
/// plus a `selp.u32 1, 0` of its compare, with no select between sums.
fn select_into_add(f: &mut Function, cx: &super::PassContext) -> bool {
    let mut changed = false;
    for b in f.layout.clone() {
        for i in f.block(b).insts.clone() {
            let InstKind::Select { cond, t, f: e } = f.inst(i).kind.clone() else {
                continue;
            };
            let ty = f.inst(i).ty.clone();
            if !ty.is_int() || ty == Type::I1 {
                continue;
            }
            // The add, the value it adds to, and whether it is on the false side.
            let added = |v: &Value, other: &Value| -> Option<Value> {
                let InstKind::Bin {
                    op: BinOp::Add,
                    lhs,
                    rhs,
                    ..
                } = &f.inst(v.as_inst()?).kind
                else {
                    return None;
                };
                match (lhs == other, rhs == other) {
                    (true, false) => Some(rhs.clone()),
                    (false, true) => Some(lhs.clone()),
                    _ => None,
                }
            };
            let (x, y, negate) = match (added(&t, &e), added(&e, &t)) {
                (Some(y), _) => (e.clone(), y, false),
                (None, Some(y)) => (t.clone(), y, true),
                _ => continue,
            };
            if !y.is_const() || !cx.may_rewrite() {
                continue;
            }
            // The new instructions go right before the select.
            let mut made = Vec::new();
            let mut cond = cond.clone();
            if negate {
                let not = InstKind::Bin {
                    op: BinOp::Xor,
                    lhs: cond,
                    rhs: Value::bool(true),
                    flags: Flags::default(),
                };
                let not = f.create_inst("not", Type::I1, not, None);
                made.push(not);
                cond = Value::Inst(not);
            }
            let name = format!("{}.inc", f.inst(i).name);
            let zero = fold::int_const(ty.clone(), 0);
            let inc = InstKind::Select {
                cond,
                t: y,
                f: zero,
            };
            let sel = f.create_inst(&name, ty, inc, None);
            made.push(sel);
            let insts = &mut f.block_mut(b).insts;
            let at = insts.iter().position(|x| *x == i).expect("in block");
            insts.splice(at..at, made);
            f.inst_mut(i).kind = InstKind::Bin {
                op: BinOp::Add,
                lhs: x,
                rhs: Value::Inst(sel),
                flags: Flags::default(),
            };
            changed = true;
        }
    }
    changed
}

/// `call float @f(…)` for `call float %fp(…)` once `%fp` is `@f`, a function
/// of the module with the call's signature (else the call stays: calling a
/// function through a pointer of another type is undefined, and the
/// interpreter reports it), so the inliner sees the call, as LLVM's
/// instcombine does for a known callee.
pub(super) fn direct_calls(m: &mut Module) -> bool {
    let sigs: HashMap<String, (Type, Vec<Type>)> = m
        .functions
        .iter()
        .map(|g| {
            let params = g.params.iter().map(|p| p.ty.clone()).collect();
            (g.name.clone(), (g.ret.clone(), params))
        })
        .collect();
    let mut changed = false;
    for f in &mut m.functions {
        for b in f.layout.clone() {
            for i in f.block(b).insts.clone() {
                let InstKind::CallIndirect {
                    callee: Value::Global(name, 0),
                    args,
                } = &f.inst(i).kind
                else {
                    continue;
                };
                let Some((ret, params)) = sigs.get(name) else {
                    continue;
                };
                let tys: Vec<Type> = args.iter().map(|a| f.value_type(a)).collect();
                if *ret != f.inst(i).ty || *params != tys {
                    continue;
                }
                let call = InstKind::Call {
                    callee: Callee::Function(name.clone()),
                    args: args.clone(),
                };
                f.inst_mut(i).kind = call;
                changed = true;
            }
        }
    }
    changed
}

/// The largest value an i32 `v` can hold, read unsigned, when its
/// definitions bound it (LLVM's known bits and the special registers'
/// ranges): a thread index is below 1024, a block dimension at most 1024,
/// a lane below 32; a mask, a shift right, a remainder, a zero extension
/// and arithmetic that does not wrap bound what they make. Six definitions
/// deep at most.
fn max_unsigned(f: &Function, v: &Value, depth: u32) -> Option<u64> {
    let Value::Inst(d) = v else {
        return v
            .as_int()
            .filter(|_| nonneg_const(v))
            .map(|c| c as u64 & 0xffff_ffff);
    };
    if depth >= 6 {
        return None;
    }
    let max = |x: &Value| max_unsigned(f, x, depth + 1);
    match &f.inst(*d).kind {
        InstKind::Call { callee, .. } => match callee.intrinsic()? {
            Intrinsic::Sreg(Sreg::Tid(_)) => Some(1023),
            Intrinsic::Sreg(Sreg::Ntid(_)) => Some(1024),
            Intrinsic::Sreg(Sreg::LaneId) => Some(31),
            Intrinsic::Sreg(Sreg::WarpSize) => Some(32),
            _ => None,
        },
        InstKind::Bin {
            op,
            lhs,
            rhs,
            flags,
        } => match op {
            BinOp::And => match (max(lhs), max(rhs)) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            BinOp::LShr => {
                let c = rhs.as_int().filter(|c| (0..32).contains(c))?;
                Some(max(lhs).unwrap_or(0xffff_ffff) >> c)
            }
            BinOp::URem => max(rhs).map(|m| m.saturating_sub(1)),
            BinOp::Add if flags.nuw => max(lhs)?.checked_add(max(rhs)?),
            BinOp::Mul if flags.nuw => max(lhs)?.checked_mul(max(rhs)?),
            BinOp::Shl if flags.nuw => {
                let c = rhs.as_int().filter(|c| (0..32).contains(c))?;
                max(lhs)?.checked_shl(c as u32)
            }
            _ => None,
        }
        .filter(|&m| m <= 0xffff_ffff),
        InstKind::Cast {
            op: CastOp::ZExt,
            val,
        } => {
            let bits = f.value_type(val).bits();
            (1..32)
                .contains(&bits)
                .then(|| max(val).unwrap_or((1u64 << bits) - 1))
        }
        _ => None,
    }
}

/// Whether an integer's sign bit is known clear (what LLVM's known bits
/// say of a mask by a non-negative constant, a logical shift right, a
/// zero extension, an unsigned remainder or quotient), looking at most six
/// definitions deep.
fn sign_clear(f: &Function, v: &Value, depth: u32) -> bool {
    let Value::Inst(d) = v else {
        return nonneg_const(v);
    };
    if depth >= 6 {
        return false;
    }
    let clear = |x: &Value| sign_clear(f, x, depth + 1);
    match &f.inst(*d).kind {
        InstKind::Bin {
            op,
            lhs,
            rhs,
            flags,
        } => match op {
            BinOp::And => clear(lhs) || clear(rhs),
            BinOp::Add | BinOp::Mul if flags.nsw => clear(lhs) && clear(rhs),
            BinOp::Or | BinOp::Xor => clear(lhs) && clear(rhs),
            BinOp::LShr => rhs.as_int().is_some_and(|s| s >= 1) || clear(lhs),
            BinOp::AShr | BinOp::SRem => clear(lhs),
            BinOp::URem => clear(lhs) || clear(rhs),
            BinOp::UDiv => clear(lhs) || rhs.as_int().is_some_and(|c| c >= 2),
            _ => false,
        },
        InstKind::Cast {
            op: CastOp::ZExt,
            val,
        } => f.value_type(val).bits() < f.inst(*d).ty.bits(),
        InstKind::Select { t, f: e, .. } => clear(t) && clear(e),
        // A counter from a non-negative start up by non-negative steps
        // without signed wrap (LLVM's known bits of a simple recurrence).
        InstKind::Phi { incoming } => incoming.iter().all(|(x, _)| {
            let steps_up = x.as_inst().is_some_and(|n| match &f.inst(n).kind {
                InstKind::Bin {
                    op: BinOp::Add,
                    lhs,
                    rhs,
                    flags,
                } if flags.nsw => match (lhs, rhs) {
                    (Value::Inst(p), c) | (c, Value::Inst(p)) if p == d => nonneg_const(c),
                    _ => false,
                },
                _ => false,
            });
            steps_up || clear(x)
        }),
        _ => false,
    }
}

/// Whether `v` is an integer constant whose sign bit (at its type's width)
/// is clear.
fn nonneg_const(v: &Value) -> bool {
    match v {
        Value::Int(ty, c) => match ty.bits() {
            0 => false,
            bits @ 1..=63 => (c >> (bits - 1)) & 1 == 0,
            _ => *c >= 0,
        },
        _ => false,
    }
}

/// Whether a pointer cannot be null: an alloca, a variable of the generic
/// space, an inbounds gep from one in the generic space (where null is no
/// object's address, as LLVM's isKnownNonZero says).
fn nonnull(f: &Function, v: &Value, depth: u32) -> bool {
    match v {
        Value::Global(_, space) => *space == crate::ir::addrspace::GENERIC,
        Value::Inst(i) if depth < 8 => match &f.inst(*i).kind {
            InstKind::Alloca { .. } => true,
            // `which ? sq : neg`: either is a function's address.
            InstKind::Select { t, f: e, .. } => {
                nonnull(f, t, depth + 1) && nonnull(f, e, depth + 1)
            }
            InstKind::Gep { base, .. } => {
                f.value_type(base) == Type::Ptr(crate::ir::addrspace::GENERIC)
                    && nonnull(f, base, depth + 1)
            }
            _ => false,
        },
        _ => false,
    }
}

fn is_int(v: &Value, n: i64) -> bool {
    v.as_int() == Some(n)
}

/// `log2(v)` when `v` is a constant power of two (as an unsigned number of `ty`'s width), above 1.
fn pow2(v: &Value, ty: &Type) -> Option<i64> {
    let c = v.as_int()?;
    let bits = ty.bits();
    let u = if bits >= 64 {
        c as u64
    } else {
        (c as u64) & ((1u64 << bits) - 1)
    };
    (u > 1 && u.is_power_of_two()).then(|| i64::from(u.trailing_zeros()))
}

/// What to do with one instruction.
enum Action {
    Replace(Value),
    Rewrite(InstKind),
}

/// 1/c for a float constant c = ±2^k whose reciprocal is a normal number
/// of c's type (f32 or f64).
fn exact_reciprocal(c: &Value) -> Option<Value> {
    let Value::Float(ty, bits) = c else {
        return None;
    };
    let v = f64::from_bits(*bits);
    let max_exp = match ty {
        Type::F32 => 126,
        Type::F64 => 1022,
        _ => return None,
    };
    if v == 0.0 || !v.is_finite() {
        return None;
    }
    let (mant, exp) = libm::frexp(v.abs());
    // v = ±0.5·2^exp: a power of two 2^(exp-1).
    let k = exp - 1;
    (mant == 0.5 && k.abs() <= max_exp).then(|| Value::Float(ty.clone(), (1.0 / v).to_bits()))
}

fn simplify(f: &Function, id: InstId, uses: &[u32]) -> Option<Action> {
    let inst = f.inst(id);
    let ty = &inst.ty;
    match &inst.kind {
        InstKind::Bin {
            op,
            lhs,
            rhs,
            flags,
        } => {
            if let Some(v) = fold::binary(*op, lhs, rhs, ty) {
                return Some(Action::Replace(v));
            }
            // Constants go to the right of commutative operators.
            if op.is_commutative() && lhs.is_const() && !rhs.is_const() {
                return Some(Action::Rewrite(InstKind::Bin {
                    op: *op,
                    lhs: rhs.clone(),
                    rhs: lhs.clone(),
                    flags: *flags,
                }));
            }
            if *op == BinOp::Or && *ty == Type::I32 {
                if let Some(k) = funnel_shift(f, lhs, rhs, uses) {
                    return Some(Action::Rewrite(k));
                }
            }
            if let Some(k) = pointer_difference_rule(f, id, *op, lhs, rhs, flags, uses) {
                return Some(Action::Rewrite(k));
            }
            let same = lhs == rhs;
            match op {
                BinOp::Add
                | BinOp::Sub
                | BinOp::Or
                | BinOp::Xor
                | BinOp::Shl
                | BinOp::LShr
                | BinOp::AShr
                    if is_int(rhs, 0) =>
                {
                    Some(Action::Replace(lhs.clone()))
                }
                BinOp::Mul | BinOp::SDiv | BinOp::UDiv if is_int(rhs, 1) => {
                    Some(Action::Replace(lhs.clone()))
                }
                // x - c → x + (-c), LLVM's canonical form (nvcc's PTX reads
                // `add.s32 %r6, %r2, -2`), which the rule below then merges
                // with a neighbouring constant: `(i + 2) - 2` is `i`. `nsw`
                // stays unless c is the most negative value (its negation
                // wraps).
                BinOp::Sub if ty.is_int() && ty.bits() > 1 && rhs.as_int().is_some() => {
                    let neg = fold::binary(BinOp::Sub, &fold::int_const(ty.clone(), 0), rhs, ty)?;
                    let wraps = neg == *rhs;
                    Some(Action::Rewrite(InstKind::Bin {
                        op: BinOp::Add,
                        lhs: lhs.clone(),
                        rhs: neg,
                        flags: Flags {
                            nsw: flags.nsw && !wraps,
                            ..Flags::default()
                        },
                    }))
                }
                // x + c that cannot wrap, x bounded by what it reads (a
                // thread index is below 1024): `nuw nsw`, as LLVM's
                // instcombine infers them from known bits (the special
                // registers' ranges). `s[t + 64]` then splits into `s[t]`
                // and a constant offset, nvcc's `[%r5+256]`.
                BinOp::Add
                    if *ty == Type::I32
                        && !(flags.nuw && flags.nsw)
                        && nonneg_const(rhs)
                        && !lhs.as_inst().is_some_and(|x| {
                            matches!(&f.inst(x).kind, InstKind::Bin { op: BinOp::Add, rhs: c1, .. } if c1.as_int().is_some())
                        })
                        && max_unsigned(f, lhs, 0)
                            .and_then(|m| m.checked_add(rhs.as_int()? as u64))
                            .is_some_and(|m| m <= i32::MAX as u64) =>
                {
                    Some(Action::Rewrite(InstKind::Bin {
                        op: BinOp::Add,
                        lhs: lhs.clone(),
                        rhs: rhs.clone(),
                        flags: Flags {
                            nuw: true,
                            nsw: true,
                            ..*flags
                        },
                    }))
                }
                // (x + c1) + c2 → x + (c1 + c2), as LLVM's instcombine: an
                // unrolled counter's copies (i + 1, then + 1 …) each read i.
                // `nsw` stays when both had it and c1 + c2 does not wrap
                // (LLVM's `maintainNoSignedWrap`): then x + c1 and
                // (x + c1) + c2 are in range, and x + (c1 + c2) is the latter.
                BinOp::Add if rhs.as_int().is_some() && ty.is_int() => match lhs {
                    Value::Inst(inner) => match &f.inst(*inner).kind {
                        InstKind::Bin {
                            op: BinOp::Add,
                            lhs: x,
                            rhs: c1,
                            flags: f1,
                        } if c1.as_int().is_some() => {
                            let (a, b) = (c1.as_int()?, rhs.as_int()?);
                            let sum = fold::binary(BinOp::Add, c1, rhs, ty)?;
                            let exact = sum.as_int() == a.checked_add(b);
                            let nsw = flags.nsw && f1.nsw && exact;
                            Some(Action::Rewrite(InstKind::Bin {
                                op: BinOp::Add,
                                lhs: x.clone(),
                                rhs: sum,
                                flags: Flags {
                                    nsw,
                                    ..Flags::default()
                                },
                            }))
                        }
                        _ => None,
                    },
                    _ => None,
                },
                // (x << c1) << c2 → x << (c1 + c2) while the sum is below
                // the width, as LLVM's instcombine (`blockIdx.x * 2 * 128`:
                // one `shl.b32 …, 8`). A flag stays when both shifts had it.
                BinOp::Shl if ty.is_int() && rhs.as_int().is_some() => match lhs {
                    Value::Inst(inner) => match &f.inst(*inner).kind {
                        InstKind::Bin {
                            op: BinOp::Shl,
                            lhs: x,
                            rhs: c1,
                            flags: f1,
                        } if c1.as_int().is_some() => {
                            let sum = c1.as_int()? + rhs.as_int()?;
                            if !(0..i64::from(ty.bits())).contains(&sum) {
                                return None;
                            }
                            Some(Action::Rewrite(InstKind::Bin {
                                op: BinOp::Shl,
                                lhs: x.clone(),
                                rhs: fold::int_const(ty.clone(), sum),
                                flags: Flags {
                                    nsw: flags.nsw && f1.nsw,
                                    nuw: flags.nuw && f1.nuw,
                                    ..Flags::default()
                                },
                            }))
                        }
                        _ => None,
                    },
                    _ => None,
                },
                // x * 2^k → x << k, as LLVM's instcombine (cicc's IR has
                // `shl`, and nvcc's PTX `shl.b32`/`shl.b64`, never a `mad.lo`
                // with a power of two). `nuw` stays; `nsw` stays unless 2^k
                // is the sign bit (x * INT_MIN may wrap where x << 31 is
                // only the bit moved).
                BinOp::Mul if ty.is_int() && pow2(rhs, ty).is_some() => {
                    let k = pow2(rhs, ty).expect("checked");
                    Some(Action::Rewrite(InstKind::Bin {
                        op: BinOp::Shl,
                        lhs: lhs.clone(),
                        rhs: fold::int_const(ty.clone(), k),
                        flags: Flags {
                            nsw: flags.nsw && k < i64::from(ty.bits()) - 1,
                            nuw: flags.nuw,
                            ..Flags::default()
                        },
                    }))
                }
                // An exact signed division by a power of two (pointer differences) is a shift.
                BinOp::SDiv
                    if flags.exact
                        && pow2(rhs, ty).is_some_and(|k| k < i64::from(ty.bits()) - 1) =>
                {
                    let k = pow2(rhs, ty).expect("checked");
                    Some(Action::Rewrite(InstKind::Bin {
                        op: BinOp::AShr,
                        lhs: lhs.clone(),
                        rhs: fold::int_const(ty.clone(), k),
                        flags: *flags,
                    }))
                }
                // Unsigned division and remainder by a power of two are a shift and a mask.
                BinOp::UDiv | BinOp::URem if pow2(rhs, ty).is_some() => {
                    let k = pow2(rhs, ty).expect("checked");
                    Some(Action::Rewrite(if *op == BinOp::UDiv {
                        InstKind::Bin {
                            op: BinOp::LShr,
                            lhs: lhs.clone(),
                            rhs: fold::int_const(ty.clone(), k),
                            flags: Flags {
                                exact: flags.exact,
                                ..Flags::default()
                            },
                        }
                    } else {
                        InstKind::Bin {
                            op: BinOp::And,
                            lhs: lhs.clone(),
                            rhs: fold::int_const(ty.clone(), ((1u64 << k) - 1) as i64),
                            flags: Flags::default(),
                        }
                    }))
                }
                // x / 2^k is x * 2^-k exactly (both round the same exact
                // value), when 2^-k is a normal number of the type.
                BinOp::FDiv => exact_reciprocal(rhs).map(|r| {
                    Action::Rewrite(InstKind::Bin {
                        op: BinOp::FMul,
                        lhs: lhs.clone(),
                        rhs: r,
                        flags: *flags,
                    })
                }),
                BinOp::Mul | BinOp::And if is_int(rhs, 0) => Some(Action::Replace(rhs.clone())),
                BinOp::And if is_int(rhs, -1) => Some(Action::Replace(lhs.clone())),
                // `and (zext x), c` is the zext when c keeps every bit x has
                // (a u16 widened and masked with 0xffff): the bits above are
                // zero already.
                BinOp::And if mask_keeps_zext(f, lhs, rhs) => Some(Action::Replace(lhs.clone())),
                BinOp::And | BinOp::Or if same => Some(Action::Replace(lhs.clone())),
                BinOp::Sub | BinOp::Xor if same && ty.is_int() => {
                    Some(Action::Replace(fold::int_const(ty.clone(), 0)))
                }
                // `!(a < b)` → `a >= b`: the compare inverted (a second
                // compare where the first has other users, as nvcc's
                // `setp.leu.f32` beside `setp.gt.f32` for `!(x > 0)`).
                BinOp::Xor if *ty == Type::I1 && is_int(rhs, -1) => match lhs {
                    Value::Inst(c) => match &f.inst(*c).kind {
                        InstKind::ICmp {
                            pred,
                            lhs: a,
                            rhs: b,
                        } => Some(Action::Rewrite(InstKind::ICmp {
                            pred: pred.inverse(),
                            lhs: a.clone(),
                            rhs: b.clone(),
                        })),
                        InstKind::FCmp {
                            pred,
                            lhs: a,
                            rhs: b,
                        } => Some(Action::Rewrite(InstKind::FCmp {
                            pred: pred.inverse(),
                            lhs: a.clone(),
                            rhs: b.clone(),
                        })),
                        _ => None,
                    },
                    _ => None,
                },
                _ => None,
            }
        }
        InstKind::ICmp { pred, lhs, rhs } => {
            let opty = f.value_type(lhs);
            if let Some(b) = fold::icmp(*pred, lhs, rhs, &opty) {
                return Some(Action::Replace(Value::bool(b)));
            }
            // A pointer compared with null: null is no object's address
            // (C++'s derived-to-base conversions test their pointers so).
            if matches!(pred, ICmp::Eq | ICmp::Ne) {
                let known = match (lhs, rhs) {
                    (Value::Null(_), Value::Null(_)) => Some(true),
                    (p, Value::Null(_)) | (Value::Null(_), p) if nonnull(f, p, 0) => Some(false),
                    _ => None,
                };
                if let Some(same) = known {
                    return Some(Action::Replace(Value::bool(same == (*pred == ICmp::Eq))));
                }
            }
            // Two addresses in one object compare as their indices
            // (LLVM's FoldGEPICmp; the gep is inbounds): `&p[a] < &p[n]`
            // is `a < n`, signed.
            if let Some((a, b, _)) = same_base_indices(f, lhs, rhs) {
                return Some(Action::Rewrite(InstKind::ICmp {
                    pred: pred.to_signed(),
                    lhs: a,
                    rhs: b,
                }));
            }
            // Constants go to the right: `0 < x` is `x > 0`.
            if lhs.is_const() && !rhs.is_const() {
                return Some(Action::Rewrite(InstKind::ICmp {
                    pred: pred.swapped(),
                    lhs: rhs.clone(),
                    rhs: lhs.clone(),
                }));
            }
            // Two extensions of one kind from one type, or an extension and
            // a constant the narrow type holds, compare narrow (LLVM's
            // foldICmpWithCastOp): `(i64)n > 0` is `n > 0`. Zero-extended
            // values are non-negative, so a signed predicate becomes unsigned.
            if let Some((pred, a, b)) = narrow_icmp(f, *pred, lhs, rhs) {
                return Some(Action::Rewrite(InstKind::ICmp {
                    pred,
                    lhs: a,
                    rhs: b,
                }));
            }
            // `x + c1 < c2` is `x < c2 - c1` when the add cannot wrap in the
            // compare's sense (`nsw` for a signed one; `==`/`!=` always),
            // and c2 - c1 fits the type (LLVM's foldICmpAddConstant).
            if let (
                Some(c2),
                Some(InstKind::Bin {
                    op: BinOp::Add,
                    lhs: x,
                    rhs: c1,
                    flags,
                }),
            ) = (rhs.as_int(), lhs.as_inst().map(|d| &f.inst(d).kind))
            {
                let signed = matches!(pred, ICmp::Slt | ICmp::Sle | ICmp::Sgt | ICmp::Sge);
                let fits = |k: i128| {
                    let bits = opty.bits();
                    k >= -(1i128 << (bits - 1)) && k < (1i128 << (bits - 1))
                };
                if let Some(c1) = c1.as_int().filter(|_| opty.is_int() && opty.bits() > 1) {
                    let k = i128::from(c2) - i128::from(c1);
                    let k = match pred {
                        ICmp::Eq | ICmp::Ne => Some(c2.wrapping_sub(c1)),
                        _ if signed && flags.nsw && fits(k) => Some(k as i64),
                        _ => None,
                    };
                    if let Some(k) = k {
                        return Some(Action::Rewrite(InstKind::ICmp {
                            pred: *pred,
                            lhs: x.clone(),
                            rhs: fold::int_const(opty.clone(), k),
                        }));
                    }
                }
            }
            // Unsigned against the bottom of the range: `x < 1` is `x == 0`,
            // `x > 0` is `x != 0` (LLVM's foldICmpUsingKnownBits, before the
            // folds below: nvcc tests `(n >> 1) > 0` as `shr; setp.ne 0`).
            match (pred, rhs.as_int()) {
                (ICmp::Ult, Some(1)) | (ICmp::Ugt, Some(0)) if opty.is_int() && opty.bits() > 1 => {
                    let pred = if *pred == ICmp::Ult {
                        ICmp::Eq
                    } else {
                        ICmp::Ne
                    };
                    return Some(Action::Rewrite(InstKind::ICmp {
                        pred,
                        lhs: lhs.clone(),
                        rhs: fold::int_const(opty.clone(), 0),
                    }));
                }
                _ => {}
            }
            // `(x >> s) < c` is `x < c << s` and `(x >> s) > c` is
            // `x > ((c + 1) << s) - 1`, unsigned, when the shifted constant
            // keeps its bits (LLVM's foldICmpShrConstant; nvcc tests
            // `blockDim.x / 32 > 1` as `setp.lt.u32 %p, %r, 64`).
            if let (
                Some(c),
                Some(InstKind::Bin {
                    op: BinOp::LShr,
                    lhs: x,
                    rhs: Value::Int(_, sh),
                    ..
                }),
            ) = (rhs.as_int(), lhs.as_inst().map(|d| &f.inst(d).kind))
            {
                let bits = opty.bits();
                if matches!(opty, Type::I32 | Type::I64) && (1..i64::from(bits)).contains(sh) {
                    let mask = if bits == 64 {
                        u64::MAX
                    } else {
                        (1u64 << bits) - 1
                    };
                    let c = c as u64 & mask;
                    let sh = *sh as u32;
                    let k = match pred {
                        ICmp::Ult => Some(c << sh & mask).filter(|k| k >> sh == c),
                        ICmp::Ugt if c < mask => {
                            let up = (c + 1) << sh & mask;
                            (up >> sh == c + 1).then(|| up.wrapping_sub(1) & mask)
                        }
                        _ => None,
                    };
                    if let Some(k) = k {
                        return Some(Action::Rewrite(InstKind::ICmp {
                            pred: *pred,
                            lhs: x.clone(),
                            rhs: fold::int_const(opty.clone(), k as i64),
                        }));
                    }
                }
            }
            // Against a constant, the strict form: `x <= 7` is `x < 8`.
            if let Some((pred, rhs)) = fold::strict_against(*pred, rhs) {
                return Some(Action::Rewrite(InstKind::ICmp {
                    pred,
                    lhs: lhs.clone(),
                    rhs,
                }));
            }
            // Both sides known non-negative: a signed comparison is the
            // unsigned one (LLVM's foldICmpUsingKnownBits; nvcc tests
            // `(i & 7) < 2` as `setp.lt.u32`).
            if *pred != pred.to_unsigned()
                && opty.is_int()
                && opty.bits() > 1
                && sign_clear(f, lhs, 0)
                && sign_clear(f, rhs, 0)
            {
                return Some(Action::Rewrite(InstKind::ICmp {
                    pred: pred.to_unsigned(),
                    lhs: lhs.clone(),
                    rhs: rhs.clone(),
                }));
            }
            // `zext i1 %b` compared with 0 is `%b` (or its negation).
            if let (Value::Inst(z), true) = (lhs, is_int(rhs, 0)) {
                if let InstKind::Cast {
                    op: CastOp::ZExt,
                    val,
                } = &f.inst(*z).kind
                {
                    if f.value_type(val) == Type::I1 {
                        return match pred {
                            ICmp::Ne => Some(Action::Replace(val.clone())),
                            ICmp::Eq => Some(Action::Rewrite(InstKind::Bin {
                                op: BinOp::Xor,
                                lhs: val.clone(),
                                rhs: Value::bool(true),
                                flags: Flags::default(),
                            })),
                            _ => None,
                        };
                    }
                }
            }
            None
        }
        InstKind::FNeg(v) => fold::fneg(v).map(Action::Replace),
        InstKind::FCmp { pred, lhs, rhs } => {
            fold::fcmp(*pred, lhs, rhs).map(|b| Action::Replace(Value::bool(b)))
        }
        InstKind::Select { cond, t, f: e } => {
            if let Some(c) = cond.as_int() {
                return Some(Action::Replace(if c != 0 { t.clone() } else { e.clone() }));
            }
            if t == e {
                return Some(Action::Replace(t.clone()));
            }
            // `c ? 1 : 0` on an integer is `zext c`.
            if ty.is_int() && *ty != Type::I1 && is_int(t, 1) && is_int(e, 0) {
                return Some(Action::Rewrite(InstKind::Cast {
                    op: CastOp::ZExt,
                    val: cond.clone(),
                }));
            }
            // On i1: `c ? x : false` is `c & x`, `c ? true : x` is `c | x`,
            // `c ? true : false` is `c`.
            if *ty == Type::I1 {
                let logic = |op, x: &Value| {
                    Some(Action::Rewrite(InstKind::Bin {
                        op,
                        lhs: cond.clone(),
                        rhs: x.clone(),
                        flags: Flags::default(),
                    }))
                };
                return match (t.as_int(), e.as_int()) {
                    (Some(-1), Some(0)) => Some(Action::Replace(cond.clone())),
                    (Some(0), Some(-1)) => logic(BinOp::Xor, &Value::bool(true)),
                    (_, Some(0)) => logic(BinOp::And, t),
                    (Some(-1), _) => logic(BinOp::Or, e),
                    _ => None,
                };
            }
            None
        }
        InstKind::Cast { op, val } => {
            let from = f.value_type(val);
            if let Some(v) = fold::cast(*op, val, &from, ty) {
                return Some(Action::Replace(v));
            }
            // (An identity addrspacecast is nvvm-peephole's.)
            if from == *ty && *op == CastOp::BitCast {
                return Some(Action::Replace(val.clone()));
            }
            // `trunc (zext x)` (or sext) back to x's type is x (C's bool round trips).
            if *op == CastOp::Trunc {
                if let Some(InstKind::Cast {
                    op: CastOp::ZExt | CastOp::SExt,
                    val: x,
                }) = val.as_inst().map(|d| &f.inst(d).kind)
                {
                    if f.value_type(x) == *ty {
                        return Some(Action::Replace(x.clone()));
                    }
                }
            }
            // `inttoptr (ptrtoint p)` back to p's type is p (a pointer
            // through `unsigned long long` and back), as LLVM folds it.
            if *op == CastOp::IntToPtr && from == Type::I64 {
                if let Some(InstKind::Cast {
                    op: CastOp::PtrToInt,
                    val: p,
                }) = val.as_inst().map(|i| &f.inst(i).kind)
                {
                    if f.value_type(p) == *ty {
                        return Some(Action::Replace(p.clone()));
                    }
                }
            }
            // A bitcast of a load read by nothing else is a load of the
            // other type (`ld.global.u32` of a float's bits, as nvcc), when
            // nothing between them in their block writes memory.
            if *op == CastOp::BitCast && uses_once(val, uses) {
                if let Some(k) = load_as(f, id, val, ty) {
                    return Some(Action::Rewrite(k));
                }
            }
            // bitcast (bitcast x to B) to A, with x of type A, is x (a half's
            // bits and back).
            if *op == CastOp::BitCast {
                if let Some(InstKind::Cast {
                    op: CastOp::BitCast,
                    val: inner,
                }) = val.as_inst().map(|i| &f.inst(i).kind)
                {
                    if f.value_type(inner) == *ty {
                        return Some(Action::Replace(inner.clone()));
                    }
                }
            }
            None
        }
        InstKind::Gep {
            elem_ty,
            base,
            indices,
        } if contains_struct(elem_ty) => {
            // As LLVM ≥ 19: a constant-offset struct gep is a byte offset
            // (`getelementptr inbounds i8, ptr %p, i64 4`), which later passes
            // and isel fold like any other; at offset 0 it is its base.
            let off = gep_const_offset(elem_ty, indices)?;
            if off == 0 {
                return Some(Action::Replace(base.clone()));
            }
            Some(Action::Rewrite(InstKind::Gep {
                elem_ty: Type::I8,
                base: base.clone(),
                indices: vec![Value::i64(off)],
            }))
        }
        // A store of a value's bits (`bitcast double %d to i64`) stores the
        // value (`st.global.f64`, as nvcc).
        InstKind::Store {
            val: Value::Inst(c),
            ptr,
            align,
            volatile,
        } => match &f.inst(*c).kind {
            InstKind::Cast {
                op: CastOp::BitCast,
                val: x,
            } if !f.value_type(x).is_vector() && !f.inst(*c).ty.is_vector() => {
                Some(Action::Rewrite(InstKind::Store {
                    val: x.clone(),
                    ptr: ptr.clone(),
                    align: *align,
                    volatile: *volatile,
                }))
            }
            _ => None,
        },
        // A lane an insertelement set is the element it inserted; a lane
        // it left is read from the vector before it.
        InstKind::ExtractElement { vec, idx } => {
            let k = u32::try_from(idx.as_int()?).ok()?;
            match vector_lane(f, vec, k) {
                Lane::Scalar(v) => Some(Action::Replace(v)),
                Lane::Of(v) if v != *vec => Some(Action::Rewrite(InstKind::ExtractElement {
                    vec: v,
                    idx: idx.clone(),
                })),
                Lane::Of(_) => None,
            }
        }
        InstKind::Phi { incoming } => {
            // A phi whose inputs are all one value (or itself) is that value.
            let me = Value::Inst(id);
            let mut vals = incoming.iter().map(|(v, _)| v).filter(|v| **v != me);
            let first = vals.next()?;
            vals.all(|v| v == first)
                .then(|| Action::Replace(first.clone()))
        }
        _ => None,
    }
}

fn uses_once(v: &Value, uses: &[u32]) -> bool {
    v.as_inst().is_some_and(|i| uses[i.0 as usize] == 1)
}

/// A pointer as its base and (element type, index) when it is a gep of one
/// index: `&p[i]` is `(p, Some((T, i)))`, `p` itself `(p, None)`.
fn gep_parts<'a>(f: &'a Function, p: &'a Value) -> (&'a Value, Option<(&'a Type, &'a Value)>) {
    if let Some(InstKind::Gep {
        elem_ty,
        base,
        indices,
    }) = p.as_inst().map(|i| &f.inst(i).kind)
    {
        if let [idx] = indices.as_slice() {
            return (base, Some((elem_ty, idx)));
        }
    }
    (p, None)
}

/// `&p[a]` and `&p[b]` (one of them may be `p`, index 0): `(a, b, T)`, the
/// indices of one element type into one base.
fn same_base_indices(f: &Function, p1: &Value, p2: &Value) -> Option<(Value, Value, Type)> {
    let ((b1, g1), (b2, g2)) = (gep_parts(f, p1), gep_parts(f, p2));
    if b1 != b2 || !matches!(f.value_type(b1), Type::Ptr(_)) {
        return None;
    }
    let zero = |t: &Value| fold::int_const(f.value_type(t), 0);
    match (g1, g2) {
        (Some((t1, a)), Some((t2, b))) if t1 == t2 && f.value_type(a) == f.value_type(b) => {
            Some((a.clone(), b.clone(), t1.clone()))
        }
        (Some((t, a)), None) => Some((a.clone(), zero(a), t.clone())),
        (None, Some((t, b))) => Some((zero(b), b.clone(), t.clone())),
        _ => None,
    }
}

/// `sub (ptrtoint &p[a]), (ptrtoint &p[b])`: `(a, b, T)`.
fn pointer_difference(f: &Function, sub: &Value) -> Option<(Value, Value, Type)> {
    let InstKind::Bin {
        op: BinOp::Sub,
        lhs,
        rhs,
        ..
    } = &f.inst(sub.as_inst()?).kind
    else {
        return None;
    };
    let ptr = |v: &Value| match v.as_inst().map(|i| &f.inst(i).kind) {
        Some(InstKind::Cast {
            op: CastOp::PtrToInt,
            val,
        }) => Some(val.clone()),
        _ => None,
    };
    let (a, b, t) = same_base_indices(f, &ptr(lhs)?, &ptr(rhs)?)?;
    (f.value_type(&a) == f.value_type(sub)).then_some((a, b, t))
}

/// A pointer difference in elements, `&p[a] - &p[b]`: the byte difference
/// divided exactly by the element's size (`ashr exact` or `sdiv exact`), or
/// itself for byte-sized elements, is `a - b` (LLVM's
/// OptimizePointerDifference and the exact shift it leaves: nvcc's
/// `sub.s64` of the two indices).
fn pointer_difference_rule(
    f: &Function,
    id: InstId,
    op: BinOp,
    lhs: &Value,
    rhs: &Value,
    flags: &Flags,
    uses: &[u32],
) -> Option<InstKind> {
    let (diff, divided) = match op {
        BinOp::AShr | BinOp::SDiv if flags.exact && uses_once(lhs, uses) => (lhs.clone(), true),
        BinOp::Sub => (Value::Inst(id), false),
        _ => return None,
    };
    let (a, b, elem) = pointer_difference(f, &diff)?;
    let size = elem.size() as i64;
    let exact = match (divided, op) {
        (false, _) => size == 1,
        (true, BinOp::AShr) => {
            size > 1 && size.count_ones() == 1 && rhs.as_int()? == i64::from(size.trailing_zeros())
        }
        (true, _) => size > 1 && rhs.as_int()? == size,
    };
    exact.then(|| index_sub(a, b))
}

/// `bitcast (load T p) to U` (`cast`, of the load `val`) as a load of U
/// from p, when the load is plain, in the cast's block, and nothing between
/// them may write memory.
fn load_as(f: &Function, cast: InstId, val: &Value, ty: &Type) -> Option<InstKind> {
    let l = val.as_inst()?;
    let InstKind::Load {
        ptr,
        align,
        volatile: false,
    } = &f.inst(l).kind
    else {
        return None;
    };
    if ty.is_vector() || f.inst(l).ty.is_vector() {
        return None;
    }
    let block = f
        .layout
        .iter()
        .find(|&&b| f.block(b).insts.contains(&cast))?;
    let insts = &f.block(*block).insts;
    let from = insts.iter().position(|&i| i == l)?;
    let to = insts.iter().position(|&i| i == cast)?;
    let writes = insts[from..to]
        .iter()
        .any(|&i| super::sink::writes_memory(&f.inst(i).kind));
    (!writes).then(|| InstKind::Load {
        ptr: ptr.clone(),
        align: *align,
        volatile: false,
    })
}

/// `a - b` of two inbounds indices (it cannot wrap).
fn index_sub(a: Value, b: Value) -> InstKind {
    InstKind::Bin {
        op: BinOp::Sub,
        lhs: a,
        rhs: b,
        flags: Flags {
            nsw: true,
            ..Flags::default()
        },
    }
}

/// LLVM's funnel-shift idioms on 32 bits, as `llvm.fshl`/`llvm.fshr`
/// (one `shf.l.wrap.b32`/`shf.r.wrap.b32`, as nvcc): `(x << c) | (y >>
/// (32 - c))` for a constant `c` in 1..31 is `fshl(x, y, c)`; a rotate by a
/// variable, `(x << s) | (x >> (32 - s))`, is `fshl(x, x, s)` and `(x >> s)
/// | (x << (32 - s))` is `fshr(x, x, s)` (at `s = 0` the idiom's shift by 32
/// is poison, so the rotate's `x` refines it). The shifts must have no other
/// use, or they would stay beside the funnel shift.
fn funnel_shift(f: &Function, a: &Value, b: &Value, uses: &[u32]) -> Option<InstKind> {
    let shift = |v: &Value| match v {
        Value::Inst(i) if uses[i.0 as usize] == 1 => match &f.inst(*i).kind {
            InstKind::Bin {
                op: op @ (BinOp::Shl | BinOp::LShr),
                lhs,
                rhs,
                ..
            } => Some((*op, lhs.clone(), rhs.clone())),
            _ => None,
        },
        _ => None,
    };
    let (x, y) = (shift(a)?, shift(b)?);
    let ((_, hi, left), (_, lo, right)) = match (x.0, y.0) {
        (BinOp::Shl, BinOp::LShr) => (x, y),
        (BinOp::LShr, BinOp::Shl) => (y, x),
        _ => return None,
    };
    // `32 - s`'s `s`.
    let minus_from_32 = |v: &Value| match v {
        Value::Inst(i) => match &f.inst(*i).kind {
            InstKind::Bin {
                op: BinOp::Sub,
                lhs,
                rhs,
                ..
            } if is_int(lhs, 32) => Some(rhs.clone()),
            _ => None,
        },
        _ => None,
    };
    let (callee, amount) = match (left.as_int(), right.as_int()) {
        (Some(l), Some(r)) if (1..32).contains(&l) && l + r == 32 => (BitFn::Fshl, left),
        _ if hi != lo => return None,
        _ if minus_from_32(&right).as_ref() == Some(&left) => (BitFn::Fshl, left),
        _ if minus_from_32(&left).as_ref() == Some(&right) => (BitFn::Fshr, right),
        _ => return None,
    };
    Some(InstKind::Call {
        callee: Intrinsic::Bits(callee, IntTy::I32).into(),
        args: vec![hi, lo, amount],
    })
}

fn contains_struct(t: &Type) -> bool {
    match t {
        Type::Struct(_) => true,
        Type::Array(_, e) => contains_struct(e),
        _ => false,
    }
}

/// The operand counts and users of each instruction, kept current through a
/// round without scanning the function after each change (which made a
/// round quadratic in the function's size).
struct Uses {
    /// How many times each instruction is an operand in live blocks (what
    /// `Function::use_counts` gives).
    counts: Vec<u32>,
    /// The instructions that have each one as an operand (perhaps more: an
    /// entry stays when its user stops using it).
    users: Vec<Vec<InstId>>,
}

impl Uses {
    fn new(f: &Function) -> Uses {
        let mut u = Uses {
            counts: vec![0; f.insts.len()],
            users: vec![Vec::new(); f.insts.len()],
        };
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                u.add(f, i);
            }
        }
        u
    }

    /// Counts the operands of `i` (new, or with a new kind).
    fn add(&mut self, f: &Function, i: InstId) {
        if self.counts.len() < f.insts.len() {
            self.counts.resize(f.insts.len(), 0);
            self.users.resize(f.insts.len(), Vec::new());
        }
        f.inst(i).kind.for_each_operand(|op| {
            if let Value::Inst(d) = op {
                self.counts[d.0 as usize] += 1;
                self.users[d.0 as usize].push(i);
            }
        });
    }

    /// Uncounts the operands of `kind`, the old kind of an instruction.
    fn remove(&mut self, kind: &InstKind) {
        kind.for_each_operand(|op| {
            if let Value::Inst(d) = op {
                self.counts[d.0 as usize] -= 1;
            }
        });
    }

    /// Replaces every use of `id` with `v`, as `Function::replace_all_uses`.
    fn replace(&mut self, f: &mut Function, id: InstId, v: &Value) {
        let from = Value::Inst(id);
        let users = std::mem::take(&mut self.users[id.0 as usize]);
        for &u in &users {
            f.inst_mut(u).kind.for_each_operand_mut(|op| {
                if *op == from {
                    *op = v.clone();
                }
            });
        }
        let n = std::mem::take(&mut self.counts[id.0 as usize]);
        if let Value::Inst(w) = v {
            self.counts[w.0 as usize] += n;
            self.users[w.0 as usize].extend(users);
        }
    }
}

/// One sweep over `f`'s instructions; each simplification is one rewrite.
fn round(f: &mut Function, cx: &super::PassContext) -> bool {
    let mut changed = false;
    let order: Vec<InstId> = f
        .reverse_postorder()
        .iter()
        .flat_map(|b| f.block(*b).insts.clone())
        .collect();
    let mut uses = Uses::new(f);
    let mut dead = Vec::new();
    for id in order {
        let action = match lost_sign(f, id, cx) {
            Some(v) => Some(Action::Replace(v)),
            None => simplify(f, id, &uses.counts),
        };
        if action.is_some() && !cx.may_rewrite() {
            continue;
        }
        match action {
            Some(Action::Replace(v)) => {
                uses.replace(f, id, &v);
                dead.push(id);
                changed = true;
            }
            Some(Action::Rewrite(kind)) => {
                let old = std::mem::replace(&mut f.inst_mut(id).kind, kind);
                uses.remove(&old);
                uses.add(f, id);
                changed = true;
            }
            None => continue,
        }
        debug_assert_eq!(uses.counts, f.use_counts());
    }
    f.delete_insts(dead);
    changed
}

/// The miscompile lab's `instcombine-sign` ([`Bug::InstcombineSign`]): `0 - x`
/// "simplified" to `x`.
fn lost_sign(f: &Function, id: InstId, cx: &super::PassContext) -> Option<Value> {
    if !cx.bug(crate::bugs::Bug::InstcombineSign) {
        return None;
    }
    match &f.inst(id).kind {
        InstKind::Bin {
            op: BinOp::Sub,
            lhs,
            rhs,
            ..
        } if is_int(lhs, 0) && !rhs.is_const() => Some(rhs.clone()),
        _ => None,
    }
}

/// Whether `v` is `zext x` and the constant `mask` has every bit of x's
/// width set (the bits above are zero in the zext whatever the mask).
fn mask_keeps_zext(f: &Function, v: &Value, mask: &Value) -> bool {
    let Some(c) = mask.as_int() else {
        return false;
    };
    let Some(InstKind::Cast {
        op: CastOp::ZExt,
        val: x,
    }) = v.as_inst().map(|d| &f.inst(d).kind)
    else {
        return false;
    };
    let w = f.value_type(x).bits();
    let low = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
    (c as u64) & low == low
}

/// The narrow comparison an `icmp` of extensions from i16 or wider stands for: both sides
/// `sext` (or both `zext`) from one type, or one side so and the other a
/// constant that the narrow type holds (sign- or zero-extending it back
/// gives the constant).
fn narrow_icmp(f: &Function, pred: ICmp, lhs: &Value, rhs: &Value) -> Option<(ICmp, Value, Value)> {
    let ext = |v: &Value| match &f.inst(v.as_inst()?).kind {
        InstKind::Cast {
            op: op @ (CastOp::SExt | CastOp::ZExt),
            val,
        } => Some((*op, val.clone())),
        _ => None,
    };
    let (op, a) = ext(lhs)?;
    let from = f.value_type(&a);
    // Not from i8: a byte compare costs NVPTX an extension in its 16-bit
    // register that the wide compare does not (nvcc compares chars in 32
    // bits).
    if !from.is_int() || from.bits() < 16 {
        return None;
    }
    let b = match ext(rhs) {
        Some((op2, b)) if op2 == op && f.value_type(&b) == from => b,
        Some(_) => return None,
        None => {
            let c = rhs.as_int()?;
            let k = fold::int_const(from.clone(), c);
            let back = match (op, k.as_int()?) {
                (CastOp::SExt, v) => v,
                (_, v) => v & ((1i64 << from.bits()) - 1),
            };
            if back != c {
                return None;
            }
            k
        }
    };
    let pred = if op == CastOp::ZExt {
        pred.to_unsigned()
    } else {
        pred
    };
    Some((pred, a, b))
}
