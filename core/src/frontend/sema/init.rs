//! Sema's initializer lists: an initializer for an object flattened to the
//! values of its scalars with their byte offsets (`(offset, value)`, in
//! memory order, each converted to its type, zeros for what the list leaves
//! out). The list is first read into a tree shaped like the type
//! (`InitTree`), which resolves brace elision and designators (`.x =`,
//! `[2] =`); the tree is then laid out at the sub-objects' offsets.

use super::*;

/// The most scalars an initializer list may give values (or zeros) to.
const MAX_INIT_SCALARS: u64 = 1 << 20;

/// A zero of a scalar type.
pub(super) fn zero(t: &CType, span: &Span) -> Expr {
    let kind = if t.is_float() {
        ExprKind::FloatLit(0.0)
    } else {
        ExprKind::IntLit(0)
    };
    mk(kind, span.clone(), t.clone())
}

/// Zeros for every scalar of an object of type `t` at byte offset `base`.
fn zero_fill(t: &CType, base: u64, span: &Span, out: &mut Vec<(u64, Expr)>) {
    let mut parts = Vec::new();
    t.scalar_parts(base, &mut parts);
    out.extend(parts.into_iter().map(|(off, ty)| (off, zero(&ty, span))));
}

/// Zeros for the bytes `[from, to)`, in the widest aligned integers.
fn zero_bytes(from: u64, to: u64, span: &Span, out: &mut Vec<(u64, Expr)>) {
    let mut off = from;
    while off < to {
        let mut w = 8;
        while off + w > to || !off.is_multiple_of(w) {
            w /= 2;
        }
        let kind = match w {
            1 => IntKind::UChar,
            2 => IntKind::UShort,
            4 => IntKind::UInt,
            _ => IntKind::ULongLong,
        };
        out.push((off, zero(&CType::Int(kind), span)));
        off += w;
    }
}

/// One object's initializer, structured like its type: brace elision and
/// designators resolved, conversions made.
#[derive(Clone)]
pub(super) enum InitTree {
    /// Not initialized by the list: zero.
    Zero,
    /// A scalar's value, or a whole struct given by one expression.
    Value(Expr),
    /// The elements of an array or the members of a struct, in order
    /// (missing trailing ones are zero).
    Parts(Vec<InitTree>),
    /// A union: the member initialized (index) and its initializer.
    Union(usize, Box<InitTree>),
}

/// An initializer list item: as written, or already typed (an expression
/// looked at for brace elision and handed to the next sub-object).
pub(super) enum Item {
    Raw(Initializer),
    Typed(Expr),
}

/// The sub-objects of an aggregate: (type, offset) of element or member
/// `k`, how many there are (`None`: an array of unknown size), and whether
/// it is a union.
fn sub_object(t: &CType, k: usize) -> Option<(CType, u64)> {
    match t {
        CType::Array(e, n) if *n == 0 || (k as u64) < *n => {
            Some(((**e).clone(), k as u64 * e.size().unwrap_or(0)))
        }
        CType::Record(r) => {
            let l = r.layout()?;
            l.fields.get(k).map(|f| (f.ty.clone(), f.offset))
        }
        _ => None,
    }
}

/// The bits of member `k` of a struct when it is a bit-field.
fn bitfield_at(t: &CType, k: usize) -> Option<(u32, u32)> {
    match t {
        CType::Record(r) if !r.is_union => r.layout()?.fields.get(k)?.bits,
        _ => None,
    }
}

fn sub_count(t: &CType) -> Option<usize> {
    match t {
        CType::Array(_, 0) => None,
        CType::Array(_, n) => Some(usize::try_from(*n).unwrap_or(usize::MAX)),
        CType::Record(r) => Some(r.layout().map_or(0, |l| l.fields.len())),
        _ => Some(0),
    }
}

fn is_aggregate(t: &CType) -> bool {
    matches!(t, CType::Array(..) | CType::Record(_))
}

