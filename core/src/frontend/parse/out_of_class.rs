//! Member functions of class templates defined out of their class
//! (`template <class T> __device__ T V3<T>::sum() const { … }`,
//! `template <class T> __device__ I<T>::I() {}`, a partial
//! specialization's `template <class T> V<T, 3>::V(const V<T, 4> &v)`):
//! kept as tokens with the shape of the class's argument list, and read
//! again in each instance of the class (or of the partial specialization
//! of that shape) with the parameters bound, as an out-of-class member
//! definition of the instance.

use super::*;
use crate::frontend::template::OutOfClassMember;

/// The argument list after `simple <` at or after token `from`, the
/// parameters' names replaced by their indices (`$0 , $1`).
pub(super) fn qualifier_form(
    toks: &[Token],
    from: usize,
    simple: &str,
    params: &[TemplateParam],
) -> Option<String> {
    let start = (from..toks.len())
        .find(|&k| toks[k].is(simple) && toks.get(k + 1).is_some_and(|t| t.is("<")))?;
    let mut angle = 0i32;
    let mut words = Vec::new();
    for t in toks.get(start + 1..)? {
        match &*t.text {
            "<" => angle += 1,
            ">" => angle -= 1,
            ">>" => angle -= 2,
            _ => {}
        }
        if angle <= 0 {
            break;
        }
        if angle == 1 && t.is("<") {
            continue;
        }
        let w = match params.iter().position(|p| t.is(&p.name)) {
            Some(i) => format!("${i}"),
            None => t.text.to_string(),
        };
        words.push(w);
    }
    Some(words.join(" "))
}

/// The form of a primary template's own argument list: `$0 , $1 , …`.
pub(super) fn primary_form(n: usize) -> String {
    (0..n)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(" , ")
}

/// `tokens` with every `simple<…>` followed by `::` written `simple::`
/// (in an instance the template's name is the instance).
fn strip_qualifier_args(tokens: &[Token], from: usize, simple: &str) -> Vec<Token> {
    let mut out: Vec<Token> = tokens[..from.min(tokens.len())].to_vec();
    let mut k = from;
    while k < tokens.len() {
        let t = &tokens[k];
        if t.is("(") {
            // The parameters and body: other instances there stay.
            out.extend_from_slice(&tokens[k..]);
            break;
        }
        out.push(t.clone());
        if t.is(simple) && tokens.get(k + 1).is_some_and(|n| n.is("<")) {
            let mut angle = 0i32;
            let mut j = k + 1;
            while let Some(n) = tokens.get(j) {
                match &*n.text {
                    "<" => angle += 1,
                    ">" => angle -= 1,
                    ">>" => angle -= 2,
                    ";" | "{" => break,
                    _ => {}
                }
                j += 1;
                if angle <= 0 {
                    break;
                }
            }
            if angle == 0 && tokens.get(j).is_some_and(|n| n.is("::")) {
                k = j;
                continue;
            }
        }
        k += 1;
    }
    out
}

