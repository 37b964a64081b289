//! irgen: typed syntax tree → IR, in clang's style. Every local (parameters
//! too) gets an `alloca` in the entry block and is read and written through
//! loads and stores; `mem2reg` later turns them into SSA values. Block names
//! follow clang's (`for.cond`, `if.then`, …) so the IR reads like clang's.
//!
//! Here: `lower` (the module: globals, functions, declarations of callees)
//! and the generator `Gen` with its block and instruction helpers. Its
//! methods live by what they lower: `stmt` statements, `expr` expressions
//! and conversions, `memory` places, loads, stores and struct copies,
//! `calls` calls and `printf`, `builtins` the CUDA builtins by family,
//! `globals` device variables and string literals; `types` and `records`
//! C types as IR types, with the module's struct names (its only state
//! beyond one function: no thread-locals).

use crate::frontend::ast::{self, BinOp as AstBin, CType, ExprKind, StmtKind, UnOp};
use crate::frontend::builtins::HalfOp;
use crate::frontend::mangle::symbol_name;
use crate::ir::fold::int_const;
use crate::ir::intrinsic::{
    ApproxOp, BitFn, FloatFn, FloatTy, IntTy, MbarrierOp, ShflMode, VoteOp,
};
use crate::ir::*;
use crate::options::Options;

mod asm;
mod builtins;
mod calls;
mod expr;
mod globals;
mod memory;
mod packed;
mod records;
mod stmt;
mod types;

pub use types::ir_type;
use types::Types;

/// Lowers every device function with a body.
/// `diags` gets nvcc's front-end warnings that need the control flow (a
/// non-void function whose end is reachable).
pub fn lower(
    tu: &ast::TranslationUnit,
    source_file: &str,
    opts: &Options,
    diags: &mut Vec<crate::diag::Diagnostic>,
) -> Module {
    let types = Types::default();
    let mut m = Module {
        source_file: source_file.to_string(),
        ..Default::default()
    };
    let mut strings: Vec<(Vec<u8>, String)> = Vec::new();
    for g in &tu.globals {
        if let Some(global) = globals::lower_global(g, &types) {
            m.globals.push(global);
        }
    }
    let mut discardable = crate::collections::HashSet::default();
    for f in &tu.functions {
        if !f.space.on_device() {
            continue;
        }
        let Some(body) = &f.body else { continue };
        let mut g = Gen::new(f, &tu.globals, opts, &types);
        g.strings = std::mem::take(&mut strings);
        g.function_body(body);
        strings = std::mem::take(&mut g.strings);
        // nvcc's warning #940-D, in the user's files (not our headers).
        if g.fell_off && f.name != "main" && !f.span.in_builtin() {
            diags.push(crate::diag::Diagnostic::warning(
                f.span.clone(),
                format!(
                    "missing return statement at end of non-void function \"{}\"",
                    f.name
                ),
            ));
        }
        if (f.discardable || f.symbol.is_some()) && f.space != ast::ExecSpace::Global {
            discardable.insert(g.f.name.clone());
        }
        m.functions.push(g.f);
    }
    let vtables: crate::collections::HashSet<String> = tu
        .globals
        .iter()
        .filter(|g| g.vtable.is_some())
        .map(|g| g.name.clone())
        .collect();
    drop_uncalled(&mut m, &discardable, &vtables);
    globals::add_string_literals(&mut m, strings);
    // Declarations for device functions called but not defined here.
    let mut called = Vec::new();
    let defined = m.by_name();
    for f in &m.functions {
        for b in &f.layout {
            for i in &f.block(*b).insts {
                if let InstKind::Call {
                    callee: Callee::Function(callee),
                    ..
                } = &f.inst(*i).kind
                {
                    if !Intrinsic::reserved(callee)
                        && !defined.contains_key(callee.as_str())
                        && !called.contains(callee)
                    {
                        called.push(callee.clone());
                    }
                }
            }
        }
    }
    for name in called {
        if let Some(src) = tu.functions.iter().find(|f| symbol_name(f) == name) {
            m.functions.push(Function::new(
                name,
                types.return_type(&src.ret),
                types.params(src),
            ));
        }
    }
    m
}

