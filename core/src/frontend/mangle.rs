//! Itanium C++ name mangling, as nvcc applies it to device symbols that are
//! not `extern "C"` (`_Z5saxpyifPKfPf`).

use super::ast::{CType, Expr, ExprKind, FunctionDef, IntKind, Record, TemplateArg, UnOp};
use super::template::{pattern_param, TemplateDef, TemplateKind};
use std::rc::Rc;

/// The symbol a function gets in PTX. A qualified name (`N::f`, a member
/// function `S::f` whose first parameter is `this`) mangles as a nested
/// name (`_ZN1N1fEv`, `_ZNK1S3lenEv`); a constructor is `C1`, an operator
/// its two-letter code.
pub fn symbol_name(f: &FunctionDef) -> String {
    if let Some(s) = &f.symbol {
        return s.clone();
    }
    symbol_in(f, None)
}

/// The symbol of a static member function of a class template's instance
/// (`_ZN6TraitsIfE3oneEv`): its class is not in a `this` parameter.
pub fn static_member_symbol(f: &FunctionDef, class: &CType) -> String {
    symbol_in(f, Some(class))
}

fn symbol_in(f: &FunctionDef, static_class: Option<&CType>) -> String {
    if f.extern_c || f.name == "main" {
        return f.name.clone();
    }
    let parts: Vec<&str> = super::lookup::qualified_parts(&f.name);
    let method = f.params.first().is_some_and(|p| p.name == "this");
    let konst = method && matches!(f.params[0].ty, CType::Ptr { konst: true, .. });
    let params = if method {
        &f.params[1..]
    } else {
        &f.params[..]
    };
    let last = parts.last().copied().unwrap_or_default();
    let n = parts.len();
    let is_ctor = method && n >= 2 && parts[n - 2] == last;
    // A conversion function `operator T` is `cv` and `T`, mangled after
    // the prefix (its substitutions come first).
    let conversion = last.starts_with("operator ");
    let unqualified = if is_ctor {
        "C1".to_string()
    } else if conversion {
        String::new()
    } else if let Some(code) = last
        .strip_prefix("operator")
        .and_then(|op| operator_code(op, params.len() + usize::from(method)))
    {
        code.to_string()
    } else {
        source_name(last)
    };
    let mut subs = Vec::new();
    let mut out = "_Z".to_string();
    if n == 1 {
        out.push_str(&unqualified);
    } else if unscoped_std(&parts) && !method && static_class.is_none() {
        // `std::f`: `St1f`, no nested name.
        out.push_str("St");
        out.push_str(&unqualified);
    } else {
        out.push('N');
        if konst {
            out.push('K');
        }
        // A member of a class template's instance: `4PairIfE`.
        let class = static_class.or_else(|| {
            f.params.first().filter(|_| method).and_then(|p| {
                p.ty.pointee().filter(|t| {
                    matches!(t, CType::Record(r) if r.template.borrow().is_some()
                            || r.enclosing.borrow().is_some())
                })
            })
        });
        match class {
            Some(c) => out.push_str(&class_prefix(c, &mut subs, &[])),
            None => out.push_str(&prefix(&parts[..n - 1], &mut subs)),
        }
        if conversion {
            out.push_str("cv");
            out.push_str(&mangle(&f.ret, &mut subs, &[]));
        }
        out.push_str(&unqualified);
        out.push('E');
    }
    if params.is_empty() && !f.variadic {
        out.push('v');
    }
    for p in params {
        out.push_str(&mangle(&p.ty, &mut subs, &[]));
    }
    if f.variadic {
        out.push('z');
    }
    out
}