impl Parser<'_> {
    /// At a class template's member declarator (after `template <…>`): a
    /// device member function defined here is kept (true) to be read in
    /// each instance of the class.
    pub(super) fn keep_out_of_class_member(
        &mut self,
        class: &str,
        start: usize,
        decl_start: usize,
        params: &[TemplateParam],
    ) -> bool {
        // A function: its `(` comes before any `;`, `=` or `{`.
        let mut k = self.pos;
        let mut angle = 0i32;
        let function = loop {
            let Some(t) = self.toks.get(k) else {
                break false;
            };
            match &*t.text {
                "<" => angle += 1,
                ">" => angle -= 1,
                ">>" => angle -= 2,
                "(" if angle <= 0 => break true,
                ";" | "=" | "{" => break false,
                _ => {}
            }
            k += 1;
        };
        if !function {
            return false;
        }
        let simple = crate::frontend::lookup::last_part(class).to_string();
        let Some(form) = qualifier_form(self.toks, self.pos, &simple, params) else {
            return false;
        };
        let span = self.span();
        self.skip_member_function();
        let def = TemplateDef {
            name: class.to_string(),
            span,
            params: params.to_vec(),
            tokens: self.toks[start..self.pos].to_vec().into(),
            decl_start,
            member: None,
            outer: self.bound.clone(),
            kind: TemplateKind::Function {
                ret: CType::Void,
                names: Vec::new(),
                params: Vec::new(),
                space: ExecSpace::Device,
                constexpr: false,
                defaults: 0,
            },
        };
        self.templates.members_out.push(OutOfClassMember {
            class: class.to_string(),
            form,
            def,
        });
        true
    }

    /// Past a function definition: its parameters, member initializers
    /// (`: a(x), b{y}`) and body, or a `;`.
    fn skip_member_function(&mut self) {
        let mut paren = 0i32;
        while let Some(t) = self.peek() {
            match &*t.text {
                "(" => paren += 1,
                ")" => paren -= 1,
                ";" if paren == 0 => {
                    self.pos += 1;
                    return;
                }
                "{" if paren == 0 => {
                    // A member initializer's braces follow its name.
                    let prev = self.toks.get(self.pos.wrapping_sub(1));
                    let init = prev.is_some_and(|p| {
                        p.kind == TokKind::Ident
                            && !matches!(
                                &*p.text,
                                "const" | "noexcept" | "override" | "final" | "mutable"
                            )
                    });
                    self.skip_braces();
                    if !init {
                        return;
                    }
                    continue;
                }
                _ => {}
            }
            self.pos += 1;
        }
    }

    /// Reads the out-of-class members of class template `class` whose
    /// argument list has the shape `form`, for its instance `ty` with the
    /// definitions' parameters bound to `bound`: each an out-of-class
    /// definition of the instance's member, beside the members `declared`.
    pub(super) fn instance_out_of_class_members(
        &mut self,
        class: &str,
        form: &str,
        ty: &CType,
        bound: &[TemplateArg],
        declared: &[Rc<FunctionDef>],
    ) -> PResult<()> {
        let members: Vec<OutOfClassMember> = self
            .templates
            .members_out
            .iter()
            .filter(|m| m.class == class && m.form == form && m.def.params.len() == bound.len())
            .cloned()
            .collect();
        let simple = crate::frontend::lookup::last_part(class).to_string();
        let mut ns: Vec<String> = crate::frontend::lookup::qualified_parts(class)
            .into_iter()
            .map(str::to_string)
            .collect();
        ns.pop();
        for m in members {
            let tokens = strip_qualifier_args(&m.def.tokens, m.def.decl_start, &simple);
            let mut functions = declared.to_vec();
            self.sub_parse(&tokens, m.def.decl_start, |p| {
                p.bind(&m.def, bound);
                p.cxx.ns = ns.clone();
                p.typedefs.insert(class.to_string(), ty.clone());
                p.declaration(&mut functions, false)
            })?;
        }
        Ok(())
    }

    /// `template <> template <> __device__ float Kiss<unsigned>::next<float>()
    /// { … }` (after both `template <>`): the instance of member template
    /// `next` of the class instance `Kiss<unsigned>` for `<float>`, defined
    /// here; its body is read in the instance's scope.
    pub(super) fn member_template_specialization(&mut self) -> PResult<()> {
        let start = self.span();
        let specs = self.specifiers()?;
        let Some(ret) = specs.ty.clone() else {
            return self.error(start, "expected a type specifier");
        };
        let at = self.span();
        let Some((class, len)) = self
            .template_id_from(self.pos)
            .filter(|(d, _)| self.templates.defs[*d].is_class())
        else {
            return self.error(at, "expected a member function template");
        };
        self.pos += len + 1;
        let cargs = self.template_args()?;
        let CType::Record(record) = self.class_instance(class, cargs, &at)? else {
            return self.error(at, "expected a class");
        };
        self.expect("::")?;
        let (member, span) = self.ident()?;
        let given = if self.eat("<") {
            self.template_args()?
        } else {
            Vec::new()
        };
        self.expect("(")?;
        let (params, variadic) = self.params()?;
        let declared: Vec<CType> = params.iter().map(|p| p.ty.clone()).collect();
        let defs = &self.templates.defs;
        let pick = (0..defs.len()).find(|&i| {
            let t = &defs[i];
            let TemplateKind::Function { params: pats, .. } = &t.kind else {
                return false;
            };
            let mut out: Vec<Option<TemplateArg>> = vec![None; t.params.len()];
            t.member
                .as_ref()
                .is_some_and(|m| Rc::ptr_eq(&m.record, &record))
                && crate::frontend::lookup::last_part(&t.name) == member
                && pats.len() == declared.len()
                && given.len() <= t.params.len()
                && pats
                    .iter()
                    .zip(&declared)
                    .all(|(p, a)| crate::frontend::template::match_type(t, p, a, &mut out, 0))
        });
        let full = format!("{}::{member}", record.name.borrow());
        let Some(def) = pick else {
            return self.error(span, format!("\"{full}\" is not a member template"));
        };
        let given = given.into_iter().map(Some).collect();
        let Some(args) = self.complete_args(def, given)? else {
            return self.error(
                span,
                format!("no instance of function template \"{full}\" matches the specified type"),
            );
        };
        let d = Declarator {
            name: Some(member),
            span,
            ty: ret,
            restrict: false,
            volatile: false,
            func: Some((params, variadic)),
            konst_fn: false,
            overrides: false,
            late: LateSpecs::default(),
        };
        let outer = std::mem::replace(
            &mut self.cxx.ns,
            crate::frontend::lookup::qualified_parts(&record.name.borrow())
                .into_iter()
                .map(str::to_string)
                .collect(),
        );
        let known = self.cxx.methods.len();
        let made = self.method(&record, &specs, d);
        self.cxx.ns = outer;
        made?;
        if self.cxx.methods.len() > known {
            if let Some(f) = self.cxx.methods.pop() {
                self.templates.specializations.push((def, args, f));
            }
        }
        Ok(())
    }
}