impl<'a> Checker<'a> {
    /// Flattens an initializer for an object of type `ty` into the values
    /// of its scalars with their byte offsets, in memory order, each
    /// converted to its type; what the initializer leaves out is zero (a
    /// struct given by one expression stays one value, copied whole). An
    /// array of unknown size (`T x[]`) takes its size from the list.
    /// Returns the completed type and the values.
    pub(super) fn initializer_elements(
        &mut self,
        init: Initializer,
        ty: &CType,
    ) -> (CType, Vec<(u64, Expr)>) {
        let span = match &init {
            Initializer::Expr(e) => e.span.clone(),
            Initializer::List(_, s) | Initializer::Designated(_, _, s) => s.clone(),
        };
        // Each scalar becomes an expression and a store: refuse the absurd.
        if matches!(init, Initializer::List(..)) && ty.scalar_count() > MAX_INIT_SCALARS {
            let msg = format!(
                "an initializer list for an object of more than {MAX_INIT_SCALARS} scalars is not supported"
            );
            self.err(&span, msg);
            return (ty.clone(), Vec::new());
        }
        let tree = self.init_tree(Item::Raw(init), ty);
        let ty = match (ty, &tree) {
            (CType::Array(elem, 0), InitTree::Parts(parts)) => {
                CType::Array(elem.clone(), (parts.len() as u64).max(1))
            }
            (t, _) => t.clone(),
        };
        let mut out = Vec::new();
        self.emit_init(tree, &ty, 0, &span, &mut out);
        (ty, out)
    }

    /// The initializer tree of one object from one item (a list, or one
    /// expression).
    pub(super) fn init_tree(&mut self, item: Item, ty: &CType) -> InitTree {
        let e = match item {
            Item::Raw(Initializer::List(items, span)) => {
                if !is_aggregate(ty) {
                    // `int x = {5};`, `int y = {};`
                    let mut items = items.into_iter();
                    let first = items.next();
                    if items.next().is_some() {
                        self.err(&span, "too many initializer values");
                    }
                    return match first {
                        Some(Initializer::Designated(_, _, s)) => {
                            self.err(&s, "a designator cannot be used with a non-aggregate type");
                            InitTree::Zero
                        }
                        Some(i) => self.init_tree(Item::Raw(i), ty),
                        None => InitTree::Zero,
                    };
                }
                let mut queue: std::collections::VecDeque<Item> =
                    items.into_iter().map(Item::Raw).collect();
                let tree = self.aggregate_tree(&mut queue, ty, true, &span);
                if !queue.is_empty() {
                    self.err(&span, "too many initializer values");
                }
                return tree;
            }
            Item::Raw(Initializer::Designated(_, _, span)) => {
                self.err(&span, "a designator is only allowed in a braced list");
                return InitTree::Zero;
            }
            Item::Raw(Initializer::Expr(e)) => self.rvalue_for(e, ty),
            Item::Typed(e) => e,
        };
        if ty.is_scalar() {
            return InitTree::Value(self.assign_convert(e, ty, "initialize an entity"));
        }
        if ty.is_record() {
            return InitTree::Value(self.assign_convert(e, ty, "initialize an entity"));
        }
        let msg = format!(
            "initialization of an object of type \"{ty}\" with an expression is not supported"
        );
        self.err(&e.span, msg);
        InitTree::Zero
    }

