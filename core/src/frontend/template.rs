//! C++ templates: the table of function and class templates the parser
//! found, and template argument deduction.
//!
//! A template is kept as its tokens. An instance is made by parsing them
//! again with the parameters bound (a type parameter as a typedef, a
//! non-type one as a constant): `parse::instantiate_function` and the
//! parser's class instantiation (`parse/instantiate.rs`). Sema decides
//! which function instances exist (explicit instantiations, launches in
//! host code, calls, with deduction; host function templates' instances
//! are read for what they launch) and names each `f<float, 256>`, so
//! irgen sees ordinary functions. Class
//! instances are made by the parser where a type is named (`Pair<float>`),
//! as types are resolved while parsing; each is made once.

use super::ast::{CType, ExecSpace, Record, TemplateArg};
use super::lex::Token;
use super::scope::Scope;
use crate::diag::Span;
use std::rc::Rc;

/// Most instances of one template a translation unit may make (recursive
/// templates, `f<N + 1>`, end here with a diagnostic).
pub const MAX_INSTANCES: usize = 1000;

/// Most instances of all templates together (a dispatcher over head sizes,
/// types and modes makes hundreds of kernels, each with its own device
/// functions' instances).
pub const MAX_ALL_INSTANCES: usize = 10_000;

/// Most instances for templates' placeholders (`vec_t<T, 1>` in a
/// function template's signature: one per template naming it) a
/// translation unit may make, apart from `MAX_INSTANCES`.
pub const MAX_PATTERN_INSTANCES: usize = 5_000;

/// How deep instantiations may nest (one made while parsing another).
pub const MAX_NESTING: usize = 32;

/// In a template's own signature, non-type parameter `i` stands as the
/// value `PATTERN_VALUE + i` (an `int` far from any array size or count
/// one writes): deduction matches it, mangling writes it `XT_E`.
pub const PATTERN_VALUE: i64 = 0x3FFF_0000;

/// The parameter a pattern value stands for, among `count` parameters.
pub fn pattern_param(v: i64, count: usize) -> Option<usize> {
    let i = v.checked_sub(PATTERN_VALUE)?;
    (0..count as i64).contains(&i).then_some(i as usize)
}

#[derive(Clone, Debug)]
pub enum ParamKind {
    /// `typename T` / `class T`.
    Type,
    /// `int N`: the parameter's type.
    Value(CType),
    /// `template <class> class F`: the name of the class template that
    /// stands for it in the template's own signature (`tt_pattern_name`).
    Template(String),
}

/// The name of the class template (declared only, with the parameter's
/// own parameter list) that stands for template template parameter `i`,
/// `name`, taking `arity` arguments, in its template's own signature:
/// `$tt0.1$Func`. No source name has a `$`.
pub fn tt_pattern_name(i: usize, arity: usize, name: &str) -> String {
    format!("$tt{i}.{arity}${name}")
}

/// The index of the template template parameter a `tt_pattern_name`
/// stands for.
pub fn tt_pattern_index(name: &str) -> Option<usize> {
    let rest = name.strip_prefix("$tt")?;
    rest.split('.').next()?.parse().ok()
}

/// How a template template parameter bound to class template `name` stands
/// among the parser's typedefs (a record named `template name`): what
/// `F<T>` names is then an instance of that template.
pub fn tt_marker(name: &str) -> CType {
    CType::Record(Rc::new(Record::new(&format!("template {name}"), false)))
}

/// The class template a `tt_marker` stands for.
pub fn tt_marked(t: &CType) -> Option<String> {
    match t {
        CType::Record(r) => r
            .name
            .borrow()
            .strip_prefix("template ")
            .map(str::to_string),
        _ => None,
    }
}

/// The template template parameter of `def` that pattern name `name`
/// stands for.
fn tt_param(def: &TemplateDef, name: &str) -> Option<usize> {
    def.params
        .iter()
        .position(|p| matches!(&p.kind, ParamKind::Template(s) if s == name))
}

#[derive(Clone, Debug)]
pub struct TemplateParam {
    pub name: String,
    pub kind: ParamKind,
    /// Where the default argument starts in the template's tokens.
    pub default: Option<usize>,
    /// A parameter pack (`class... Args`, `int... Ns`).
    pub pack: bool,
    /// An `int` parameter whose type is `enable_if`'s (`typename
    /// std::enable_if<C, int>::type = 0`, `std::enable_if_t<C, int> = 0`):
    /// where that type's tokens start and end in the template's tokens.
    /// An instance whose arguments make it unreadable does not exist
    /// (SFINAE: the overload is not a candidate).
    pub sfinae: Option<(usize, usize)>,
    /// The type that stands for a type parameter in the template's own
    /// signature (compared by identity): deduction matches it, mangling
    /// writes it `T_`, `T0_`, ….
    pub placeholder: Rc<Record>,
}

