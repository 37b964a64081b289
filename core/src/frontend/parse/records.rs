//! Struct, union, class and enum definitions: the specifier with its
//! attributes, the base clause, the member list (data members, bit-fields,
//! default member initializers; member functions are read by `members`),
//! the layout made once the body is read (`Layout::of_class`), and the
//! enumerators.

use super::*;

impl<'a> Parser<'a> {
    /// CUDA's and GCC's type attributes before a struct's name (and
    /// `__align__` among a declaration's specifiers):
    /// `__align__(16)`, `__builtin_align__(16)`, `__attribute__((aligned(16)))`,
    /// `alignas(16)`, `__device_builtin__`. Returns the alignment asked for (0: none).
    pub(super) fn type_attributes(&mut self) -> PResult<u64> {
        Ok(self.type_attributes_packed()?.0)
    }

    /// [`Parser::type_attributes`], and whether GCC's `packed` was among
    /// them (`__attribute__((packed))`, `__attribute__((__packed__))`).
    /// Other GCC attributes without an effect on code (`unused`,
    /// `deprecated`, `visibility(…)`, `may_alias`, …) are read and dropped.
    pub(super) fn type_attributes_packed(&mut self) -> PResult<(u64, bool)> {
        let mut align = 0;
        let mut packed = false;
        loop {
            if self.eat("__device_builtin__") {
                continue;
            }
            // `struct alignas(16) S`, `struct alignas(T) S`.
            if self.at("alignas") && self.peek_at(1).is_some_and(|t| t.is("(")) {
                let span = self.span();
                self.pos += 1;
                align = align.max(self.alignas_argument(span)?);
                continue;
            }
            let gnu = self.at("__attribute__");
            if !(gnu || self.at("__align__") || self.at("__builtin_align__")) {
                return Ok((align, packed));
            }
            self.pos += 1;
            self.expect("(")?;
            if gnu {
                self.expect("(")?;
                // `__attribute__((packed, aligned(4)))`: a list.
                loop {
                    if self.eat(")") {
                        self.expect(")")?;
                        break;
                    }
                    let (word, span) = self.ident()?;
                    match word.trim_matches('_') {
                        "aligned" => {
                            self.expect("(")?;
                            let span = self.span();
                            let e = self.conditional()?;
                            match self.const_value(&e) {
                                Some(n) if n > 0 && (n as u64).is_power_of_two() => {
                                    align = align.max(n as u64)
                                }
                                _ => return self.error(span, "alignment must be a power of two"),
                            }
                            self.expect(")")?;
                        }
                        "packed" => packed = true,
                        "unused" | "used" | "deprecated" | "visibility" | "may_alias"
                        | "device_builtin" | "warn_unused_result" | "nodebug" => {
                            if self.at("(") {
                                self.skip_parens();
                            }
                        }
                        _ => {
                            return self
                                .error(span, format!("attribute \"{word}\" is not supported"))
                        }
                    }
                    if !self.at(")") {
                        self.expect(",")?;
                    }
                }
                continue;
            }
            let span = self.span();
            let e = self.conditional()?;
            match self.const_value(&e) {
                Some(n) if n > 0 && (n as u64).is_power_of_two() => align = align.max(n as u64),
                _ => return self.error(span, "alignment must be a power of two"),
            }
            self.expect(")")?;
        }
    }

