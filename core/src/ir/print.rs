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

pub(crate) fn value_text(f: &Function, v: &Value) -> String {
    match v {
        Value::Inst(i) => format!("%{}", f.inst(*i).name),
        Value::Arg(a) => format!(
            "%{}",
            f.params
                .get(*a as usize)
                .map_or("<bad-arg>", |p| p.name.as_str())
        ),
        Value::Int(Type::I1, v) => (if *v != 0 { "true" } else { "false" }).to_string(),
        Value::Int(_, v) => v.to_string(),
        Value::Float(_, bits) => float_literal(*bits),
        Value::Undef(_) => "undef".to_string(),
        Value::Null(_) => "null".to_string(),
        Value::Global(name, _) => format!("@{name}"),
    }
}

fn typed(f: &Function, v: &Value) -> String {
    format!("{} {}", f.value_type(v), value_text(f, v))
}

/// ` syncscope("block")`; nothing for the system scope (LLVM's default).
fn scope_text(s: SyncScope) -> String {
    match s {
        SyncScope::System => String::new(),
        s => format!(" syncscope(\"{}\")", s.name()),
    }
}

fn flags_text(flags: &Flags) -> String {
    let mut s = String::new();
    for (on, name) in [
        (flags.nuw, " nuw"),
        (flags.nsw, " nsw"),
        (flags.exact, " exact"),
        (flags.contract, " contract"),
    ] {
        if on {
            s.push_str(name);
        }
    }
    s
}

/// The text of one instruction, without indentation.
pub(crate) fn inst_text(f: &Function, id: InstId) -> String {
    let inst = f.inst(id);
    let lhs = if inst.ty == Type::Void {
        String::new()
    } else {
        format!("%{} = ", inst.name)
    };
    let block = |b: &BlockId| format!("%{}", f.block(*b).name);
    let body = match &inst.kind {
        InstKind::Alloca { ty, align } => format!("alloca {ty}, align {align}"),
        InstKind::Load {
            ptr,
            align,
            volatile,
        } => {
            format!(
                "load {}{}, {}, align {align}",
                if *volatile { "volatile " } else { "" },
                inst.ty,
                typed(f, ptr)
            )
        }
        InstKind::Store {
            val,
            ptr,
            align,
            volatile,
        } => {
            format!(
                "store {}{}, {}, align {align}",
                if *volatile { "volatile " } else { "" },
                typed(f, val),
                typed(f, ptr)
            )
        }
        InstKind::Gep {
            elem_ty,
            base,
            indices,
        } => {
            let mut s = format!("getelementptr inbounds {elem_ty}, {}", typed(f, base));
            for i in indices {
                s.push_str(", ");
                s.push_str(&typed(f, i));
            }
            s
        }
        InstKind::Bin {
            op,
            lhs: a,
            rhs: b,
            flags,
        } => {
            format!(
                "{}{} {}, {}",
                op.name(),
                flags_text(flags),
                typed(f, a),
                value_text(f, b)
            )
        }
        InstKind::FNeg(v) => format!("fneg {}", typed(f, v)),
        InstKind::ICmp {
            pred,
            lhs: a,
            rhs: b,
        } => format!("icmp {} {}, {}", pred.name(), typed(f, a), value_text(f, b)),
        InstKind::FCmp {
            pred,
            lhs: a,
            rhs: b,
        } => format!("fcmp {} {}, {}", pred.name(), typed(f, a), value_text(f, b)),
        InstKind::Select { cond, t, f: e } => format!(
            "select {}, {}, {}",
            typed(f, cond),
            typed(f, t),
            typed(f, e)
        ),
        InstKind::Cast { op, val } => format!("{} {} to {}", op.name(), typed(f, val), inst.ty),
        InstKind::Call { callee, args } => {
            let args: Vec<String> = args.iter().map(|a| typed(f, a)).collect();
            format!("call {} @{}({})", inst.ty, callee, args.join(", "))
        }
        InstKind::Phi { incoming } => {
            let parts: Vec<String> = incoming
                .iter()
                .map(|(v, b)| format!("[ {}, {} ]", value_text(f, v), block(b)))
                .collect();
            format!("phi {} {}", inst.ty, parts.join(", "))
        }
        InstKind::AtomicRmw {
            op,
            ptr,
            val,
            scope,
        } => {
            format!(
                "atomicrmw {} {}, {}{} monotonic",
                op.name(),
                typed(f, ptr),
                typed(f, val),
                scope_text(*scope)
            )
        }
        InstKind::CmpXchg {
            ptr,
            cmp,
            new,
            scope,
        } => {
            format!(
                "cmpxchg {}, {}, {}{} monotonic",
                typed(f, ptr),
                typed(f, cmp),
                typed(f, new),
                scope_text(*scope)
            )
        }
        InstKind::Fence { scope } => format!("fence{} seq_cst", scope_text(*scope)),
        InstKind::Br { dest } => format!("br label {}", block(dest)),
        InstKind::CondBr { cond, t, f: e } => format!(
            "br {}, label {}, label {}",
            typed(f, cond),
            block(t),
            block(e)
        ),
        InstKind::Switch {
            val,
            default,
            cases,
        } => {
            let ty = f.value_type(val);
            let mut s = format!("switch {}, label {} [", typed(f, val), block(default));
            for (c, b) in cases {
                let c = value_text(f, &Value::Int(ty.clone(), *c));
                let _ = write!(s, " {ty} {c}, label {}", block(b));
            }
            s.push_str(" ]");
            s
        }
        InstKind::Ret { val: Some(v) } => format!("ret {}", typed(f, v)),
        InstKind::Ret { val: None } => "ret void".to_string(),
        InstKind::Unreachable => "unreachable".to_string(),
    };
    format!("{lhs}{body}")
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
            if let Some(b) = p.byval {
                s.push_str(&format!(" byval([{} x i8]) align {}", b.size, b.align));
            }
            if let Some(b) = p.sret {
                s.push_str(&format!(" sret([{} x i8]) align {}", b.size, b.align));
            }
            format!("{s} %{}", p.name)
        })
        .collect();
    let linkage = if f.attrs.weak { "weak_odr " } else { "" };
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
    if f.is_declaration() {
        return (format!("declare {}\n", signature(f)), vec![0]);
    }
    let mut out = format!("define {} {{\n", signature(f));
    let mut lines = vec![0];
    let preds = f.predecessors();
    for (n, &b) in f.layout.iter().enumerate() {
        if n > 0 {
            out.push('\n');
            lines.push(0);
        }
        let blk = f.block(b);
        let _ = write!(out, "{}:", blk.name);
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
            let _ = write!(out, "  {}", inst_text(f, i));
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
    let mut out = String::new();
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
        out.push_str(&function_text(f, debug_locs).0);
        for id in f.layout.iter().flat_map(|b| f.block(*b).insts.iter()) {
            let inst = f.inst(*id);
            if let InstKind::Call { callee, args } = &inst.kind {
                if m.function(callee).is_none() {
                    let tys: Vec<String> =
                        args.iter().map(|a| f.value_type(a).to_string()).collect();
                    declared.entry(callee.clone()).or_insert_with(|| {
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