#[derive(Clone, Debug)]
pub enum TemplateKind {
    /// A function template with its signature in terms of the placeholders.
    Function {
        ret: CType,
        params: Vec<CType>,
        /// The parameters' names (a `decltype` in the return type names
        /// them; its mangling numbers them).
        names: Vec<String>,
        space: ExecSpace,
        /// `constexpr` (see `FunctionDef::constexpr`).
        constexpr: bool,
        /// How many trailing parameters have default arguments (`int width
        /// = 32`): a call may leave them out.
        defaults: usize,
    },
    /// A class (struct) template.
    Class { is_union: bool },
    /// A variable template (`template <class T> constexpr T pi_v =
    /// T(3.14159);`, `template <class T> __constant__ T mask[10];`): an
    /// instance is its declaration read again with the parameters bound
    /// (`Parser::variable_instance`), a constant or a variable of its own.
    Variable,
}

#[derive(Clone, Debug)]
pub struct TemplateDef {
    pub name: String,
    pub span: Span,
    pub params: Vec<TemplateParam>,
    /// From `template` to the end of the declaration.
    pub tokens: Rc<[Token]>,
    /// Where the declaration after `template <…>` starts in `tokens`.
    pub decl_start: usize,
    pub kind: TemplateKind,
    /// A member function template's class (`template <class T> __device__
    /// T get(int i) const` in a struct): its instances are members of it.
    pub member: Option<MemberOf>,
    /// The enclosing class template's parameters bound where a member
    /// template was declared (in an instance of `template <int N> struct
    /// S`): bound again in its instances.
    pub outer: Vec<(String, TemplateArg)>,
}

/// The class of a member function template, and what its instances need
/// of it.
#[derive(Clone, Debug)]
pub struct MemberOf {
    pub record: Rc<Record>,
    /// `const` after the parameters: `this` points to a `const` object.
    pub konst: bool,
    pub is_static: bool,
}

impl TemplateDef {
    pub fn is_function(&self) -> bool {
        matches!(self.kind, TemplateKind::Function { .. })
    }

    /// A class template (or an alias template, kept as one).
    pub fn is_class(&self) -> bool {
        matches!(self.kind, TemplateKind::Class { .. })
    }

    pub fn is_variable(&self) -> bool {
        matches!(self.kind, TemplateKind::Variable)
    }

    /// An alias template (`template <class T> using P = T *;`): its
    /// declaration starts with `using`.
    pub fn is_alias(&self) -> bool {
        self.tokens
            .get(self.decl_start)
            .is_some_and(|t| t.is("using"))
    }

    /// The index of a placeholder among the parameters.
    pub fn placeholder_index(&self, r: &Rc<Record>) -> Option<usize> {
        self.params
            .iter()
            .position(|p| Rc::ptr_eq(&p.placeholder, r))
    }
}

/// An instantiation asked for outside a call: `template void k<float>(float *);`
/// (with the parameter types written) or a launch `k<float><<<g, b>>>(…)` in
/// host code (without).
#[derive(Clone, Debug)]
pub struct Request {
    pub name: String,
    pub args: Vec<TemplateArg>,
    pub params: Option<Vec<CType>>,
    pub span: Span,
    /// How many functions the file declared before it: where the instance goes.
    pub at: usize,
}

/// A device member function of a class template defined out of its class.
#[derive(Clone, Debug)]
pub struct OutOfClassMember {
    /// The class template's full name.
    pub class: String,
    /// The class's argument list as the definition writes it, each of the
    /// definition's parameters by its index (`$0 , 3`): which
    /// specialization the member belongs to.
    pub form: String,
    pub def: TemplateDef,
}

/// A partial specialization of a class template (`template <typename T>
/// struct Traits<T *> { … };`): its own parameters and template, and the
/// primary template's arguments in terms of its parameters.
#[derive(Clone, Debug)]
pub struct Partial {
    pub primary: usize,
    pub args: Vec<TemplateArg>,
    pub def: TemplateDef,
    /// Arguments the pattern cannot read (`enable_if<is_ptr<T>::value>`),
    /// by index, as tokens read per candidate instance (`parse/sfinae.rs`);
    /// `args` holds `void` in their places.
    pub kept: Vec<(usize, Rc<[Token]>)>,
}

/// A class instance's constants and typedefs, by their qualified names.
pub type InstanceNames = (
    Vec<(String, (super::ast::Scalar, CType))>,
    Vec<(String, CType)>,
);

