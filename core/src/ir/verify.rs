//! The verifier: the rules every pass must keep. It reports every broken
//! rule with the function and instruction, so the pass manager can name the
//! pass that broke the IR.

use super::print::inst_text;
use super::*;
use crate::collections::HashMap;

/// Checks a function; returns one message per problem.
pub fn verify_function(f: &Function) -> Vec<String> {
    let mut errs = Vec::new();
    if f.is_declaration() {
        return errs;
    }
    let mut err = |at: Option<InstId>, msg: String| {
        let at = at
            .map(|i| format!(" at '{}'", inst_text(f, i)))
            .unwrap_or_default();
        errs.push(format!("@{}: {msg}{at}", f.name));
    };
    if f.attrs.kernel && f.ret != Type::Void {
        err(None, "a kernel must return void".into());
    }
    let sig_types = std::iter::once(&f.ret).chain(f.params.iter().flat_map(|p| {
        std::iter::once(&p.ty).chain([&p.byval, &p.sret].into_iter().flatten().map(|b| &b.ty))
    }));
    for t in sig_types {
        if has_vector(t) {
            err(None, format!("{t}: {VECTOR_USES}"));
        }
    }
    // Where each instruction is defined: (block, position).
    let mut def_at: HashMap<InstId, (BlockId, usize)> = HashMap::default();
    for &b in &f.layout {
        for (pos, &i) in f.block(b).insts.iter().enumerate() {
            if def_at.insert(i, (b, pos)).is_some() {
                err(Some(i), "instruction placed twice".into());
            }
        }
    }
    let dom = DomTree::new(f);
    let preds = f.predecessors();
    let dominates_use = |def: InstId, use_block: BlockId, use_pos: usize| -> bool {
        let Some(&(db, dpos)) = def_at.get(&def) else {
            return false;
        };
        if db == use_block {
            dpos < use_pos
        } else {
            dom.dominates(db, use_block)
        }
    };
    for &b in &f.layout {
        let insts = &f.block(b).insts;
        if insts.is_empty() {
            err(None, format!("block %{} is empty", f.block(b).name));
            continue;
        }
        let mut seen_non_phi = false;
        for (pos, &i) in insts.iter().enumerate() {
            let inst = f.inst(i);
            let last = pos + 1 == insts.len();
            if inst.kind.is_terminator() != last {
                let msg = if last {
                    "block does not end with a terminator"
                } else {
                    "terminator in the middle of a block"
                };
                err(Some(i), msg.into());
            }
            if let InstKind::Phi { incoming } = &inst.kind {
                if seen_non_phi {
                    err(Some(i), "phi after a non-phi instruction".into());
                }
                let mut from: Vec<BlockId> = incoming.iter().map(|(_, b)| *b).collect();
                let mut expect: Vec<BlockId> = preds[b.0 as usize].clone();
                from.sort();
                from.dedup();
                expect.sort();
                expect.dedup();
                if from != expect && dom.is_reachable(b) {
                    err(
                        Some(i),
                        "phi's incoming blocks are not the block's predecessors".into(),
                    );
                }
                for (v, pb) in incoming {
                    if f.value_type(v) != inst.ty {
                        err(Some(i), "phi operand type differs from the phi's".into());
                    }
                    if let Value::Inst(d) = v {
                        let end = f.block(*pb).insts.len();
                        if dom.is_reachable(*pb) && !dominates_use(*d, *pb, end) {
                            err(
                                Some(i),
                                format!(
                                    "%{} does not dominate the end of %{}",
                                    f.inst(*d).name,
                                    f.block(*pb).name
                                ),
                            );
                        }
                    }
                }
            } else {
                seen_non_phi = true;
                for op in inst.kind.operands() {
                    match op {
                        Value::Inst(d) if dom.is_reachable(b) && !dominates_use(*d, b, pos) => {
                            let name = f.insts.get(d.0 as usize).map_or("?", |x| x.name.as_str());
                            err(Some(i), format!("%{name} does not dominate this use"));
                        }
                        Value::Arg(a) if *a as usize >= f.params.len() => {
                            err(Some(i), "argument index out of range".into())
                        }
                        _ => {}
                    }
                }
            }
            check_types(f, i, &mut err);
            for s in inst.kind.successors() {
                if !f.layout.contains(&s) {
                    err(Some(i), "branch to a removed block".into());
                }
            }
        }
    }
    errs
}

/// Where our IR has vector values (the verifier's rule).
const VECTOR_USES: &str = "a vector value is only loaded, stored, fetched from a texture or surface or a warp matrix operation, and read or built lane by lane (extractelement, insertelement)";

/// Whether a type is or contains a vector type.
fn has_vector(t: &Type) -> bool {
    match t {
        Type::Vector(..) => true,
        Type::Array(_, e) => has_vector(e),
        Type::Struct(s) => s.fields.iter().any(has_vector),
        _ => false,
    }
}

