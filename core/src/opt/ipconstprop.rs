//! ipconstprop: interprocedural constant propagation of results, cicc's
//! IPConstProp (LLVM's IPConstantPropagation; IPSCCP does the same for
//! results): a device function
//! that stays a call (`__noinline__`) and returns the same constant on
//! every path has its callers use that constant instead of the call's
//! result (the call stays: the body may store, print, synchronize). nvcc's
//! PTX for `int r = setit(p, v); a[2] = r * 3;` with `setit` always
//! returning 7 stores 21, and its `setit` returns nothing: once no caller
//! reads the result, deadargelim drops it.

use crate::collections::HashMap;
use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    // Per function: the constant every `ret` returns.
    let mut results: HashMap<String, Value> = HashMap::default();
    for f in &m.functions {
        if f.is_declaration() || f.attrs.kernel || f.ret == Type::Void {
            continue;
        }
        let mut constant: Option<&Value> = None;
        let mut every = true;
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                if let InstKind::Ret { val: Some(v) } = &f.inst(i).kind {
                    let known = v.is_const()
                        && !matches!(v, Value::Undef(_))
                        && constant.is_none_or(|c| c == v);
                    every &= known;
                    constant = Some(v);
                }
            }
        }
        if let (true, Some(c)) = (every, constant) {
            results.insert(f.name.clone(), c.clone());
        }
    }
    if results.is_empty() {
        return false;
    }
    let mut changed = false;
    for f in &mut m.functions {
        if f.is_declaration() {
            continue;
        }
        let uses = f.use_counts();
        let mut map: HashMap<InstId, Value> = HashMap::default();
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                let inst = f.inst(i);
                let InstKind::Call {
                    callee: Callee::Function(callee),
                    ..
                } = &inst.kind
                else {
                    continue;
                };
                let Some(c) = results.get(callee) else {
                    continue;
                };
                // A call through a mismatched signature keeps its result.
                if uses[i.0 as usize] == 0 || f.value_type(c) != inst.ty || !cx.may_rewrite() {
                    continue;
                }
                cx.applied(
                    inst.loc.as_ref().map_or(0, |l| l.line),
                    format_args!(
                        "`{}`: the result of `{callee}` is the constant {} it always returns",
                        f.name,
                        constant_text(c)
                    ),
                );
                map.insert(i, c.clone());
            }
        }
        if !map.is_empty() {
            f.replace_uses_by_map(&map);
            changed = true;
        }
    }
    changed
}

/// A constant as the IR writes it (`7`, `1.500000e+00`, `null`).
fn constant_text(c: &Value) -> String {
    match c {
        Value::Int(_, n) => n.to_string(),
        Value::Float(_, bits) => format!("0x{bits:016X}"),
        Value::Null(_) => "null".into(),
        _ => "value".into(),
    }
}