    /// The members (or elements) of an aggregate from the items of a list.
    /// With `braced` the list is the aggregate's own; otherwise braces were
    /// elided and the aggregate takes what it needs, leaving the rest (and
    /// any designator, which belongs to the enclosing list) to its parent.
    fn aggregate_tree(
        &mut self,
        items: &mut std::collections::VecDeque<Item>,
        ty: &CType,
        braced: bool,
        span: &Span,
    ) -> InitTree {
        let is_union = matches!(ty, CType::Record(r) if r.is_union);
        let mut parts: Vec<InitTree> = match sub_count(ty) {
            Some(n) if n <= 4096 => vec![InitTree::Zero; n],
            _ => Vec::new(),
        };
        let mut member = 0;
        let mut k = self.fill_parts(&mut parts, &mut member, ty, 0, items, span);
        while braced && !items.is_empty() {
            match items.front() {
                Some(Item::Raw(Initializer::Designated(..))) => {
                    let Some(Item::Raw(Initializer::Designated(path, value, dspan))) =
                        items.pop_front()
                    else {
                        break;
                    };
                    let old = InitTree::Parts(std::mem::take(&mut parts));
                    let old = if is_union {
                        InitTree::Union(member, Box::new(old))
                    } else {
                        old
                    };
                    let (tree, next) =
                        self.designated_tree(old, ty, &path, *value, &dspan, items, true);
                    match tree {
                        InitTree::Parts(p) => parts = p,
                        InitTree::Union(m, t) => {
                            member = m;
                            parts = vec![InitTree::Zero; m + 1];
                            parts[m] = *t;
                        }
                        _ => {}
                    }
                    k = next;
                }
                Some(_) => {
                    let full = sub_count(ty).is_some_and(|n| k >= n) || (is_union && k >= 1);
                    if full {
                        self.err(span, "too many initializer values");
                        items.clear();
                        break;
                    }
                    k = self.fill_parts(&mut parts, &mut member, ty, k, items, span);
                }
                None => break,
            }
        }
        if is_union {
            let tree = parts
                .get_mut(member)
                .map_or(InitTree::Zero, |t| std::mem::replace(t, InitTree::Zero));
            return InitTree::Union(member, Box::new(tree));
        }
        InitTree::Parts(parts)
    }

    /// Fills the sub-objects of an aggregate from `k` on, in order, with
    /// the plain items at the front of the queue, until the aggregate is
    /// full or a designator comes. Returns the next position.
    fn fill_parts(
        &mut self,
        parts: &mut Vec<InitTree>,
        member: &mut usize,
        ty: &CType,
        mut k: usize,
        items: &mut std::collections::VecDeque<Item>,
        span: &Span,
    ) -> usize {
        let is_union = matches!(ty, CType::Record(r) if r.is_union);
        while let Some(front) = items.front() {
            if matches!(front, Item::Raw(Initializer::Designated(..))) {
                break;
            }
            if sub_count(ty).is_some_and(|n| k >= n) || (is_union && k >= 1) {
                break;
            }
            let Some((sub_ty, _)) = sub_object(ty, k) else {
                break;
            };
            let item = items.pop_front().expect("front exists");
            let tree = match item {
                Item::Raw(Initializer::Expr(e)) if is_aggregate(&sub_ty) => {
                    let e = self.rvalue(e);
                    self.elided(e, &sub_ty, items, span)
                }
                Item::Typed(e) if is_aggregate(&sub_ty) => self.elided(e, &sub_ty, items, span),
                item => self.init_tree(item, &sub_ty),
            };
            if parts.len() <= k {
                parts.resize(k + 1, InitTree::Zero);
            }
            parts[k] = tree;
            *member = k;
            k += 1;
        }
        k
    }

    /// An expression met where a sub-aggregate begins: the whole struct when
    /// it has the struct's type, else the first scalar of the sub-aggregate
    /// (brace elision), which takes the items after it as needed.
    fn elided(
        &mut self,
        e: Expr,
        sub_ty: &CType,
        items: &mut std::collections::VecDeque<Item>,
        span: &Span,
    ) -> InitTree {
        if e.ty == *sub_ty {
            return InitTree::Value(e);
        }
        items.push_front(Item::Typed(e));
        self.aggregate_tree(items, sub_ty, false, span)
    }