/// The symbol of an instance of a function template: the name, the
/// arguments, then the return and parameter types as the template writes
/// them (a type parameter is `T_`, `T0_`, …): `_Z5scaleIfEvPT_S0_i`.
pub fn template_symbol(def: &TemplateDef, args: &[TemplateArg]) -> String {
    let TemplateKind::Function {
        ret, params, names, ..
    } = &def.kind
    else {
        return def.name.clone();
    };
    let ph: Vec<Rc<Record>> = def.params.iter().map(|p| p.placeholder.clone()).collect();
    let parts: Vec<&str> = def.name.split("::").collect();
    let mut subs = Vec::new();
    // `_Z5scaleIfE…`, `_ZSt3maxIfE…`, `_ZN1N5twiceIfEE…`.
    let mut out = "_Z".to_string();
    let nested = is_nested(&parts) || def.member.is_some();
    let mut ctor = false;
    if let Some(m) = &def.member {
        // `_ZNK1S3getIfEET_i`: the class's prefix, then the member's name
        // (a substitution candidate with it).
        out.push('N');
        if m.konst && !m.is_static {
            out.push('K');
        }
        let class = CType::Record(m.record.clone());
        out.push_str(&class_prefix(&class, &mut subs, &ph));
        let last = super::lookup::last_part(&def.name);
        // A constructor template: `C1`, and no return type.
        if last == super::lookup::last_part(&m.record.name.borrow()) {
            ctor = true;
            out.push_str("C1");
        } else {
            out.push_str(&source_name(last));
        }
        subs.push(format!("{}::{last}", canonical(&class, &ph)));
    } else {
        if nested {
            out.push('N');
        }
        out.push_str(&template_name(&parts, &mut subs));
    }
    // A pack's arguments are one argument, `J…E`.
    let pack = super::template::pack_index(def).filter(|k| k + 1 == def.params.len());
    out.push('I');
    for (i, a) in args.iter().enumerate() {
        if Some(i) == pack {
            out.push('J');
        }
        out.push_str(&template_arg(a, &mut subs, &ph));
    }
    if let Some(k) = pack {
        if args.len() <= k {
            out.push('J');
        }
        out.push('E');
    }
    out.push('E');
    if nested {
        out.push('E');
    }
    if !ctor {
        out.push_str(&return_type(ret, names, &mut subs, &ph));
    }
    if params.is_empty() {
        out.push('v');
    }
    for p in params {
        // A pack expansion (`Args... args`) is `Dp` and its pattern.
        let code = mangle(p, &mut subs, &ph);
        if pack.is_some_and(|k| super::template::mentions(def, p, k)) {
            let code = format!("Dp{code}");
            subs.push(code.clone());
            out.push_str(&code);
        } else {
            out.push_str(&code);
        }
    }
    out
}

/// The symbol of a variable template's instance: the name and its
/// arguments, as nvcc writes it (`_Z4maskIfE`, `_ZN1N4maskIiEE`).
pub fn variable_template_symbol(name: &str, args: &[TemplateArg]) -> String {
    let parts: Vec<&str> = name.split("::").collect();
    let mut subs = Vec::new();
    let nested = is_nested(&parts);
    let mut out = "_Z".to_string();
    if nested {
        out.push('N');
    }
    out.push_str(&template_name(&parts, &mut subs));
    out.push('I');
    for a in args {
        out.push_str(&template_arg(a, &mut subs, &[]));
    }
    out.push('E');
    if nested {
        out.push('E');
    }
    out
}

/// A template's return type as written: `decltype(a + b)` is
/// `DTplfp_fp0_E` (the parameters numbered), `auto` `Da`,
/// `decltype(auto)` `Dc`.
fn return_type(ret: &CType, names: &[String], subs: &mut Vec<String>, ph: &[Rc<Record>]) -> String {
    match ret {
        CType::Decltype(d) => {
            // `Dc`, as a built-in type, is no substitution candidate.
            let Some(code) = d
                .expr
                .as_ref()
                .and_then(|e| expression(e, names, 0))
                .map(|x| format!("DT{x}E"))
            else {
                return "Dc".to_string();
            };
            if let Some(i) = subs.iter().position(|s| *s == code) {
                return sub_ref(i);
            }
            subs.push(code.clone());
            code
        }
        t => mangle(t, subs, ph),
    }
}

