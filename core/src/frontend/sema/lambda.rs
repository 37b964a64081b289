//! Sema's lambda expressions: the closure class laid out from the captures
//! (a copy's member has the variable's type, a reference's is a reference
//! member holding its address), a default capture (`[&]`, `[=]`) taking the
//! enclosing function's variables that the body names, and the lambda's
//! value, the closure object built from the captured values and addresses.
//! Its `operator()` (made by the parser) is checked as a member function.

use super::*;
use crate::frontend::layout::Layout;

impl<'a> Checker<'a> {
    /// The closure object of a lambda expression.
    pub(super) fn lambda(&mut self, l: Lambda, span: Span) -> Expr {
        let closure = CType::Record(l.closure.clone());
        // (name, member type, value)
        let mut taken: Vec<(String, CType, Expr)> = Vec::new();
        for c in l.captures {
            if c.name == "this" || c.name == "*this" {
                self.err(
                    &c.span,
                    format!("capturing \"{}\" in a lambda is not supported yet", c.name),
                );
                continue;
            }
            if taken.iter().any(|(n, _, _)| *n == c.name) {
                self.err(
                    &c.span,
                    "a name cannot appear more than once in a capture-list",
                );
                continue;
            }
            let value = match c.init {
                Some(e) => self.expr(e),
                None => match self.captured(&c.name, &c.span) {
                    Some(v) => v,
                    None => {
                        self.err(&c.span, format!("identifier \"{}\" is undefined", c.name));
                        continue;
                    }
                },
            };
            if let Some(t) = self.capture(c.by_ref, value, &c.span) {
                taken.push((c.name, t.0, t.1));
            }
        }
        if let Some(by_ref) = l.default {
            for name in l.named {
                if taken.iter().any(|(n, _, _)| *n == name) {
                    continue;
                }
                let Some(value) = self.captured(&name, &span) else {
                    continue;
                };
                if let Some(t) = self.capture(by_ref, value, &span) {
                    taken.push((name, t.0, t.1));
                }
            }
        }
        let members = taken
            .iter()
            .map(|(n, t, _)| (n.clone(), t.clone(), None, 0))
            .collect();
        let layout = Layout::of_class(&[], members, false, 1, false);
        let offsets: Vec<u64> = layout.fields.iter().map(|f| f.offset).collect();
        *l.closure.layout.borrow_mut() = Some(Rc::new(layout));
        l.closure.non_pod.set(true);
        let inits = offsets
            .into_iter()
            .zip(taken)
            .map(|(off, (_, _, v))| (off, v))
            .collect();
        mk(ExprKind::RecordInit(inits), span, closure)
    }

    /// The variable a capture names: a local of the enclosing function, or
    /// in a lambda's body, what that lambda captured.
    fn captured(&mut self, name: &str, span: &Span) -> Option<Expr> {
        match self.lookup_block(name) {
            Some(Binding::Local(_)) => {
                Some(self.expr(Expr::new(ExprKind::Ident(name.to_string()), span.clone())))
            }
            None if self.in_closure() => self.member_of_this(name, span),
            _ => None,
        }
    }

    /// Checking a lambda's `operator()`.
    fn in_closure(&self) -> bool {
        self.class
            .as_ref()
            .is_some_and(|r| r.name.borrow().contains("EUl"))
    }

    /// One captured value: the member's type and its initial value (the
    /// address for a reference).
    fn capture(&mut self, by_ref: bool, value: Expr, span: &Span) -> Option<(CType, Expr)> {
        if by_ref {
            if !value.lvalue {
                self.err(
                    span,
                    "initial value of reference to non-const must be an lvalue",
                );
                return None;
            }
            let ty = CType::Ref {
                pointee: Box::new(value.ty.clone()),
                konst: false,
            };
            return Some((ty, self.address_of(value)));
        }
        if matches!(value.ty, CType::Array(..)) {
            self.err(
                span,
                "capturing an array by copy in a lambda is not supported yet",
            );
            return None;
        }
        Some((value.ty.clone(), value))
    }
}
