//! C++ name lookup shared by the parser and sema: the full names a name
//! written in some scope may mean, innermost scope first, given the
//! namespaces declared, the `using namespace` directives (each belongs to
//! the namespace it is written in), using-declarations (`using ::sqrt;` in
//! namespace `std`, `using std::vector;`) and namespace aliases
//! (`namespace cg = cooperative_groups;`).

use crate::collections::{HashMap, HashSet};
use std::cell::RefCell;
use std::rc::Rc;

/// How many aliases and directives one candidate is followed through.
const MAX_STEPS: usize = 8;

#[derive(Clone, Debug, Default)]
pub struct Lookup {
    /// Every namespace declared (qualified).
    pub namespaces: Rc<HashSet<String>>,
    /// `using namespace T;` written in namespace `S` (`""`: file scope), as
    /// `(S, T)`, both qualified.
    pub directives: Rc<Vec<(String, String)>>,
    /// Names that stand for others: a namespace alias (`cg` →
    /// `cooperative_groups`) or a using-declaration (`std::sqrt` → `sqrt`).
    pub aliases: Rc<HashMap<String, String>>,
    /// What classes add to lookup. Shared by every copy of the lookup (the
    /// parsers of template instances and sema): a class instance made while
    /// instantiating a function template has its names everywhere.
    pub classes: Rc<RefCell<ClassNames>>,
}

/// The names classes bring in.
#[derive(Clone, Debug, Default)]
pub struct ClassNames {
    /// The base classes of each class that has some (full names): a name
    /// not found in a class is looked for in its bases, in order.
    pub bases: HashMap<String, Vec<String>>,
    /// Using-declarations in class bodies (`using Base::f;` in `D`:
    /// `D::f` → `Base::f`).
    pub usings: HashMap<String, String>,
}

impl Lookup {
    /// A copy with a class table of its own (a clone shares it).
    pub fn fork(&self) -> Lookup {
        Lookup {
            classes: Rc::new(RefCell::new(self.classes.borrow().clone())),
            ..self.clone()
        }
    }

    /// What every compile starts with: namespace `std` with the C math
    /// functions (`std::sqrt` is `sqrt`), as nvcc's force-included
    /// cuda_runtime.h gives every file (see `headers::STD_MATH`).
    pub fn with_std_math() -> Lookup {
        let mut l = Lookup::default();
        Rc::make_mut(&mut l.namespaces).insert("std".to_string());
        for f in super::headers::STD_MATH {
            Rc::make_mut(&mut l.aliases).insert(format!("std::{f}"), f.to_string());
        }
        l
    }

    /// The full names `name`, written in scope `ns` (outermost first), may
    /// mean: innermost scope first, each followed by what aliases and the
    /// directives of its namespace make of it; the file scope's directives
    /// after the plain name.
    pub fn candidates(&self, ns: &[String], name: &str) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(global) = name.strip_prefix("::") {
            self.push(global.to_string(), &mut out, 0);
            return out;
        }
        // `cg::thread_block` with `cg` an alias names what `cg` names.
        if let Some((head, rest)) = name.split_once("::") {
            if let Some(target) = self.alias_in(ns, head) {
                self.push(format!("{target}::{rest}"), &mut out, 0);
                return out;
            }
        }
        for k in (1..=ns.len()).rev() {
            // `a::b::name`, in one allocation.
            let len = ns[..k].iter().map(|p| p.len() + 2).sum::<usize>() + name.len();
            let mut full = String::with_capacity(len);
            for part in &ns[..k] {
                full.push_str(part);
                full.push_str("::");
            }
            full.push_str(name);
            self.push(full, &mut out, 0);
        }
        self.push(name.to_string(), &mut out, 0);
        for (scope, target) in self.directives.iter() {
            if scope.is_empty() {
                self.push(format!("{target}::{name}"), &mut out, 0);
            }
        }
        out
    }

    /// The namespace a name written in `ns` names (through aliases and
    /// directives), if it names one.
    pub fn namespace(&self, ns: &[String], name: &str) -> Option<String> {
        self.candidates(ns, name)
            .into_iter()
            .find(|c| self.namespaces.contains(c))
    }

    /// What an alias named `head`, visible in `ns`, stands for.
    fn alias_in(&self, ns: &[String], head: &str) -> Option<&String> {
        (0..=ns.len()).rev().find_map(|k| {
            let key = if k == 0 {
                head.to_string()
            } else {
                format!("{}::{head}", ns[..k].join("::"))
            };
            self.aliases.get(&key)
        })
    }

    fn push(&self, full: String, out: &mut Vec<String>, steps: usize) {
        if out.contains(&full) || out.len() > 64 {
            return;
        }
        out.push(full);
        if steps >= MAX_STEPS {
            return;
        }
        // What the name leads to, in the order it is followed: its alias,
        // a class's using-declaration, then (a name in a namespace) what a
        // directive there brings in (`cooperative_groups::thread_block` is
        // `…::__v1::thread_block`) and (a name in a class) its bases'
        // names. Read from the name in `out` (no copy of it: lookup runs
        // for every name the parser and sema meet).
        let full = &out[out.len() - 1];
        let alias = self.aliases.get(full).cloned();
        let classes = self.classes.borrow();
        let using = classes.usings.get(full).cloned();
        let mut more = Vec::new();
        if let Some((scope, last)) = full.rsplit_once("::") {
            for (s, target) in self.directives.iter() {
                if s == scope {
                    more.push(format!("{target}::{last}"));
                }
            }
            for base in classes.bases.get(scope).into_iter().flatten() {
                more.push(format!("{base}::{last}"));
            }
        }
        drop(classes);
        for next in alias.into_iter().chain(using).chain(more) {
            self.push(next, out, steps + 1);
        }
    }
}