    /// `struct|union [attributes] [name] [{ members }]`.
    pub(super) fn record_specifier(&mut self) -> PResult<CType> {
        let kw = self.span();
        let is_union = self.at("union");
        let keyword = match self.peek() {
            Some(t) if t.is("class") => "class",
            _ if is_union => "union",
            _ => "struct",
        };
        self.pos += 1;
        let (min_align, packed) = self.type_attributes_packed()?;
        let mut name = match self.peek() {
            Some(t) if t.kind == TokKind::Ident && !is_keyword(&t.text) => {
                self.pos += 1;
                Some((t.text.to_string(), t.span()))
            }
            _ => None,
        };
        // `class thread::id { … };`: a nested class declared in its class
        // and defined after it; its body is read in the enclosing class's
        // scope, as if written there.
        let mut enclosing = None;
        if let Some((outer, span)) = name.clone().filter(|_| self.defines_nested_class()) {
            let found = self
                .candidates(&outer)
                .into_iter()
                .find(|c| matches!(self.tags.get(c), Some(CType::Record(_))));
            let Some(full) = found else {
                let msg = "name followed by \"::\" must be a class or namespace name";
                return self.error(span, msg);
            };
            let (inner, inner_span) = self.ident_after_scope();
            if !self.tags.contains_key(&format!("{full}::{inner}")) {
                let msg = format!("class \"{full}\" has no tag member named \"{inner}\"");
                return self.error(inner_span, msg);
            }
            let parts = crate::frontend::lookup::qualified_parts(&full);
            enclosing = Some(parts.into_iter().map(str::to_string).collect::<Vec<_>>());
            name = Some((inner, inner_span));
        }
        let defines = self.at("{")
            || name.is_some()
                && (self.at(":") && !self.peek_at(1).is_some_and(|t| t.is(":"))
                    || self.at("final"));
        if !defines {
            let Some((name, span)) = name else {
                return self.error(kw, "expected an identifier");
            };
            let found = self
                .candidates(&name)
                .into_iter()
                .find(|c| self.tags.contains_key(c));
            let name = found.unwrap_or_else(|| self.qualify(&name));
            return match self.tags.get(&name) {
                Some(CType::Record(r)) if r.is_union == is_union => Ok(CType::Record(r.clone())),
                Some(_) => self.error(span, format!("\"{name}\" is not a {keyword}")),
                None => {
                    // A forward declaration: incomplete until defined.
                    let t = CType::Record(std::rc::Rc::new(Record::new(&name, is_union)));
                    self.declare_tag(&name, &t);
                    Ok(t)
                }
            };
        }
        self.eat("final");
        let name = name.map(|(n, span)| match &enclosing {
            Some(parts) => (format!("{}::{n}", parts.join("::")), span),
            None => (self.qualify(&n), span),
        });
        let record = match &name {
            Some((n, span)) => match self.tags.get(n) {
                Some(CType::Record(r)) if r.is_union == is_union && r.layout().is_none() => {
                    r.clone()
                }
                Some(CType::Record(r)) if r.layout().is_some() => {
                    let msg = format!(
                        "class \"{n}\" has already been defined (previous definition at line {})",
                        r.defined_at.get()
                    );
                    return self.error(span.clone(), msg);
                }
                Some(_) => return self.error(span.clone(), format!("\"{n}\" is not a {keyword}")),
                None => {
                    let r = std::rc::Rc::new(Record::new(n, is_union));
                    self.set_enclosing(&r);
                    self.declare_tag(n, &CType::Record(r.clone()));
                    r
                }
            },
            None => std::rc::Rc::new(Record::new("", is_union)),
        };
        let bases = self.base_clause(&record)?;
        record
            .defined_at
            .set(name.as_ref().map_or(kw.line, |(_, s)| s.line));
        self.pos += 1; // `{`
        self.enter()?;
        let outer = self
            .cxx
            .ctor_name
            .replace(crate::frontend::lookup::last_part(&record.name.borrow()).to_string());
        // Names declared inside (nested structs, typedefs, static members)
        // are the struct's (`S::Inner`), and found from inside it.
        let scoped = !record.name.borrow().is_empty();
        let outer_ns = enclosing.map(|parts| std::mem::replace(&mut self.cxx.ns, parts));
        if scoped {
            let simple = self.cxx.ctor_name.clone().unwrap_or_default();
            self.cxx.ns.push(simple);
        }
        let members = self.members(&record, keyword == "class");
        if scoped {
            self.cxx.ns.pop();
        }
        if let Some(ns) = outer_ns {
            self.cxx.ns = ns;
        }
        self.cxx.ctor_name = outer;
        self.leave();
        let members = members?;
        // `struct S { … } __attribute__((packed));`: after the body too.
        let (after_align, after_packed) = if self.at("__attribute__") {
            self.type_attributes_packed()?
        } else {
            (0, false)
        };
        self.finish_class_packed(
            &record,
            &bases,
            members,
            min_align.max(after_align),
            packed || after_packed,
        );
        Ok(CType::Record(record))
    }