    /// Where the first designator of a path points in an aggregate.
    fn designator_index(&mut self, ty: &CType, d: &Designator, span: &Span) -> Option<usize> {
        match (ty, d) {
            (CType::Array(_, n), Designator::Index(i)) => {
                if *n != 0 && i >= n {
                    self.err(span, "array index out of range in designator");
                    return None;
                }
                usize::try_from(*i)
                    .ok()
                    .filter(|i| *i <= 1 << 24)
                    .or_else(|| {
                        self.err(span, "array index out of range in designator");
                        None
                    })
            }
            (CType::Record(r), Designator::Field(name)) => {
                let found = r
                    .layout()
                    .and_then(|l| l.fields.iter().position(|f| f.name == *name));
                if found.is_none() {
                    let msg = format!("class \"{ty}\" has no member \"{name}\"");
                    self.err(span, msg);
                }
                found
            }
            (CType::Record(_), Designator::Index(_)) => {
                self.err(span, "an array designator is not allowed for a struct");
                None
            }
            (_, Designator::Field(name)) => {
                let msg =
                    format!("a member designator (\".{name}\") is not allowed for type \"{ty}\"");
                self.err(span, msg);
                None
            }
            (_, Designator::Index(_)) => {
                let msg = format!("an array designator is not allowed for type \"{ty}\"");
                self.err(span, msg);
                None
            }
        }
    }

    /// Applies a designator path to the tree of an aggregate: the value goes
    /// to the sub-object the path names; then, as in C, the plain items after
    /// it fill the sub-objects that follow it, innermost aggregate first
    /// (`.tags[2] = 7, 8` sets `tags[3]` to 8). Returns the new tree and, for
    /// the outermost aggregate (`top`), the position after the path's first step.
    #[allow(clippy::too_many_arguments)]
    fn designated_tree(
        &mut self,
        old: InitTree,
        ty: &CType,
        path: &[Designator],
        value: Initializer,
        span: &Span,
        items: &mut std::collections::VecDeque<Item>,
        top: bool,
    ) -> (InitTree, usize) {
        let Some(first) = path.first() else {
            return (self.init_tree(Item::Raw(value), ty), 0);
        };
        let Some(k) = self.designator_index(ty, first, span) else {
            return (old, 0);
        };
        let Some((sub_ty, _)) = sub_object(ty, k) else {
            return (old, 0);
        };
        let is_union = matches!(ty, CType::Record(r) if r.is_union);
        let (mut parts, mut member) = match old {
            InitTree::Parts(p) => (p, k),
            InitTree::Union(m, t) if m == k => (
                {
                    let mut p = vec![InitTree::Zero; k + 1];
                    p[k] = *t;
                    p
                },
                k,
            ),
            _ => (Vec::new(), k),
        };
        if parts.len() <= k {
            parts.resize(k + 1, InitTree::Zero);
        }
        let inner = std::mem::replace(&mut parts[k], InitTree::Zero);
        parts[k] = if path.len() == 1 {
            self.init_tree(Item::Raw(value), &sub_ty)
        } else {
            self.designated_tree(inner, &sub_ty, &path[1..], value, span, items, false)
                .0
        };
        let next = if top {
            k + 1
        } else {
            self.fill_parts(&mut parts, &mut member, ty, k + 1, items, span)
        };
        let tree = if is_union {
            let at = member.min(parts.len() - 1);
            let t = std::mem::replace(&mut parts[at], InitTree::Zero);
            InitTree::Union(member, Box::new(t))
        } else {
            InitTree::Parts(parts)
        };
        (tree, next)
    }