/// A class template's host member functions: name, body start, end.
pub type HostMembers = std::rc::Rc<[(String, usize, usize)]>;

#[derive(Clone, Debug, Default)]
pub struct Templates {
    pub defs: Vec<Rc<TemplateDef>>,
    /// Class instances made so far: the template, its arguments, the type.
    pub class_instances: Vec<(usize, Vec<TemplateArg>, CType)>,
    /// Each class instance's static constants and member typedefs
    /// (`Traits<float>::size`, `tr<float>::value`), by the instance's id:
    /// a parser that finds the instance made already names them too.
    pub instance_names: crate::collections::HashMap<String, InstanceNames>,
    pub requests: Vec<Request>,
    pub scope: Scope,
    /// Instances made (classes and functions), against `MAX_ALL_INSTANCES`.
    pub count: usize,
    /// Instances made of each template (by its index), against
    /// `MAX_INSTANCES`.
    pub per_template: crate::collections::HashMap<usize, usize>,
    /// Instances for placeholders made, against `MAX_PATTERN_INSTANCES`.
    pub pattern_count: usize,
    /// The member functions of class instances: as in C++, one is checked
    /// and compiled only when called (`Pair<Pair<char>>::width` would not
    /// compile).
    pub lazy_methods: Vec<super::ast::FunctionDef>,
    /// Explicit specializations of function templates (`template <> float
    /// f<float>(float x) { … }`): the instance they define, used instead
    /// of instantiating the template for those arguments.
    pub specializations: Vec<(usize, Vec<TemplateArg>, super::ast::FunctionDef)>,
    /// Partial specializations of class templates.
    pub partials: Vec<Partial>,
    /// The names host code refers to (the identifiers of the host bodies
    /// read for launches): a `static` kernel none names is never
    /// referenced (nvcc's warning 177).
    pub host_names: crate::collections::HashSet<String>,
    /// Host member functions of class templates defined out of their class
    /// (`template <typename Real> Real PiEstimator<Real>::operator()() {…}`),
    /// by the class template's full name: not compiled, but an explicit
    /// instantiation of the class (`template class PiEstimator<float>;`)
    /// reads their bodies for the kernels they launch.
    pub out_of_class: Vec<(String, TemplateDef)>,
    /// The warnings given where such a member launches a kernel template
    /// with arguments only an instance knows (their places): taken back
    /// when a use of the class reads the member for an instance, whose
    /// own reading warns where it still cannot tell.
    pub unread_launches: Vec<crate::diag::Span>,
    /// Class instances whose host members were (or are being) read for
    /// launches, with the members asked for: each is read once (a member
    /// that names its own class would read it again without end).
    pub members_scanned: crate::collections::HashSet<String>,
    /// Device member functions of class templates defined out of their
    /// class, read again in each instance (`parse/out_of_class.rs`).
    pub members_out: Vec<OutOfClassMember>,
    /// The host member functions of a class template's body (name, body
    /// start, end), by the template's index: found once per template, not
    /// once per instance and set of members asked for (a big class is read
    /// for hundreds of those).
    pub host_members: crate::collections::HashMap<usize, HostMembers>,
    /// The templates' unqualified names, with how many templates there
    /// were when they were collected (the host launch scan's filter).
    pub template_names: Option<(usize, std::rc::Rc<crate::collections::HashSet<String>>)>,
    /// Variable templates' instances made so far, by symbol
    /// (`_Z4maskIfE`): a constant, or a variable sema adds to the
    /// namespace-scope ones where an expression names it.
    pub var_instances: crate::collections::HashMap<String, VarInstance>,
}

/// An instance of a variable template.
#[derive(Clone, Debug)]
pub enum VarInstance {
    /// A `constexpr` (or `const` arithmetic) one with a constant
    /// initializer: its uses are its value.
    Constant(super::ast::Scalar, CType),
    Variable(Box<super::ast::GlobalVar>),
}

impl Templates {
    /// Whether tokens launch a kernel (`<<<`) or name a kernel template
    /// (`auto k = kern<T, 128>;` then `cudaLaunchKernel((void*)k, …)`).
    pub fn names_kernels(&self, toks: &[Token]) -> bool {
        let kernels: crate::collections::HashSet<&str> = self
            .defs
            .iter()
            .filter(|d| matches!(&d.kind, TemplateKind::Function { space, .. } if *space == ExecSpace::Global))
            .map(|d| crate::frontend::lookup::last_part(&d.name))
            .collect();
        toks.windows(2).any(|w| {
            w[0].is("<<") && w[1].is("<")
                || w[0].kind == crate::frontend::lex::TokKind::Ident
                    && kernels.contains(&*w[0].text)
        })
    }