    /// At `::id {` (or `::id :` or `::id final`) after a class's name: the
    /// definition of a class nested in it.
    fn defines_nested_class(&self) -> bool {
        self.at("::")
            && self
                .peek_at(1)
                .is_some_and(|t| t.kind == TokKind::Ident && !is_keyword(&t.text))
            && self.peek_at(2).is_some_and(|t| {
                t.is("{")
                    || t.is("final")
                    || t.is(":") && !self.peek_at(3).is_some_and(|u| u.is(":"))
            })
    }

    /// Reads `:: name` (after [`Parser::defines_nested_class`] said it is there).
    fn ident_after_scope(&mut self) -> (String, Span) {
        let t = self.toks[self.pos + 1].clone();
        self.pos += 2;
        (t.text.to_string(), t.span())
    }

    /// Declares a tag by its full name (`N::S`).
    fn declare_tag(&mut self, name: &str, t: &CType) {
        self.tags.insert(name.to_string(), t.clone());
        // C++: the tag names the type without `struct` too.
        self.typedefs
            .entry(name.to_string())
            .or_insert_with(|| t.clone());
    }

    /// A struct's member declarations, up to and including the `}`
    /// (`private`: a `class`, whose members are private until a `public:`).
    pub(super) fn members(&mut self, record: &Rc<Record>, private: bool) -> PResult<Vec<Member>> {
        let outer = std::mem::replace(&mut self.in_class, true);
        let host = self.host_declarator;
        let members = self.member_list(record, private);
        self.in_class = outer;
        self.host_declarator = host;
        members
    }

    fn member_list(&mut self, record: &Rc<Record>, mut private: bool) -> PResult<Vec<Member>> {
        let mut members: Vec<Member> = Vec::new();
        let mut names: Vec<String> = Vec::new();
        while !self.eat("}") {
            self.host_declarator = false;
            self.local_names.clear();
            if self.at_eof() {
                let span = self.span();
                return self.error(span, "expected a \"}\"");
            }
            if self.eat(";") {
                continue;
            }
            let start = self.span();
            if ["public", "private", "protected"]
                .iter()
                .any(|w| self.at(w))
                && self.peek_at(1).is_some_and(|t| t.is(":"))
            {
                private = !self.at("public");
                self.pos += 2;
                continue;
            }
            if self.at("~") {
                self.destructor(record, None)?;
                continue;
            }
            let ctor = self.cxx.ctor_name.clone();
            let at_ctor = |p: &Self| {
                p.peek().is_some_and(|t| Some(&*t.text) == ctor.as_deref())
                    && p.peek_at(1).is_some_and(|t| t.is("("))
            };
            if self.at("using") {
                self.using()?;
                continue;
            }
            if self.at("static_assert") {
                self.static_assert()?;
                continue;
            }
            if self.at("friend") {
                self.friend()?;
                continue;
            }
            // `__host__ __device__ __forceinline__ friend int operator/(…)`:
            // the specifiers may come before `friend`.
            if self.friend_after_specifiers() {
                self.friend_declaration()?;
                continue;
            }
            if self.at("template") && self.peek_at(1).is_some_and(|t| t.is("<")) {
                self.member_template(record)?;
                continue;
            }
            if !self.starts_type() && !at_ctor(self) && !self.at("operator") {
                return self.error(start, "expected a member declaration");
            }
            let s = self.specifiers()?;
            // A member of the host may use rvalue references (`S(S &&o)`).
            self.host_declarator = self.exec_space(&s) == ExecSpace::Host && !s.constexpr;
            if s.ty.is_none() && at_ctor(self) {
                self.constructor(record, &s)?;
                continue;
            }
            if s.ty.is_none() && self.at("~") {
                self.destructor(record, Some(&s))?;
                continue;
            }
            if s.ty.is_none() && self.at("operator") {
                self.conversion(record, &s)?;
                continue;
            }
            let Some(base) = s.ty.clone() else {
                return self.error(start, "expected a type specifier");
            };
            if s.typedef || s.is_static && !self.function_follows() {
                self.member_declaration(&s, base)?;
                continue;
            }
            if s.storage.is_some() {
                return self.error(start, "only data members are supported in a struct");
            }
            if self.eat(";") {
                // An anonymous struct or union: its members belong to this one.
                if let CType::Record(r) = &base {
                    if r.name.borrow().is_empty() {
                        let inner: Vec<String> =
                            r.layout().map(|l| member_names(&l)).unwrap_or_default();
                        for n in inner {
                            if names.contains(&n) {
                                let msg = format!(
                                    "\"{n}\" has already been declared in the current scope"
                                );
                                return self.error(start, msg);
                            }
                            names.push(n);
                        }
                        members.push((String::new(), base, None, 0));
                    }
                }
                continue;
            }
            let mut is_method = false;
            loop {
                let d = self.declarator(base.clone(), s.konst, s.volatile)?;
                if d.func.is_some() {
                    self.method(record, &s, d)?;
                    is_method = true;
                    break;
                }
                let width = if self.eat(":") {
                    Some(self.bit_width(&d)?)
                } else {
                    None
                };
                let Some(name) = d.name.or_else(|| width.map(|_| String::new())) else {
                    return self.error(d.span, "expected an identifier");
                };
                if width.is_some() {
                    if !name.is_empty() && names.contains(&name) {
                        let msg =
                            format!("\"{name}\" has already been declared in the current scope");
                        return self.error(d.span, msg);
                    }
                    names.push(name.clone());
                    members.push((name, d.ty, width, 0));
                    if !self.eat(",") {
                        break;
                    }
                    continue;
                }
                if names.contains(&name) {
                    let msg = format!("\"{name}\" has already been declared in the current scope");
                    return self.error(d.span, msg);
                }
                // `char map[256] __attribute__((aligned(16)));`: GCC's
                // attribute after the declarator aligns this member alone.
                let (after, packed) = self.type_attributes_packed()?;
                if packed {
                    return self.error(d.span, "a packed member is not supported");
                }
                let asked = s.align.max(after);
                if d.ty.size().is_none() || matches!(d.ty, CType::Array(_, 0)) {
                    return self.error(
                        d.span,
                        format!("incomplete type \"{}\" is not allowed", d.ty),
                    );
                }
                names.push(name.clone());
                members.push((name.clone(), d.ty, None, asked));
                // A default member initializer (`int n = 0;`, `float w{1};`).
                if self.eat("=") || self.at("{") {
                    let init = self.initializer()?;
                    record.member_inits.borrow_mut().push((name, init));
                    record.non_pod.set(true);
                }
                if private {
                    record.non_pod.set(true);
                }
                if !self.eat(",") {
                    break;
                }
            }
            if !is_method {
                self.expect(";")?;
            }
        }
        Ok(members)
    }