    /// The values of an initializer tree for an object of type `ty` at byte
    /// offset `base`, in memory order, zeros where the tree has none.
    fn emit_init(
        &mut self,
        tree: InitTree,
        ty: &CType,
        base: u64,
        span: &Span,
        out: &mut Vec<(u64, Expr)>,
    ) {
        match tree {
            InitTree::Zero => match self.value_init_tree(ty, span) {
                Some(tree) => self.emit_init(tree, ty, base, span, out),
                None => zero_fill(ty, base, span, out),
            },
            InitTree::Value(e) => out.push((base, e)),
            InitTree::Parts(parts) => {
                let n = sub_count(ty).unwrap_or(parts.len());
                let mut parts = parts.into_iter();
                // Bit-fields sharing a unit give it one value: their bits or'ed.
                let mut units: Vec<(usize, u64, CType)> = Vec::new();
                for k in 0..n {
                    let Some((sub_ty, off)) = sub_object(ty, k) else {
                        break;
                    };
                    let t = parts.next().unwrap_or(InitTree::Zero);
                    // A member the list leaves out: its default member
                    // initializer (C++14), or what its class makes.
                    let t = match (t, ty) {
                        (InitTree::Zero, CType::Record(r)) if !r.is_union => {
                            let this = self
                                .init_target
                                .clone()
                                .map(|o| self.object_at(&o, base, ty, span));
                            self.left_out_member(r, k, this, span)
                                .unwrap_or(InitTree::Zero)
                        }
                        (t, _) => t,
                    };
                    if let Some((bit, width)) = bitfield_at(ty, k) {
                        let unit_ty = match &sub_ty {
                            CType::Int(k) => CType::Int(k.to_unsigned()),
                            CType::Enum(e) => CType::Int(e.underlying.to_unsigned()),
                            _ => CType::UINT,
                        };
                        let at = base + off;
                        let size = unit_ty.size().unwrap_or(4);
                        // A unit overlapping one met before (of another
                        // type) is within it, or contains it: one value.
                        let found = units.iter().position(|(_, o, t)| {
                            let osize = t.size().unwrap_or(4);
                            at < o + osize && *o < at + size
                        });
                        let (slot, shift, uty) = match found {
                            Some(u) => {
                                let (slot, o, t) = units[u].clone();
                                let osize = t.size().unwrap_or(4);
                                if osize >= size {
                                    (slot, (at - o) * 8, t)
                                } else {
                                    // Widen the earlier unit to this one.
                                    let prev =
                                        std::mem::replace(&mut out[slot].1, zero(&unit_ty, span));
                                    let lit = mk(
                                        ExprKind::IntLit((o - at) * 8),
                                        span.clone(),
                                        unit_ty.clone(),
                                    );
                                    out[slot] = (
                                        at,
                                        mk(
                                            ExprKind::Binary(
                                                BinOp::Shl,
                                                Box::new(convert(prev, &unit_ty)),
                                                Box::new(lit),
                                            ),
                                            span.clone(),
                                            unit_ty.clone(),
                                        ),
                                    );
                                    units[u] = (slot, at, unit_ty.clone());
                                    (slot, 0, unit_ty.clone())
                                }
                            }
                            None => {
                                out.push((at, zero(&unit_ty, span)));
                                units.push((out.len() - 1, at, unit_ty.clone()));
                                (out.len() - 1, 0, unit_ty.clone())
                            }
                        };
                        if let InitTree::Value(v) = t {
                            let lit =
                                |v: i64| mk(ExprKind::IntLit(v as u64), span.clone(), uty.clone());
                            let mask = if width >= 64 { -1 } else { (1i64 << width) - 1 };
                            let bin = |op, a: Expr, b: Expr| {
                                mk(
                                    ExprKind::Binary(op, Box::new(a), Box::new(b)),
                                    span.clone(),
                                    uty.clone(),
                                )
                            };
                            let v = convert(convert(v, &unit_ty), &uty);
                            let piece = bin(
                                BinOp::Shl,
                                bin(BinOp::BitAnd, v, lit(mask)),
                                lit(i64::from(bit) + shift as i64),
                            );
                            let prev = std::mem::replace(&mut out[slot].1, zero(&uty, span));
                            out[slot].1 = bin(BinOp::BitOr, prev, piece);
                        }
                        continue;
                    }
                    self.emit_init(t, &sub_ty, base + off, span, out);
                }
            }
            InitTree::Union(k, t) => {
                let Some((sub_ty, off)) = sub_object(ty, k) else {
                    return;
                };
                self.emit_init(*t, &sub_ty, base + off, span, out);
                let used = off + sub_ty.size().unwrap_or(0);
                zero_bytes(base + used, base + ty.size().unwrap_or(0), span, out);
            }
        }
    }
}
