//! The PTX model: register classes, operands, instructions (an [`Op`],
//! whose names are spelled once in `op.rs`, and their modifiers) and machine
//! functions, and their text.

pub mod isa;
mod op;

pub use op::Op;

use crate::ir::DebugLoc;
use std::fmt::Write;

/// cicc's register classes (see the digests' "NVPTX Register Classes").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RegClass {
    Pred,
    B16,
    B32,
    B64,
    F32,
    F64,
}

impl RegClass {
    pub const ALL: [RegClass; 6] = [
        RegClass::Pred,
        RegClass::B16,
        RegClass::F32,
        RegClass::B32,
        RegClass::B64,
        RegClass::F64,
    ];

    /// The register name prefix (`%r`, `%rd`, …).
    pub fn prefix(self) -> &'static str {
        match self {
            RegClass::Pred => "%p",
            RegClass::B16 => "%rs",
            RegClass::B32 => "%r",
            RegClass::B64 => "%rd",
            RegClass::F32 => "%f",
            RegClass::F64 => "%fd",
        }
    }

    /// The type in the `.reg` declaration.
    pub fn decl_type(self) -> &'static str {
        match self {
            RegClass::Pred => ".pred",
            RegClass::B16 => ".b16",
            RegClass::B32 => ".b32",
            RegClass::B64 => ".b64",
            RegClass::F32 => ".f32",
            RegClass::F64 => ".f64",
        }
    }

    /// The untyped-bits suffix for moves and selects of this class.
    pub fn bits_type(self) -> &'static str {
        match self {
            RegClass::Pred => ".pred",
            RegClass::B16 => ".b16",
            RegClass::B32 => ".b32",
            RegClass::B64 => ".b64",
            RegClass::F32 => ".f32",
            RegClass::F64 => ".f64",
        }
    }

    /// The type suffix of a plain register copy or immediate load into this
    /// class, as NVRTC writes it: integers unsigned (`mov.u32 %r3, 0;`,
    /// `mov.u64`), floats as floats; `.b32` is left for bit casts between
    /// classes (`mov.b32 %f1, %r2;`).
    pub fn mov_type(self) -> &'static str {
        match self {
            RegClass::Pred => ".pred",
            RegClass::B16 => ".u16",
            RegClass::B32 => ".u32",
            RegClass::B64 => ".u64",
            RegClass::F32 => ".f32",
            RegClass::F64 => ".f64",
        }
    }
}

/// A virtual register: its class and its number within the class (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Reg {
    pub class: RegClass,
    pub n: u32,
}

impl std::fmt::Display for Reg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.class.prefix(), self.n)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    Reg(Reg),
    Imm(i64),
    /// An f32 immediate, written `0fXXXXXXXX`.
    F32(u32),
    /// An f64 immediate, written `0dXXXXXXXXXXXXXXXX`.
    F64(u64),
    /// A named thing: a special register (`%tid.x`), a parameter, a variable.
    Sym(String),
    /// `[base+offset]`.
    Addr(Box<Operand>, i64),
    /// A branch target: the machine block's index.
    Label(usize),
    /// `{%f1, %f2, %f3, %f4}`: the registers of a vector operand (a texture
    /// fetch's results or coordinates, a surface access's value).
    List(Vec<Operand>),
    /// `[%rd1, {%f1, %f2}]`: a texture or surface handle and its coordinates.
    Image(Box<Operand>, Vec<Operand>),
    /// `%r7|%p1`: a destination and the predicate written beside it
    /// (`shfl.sync`'s in-range flag).
    Pair(Reg, Reg),
}

impl Operand {
    pub fn reg(&self) -> Option<Reg> {
        match self {
            Operand::Reg(r) => Some(*r),
            Operand::Addr(b, _) => b.reg(),
            _ => None,
        }
    }