    /// Counts one more instance of template `def`, or the limit it would
    /// pass.
    pub fn admit(&mut self, def: usize) -> Result<(), usize> {
        let n = self.per_template.get(&def).copied().unwrap_or(0);
        if n >= MAX_INSTANCES {
            return Err(MAX_INSTANCES);
        }
        if self.count >= MAX_ALL_INSTANCES {
            return Err(MAX_ALL_INSTANCES);
        }
        self.per_template.insert(def, n + 1);
        self.count += 1;
        Ok(())
    }

    /// The template of that name (the last declared).
    pub fn find(&self, name: &str) -> Option<usize> {
        self.defs.iter().rposition(|d| d.name == name)
    }

    /// The function templates of that name: its overloads.
    pub fn functions(&self, name: &str) -> Vec<usize> {
        (0..self.defs.len())
            .filter(|&i| self.defs[i].name == name && self.defs[i].is_function())
            .collect()
    }
}

/// The arguments of template `def` for a call: the `explicit` ones, then
/// what each call argument's type (where known) deduces for the function
/// parameter `params` at its place; `None` where they conflict. Explicit
/// arguments are not deduced ([temp.deduct.call]): an argument of another
/// type converts to them (`max3<int>(i, c, 1)` with a `char` c), so
/// deduction runs with them unset and keeps what it finds for the others.
pub fn deduce_call(
    def: &TemplateDef,
    params: &[CType],
    explicit: &[TemplateArg],
    types: &[Option<&CType>],
) -> Option<Vec<Option<TemplateArg>>> {
    // A pack last among the parameters, and the function parameter that
    // expands it (`Args... args`): the call arguments from there on each
    // deduce an element.
    let pack = pack_index(def).filter(|k| k + 1 == def.params.len());
    let expansion = pack.and_then(|k| {
        let j = params.len().checked_sub(1)?;
        mentions(def, &params[j], k).then_some((k, j))
    });
    if pack.is_none() && explicit.len() > def.params.len() {
        return None;
    }
    let mut out: Vec<Option<TemplateArg>> = vec![None; def.params.len()];
    for (o, a) in out.iter_mut().zip(explicit) {
        *o = Some(a.clone());
    }
    let fixed = explicit.len().min(def.params.len());
    let own = expansion.map_or(params.len(), |(_, j)| j);
    for (p, a) in params.iter().zip(types).take(own) {
        let Some(a) = a else { continue };
        let mut scratch = out.clone();
        scratch.iter_mut().take(fixed).for_each(|s| *s = None);
        if !deduce(def, p, a, &mut scratch) {
            return None;
        }
        for (o, s) in out.iter_mut().zip(scratch).skip(fixed) {
            *o = s;
        }
    }
    if let Some(k) = pack {
        // The pack's explicit elements, then those its expansion deduces
        // (or a class instance's arguments deduce: `tup<Ts...>`).
        let deduced = out.get_mut(k).and_then(Option::take);
        out.truncate(k);
        let given = explicit.get(k..).unwrap_or_default();
        out.extend(given.iter().cloned().map(Some));
        if let (true, None, Some(TemplateArg::Pack(v))) = (given.is_empty(), expansion, deduced) {
            out.extend(v.into_iter().map(Some));
        }
        if let Some((_, j)) = expansion {
            for a in types.iter().skip(j + given.len()) {
                let mut scratch = vec![None; def.params.len()];
                if !deduce(def, &params[j], (*a)?, &mut scratch) {
                    return None;
                }
                out.push(Some(scratch[k].take()?));
            }
        }
    }
    Some(out)
}

/// Whether type `t` names placeholder `k` of `def` (a pack's: `t` is
/// then a pack expansion's pattern).
pub fn mentions(def: &TemplateDef, t: &CType, k: usize) -> bool {
    mentions_depth(def, t, k, 0)
}

fn mentions_depth(def: &TemplateDef, t: &CType, k: usize, depth: usize) -> bool {
    if depth > 64 {
        return false;
    }
    match t {
        CType::Record(r) => {
            Rc::ptr_eq(r, &def.params[k].placeholder)
                || r.template.borrow().as_ref().is_some_and(|(_, args)| {
                    // (`tup<Ts...>` expands the pack itself.)
                    args.iter().any(|a| {
                        pack_expansion(def, a).is_none()
                            && matches!(a, TemplateArg::Type(t) if mentions_depth(def, t, k, depth + 1))
                    })
                })
        }
        CType::Ptr { pointee, .. } | CType::Ref { pointee, .. } | CType::Array(pointee, _) => {
            mentions_depth(def, pointee, k, depth + 1)
        }
        _ => false,
    }
}