/// An expression in a `decltype` of a template's signature: its
/// parameters (`fp_`, `fp0_`, …), operators, literals; `None` for others.
fn expression(e: &Expr, names: &[String], depth: usize) -> Option<String> {
    if depth > 32 {
        return None;
    }
    let sub = |x: &Expr| expression(x, names, depth + 1);
    Some(match &e.kind {
        ExprKind::Ident(n) => {
            let i = names.iter().position(|p| p == n)?;
            if i == 0 {
                "fp_".to_string()
            } else {
                format!("fp{}_", i - 1)
            }
        }
        ExprKind::Binary(op, a, b) => {
            format!("{}{}{}", operator_code(op.spelling(), 2)?, sub(a)?, sub(b)?)
        }
        ExprKind::Unary(op, a) => {
            let code = match op {
                UnOp::Neg => "ng",
                UnOp::Plus => "ps",
                UnOp::Not => "nt",
                UnOp::BitNot => "co",
                UnOp::Deref => "de",
                UnOp::AddrOf => "ad",
                _ => return None,
            };
            format!("{code}{}", sub(a)?)
        }
        ExprKind::Index(a, i) => format!("ix{}{}", sub(a)?, sub(i)?),
        ExprKind::Cond(c, a, b) => format!("qu{}{}{}", sub(c)?, sub(a)?, sub(b)?),
        ExprKind::IntLit(v) => literal(*v as i64, &e.ty),
        _ => return None,
    })
}

/// A template parameter by index: `T_`, `T0_`, `T1_`, ….
fn template_param(i: usize) -> String {
    if i == 0 {
        "T_".to_string()
    } else {
        format!("T{}_", i - 1)
    }
}

/// A non-type template argument: `Li256E`, `Lin3E`, `Lb1E`.
fn literal(v: i64, t: &CType) -> String {
    literal_coded(builtin_code(t).unwrap_or("i"), v, t)
}

/// A literal `L<code><value>E` of type `t` written with `code` (an enum's
/// name rather than its underlying type's letter).
fn literal_coded(code: &str, v: i64, t: &CType) -> String {
    if v < 0 && t.is_signed() {
        format!("L{code}n{}E", v.unsigned_abs())
    } else if t.is_signed() {
        format!("L{code}{v}E")
    } else {
        let bits = t.size().unwrap_or(8) * 8;
        let v = if bits >= 64 {
            v as u64
        } else {
            (v as u64) & ((1u64 << bits) - 1)
        };
        format!("L{code}{v}E")
    }
}

/// A class instance's arguments, those from `pack_start` on (its
/// template's parameter pack's) as one, `J…E`.
fn instance_args(
    args: &[TemplateArg],
    pack_start: Option<usize>,
    subs: &mut Vec<String>,
    ph: &[Rc<Record>],
) -> String {
    let mut out = String::new();
    for (i, a) in args.iter().enumerate() {
        if Some(i) == pack_start {
            out.push('J');
        }
        out.push_str(&template_arg(a, subs, ph));
    }
    if let Some(k) = pack_start {
        if args.len() <= k {
            out.push('J');
        }
        out.push('E');
    }
    out
}

fn template_arg(a: &TemplateArg, subs: &mut Vec<String>, ph: &[Rc<Record>]) -> String {
    match a {
        // A pack's expansion in a template's own signature (`tup<Ts...>`):
        // `Dp` and its pattern, a substitution candidate.
        TemplateArg::Type(t) if super::template::names_pack(t) => {
            let code = format!("Dp{}", mangle(t, subs, ph));
            subs.push(code.clone());
            code
        }
        TemplateArg::Type(t) => mangle(t, subs, ph),
        TemplateArg::Pack(v) => {
            let inner: Vec<String> = v.iter().map(|a| template_arg(a, subs, ph)).collect();
            format!("J{}E", inner.concat())
        }
        // An enumerator: `L11MorphOpType0E`, the enum a substitution candidate.
        TemplateArg::Value(v, t @ CType::Enum(e)) if pattern_param(*v, ph.len()).is_none() => {
            let name = named_type(&e.name.borrow(), subs);
            literal_coded(&name, *v, t)
        }
        TemplateArg::Value(v, t) => value_arg(*v, t, ph),
        TemplateArg::Template(name) => template_template_arg(name, subs),
    }
}

/// A class template as a template template argument: its name
/// (`17RestrictPtrTraits`, `N2ns4ListE`), a substitution candidate; in a
/// template's own signature, the parameter (`T_`).
fn template_template_arg(name: &str, subs: &mut Vec<String>) -> String {
    if let Some(i) = super::template::tt_pattern_index(name) {
        return template_param(i);
    }
    let parts: Vec<&str> = name.split("::").collect();
    let key = name_key(&parts);
    if let Some(i) = subs.iter().position(|s| *s == key) {
        return sub_ref(i);
    }
    if is_nested(&parts) && !unscoped_std(&parts) {
        let p = prefix(&parts, subs);
        return format!("N{p}E");
    }
    template_name(&parts, subs)
}