/// Vector types appear only as the value a load gives or a store takes,
/// the vector an extractelement reads or an insertelement reads and gives,
/// the texels a texture fetch or surface read gives, the lanes a
/// cache-operator load gives or store takes, a warp matrix
/// load's or mma's registers,
/// and the type a gep steps over; nowhere inside other types, and no
/// alloca holds one.
fn check_vector_uses(f: &Function, i: InstId, err: &mut impl FnMut(Option<InstId>, String)) {
    let inst = f.inst(i);
    let (result_ok, vector_operand) = match &inst.kind {
        InstKind::Load { .. } => (true, None),
        InstKind::Call {
            callee: Callee::Intrinsic(Intrinsic::Texture(..) | Intrinsic::Wmma(_)),
            ..
        } => (true, None),
        // A cache-operator load's lanes, a store's value (`llvm.nvvm.st.global.cs.v4.s32(p, v)`).
        InstKind::Call {
            callee: Callee::Intrinsic(Intrinsic::CacheAccess(_)),
            args,
        } => (true, args.get(1)),
        InstKind::Store { val, .. } => (false, Some(val)),
        InstKind::ExtractElement { vec, .. } => (false, Some(vec)),
        InstKind::InsertElement { vec, .. } => (true, Some(vec)),
        _ => (false, None),
    };
    let mut bad = if result_ok {
        inst.ty.as_vector().is_none() && has_vector(&inst.ty)
    } else {
        has_vector(&inst.ty)
    };
    for op in inst.kind.operands() {
        let t = f.value_type(op);
        if has_vector(&t) && !(vector_operand == Some(op) && t.is_vector()) {
            bad = true;
        }
    }
    // A gep may step over vectors (`getelementptr <4 x float>, ptr %p, i64 %i`);
    // memory is not a vector variable.
    if let InstKind::Alloca { ty, .. } = &inst.kind {
        bad |= has_vector(ty);
    }
    if bad {
        err(Some(i), VECTOR_USES.into());
    }
}

/// A lane number's problem: not an integer constant below `lanes`.
fn lane_problem(f: &Function, idx: &Value, lanes: u32) -> Option<String> {
    let t = f.value_type(idx);
    if !t.is_int() || t == Type::I1 {
        return Some(format!("a lane index must be an integer, found {t}"));
    }
    match idx.as_int() {
        None => Some("a lane index must be a constant".into()),
        Some(k) if !(0..i64::from(lanes)).contains(&k) => {
            Some(format!("lane index {k} is out of range for {lanes} lanes"))
        }
        Some(_) => None,
    }
}