/// Deduces template arguments from one parameter type of the template's
/// signature and the type of what is passed. `false` on a conflict (two
/// different types for one parameter).
pub fn deduce(
    def: &TemplateDef,
    pattern: &CType,
    arg: &CType,
    out: &mut [Option<TemplateArg>],
) -> bool {
    deduce_depth(def, pattern, arg, out, 0)
}

fn deduce_depth(
    def: &TemplateDef,
    pattern: &CType,
    arg: &CType,
    out: &mut [Option<TemplateArg>],
    depth: usize,
) -> bool {
    if depth > 64 {
        return true;
    }
    match (pattern, arg) {
        // A forwarding reference (`T &&`, see `Parser::rvalue_reference`):
        // an lvalue argument, passed as a reference type, deduces `A &`.
        (CType::Ref { pointee: outer, .. }, _) if forwarding_param(def, outer).is_some() => {
            let i = forwarding_param(def, outer).unwrap_or(0);
            let a = TemplateArg::Type(arg.clone());
            match &out[i] {
                Some(prev) => *prev == a,
                None => {
                    out[i] = Some(a);
                    true
                }
            }
        }
        (CType::Record(p), _) if def.placeholder_index(p).is_some() => {
            let i = def.placeholder_index(p).unwrap_or(0);
            let a = TemplateArg::Type(arg.clone());
            match &out[i] {
                Some(prev) => *prev == a,
                None => {
                    out[i] = Some(a);
                    true
                }
            }
        }
        (CType::Ref { pointee: p, .. }, CType::Ref { pointee: a, .. }) => {
            deduce_depth(def, p, a, out, depth + 1)
        }
        (CType::Ref { pointee: p, .. }, a) => deduce_depth(def, p, a, out, depth + 1),
        (CType::Ptr { pointee: p, .. }, CType::Ptr { pointee: a, .. }) => {
            deduce_depth(def, p, a, out, depth + 1)
        }
        // `T (&a)[N]` from an array: `N` is its length.
        (CType::Array(p, pn), CType::Array(a, an)) => {
            let size = i64::try_from(*pn)
                .ok()
                .and_then(|v| pattern_param(v, def.params.len()));
            if let Some(i) = size {
                let ParamKind::Value(t) = &def.params[i].kind else {
                    return false;
                };
                let v = TemplateArg::Value(*an as i64, t.clone());
                match &out[i] {
                    Some(prev) if *prev != v => return false,
                    Some(_) => {}
                    None => out[i] = Some(v),
                }
            }
            deduce_depth(def, p, a, out, depth + 1)
        }
        (CType::Record(p), CType::Record(a)) => {
            let (pt, at) = (p.template.borrow(), a.template.borrow());
            let (Some((pn, pargs)), Some((an, aargs))) = (&*pt, &*at) else {
                return true;
            };
            // `F<T>` with `F` a template template parameter deduces `F`.
            if let Some(i) = tt_param(def, pn) {
                let a = TemplateArg::Template(an.clone());
                match &out[i] {
                    Some(prev) if *prev != a => return false,
                    Some(_) => {}
                    None => out[i] = Some(a),
                }
            } else if pn != an {
                return true;
            }
            // `tup<T, Rest...>`: the pack's expansion last takes the
            // arguments from its place on.
            let (pargs, aargs) = match pargs.split_last() {
                Some((last, fixed)) if aargs.len() >= fixed.len() => {
                    match pack_expansion(def, last) {
                        Some(i) => {
                            let each =
                                |d: &TemplateDef,
                                 p: &TemplateArg,
                                 a: &TemplateArg,
                                 o: &mut [Option<TemplateArg>],
                                 depth: usize| match (p, a) {
                                    (TemplateArg::Type(p), TemplateArg::Type(a)) => {
                                        deduce_depth(d, p, a, o, depth + 1)
                                    }
                                    _ => false,
                                };
                            let rest = &aargs[fixed.len()..];
                            if !bind_expansion(def, i, last, rest, out, depth, each) {
                                return false;
                            }
                            (fixed, &aargs[..fixed.len()])
                        }
                        None => (&pargs[..], &aargs[..]),
                    }
                }
                _ => (&pargs[..], &aargs[..]),
            };
            if pargs.len() != aargs.len() {
                return true;
            }
            pargs.iter().zip(aargs).all(|(pa, aa)| match (pa, aa) {
                (TemplateArg::Type(p), TemplateArg::Type(a)) => {
                    deduce_depth(def, p, a, out, depth + 1)
                }
                (TemplateArg::Value(p, _), TemplateArg::Value(..)) => {
                    match pattern_param(*p, def.params.len())
                        .filter(|i| matches!(def.params[*i].kind, ParamKind::Value(_)))
                    {
                        Some(i) => match &out[i] {
                            Some(TemplateArg::Value(prev, _)) => {
                                matches!(aa, TemplateArg::Value(v, _) if v == prev)
                            }
                            Some(_) => false,
                            None => {
                                out[i] = Some(aa.clone());
                                true
                            }
                        },
                        None => true,
                    }
                }
                _ => true,
            })
        }
        _ => true,
    }
}

