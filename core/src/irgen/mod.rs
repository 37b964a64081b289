//! irgen: typed syntax tree → IR, in clang's style. Every local (parameters
//! too) gets an `alloca` in the entry block and is read and written through
//! loads and stores; `mem2reg` later turns them into SSA values. Block names
//! follow clang's (`for.cond`, `if.then`, …) so the IR reads like clang's.

use crate::frontend::ast::{self, BinOp as AstBin, CType, ExprKind, StmtKind, UnOp};
use crate::frontend::builtins::HalfOp;
use crate::frontend::mangle::symbol_name;
use crate::ir::fold::int_const;
use crate::ir::*;
use crate::options::Options;

mod records;

/// Lowers every device function with a body.
pub fn lower(tu: &ast::TranslationUnit, source_file: &str, opts: &Options) -> Module {
    records::start_module();
    let mut m = Module {
        source_file: source_file.to_string(),
        ..Default::default()
    };
    let mut strings: Vec<(Vec<u8>, String)> = Vec::new();
    for g in &tu.globals {
        if let Some(global) = lower_global(g) {
            m.globals.push(global);
        }
    }
    let mut discardable = crate::collections::HashSet::default();
    for f in &tu.functions {
        if !f.space.on_device() {
            continue;
        }
        let Some(body) = &f.body else { continue };
        let mut g = Gen::new(f, &tu.globals, opts);
        g.strings = std::mem::take(&mut strings);
        g.function_body(body);
        strings = std::mem::take(&mut g.strings);
        if (f.discardable || f.symbol.is_some()) && f.space != ast::ExecSpace::Global {
            discardable.insert(g.f.name.clone());
        }
        m.functions.push(g.f);
    }
    drop_uncalled(&mut m, &discardable);
    // The string literals of the functions kept.
    let named: crate::collections::HashSet<String> = m
        .functions
        .iter()
        .flat_map(|f| {
            f.layout
                .iter()
                .flat_map(|b| f.block(*b).insts.iter())
                .flat_map(|i| f.inst(*i).kind.operands())
                .filter_map(|v| match v {
                    Value::Global(g, _) => Some(g.clone()),
                    _ => None,
                })
                .collect::<Vec<_>>()
        })
        .collect();
    strings.retain(|(_, name)| named.contains(name));
    for (data, name) in strings {
        let ty = Type::Array(data.len() as u64, Box::new(Type::I8));
        let init = Init::Values(
            data.iter()
                .map(|b| int_const(Type::I8, i64::from(*b)))
                .collect(),
        );
        m.globals.push(Global {
            name,
            ty,
            space: addrspace::GLOBAL,
            align: 1,
            init,
            external: false,
        });
    }
    // Declarations for device functions called but not defined here.
    let mut called = Vec::new();
    for f in &m.functions {
        for b in &f.layout {
            for i in &f.block(*b).insts {
                if let InstKind::Call { callee, .. } = &f.inst(*i).kind {
                    if !callee.starts_with("llvm.")
                        && m.function(callee).is_none()
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
            m.functions
                .push(Function::new(name, return_type(&src.ret), ir_params(src)));
        }
    }
    m
}

/// Deletes the inline kind of function (`discardable`) that no other kept
/// function calls, as clang emits C++'s inline functions only where used:
/// the unused functions of a header (`std::isnan`, cooperative groups'
/// `this_grid`) do not show in the IR.
fn drop_uncalled(m: &mut Module, discardable: &crate::collections::HashSet<String>) {
    let mut live: crate::collections::HashSet<String> = m
        .functions
        .iter()
        .filter(|f| !discardable.contains(&f.name))
        .map(|f| f.name.clone())
        .collect();
    // Functions whose addresses initialize variables.
    for g in &m.globals {
        if let Init::Values(vs) = &g.init {
            for v in vs {
                if let Value::Global(n, addrspace::GENERIC) = v {
                    live.insert(n.clone());
                }
            }
        }
    }
    let mut work: Vec<String> = live.iter().cloned().collect();
    while let Some(name) = work.pop() {
        let Some(f) = m.function(&name) else { continue };
        for b in &f.layout {
            for i in &f.block(*b).insts {
                let kind = &f.inst(*i).kind;
                if let InstKind::Call { callee, .. } = kind {
                    if live.insert(callee.clone()) {
                        work.push(callee.clone());
                    }
                }
                // A function whose address is taken.
                for op in kind.operands() {
                    if let Value::Global(g, addrspace::GENERIC) = op {
                        if live.insert(g.clone()) {
                            work.push(g.clone());
                        }
                    }
                }
            }
        }
    }
    m.functions.retain(|f| live.contains(&f.name));
}

/// A function's IR parameters. A struct returned by value comes back
/// through a first, hidden pointer parameter (`%agg.result`, clang's name)
/// to the caller's memory; a struct parameter is a pointer to the bytes of
/// the caller's copy (`byval`).
fn ir_params(src: &ast::FunctionDef) -> Vec<Param> {
    let mut params = Vec::new();
    if src.ret.is_record() {
        params.push(Param {
            name: "agg.result".into(),
            ty: Type::Ptr(addrspace::GENERIC),
            noalias: false,
            readonly: false,
            byval: None,
            sret: Some(ByVal {
                ty: mem_type(&src.ret),
                align: src.ret.align(),
            }),
        });
    }
    for (i, p) in src.params.iter().enumerate() {
        let name = if p.name.is_empty() {
            format!("arg{i}")
        } else {
            p.name.clone()
        };
        let byval = p.ty.is_record().then(|| ByVal {
            ty: mem_type(&p.ty),
            align: p.ty.align(),
        });
        params.push(Param {
            name,
            ty: if byval.is_some() {
                Type::Ptr(addrspace::GENERIC)
            } else {
                ir_type(&p.ty)
            },
            noalias: p.restrict && p.ty.is_pointer(),
            readonly: matches!(&p.ty, CType::Ptr { konst: true, .. }),
            byval,
            sret: None,
        });
    }
    params
}

/// A function's IR return type (a struct is returned through `%agg.result`).
fn return_type(t: &CType) -> Type {
    if t.is_record() {
        Type::Void
    } else {
        ir_type(t)
    }
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

/// A device variable as an IR global, its initializer as constants: one per
/// element for an array of scalars, else (structs) its bytes.
fn lower_global(g: &ast::GlobalVar) -> Option<Global> {
    let space = storage_space(g.storage)?;
    let elem = base_type(&g.ty);
    let constant = |ty: &Type, v: &ast::Scalar| match ty {
        Type::F32 => Value::f32(v.as_f64() as f32),
        Type::F64 => Value::f64(v.as_f64()),
        t => int_const(t.clone(), v.as_i64()),
    };
    let init = if g.external || g.storage == ast::Storage::Shared {
        Init::Undef
    } else if g.init_values.iter().all(|(_, _, v)| v.as_f64() == 0.0) && g.init_functions.is_empty()
    {
        Init::Zero
    } else if !elem.is_record() {
        let ety = mem_type(elem);
        Init::Values(
            g.init_values
                .iter()
                .map(
                    |(off, _, v)| match g.init_functions.iter().find(|(o, _)| o == off) {
                        Some((_, f)) => Value::Global(f.clone(), addrspace::GENERIC),
                        None => constant(&ety, v),
                    },
                )
                .collect(),
        )
    } else {
        // A struct's bytes (the IR has no struct constants), little-endian.
        let size = g.ty.size().unwrap_or(0);
        let mut bytes = vec![0u8; usize::try_from(size).unwrap_or(0)];
        for (off, t, v) in &g.init_values {
            let le: Vec<u8> = match constant(&mem_type(t), v) {
                Value::Float(Type::F32, b) => (f64::from_bits(b) as f32).to_le_bytes().to_vec(),
                Value::Float(_, b) => b.to_le_bytes().to_vec(),
                Value::Int(ty, c) => c.to_le_bytes()[..ty.size() as usize].to_vec(),
                _ => Vec::new(),
            };
            for (k, b) in le.into_iter().enumerate() {
                if let Some(slot) = usize::try_from(*off)
                    .ok()
                    .and_then(|o| bytes.get_mut(o + k))
                {
                    *slot = b;
                }
            }
        }
        Init::Values(
            bytes
                .into_iter()
                .map(|b| Value::Int(Type::I8, i64::from(b as i8)))
                .collect(),
        )
    };
    let align = if g.external && g.storage == ast::Storage::Shared {
        16
    } else {
        g.ty.align().max(g.align).max(1)
    };
    // A struct variable is typed as the bytes of its initializer.
    fn bytes_type(t: &CType) -> Type {
        match t {
            CType::Array(e, n) => Type::Array(*n, Box::new(bytes_type(e))),
            CType::Record(_) => Type::Array(t.size().unwrap_or(0), Box::new(Type::I8)),
            t => mem_type(t),
        }
    }
    Some(Global {
        name: g.name.clone(),
        ty: bytes_type(&g.ty),
        space,
        align,
        init,
        external: g.external,
    })
}

/// The IR type of a C type as a value (bool is i1).
pub fn ir_type(t: &CType) -> Type {
    match t {
        CType::Void => Type::Void,
        CType::Bool => Type::I1,
        CType::Int(k) => match k.bits() {
            8 => Type::I8,
            16 => Type::I16,
            32 => Type::I32,
            _ => Type::I64,
        },
        CType::Float => Type::F32,
        CType::Double => Type::F64,
        // A reference is the address of its object.
        CType::Ptr { .. } | CType::Ref { .. } => Type::Ptr(addrspace::GENERIC),
        CType::Array(e, n) => Type::Array(*n, Box::new(mem_type(e))),
        CType::Builtin(_) => Type::Array(3, Box::new(Type::I32)),
        CType::Enum(e) => ir_type(&CType::Int(e.underlying)),
        CType::Auto | CType::Decltype(_) | CType::Func(_) => Type::Void,
        CType::Record(r) => records::record_type(r),
    }
}

/// The IR type of a C type in memory (bool is a byte).
fn mem_type(t: &CType) -> Type {
    match t {
        CType::Bool => Type::I8,
        t => ir_type(t),
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
}

impl<'a> Gen<'a> {
    fn new(src: &'a ast::FunctionDef, globals: &'a [ast::GlobalVar], opts: &'a Options) -> Gen<'a> {
        let mut f = Function::new(symbol_name(src), return_type(&src.ret), ir_params(src));
        f.attrs.kernel = src.space == ast::ExecSpace::Global;
        f.attrs.weak = src.symbol.is_some();
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
            slots: Vec::new(),
            cur: None,
            loops: Vec::new(),
            switches: Vec::new(),
            labels: crate::collections::HashMap::default(),
            loc: None,
            strings: Vec::new(),
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
        self.f.layout.retain(|x| *x != b);
        self.f.layout.push(b);
        self.cur = Some(b);
    }

    fn new_block(&mut self, name: &str) -> BlockId {
        let b = self.f.add_block(name);
        self.f.layout.retain(|x| *x != b);
        b
    }

    fn function_body(&mut self, body: &ast::Stmt) {
        let entry = self.f.add_block("entry");
        self.cur = Some(entry);
        self.set_loc(&self.src.span.clone());
        let locals = self.src.locals.clone();
        for l in &locals {
            let ty = mem_type(&l.ty);
            let align = l.ty.align();
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
                self.emit("", Type::Void, InstKind::Unreachable);
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

    /// The member of the struct of type `ty` at `base` that starts at byte
    /// `off`, as clang addresses it: `getelementptr inbounds %struct.P, ptr
    /// %p, i32 0, i32 K` (a union's members are at `base` itself).
    fn member(&mut self, base: Value, ty: &CType, off: u64, name: &str) -> Value {
        // A base class subobject (unnamed): its bytes, as clang's
        // derived-to-base conversion (nothing at offset 0).
        if name.is_empty() {
            return self.byte_offset(base, off, "add.ptr");
        }
        let Some((elem_ty, k)) = records::field_at(ty, off) else {
            return self.byte_offset(base, off, name);
        };
        self.emit(
            name,
            Type::Ptr(addrspace::GENERIC),
            InstKind::Gep {
                elem_ty,
                base,
                indices: vec![
                    Value::Int(Type::I32, 0),
                    Value::Int(Type::I32, i64::from(k)),
                ],
            },
        )
    }

    /// `base + off` bytes (`getelementptr inbounds i8`, LLVM's canonical
    /// form of a constant offset); `base` itself for 0.
    fn byte_offset(&mut self, base: Value, off: u64, name: &str) -> Value {
        if off == 0 {
            return base;
        }
        self.emit(
            name,
            Type::Ptr(addrspace::GENERIC),
            InstKind::Gep {
                elem_ty: Type::I8,
                base,
                indices: vec![Value::i64(off as i64)],
            },
        )
    }

    /// Copies a struct (or union) from `src` to `dst`, scalar by scalar
    /// (sroa can then split the copies of locals); a large one (an array
    /// member of many elements) in a loop over words instead.
    fn copy(&mut self, dst: Value, src: Value, ty: &CType) {
        if ty.scalar_count() > 64 {
            return self.copy_loop(dst, src, ty);
        }
        let mut parts = Vec::new();
        ty.scalar_parts(0, &mut parts);
        let align = ty.align().max(1);
        // Every member is read, then every member written (a copy's source
        // and destination never overlap partly), so isel can make vectors
        // of both.
        let mut loaded = Vec::new();
        for (off, t) in parts {
            // What the struct's alignment promises at this offset (16 at a
            // float4's .x): isel may then load the members as one vector.
            let known = if off == 0 {
                align
            } else {
                align.min(1 << off.trailing_zeros().min(63))
            };
            let from = self.byte_offset(src.clone(), off, "agg.src");
            let v = self.emit(
                "agg.val",
                mem_type(&t),
                InstKind::Load {
                    ptr: from,
                    align: known.max(t.align()),
                    volatile: false,
                },
            );
            loaded.push((off, v, known.max(t.align())));
        }
        for (off, v, align) in loaded {
            let to = self.byte_offset(dst.clone(), off, "agg.dst");
            self.emit(
                "",
                Type::Void,
                InstKind::Store {
                    val: v,
                    ptr: to,
                    align,
                    volatile: false,
                },
            );
        }
    }

    /// `for (i = 0; i < n; i++) dst[i] = src[i]` over words as wide as the
    /// struct's alignment (at most 8 bytes).
    fn copy_loop(&mut self, dst: Value, src: Value, ty: &CType) {
        let (word, wty) = match ty.align() {
            1 => (1, Type::I8),
            2 => (2, Type::I16),
            4 => (4, Type::I32),
            _ => (8, Type::I64),
        };
        let n = ty.size().unwrap_or(0) / word;
        let pre = self.block();
        let cond_b = self.new_block("agg.copy.cond");
        let body_b = self.new_block("agg.copy.body");
        let end_b = self.new_block("agg.copy.end");
        self.br(cond_b);
        self.start(cond_b);
        let i = self.emit(
            "agg.i",
            Type::I64,
            InstKind::Phi {
                incoming: vec![(Value::i64(0), pre)],
            },
        );
        let more = self.emit(
            "agg.more",
            Type::I1,
            InstKind::ICmp {
                pred: ICmp::Ult,
                lhs: i.clone(),
                rhs: Value::i64(n as i64),
            },
        );
        self.cond_br(more, body_b, end_b);
        self.start(body_b);
        let from = self.emit(
            "agg.src",
            Type::Ptr(addrspace::GENERIC),
            InstKind::Gep {
                elem_ty: wty.clone(),
                base: src,
                indices: vec![i.clone()],
            },
        );
        let v = self.emit(
            "agg.val",
            wty.clone(),
            InstKind::Load {
                ptr: from,
                align: word,
                volatile: false,
            },
        );
        let to = self.emit(
            "agg.dst",
            Type::Ptr(addrspace::GENERIC),
            InstKind::Gep {
                elem_ty: wty,
                base: dst,
                indices: vec![i.clone()],
            },
        );
        self.emit(
            "",
            Type::Void,
            InstKind::Store {
                val: v,
                ptr: to,
                align: word,
                volatile: false,
            },
        );
        let next = self.emit(
            "agg.i.next",
            Type::I64,
            InstKind::Bin {
                op: BinOp::Add,
                lhs: i.clone(),
                rhs: Value::i64(1),
                flags: Flags {
                    nuw: true,
                    nsw: true,
                    ..Default::default()
                },
            },
        );
        let latch = self.block();
        self.br(cond_b);
        if let Value::Inst(phi) = i {
            if let InstKind::Phi { incoming } = &mut self.f.inst_mut(phi).kind {
                incoming.push((next, latch));
            }
        }
        self.start(end_b);
    }

    /// A fresh slot for a struct value (`agg.tmp`), in the entry block
    /// after the other allocas.
    fn temp(&mut self, ty: &CType) -> Value {
        let entry = self.f.entry();
        let id = self.f.create_inst(
            "agg.tmp",
            Type::Ptr(addrspace::GENERIC),
            InstKind::Alloca {
                ty: mem_type(ty),
                align: ty.align(),
            },
            self.loc,
        );
        let at = self
            .f
            .block(entry)
            .insts
            .iter()
            .take_while(|&&i| matches!(self.f.inst(i).kind, InstKind::Alloca { .. }))
            .count();
        self.f.block_mut(entry).insts.insert(at, id);
        Value::Inst(id)
    }

    /// Stores the value of `e` (a scalar or a struct) at `ptr`.
    fn store_expr(&mut self, e: &ast::Expr, ptr: Value) {
        if e.ty.is_record() {
            let src = self.agg(e);
            self.copy(ptr, src, &e.ty);
        } else {
            let v = self.rvalue(e);
            self.store(v, ptr, &e.ty);
        }
    }

    fn store(&mut self, val: Value, ptr: Value, ty: &CType) {
        let val = if *ty == CType::Bool {
            self.emit(
                "frombool",
                Type::I8,
                InstKind::Cast {
                    op: CastOp::ZExt,
                    val,
                },
            )
        } else {
            val
        };
        self.emit(
            "",
            Type::Void,
            InstKind::Store {
                val,
                ptr,
                align: ty.align(),
                volatile: false,
            },
        );
    }

    fn load(&mut self, name: &str, ptr: Value, ty: &CType, volatile: bool) -> Value {
        let v = self.emit(
            name,
            mem_type(ty),
            InstKind::Load {
                ptr,
                align: ty.align(),
                volatile,
            },
        );
        if *ty == CType::Bool {
            return self.emit(
                "tobool",
                Type::I1,
                InstKind::Cast {
                    op: CastOp::Trunc,
                    val: v,
                },
            );
        }
        v
    }

    /// `lhs op rhs`, integers of the type of `rhs` (or `lhs` when `rhs`
    /// is not a constant).
    fn bin(&mut self, name: &str, op: BinOp, lhs: Value, rhs: Value) -> Value {
        let ty = match (&rhs, &lhs) {
            (Value::Int(t, _), _) | (_, Value::Int(t, _)) => t.clone(),
            _ => Type::I32,
        };
        self.emit(
            name,
            ty,
            InstKind::Bin {
                op,
                lhs,
                rhs,
                flags: Flags::default(),
            },
        )
    }

    /// Reads the object `e` designates (at `ptr`): a bit-field's bits are
    /// shifted down from its unit and sign- or zero-extended.
    fn load_lvalue(&mut self, name: &str, e: &ast::Expr, ptr: Value) -> Value {
        let Some((off, width)) = bitfield_of(e) else {
            return self.load(name, ptr, &e.ty, false);
        };
        let unit = self.load("bf.load", ptr, &e.ty, false);
        let ty = ir_type(&e.ty);
        let bits = ty.bits();
        if e.ty.is_signed() {
            let up = int_const(ty.clone(), i64::from(bits - off - width));
            let shl = self.bin("bf.shl", BinOp::Shl, unit, up);
            let down = int_const(ty, i64::from(bits - width));
            self.bin(name, BinOp::AShr, shl, down)
        } else {
            let down = int_const(ty.clone(), i64::from(off));
            let shr = self.bin("bf.lshr", BinOp::LShr, unit, down);
            let mask = int_const(ty, low_bits(width));
            self.bin(name, BinOp::And, shr, mask)
        }
    }

    /// Writes `val` to the object `e` designates (at `ptr`): a bit-field
    /// replaces its bits in its unit.
    fn store_lvalue(&mut self, e: &ast::Expr, val: Value, ptr: Value) {
        let Some((off, width)) = bitfield_of(e) else {
            self.store(val, ptr, &e.ty);
            return;
        };
        let unit = self.load("bf.load", ptr.clone(), &e.ty, false);
        let ty = ir_type(&e.ty);
        let field = low_bits(width);
        let v = self.bin("bf.value", BinOp::And, val, int_const(ty.clone(), field));
        let v = self.bin(
            "bf.shl",
            BinOp::Shl,
            v,
            int_const(ty.clone(), i64::from(off)),
        );
        let keep = !(field << off);
        let ty_of_unit = ty.clone();
        let cleared = self.bin("bf.clear", BinOp::And, unit, int_const(ty, keep));
        let new = self.emit(
            "bf.set",
            ty_of_unit,
            InstKind::Bin {
                op: BinOp::Or,
                lhs: cleared,
                rhs: v,
                flags: Flags::default(),
            },
        );
        self.store(new, ptr, &e.ty);
    }

    // ----- statements -----

    fn stmt(&mut self, s: &ast::Stmt) {
        self.set_loc(&s.span);
        match &s.kind {
            StmtKind::Compound(stmts) => {
                for s in stmts {
                    self.stmt(s);
                }
            }
            StmtKind::Decl(decls) => {
                for d in decls {
                    if d.storage == ast::Storage::Shared {
                        continue; // static storage: a module global
                    }
                    self.set_loc(&d.span);
                    if let Some(init) = &d.init {
                        let ptr = self.slots[d.local].clone();
                        self.store_expr(init, ptr);
                    }
                    if let Some(elems) = &d.list {
                        // Each value goes to its offset in the object: an
                        // array of scalars by element index, else by bytes.
                        let base = self.slots[d.local].clone();
                        let elem = base_type(&d.ty).clone();
                        let size = elem.size().unwrap_or(1).max(1);
                        for (off, e) in elems {
                            let ptr = if matches!(d.ty, CType::Array(..)) && e.ty == elem {
                                self.emit(
                                    "arrayinit",
                                    Type::Ptr(addrspace::GENERIC),
                                    InstKind::Gep {
                                        elem_ty: mem_type(&elem),
                                        base: base.clone(),
                                        indices: vec![Value::i64((off / size) as i64)],
                                    },
                                )
                            } else {
                                self.byte_offset(base.clone(), *off, "init")
                            };
                            self.store_expr(e, ptr);
                        }
                    }
                    for e in &d.construct {
                        self.rvalue(e);
                    }
                }
            }
            StmtKind::Expr(e) => {
                self.rvalue(e);
            }
            StmtKind::Empty => {}
            StmtKind::If(c, then, els) => {
                let then_b = self.new_block("if.then");
                let end_b = self.new_block("if.end");
                let else_b = if els.is_some() {
                    self.new_block("if.else")
                } else {
                    end_b
                };
                let cv = self.condition(c);
                self.cond_br(cv, then_b, else_b);
                self.start(then_b);
                self.stmt(then);
                self.br(end_b);
                if let Some(e) = els {
                    self.start(else_b);
                    self.stmt(e);
                    self.br(end_b);
                }
                self.start(end_b);
            }
            StmtKind::While(c, body, unroll) => {
                let cond_b = self.new_block("while.cond");
                let body_b = self.new_block("while.body");
                let end_b = self.new_block("while.end");
                self.br(cond_b);
                self.start(cond_b);
                let cv = self.condition(c);
                self.cond_br(cv, body_b, end_b);
                self.start(body_b);
                self.loops.push(LoopTargets {
                    brk: end_b,
                    cont: Some(cond_b),
                });
                self.stmt(body);
                self.loops.pop();
                let latch = self.cur;
                self.br(cond_b);
                self.hint(latch, *unroll);
                self.start(end_b);
            }
            StmtKind::DoWhile(body, c, unroll) => {
                let body_b = self.new_block("do.body");
                let cond_b = self.new_block("do.cond");
                let end_b = self.new_block("do.end");
                self.br(body_b);
                self.start(body_b);
                self.loops.push(LoopTargets {
                    brk: end_b,
                    cont: Some(cond_b),
                });
                self.stmt(body);
                self.loops.pop();
                self.br(cond_b);
                self.start(cond_b);
                let cv = self.condition(c);
                let latch = self.cur;
                self.cond_br(cv, body_b, end_b);
                self.hint(latch, *unroll);
                self.start(end_b);
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
                unroll,
            } => {
                if let Some(i) = init {
                    self.stmt(i);
                }
                let cond_b = self.new_block("for.cond");
                let body_b = self.new_block("for.body");
                let inc_b = self.new_block("for.inc");
                let end_b = self.new_block("for.end");
                self.br(cond_b);
                self.start(cond_b);
                match cond {
                    Some(c) => {
                        let cv = self.condition(c);
                        self.cond_br(cv, body_b, end_b);
                    }
                    None => self.br(body_b),
                }
                self.start(body_b);
                self.loops.push(LoopTargets {
                    brk: end_b,
                    cont: Some(inc_b),
                });
                self.stmt(body);
                self.loops.pop();
                self.br(inc_b);
                self.start(inc_b);
                if let Some(st) = step {
                    self.set_loc(&st.span);
                    self.rvalue(st);
                }
                let latch = self.cur;
                self.br(cond_b);
                self.hint(latch, *unroll);
                self.start(end_b);
            }
            StmtKind::Return(Some(e)) if e.ty.is_record() => {
                // Into the caller's memory, through `%agg.result`.
                self.store_expr(e, Value::Arg(0));
                self.emit("", Type::Void, InstKind::Ret { val: None });
            }
            StmtKind::Return(e) => {
                let val = e.as_ref().map(|e| self.rvalue(e));
                self.emit("", Type::Void, InstKind::Ret { val });
            }
            StmtKind::Break => {
                if let Some(t) = self.loops.last() {
                    let b = t.brk;
                    self.br(b);
                    self.cur = None;
                }
            }
            StmtKind::Continue => {
                if let Some(b) = self.loops.iter().rev().find_map(|t| t.cont) {
                    self.br(b);
                    self.cur = None;
                }
            }
            StmtKind::Switch(c, body) => self.switch(c, body),
            StmtKind::Case(_) | StmtKind::Default => {
                // The next block of the innermost switch, in label order.
                let Some(sw) = self.switches.last_mut() else {
                    return;
                };
                let Some(&b) = sw.blocks.get(sw.next) else {
                    return;
                };
                sw.next += 1;
                self.br(b);
                self.start(b);
            }
            StmtKind::Label(name) => {
                let b = self.label_block(name);
                self.br(b);
                self.start(b);
            }
            StmtKind::Goto(name) => {
                let b = self.label_block(name);
                self.br(b);
                self.cur = None;
            }
        }
    }

    /// A half-precision built-in on the bits of halves (`i16`): bitcasts to
    /// IR `half` around the operation (isel keeps both in one `%rs` register).
    fn half_builtin(&mut self, op: HalfOp, vals: &[Value], rty: &Type, short: &str) -> Value {
        let half = |s: &mut Self, v: &Value| {
            s.emit(
                "h",
                Type::Half,
                InstKind::Cast {
                    op: CastOp::BitCast,
                    val: v.clone(),
                },
            )
        };
        let bits = |s: &mut Self, v: Value| {
            s.emit(
                short,
                Type::I16,
                InstKind::Cast {
                    op: CastOp::BitCast,
                    val: v,
                },
            )
        };
        match op {
            HalfOp::FromFloat => {
                let h = self.emit(
                    "h",
                    Type::Half,
                    InstKind::Cast {
                        op: CastOp::FPTrunc,
                        val: vals[0].clone(),
                    },
                );
                bits(self, h)
            }
            HalfOp::ToFloat => {
                let h = half(self, &vals[0]);
                self.emit(
                    short,
                    Type::F32,
                    InstKind::Cast {
                        op: CastOp::FPExt,
                        val: h,
                    },
                )
            }
            HalfOp::Arith(bop, contract) => {
                let (a, b) = (half(self, &vals[0]), half(self, &vals[1]));
                let r = self.emit(
                    "h",
                    Type::Half,
                    InstKind::Bin {
                        op: bop,
                        lhs: a,
                        rhs: b,
                        flags: Flags {
                            contract,
                            ..Flags::default()
                        },
                    },
                );
                bits(self, r)
            }
            HalfOp::Fma => {
                let args: Vec<Value> = vals.iter().map(|v| half(self, v)).collect();
                let r = self.emit(
                    "h",
                    Type::Half,
                    InstKind::Call {
                        callee: "llvm.fma.f16".into(),
                        args,
                    },
                );
                bits(self, r)
            }
            HalfOp::Neg => {
                let a = half(self, &vals[0]);
                let r = self.emit("h", Type::Half, InstKind::FNeg(a));
                bits(self, r)
            }
            HalfOp::Compare(pred) => {
                let (a, b) = (half(self, &vals[0]), half(self, &vals[1]));
                let c = self.emit(
                    short,
                    Type::I1,
                    InstKind::FCmp {
                        pred,
                        lhs: a,
                        rhs: b,
                    },
                );
                self.emit(
                    "conv",
                    rty.clone(),
                    InstKind::Cast {
                        op: CastOp::ZExt,
                        val: c,
                    },
                )
            }
        }
    }

    /// The block a `goto` label names (clang names it after the label).
    fn label_block(&mut self, name: &str) -> BlockId {
        if let Some(&b) = self.labels.get(name) {
            return b;
        }
        let b = self.new_block(name);
        self.labels.insert(name.to_string(), b);
        b
    }

    /// A switch as clang emits it: one `switch` on the value, to the case
    /// blocks (`sw.bb`, in label order, falling through to the next) and to
    /// `sw.default`, or past the switch to `sw.epilog`.
    fn switch(&mut self, c: &ast::Expr, body: &ast::Stmt) {
        let mut labels = Vec::new();
        collect_case_labels(body, &mut labels);
        let v = self.rvalue(c);
        let ty = ir_type(&c.ty);
        let epilog = self.new_block("sw.epilog");
        let blocks: Vec<BlockId> = labels
            .iter()
            .map(|l| self.new_block(if l.is_some() { "sw.bb" } else { "sw.default" }))
            .collect();
        let default = labels
            .iter()
            .position(|l| l.is_none())
            .map_or(epilog, |k| blocks[k]);
        let mut cases: Vec<(i64, BlockId)> = Vec::new();
        for (l, b) in labels.iter().zip(&blocks) {
            let Some(value) = l else { continue };
            let value = int_const(ty.clone(), *value).as_int().unwrap_or(0);
            // A repeated value (diagnosed by sema) keeps its first block.
            if !cases.iter().any(|(x, _)| *x == value) {
                cases.push((value, *b));
            }
        }
        self.emit(
            "",
            Type::Void,
            InstKind::Switch {
                val: v,
                default,
                cases,
            },
        );
        self.switches.push(SwitchBlocks { blocks, next: 0 });
        self.loops.push(LoopTargets {
            brk: epilog,
            cont: None,
        });
        self.stmt(body);
        self.loops.pop();
        self.switches.pop();
        self.br(epilog);
        self.start(epilog);
    }

    fn hint(&mut self, latch: Option<BlockId>, unroll: Option<ast::Unroll>) {
        if let (Some(latch), Some(u)) = (latch, unroll) {
            let unroll = match u {
                ast::Unroll::Full => 0,
                ast::Unroll::Count(n) => n.max(1),
            };
            self.f.loop_hints.push(LoopHint { latch, unroll });
        }
    }

    // ----- expressions -----

    /// An expression as an `i1` truth value.
    fn condition(&mut self, e: &ast::Expr) -> Value {
        self.set_loc(&e.span);
        let v = self.rvalue(e);
        self.truth_value(v, &e.ty)
    }

    fn truth_value(&mut self, v: Value, ty: &CType) -> Value {
        match ty {
            CType::Bool => v,
            CType::Float | CType::Double => {
                let zero = if *ty == CType::Float {
                    Value::f32(0.0)
                } else {
                    Value::f64(0.0)
                };
                self.emit(
                    "tobool",
                    Type::I1,
                    InstKind::FCmp {
                        pred: FCmp::Une,
                        lhs: v,
                        rhs: zero,
                    },
                )
            }
            CType::Ptr { .. } => self.emit(
                "tobool",
                Type::I1,
                InstKind::ICmp {
                    pred: ICmp::Ne,
                    lhs: v,
                    rhs: Value::Null(addrspace::GENERIC),
                },
            ),
            t => {
                let it = ir_type(t);
                self.emit(
                    "tobool",
                    Type::I1,
                    InstKind::ICmp {
                        pred: ICmp::Ne,
                        lhs: v,
                        rhs: Value::Int(it, 0),
                    },
                )
            }
        }
    }

    /// The address of an lvalue expression.
    fn lvalue(&mut self, e: &ast::Expr) -> Value {
        match &e.kind {
            ExprKind::Var(id) => self.slots[*id].clone(),
            ExprKind::Global(id) => {
                // A variable in a specific space, used through a generic pointer
                // (memory-space-opt undoes the cast where it can).
                let g = &self.globals[*id];
                let space = storage_space(g.storage).unwrap_or(addrspace::GLOBAL);
                let (name, source) = (g.name.clone(), g.source_name.clone());
                self.emit(
                    &source,
                    Type::Ptr(addrspace::GENERIC),
                    InstKind::Cast {
                        op: CastOp::AddrSpaceCast,
                        val: Value::Global(name, space),
                    },
                )
            }
            ExprKind::Unary(UnOp::Deref, p) => self.rvalue(p),
            ExprKind::Index(p, i) => {
                let base = self.rvalue(p);
                let idx = self.rvalue(i);
                self.gep_index(base, idx, &i.ty, &e.ty, "arrayidx")
            }
            // A member of a struct that is an object or a temporary.
            ExprKind::Field(object, off, name) => {
                let base = self.agg(object);
                self.member(base, &object.ty, *off, name)
            }
            // A constructed object: the constructor's call, then its temporary.
            ExprKind::Comma(a, b) => {
                self.rvalue(a);
                self.lvalue(b)
            }
            // Sema only marks the above as lvalues; anything else was reported.
            _ => Value::Undef(Type::Ptr(addrspace::GENERIC)),
        }
    }

    /// The address of a struct value: an object's own address, or a
    /// temporary (`agg.tmp`) holding a computed one.
    fn agg(&mut self, e: &ast::Expr) -> Value {
        match &e.kind {
            _ if e.lvalue => self.lvalue(e),
            ExprKind::Field(..) => self.lvalue(e),
            ExprKind::Call(..) => self.call(e),
            ExprKind::RecordInit(members) => {
                let t = self.temp(&e.ty);
                for (off, m) in members {
                    let p = self.byte_offset(t.clone(), *off, "init");
                    self.store_expr(m, p);
                }
                t
            }
            ExprKind::Cast { expr, .. } => match expr.ty {
                // `uint3 t = threadIdx;`: the special registers.
                CType::Builtin(b) => {
                    let t = self.temp(&e.ty);
                    for (k, c) in ["x", "y", "z"].iter().enumerate() {
                        let v = self.emit(
                            &format!("{}.{c}", b.sreg()),
                            Type::I32,
                            InstKind::Call {
                                callee: format!("llvm.nvvm.read.ptx.sreg.{}.{c}", b.sreg()),
                                args: vec![],
                            },
                        );
                        let p = self.byte_offset(t.clone(), 4 * k as u64, c);
                        self.store(v, p, &CType::UINT);
                    }
                    t
                }
                _ => self.agg(expr),
            },
            ExprKind::Assign(None, lhs, rhs) => {
                let src = self.agg(rhs);
                let dst = self.lvalue(lhs);
                self.set_loc(&e.span);
                self.copy(dst.clone(), src, &e.ty);
                dst
            }
            ExprKind::Comma(a, b) => {
                self.rvalue(a);
                self.agg(b)
            }
            ExprKind::Cond(c, a, b) => {
                // Each arm copies its struct into one temporary, as clang
                // evaluates an aggregate conditional into its destination
                // (a phi of the arms' addresses would keep them in memory).
                let t = self.temp(&e.ty);
                let cv = self.condition(c);
                let t_b = self.new_block("cond.true");
                let f_b = self.new_block("cond.false");
                let end_b = self.new_block("cond.end");
                self.cond_br(cv, t_b, f_b);
                self.start(t_b);
                self.store_expr(a, t.clone());
                self.br(end_b);
                self.start(f_b);
                self.store_expr(b, t.clone());
                self.br(end_b);
                self.start(end_b);
                t
            }
            _ => Value::Undef(Type::Ptr(addrspace::GENERIC)),
        }
    }

    /// A call of a device function. A struct argument is passed as the
    /// address of a copy (the callee copies it again into its own variable);
    /// a struct result comes back in a temporary whose address is the
    /// call's value.
    fn call(&mut self, e: &ast::Expr) -> Value {
        if let ExprKind::CallPtr(callee, args) = &e.kind {
            // Through a pointer (sema allows no struct argument or result).
            let callee = self.rvalue(callee);
            let args: Vec<Value> = args.iter().map(|a| self.rvalue(a)).collect();
            self.set_loc(&e.span);
            return self.emit(
                "call",
                return_type(&e.ty),
                InstKind::CallIndirect { callee, args },
            );
        }
        let ExprKind::Call(name, args) = &e.kind else {
            return Value::Undef(Type::Void);
        };
        if name == "printf" && !args.is_empty() {
            return self.printf(args);
        }
        let result = e.ty.is_record().then(|| self.temp(&e.ty));
        let mut vals: Vec<Value> = result.iter().cloned().collect();
        for a in args {
            if a.ty.is_record() {
                // A copy of its own (clang's `agg.tmp`): the argument's
                // variable does not escape into the call.
                let src = self.agg(a);
                let t = self.temp(&a.ty);
                self.copy(t.clone(), src, &a.ty);
                vals.push(t);
            } else {
                vals.push(self.rvalue(a));
            }
        }
        self.set_loc(&e.span);
        // Sema named the callee by its symbol (the overload chosen).
        let callee = name.clone();
        let v = self.emit(
            "call",
            return_type(&e.ty),
            InstKind::Call { callee, args: vals },
        );
        result.unwrap_or(v)
    }

    /// `printf(fmt, args…)` in device code is `vprintf(fmt, buffer)`, as
    /// nvcc lowers it: the (already promoted) arguments are stored in a local
    /// buffer, each at an offset aligned to its size.
    fn printf(&mut self, args: &[ast::Expr]) -> Value {
        let fmt = self.rvalue(&args[0]);
        let mut layout = Vec::new();
        let mut size = 0u64;
        for a in &args[1..] {
            let bytes = a.ty.size().unwrap_or(8).clamp(1, 8);
            size = size.div_ceil(bytes) * bytes;
            layout.push((a, size));
            size += bytes;
        }
        let buf = if layout.is_empty() {
            Value::Null(addrspace::GENERIC)
        } else {
            let words = size.div_ceil(8);
            let buf = self.temp(&CType::Array(
                Box::new(CType::Int(ast::IntKind::LongLong)),
                words,
            ));
            for (a, off) in layout {
                let v = self.rvalue(a);
                let p = self.emit(
                    "printf.arg",
                    Type::Ptr(addrspace::GENERIC),
                    InstKind::Gep {
                        elem_ty: Type::I8,
                        base: buf.clone(),
                        indices: vec![Value::i64(off as i64)],
                    },
                );
                self.store(v, p, &a.ty);
            }
            buf
        };
        self.emit(
            "call",
            Type::I32,
            InstKind::Call {
                callee: "vprintf".into(),
                args: vec![fmt, buf],
            },
        )
    }

    /// `base + idx` elements of `elem`, with the index widened to i64 as clang does.
    fn gep_index(
        &mut self,
        base: Value,
        idx: Value,
        idx_ty: &CType,
        elem: &CType,
        name: &str,
    ) -> Value {
        let idx = self.widen_index(idx, idx_ty);
        self.emit(
            name,
            Type::Ptr(addrspace::GENERIC),
            InstKind::Gep {
                elem_ty: mem_type(elem),
                base,
                indices: vec![idx],
            },
        )
    }

    fn widen_index(&mut self, idx: Value, idx_ty: &CType) -> Value {
        match (ir_type(idx_ty), idx) {
            (Type::I64, v) => v,
            (_, Value::Int(_, c)) => Value::i64(if idx_ty.is_signed() {
                c
            } else {
                c & 0xffff_ffff
            }),
            (_, v) => {
                let op = if idx_ty.is_signed() {
                    CastOp::SExt
                } else {
                    CastOp::ZExt
                };
                self.emit("idxprom", Type::I64, InstKind::Cast { op, val: v })
            }
        }
    }

    /// The value of an expression; for a struct, the address of its value.
    fn rvalue(&mut self, e: &ast::Expr) -> Value {
        if e.ty.is_record() {
            return self.agg(e);
        }
        match &e.kind {
            ExprKind::IntLit(v) => match &e.ty {
                CType::Ptr { .. } => Value::Null(addrspace::GENERIC),
                t => int_const(ir_type(t), *v as i64),
            },
            ExprKind::FloatLit(v) => match e.ty {
                CType::Float => Value::f32(*v as f32),
                _ => Value::f64(*v),
            },
            ExprKind::BoolLit(b) => Value::bool(*b),
            ExprKind::StrLit(bytes) => self.string(bytes),
            ExprKind::Var(id) => {
                let name = self.src.locals[*id].name.clone();
                let ptr = self.slots[*id].clone();
                self.load(&name, ptr, &e.ty, false)
            }
            ExprKind::SpecialReg(b, comp) => {
                let c = ["x", "y", "z"][*comp as usize];
                let callee = format!("llvm.nvvm.read.ptx.sreg.{}.{c}", b.sreg());
                self.emit(
                    &format!("{}.{c}", b.sreg()),
                    Type::I32,
                    InstKind::Call {
                        callee,
                        args: vec![],
                    },
                )
            }
            ExprKind::Global(id) => {
                let name = self.globals[*id].source_name.clone();
                let ptr = self.lvalue(e);
                self.load(&name, ptr, &e.ty, false)
            }
            ExprKind::Index(..) | ExprKind::Unary(UnOp::Deref, _) => {
                let ptr = self.lvalue(e);
                let name = if matches!(e.kind, ExprKind::Index(..)) {
                    "arrayval"
                } else {
                    "deref"
                };
                self.load(name, ptr, &e.ty, false)
            }
            ExprKind::Unary(UnOp::AddrOf, inner) => self.lvalue(inner),
            ExprKind::Unary(
                op @ (UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec),
                inner,
            ) => {
                let ptr = self.lvalue(inner);
                let name = match &inner.kind {
                    ExprKind::Var(id) => self.src.locals[*id].name.clone(),
                    _ => "val".to_string(),
                };
                let old = self.load_lvalue(&name, inner, ptr.clone());
                let inc = matches!(op, UnOp::PreInc | UnOp::PostInc);
                let new = self.step(old.clone(), &inner.ty, inc);
                self.store_lvalue(inner, new.clone(), ptr);
                if matches!(op, UnOp::PreInc | UnOp::PreDec) {
                    new
                } else {
                    old
                }
            }
            ExprKind::Unary(UnOp::Not, inner) => {
                let v = self.rvalue(inner);
                let b = self.truth_value(v, &inner.ty);
                self.emit(
                    "lnot",
                    Type::I1,
                    InstKind::Bin {
                        op: BinOp::Xor,
                        lhs: b,
                        rhs: Value::bool(true),
                        flags: Flags::default(),
                    },
                )
            }
            ExprKind::Unary(UnOp::Plus, inner) => self.rvalue(inner),
            ExprKind::Unary(UnOp::Neg, inner) => {
                let v = self.rvalue(inner);
                let ty = ir_type(&e.ty);
                if ty.is_float() {
                    // `-0.25` is a constant, as clang's constant evaluator makes it.
                    match crate::ir::fold::fneg(&v) {
                        Some(c) => c,
                        None => self.emit("fneg", ty, InstKind::FNeg(v)),
                    }
                } else {
                    let flags = Flags {
                        nsw: e.ty.is_signed(),
                        ..Default::default()
                    };
                    self.emit(
                        "sub",
                        ty.clone(),
                        InstKind::Bin {
                            op: BinOp::Sub,
                            lhs: Value::Int(ty, 0),
                            rhs: v,
                            flags,
                        },
                    )
                }
            }
            ExprKind::Unary(UnOp::BitNot, inner) => {
                let v = self.rvalue(inner);
                let ty = ir_type(&e.ty);
                self.emit(
                    "not",
                    ty.clone(),
                    InstKind::Bin {
                        op: BinOp::Xor,
                        lhs: v,
                        rhs: Value::Int(ty, -1),
                        flags: Flags::default(),
                    },
                )
            }
            ExprKind::Binary(AstBin::LogAnd | AstBin::LogOr, ..) => self.logical(e),
            ExprKind::Binary(op, a, b) => {
                let av = self.rvalue(a);
                let bv = self.rvalue(b);
                self.set_loc(&e.span);
                self.binary(*op, av, &a.ty, bv, &b.ty)
            }
            ExprKind::Assign(op, lhs, rhs) => {
                let rv = self.rvalue(rhs);
                let ptr = self.lvalue(lhs);
                self.set_loc(&e.span);
                let val = match op {
                    None => rv,
                    Some(op) => {
                        let name = match &lhs.kind {
                            ExprKind::Var(id) => self.src.locals[*id].name.clone(),
                            _ => "val".to_string(),
                        };
                        let old = self.load_lvalue(&name, lhs, ptr.clone());
                        if lhs.ty.is_pointer() {
                            self.binary(*op, old, &lhs.ty, rv, &rhs.ty)
                        } else {
                            // Compute in the type of `lhs op rhs` (sema converted the right
                            // operand to it; a shift computes in the promoted left type),
                            // then convert back.
                            let comp = if matches!(op, AstBin::Shl | AstBin::Shr) {
                                crate::frontend::sema::promote(&lhs.ty)
                            } else {
                                rhs.ty.clone()
                            };
                            let wide = self.convert(old, &lhs.ty, &comp);
                            let r = self.binary(*op, wide, &comp, rv, &rhs.ty);
                            self.convert(r, &comp, &lhs.ty)
                        }
                    }
                };
                self.store_lvalue(lhs, val.clone(), ptr);
                val
            }
            ExprKind::Cond(c, a, b) => {
                let cv = self.condition(c);
                let t_b = self.new_block("cond.true");
                let f_b = self.new_block("cond.false");
                let end_b = self.new_block("cond.end");
                self.cond_br(cv, t_b, f_b);
                self.start(t_b);
                let av = self.rvalue(a);
                let a_end = self.block();
                self.br(end_b);
                self.start(f_b);
                let bv = self.rvalue(b);
                let b_end = self.block();
                self.br(end_b);
                self.start(end_b);
                if e.ty == CType::Void {
                    return Value::Undef(Type::Void);
                }
                self.emit(
                    "cond",
                    ir_type(&e.ty),
                    InstKind::Phi {
                        incoming: vec![(av, a_end), (bv, b_end)],
                    },
                )
            }
            ExprKind::Comma(a, b) => {
                self.rvalue(a);
                self.rvalue(b)
            }
            ExprKind::Call(..) | ExprKind::CallPtr(..) => self.call(e),
            // A function's address: `@f`, a generic pointer.
            ExprKind::FuncAddr(symbol) => Value::Global(symbol.clone(), addrspace::GENERIC),
            ExprKind::Field(_, _, name) => {
                let ptr = self.lvalue(e);
                self.load_lvalue(name, e, ptr)
            }
            ExprKind::BuiltinCall(index, _, args) => {
                let vals: Vec<Value> = args.iter().map(|a| self.rvalue(a)).collect();
                self.set_loc(&e.span);
                self.builtin(*index, args, vals, &e.ty)
            }
            ExprKind::Cast { expr, .. } => {
                if let CType::Array(..) = expr.ty {
                    // Array-to-pointer decay: the array's address is its first element's.
                    return self.lvalue(expr);
                }
                let v = self.rvalue(expr);
                self.convert(v, &expr.ty, &e.ty)
            }
            ExprKind::SizeofType(t) => int_const(ir_type(&e.ty), t.size().unwrap_or(0) as i64),
            ExprKind::Ident(_)
            | ExprKind::TemplateCall(..)
            | ExprKind::Builtin(_)
            | ExprKind::Member(..)
            | ExprKind::Arrow(..)
            | ExprKind::NamedCast(..)
            | ExprKind::Construct(..)
            | ExprKind::MemberCall(..)
            | ExprKind::RecordInit(_) => Value::Undef(ir_type(&e.ty)),
        }
    }

    /// A string literal: a constant global (`$str`, `$str$1`, … as NVVM names
    /// them in PTX) holding the bytes and a NUL, used through a generic pointer.
    fn string(&mut self, bytes: &[u8]) -> Value {
        let mut data = bytes.to_vec();
        data.push(0);
        let existing = self
            .strings
            .iter()
            .find(|(d, _)| *d == data)
            .map(|(_, n)| n.clone());
        let name = match existing {
            Some(n) => n,
            None => {
                let n = if self.strings.is_empty() {
                    "$str".to_string()
                } else {
                    format!("$str${}", self.strings.len())
                };
                self.strings.push((data, n.clone()));
                n
            }
        };
        self.emit(
            "str",
            Type::Ptr(addrspace::GENERIC),
            InstKind::Cast {
                op: CastOp::AddrSpaceCast,
                val: Value::Global(name, addrspace::GLOBAL),
            },
        )
    }

    /// A built-in call, as `frontend::builtins` says it lowers.
    fn builtin(
        &mut self,
        index: usize,
        args: &[ast::Expr],
        vals: Vec<Value>,
        ret: &CType,
    ) -> Value {
        use crate::frontend::builtins::{get, Lowering};
        let b = get(index);
        let rty = ir_type(ret);
        let short = b.name.trim_start_matches('_');
        match b.lowering {
            Lowering::Intrinsic(template) if template.contains('{') => {
                // `llvm.sqrt.{}` → `llvm.sqrt.f64`; `{ftz}` → `.ftz` under -ftz.
                let ftz = if self.opts.ftz { ".ftz" } else { "" };
                let suffix = match rty {
                    Type::F32 | Type::F64 => float_name(&rty).to_string(),
                    ref t => t.to_string(),
                };
                // The float overload: by its result, or by its first
                // argument where the result is not a float (`ilogb`, `sincos`).
                let first = vals.first().map(|v| self.f.value_type(v));
                let float_arg = !rty.is_float() && first == Some(Type::F32);
                let f = if rty == Type::F32 || float_arg {
                    "f"
                } else {
                    ""
                };
                let callee = template
                    .replace("{ftz}", ftz)
                    .replace("{f}", f)
                    .replace("{}", &suffix);
                self.emit(short, rty, InstKind::Call { callee, args: vals })
            }
            Lowering::MinMax(max) => {
                let (a, b) = (vals[0].clone(), vals[1].clone());
                if ret.is_float() {
                    let callee = format!(
                        "llvm.{}.{}",
                        if max { "maxnum" } else { "minnum" },
                        float_name(&rty)
                    );
                    return self.emit(short, rty, InstKind::Call { callee, args: vals });
                }
                // min(a, b) = a < b ? a : b (isel selects min.s32/max.u32).
                let pred = match (max, ret.is_signed()) {
                    (false, true) => ICmp::Slt,
                    (false, false) => ICmp::Ult,
                    (true, true) => ICmp::Sgt,
                    (true, false) => ICmp::Ugt,
                };
                let c = self.emit(
                    "cmp",
                    Type::I1,
                    InstKind::ICmp {
                        pred,
                        lhs: a.clone(),
                        rhs: b.clone(),
                    },
                );
                self.emit(
                    short,
                    rty,
                    InstKind::Select {
                        cond: c,
                        t: a,
                        f: b,
                    },
                )
            }
            Lowering::Abs => {
                let x = vals[0].clone();
                if ret.is_float() {
                    let callee = format!("llvm.fabs.{}", float_name(&rty));
                    return self.emit(short, rty, InstKind::Call { callee, args: vals });
                }
                // abs(x) = x < 0 ? -x : x (isel selects abs.s32).
                let neg = self.emit(
                    "neg",
                    rty.clone(),
                    InstKind::Bin {
                        op: BinOp::Sub,
                        lhs: Value::Int(rty.clone(), 0),
                        rhs: x.clone(),
                        flags: Flags::default(),
                    },
                );
                let c = self.emit(
                    "isneg",
                    Type::I1,
                    InstKind::ICmp {
                        pred: ICmp::Slt,
                        lhs: x.clone(),
                        rhs: Value::Int(rty.clone(), 0),
                    },
                );
                self.emit(
                    short,
                    rty,
                    InstKind::Select {
                        cond: c,
                        t: neg,
                        f: x,
                    },
                )
            }
            Lowering::FastExp(_) | Lowering::FastLog(_) | Lowering::FastPow | Lowering::FastTan => {
                let ftz = if self.opts.ftz { ".ftz" } else { "" };
                let flags = Flags {
                    contract: self.opts.fmad,
                    ..Default::default()
                };
                let approx = |g: &mut Self, name: &str, op: &str, args: Vec<Value>| {
                    let callee = format!("llvm.nvvm.{op}.approx{ftz}.f");
                    g.emit(name, Type::F32, InstKind::Call { callee, args })
                };
                let mul = |g: &mut Self, name: &str, lhs: Value, rhs: Value| {
                    g.emit(
                        name,
                        Type::F32,
                        InstKind::Bin {
                            op: BinOp::FMul,
                            lhs,
                            rhs,
                            flags,
                        },
                    )
                };
                match b.lowering {
                    // 2^(x·scale), the scale rounded to float as NVRTC's 0f3FB8AA3B.
                    Lowering::FastExp(scale) => {
                        let m = mul(self, "mul", vals[0].clone(), Value::f32(scale));
                        approx(self, short, "ex2", vec![m])
                    }
                    Lowering::FastLog(scale) => {
                        let l = approx(self, "lg2", "lg2", vals);
                        mul(self, short, l, Value::f32(scale))
                    }
                    Lowering::FastPow => {
                        let l = approx(self, "lg2", "lg2", vec![vals[0].clone()]);
                        let m = mul(self, "mul", vals[1].clone(), l);
                        approx(self, short, "ex2", vec![m])
                    }
                    _ => {
                        let sn = approx(self, "sin", "sin", vec![vals[0].clone()]);
                        let cs = approx(self, "cos", "cos", vec![vals[0].clone()]);
                        approx(self, short, "div", vec![sn, cs])
                    }
                }
            }
            Lowering::Bitcast => self.emit(
                short,
                rty,
                InstKind::Cast {
                    op: CastOp::BitCast,
                    val: vals[0].clone(),
                },
            ),
            Lowering::Convert => self.convert(vals[0].clone(), &args[0].ty, ret),
            Lowering::Intrinsic(name) => {
                // Predicates are passed to votes as i1.
                let vals = if name.starts_with("llvm.nvvm.vote") {
                    let p = self.truth_value(vals[1].clone(), &args[1].ty);
                    vec![vals[0].clone(), p]
                } else {
                    vals
                };
                let ty = match name {
                    "llvm.nvvm.vote.any.sync" | "llvm.nvvm.vote.all.sync" => Type::I1,
                    "llvm.ctpop.i64" | "llvm.ctlz.i64" => Type::I64,
                    _ => rty.clone(),
                };
                let v = self.emit(
                    short,
                    ty.clone(),
                    InstKind::Call {
                        callee: name.to_string(),
                        args: vals,
                    },
                );
                if ty == rty || rty == Type::Void {
                    v
                } else if ty == Type::I1 {
                    self.emit(
                        "conv",
                        rty,
                        InstKind::Cast {
                            op: CastOp::ZExt,
                            val: v,
                        },
                    )
                } else {
                    self.emit(
                        "conv",
                        rty,
                        InstKind::Cast {
                            op: CastOp::Trunc,
                            val: v,
                        },
                    )
                }
            }
            Lowering::Atomic(op, scope) => {
                let float = ret.is_float();
                let op = match op {
                    AtomicOp::Add if float => AtomicOp::FAdd,
                    AtomicOp::Max if !ret.is_signed() => AtomicOp::UMax,
                    AtomicOp::Min if !ret.is_signed() => AtomicOp::UMin,
                    op => op,
                };
                self.emit(
                    short,
                    rty,
                    InstKind::AtomicRmw {
                        op,
                        ptr: vals[0].clone(),
                        val: vals[1].clone(),
                        scope,
                    },
                )
            }
            Lowering::AtomicSub(scope) => {
                let neg = self.emit(
                    "neg",
                    rty.clone(),
                    InstKind::Bin {
                        op: BinOp::Sub,
                        lhs: Value::Int(rty.clone(), 0),
                        rhs: vals[1].clone(),
                        flags: Flags::default(),
                    },
                );
                self.emit(
                    short,
                    rty,
                    InstKind::AtomicRmw {
                        op: AtomicOp::Add,
                        ptr: vals[0].clone(),
                        val: neg,
                        scope,
                    },
                )
            }
            Lowering::CmpXchg(scope) => self.emit(
                short,
                rty,
                InstKind::CmpXchg {
                    ptr: vals[0].clone(),
                    cmp: vals[1].clone(),
                    new: vals[2].clone(),
                    scope,
                },
            ),
            Lowering::Fence(scope) => self.emit("", Type::Void, InstKind::Fence { scope }),
            Lowering::Shuffle(mode) => {
                // The `c` operand packs the segment mask and the clamp:
                // ((warpSize - width) << 8) | (up ? 0 : 31).
                let width = vals[3].clone();
                let seg = self.emit(
                    "shfl.seg",
                    Type::I32,
                    InstKind::Bin {
                        op: BinOp::Sub,
                        lhs: Value::i32(32),
                        rhs: width,
                        flags: Flags::default(),
                    },
                );
                let seg = self.emit(
                    "shfl.seg",
                    Type::I32,
                    InstKind::Bin {
                        op: BinOp::Shl,
                        lhs: seg,
                        rhs: Value::i32(8),
                        flags: Flags::default(),
                    },
                );
                let c = if mode == "up" {
                    seg
                } else {
                    self.emit(
                        "shfl.c",
                        Type::I32,
                        InstKind::Bin {
                            op: BinOp::Or,
                            lhs: seg,
                            rhs: Value::i32(31),
                            flags: Flags::default(),
                        },
                    )
                };
                let suffix = if rty == Type::F32 { "f32" } else { "i32" };
                let callee = format!("llvm.nvvm.shfl.sync.{mode}.{suffix}");
                self.emit(
                    short,
                    rty,
                    InstKind::Call {
                        callee,
                        args: vec![vals[0].clone(), vals[1].clone(), vals[2].clone(), c],
                    },
                )
            }
            Lowering::Half(op) => self.half_builtin(op, &vals, &rty, short),
            Lowering::Match(all) => {
                // The value's bits: floats as integers of their width.
                let v = vals[1].clone();
                let vt = self.f.value_type(&v);
                let it = if vt.bits() == 64 {
                    Type::I64
                } else {
                    Type::I32
                };
                let v = if vt.is_float() {
                    self.emit(
                        "bits",
                        it.clone(),
                        InstKind::Cast {
                            op: CastOp::BitCast,
                            val: v,
                        },
                    )
                } else {
                    v
                };
                let kind = if all { "all" } else { "any" };
                let m = self.emit(
                    short,
                    Type::I32,
                    InstKind::Call {
                        callee: format!("llvm.nvvm.match.{kind}.sync.{it}"),
                        args: vec![vals[0].clone(), v],
                    },
                );
                if all {
                    // *pred = every lane named agreed, i.e. the result is not 0.
                    let ok = self.emit(
                        "match.pred",
                        Type::I1,
                        InstKind::ICmp {
                            pred: ICmp::Ne,
                            lhs: m.clone(),
                            rhs: Value::i32(0),
                        },
                    );
                    let ok = self.emit(
                        "match.pred",
                        Type::I32,
                        InstKind::Cast {
                            op: CastOp::ZExt,
                            val: ok,
                        },
                    );
                    self.emit(
                        "",
                        Type::Void,
                        InstKind::Store {
                            val: ok,
                            ptr: vals[2].clone(),
                            align: 4,
                            volatile: false,
                        },
                    );
                }
                m
            }
            Lowering::FindFirstSet => {
                // ffs(x) = x == 0 ? 0 : cttz(x) + 1
                let x = vals[0].clone();
                let xt = self.f.value_type(&x);
                let callee = format!("llvm.cttz.{xt}");
                let tz = self.emit(
                    "cttz",
                    xt.clone(),
                    InstKind::Call {
                        callee,
                        args: vec![x.clone()],
                    },
                );
                let tz = if xt == Type::I32 {
                    tz
                } else {
                    self.emit(
                        "cttz.trunc",
                        Type::I32,
                        InstKind::Cast {
                            op: CastOp::Trunc,
                            val: tz,
                        },
                    )
                };
                let pos = self.emit(
                    "ffs.pos",
                    Type::I32,
                    InstKind::Bin {
                        op: BinOp::Add,
                        lhs: tz,
                        rhs: Value::i32(1),
                        flags: Flags::default(),
                    },
                );
                let zero = self.emit(
                    "ffs.zero",
                    Type::I1,
                    InstKind::ICmp {
                        pred: ICmp::Eq,
                        lhs: x,
                        rhs: Value::Int(xt, 0),
                    },
                );
                self.emit(
                    "ffs",
                    Type::I32,
                    InstKind::Select {
                        cond: zero,
                        t: Value::i32(0),
                        f: pos,
                    },
                )
            }
            Lowering::MemOp(set) => self.mem_op(set, &vals),
            Lowering::FunnelShift(name) => {
                let args = vec![vals[1].clone(), vals[0].clone(), vals[2].clone()];
                self.emit(
                    short,
                    rty,
                    InstKind::Call {
                        callee: name.to_string(),
                        args,
                    },
                )
            }
        }
    }

    /// `memcpy(d, s, n)` / `memset(d, c, n)` (`set`) byte by byte, as NVPTX
    /// expands them for pointers of unknown alignment: a constant `n` up to
    /// 128 bytes (its `max-aggr-copy-size`) unrolled — the loads first, then
    /// the stores — anything else a loop. Returns `d`.
    fn mem_op(&mut self, set: bool, vals: &[Value]) -> Value {
        const UNROLL_MAX: i64 = 128;
        let (d, src, n) = (vals[0].clone(), vals[1].clone(), vals[2].clone());
        let name = if set { "memset" } else { "memcpy" };
        let byte = if set {
            self.emit(
                "memset.byte",
                Type::I8,
                InstKind::Cast {
                    op: CastOp::Trunc,
                    val: src.clone(),
                },
            )
        } else {
            src.clone()
        };
        let at = |g: &mut Self, base: &Value, i: Value, what: &str| {
            g.emit(
                &format!("{name}.{what}"),
                Type::Ptr(addrspace::GENERIC),
                InstKind::Gep {
                    elem_ty: Type::I8,
                    base: base.clone(),
                    indices: vec![i],
                },
            )
        };
        let load = |g: &mut Self, i: Value| {
            let p = at(g, &src, i, "src");
            g.emit(
                &format!("{name}.b"),
                Type::I8,
                InstKind::Load {
                    ptr: p,
                    align: 1,
                    volatile: false,
                },
            )
        };
        let store = |g: &mut Self, i: Value, val: Value| {
            let p = at(g, &d, i, "dst");
            g.emit(
                "",
                Type::Void,
                InstKind::Store {
                    val,
                    ptr: p,
                    align: 1,
                    volatile: false,
                },
            );
        };
        if let Some(count) = n.as_int().filter(|c| (0..=UNROLL_MAX).contains(c)) {
            let bytes: Vec<Value> = (0..count)
                .map(|k| {
                    if set {
                        byte.clone()
                    } else {
                        load(self, Value::i64(k))
                    }
                })
                .collect();
            for (k, b) in bytes.into_iter().enumerate() {
                store(self, Value::i64(k as i64), b);
            }
            return d;
        }
        let before = self.block();
        let body = self.new_block(&format!("{name}.loop"));
        let end = self.new_block(&format!("{name}.end"));
        let empty = self.emit(
            &format!("{name}.empty"),
            Type::I1,
            InstKind::ICmp {
                pred: ICmp::Eq,
                lhs: n.clone(),
                rhs: Value::i64(0),
            },
        );
        self.cond_br(empty, end, body);
        self.start(body);
        let i = self.emit(
            &format!("{name}.i"),
            Type::I64,
            InstKind::Phi {
                incoming: vec![(Value::i64(0), before)],
            },
        );
        let b = if set { byte } else { load(self, i.clone()) };
        store(self, i.clone(), b);
        let next = self.emit(
            &format!("{name}.next"),
            Type::I64,
            InstKind::Bin {
                op: BinOp::Add,
                lhs: i.clone(),
                rhs: Value::i64(1),
                flags: Flags {
                    nuw: true,
                    ..Flags::default()
                },
            },
        );
        let more = self.emit(
            &format!("{name}.more"),
            Type::I1,
            InstKind::ICmp {
                pred: ICmp::Ult,
                lhs: next.clone(),
                rhs: n,
            },
        );
        let latch = self.block();
        self.cond_br(more, body, end);
        if let (Value::Inst(phi), Value::Inst(_)) = (&i, &next) {
            if let InstKind::Phi { incoming } = &mut self.f.inst_mut(*phi).kind {
                incoming.push((next.clone(), latch));
            }
        }
        self.start(end);
        d
    }

    /// `++`/`--` on a scalar of type `ty`.
    fn step(&mut self, v: Value, ty: &CType, inc: bool) -> Value {
        let name = if inc { "inc" } else { "dec" };
        match ty {
            CType::Ptr { pointee, .. } => {
                let d = if inc { 1 } else { -1 };
                self.emit(
                    if inc { "incdec.ptr" } else { "decdec.ptr" },
                    Type::Ptr(addrspace::GENERIC),
                    InstKind::Gep {
                        elem_ty: mem_type(pointee),
                        base: v,
                        indices: vec![Value::i64(d)],
                    },
                )
            }
            CType::Float | CType::Double => {
                let one = if *ty == CType::Float {
                    Value::f32(1.0)
                } else {
                    Value::f64(1.0)
                };
                let op = if inc { BinOp::FAdd } else { BinOp::FSub };
                self.emit(
                    name,
                    ir_type(ty),
                    InstKind::Bin {
                        op,
                        lhs: v,
                        rhs: one,
                        flags: Flags::default(),
                    },
                )
            }
            CType::Bool => Value::bool(inc),
            t => {
                let it = ir_type(t);
                let op = if inc { BinOp::Add } else { BinOp::Sub };
                let flags = Flags {
                    nsw: t.is_signed(),
                    ..Default::default()
                };
                self.emit(
                    name,
                    it.clone(),
                    InstKind::Bin {
                        op,
                        lhs: v,
                        rhs: Value::Int(it, 1),
                        flags,
                    },
                )
            }
        }
    }

    fn logical(&mut self, e: &ast::Expr) -> Value {
        let ExprKind::Binary(op, a, b) = &e.kind else {
            unreachable!("logical() is called on && and ||")
        };
        let is_and = *op == AstBin::LogAnd;
        let av = self.condition(a);
        let from = self.block();
        let rhs_b = self.new_block(if is_and { "land.rhs" } else { "lor.rhs" });
        let end_b = self.new_block(if is_and { "land.end" } else { "lor.end" });
        if is_and {
            self.cond_br(av, rhs_b, end_b);
        } else {
            self.cond_br(av, end_b, rhs_b);
        }
        self.start(rhs_b);
        let bv = self.condition(b);
        let rhs_end = self.block();
        self.br(end_b);
        self.start(end_b);
        let short = Value::bool(!is_and);
        self.emit(
            if is_and { "land" } else { "lor" },
            Type::I1,
            InstKind::Phi {
                incoming: vec![(short, from), (bv, rhs_end)],
            },
        )
    }

    fn binary(&mut self, op: AstBin, a: Value, aty: &CType, b: Value, bty: &CType) -> Value {
        // Pointer arithmetic.
        if let CType::Ptr { pointee, .. } = aty {
            if bty.is_integer() {
                let idx = if op == AstBin::Sub {
                    let it = ir_type(bty);
                    self.emit(
                        "idx.neg",
                        it.clone(),
                        InstKind::Bin {
                            op: BinOp::Sub,
                            lhs: Value::Int(it, 0),
                            rhs: b,
                            flags: Flags::default(),
                        },
                    )
                } else {
                    b
                };
                return self.gep_index(a, idx, bty, pointee, "add.ptr");
            }
            if op == AstBin::Sub {
                let size = pointee.size().unwrap_or(1).max(1) as i64;
                let ai = self.emit(
                    "sub.ptr.lhs.cast",
                    Type::I64,
                    InstKind::Cast {
                        op: CastOp::PtrToInt,
                        val: a,
                    },
                );
                let bi = self.emit(
                    "sub.ptr.rhs.cast",
                    Type::I64,
                    InstKind::Cast {
                        op: CastOp::PtrToInt,
                        val: b,
                    },
                );
                let d = self.emit(
                    "sub.ptr.sub",
                    Type::I64,
                    InstKind::Bin {
                        op: BinOp::Sub,
                        lhs: ai,
                        rhs: bi,
                        flags: Flags::default(),
                    },
                );
                if size == 1 {
                    return d;
                }
                let flags = Flags {
                    exact: true,
                    ..Default::default()
                };
                return self.emit(
                    "sub.ptr.div",
                    Type::I64,
                    InstKind::Bin {
                        op: BinOp::SDiv,
                        lhs: d,
                        rhs: Value::i64(size),
                        flags,
                    },
                );
            }
            // Pointers compare as unsigned addresses.
            let pred = int_predicate(op, false);
            return self.emit(
                "cmp",
                Type::I1,
                InstKind::ICmp {
                    pred,
                    lhs: a,
                    rhs: b,
                },
            );
        }
        let ty = ir_type(aty);
        let signed = aty.is_signed();
        if aty.is_float() {
            if op.is_comparison() {
                let pred = match op {
                    AstBin::Lt => FCmp::Olt,
                    AstBin::Le => FCmp::Ole,
                    AstBin::Gt => FCmp::Ogt,
                    AstBin::Ge => FCmp::Oge,
                    AstBin::Eq => FCmp::Oeq,
                    _ => FCmp::Une,
                };
                return self.emit(
                    "cmp",
                    Type::I1,
                    InstKind::FCmp {
                        pred,
                        lhs: a,
                        rhs: b,
                    },
                );
            }
            let (bop, name) = match op {
                AstBin::Add => (BinOp::FAdd, "add"),
                AstBin::Sub => (BinOp::FSub, "sub"),
                AstBin::Mul => (BinOp::FMul, "mul"),
                AstBin::Div => (BinOp::FDiv, "div"),
                _ => (BinOp::FRem, "rem"),
            };
            // nvcc lets a*b+c become an fma when -fmad=true.
            let flags = Flags {
                contract: self.opts.fmad,
                ..Default::default()
            };
            return self.emit(
                name,
                ty,
                InstKind::Bin {
                    op: bop,
                    lhs: a,
                    rhs: b,
                    flags,
                },
            );
        }
        if op.is_comparison() {
            let pred = int_predicate(op, signed);
            return self.emit(
                "cmp",
                Type::I1,
                InstKind::ICmp {
                    pred,
                    lhs: a,
                    rhs: b,
                },
            );
        }
        let nsw = Flags {
            nsw: signed,
            ..Default::default()
        };
        let (bop, name, flags) = match op {
            AstBin::Add => (BinOp::Add, "add", nsw),
            AstBin::Sub => (BinOp::Sub, "sub", nsw),
            AstBin::Mul => (BinOp::Mul, "mul", nsw),
            AstBin::Div => (
                if signed { BinOp::SDiv } else { BinOp::UDiv },
                "div",
                Flags::default(),
            ),
            AstBin::Rem => (
                if signed { BinOp::SRem } else { BinOp::URem },
                "rem",
                Flags::default(),
            ),
            AstBin::Shl => (BinOp::Shl, "shl", Flags::default()),
            AstBin::Shr => (
                if signed { BinOp::AShr } else { BinOp::LShr },
                "shr",
                Flags::default(),
            ),
            AstBin::BitAnd => (BinOp::And, "and", Flags::default()),
            AstBin::BitOr => (BinOp::Or, "or", Flags::default()),
            _ => (BinOp::Xor, "xor", Flags::default()),
        };
        // A shift count has its own type; C shifts it to the left's width.
        let b = if matches!(op, AstBin::Shl | AstBin::Shr) {
            self.convert(b, bty, aty)
        } else {
            b
        };
        self.emit(
            name,
            ty,
            InstKind::Bin {
                op: bop,
                lhs: a,
                rhs: b,
                flags,
            },
        )
    }

    /// Converts a value between C scalar types.
    fn convert(&mut self, v: Value, from: &CType, to: &CType) -> Value {
        if from == to || *to == CType::Void {
            return v;
        }
        if *to == CType::Bool {
            return self.truth_value(v, from);
        }
        let (ft, tt) = (ir_type(from), ir_type(to));
        let op = match (from, to) {
            (CType::Ptr { .. }, CType::Ptr { .. }) => return v,
            (CType::Bool, t) if t.is_integer() => CastOp::ZExt,
            (CType::Bool, t) if t.is_float() => CastOp::UIToFP,
            (f, t) if f.is_integer() && t.is_integer() => match ft.bits().cmp(&tt.bits()) {
                std::cmp::Ordering::Equal => return retype(v, tt),
                std::cmp::Ordering::Greater => CastOp::Trunc,
                std::cmp::Ordering::Less if f.is_signed() => CastOp::SExt,
                std::cmp::Ordering::Less => CastOp::ZExt,
            },
            (f, t) if f.is_integer() && t.is_float() => {
                if f.is_signed() {
                    CastOp::SIToFP
                } else {
                    CastOp::UIToFP
                }
            }
            (f, t) if f.is_float() && t.is_integer() => {
                if t.is_signed() {
                    CastOp::FPToSI
                } else {
                    CastOp::FPToUI
                }
            }
            (CType::Float, CType::Double) => CastOp::FPExt,
            (CType::Double, CType::Float) => CastOp::FPTrunc,
            (f, CType::Ptr { .. }) if f.is_integer() => {
                if let Value::Int(_, 0) = v {
                    return Value::Null(addrspace::GENERIC);
                }
                let wide = self.convert(v, from, &CType::Int(ast::IntKind::Long));
                return self.emit(
                    "conv",
                    tt,
                    InstKind::Cast {
                        op: CastOp::IntToPtr,
                        val: wide,
                    },
                );
            }
            (CType::Ptr { .. }, t) if t.is_integer() => {
                let i = self.emit(
                    "conv",
                    Type::I64,
                    InstKind::Cast {
                        op: CastOp::PtrToInt,
                        val: v,
                    },
                );
                return self.convert(i, &CType::Int(ast::IntKind::Long), to);
            }
            _ => return v,
        };
        if let Some(c) = crate::ir::fold::cast(op, &v, &ft, &tt) {
            return c;
        }
        self.emit("conv", tt, InstKind::Cast { op, val: v })
    }
}

/// The bits of a bit-field member expression: first bit and width.
fn bitfield_of(e: &ast::Expr) -> Option<(u32, u32)> {
    match (&e.kind, e.ty.is_integer()) {
        (ExprKind::Field(object, _, name), true) => match &object.ty {
            CType::Record(r) => r.bitfield(name),
            _ => None,
        },
        _ => None,
    }
}

/// An integer with the low `n` bits set.
fn low_bits(n: u32) -> i64 {
    if n >= 64 {
        -1
    } else {
        (1i64 << n) - 1
    }
}

/// The case labels of a switch body in order (`None`: `default`), not
/// looking into nested switches.
fn collect_case_labels(s: &ast::Stmt, out: &mut Vec<Option<i64>>) {
    match &s.kind {
        StmtKind::Case(e) => out.push(Some(match e.kind {
            ExprKind::IntLit(v) => v as i64,
            _ => 0,
        })),
        StmtKind::Default => out.push(None),
        StmtKind::Compound(stmts) => {
            for s in stmts {
                collect_case_labels(s, out);
            }
        }
        StmtKind::If(_, a, b) => {
            collect_case_labels(a, out);
            if let Some(b) = b {
                collect_case_labels(b, out);
            }
        }
        StmtKind::While(_, body, _) | StmtKind::DoWhile(body, _, _) => {
            collect_case_labels(body, out)
        }
        StmtKind::For { init, body, .. } => {
            if let Some(i) = init {
                collect_case_labels(i, out);
            }
            collect_case_labels(body, out);
        }
        _ => {}
    }
}

/// `f32` or `f64`: an intrinsic's type suffix.
fn float_name(t: &Type) -> &'static str {
    if *t == Type::F64 {
        "f64"
    } else {
        "f32"
    }
}

/// The `icmp` predicate of a C comparison on integers (or pointers, unsigned).
fn int_predicate(op: AstBin, signed: bool) -> ICmp {
    match (op, signed) {
        (AstBin::Lt, true) => ICmp::Slt,
        (AstBin::Lt, false) => ICmp::Ult,
        (AstBin::Le, true) => ICmp::Sle,
        (AstBin::Le, false) => ICmp::Ule,
        (AstBin::Gt, true) => ICmp::Sgt,
        (AstBin::Gt, false) => ICmp::Ugt,
        (AstBin::Ge, true) => ICmp::Sge,
        (AstBin::Ge, false) => ICmp::Uge,
        (AstBin::Eq, _) => ICmp::Eq,
        _ => ICmp::Ne,
    }
}

fn retype(v: Value, ty: Type) -> Value {
    match v {
        Value::Int(_, c) => int_const(ty, c),
        v => v,
    }
}
