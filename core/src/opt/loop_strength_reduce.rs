//! loop-reduce: loop strength reduction, the part of NVIDIA's LSR (digest
//! part 3 §2.9; `do-lsr-64-bit` is on for sm_70 and later) that gives nvcc's
//! loops their shape: an address whose 64-bit index is affine in the
//! counter, `base[inv + c * (i + t) + k]` or `base[inv + N * (i + t) + k]`
//! with `N` a value the loop does not change (`A[row * K + k]`,
//! `B[k * N + col]` once indvars has widened them), computed on every
//! iteration (a multiply, a shift and an add in PTX), becomes a pointer
//! stepping with the counter: `%lsr.iv = phi ptr [&base[inv + c * start],
//! pre], [%lsr.iv + c * step * size, latch]`. Addresses that differ only in
//! `t` and `k` (an unrolled loop's copies) share it: at constant offsets
//! (`[%rd + 4]`), or, with a run-time stride, each copy's pointer the
//! previous one's plus `N * size`, and the next iteration's the last copy's
//! plus it, as nvcc chains its `add.s64`. The index arithmetic goes (dce);
//! the counter stays only where something else reads it (a remainder loop's
//! start, a test); unread, it goes. The index is taken in i64's wrapping
//! arithmetic, as the address is, so no `nsw` is needed here.
//!
//! Runs late (before the load-store vectorizer), once separate-const-offset
//! has written an unrolled loop's addresses as one base plus constants
//! (`[%rd + 4]`), so the copies share the pointer. At most
//! [`MAX_POINTERS`] pointers per counter: each is a 64-bit register for the
//! whole loop, where the counter's shift is a temporary (cicc's LSR weighs
//! register pressure, `lsr-rp-limit`).

use super::loops::{self, LoopInfo};
use crate::ir::*;

/// The most pointers one counter gets (nvcc's loops step up to 4 pointers
/// per counter in the corpus' kernels; more would add registers).
pub const MAX_POINTERS: usize = 4;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        if !f.is_declaration() {
            let before = super::remark::size(f);
            let (n, tests) = run_function(f);
            let mut what = Vec::new();
            if n > 0 {
                what.push(format!(
                    "{n} address(es) now a pointer stepping with its loop"
                ));
            }
            if tests > 0 {
                what.push(format!(
                    "{tests} exit test(s) now on the counter's next value"
                ));
            }
            if !what.is_empty() {
                changed = true;
                cx.changed_function(f, before, &what.join("; "));
            }
        }
    }
    changed
}