    /// The width after `:` of a bit-field declared by `d`.
    fn bit_width(&mut self, d: &Declarator) -> PResult<u32> {
        let span = self.span();
        let e = self.conditional()?;
        if !d.ty.is_integer() {
            return self.error(d.span.clone(), "invalid type for a bit field");
        }
        if d.ty == CType::Bool {
            return self.error(d.span.clone(), "bool bit-fields are not supported yet");
        }
        let bits = d.ty.size().unwrap_or(4) * 8;
        match self.const_value(&e) {
            Some(w) if w < 0 => self.error(span, "bit field width must be positive"),
            Some(w) if w as u64 > bits => self.error(
                span,
                format!("bit field size ({w}) is larger than the size of its type ({bits})"),
            ),
            Some(0) if d.name.is_some() => {
                self.error(span, "a named bit field must have a positive width")
            }
            Some(w) => Ok(w as u32),
            None => self.error(span, "expression must have a constant value"),
        }
    }

    /// `enum [name] [: type] [{ A, B = 2, … }]`.
    pub(super) fn enum_specifier(&mut self) -> PResult<CType> {
        let kw = self.span();
        self.pos += 1;
        let scoped = self.eat("class") || self.eat("struct");
        let name = match self.peek() {
            Some(t) if t.kind == TokKind::Ident && !is_keyword(&t.text) => {
                self.pos += 1;
                Some((t.text.to_string(), t.span()))
            }
            _ => None,
        };
        if scoped && name.is_none() {
            return self.error(kw, "expected an identifier");
        }
        let mut underlying = IntKind::Int;
        if self.eat(":") {
            let span = self.span();
            match self.type_name()? {
                CType::Int(k) => underlying = k,
                CType::Bool => underlying = IntKind::UChar,
                _ => {
                    return self.error(
                        span,
                        "the underlying type of an enumeration must be integral",
                    )
                }
            }
        }
        let simple = name.as_ref().map(|(n, _)| n.clone());
        let name = name.map(|(n, span)| {
            let full = if self.at("{") {
                None
            } else {
                self.candidates(&n)
                    .into_iter()
                    .find(|c| self.tags.contains_key(c))
            };
            (full.unwrap_or_else(|| self.qualify(&n)), span)
        });
        let existing = name.as_ref().and_then(|(n, _)| self.tags.get(n).cloned());
        let ty = match (&existing, &name) {
            (Some(t @ CType::Enum(_)), _) => t.clone(),
            (Some(_), Some((n, span))) => {
                return self.error(span.clone(), format!("\"{n}\" is not an enum"))
            }
            _ => {
                let t = CType::Enum(std::rc::Rc::new(EnumType {
                    name: std::cell::RefCell::new(
                        name.as_ref().map(|(n, _)| n.clone()).unwrap_or_default(),
                    ),
                    underlying,
                    scoped,
                }));
                if let Some((n, _)) = &name {
                    self.declare_tag(n, &t);
                }
                t
            }
        };
        if !self.eat("{") {
            if name.is_none() {
                return self.error(kw, "expected an identifier");
            }
            return Ok(ty);
        }
        // A scoped enumeration's enumerators are named in it (`E::A`).
        let depth = self.cxx.ns.len();
        if scoped {
            self.cxx.ns.extend(simple);
        }
        // An unscoped one's are named in it too (`dir::x` beside `x`).
        let also = name.as_ref().filter(|_| !scoped).map(|(n, _)| n.clone());
        let body = self.enumerators_body(&ty, also.as_deref());
        self.cxx.ns.truncate(depth);
        body?;
        Ok(ty)
    }