/// A non-type argument: a literal, or in a template's own signature one of
/// its parameters (`XT0_E`).
fn value_arg(v: i64, t: &CType, ph: &[Rc<Record>]) -> String {
    match pattern_param(v, ph.len()) {
        Some(i) => format!("X{}E", template_param(i)),
        None => literal(v, t),
    }
}

/// An array's bound: its length, or in a template's own signature the
/// non-type parameter it is (`T (&a)[N]`: `RAT0__T_`).
fn bound(n: u64, ph: &[Rc<Record>]) -> String {
    let Ok(v) = i64::try_from(n) else {
        return n.to_string();
    };
    if let Some(i) = pattern_param(v, ph.len()) {
        return template_param(i);
    }
    // `[N + 1]`, `[N - 1]`: a pattern value past the parameters' (or
    // below the first's) is the last (first) parameter plus a constant,
    // mangled as the expression (`AplT_Li1E_`, nvcc's spelling).
    let last = ph.len() as i64 - 1;
    let k = v - crate::frontend::template::PATTERN_VALUE;
    match (
        k > last && last >= 0 && k - last <= 64,
        (-64..0).contains(&k) && last >= 0,
    ) {
        (true, _) => format!("pl{}Li{}E", template_param(last as usize), k - last),
        (_, true) => format!("mi{}Li{}E", template_param(0), -k),
        _ => n.to_string(),
    }
}

/// The index of a template's placeholder type among `ph` (see `template.rs`).
fn placeholder(t: &CType, ph: &[Rc<Record>]) -> Option<usize> {
    match t {
        CType::Record(r) => ph.iter().position(|p| Rc::ptr_eq(p, r)),
        _ => None,
    }
}

/// The symbol of a variable at namespace scope: its name, or for one in a
/// namespace the nested name (`_ZN1N5countE`).
pub fn global_symbol(qualified: &str) -> String {
    let parts: Vec<&str> = qualified.split("::").collect();
    if parts.len() == 1 {
        return qualified.to_string();
    }
    format!("_Z{}", qualified_name(&parts, &mut Vec::new()))
}

/// `std::x`: written `St1x`, outside a nested name.
fn unscoped_std(parts: &[&str]) -> bool {
    parts.len() == 2 && parts[0] == "std"
}

/// Whether a qualified name is a nested name (`N…E`).
fn is_nested(parts: &[&str]) -> bool {
    parts.len() > 1 && !unscoped_std(parts)
}

/// A (possibly qualified) name of a type or variable: `1S`, `St4pair`,
/// `N1N1SE`; the whole a substitution candidate, and each prefix.
fn qualified_name(parts: &[&str], subs: &mut Vec<String>) -> String {
    if is_nested(parts) {
        format!("N{}E", prefix(parts, subs))
    } else {
        template_name(parts, subs)
    }
}

/// A template's name before its arguments (`4Pair`, `St3max`, `1N4Pair`
/// inside a nested name), each step a substitution candidate; a
/// reference to one seen before.
fn template_name(parts: &[&str], subs: &mut Vec<String>) -> String {
    if is_nested(parts) {
        return prefix(parts, subs);
    }
    let key = name_key(parts);
    if let Some(i) = subs.iter().position(|s| *s == key) {
        return sub_ref(i);
    }
    subs.push(key);
    let last = parts.last().copied().unwrap_or_default();
    // `C<T>` in a template's own signature, `C` a template template
    // parameter: `T_IT0_E`.
    if let Some(i) = super::template::tt_pattern_index(last) {
        return template_param(i);
    }
    if unscoped_std(parts) {
        format!("St{}", source_name(last))
    } else {
        source_name(last)
    }
}