/// The parts of a qualified name, split at the `::`s outside template
/// arguments: `std::vector<std::string>::size` → `std`,
/// `vector<std::string>`, `size`.
pub fn qualified_parts(name: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    let b = name.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'<' => depth += 1,
            b'>' => depth -= 1,
            b':' if depth == 0 && b.get(i + 1) == Some(&b':') => {
                parts.push(&name[start..i]);
                i += 2;
                start = i;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    parts.push(&name[start..]);
    parts
}

/// The last part of a qualified name (`S<N::T>` of `N::S<N::T>`).
pub fn last_part(name: &str) -> &str {
    qualified_parts(name).pop().unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lookup() -> Lookup {
        let mut l = Lookup::default();
        for n in ["std", "cooperative_groups", "cooperative_groups::__v1"] {
            Rc::make_mut(&mut l.namespaces).insert(n.to_string());
        }
        Rc::make_mut(&mut l.directives).push((
            "cooperative_groups".into(),
            "cooperative_groups::__v1".into(),
        ));
        Rc::make_mut(&mut l.aliases).insert("cg".into(), "cooperative_groups".into());
        Rc::make_mut(&mut l.aliases).insert("std::sqrt".into(), "sqrt".into());
        l
    }

    #[test]
    fn aliases_and_directives_are_followed() {
        let l = lookup();
        assert_eq!(
            l.candidates(&[], "cg::thread_block"),
            [
                "cooperative_groups::thread_block",
                "cooperative_groups::__v1::thread_block"
            ]
        );
        assert_eq!(l.candidates(&[], "std::sqrt"), ["std::sqrt", "sqrt"]);
        let mut l = l;
        Rc::make_mut(&mut l.directives).push((String::new(), "std".into()));
        assert_eq!(
            l.candidates(&["N".to_string()], "sqrt"),
            ["N::sqrt", "sqrt", "std::sqrt"]
        );
        assert_eq!(
            l.namespace(&[], "cg").as_deref(),
            Some("cooperative_groups")
        );
    }

    #[test]
    fn parts_of_qualified_names() {
        assert_eq!(
            qualified_parts("std::vector<std::string>::size"),
            ["std", "vector<std::string>", "size"]
        );
        assert_eq!(last_part("N::S<M::T>"), "S<M::T>");
        assert_eq!(qualified_parts("::f"), ["", "f"]);
    }

    #[test]
    fn cycles_end() {
        let mut l = Lookup::default();
        Rc::make_mut(&mut l.aliases).insert("a".into(), "b".into());
        Rc::make_mut(&mut l.aliases).insert("b".into(), "a".into());
        Rc::make_mut(&mut l.directives).push(("x".into(), "x".into()));
        assert_eq!(l.candidates(&[], "a"), ["a", "b"]);
        assert_eq!(l.candidates(&[], "x::y"), ["x::y"]);
    }

    #[test]
    fn names_of_a_class_are_looked_for_in_its_bases() {
        let l = Lookup::default();
        let mut classes = l.classes.borrow_mut();
        classes
            .bases
            .insert("N::D".into(), vec!["N::B".into(), "A".into()]);
        classes.bases.insert("N::B".into(), vec!["R".into()]);
        drop(classes);
        let ns = ["N".to_string(), "D".to_string()];
        assert_eq!(
            l.candidates(&ns, "f"),
            ["N::D::f", "N::B::f", "R::f", "A::f", "N::f", "f"]
        );
        assert_eq!(
            l.candidates(&[], "N::D::t"),
            ["N::D::t", "N::B::t", "R::t", "A::t"]
        );
    }
}