/// Deletes the inline kind of function (`discardable`) that no other kept
/// function calls, as clang emits C++'s inline functions only where used:
/// the unused functions of a header (`std::isnan`, cooperative groups'
/// `this_grid`) do not show in the IR.
///
/// A class's vtable (one of `vtables`) is kept, as clang's linkonce ones,
/// only where a kept function names it; the functions it holds with it.
fn drop_uncalled(
    m: &mut Module,
    discardable: &crate::collections::HashSet<String>,
    vtables: &crate::collections::HashSet<String>,
) {
    let mut live: crate::collections::HashSet<String> = m
        .functions
        .iter()
        .filter(|f| !discardable.contains(&f.name))
        .map(|f| f.name.clone())
        .collect();
    // Functions whose addresses initialize variables.
    let held = |g: &Global| -> Vec<String> {
        let mut out = Vec::new();
        if let Init::Values(vs) = &g.init {
            for v in vs {
                if let Value::Global(n, addrspace::GENERIC) = v {
                    out.push(n.clone());
                }
            }
        }
        out
    };
    for g in m.globals.iter().filter(|g| !vtables.contains(&g.name)) {
        live.extend(held(g));
    }
    let mut work: Vec<String> = live.iter().cloned().collect();
    let functions = m.by_name();
    while let Some(name) = work.pop() {
        if vtables.contains(&name) {
            if let Some(g) = m.globals.iter().find(|g| g.name == name) {
                for f in held(g) {
                    if live.insert(f.clone()) {
                        work.push(f);
                    }
                }
            }
            continue;
        }
        let Some(f) = functions.get(name.as_str()) else {
            continue;
        };
        for b in &f.layout {
            for i in &f.block(*b).insts {
                let kind = &f.inst(*i).kind;
                if let InstKind::Call {
                    callee: Callee::Function(callee),
                    ..
                } = kind
                {
                    if live.insert(callee.clone()) {
                        work.push(callee.clone());
                    }
                }
                // A function whose address is taken, a vtable named.
                kind.for_each_operand(|op| {
                    if let Value::Global(g, space) = op {
                        let named = *space == addrspace::GENERIC || vtables.contains(g);
                        if named && live.insert(g.clone()) {
                            work.push(g.clone());
                        }
                    }
                });
            }
        }
    }
    m.functions.retain(|f| live.contains(&f.name));
    m.globals
        .retain(|g| !vtables.contains(&g.name) || live.contains(&g.name));
}

/// The address space of a variable's storage, `None` for host variables.
fn storage_space(s: ast::Storage) -> Option<u32> {
    match s {
        ast::Storage::Shared => Some(addrspace::SHARED),
        ast::Storage::Constant => Some(addrspace::CONST),
        ast::Storage::Device => Some(addrspace::GLOBAL),
        ast::Storage::Auto => Some(addrspace::LOCAL),
        ast::Storage::Host => None,
    }
}

fn base_type(t: &CType) -> &CType {
    match t {
        CType::Array(e, _) => base_type(e),
        t => t,
    }
}

/// Where `break` and `continue` go: a loop sets both; a switch only
/// `break` (a `continue` in it belongs to the loop around it).
struct LoopTargets {
    brk: BlockId,
    cont: Option<BlockId>,
}

/// The case blocks of a switch being lowered, in the order its labels
/// appear in the body (`None` value: `default`), and how many were met.
struct SwitchBlocks {
    blocks: Vec<BlockId>,
    next: usize,
}

struct Gen<'a> {
    f: Function,
    src: &'a ast::FunctionDef,
    globals: &'a [ast::GlobalVar],
    opts: &'a Options,
    /// The module's C types as IR types (with its record names).
    types: &'a Types,
    /// The alloca of each local.
    slots: Vec<Value>,
    cur: Option<BlockId>,
    loops: Vec<LoopTargets>,
    switches: Vec<SwitchBlocks>,
    /// The block of each `goto` label, made when first named.
    labels: crate::collections::HashMap<String, BlockId>,
    loc: Option<DebugLoc>,
    /// String literals of the module so far: bytes (with the NUL) and global name.
    strings: Vec<(Vec<u8>, String)>,
    /// Addresses of packed records' members and the alignment known of
    /// each (`packed`).
    unaligned: crate::collections::HashMap<Value, u64>,
    /// The end of a non-void function is reachable (it returns undef there).
    fell_off: bool,
    /// The blocks made by `new_block` that are not in the layout yet.
    unplaced: Vec<bool>,
}