    /// Calls `f` on every register the operand names, to change it (a
    /// list's and an image's too).
    pub fn each_reg_mut(&mut self, f: &mut dyn FnMut(&mut Reg)) {
        match self {
            Operand::Reg(r) => f(r),
            Operand::Addr(b, _) => b.each_reg_mut(f),
            Operand::List(v) => v.iter_mut().for_each(|o| o.each_reg_mut(f)),
            Operand::Image(h, v) => {
                h.each_reg_mut(f);
                v.iter_mut().for_each(|o| o.each_reg_mut(f));
            }
            Operand::Pair(a, b) => {
                f(a);
                f(b);
            }
            _ => {}
        }
    }

    /// Every register the operand names (a list's and an image's too).
    pub fn regs(&self) -> Vec<Reg> {
        match self {
            Operand::List(v) => v.iter().flat_map(Operand::regs).collect(),
            Operand::Image(h, v) => h
                .regs()
                .into_iter()
                .chain(v.iter().flat_map(Operand::regs))
                .collect(),
            Operand::Pair(a, b) => vec![*a, *b],
            o => o.reg().into_iter().collect(),
        }
    }
}

/// One PTX instruction: optional guard predicate, its name and modifiers
/// (`ld` and `.global.nc.f32`), operands (destination first).
#[derive(Clone, Debug, PartialEq)]
pub struct Instr {
    pub guard: Option<(Reg, bool)>,
    pub op: Op,
    /// What follows the name, as written (`.global.nc.f32`); for `Text` and
    /// `Decl`, the whole line.
    pub modifiers: String,
    pub operands: Vec<Operand>,
    pub loc: Option<DebugLoc>,
}

impl Instr {
    /// An instruction: its name and the modifiers that follow it, as PTX
    /// writes them (`Op::Ld`, `.global.nc.f32`).
    pub fn new(op: Op, modifiers: impl Into<String>, operands: Vec<Operand>) -> Instr {
        Instr {
            guard: None,
            op,
            modifiers: modifiers.into(),
            operands,
            loc: None,
        }
    }

    /// A line of a call sequence that is no instruction (`Op::Text`, `Op::Decl`).
    pub fn line(op: Op, text: String) -> Instr {
        debug_assert!(matches!(op, Op::Text | Op::Decl));
        Instr {
            guard: None,
            op,
            modifiers: text,
            operands: Vec::new(),
            loc: None,
        }
    }

    pub fn is_branch(&self) -> bool {
        self.op == Op::Bra
    }

    /// `bra.uni`, the branch every thread of a warp takes alike.
    pub fn is_uniform_branch(&self) -> bool {
        self.op == Op::Bra && self.modifiers == ".uni"
    }

    pub fn is_terminator(&self) -> bool {
        self.is_branch() || matches!(self.op, Op::Ret | Op::Trap | Op::Exit)
    }