    fn enumerators_body(&mut self, ty: &CType, also_in: Option<&str>) -> PResult<()> {
        let mut next = 0i64;
        while !self.eat("}") {
            let (ename, span) = self.ident()?;
            let value = if self.eat("=") {
                let vspan = self.span();
                let e = self.conditional()?;
                match self.const_value(&e) {
                    Some(v) => v,
                    None => return self.error(vspan, "expression must have a constant value"),
                }
            } else {
                next
            };
            let ename = self.qualify(&ename);
            if self.enumerators.contains_key(&ename) || self.typedefs.contains_key(&ename) {
                let short = ename.rsplit("::").next().unwrap_or_default();
                let msg = format!("\"{short}\" has already been declared in the current scope");
                return self.error(span, msg);
            }
            if let Some(e) = also_in {
                let short = crate::frontend::lookup::last_part(&ename);
                self.enumerators
                    .entry(format!("{e}::{short}"))
                    .or_insert_with(|| (value, ty.clone()));
            }
            self.enumerators.insert(ename, (value, ty.clone()));
            next = value.wrapping_add(1);
            if !self.eat(",") {
                self.expect("}")?;
                break;
            }
        }
        Ok(())
    }

    /// A class's base classes (`: public Base, private Other<int>`), after
    /// its name, each a complete class; they become the record's bases
    /// (laid out by `finish_class`) and scopes of its names
    /// (`Lookup::bases`). A virtual base is not supported yet in device
    /// code (`Record::unsupported`).
    pub(super) fn base_clause(&mut self, record: &Rc<Record>) -> PResult<Vec<Rc<Record>>> {
        let mut bases = Vec::new();
        if !self.eat(":") {
            return Ok(bases);
        }
        loop {
            let mut is_virtual = false;
            loop {
                if self.eat("virtual") {
                    is_virtual = true;
                } else if !["public", "private", "protected"]
                    .iter()
                    .any(|w| self.eat(w))
                {
                    break;
                }
            }
            let span = self.span();
            let starts_name = self
                .peek()
                .is_some_and(|t| t.kind == TokKind::Ident && !is_keyword(&t.text) || t.is("::"));
            let ty = if starts_name {
                self.specifiers()?.ty
            } else {
                None
            };
            match ty {
                Some(CType::Record(b)) if b.is_union => {
                    return self.error(span, "a class cannot derive from a union");
                }
                Some(CType::Record(b)) if b.layout().is_some() => {
                    if is_virtual {
                        record.unsupported.replace(Some(format!(
                            "virtual base classes are not supported yet in device code (class \"{}\")",
                            record.name.borrow()
                        )));
                    } else if let Some(why) = b.unsupported.borrow().clone() {
                        record.unsupported.replace(Some(why));
                    }
                    bases.push(b);
                }
                Some(t @ CType::Record(_)) => {
                    return self.error(span, format!("incomplete type \"{t}\" is not allowed"));
                }
                Some(_) => return self.error(span, "not a class or struct name"),
                None => return self.error(span, "expected an identifier"),
            }
            if !self.eat(",") {
                break;
            }
        }
        let name = record.name.borrow().clone();
        if !name.is_empty() {
            let names = bases.iter().map(|b| b.name.borrow().clone()).collect();
            self.cxx
                .lookup
                .classes
                .borrow_mut()
                .bases
                .insert(name, names);
        }
        Ok(bases)
    }

