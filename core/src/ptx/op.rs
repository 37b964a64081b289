//! PTX instruction names: the one table of their spellings.

/// A PTX instruction's name: what comes before its first `.` (`ld` in
/// `ld.global.nc.f32`). Every name the backend writes is here, spelled once,
/// in [`Op::NAMES`]; `Text` and `Decl` are the lines of a call sequence that
/// are no instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Abs,
    Activemask,
    Add,
    And,
    Atom,
    Bar,
    Barrier,
    Bfind,
    Bra,
    Brev,
    Call,
    Clz,
    Copysign,
    Cos,
    /// `cp.async` (its modifiers start `.async`).
    Cp,
    Cvt,
    Cvta,
    Div,
    Dp2a,
    Dp4a,
    Ex2,
    Exit,
    Fma,
    Fns,
    Isspacep,
    Ld,
    Lg2,
    Mad,
    Match,
    Max,
    Mbarrier,
    Membar,
    Min,
    Mov,
    Mul,
    Mul24,
    Neg,
    Not,
    Or,
    Popc,
    Prmt,
    Rcp,
    Red,
    Redux,
    Rem,
    Ret,
    Rsqrt,
    Sad,
    Selp,
    Set,
    Setp,
    Shf,
    Shfl,
    Shl,
    Shr,
    Sin,
    Sqrt,
    St,
    Sub,
    Suld,
    Sust,
    Tanh,
    Tex,
    Tld4,
    Trap,
    Vote,
    Wmma,
    Xor,
    /// A line written as it is, without `;`: a call sequence's braces
    /// (`{ // callseq 0, 0`).
    Text,
    /// A declaration inside a call sequence, written with `;`:
    /// `.param .b32 param0`, `prototype_0 : .callprototype ()_ (.param .b32 _)`.
    Decl,
    /// Inline PTX with an output, its first operand: the modifiers hold the
    /// template (`$N` is operand N, `$$` is `$`), written between
    /// `// begin inline asm` and `// end inline asm` as nvcc does.
    Asm,
    /// Inline PTX without outputs (every operand is read).
    AsmEffect,
}

impl Op {
    /// Every instruction and its spelling, in the variants' order (an `Op`
    /// indexes its own entry), which is alphabetical.
    pub const NAMES: &'static [(Op, &'static str)] = &[
        (Op::Abs, "abs"),
        (Op::Activemask, "activemask"),
        (Op::Add, "add"),
        (Op::And, "and"),
        (Op::Atom, "atom"),
        (Op::Bar, "bar"),
        (Op::Barrier, "barrier"),
        (Op::Bfind, "bfind"),
        (Op::Bra, "bra"),
        (Op::Brev, "brev"),
        (Op::Call, "call"),
        (Op::Clz, "clz"),
        (Op::Copysign, "copysign"),
        (Op::Cos, "cos"),
        (Op::Cp, "cp"),
        (Op::Cvt, "cvt"),
        (Op::Cvta, "cvta"),
        (Op::Div, "div"),
        (Op::Dp2a, "dp2a"),
        (Op::Dp4a, "dp4a"),
        (Op::Ex2, "ex2"),
        (Op::Exit, "exit"),
        (Op::Fma, "fma"),
        (Op::Fns, "fns"),
        (Op::Isspacep, "isspacep"),
        (Op::Ld, "ld"),
        (Op::Lg2, "lg2"),
        (Op::Mad, "mad"),
        (Op::Match, "match"),
        (Op::Max, "max"),
        (Op::Mbarrier, "mbarrier"),
        (Op::Membar, "membar"),
        (Op::Min, "min"),
        (Op::Mov, "mov"),
        (Op::Mul, "mul"),
        (Op::Mul24, "mul24"),
        (Op::Neg, "neg"),
        (Op::Not, "not"),
        (Op::Or, "or"),
        (Op::Popc, "popc"),
        (Op::Prmt, "prmt"),
        (Op::Rcp, "rcp"),
        (Op::Red, "red"),
        (Op::Redux, "redux"),
        (Op::Rem, "rem"),
        (Op::Ret, "ret"),
        (Op::Rsqrt, "rsqrt"),
        (Op::Sad, "sad"),
        (Op::Selp, "selp"),
        (Op::Set, "set"),
        (Op::Setp, "setp"),
        (Op::Shf, "shf"),
        (Op::Shfl, "shfl"),
        (Op::Shl, "shl"),
        (Op::Shr, "shr"),
        (Op::Sin, "sin"),
        (Op::Sqrt, "sqrt"),
        (Op::St, "st"),
        (Op::Sub, "sub"),
        (Op::Suld, "suld"),
        (Op::Sust, "sust"),
        (Op::Tanh, "tanh"),
        (Op::Tex, "tex"),
        (Op::Tld4, "tld4"),
        (Op::Trap, "trap"),
        (Op::Vote, "vote"),
        (Op::Wmma, "wmma"),
        (Op::Xor, "xor"),
    ];

    /// The instruction's name (`ld`); empty for `Text`, `Decl` and inline asm.
    pub fn name(self) -> &'static str {
        match self {
            Op::Text | Op::Decl | Op::Asm | Op::AsmEffect => "",
            op => Op::NAMES[op as usize].1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ptx::Instr;

    #[test]
    fn op_names_are_in_variant_order_and_sorted() {
        for (k, (op, name)) in Op::NAMES.iter().enumerate() {
            assert_eq!(*op as usize, k, "{name}");
            assert_eq!(op.name(), *name);
        }
        assert!(Op::NAMES.windows(2).all(|w| w[0].1 < w[1].1));
    }

    #[test]
    fn branches_are_told_apart_by_op_and_modifier() {
        assert!(Instr::new(Op::Bra, ".uni", vec![]).is_uniform_branch());
        assert!(!Instr::new(Op::Bra, "", vec![]).is_uniform_branch());
        assert!(Instr::new(Op::Trap, "", vec![]).is_terminator());
    }
}