/// The number of pointers made and of exit tests moved to the next value.
fn run_function(f: &mut Function) -> (usize, usize) {
    let dom = DomTree::new(f);
    let li = LoopInfo::new(f, &dom);
    let preds = f.predecessors();
    let mut block_of = vec![None; f.insts.len()];
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            block_of[i.0 as usize] = Some(b);
        }
    }
    // Counted once: the pass adds no use of a compare, so one used once
    // before is used once still (compares it makes itself, none, are skipped).
    let uses = f.use_counts();
    let mut made = 0;
    let mut tests = 0;
    for l in &li.loops {
        let (Some(pre), Some(latch)) = (l.preheader(f, &preds), l.latch()) else {
            continue;
        };
        let in_loop = |v: &Value| {
            v.as_inst()
                .and_then(|i| block_of.get(i.0 as usize).copied().flatten())
                .is_some_and(|b| l.contains(b))
        };
        made += invariant_steps(f, l, (pre, latch), &in_loop);
        tests += post_increment_test(f, l.header, latch, &uses);
        for iv in loops::phis(f, l.header) {
            if f.inst(iv).ty != Type::I64 {
                continue;
            }
            let InstKind::Phi { incoming } = &f.inst(iv).kind else {
                continue;
            };
            if incoming.len() != 2 {
                continue;
            }
            let (Some(start), Some(Value::Inst(next))) = (
                loops::incoming_from(f, iv, pre),
                loops::incoming_from(f, iv, latch),
            ) else {
                continue;
            };
            let step = match &f.inst(next).kind {
                InstKind::Bin {
                    op: BinOp::Add,
                    lhs: Value::Inst(x),
                    rhs: Value::Int(_, c),
                    ..
                } if *x == iv => *c,
                _ => continue,
            };
            // The loop's addresses affine in the counter, by base, element
            // type, the counter's coefficient and the invariant terms.
            let mut groups: Vec<(Key, Vec<Member>)> = Vec::new();
            for &b in &l.blocks {
                for &i in &f.block(b).insts {
                    let InstKind::Gep {
                        elem_ty,
                        base,
                        indices,
                    } = &f.inst(i).kind
                    else {
                        continue;
                    };
                    let ([idx], Type::Ptr(_)) = (indices.as_slice(), &f.inst(i).ty) else {
                        continue;
                    };
                    if in_loop(base) || elem_ty.size() == 0 || f.value_type(idx) != Type::I64 {
                        continue;
                    }
                    let Some(a) = affine(f, idx, iv, &in_loop, 0) else {
                        continue;
                    };
                    let Some((coef, t)) = a.iv.clone().filter(|(c, _)| *c != Coef::Const(0)) else {
                        continue;
                    };
                    if matches!(coef, Coef::Inv(..)) && !(0..=MAX_CHAIN).contains(&t) {
                        continue;
                    }
                    // The invariant terms in one order, so equal sums are equal keys.
                    let mut inv = a.inv;
                    inv.sort_by_key(|(v, _)| format!("{v:?}"));
                    let key = Key {
                        base: base.clone(),
                        elem_ty: elem_ty.clone(),
                        ptr_ty: f.inst(i).ty.clone(),
                        coef,
                        inv,
                    };
                    match groups.iter_mut().find(|g| g.0 == key) {
                        Some(g) => g.1.push((i, t, a.k)),
                        None => groups.push((key, vec![(i, t, a.k)])),
                    }
                }
            }
            if groups.is_empty() || groups.len() > MAX_POINTERS {
                continue;
            }
            for (key, geps) in groups {
                made += reduce(
                    f,
                    &key,
                    &geps,
                    (pre, latch, l.header),
                    (&start, step),
                    &block_of,
                );
            }
        }
    }
    if made > 0 {
        // The index arithmetic the pointers replaced (`k * N + col` per
        // copy), and a counter read by nothing but its own step now.
        super::dce::run_function(f);
    }
    (made, tests)
}