/// The type parameter a forwarding reference's inner reference names
/// (`outer` is the pointee of a parameter `T &&`'s outer reference).
pub fn forwarding_param(def: &TemplateDef, outer: &CType) -> Option<usize> {
    match outer {
        CType::Ref { pointee, .. } => match &**pointee {
            CType::Record(r) => def.placeholder_index(r),
            _ => None,
        },
        _ => None,
    }
}

/// Matches a template argument written in terms of `def`'s parameters
/// against an actual one exactly, binding the parameters in `out` (`false`:
/// no match, or two values for one parameter). Partial specializations
/// are chosen and ordered so, function templates' partial ordering too.
pub fn match_arg(
    def: &TemplateDef,
    pattern: &TemplateArg,
    actual: &TemplateArg,
    out: &mut [Option<TemplateArg>],
    depth: usize,
) -> bool {
    match (pattern, actual) {
        (TemplateArg::Type(p), TemplateArg::Type(a)) => match_type(def, p, a, out, depth),
        (TemplateArg::Value(p, _), TemplateArg::Value(..)) => {
            match pattern_param(*p, def.params.len())
                .filter(|i| matches!(def.params[*i].kind, ParamKind::Value(_)))
            {
                Some(i) => bind(out, i, actual),
                None => matches!(actual, TemplateArg::Value(a, _) if a == p),
            }
        }
        (TemplateArg::Template(p), TemplateArg::Template(a)) => match tt_param(def, p) {
            Some(i) => bind(out, i, actual),
            None => p == a,
        },
        _ => false,
    }
}

/// `match_arg` for argument lists: a pack's expansion last in `pattern`
/// (`tup<T, Rest...>`) matches the arguments from its place on.
pub fn match_args(
    def: &TemplateDef,
    pattern: &[TemplateArg],
    actual: &[TemplateArg],
    out: &mut [Option<TemplateArg>],
    depth: usize,
) -> bool {
    if let Some((last, fixed)) = pattern.split_last() {
        if let Some(i) = pack_expansion(def, last) {
            return actual.len() >= fixed.len()
                && fixed
                    .iter()
                    .zip(actual)
                    .all(|(x, y)| match_arg(def, x, y, out, depth))
                && bind_expansion(def, i, last, &actual[fixed.len()..], out, depth, match_arg);
        }
    }
    pattern.len() == actual.len()
        && pattern
            .iter()
            .zip(actual)
            .all(|(x, y)| match_arg(def, x, y, out, depth))
}

/// The parameter pack of `def` whose expansion argument `a` is, written
/// in `def`'s own terms (`Rest` in `tup<T, Rest...>`, `T &` in
/// `tuple<T &...>`).
pub fn pack_expansion(def: &TemplateDef, a: &TemplateArg) -> Option<usize> {
    match a {
        TemplateArg::Type(CType::Record(r)) if def.placeholder_index(r).is_some() => {
            def.placeholder_index(r).filter(|&i| def.params[i].pack)
        }
        TemplateArg::Type(t) if names_pack(t) => {
            (0..def.params.len()).find(|&k| def.params[k].pack && mentions(def, t, k))
        }
        _ => None,
    }
}

/// Whether type `t` names a parameter pack's placeholder outside an
/// expansion of it: `t` is then a pack expansion's pattern (`T &` in
/// `tuple<T &...>`).
pub fn names_pack(t: &CType) -> bool {
    fn walk(t: &CType, depth: u32) -> bool {
        if depth > 64 {
            return false;
        }
        match t {
            CType::Record(r) => r.is_pack.get(),
            CType::Ptr { pointee, .. } | CType::Ref { pointee, .. } | CType::Array(pointee, _) => {
                walk(pointee, depth + 1)
            }
            _ => false,
        }
    }
    walk(t, 0)
}

