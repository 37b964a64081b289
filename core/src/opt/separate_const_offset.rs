//! separate-const-offset-from-gep: the constant part of an address moves to
//! the outside. `getelementptr float, (getelementptr [16 x float], @Bs, i64 3), i64 %x`
//! becomes `getelementptr i8, (getelementptr float, @Bs, i64 %x), i64 192`;
//! an index `sext (add nsw i32 %i, 1)` gives `sext %i` and 4 bytes (through
//! a few nested `add nsw`/`sub nsw` of constants: `i + k - 2`). The
//! addresses of an unrolled loop then share one variable base (early-cse
//! merges the copies) and isel writes each as `[%rd+192]`, as LLVM's pass of
//! that name does before NVPTX's instruction selection. One pass over the
//! blocks in reverse post-order; a gep whose base was split adds its
//! constant to the base's.

use crate::collections::HashMap;
use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    cx.each_function(m, "constant offsets moved out of addresses", run_function)
}

/// An index as a variable part (`None`: none) plus a constant.
enum Split {
    Const(i64),
    /// `add i64 %x, C`: `%x` and C.
    Add(Value, i64),
    /// `sext (add nsw i32 %x, C)` (or `zext (add nuw …)`): a new cast of `%x` and C.
    Ext(CastOp, Value, i64),
    Var,
}

/// `v` as a value plus a constant, looking through up to four `add`/`sub`
/// of a constant whose flags `need` accepts: `(%i + 1) - 2` is `%i` and -1
/// (`unsigned`: for a zext, adds of non-negative constants only).
fn peel(f: &Function, v: &Value, need: fn(&Flags) -> bool, unsigned: bool) -> (Value, i64) {
    let (mut x, mut c) = (v.clone(), 0i64);
    for _ in 0..4 {
        let Some(InstKind::Bin {
            op,
            lhs,
            rhs,
            flags,
        }) = x.as_inst().map(|d| &f.inst(d).kind)
        else {
            break;
        };
        if !need(flags) {
            break;
        }
        let (next, k) = match (op, lhs.as_int(), rhs.as_int()) {
            (BinOp::Add, None, Some(k)) => (lhs.clone(), k),
            (BinOp::Add, Some(k), None) => (rhs.clone(), k),
            (BinOp::Sub, None, Some(k)) if k != i64::MIN => (lhs.clone(), -k),
            _ => break,
        };
        // Under zext the constants are unsigned: only adds of small ones.
        if unsigned && (*op == BinOp::Sub || k < 0) {
            break;
        }
        x = next;
        c = c.wrapping_add(k);
    }
    (x, c)
}

fn split_index(f: &Function, v: &Value) -> Split {
    if let Some(c) = v.as_int() {
        return Split::Const(c);
    }
    let Some(d) = v.as_inst() else {
        return Split::Var;
    };
    match &f.inst(d).kind {
        // 64-bit address arithmetic wraps like the add itself: no flag needed.
        InstKind::Bin { .. } if f.inst(d).ty == Type::I64 => match peel(f, v, |_| true, false) {
            (x, c) if c != 0 => Split::Add(x, c),
            _ => Split::Var,
        },
        InstKind::Cast {
            op: op @ (CastOp::SExt | CastOp::ZExt),
            val,
        } if f.inst(d).ty == Type::I64 => {
            let need: fn(&Flags) -> bool = if *op == CastOp::SExt {
                |fl| fl.nsw
            } else {
                |fl| fl.nuw
            };
            match peel(f, val, need, *op == CastOp::ZExt) {
                (x, c) if c != 0 => Split::Ext(*op, x, c),
                _ => Split::Var,
            }
        }
        _ => Split::Var,
    }
}

fn run_function(f: &mut Function) -> bool {
    let mut changed = false;
    // A gep already split: its variable base and its constant bytes.
    let mut split: HashMap<InstId, (Value, i64)> = HashMap::default();
    for b in f.reverse_postorder() {
        let old = std::mem::take(&mut f.block_mut(b).insts);
        let mut new = Vec::with_capacity(old.len());
        for id in old {
            if let Some(kind) = rewrite(f, id, &mut split, &mut new) {
                f.inst_mut(id).kind = kind;
                changed = true;
            }
            new.push(id);
        }
        f.block_mut(b).insts = new;
    }
    if changed {
        // The inner geps whose constants moved out are dead now.
        super::dce::run_function(f);
    }
    changed
}

/// The new form of gep `id` (its variable part is pushed to `out` first), or
/// `None` when it stays as it is.
fn rewrite(
    f: &mut Function,
    id: InstId,
    split: &mut HashMap<InstId, (Value, i64)>,
    out: &mut Vec<InstId>,
) -> Option<InstKind> {
    let InstKind::Gep {
        elem_ty,
        base,
        indices,
    } = f.inst(id).kind.clone()
    else {
        return None;
    };
    let (steps, _) = gep_steps(&elem_ty, &indices)?;
    let (root, mut bytes) = match base.as_inst().and_then(|b| split.get(&b)) {
        Some((root, c)) => (root.clone(), *c),
        None => (base.clone(), 0),
    };
    let ty = f.inst(id).ty.clone();
    let loc = f.inst(id).loc;
    let mut var = Vec::with_capacity(indices.len());
    for (idx, step) in indices.iter().zip(&steps) {
        let scale = match *step {
            GepStep::Scale(s) => s,
            // A field number stays in the variable gep (it is not a count of
            // bytes); canonical struct geps have been bytes since instcombine.
            GepStep::Field(_) => {
                var.push(idx.clone());
                continue;
            }
        };
        let (v, c) = match split_index(f, idx) {
            Split::Const(c) => (Value::Int(f.value_type(idx), 0), c),
            Split::Add(x, c) => (x, c),
            Split::Ext(op, x, c) => {
                let name = format!("{}.var", f.inst(idx.as_inst()?).name);
                let cast = f.create_inst(&name, Type::I64, InstKind::Cast { op, val: x }, loc);
                out.push(cast);
                (Value::Inst(cast), c)
            }
            Split::Var => (idx.clone(), 0),
        };
        bytes = bytes.wrapping_add(c.wrapping_mul(scale));
        var.push(v);
    }
    let all_zero = var.iter().all(|v| v.as_int() == Some(0));
    let var_ptr = if all_zero {
        root
    } else if bytes == 0 {
        // No constant at all: the gep is its own variable part (on a split base).
        let kind = InstKind::Gep {
            elem_ty,
            base: root,
            indices: var,
        };
        split.insert(id, (Value::Inst(id), 0));
        return (kind != f.inst(id).kind).then_some(kind);
    } else {
        let name = format!("{}.base", f.inst(id).name);
        let g = f.create_inst(
            &name,
            ty,
            InstKind::Gep {
                elem_ty,
                base: root,
                indices: var,
            },
            loc,
        );
        out.push(g);
        Value::Inst(g)
    };
    split.insert(id, (var_ptr.clone(), bytes));
    let kind = InstKind::Gep {
        elem_ty: Type::I8,
        base: var_ptr,
        indices: vec![Value::i64(bytes)],
    };
    (kind != f.inst(id).kind).then_some(kind)
}