/// A class as the prefix of a member's nested name: `1S`, `1N1S`,
/// `4PairIfE`, `1N4PairIfE` (no `N…E` of its own).
fn class_prefix(t: &CType, subs: &mut Vec<String>, ph: &[Rc<Record>]) -> String {
    let key = canonical(t, ph);
    if let Some(i) = subs.iter().position(|s| *s == key) {
        return sub_ref(i);
    }
    let CType::Record(r) = t else {
        return mangle(t, subs, ph);
    };
    // `typename T::type`: the parameter (`T_`, a candidate) is the prefix.
    if ph.iter().any(|p| Rc::ptr_eq(p, r)) {
        return mangle(t, subs, ph);
    }
    // A class in a class template's instance: `5OuterILi8EE3ColILb1EE`.
    let enclosing = r.enclosing.borrow().clone();
    if let Some(outer) = enclosing {
        let outer = CType::Record(outer);
        let mut out = class_prefix(&outer, subs, ph);
        let template = r.template.borrow().clone();
        let name = template
            .as_ref()
            .map_or_else(|| r.name.borrow().clone(), |(n, _)| n.clone());
        let last = super::lookup::last_part(&name);
        out.push_str(&source_name(last));
        if let Some((_, args)) = template {
            subs.push(format!("{}::{last}", canonical(&outer, ph)));
            out.push('I');
            out.push_str(&instance_args(&args, r.pack_start.get(), subs, ph));
            out.push('E');
        }
        subs.push(key);
        return out;
    }
    let Some((name, args)) = r.template.borrow().clone() else {
        let name = r.name.borrow().clone();
        let parts: Vec<&str> = name.split("::").collect();
        return prefix(&parts, subs);
    };
    let parts: Vec<&str> = name.split("::").collect();
    let mut out = template_name(&parts, subs);
    out.push('I');
    // (The standard library's variadic templates our headers declare with
    // fixed parameters: their arguments are one pack, `J…E`.)
    let pack = STD_VARIADIC.contains(&name.as_str());
    // `common_type<T>` is `common_type<T, T>` here (its second parameter
    // defaults to the first); nvcc's pack holds the one argument written
    // (`IJT_E`).
    let args = match args.as_slice() {
        [a, b] if pack && a == b => &args[..1],
        _ => &args[..],
    };
    let start = if pack { Some(0) } else { r.pack_start.get() };
    out.push_str(&instance_args(args, start, subs, ph));
    out.push('E');
    subs.push(key);
    out
}

/// Class templates of the standard library that are variadic
/// (`common_type<T...>`) but that `<type_traits>` here declares with a
/// fixed parameter list: mangled as a pack all the same.
const STD_VARIADIC: &[&str] = &["std::common_type"];

/// The Itanium code of an operator with `arity` operands.
fn operator_code(op: &str, arity: usize) -> Option<&'static str> {
    Some(match (op, arity) {
        ("+", 1) => "ps",
        ("-", 1) => "ng",
        ("*", 1) => "de",
        ("&", 1) => "ad",
        ("+", _) => "pl",
        ("-", _) => "mi",
        ("*", _) => "ml",
        ("/", _) => "dv",
        ("%", _) => "rm",
        ("&", _) => "an",
        ("|", _) => "or",
        ("^", _) => "eo",
        ("=", _) => "aS",
        ("+=", _) => "pL",
        ("-=", _) => "mI",
        ("*=", _) => "mL",
        ("/=", _) => "dV",
        ("%=", _) => "rM",
        ("&=", _) => "aN",
        ("|=", _) => "oR",
        ("^=", _) => "eO",
        ("<<", _) => "ls",
        (">>", _) => "rs",
        ("<<=", _) => "lS",
        (">>=", _) => "rS",
        ("==", _) => "eq",
        ("!=", _) => "ne",
        ("<", _) => "lt",
        (">", _) => "gt",
        ("<=", _) => "le",
        (">=", _) => "ge",
        ("!", _) => "nt",
        ("~", _) => "co",
        ("&&", _) => "aa",
        ("||", _) => "oo",
        ("++", _) => "pp",
        ("--", _) => "mm",
        ("[]", _) => "ix",
        ("()", _) => "cl",
        ("->", _) => "pt",
        _ => return None,
    })
}

/// The substitution key of a (possibly nested) name: `1S`, `N1N1SE`.
fn name_key(parts: &[&str]) -> String {
    if parts.len() == 1 {
        return source_name(parts[0]);
    }
    let inner: String = parts.iter().map(|p| source_name(p)).collect();
    format!("N{inner}E")
}