/// LSR's OptimizeLoopTermCond: a latch's exit test on the counter,
/// `%i < C` with `%i.next = %i + s` (instcombine's fold of `%i.next < C + s`),
/// tests `%i.next < C + s` again, so the counter and its next value are not
/// both live across the test (nvcc's `add.s32 %r, %r, 3; setp.lt.u32 %p,
/// %r, 100`). The add's `nsw` (`nuw`) keeps an ordered test exact; `==` and
/// `!=` hold in wrapping arithmetic. 1 when the test changed.
fn post_increment_test(f: &mut Function, header: BlockId, latch: BlockId, uses: &[u32]) -> usize {
    let Some(InstKind::CondBr {
        cond: Value::Inst(c),
        ..
    }) = f.terminator(latch).map(|t| t.kind.clone())
    else {
        return 0;
    };
    let InstKind::ICmp {
        pred,
        lhs: Value::Inst(iv),
        rhs: Value::Int(ty, bound),
    } = f.inst(c).kind.clone()
    else {
        return 0;
    };
    if !f.block(latch).insts.contains(&c)
        || !loops::phis(f, header).contains(&iv)
        || uses.get(c.0 as usize) != Some(&1)
    {
        return 0;
    }
    let Some(Value::Inst(next)) = loops::incoming_from(f, iv, latch) else {
        return 0;
    };
    let InstKind::Bin {
        op: BinOp::Add,
        lhs,
        rhs,
        flags,
    } = &f.inst(next).kind
    else {
        return 0;
    };
    let step = match (lhs, rhs) {
        (Value::Inst(x), Value::Int(_, s)) | (Value::Int(_, s), Value::Inst(x)) if *x == iv => *s,
        _ => return 0,
    };
    let bits = match ty {
        Type::I32 => 32,
        Type::I64 => 64,
        _ => return 0,
    };
    let moved = bound.checked_add(step).filter(|m| {
        let (lo, hi) = if bits == 32 {
            (i32::MIN as i64, i32::MAX as i64)
        } else {
            (i64::MIN, i64::MAX)
        };
        (lo..=hi).contains(m)
    });
    let exact = match pred {
        ICmp::Eq | ICmp::Ne => true,
        ICmp::Slt | ICmp::Sle | ICmp::Sgt | ICmp::Sge => flags.nsw && moved.is_some(),
        // Unsigned: both constants small and non-negative, the add `nuw`.
        _ => flags.nuw && bound >= 0 && step >= 0 && moved.is_some_and(|m| m <= i32::MAX as i64),
    };
    if !exact {
        return 0;
    }
    let moved = match moved {
        Some(m) => m,
        // `==`/`!=` wrap.
        None if bits == 32 => (bound as i32).wrapping_add(step as i32) as i64,
        None => bound.wrapping_add(step),
    };
    // The test reads the add: it goes after it, before the branch.
    let insts = &mut f.block_mut(latch).insts;
    let (Some(at_next), Some(at_c)) = (
        insts.iter().position(|&i| i == next),
        insts.iter().position(|&i| i == c),
    ) else {
        return 0;
    };
    if at_next > at_c {
        insts.remove(at_c);
        let end = insts.len() - 1;
        insts.insert(end, c);
    }
    f.inst_mut(c).kind = InstKind::ICmp {
        pred,
        lhs: Value::Inst(next),
        rhs: Value::Int(ty, moved),
    };
    1
}

/// A pointer stepping by a run-time number of elements (`p += blockDim.x`:
/// `%p.next = gep float, %p, (zext %ntid)`) steps by bytes computed once in
/// the preheader (`%lsr.stride = shl (zext %ntid), 2`; `gep i8, %p,
/// %lsr.stride`), where isel would otherwise widen and scale the count on
/// every iteration. LLVM's LSR gives nvcc's loops the same `shl.b64` before
/// the loop and one `add.s64` in it. Returns how many steps it rewrote.
fn invariant_steps(
    f: &mut Function,
    l: &loops::Loop,
    (pre, latch): (BlockId, BlockId),
    in_loop: &dyn Fn(&Value) -> bool,
) -> usize {
    let mut made = 0;
    for phi in loops::phis(f, l.header) {
        if !matches!(f.inst(phi).ty, Type::Ptr(_)) {
            continue;
        }
        let Some(Value::Inst(next)) = loops::incoming_from(f, phi, latch) else {
            continue;
        };
        let InstKind::Gep {
            elem_ty,
            base: Value::Inst(b),
            indices,
        } = &f.inst(next).kind
        else {
            continue;
        };
        let ([idx], size) = (indices.as_slice(), elem_ty.size() as i64) else {
            continue;
        };
        if *b != phi || size <= 1 || idx.as_int().is_some() || f.value_type(idx) != Type::I64 {
            continue;
        }
        // The count, made in the preheader: itself, or its widening there
        // when only the widening is in the loop (isel folds it into the gep).
        let count = if !in_loop(idx) {
            idx.clone()
        } else {
            let Some(ext) = idx.as_inst() else { continue };
            match &f.inst(ext).kind {
                InstKind::Cast {
                    op: op @ (CastOp::SExt | CastOp::ZExt),
                    val,
                } if !in_loop(val) => {
                    let kind = InstKind::Cast {
                        op: *op,
                        val: val.clone(),
                    };
                    let name = f.inst(ext).name.clone();
                    loops::emit(f, pre, &name, Type::I64, kind)
                }
                _ => continue,
            }
        };
        let stride = times(f, pre, &count, size);
        if let Value::Inst(s) = &stride {
            f.inst_mut(*s).name = "lsr.stride".into();
        }
        f.inst_mut(next).kind = InstKind::Gep {
            elem_ty: Type::I8,
            base: Value::Inst(phi),
            indices: vec![stride],
        };
        made += 1;
    }
    made
}