/// The pack `i`'s elements that a pack expansion's pattern `pattern`
/// deduces from `actual` (each element matched on its own, the other
/// parameters kept consistent), bound in `out` as one `Pack`.
fn bind_expansion(
    def: &TemplateDef,
    i: usize,
    pattern: &TemplateArg,
    actual: &[TemplateArg],
    out: &mut [Option<TemplateArg>],
    depth: usize,
    each: fn(&TemplateDef, &TemplateArg, &TemplateArg, &mut [Option<TemplateArg>], usize) -> bool,
) -> bool {
    let exact = matches!(pattern, TemplateArg::Type(CType::Record(r)) if def.placeholder_index(r) == Some(i));
    if exact {
        return bind(out, i, &TemplateArg::Pack(actual.to_vec()));
    }
    let mut elements = Vec::with_capacity(actual.len());
    for a in actual {
        let mut scratch = out.to_vec();
        scratch[i] = None;
        if !each(def, pattern, a, &mut scratch, depth) {
            return false;
        }
        let Some(e) = scratch[i].take() else {
            return false;
        };
        elements.push(e);
        for (k, v) in scratch.into_iter().enumerate() {
            if k != i && v.is_some() {
                out[k] = v;
            }
        }
    }
    bind(out, i, &TemplateArg::Pack(elements))
}

/// Values bound to a template's parameters with a pack's elements (bound
/// as one `TemplateArg::Pack`) flattened in its place, as instances take
/// them.
pub fn flatten_packs(values: Vec<TemplateArg>) -> Vec<TemplateArg> {
    let mut out = Vec::with_capacity(values.len());
    for v in values {
        match v {
            TemplateArg::Pack(elements) => out.extend(elements),
            v => out.push(v),
        }
    }
    out
}

/// `match_arg` for types.
pub fn match_type(
    def: &TemplateDef,
    pattern: &CType,
    actual: &CType,
    out: &mut [Option<TemplateArg>],
    depth: usize,
) -> bool {
    if depth > 64 {
        return false;
    }
    if let CType::Record(p) = pattern {
        if let Some(i) = def.placeholder_index(p) {
            return bind(out, i, &TemplateArg::Type(actual.clone()));
        }
    }
    match (pattern, actual) {
        (
            CType::Ptr {
                pointee: p,
                konst: kp,
                volatile: vp,
            },
            CType::Ptr {
                pointee: a,
                konst: ka,
                volatile: va,
            },
        ) => kp == ka && vp == va && match_type(def, p, a, out, depth + 1),
        (
            CType::Ref {
                pointee: p,
                konst: kp,
            },
            CType::Ref {
                pointee: a,
                konst: ka,
            },
        ) => kp == ka && match_type(def, p, a, out, depth + 1),
        (CType::Array(p, n), CType::Array(a, m)) => {
            let size = TemplateArg::Value(*m as i64, CType::Int(super::ast::IntKind::ULong));
            let pn = TemplateArg::Value(*n as i64, CType::Int(super::ast::IntKind::ULong));
            match_arg(def, &pn, &size, out, depth + 1) && match_type(def, p, a, out, depth + 1)
        }
        (CType::Record(p), CType::Record(a)) => {
            let (pt, at) = (p.template.borrow(), a.template.borrow());
            match (&*pt, &*at) {
                (Some((pn, pargs)), Some((an, aargs))) => {
                    // `F<T>` with `F` a template template parameter.
                    let same = match tt_param(def, pn) {
                        Some(i) => bind(out, i, &TemplateArg::Template(an.clone())),
                        None => pn == an,
                    };
                    same && match_args(def, pargs, aargs, out, depth + 1)
                }
                _ => pattern == actual,
            }
        }
        _ => pattern == actual,
    }
}

/// Binds parameter `i` to `a`, or checks it has that value already.
fn bind(out: &mut [Option<TemplateArg>], i: usize, a: &TemplateArg) -> bool {
    let same = |x: &TemplateArg, y: &TemplateArg| match (x, y) {
        (TemplateArg::Value(v, _), TemplateArg::Value(w, _)) => v == w,
        _ => x == y,
    };
    match &out[i] {
        Some(prev) => same(prev, a),
        None => {
            out[i] = Some(a.clone());
            true
        }
    }
}

/// The index of a template's parameter pack (`class... Args`), if any.
pub fn pack_index(def: &TemplateDef) -> Option<usize> {
    def.params.iter().position(|p| p.pack)
}

/// The name element `i` of pack `name` has in an instance.
fn pack_element(name: &str, i: usize) -> String {
    format!("{name}__pack{i}")
}