/// The prefix of a nested name (namespaces and classes), each step a
/// substitution candidate; the longest one already seen is a reference.
fn prefix(parts: &[&str], subs: &mut Vec<String>) -> String {
    let mut start = 0;
    let mut out = String::new();
    for k in (1..=parts.len()).rev() {
        if let Some(i) = subs.iter().position(|s| *s == name_key(&parts[..k])) {
            out = sub_ref(i);
            start = k;
            break;
        }
    }
    for k in start..parts.len() {
        if k == 0 && parts[0] == "std" {
            out.push_str("St");
            continue;
        }
        out.push_str(&source_name(parts[k]));
        subs.push(name_key(&parts[..=k]));
    }
    out
}

fn builtin_code(t: &CType) -> Option<&'static str> {
    Some(match t {
        CType::Void => "v",
        CType::Bool => "b",
        CType::Float => "f",
        CType::Double => "d",
        CType::Int(k) => match k {
            IntKind::Char => "c",
            IntKind::SChar => "a",
            IntKind::UChar => "h",
            IntKind::Short => "s",
            IntKind::UShort => "t",
            IntKind::Int => "i",
            IntKind::UInt => "j",
            IntKind::Long => "l",
            IntKind::ULong => "m",
            IntKind::LongLong => "x",
            IntKind::ULongLong => "y",
        },
        _ => return None,
    })
}

/// A lambda's parameter list as its closure's name and its `operator()`
/// symbol spell it (`i`, `v` for none).
pub fn lambda_params(params: &[CType], variadic: bool) -> String {
    let mut subs = Vec::new();
    let params = params.iter().map(|t| mangle(t, &mut subs, &[])).collect();
    function_params(params, variadic)
}

/// A function type's parameter list: `v` for none, `z` for `...`.
fn function_params(mut params: Vec<String>, variadic: bool) -> String {
    if variadic {
        params.push("z".into());
    } else if params.is_empty() {
        params.push("v".into());
    }
    params.concat()
}

fn quals(konst: bool, volatile: bool) -> &'static str {
    match (volatile, konst) {
        (true, true) => "VK",
        (true, false) => "V",
        (false, true) => "K",
        (false, false) => "",
    }
}

/// The mangling with no substitutions: the key of the substitution table.
/// `ph`: the placeholder types of a template's parameters.
fn canonical(t: &CType, ph: &[Rc<Record>]) -> String {
    if let Some(c) = builtin_code(t) {
        return c.to_string();
    }
    match t {
        CType::Auto => return "Da".to_string(),
        CType::Decltype(_) => return "Dc".to_string(),
        _ => {}
    }
    if let Some(i) = placeholder(t, ph) {
        return template_param(i);
    }
    match t {
        CType::Ptr {
            pointee,
            konst,
            volatile,
        } => format!("P{}", qual_key(pointee, quals(*konst, *volatile), ph)),
        // A forwarding reference in a template's signature (`T &&`).
        CType::Ref { pointee, .. } if pointee.is_ref() => {
            format!("O{}", canonical(pointee.unref(), ph))
        }
        CType::Ref { pointee, konst } => {
            format!("R{}{}", quals(*konst, false), canonical(pointee, ph))
        }
        CType::Array(e, n) => format!("A{}_{}", bound(*n, ph), canonical(e, ph)),
        CType::Func(ft) => {
            let params: Vec<String> = ft.params.iter().map(|p| canonical(p, ph)).collect();
            format!(
                "F{}{}E",
                canonical(&ft.ret, ph),
                function_params(params, ft.variadic)
            )
        }
        CType::Builtin(_) => "4dim3".to_string(),
        CType::Record(r) if r.dependent.borrow().is_some() => {
            let (base, member) = r
                .dependent
                .borrow()
                .clone()
                .unwrap_or((CType::Void, String::new()));
            format!("N{}{}E", canonical(&base, ph), source_name(&member))
        }
        CType::Record(r) if r.template.borrow().is_some() => {
            let (name, args) = r.template.borrow().clone().unwrap_or_default();
            let args: Vec<String> = args
                .iter()
                .map(|a| match a {
                    TemplateArg::Type(t) => canonical(t, ph),
                    TemplateArg::Value(v, t @ CType::Enum(_))
                        if pattern_param(*v, ph.len()).is_none() =>
                    {
                        literal_coded(&canonical(t, ph), *v, t)
                    }
                    TemplateArg::Value(v, t) => value_arg(*v, t, ph),
                    TemplateArg::Template(n) => match super::template::tt_pattern_index(n) {
                        Some(i) => template_param(i),
                        None => name_key(&n.split("::").collect::<Vec<_>>()),
                    },
                    TemplateArg::Pack(_) => format!("J{a}E"),
                })
                .collect();
            let parts: Vec<&str> = name.split("::").collect();
            let pack = r.pack_start.get().map_or(String::new(), |k| {
                format!("J{}", args.len().saturating_sub(k))
            });
            format!("{}I{}{pack}E", name_key(&parts), args.concat())
        }
        CType::Record(r) => name_key(&r.name.borrow().split("::").collect::<Vec<_>>()),
        CType::Enum(e) => name_key(&e.name.borrow().split("::").collect::<Vec<_>>()),
        _ => String::new(),
    }
}