/// The most copies apart (in iterations) two addresses stepping by a
/// run-time stride may be and share a pointer: an unrolled loop's copies.
const MAX_CHAIN: i64 = 8;

/// What multiplies the counter in an address: a constant, or a value the
/// loop does not change times a constant (`k * N`).
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Coef {
    Const(i64),
    Inv(Value, i64),
}

/// An i64 index as `coef * (iv + t) + Σ m·v + k`: the counter's part
/// (`None` when the index does not read it), values the loop does not
/// change with their constant multipliers, and a constant.
#[derive(Clone, Debug, Default)]
pub(super) struct Affine {
    pub iv: Option<(Coef, i64)>,
    inv: Vec<(Value, i64)>,
    k: i64,
}

/// An address of a group: the gep, its copy `t` and its constant `k`.
type Member = (InstId, i64, i64);

/// One pointer's addresses: their base, element type, the counter's
/// coefficient and the invariant terms.
#[derive(PartialEq)]
struct Key {
    base: Value,
    elem_ty: Type,
    ptr_ty: Type,
    coef: Coef,
    inv: Vec<(Value, i64)>,
}

impl Affine {
    fn scaled(mut self, c: i64) -> Affine {
        self.iv = self.iv.map(|(coef, t)| {
            let coef = match coef {
                Coef::Const(x) => Coef::Const(x.wrapping_mul(c)),
                Coef::Inv(w, x) => Coef::Inv(w, x.wrapping_mul(c)),
            };
            (coef, t)
        });
        for (_, m) in &mut self.inv {
            *m = m.wrapping_mul(c);
        }
        self.inv.retain(|(_, m)| *m != 0);
        self.k = self.k.wrapping_mul(c);
        self
    }

    fn plus(mut self, o: Affine) -> Option<Affine> {
        self.iv = match (self.iv, o.iv) {
            (Some(_), Some(_)) => return None,
            (a, b) => a.or(b),
        };
        for (v, m) in o.inv {
            match self.inv.iter_mut().find(|(w, _)| *w == v) {
                Some((_, n)) => *n = n.wrapping_add(m),
                None => self.inv.push((v, m)),
            }
        }
        self.inv.retain(|(_, m)| *m != 0);
        self.k = self.k.wrapping_add(o.k);
        Some(self)
    }
}