    /// The registers this instruction writes (its first operand, for all but
    /// stores, branches and barriers).
    pub fn defs(&self) -> Option<Reg> {
        if matches!(self.op, Op::St | Op::Bar | Op::Barrier | Op::AsmEffect)
            || self.is_terminator()
            || self.operands.is_empty()
        {
            return None;
        }
        match &self.operands[0] {
            Operand::Reg(r) | Operand::Pair(r, _) => Some(*r),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct MBlock {
    /// The IR block it came from (for names in snapshots).
    pub name: String,
    pub insts: Vec<Instr>,
    /// A loop header the PTX marks `.pragma "nounroll";` (the IR loop's
    /// hint is 1: `#pragma unroll 1`, or a remainder loop), so ptxas does
    /// not unroll it either, as nvcc marks it.
    pub nounroll: bool,
    /// The IR block ends in `unreachable`: nothing is emitted for it (no
    /// `trap`, as nvcc), and layout places the block last.
    pub unreachable: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MParam {
    pub name: String,
    /// `.u32`, `.u64`, `.f32`, … (`.b8` for a struct's bytes)
    pub ty: &'static str,
    /// A struct passed by value: `.param .align A .b8 name[S]` (align, size).
    pub bytes: Option<(u64, u64)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MFunction {
    pub name: String,
    pub kernel: bool,
    /// Neither: internal linkage (a `static` kernel: `.entry k(`).
    pub internal: bool,
    pub params: Vec<MParam>,
    pub blocks: Vec<MBlock>,
    /// Block order for emission (indices into `blocks`).
    pub order: Vec<usize>,
    /// Highest register number used per class.
    pub reg_count: Vec<(RegClass, u32)>,
    /// `(align, size)` of the `__local_depot` stack frame, if any.
    pub frame: Option<(u64, u64)>,
    /// The function's index in the module, for `$L__BB<f>_<n>` labels and depot names.
    pub index: usize,
    /// `.maxntid` and friends, in cicc's order.
    pub directives: Vec<String>,
    /// A device function's return value: its `.param` type (`.b32`), if any.
    pub ret: Option<&'static str>,
    /// A struct result: `.param .align A .b8 func_retval0[S]` (align, size).
    pub ret_bytes: Option<(u64, u64)>,
}

impl MFunction {
    pub fn new_reg(&mut self, class: RegClass) -> Reg {
        let slot = match self.reg_count.iter_mut().find(|(c, _)| *c == class) {
            Some(s) => s,
            None => {
                self.reg_count.push((class, 0));
                self.reg_count.last_mut().expect("just pushed")
            }
        };
        slot.1 += 1;
        Reg { class, n: slot.1 }
    }

    pub fn label(&self, block: usize) -> String {
        let pos = self.order.iter().position(|b| *b == block).unwrap_or(block);
        format!("$L__BB{}_{}", self.index, pos)
    }

    pub fn depot_name(&self) -> String {
        format!("__local_depot{}", self.index)
    }
}

/// An f32 immediate as PTX writes it.
pub fn f32_imm(bits: u32) -> String {
    format!("0f{bits:08X}")
}

pub fn operand_text(f: &MFunction, op: &Operand) -> String {
    let mut s = String::new();
    push_operand(&mut s, f, op);
    s
}

/// Whether `s` names one of a call sequence's `.param` variables (`param0`,
/// `retval0`) or a function's result (`func_retval0`): nvcc writes their
/// addresses with an explicit offset, `[param0+0]`, where a register or a
/// kernel parameter's is bare (`[%rd1]`, `[k_param_0]`).
fn is_call_param(s: &str) -> bool {
    s == "retval0"
        || s == "func_retval0"
        || s.strip_prefix("param")
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Appends an operand's text (the emitter and the machine stages write
/// every instruction: no intermediate strings).
fn push_operand(out: &mut String, f: &MFunction, op: &Operand) {
    match op {
        Operand::Reg(r) => {
            let _ = write!(out, "{r}");
        }
        Operand::Imm(v) => out.push_str(itoa::Buffer::new().format(*v)),
        Operand::F32(b) => out.push_str(&f32_imm(*b)),
        Operand::F64(b) => {
            let _ = write!(out, "0d{b:016X}");
        }
        Operand::Sym(s) => out.push_str(s),
        Operand::Addr(base, off) => {
            out.push('[');
            push_operand(out, f, base);
            if *off != 0 || matches!(&**base, Operand::Sym(s) if is_call_param(s)) {
                out.push('+');
                out.push_str(itoa::Buffer::new().format(*off));
            }
            out.push(']');
        }
        Operand::Label(b) => out.push_str(&f.label(*b)),
        Operand::List(v) => push_list(out, f, v),
        Operand::Image(h, v) => {
            out.push('[');
            push_operand(out, f, h);
            out.push_str(", ");
            push_list(out, f, v);
            out.push(']');
        }
        Operand::Pair(a, b) => {
            push_operand(out, f, &Operand::Reg(*a));
            out.push('|');
            push_operand(out, f, &Operand::Reg(*b));
        }
    }
}

/// `{a, b, c}`.
fn push_list(out: &mut String, f: &MFunction, v: &[Operand]) {
    out.push('{');
    for (k, o) in v.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        push_operand(out, f, o);
    }
    out.push('}');
}

/// One instruction's line, without the leading tab: `add.s32 \t%r1, %r2, %r3;`.
pub fn instr_text(f: &MFunction, i: &Instr) -> String {
    let mut s = String::new();
    push_instr(&mut s, f, i);
    s
}

/// Appends [`instr_text`].
pub fn push_instr(out: &mut String, f: &MFunction, i: &Instr) {
    // The braces and comments around a call sequence are written as they are.
    if i.op == Op::Text {
        out.push_str(&i.modifiers);
        return;
    }
    if matches!(i.op, Op::Asm | Op::AsmEffect) {
        push_inline_asm(out, f, i);
        return;
    }
    if let Some((p, neg)) = i.guard {
        let _ = write!(out, "@{}{} ", if neg { "!" } else { "" }, p);
    }
    if i.op == Op::Call {
        push_call(out, f, i);
        return;
    }
    out.push_str(i.op.name());
    out.push_str(&i.modifiers);
    // nvcc writes `wmma.mma`'s operands after a space, not a tab.
    let first = if i.op == Op::Wmma && i.modifiers.starts_with(".mma") {
        " "
    } else {
        " \t"
    };
    for (k, o) in i.operands.iter().enumerate() {
        out.push_str(if k == 0 { first } else { ", " });
        push_operand(out, f, o);
    }
    out.push(';');
}

/// A call as NVPTX writes it, over several lines: the result, the callee,
/// the arguments in parentheses one per line, then a prototype:
/// `call.uni (retval0), \n\tf, \n\t(\n\tparam0, \n\tparam1\n\t);`.
/// The operands: `(retval0)` when there is a result, the callee, the
/// parenthesised argument list, the prototype of an indirect call.
fn push_call(out: &mut String, f: &MFunction, i: &Instr) {
    out.push_str(i.op.name());
    out.push_str(&i.modifiers);
    out.push(' ');
    let mut ops = i.operands.iter().peekable();
    if let Some(Operand::Sym(r)) = ops.peek() {
        if r.starts_with("(retval") {
            out.push_str(r);
            out.push_str(", ");
            ops.next();
        }
    }
    if let Some(callee) = ops.next() {
        out.push_str("\n\t");
        push_operand(out, f, callee);
        out.push_str(", ");
    }
    out.push_str("\n\t(\n\t");
    if let Some(Operand::Sym(args)) = ops.next() {
        let args = args.trim_start_matches('(').trim_end_matches(')');
        if !args.is_empty() {
            out.push_str(&args.replace(", ", ", \n\t"));
            out.push_str("\n\t");
        }
    }
    out.push(')');
    for proto in ops {
        out.push_str("\n\t, ");
        push_operand(out, f, proto);
    }
    out.push(';');
}

/// Inline PTX as nvcc writes it: the template with each `$N` replaced by
/// operand N (`$$` is `$`), between `// begin inline asm` and
/// `// end inline asm` lines (the caller writes the first tab and the last
/// newline).
fn push_inline_asm(out: &mut String, f: &MFunction, i: &Instr) {
    out.push_str("// begin inline asm\n\t");
    let t = i.modifiers.as_bytes();
    let mut k = 0;
    while k < t.len() {
        if t[k] == b'$' {
            if t.get(k + 1) == Some(&b'$') {
                out.push('$');
                k += 2;
                continue;
            }
            let digits = t[k + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            let n: Option<usize> = i.modifiers[k + 1..k + 1 + digits].parse().ok();
            if let Some(o) = n.and_then(|n| i.operands.get(n)) {
                push_operand(out, f, o);
                k += 1 + digits;
                continue;
            }
        }
        let len = i.modifiers[k..].chars().next().map_or(1, char::len_utf8);
        out.push_str(&i.modifiers[k..k + len]);
        k += len;
    }
    out.push_str("\n\t// end inline asm");
}

/// A machine function as the machine stages show it: every block labelled.
pub fn print_machine_function(f: &MFunction) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} {} {{",
        if f.kernel { ".entry" } else { ".func" },
        f.name
    );
    for &b in &f.order {
        let blk = &f.blocks[b];
        let _ = writeln!(out, "{}:  // {}", f.label(b), blk.name);
        for i in &blk.insts {
            out.push('\t');
            push_instr(&mut out, f, i);
            out.push('\n');
        }
    }
    out.push_str("}\n");
    out
}
