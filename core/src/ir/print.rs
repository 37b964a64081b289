//! The IR's text form, close to LLVM's so learners can move between the two.

use super::*;
use std::collections::BTreeMap;
use std::fmt::Write;

/// An LLVM-style float literal: `1.000000e+00` when that is exact, else the
/// double's bits in hex (`0x3FB99999A0000000`).
pub(crate) fn float_literal(bits: u64) -> String {
    let v = f64::from_bits(bits);
    if v.is_finite() {
        let s = format!("{v:.6e}");
        if s.parse::<f64>().ok() == Some(v) {
            let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
            let e: i32 = exp.parse().unwrap_or(0);
            return format!("{mant}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs());
        }
    }
    format!("0x{bits:016X}")
}

// The printer appends to one buffer (`push_*`): a snapshot after every pass
// run prints every function, the largest cost of a compile, so no instruction
// builds intermediate strings.

/// Appends an integer's decimal digits (without the formatting machinery).
fn push_int(out: &mut String, v: impl itoa::Integer) {
    out.push_str(itoa::Buffer::new().format(v));
}

fn push_type(out: &mut String, ty: &Type) {
    match ty {
        Type::Void => out.push_str("void"),
        Type::I1 => out.push_str("i1"),
        Type::I8 => out.push_str("i8"),
        Type::I16 => out.push_str("i16"),
        Type::I32 => out.push_str("i32"),
        Type::I64 => out.push_str("i64"),
        Type::Half => out.push_str("half"),
        Type::F32 => out.push_str("float"),
        Type::F64 => out.push_str("double"),
        Type::Ptr(0) => out.push_str("ptr"),
        Type::Ptr(space) => {
            out.push_str("ptr addrspace(");
            push_int(out, *space);
            out.push(')');
        }
        _ => {
            let _ = write!(out, "{ty}");
        }
    }
}

fn push_value(out: &mut String, f: &Function, v: &Value) {
    match v {
        Value::Inst(i) => {
            out.push('%');
            out.push_str(&f.inst(*i).name);
        }
        Value::Arg(a) => {
            out.push('%');
            out.push_str(
                f.params
                    .get(*a as usize)
                    .map_or("<bad-arg>", |p| p.name.as_str()),
            );
        }
        Value::Int(Type::I1, v) => out.push_str(if *v != 0 { "true" } else { "false" }),
        Value::Int(_, v) => push_int(out, *v),
        Value::Float(_, bits) => out.push_str(&float_literal(*bits)),
        Value::Undef(_) => out.push_str("undef"),
        Value::Null(_) => out.push_str("null"),
        Value::Global(name, _) => {
            out.push('@');
            out.push_str(name);
        }
    }
}

/// The type of `v` as [`Function::value_type`] gives it, without cloning it.
fn push_value_type(out: &mut String, f: &Function, v: &Value) {
    match v {
        Value::Inst(i) => push_type(out, &f.inst(*i).ty),
        Value::Arg(a) => match f.params.get(*a as usize) {
            Some(p) => push_type(out, &p.ty),
            None => out.push_str("void"),
        },
        Value::Int(t, _) | Value::Float(t, _) | Value::Undef(t) => push_type(out, t),
        Value::Null(space) | Value::Global(_, space) => push_type(out, &Type::Ptr(*space)),
    }
}

/// `float %x`: the operand with its type.
fn push_typed(out: &mut String, f: &Function, v: &Value) {
    push_value_type(out, f, v);
    out.push(' ');
    push_value(out, f, v);
}

fn push_block(out: &mut String, f: &Function, b: BlockId) {
    out.push('%');
    out.push_str(&f.block(b).name);
}

/// ` syncscope("block")`; nothing for the system scope (LLVM's default).
fn push_scope(out: &mut String, s: SyncScope) {
    if s != SyncScope::System {
        let _ = write!(out, " syncscope(\"{}\")", s.name());
    }
}

fn push_flags(out: &mut String, flags: &Flags) {
    for (on, name) in [
        (flags.nuw, " nuw"),
        (flags.nsw, " nsw"),
        (flags.exact, " exact"),
        (flags.contract, " contract"),
    ] {
        if on {
            out.push_str(name);
        }
    }
}

/// The text of one instruction, without indentation.
pub fn inst_text(f: &Function, id: InstId) -> String {
    let mut s = String::new();
    push_inst(&mut s, f, id);
    s
}

/// Appends the text of one instruction, without indentation.
fn push_inst(out: &mut String, f: &Function, id: InstId) {
    let inst = f.inst(id);
    if inst.ty != Type::Void {
        out.push('%');
        out.push_str(&inst.name);
        out.push_str(" = ");
    }
    // `op a, b`: the first operand typed, the second not (LLVM's binary form).
    let pair = |out: &mut String, a: &Value, b: &Value| {
        push_typed(out, f, a);
        out.push_str(", ");
        push_value(out, f, b);
    };
    match &inst.kind {
        InstKind::Alloca { ty, align } => {
            out.push_str("alloca ");
            push_type(out, ty);
            {
                out.push_str(", align ");
                push_int(out, *align);
            }
        }
        InstKind::Load {
            ptr,
            align,
            volatile,
        } => {
            out.push_str(if *volatile { "load volatile " } else { "load " });
            push_type(out, &inst.ty);
            out.push_str(", ");
            push_typed(out, f, ptr);
            {
                out.push_str(", align ");
                push_int(out, *align);
            }
        }
        InstKind::Store {
            val,
            ptr,
            align,
            volatile,
        } => {
            out.push_str(if *volatile {
                "store volatile "
            } else {
                "store "
            });
            push_typed(out, f, val);
            out.push_str(", ");
            push_typed(out, f, ptr);
            {
                out.push_str(", align ");
                push_int(out, *align);
            }
        }
        InstKind::Gep {
            elem_ty,
            base,
            indices,
        } => {
            out.push_str("getelementptr inbounds ");
            push_type(out, elem_ty);
            out.push_str(", ");
            push_typed(out, f, base);
            for i in indices {
                out.push_str(", ");
                push_typed(out, f, i);
            }
        }
        InstKind::Bin {
            op,
            lhs: a,
            rhs: b,
            flags,
        } => {
            out.push_str(op.name());
            push_flags(out, flags);
            out.push(' ');
            pair(out, a, b);
        }
        InstKind::FNeg(v) => {
            out.push_str("fneg ");
            push_typed(out, f, v);
        }
        InstKind::ICmp {
            pred,
            lhs: a,
            rhs: b,
        } => {
            out.push_str("icmp ");
            out.push_str(pred.name());
            out.push(' ');
            pair(out, a, b);
        }
        InstKind::FCmp {
            pred,
            lhs: a,
            rhs: b,
        } => {
            out.push_str("fcmp ");
            out.push_str(pred.name());
            out.push(' ');
            pair(out, a, b);
        }
        InstKind::Select { cond, t, f: e } => {
            out.push_str("select ");
            push_typed(out, f, cond);
            out.push_str(", ");
            push_typed(out, f, t);
            out.push_str(", ");
            push_typed(out, f, e);
        }
        InstKind::Cast { op, val } => {
            out.push_str(op.name());
            out.push(' ');
            push_typed(out, f, val);
            out.push_str(" to ");
            push_type(out, &inst.ty);
        }
        InstKind::Call { .. } | InstKind::CallIndirect { .. } => {
            out.push_str("call ");
            push_type(out, &inst.ty);
            let args = match &inst.kind {
                InstKind::Call { callee, args } => {
                    out.push_str(" @");
                    match callee {
                        Callee::Function(name) => out.push_str(name),
                        Callee::Intrinsic(i) => {
                            let _ = write!(out, "{i}");
                        }
                    }
                    args
                }
                InstKind::CallIndirect { callee, args } => {
                    out.push(' ');
                    push_value(out, f, callee);
                    args
                }
                _ => unreachable!("a call"),
            };
            out.push('(');
            for (n, a) in args.iter().enumerate() {
                if n > 0 {
                    out.push_str(", ");
                }
                push_typed(out, f, a);
            }
            out.push(')');
        }
        InstKind::ExtractValue { agg, index } => {
            out.push_str("extractvalue ");
            push_typed(out, f, agg);
            out.push_str(", ");
            out.push_str(itoa::Buffer::new().format(*index));
        }
        InstKind::Asm(a) => {
            out.push_str("call ");
            push_type(out, &inst.ty);
            out.push_str(" asm ");
            if a.side_effects {
                out.push_str("sideeffect ");
            }
            out.push('"');
            out.push_str(&escape_string(&a.template));
            out.push_str("\", \"");
            out.push_str(&escape_string(&a.constraints));
            out.push_str("\"(");
            for (n, v) in a.args.iter().enumerate() {
                if n > 0 {
                    out.push_str(", ");
                }
                push_typed(out, f, v);
            }
            out.push(')');
        }
        InstKind::ExtractElement { vec, idx } => {
            out.push_str("extractelement ");
            push_typed(out, f, vec);
            out.push_str(", ");
            push_typed(out, f, idx);
        }
        InstKind::InsertElement { vec, elt, idx } => {
            out.push_str("insertelement ");
            push_typed(out, f, vec);
            out.push_str(", ");
            push_typed(out, f, elt);
            out.push_str(", ");
            push_typed(out, f, idx);
        }
        InstKind::Phi { incoming } => {
            out.push_str("phi ");
            push_type(out, &inst.ty);
            for (n, (v, b)) in incoming.iter().enumerate() {
                out.push_str(if n > 0 { ", [ " } else { " [ " });
                push_value(out, f, v);
                out.push_str(", ");
                push_block(out, f, *b);
                out.push_str(" ]");
            }
        }
        InstKind::AtomicRmw {
            op,
            ptr,
            val,
            scope,
        } => {
            out.push_str("atomicrmw ");
            out.push_str(op.name());
            out.push(' ');
            push_typed(out, f, ptr);
            out.push_str(", ");
            push_typed(out, f, val);
            push_scope(out, *scope);
            out.push_str(" monotonic");
        }
        InstKind::CmpXchg {
            ptr,
            cmp,
            new,
            scope,
        } => {
            out.push_str("cmpxchg ");
            push_typed(out, f, ptr);
            out.push_str(", ");
            push_typed(out, f, cmp);
            out.push_str(", ");
            push_typed(out, f, new);
            push_scope(out, *scope);
            out.push_str(" monotonic");
        }
        InstKind::Fence { scope } => {
            out.push_str("fence");
            push_scope(out, *scope);
            out.push_str(" seq_cst");
        }
        InstKind::Br { dest } => {
            out.push_str("br label ");
            push_block(out, f, *dest);
        }
        InstKind::CondBr { cond, t, f: e } => {
            out.push_str("br ");
            push_typed(out, f, cond);
            out.push_str(", label ");
            push_block(out, f, *t);
            out.push_str(", label ");
            push_block(out, f, *e);
        }
        InstKind::Switch {
            val,
            default,
            cases,
        } => {
            let ty = f.value_type(val);
            out.push_str("switch ");
            push_typed(out, f, val);
            out.push_str(", label ");
            push_block(out, f, *default);
            out.push_str(" [");
            for (c, b) in cases {
                out.push(' ');
                push_typed(out, f, &Value::Int(ty.clone(), *c));
                out.push_str(", label ");
                push_block(out, f, *b);
            }
            out.push_str(" ]");
        }
        InstKind::Ret { val: Some(v) } => {
            out.push_str("ret ");
            push_typed(out, f, v);
        }
        InstKind::Ret { val: None } => out.push_str("ret void"),
        InstKind::Unreachable => out.push_str("unreachable"),
    }
}

fn signature(f: &Function) -> String {
    let params: Vec<String> = f
        .params
        .iter()
        .map(|p| {
            let mut s = p.ty.to_string();
            if p.noalias {
                s.push_str(" noalias");
            }
            if p.readonly {
                s.push_str(" readonly");
            }
            if let Some(b) = &p.byval {
                s.push_str(&format!(" byval({}) align {}", b.ty, b.align));
            }
            if let Some(b) = &p.sret {
                s.push_str(&format!(" sret({}) align {}", b.ty, b.align));
            }
            format!("{s} %{}", p.name)
        })
        .collect();
    let linkage = if f.attrs.internal {
        "internal "
    } else if f.attrs.weak {
        "weak_odr "
    } else {
        ""
    };
    let cc = if f.attrs.kernel { "ptx_kernel " } else { "" };
    let mut attrs = String::new();
    if f.attrs.noinline {
        attrs.push_str(" noinline");
    }
    if f.attrs.alwaysinline {
        attrs.push_str(" alwaysinline");
    }
    for (name, v) in [
        ("maxntid", f.attrs.maxntid),
        ("minctasm", f.attrs.minctasm),
        ("maxclusterrank", f.attrs.maxclusterrank),
    ] {
        if let Some(v) = v {
            attrs.push_str(&format!(" \"nvvm.{name}\"=\"{v}\""));
        }
    }
    format!(
        "{linkage}{cc}{} @{}({}){attrs}",
        f.ret,
        f.name,
        params.join(", ")
    )
}

/// One function: `define … { … }`, or `declare …` for a declaration.
pub fn print_function(f: &Function) -> String {
    function_text(f, false).0
}

/// A function's text, with each instruction's source location as
/// `, !dbg !DILocation(line: L, column: C)` when `debug_locs` (see
/// [`location_text`]), and per line of the text the source line it came from
/// (0 for lines with no instruction or no location).
pub fn function_text(f: &Function, debug_locs: bool) -> (String, Vec<u32>) {
    // A snapshot stands alone: it starts with the named struct types it uses.
    let mut seen = Vec::new();
    f.named_structs(&mut seen);
    let (mut out, mut lines) = (type_definitions(&seen), vec![0; seen.len()]);
    if !seen.is_empty() {
        out.push('\n');
        lines.push(0);
    }
    let (body, body_lines) = body_text(f, debug_locs);
    out.push_str(&body);
    lines.extend(body_lines);
    (out, lines)
}

/// `%struct.P = type { i32, float }`, one line each.
fn type_definitions(structs: &[&StructType]) -> String {
    let mut out = String::new();
    for s in structs {
        if let Some(n) = &s.name {
            let _ = writeln!(out, "%{n} = type {}", s.body_text());
        }
    }
    out
}

fn body_text(f: &Function, debug_locs: bool) -> (String, Vec<u32>) {
    if f.is_declaration() {
        return (format!("declare {}\n", signature(f)), vec![0]);
    }
    // About 40 bytes a line: one allocation for most functions.
    let mut out = String::with_capacity(64 * (f.insts.len() + f.layout.len()) + 256);
    out.push_str("define ");
    out.push_str(&signature(f));
    out.push_str(" {\n");
    let mut lines = vec![0];
    let preds = f.predecessors();
    for (n, &b) in f.layout.iter().enumerate() {
        if n > 0 {
            out.push('\n');
            lines.push(0);
        }
        let blk = f.block(b);
        out.push_str(&blk.name);
        out.push(':');
        if n > 0 {
            let mut ps: Vec<String> = Vec::new();
            for p in &preds[b.0 as usize] {
                let name = format!("%{}", f.block(*p).name);
                if !ps.contains(&name) {
                    ps.push(name);
                }
            }
            if !ps.is_empty() {
                let pad = 40usize.saturating_sub(blk.name.len() + 1);
                let _ = write!(out, "{:pad$}; preds = {}", "", ps.join(", "));
            }
        }
        out.push('\n');
        lines.push(0);
        for &i in &blk.insts {
            let inst = f.inst(i);
            out.push_str("  ");
            push_inst(&mut out, f, i);
            if inst.kind.is_terminator() {
                if let Some(h) = f.loop_hints.iter().find(|h| h.latch == b) {
                    let _ = match h.unroll {
                        0 => write!(out, ", !llvm.loop.unroll.full"),
                        n => write!(out, ", !llvm.loop.unroll.count {n}"),
                    };
                }
            }
            if let Some(loc) = inst.loc.filter(|_| debug_locs) {
                let _ = write!(out, ", {}", location_text(loc));
            }
            out.push('\n');
            lines.push(inst.loc.map_or(0, |l| l.line));
        }
    }
    out.push_str("}\n");
    lines.push(0);
    (out, lines)
}

/// A source location as the IR text writes it: `!dbg !DILocation(line: 12,
/// column: 5)`. LLVM's inline form of the metadata, without the scope (there
/// is one source file) and without numbered `!N` nodes: each snapshot stays
/// self-contained, and a pass that deletes an instruction does not renumber
/// every later location, so diffs show only what changed.
pub fn location_text(loc: DebugLoc) -> String {
    format!(
        "!dbg !DILocation(line: {}, column: {})",
        loc.line, loc.column
    )
}

/// A global's line: `@x = addrspace(4) global [2 x float] [float 1.000000e+00, float 2.000000e+00], align 4`.
pub fn global_text(g: &Global) -> String {
    if g.external {
        return format!(
            "@{} = external addrspace({}) global {}, align {}",
            g.name, g.space, g.ty, g.align
        );
    }
    let init = match &g.init {
        Init::Undef => "undef".to_string(),
        Init::Zero => "zeroinitializer".to_string(),
        Init::Values(vs) => {
            let scalar = |v: &Value| -> String {
                let ty = match v {
                    Value::Int(t, _) | Value::Float(t, _) | Value::Undef(t) => t.to_string(),
                    Value::Null(s) | Value::Global(_, s) => Type::Ptr(*s).to_string(),
                    _ => "?".to_string(),
                };
                let text = match v {
                    Value::Int(Type::I1, c) => (if *c != 0 { "true" } else { "false" }).to_string(),
                    Value::Int(_, c) => c.to_string(),
                    Value::Float(_, b) => float_literal(*b),
                    Value::Null(_) => "null".to_string(),
                    Value::Global(n, _) => format!("@{n}"),
                    _ => "undef".to_string(),
                };
                format!("{ty} {text}")
            };
            match &g.ty {
                Type::Array(..) => {
                    format!("[{}]", vs.iter().map(scalar).collect::<Vec<_>>().join(", "))
                }
                _ => vs
                    .first()
                    .map(scalar)
                    .and_then(|s| s.rsplit_once(' ').map(|(_, v)| v.to_string()))
                    .unwrap_or_else(|| "undef".into()),
            }
        }
    };
    format!(
        "@{} = addrspace({}) global {} {init}, align {}",
        g.name, g.space, g.ty, g.align
    )
}

/// The whole module: globals, definitions, then declarations of every
/// function called but not defined (intrinsics included), sorted by name.
pub fn print_module(m: &Module) -> String {
    module_text(m, false)
}

/// [`print_module`], with the instructions' source locations when `debug_locs`.
pub fn module_text(m: &Module, debug_locs: bool) -> String {
    let mut seen = Vec::new();
    for g in &m.globals {
        g.ty.named_structs(&mut seen);
    }
    for f in &m.functions {
        f.named_structs(&mut seen);
    }
    let mut out = type_definitions(&seen);
    if !seen.is_empty() {
        out.push('\n');
    }
    for g in &m.globals {
        let _ = writeln!(out, "{}", global_text(g));
    }
    if !m.globals.is_empty() {
        out.push('\n');
    }
    let mut declared: BTreeMap<String, String> = BTreeMap::new();
    for (i, f) in m.functions.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&body_text(f, debug_locs).0);
        for id in f.layout.iter().flat_map(|b| f.block(*b).insts.iter()) {
            let inst = f.inst(*id);
            if let InstKind::Call { callee, args } = &inst.kind {
                let callee = callee.name();
                if m.function(&callee).is_none() {
                    let tys: Vec<String> =
                        args.iter().map(|a| f.value_type(a).to_string()).collect();
                    declared.entry(callee.to_string()).or_insert_with(|| {
                        format!("declare {} @{}({})", inst.ty, callee, tys.join(", "))
                    });
                }
            }
        }
    }
    if !declared.is_empty() {
        out.push('\n');
        for d in declared.values() {
            out.push_str(d);
            out.push('\n');
        }
    }
    out
}
