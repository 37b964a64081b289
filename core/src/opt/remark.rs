//! Remarks and metrics: how a pass says what it did to this program
//! ([`PassContext::applied`], [`PassContext::missed`], as LLVM's `-Rpass`
//! and `-Rpass-missed`), the helpers that find a remark's source line, and
//! the size of a module after a stage ([`ir_metrics`], for `--stats` and the
//! page's chart).
//!
//! Remarks are kept only when the compile keeps snapshots
//! ([`Options::snapshots`](crate::Options::snapshots)): otherwise
//! [`PassContext`] has no sink and a remark's text is never formatted (the
//! passes hand it over as `format_args!`).

use super::loops::Loop;
use super::PassContext;
use crate::compilation::{Metrics, Remark, RemarkKind};
use crate::ir::{addrspace, BlockId, Function, InstKind, Module, Type};
use std::collections::BTreeMap;
use std::fmt;

impl PassContext<'_> {
    /// Whether remarks are kept: a pass may skip counting what only a
    /// remark would say.
    pub fn remarks_on(&self) -> bool {
        self.remarks.is_some()
    }

    /// Reports a transformation made, at source line `line` (0: none).
    pub fn applied(&self, line: u32, text: fmt::Arguments) {
        self.remark(RemarkKind::Applied, line, text);
    }

    /// Reports a transformation not made, and why.
    pub fn missed(&self, line: u32, text: fmt::Arguments) {
        self.remark(RemarkKind::Missed, line, text);
    }

    pub fn remark(&self, kind: RemarkKind, line: u32, text: fmt::Arguments) {
        if let Some(sink) = self.remarks {
            sink.borrow_mut().push(Remark {
                kind,
                line,
                text: text.to_string(),
            });
        }
    }

    /// The usual driver of a pass over functions: `run_function` on every
    /// defined function, each one it changed remarked with `what` (see
    /// [`changed_function`](Self::changed_function)); whether any changed.
    /// Runs `run_function` on each function with a body; true when it
    /// changed one (the pass reports what it did itself).
    pub fn each_defined(
        &self,
        m: &mut Module,
        mut run_function: impl FnMut(&mut Function, &Self) -> bool,
    ) -> bool {
        let mut changed = false;
        for f in &mut m.functions {
            if !f.is_declaration() {
                changed |= run_function(f, self);
            }
        }
        changed
    }

    pub fn each_function(
        &self,
        m: &mut Module,
        what: &str,
        run_function: impl Fn(&mut Function) -> bool,
    ) -> bool {
        let mut changed = false;
        for f in &mut m.functions {
            if !f.is_declaration() {
                let before = size(f);
                if run_function(f) {
                    changed = true;
                    self.changed_function(f, before, what);
                }
            }
        }
        changed
    }

    /// The usual remark of a pass over functions: `` `f`: <what> `` when
    /// `f` changed, with how many instructions and blocks it has fewer (or
    /// more) than `before` (its [`size`] before the pass).
    pub fn changed_function(&self, f: &Function, before: (usize, usize), what: &str) {
        if !self.remarks_on() {
            return;
        }
        let after = size(f);
        let mut deltas = Vec::new();
        for (b, a, thing) in [
            (before.0, after.0, "instruction"),
            (before.1, after.1, "block"),
        ] {
            if a < b {
                deltas.push(format!("{} fewer", plural(b - a, thing)));
            } else if a > b {
                deltas.push(format!("{} more", plural(a - b, thing)));
            }
        }
        let delta = if deltas.is_empty() {
            String::new()
        } else {
            format!(" ({})", deltas.join(", "))
        };
        self.applied(0, format_args!("`{}`: {what}{delta}", f.name));
    }
}

/// The live instructions and blocks of `f`.
pub fn size(f: &Function) -> (usize, usize) {
    (live_insts(f), f.layout.len())
}

/// The live instructions of `f` (those in its layout's blocks).
pub fn live_insts(f: &Function) -> usize {
    f.layout.iter().map(|b| f.block(*b).insts.len()).sum()
}

/// The first source line among `b`'s instructions (0: none).
pub fn block_line(f: &Function, b: BlockId) -> u32 {
    f.block(b)
        .insts
        .iter()
        .find_map(|&i| f.inst(i).loc.map(|l| l.line).filter(|&l| l > 0))
        .unwrap_or(0)
}

/// The source line of a loop: its back branch's (the `for` statement's),
/// else the first of its header's, latch's or other blocks' that has one (0:
/// none).
pub fn loop_line(f: &Function, l: &Loop) -> u32 {
    let back = l
        .latches
        .first()
        .and_then(|&b| f.terminator(b))
        .and_then(|t| t.loc)
        .map_or(0, |l| l.line);
    if back > 0 {
        return back;
    }
    std::iter::once(l.header)
        .chain(l.latches.iter().copied())
        .chain(l.blocks.iter().copied())
        .map(|b| block_line(f, b))
        .find(|&line| line > 0)
        .unwrap_or(0)
}

/// "loop at line 12" (or "loop in `f`" when it has no line).
pub fn loop_name(f: &Function, line: u32) -> String {
    if line > 0 {
        format!("loop at line {line}")
    } else {
        format!("loop in `{}`", f.name)
    }
}

/// The name of an address space, as `--stats` and [`Metrics`] use it.
pub fn space_name(space: u32) -> &'static str {
    match space {
        addrspace::GLOBAL => "global",
        addrspace::SHARED => "shared",
        addrspace::CONST => "const",
        addrspace::LOCAL => "local",
        addrspace::GENERIC => "generic",
        _ => "param",
    }
}

/// The size of `m`'s defined functions: instructions, blocks, loads and
/// stores by address space, the allocas' bytes.
pub fn ir_metrics(m: &Module) -> Metrics {
    let mut out = Metrics::default();
    for f in m.functions.iter().filter(|f| !f.is_declaration()) {
        out.blocks += f.layout.len();
        for b in &f.layout {
            for &i in &f.block(*b).insts {
                out.instructions += 1;
                let space = |ptr| match f.value_type(ptr) {
                    Type::Ptr(s) => space_name(s).to_string(),
                    _ => "generic".to_string(),
                };
                match &f.inst(i).kind {
                    InstKind::Load { ptr, .. } => *out.loads.entry(space(ptr)).or_default() += 1,
                    InstKind::Store { ptr, .. } => *out.stores.entry(space(ptr)).or_default() += 1,
                    InstKind::Alloca { ty, .. } => out.local_bytes += ty.size(),
                    _ => {}
                }
            }
        }
    }
    out
}

/// Counts per key, for remarks that list several kinds of things.
pub fn counts<'a>(keys: impl IntoIterator<Item = &'a str>) -> BTreeMap<&'a str, usize> {
    let mut out = BTreeMap::new();
    for k in keys {
        *out.entry(k).or_default() += 1;
    }
    out
}

/// `n thing` or `n things` (`branches`, `copies`).
pub fn plural(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else if let Some(stem) = thing.strip_suffix('y') {
        format!("{n} {stem}ies")
    } else if thing.ends_with("ch") || thing.ends_with('s') {
        format!("{n} {thing}es")
    } else {
        format!("{n} {thing}s")
    }
}