    /// Lays out a class whose body was read (see `Layout::of_class`).
    pub(super) fn finish_class(
        &mut self,
        record: &Rc<Record>,
        bases: &[Rc<Record>],
        members: Vec<Member>,
        min_align: u64,
    ) {
        self.finish_class_packed(record, bases, members, min_align, false)
    }

    /// [`Parser::finish_class`], `packed` as GCC's attribute says.
    pub(super) fn finish_class_packed(
        &mut self,
        record: &Rc<Record>,
        bases: &[Rc<Record>],
        members: Vec<Member>,
        min_align: u64,
        packed: bool,
    ) {
        let mut members = members;
        if !record.is_union {
            self.make_vtable(record, bases, &mut members);
        }
        let member_pod = |t: &CType| match t {
            CType::Record(r) => r.layout().is_none_or(|l| l.pod),
            CType::Array(..) => {
                let mut t = t;
                while let CType::Array(e, _) = t {
                    t = e;
                }
                !matches!(t, CType::Record(r) if r.layout().is_some_and(|l| !l.pod))
            }
            CType::Ref { .. } => false,
            _ => true,
        };
        let pod = bases.is_empty()
            && !record.non_pod.get()
            && members.iter().all(|(_, t, _, _)| member_pod(t));
        *record.layout.borrow_mut() = Some(Rc::new(Layout::of_class_packed(
            bases,
            members,
            record.is_union,
            min_align,
            pod,
            packed,
        )));
    }
}