impl<'a> Gen<'a> {
    fn new(
        src: &'a ast::FunctionDef,
        globals: &'a [ast::GlobalVar],
        opts: &'a Options,
        types: &'a Types,
    ) -> Gen<'a> {
        let mut f = Function::new(
            symbol_name(src),
            types.return_type(&src.ret),
            types.params(src),
        );
        f.attrs.kernel = src.space == ast::ExecSpace::Global;
        f.attrs.internal = src.internal();
        f.attrs.weak = src.symbol.is_some() && !f.attrs.internal;
        f.attrs.noinline = src.inline == ast::InlineHint::Never;
        f.attrs.alwaysinline = src.inline == ast::InlineHint::Always;
        f.attrs.maxntid = src.launch_bounds.first().copied();
        f.attrs.minctasm = src.launch_bounds.get(1).copied();
        f.attrs.maxclusterrank = src.launch_bounds.get(2).copied();
        Gen {
            f,
            src,
            globals,
            opts,
            types,
            slots: Vec::new(),
            cur: None,
            loops: Vec::new(),
            switches: Vec::new(),
            labels: crate::collections::HashMap::default(),
            loc: None,
            strings: Vec::new(),
            unaligned: crate::collections::HashMap::default(),
            fell_off: false,
            unplaced: Vec::new(),
        }
    }

    fn set_loc(&mut self, span: &crate::diag::Span) {
        if span.line > 0 {
            self.loc = Some(DebugLoc {
                line: span.line,
                column: span.column,
            });
        }
    }

    /// The block being filled; a fresh (unreachable) one after a terminator.
    fn block(&mut self) -> BlockId {
        match self.cur {
            Some(b) => b,
            None => {
                let b = self.f.add_block("unreachable");
                self.cur = Some(b);
                b
            }
        }
    }

    fn emit(&mut self, name: &str, ty: Type, kind: InstKind) -> Value {
        let b = self.block();
        let term = kind.is_terminator();
        let id = self.f.create_inst(name, ty, kind, self.loc);
        self.f.block_mut(b).insts.push(id);
        if term {
            self.cur = None;
        }
        Value::Inst(id)
    }

    fn br(&mut self, dest: BlockId) {
        if self.cur.is_some() {
            self.emit("", Type::Void, InstKind::Br { dest });
        }
    }

    fn cond_br(&mut self, cond: Value, t: BlockId, f: BlockId) {
        self.emit("", Type::Void, InstKind::CondBr { cond, t, f });
    }

    /// Starts filling `b` (moved to the end of the layout, so blocks appear in source order).
    fn start(&mut self, b: BlockId) {
        if self.unplaced.get(b.0 as usize) == Some(&true) {
            self.unplaced[b.0 as usize] = false;
        } else {
            self.f.layout.retain(|x| *x != b);
        }
        self.f.layout.push(b);
        self.cur = Some(b);
    }

    /// Whether a path of branches leads from `from` to `to`.
    fn reaches(&self, from: BlockId, to: BlockId) -> bool {
        let mut seen = vec![false; self.f.blocks.len()];
        seen[from.0 as usize] = true;
        let mut work = vec![from];
        while let Some(b) = work.pop() {
            if b == to {
                return true;
            }
            for s in self.f.successors(b) {
                if !std::mem::replace(&mut seen[s.0 as usize], true) {
                    work.push(s);
                }
            }
        }
        false
    }

    fn new_block(&mut self, name: &str) -> BlockId {
        let b = self.f.add_block(name);
        // Placed later (`place_block`): out of the layout add_block put it last in.
        debug_assert_eq!(self.f.layout.last(), Some(&b));
        self.f.layout.pop();
        if self.unplaced.len() <= b.0 as usize {
            self.unplaced.resize(b.0 as usize + 1, false);
        }
        self.unplaced[b.0 as usize] = true;
        b
    }

    fn function_body(&mut self, body: &ast::Stmt) {
        let entry = self.f.add_block("entry");
        self.cur = Some(entry);
        self.set_loc(&self.src.span.clone());
        let locals = self.src.locals.clone();
        for l in &locals {
            let ty = self.types.mem_type(&l.ty);
            let align = local_align(&l.ty);
            let v = self.emit(
                &format!("{}.addr", l.name),
                Type::Ptr(addrspace::GENERIC),
                InstKind::Alloca { ty, align },
            );
            self.slots.push(v);
        }
        let first = u32::from(self.src.ret.is_record());
        for (i, l) in locals.iter().take(self.src.params.len()).enumerate() {
            let ptr = self.slots[i].clone();
            let arg = Value::Arg(first + i as u32);
            if l.ty.is_record() {
                // The callee's own copy of a struct passed by value.
                self.copy(ptr, arg, &l.ty);
            } else {
                self.store(arg, ptr, &l.ty);
            }
        }
        self.stmt(body);
        if self.cur.is_some() {
            if self.f.ret == Type::Void {
                self.emit("", Type::Void, InstKind::Ret { val: None });
            } else {
                // Falling off the end of a non-void function returns an
                // undefined value, as cicc's front end writes it (`ret i32
                // undef`, not clang's `unreachable`): the path stays, its
                // value is free (simplifycfg folds it into the other
                // returns'), and a store before another return stays
                // conditional.
                let ty = self.f.ret.clone();
                // nvcc warns only where the end is reachable: not after an
                // `if`/`else` whose arms both return (its join block
                // has no predecessor).
                self.fell_off = self.cur.is_some_and(|end| self.reaches(entry, end));
                self.emit(
                    "",
                    Type::Void,
                    InstKind::Ret {
                        val: Some(Value::Undef(ty)),
                    },
                );
            }
        }
        // Unfilled blocks cannot stay empty.
        for b in self.f.layout.clone() {
            if self.f.block(b).insts.is_empty() {
                let id = self
                    .f
                    .create_inst("", Type::Void, InstKind::Unreachable, None);
                self.f.block_mut(b).insts.push(id);
            }
        }
    }
}

/// A local variable's alignment as nvcc gives it: an array's is the largest
/// power of two dividing its size, up to 16 bytes (`int buf[8]` is 16-byte
/// aligned, `int q[6]` 8, `int r[5]` 4), which lets the load-store
/// vectorizer make `st.local.v4.u32` of its elements; other types keep
/// their own (a struct of four ints stays 4-aligned, as nvcc's).
fn local_align(ty: &CType) -> u64 {
    let natural = ty.align();
    match (ty, ty.size()) {
        (CType::Array(..), Some(size)) if size > 0 => {
            natural.max((size & size.wrapping_neg()).min(16))
        }
        _ => natural,
    }
}