/// `def` for arguments `args` (the pack's elements last, flattened) with
/// its parameter pack expanded: the pack becomes one parameter per
/// element, and each pack expansion in the declaration (`Args... args`,
/// `f(args...)`, `std::forward<Args>(args)...`, `Tuple<Args...>`) one
/// copy of its pattern per element, the packs in it named by the
/// element; `sizeof...(Args)` is the count. `def` itself when it has no
/// pack or the pack is not its last parameter.
pub fn expand_packs(def: &TemplateDef, args: &[TemplateArg]) -> TemplateDef {
    let Some(k) = pack_index(def) else {
        return def.clone();
    };
    if k + 1 != def.params.len() {
        return def.clone();
    }
    let n = args.len().saturating_sub(k);
    let pack = &def.params[k];
    let mut out = def.clone();
    out.params.truncate(k);
    for i in 0..n {
        let placeholder = Rc::new(Record::new(&pack_element(&pack.name, i), false));
        *placeholder.layout.borrow_mut() =
            Some(Rc::new(super::layout::Layout::plain(Vec::new(), 1, 1)));
        out.params.push(TemplateParam {
            name: pack_element(&pack.name, i),
            kind: pack.kind.clone(),
            default: None,
            pack: false,
            sfinae: None,
            placeholder,
        });
    }
    let body = &def.tokens[def.decl_start.min(def.tokens.len())..];
    let mut tokens: Vec<Token> = def.tokens[..def.decl_start.min(def.tokens.len())].to_vec();
    tokens.extend(expand_tokens(body, &pack.name, n));
    out.tokens = tokens.into();
    out
}

/// The pack expansions in `body` expanded for a pack `pack` of `n`
/// elements (see `expand_packs`).
fn expand_tokens(body: &[Token], pack: &str, n: usize) -> Vec<Token> {
    let mut packs: Vec<String> = vec![pack.to_string()];
    let mut out: Vec<Token> = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        let t = &body[i];
        // `sizeof...(Args)`: the count.
        if t.is("sizeof")
            && body.get(i + 1).is_some_and(|t| t.is("..."))
            && body.get(i + 2).is_some_and(|t| t.is("("))
            && body
                .get(i + 3)
                .is_some_and(|t| packs.iter().any(|p| t.is(p)))
            && body.get(i + 4).is_some_and(|t| t.is(")"))
        {
            let mut lit = t.clone();
            lit.kind = super::lex::TokKind::Number;
            lit.text = format!("{n}").into();
            out.push(lit);
            i += 5;
            continue;
        }
        if !t.is("...") {
            out.push(t.clone());
            i += 1;
            continue;
        }
        // The pattern: back to the `,` or opening bracket that starts it.
        let mut depth = 0i32;
        let mut start = out.len();
        while start > 0 {
            let p = &out[start - 1];
            if p.is(")") || p.is("]") || p.is("}") || p.is(">") {
                depth += 1;
            } else if p.is(">>") {
                depth += 2;
            } else if p.is("(") || p.is("[") || p.is("{") || p.is("<") {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            } else if depth == 0 && (p.is(",") || p.is(";")) {
                break;
            }
            start -= 1;
        }
        let names_pack = out[start..]
            .iter()
            .any(|t| t.kind == super::lex::TokKind::Ident && packs.iter().any(|p| t.is(p)));
        if !names_pack {
            out.push(t.clone());
            i += 1;
            continue;
        }
        let pattern: Vec<Token> = out.split_off(start);
        i += 1;
        // `Args &&... args`: a function parameter pack declared; its name
        // is a pack from here on.
        let mut declared: Option<Token> = None;
        if let Some(name) = body.get(i).filter(|t| {
            t.kind == super::lex::TokKind::Ident
                && body
                    .get(i + 1)
                    .is_some_and(|t| t.is(",") || t.is(")") || t.is("=") || t.is(";"))
        }) {
            packs.push(name.text.to_string());
            declared = Some(name.clone());
            i += 1;
        }
        if n == 0 {
            // `f(a, args...)` → `f(a)`; `f(args..., a)` → `f(a)`.
            if out.last().is_some_and(|t| t.is(",")) {
                out.pop();
            } else if body.get(i).is_some_and(|t| t.is(",")) {
                i += 1;
            }
            continue;
        }
        for e in 0..n {
            if e > 0 {
                let mut comma = t.clone();
                comma.text = ",".into();
                out.push(comma);
            }
            for p in pattern.iter().chain(declared.iter()) {
                let mut p = p.clone();
                if p.kind == super::lex::TokKind::Ident && packs.iter().any(|q| p.is(q)) {
                    p.text = pack_element(&p.text, e).into();
                }
                out.push(p);
            }
        }
    }
    out
}