impl Parser<'_> {
    /// A class's virtual function table, when it or its primary base
    /// declares virtual functions: its primary base's slots, each overridden
    /// by a function of this class of that name and signature, then its own
    /// new virtual functions in declaration order (a virtual destructor as
    /// two slots, `D1` and `D0`). A class that starts a table gets the vptr
    /// as its first member; its table is a device variable
    /// (`TranslationUnit::globals`, `GlobalVar::vtable`).
    fn make_vtable(
        &mut self,
        record: &Rc<Record>,
        bases: &[Rc<Record>],
        members: &mut Vec<Member>,
    ) {
        let declared = record.declared.take();
        let primary = bases.first().and_then(|b| b.vtable());
        if primary.is_none() && !declared.iter().any(|(_, v)| *v) {
            return;
        }
        let name = record.name.borrow().clone();
        let unsupported = |why: &str| {
            record
                .unsupported
                .replace(Some(format!("{why} (class \"{name}\")")));
        };
        if bases.iter().skip(1).any(|b| b.vtable().is_some()) {
            return unsupported(
                "virtual functions in a base class other than the first are not supported yet",
            );
        }
        if primary.is_none() && bases.iter().any(|b| b.layout().is_some_and(|l| !l.empty)) {
            return unsupported("virtual functions in a class whose bases have no virtual functions are not supported yet");
        }
        record.non_pod.set(true);
        let mut slots = primary.as_ref().map_or(Vec::new(), |p| p.slots.clone());
        let mut dtor_virtual = primary.as_ref().is_some_and(|p| p.dtor.is_some());
        let d1 = crate::frontend::mangle::destructor_symbol(record, "D1");
        let d0 = crate::frontend::mangle::destructor_symbol(record, "D0");
        let own_dtor = |slots: &mut Vec<VSlot>, device: bool| {
            for (kind, symbol) in [("~D1", &d1), ("~D0", &d0)] {
                let slot = VSlot {
                    name: kind.into(),
                    params: Vec::new(),
                    konst: false,
                    symbol: Some(symbol.clone()),
                    device,
                };
                match slots.iter_mut().find(|s| s.name == kind) {
                    Some(s) => *s = slot,
                    None => slots.push(slot),
                }
            }
        };
        let mut dtor_declared = false;
        for (m, is_virtual) in declared {
            if m.name == "~" {
                dtor_declared = true;
                if is_virtual || dtor_virtual {
                    dtor_virtual = true;
                    own_dtor(&mut slots, m.device);
                }
                continue;
            }
            match slots
                .iter_mut()
                .find(|s| s.name == m.name && s.params == m.params && s.konst == m.konst)
            {
                Some(s) => *s = m,
                None if is_virtual => slots.push(m),
                None => {}
            }
        }
        if dtor_virtual && !dtor_declared {
            // The implicit destructor overrides the base's.
            own_dtor(&mut slots, true);
        }
        if slots.iter().any(|s| !s.device) {
            return unsupported("virtual functions of host code are not supported in device code");
        }
        if primary.is_none() {
            let vptr = CType::Ptr {
                pointee: Box::new(CType::Void),
                konst: false,
                volatile: false,
            };
            members.insert(0, ("__vptr".into(), vptr, None, 0));
        }
        let symbol = crate::frontend::mangle::vtable_symbol(record);
        let base_d1 = primary
            .as_ref()
            .and_then(|p| p.dtor.as_ref())
            .map(|d| d.0.clone());
        let table = Rc::new(VTable {
            symbol: symbol.clone(),
            slots,
            dtor: dtor_virtual.then(|| (d1.clone(), d0.clone(), base_d1)),
        });
        // Pointers, as nvcc's `.u64` array of function symbols.
        let word = CType::ptr_to(CType::Void);
        let n = table.slots.len() as u64 + VTable::HEADER / 8;
        let mut init_values = Vec::new();
        let mut init_functions = Vec::new();
        for k in 0..n {
            init_values.push((8 * k, word.clone(), Scalar::Int(0)));
        }
        for (k, s) in table.slots.iter().enumerate() {
            if let Some(f) = &s.symbol {
                init_functions.push((VTable::HEADER + 8 * k as u64, f.clone()));
            }
        }
        let span = self.span();
        let span_of_class = span.clone();
        self.push_global(GlobalVar {
            name: symbol.clone(),
            source_name: symbol,
            ty: CType::Array(Box::new(word), n),
            storage: Storage::Device,
            init: None,
            init_values,
            init_functions,
            external: false,
            span,
            align: 8,
            volatile: false,
            vtable: Some(table.clone()),
        });
        record.vtable.replace(Some(table.clone()));
        // The destructors the table names: sema gives them their bodies
        // (`Checker::destructor_body`).
        if let Some((d1, d0, _)) = &table.dtor {
            let specs = Specs {
                device: true,
                ..Specs::default()
            };
            let simple = crate::frontend::lookup::last_part(&name).to_string();
            for symbol in [d1, d0] {
                let body = Stmt {
                    kind: StmtKind::Compound(Vec::new()),
                    span: span_of_class.clone(),
                };
                let in_class = std::mem::replace(&mut self.in_class, true);
                self.push_method(
                    record,
                    &format!("~{simple}"),
                    CType::Void,
                    Vec::new(),
                    false,
                    &specs,
                    span_of_class.clone(),
                    false,
                    Some(body),
                );
                self.in_class = in_class;
                if let Some(f) = self.cxx.methods.last_mut() {
                    f.symbol = Some(symbol.clone());
                }
            }
        }
    }
}

/// Every member name a struct makes visible (those of anonymous members too).
fn member_names(l: &Layout) -> Vec<String> {
    let mut out = Vec::new();
    for f in l.fields.iter().filter(|f| !f.base) {
        if !f.name.is_empty() {
            out.push(f.name.clone());
        } else if let CType::Record(r) = &f.ty {
            if let Some(inner) = r.layout() {
                out.extend(member_names(&inner));
            }
        }
    }
    out
}