/// A class or enum name: its length and spelling (`6float4`); an unnamed
/// one is `Ut_`.
fn source_name(name: &str) -> String {
    if is_closure(name) {
        // A lambda's closure: the local name its function gave it.
        name.to_string()
    } else if name.is_empty() {
        "Ut_".to_string()
    } else {
        format!("{}{name}", name.len())
    }
}

/// A lambda's closure class name (`Z1kPiEUliE_`, see `parse::lambda`).
fn is_closure(name: &str) -> bool {
    name.starts_with('Z') && name.ends_with('_') && name.contains("EUl")
}

fn sub_ref(i: usize) -> String {
    if i == 0 {
        return "S_".to_string();
    }
    const DIGITS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut n = i - 1;
    let mut s = Vec::new();
    loop {
        s.push(DIGITS[n % 36]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    s.reverse();
    format!("S{}_", String::from_utf8_lossy(&s))
}

fn mangle(t: &CType, subs: &mut Vec<String>, ph: &[Rc<Record>]) -> String {
    if let Some(c) = builtin_code(t) {
        return c.to_string();
    }
    // `auto` and `decltype(auto)` are built-in types' codes.
    if matches!(t, CType::Auto | CType::Decltype(_)) {
        return canonical(t, ph);
    }
    let key = canonical(t, ph);
    if let Some(i) = subs.iter().position(|s| *s == key) {
        return sub_ref(i);
    }
    if placeholder(t, ph).is_some() {
        subs.push(key.clone());
        return key;
    }
    if let CType::Record(r) = t {
        if r.enclosing.borrow().is_some() {
            let inner = class_prefix(t, subs, ph);
            return format!("N{inner}E");
        }
        // `typename vec4<T>::Type`: `N4vec4IT_E4TypeE`, the class's prefix
        // (and its candidates) then the member.
        if let Some((base, member)) = r.dependent.borrow().clone() {
            let inner = class_prefix(&base, subs, ph);
            subs.push(key);
            return format!("N{inner}{}E", source_name(&member));
        }
        let template = r.template.borrow().clone();
        if let Some((name, _)) = template {
            // `4PairIfE`, `N1N4PairIfEE`: the template's name (and its
            // prefixes) and the whole are candidates.
            let parts: Vec<&str> = name.split("::").collect();
            let inner = class_prefix(t, subs, ph);
            return if is_nested(&parts) {
                format!("N{inner}E")
            } else {
                inner
            };
        }
    }
    let (letter, pointee, konst, volatile) = match t {
        CType::Ptr {
            pointee,
            konst,
            volatile,
        } => ('P', pointee, *konst, *volatile),
        CType::Ref { pointee: outer, .. } if outer.is_ref() => match &**outer {
            CType::Ref { pointee, .. } => ('O', pointee, false, false),
            _ => ('R', outer, false, false),
        },
        CType::Ref { pointee, konst } => ('R', pointee, *konst, false),
        CType::Record(r) => return named_type(&r.name.borrow(), subs),
        CType::Enum(e) => return named_type(&e.name.borrow(), subs),
        _ => {
            let out = match t {
                CType::Array(e, n) => format!("A{}_{}", bound(*n, ph), mangle(e, subs, ph)),
                // `FffE`: the result, then the parameters (`v` for none).
                CType::Func(ft) => {
                    let ret = mangle(&ft.ret, subs, ph);
                    let params: Vec<String> =
                        ft.params.iter().map(|p| mangle(p, subs, ph)).collect();
                    format!("F{ret}{}E", function_params(params, ft.variadic))
                }
                _ => key.clone(),
            };
            subs.push(key);
            return out;
        }
    };
    let out = {
        let q = quals(konst, volatile);
        let inner = if q.is_empty() {
            mangle(pointee, subs, ph)
        } else {
            mangle_qual(pointee, q, subs, ph)
        };
        format!("{letter}{inner}")
    };
    subs.push(key);
    out
}

/// The key of `t` qualified by `q`: an array's qualifiers are its
/// element's (`A256_Kd` for `const double[256]`).
fn qual_key(t: &CType, q: &str, ph: &[Rc<Record>]) -> String {
    match t {
        CType::Array(e, n) if !q.is_empty() => format!("A{}_{}", bound(*n, ph), qual_key(e, q, ph)),
        _ => format!("{q}{}", canonical(t, ph)),
    }
}

/// `t` qualified by `q` (not empty), each level a substitution candidate:
/// `Kd`, then `A256_Kd` around it.
fn mangle_qual(t: &CType, q: &str, subs: &mut Vec<String>, ph: &[Rc<Record>]) -> String {
    let key = qual_key(t, q, ph);
    if let Some(i) = subs.iter().position(|s| *s == key) {
        return sub_ref(i);
    }
    let out = match t {
        CType::Array(e, n) => format!("A{}_{}", bound(*n, ph), mangle_qual(e, q, subs, ph)),
        _ => format!("{q}{}", mangle(t, subs, ph)),
    };
    subs.push(key);
    out
}

/// A class or enum type by name (`6float4`, `N1N1SE`), each prefix of a
/// nested name a substitution candidate.
fn named_type(name: &str, subs: &mut Vec<String>) -> String {
    if name.is_empty() {
        return "Ut_".to_string();
    }
    let parts: Vec<&str> = name.split("::").collect();
    qualified_name(&parts, subs)
}

/// The symbol of a class's virtual function table (`_ZTV5Shape`).
pub fn vtable_symbol(r: &Rc<Record>) -> String {
    format!(
        "_ZTV{}",
        mangle(&CType::Record(r.clone()), &mut Vec::new(), &[])
    )
}

/// The symbol of a class's destructor of kind `D1` (complete) or `D0`
/// (deleting): `_ZN5ShapeD1Ev`, `_ZN1N1SD0Ev`.
pub fn destructor_symbol(r: &Rc<Record>, kind: &str) -> String {
    let class = mangle(&CType::Record(r.clone()), &mut Vec::new(), &[]);
    let inner = class
        .strip_prefix('N')
        .and_then(|c| c.strip_suffix('E'))
        .unwrap_or(&class);
    format!("_ZN{inner}{kind}Ev")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::ast::*;

    fn f(name: &str, params: Vec<CType>) -> FunctionDef {
        FunctionDef {
            name: name.into(),
            span: Default::default(),
            ret: CType::Void,
            params: params
                .into_iter()
                .map(|ty| Param {
                    name: String::new(),
                    ty,
                    restrict: false,
                    konst: false,
                    span: Default::default(),
                    default: None,
                })
                .collect(),
            variadic: false,
            space: ExecSpace::Global,
            extern_c: false,
            inline: InlineHint::Default,
            launch_bounds: vec![],
            body: None,
            locals: vec![],
            symbol: None,
            constexpr: false,
            discardable: false,
            is_static: false,
            mem_inits: Vec::new(),
        }
    }

    fn cptr(t: CType) -> CType {
        CType::Ptr {
            pointee: Box::new(t),
            konst: true,
            volatile: false,
        }
    }

    #[test]
    fn matches_nvcc_manglings() {
        let pf = CType::ptr_to(CType::Float);
        let g = f(
            "gemm_kernel",
            vec![
                CType::INT,
                CType::INT,
                CType::INT,
                CType::Float,
                CType::Float,
                pf.clone(),
                pf.clone(),
                pf.clone(),
            ],
        );
        assert_eq!(symbol_name(&g), "_Z11gemm_kerneliiiffPfS_S_");
        assert_eq!(
            symbol_name(&f("loop", vec![CType::INT, pf.clone(), cptr(CType::INT)])),
            "_Z4loopiPfPKi"
        );
        assert_eq!(
            symbol_name(&f("k", vec![cptr(CType::Float), cptr(CType::Float), pf])),
            "_Z1kPKfS0_Pf"
        );
        assert_eq!(symbol_name(&f("k", vec![])), "_Z1kv");
    }
}