fn check_types(f: &Function, i: InstId, err: &mut impl FnMut(Option<InstId>, String)) {
    let inst = f.inst(i);
    let ty = |v: &Value| f.value_type(v);
    check_vector_uses(f, i, err);
    match &inst.kind {
        InstKind::ExtractValue { agg, index } => {
            let at = ty(agg);
            let field = match &at {
                Type::Struct(s) => s.fields.get(*index as usize),
                _ => None,
            };
            if field != Some(&inst.ty) {
                err(
                    Some(i),
                    format!("extractvalue {index} of {at} does not give {}", inst.ty),
                );
            }
        }
        InstKind::ExtractElement { vec, idx } => {
            let vt = ty(vec);
            match vt.as_vector() {
                Some((n, e)) => {
                    if *e != inst.ty {
                        err(
                            Some(i),
                            format!("extractelement of {vt} gives {e}, not {}", inst.ty),
                        );
                    }
                    if let Some(m) = lane_problem(f, idx, n) {
                        err(Some(i), m);
                    }
                }
                None => err(
                    Some(i),
                    format!("extractelement needs a vector, found {vt}"),
                ),
            }
        }
        InstKind::InsertElement { vec, elt, idx } => {
            let vt = ty(vec);
            match vt.as_vector() {
                Some((n, e)) => {
                    if vt != inst.ty {
                        err(
                            Some(i),
                            format!("insertelement into {vt} gives {vt}, not {}", inst.ty),
                        );
                    }
                    if ty(elt) != *e {
                        err(
                            Some(i),
                            format!(
                                "insertelement into {vt} needs a {e} element, found {}",
                                ty(elt)
                            ),
                        );
                    }
                    if let Some(m) = lane_problem(f, idx, n) {
                        err(Some(i), m);
                    }
                }
                None => err(Some(i), format!("insertelement needs a vector, found {vt}")),
            }
        }
        InstKind::Load { ptr, align, .. } | InstKind::Store { ptr, align, .. }
            if ty(ptr).is_ptr() =>
        {
            let vt = match &inst.kind {
                InstKind::Store { val, .. } => ty(val),
                _ => inst.ty.clone(),
            };
            if vt.is_vector() && *align < vt.size() {
                err(
                    Some(i),
                    format!("a {vt} load or store must be aligned to its {} bytes (as PTX's vector accesses)", vt.size()),
                );
            }
        }
        InstKind::Bin { op, lhs, rhs, .. } => {
            if ty(lhs) != inst.ty || ty(rhs) != inst.ty {
                err(
                    Some(i),
                    "binary operator operands must have the result's type".into(),
                );
            }
            if op.is_float() != inst.ty.is_float() {
                err(
                    Some(i),
                    format!("'{}' on the wrong kind of type", op.name()),
                );
            }
        }
        InstKind::ICmp { lhs, rhs, .. }
            if ty(lhs) != ty(rhs)
                || !(ty(lhs).is_int() || ty(lhs).is_ptr())
                || inst.ty != Type::I1 =>
        {
            err(
                Some(i),
                "icmp needs two integers or pointers of one type and gives i1".into(),
            );
        }
        InstKind::FCmp { lhs, rhs, .. }
            if ty(lhs) != ty(rhs) || !ty(lhs).is_float() || inst.ty != Type::I1 =>
        {
            err(
                Some(i),
                "fcmp needs two floats of one type and gives i1".into(),
            );
        }
        InstKind::Load { ptr, .. } if !ty(ptr).is_ptr() => {
            err(Some(i), "load from a non-pointer".into())
        }
        InstKind::Call {
            callee: Callee::Function(name),
            ..
        } if Intrinsic::reserved(name) => err(Some(i), format!("unknown intrinsic '@{name}'")),
        InstKind::CallIndirect { callee, .. } if ty(callee) != Type::Ptr(0) => err(
            Some(i),
            format!(
                "an indirect call's callee must be a ptr, found {}",
                ty(callee)
            ),
        ),
        InstKind::Store { ptr, .. } if !ty(ptr).is_ptr() => {
            err(Some(i), "store to a non-pointer".into())
        }
        InstKind::Gep {
            elem_ty,
            base,
            indices,
        } => {
            if let Some((steps, _)) = gep_steps(elem_ty, indices) {
                let field_ty = steps
                    .iter()
                    .zip(indices)
                    .filter(|(s, _)| matches!(s, GepStep::Field(_)))
                    .map(|(_, x)| ty(x))
                    .find(|t| *t != Type::I32);
                if let Some(t) = field_ty {
                    err(
                        Some(i),
                        format!("a struct field number is an i32 constant, found {t}"),
                    );
                }
            } else {
                err(
                    Some(i),
                    format!(
                        "getelementptr indexes into a scalar, or a field of {elem_ty} that is not a constant field number"
                    ),
                );
            }
            if !ty(base).is_ptr() || ty(base) != inst.ty {
                err(
                    Some(i),
                    "getelementptr needs a pointer base and gives the same pointer type".into(),
                );
            }
            if indices.iter().any(|x| !ty(x).is_int()) {
                err(Some(i), "getelementptr indices must be integers".into());
            }
        }
        InstKind::CondBr { cond, .. } | InstKind::Select { cond, .. } if ty(cond) != Type::I1 => {
            err(Some(i), "condition must be i1".into());
        }
        InstKind::Switch { val, cases, .. } => {
            let t = ty(val);
            if !t.is_int() {
                err(
                    Some(i),
                    format!("a switch value must be an integer, found {t}"),
                );
            }
            for (k, (c, _)) in cases.iter().enumerate() {
                if cases[..k].iter().any(|(x, _)| x == c) {
                    err(Some(i), format!("duplicate case value {c}"));
                }
                if t.is_int() && fold::int_const(t.clone(), *c) != Value::Int(t.clone(), *c) {
                    err(Some(i), format!("case value {c} does not fit in {t}"));
                }
            }
        }
        InstKind::Ret { val } => {
            let got = val.as_ref().map_or(Type::Void, ty);
            if got != f.ret {
                err(
                    Some(i),
                    format!("returns {got} from a function returning {}", f.ret),
                );
            }
        }
        InstKind::Cast {
            op: CastOp::AddrSpaceCast,
            val,
        } => {
            let (Type::Ptr(a), Type::Ptr(b)) = (ty(val), inst.ty.clone()) else {
                return err(Some(i), "addrspacecast needs pointers".into());
            };
            if a != addrspace::GENERIC && b != addrspace::GENERIC {
                err(
                    Some(i),
                    "addrspacecast only between generic and a specific space".into(),
                );
            }
        }
        _ => {}
    }
}

/// Checks every function of a module.
pub fn verify_module(m: &Module) -> Vec<String> {
    let mut errors: Vec<String> = m.functions.iter().flat_map(verify_function).collect();
    for g in &m.globals {
        if has_vector(&g.ty) {
            errors.push(format!("@{}: {}: {VECTOR_USES}", g.name, g.ty));
        }
    }
    // A name is one type: the module's text defines it once.
    let mut seen = Vec::new();
    for g in &m.globals {
        g.ty.named_structs(&mut seen);
    }
    for f in &m.functions {
        let mut own = Vec::new();
        f.named_structs(&mut own);
        for s in own {
            match seen.iter().find(|x| x.name == s.name) {
                Some(x) if *x != s => errors.push(format!(
                    "@{}: type %{} has two bodies, {} and {}",
                    f.name,
                    s.name.as_deref().unwrap_or_default(),
                    x.body_text(),
                    s.body_text()
                )),
                Some(_) => {}
                None => seen.push(s),
            }
        }
    }
    errors
}