/// `v` (i64) as an affine function of the counter `iv`: additions,
/// subtractions, multiplications and shifts by constants, and one
/// multiplication of the counter by a value the loop does not change.
/// Exact in i64's wrapping arithmetic, as the address it feeds is.
pub(super) fn affine(
    f: &Function,
    v: &Value,
    iv: InstId,
    in_loop: &dyn Fn(&Value) -> bool,
    depth: u32,
) -> Option<Affine> {
    match v {
        Value::Int(_, c) => Some(Affine {
            k: *c,
            ..Affine::default()
        }),
        Value::Inst(i) if *i == iv => Some(Affine {
            iv: Some((Coef::Const(1), 0)),
            ..Affine::default()
        }),
        _ if !in_loop(v) => Some(Affine {
            inv: vec![(v.clone(), 1)],
            ..Affine::default()
        }),
        Value::Inst(i) if depth < 8 && f.inst(*i).ty == Type::I64 => {
            let InstKind::Bin { op, lhs, rhs, .. } = &f.inst(*i).kind else {
                return None;
            };
            let sub = |v| affine(f, v, iv, in_loop, depth + 1);
            match op {
                BinOp::Add => sub(lhs)?.plus(sub(rhs)?),
                BinOp::Sub => sub(lhs)?.plus(sub(rhs)?.scaled(-1)),
                BinOp::Shl => {
                    let c = rhs.as_int().filter(|c| (0..63).contains(c))?;
                    Some(sub(lhs)?.scaled(1 << c))
                }
                BinOp::Mul => {
                    if let Some(c) = rhs.as_int() {
                        return Some(sub(lhs)?.scaled(c));
                    }
                    // The counter (plus a constant) times an invariant value.
                    let (x, w) = match (in_loop(lhs), in_loop(rhs)) {
                        (true, false) => (sub(lhs)?, rhs),
                        (false, true) => (sub(rhs)?, lhs),
                        _ => return None,
                    };
                    match (x.iv, x.inv.is_empty()) {
                        (Some((Coef::Const(c), t)), true) if c != 0 && x.k % c == 0 => {
                            Some(Affine {
                                iv: Some((Coef::Inv(w.clone(), c), t + x.k / c)),
                                ..Affine::default()
                            })
                        }
                        _ => None,
                    }
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// `a * c` at the end of `pre` (a constant folds; `c` of 1 is `a`).
fn times(f: &mut Function, pre: BlockId, a: &Value, c: i64) -> Value {
    if let Some(x) = a.as_int() {
        return Value::i64(x.wrapping_mul(c));
    }
    if c == 1 {
        return a.clone();
    }
    // A power of two as a shift: `shl (sext %n), 2` is one `mul.wide.s32`.
    let kind = if c > 1 && c.count_ones() == 1 {
        InstKind::Bin {
            op: BinOp::Shl,
            lhs: a.clone(),
            rhs: Value::i64(i64::from(c.trailing_zeros())),
            flags: Flags::default(),
        }
    } else {
        InstKind::Bin {
            op: BinOp::Mul,
            lhs: a.clone(),
            rhs: Value::i64(c),
            flags: Flags::default(),
        }
    };
    loops::emit(f, pre, "lsr.mul", Type::I64, kind)
}

/// `a + b` at the end of `pre` (zero is left out).
fn sum(f: &mut Function, pre: BlockId, a: Value, b: Value) -> Value {
    match (a.as_int(), b.as_int()) {
        (Some(0), _) => b,
        (_, Some(0)) => a,
        (Some(x), Some(y)) => Value::i64(x.wrapping_add(y)),
        _ => {
            let kind = InstKind::Bin {
                op: BinOp::Add,
                lhs: a,
                rhs: b,
                flags: Flags::default(),
            };
            loops::emit(f, pre, "lsr.add", Type::I64, kind)
        }
    }
}

/// Makes one pointer stepping with the counter for the addresses `geps`
/// (each with its `t` and `k`), returns how many it rewrote.
fn reduce(
    f: &mut Function,
    key: &Key,
    geps: &[Member],
    (pre, latch, header): (BlockId, BlockId, BlockId),
    (start, step): (&Value, i64),
    block_of: &[Option<BlockId>],
) -> usize {
    let size = key.elem_ty.size() as i64;
    // The first index: the invariant terms plus coef * start.
    let mut idx = Value::i64(0);
    for (v, m) in &key.inv {
        let term = times(f, pre, v, *m);
        idx = sum(f, pre, idx, term);
    }
    let (unit, coef_start) = match &key.coef {
        Coef::Const(x) => (Value::i64(x.wrapping_mul(size)), times(f, pre, start, *x)),
        Coef::Inv(w, x) => {
            let unit = times(f, pre, w, x.wrapping_mul(size));
            let cs = if start.as_int() == Some(0) {
                Value::i64(0)
            } else {
                let kind = InstKind::Bin {
                    op: BinOp::Mul,
                    lhs: w.clone(),
                    rhs: start.clone(),
                    flags: Flags::default(),
                };
                let ws = loops::emit(f, pre, "lsr.mul", Type::I64, kind);
                times(f, pre, &ws, *x)
            };
            (unit, cs)
        }
    };
    idx = sum(f, pre, idx, coef_start);
    let ptr_ty = key.ptr_ty.clone();
    let first = if idx.as_int() == Some(0) {
        key.base.clone()
    } else {
        let gep = InstKind::Gep {
            elem_ty: key.elem_ty.clone(),
            base: key.base.clone(),
            indices: vec![idx],
        };
        loops::emit(f, pre, "scevgep", ptr_ty.clone(), gep)
    };
    let loc = f.inst(geps[0].0).loc;
    let phi = f.create_inst(
        "lsr.iv",
        ptr_ty.clone(),
        InstKind::Phi { incoming: vec![] },
        loc,
    );
    f.block_mut(header).insts.insert(0, phi);
    // With a run-time stride, copy t's pointer is copy t-1's plus the
    // stride, after the header's phis (nvcc's chain of `add.s64`).
    let mut chain = vec![Value::Inst(phi)];
    if matches!(key.coef, Coef::Inv(..)) {
        let top = geps.iter().map(|g| g.1).max().unwrap_or(0);
        let at = f
            .block(header)
            .insts
            .iter()
            .position(|i| !matches!(f.inst(*i).kind, InstKind::Phi { .. }))
            .unwrap_or(0);
        for copy in 0..top as usize {
            let prev = chain.last().expect("phi").clone();
            let g = f.create_inst(
                "lsr.iv.copy",
                ptr_ty.clone(),
                InstKind::Gep {
                    elem_ty: Type::I8,
                    base: prev,
                    indices: vec![unit.clone()],
                },
                loc,
            );
            f.block_mut(header).insts.insert(at + copy, g);
            chain.push(Value::Inst(g));
        }
    }
    // The next iteration's pointer: with a run-time stride and one pointer
    // per copy, the last copy's plus the stride (as nvcc chains them).
    let (from, bytes) = match &key.coef {
        Coef::Const(_) => (
            Value::Inst(phi),
            Value::i64(unit.as_int().expect("constant").wrapping_mul(step)),
        ),
        Coef::Inv(..) if step >= 1 && chain.len() as i64 == step => {
            (chain.last().expect("phi").clone(), unit.clone())
        }
        Coef::Inv(..) => (Value::Inst(phi), times(f, pre, &unit, step)),
    };
    let step_gep = f.create_inst(
        "lsr.iv.next",
        ptr_ty.clone(),
        InstKind::Gep {
            elem_ty: Type::I8,
            base: from,
            indices: vec![bytes],
        },
        loc,
    );
    loops::push_before_end(f, latch, step_gep);
    f.inst_mut(phi).kind = InstKind::Phi {
        incoming: vec![(first, pre), (Value::Inst(step_gep), latch)],
    };
    for &(g, t, k) in geps {
        let (ptr, offset) = match &key.coef {
            Coef::Const(x) => (
                Value::Inst(phi),
                t.wrapping_mul(*x).wrapping_add(k).wrapping_mul(size),
            ),
            Coef::Inv(..) => (chain[t as usize].clone(), k.wrapping_mul(size)),
        };
        if offset == 0 {
            f.replace_all_uses(&Value::Inst(g), &ptr);
            let b = block_of[g.0 as usize].expect("in the loop");
            f.block_mut(b).insts.retain(|x| *x != g);
            f.erase_inst(g);
        } else {
            f.inst_mut(g).kind = InstKind::Gep {
                elem_ty: Type::I8,
                base: ptr,
                indices: vec![Value::i64(offset)],
            };
        }
    }
    geps.len()
}
