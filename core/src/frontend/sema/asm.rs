//! Sema's inline `asm` statements: each operand's constraint against its
//! expression's type (nvcc's sizes: `h` 2 bytes, `r` and `f` 4, `l` and `d`
//! 8, `n` an integral constant), outputs as modifiable lvalues, and every
//! `%N` of the template naming an operand.

use super::*;

/// What a constraint letter asks of its operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AsmClass {
    /// `h`: a 16-bit integer register.
    B16,
    /// `r`: a 32-bit integer register.
    B32,
    /// `l`: a 64-bit integer (or pointer) register.
    B64,
    /// `f`: an f32 register.
    F32,
    /// `d`: an f64 register.
    F64,
    /// `n`: an immediate integer.
    Imm,
}

impl AsmClass {
    /// The class of a constraint (`=r`, `+l`, `n`), without its modifier.
    pub fn of(constraint: &str) -> Option<AsmClass> {
        match constraint.trim_start_matches(['=', '+', '&']) {
            "h" => Some(AsmClass::B16),
            "r" => Some(AsmClass::B32),
            "l" => Some(AsmClass::B64),
            "f" => Some(AsmClass::F32),
            "d" => Some(AsmClass::F64),
            "n" => Some(AsmClass::Imm),
            _ => None,
        }
    }

    /// Whether an operand of type `t` fits this class.
    fn accepts(self, t: &CType) -> bool {
        let size = t.size();
        match self {
            AsmClass::B16 => t.is_integer() && size == Some(2),
            AsmClass::B32 => t.is_integer() && size == Some(4),
            AsmClass::B64 => (t.is_integer() || t.is_pointer()) && size == Some(8),
            AsmClass::F32 => matches!(t, CType::Float),
            AsmClass::F64 => matches!(t, CType::Double),
            AsmClass::Imm => t.is_integer(),
        }
    }
}

/// The operand numbers a template names (`%0`, `%12`), with `%%` skipped.
pub fn template_operands(template: &str) -> Vec<usize> {
    let b = template.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            if b.get(i + 1) == Some(&b'%') {
                i += 2;
                continue;
            }
            let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            if digits > 0 {
                let n = template[i + 1..i + 1 + digits]
                    .parse()
                    .unwrap_or(usize::MAX);
                out.push(n);
            }
            i += 1 + digits;
        } else {
            i += 1;
        }
    }
    out
}

impl<'a> Checker<'a> {
    pub(super) fn asm_statement(&mut self, a: &mut AsmStmt, span: &Span) {
        let placeholder = || mk(ExprKind::IntLit(0), Span::default(), CType::Void);
        for o in &mut a.outputs {
            let e = self.expr(std::mem::replace(&mut o.expr, placeholder()));
            if !o.constraint.starts_with(['=', '+']) {
                self.err(
                    &o.span,
                    "an asm output operand must have one of the '=' or '+' modifiers",
                );
            } else if !e.lvalue || matches!(e.ty, CType::Array(..)) || self.is_const_lvalue(&e) {
                self.err(&e.span, "expression must be a modifiable lvalue");
            } else {
                self.asm_operand_type(&o.constraint, &e.ty, &o.span, true);
            }
            o.expr = e;
        }
        for o in &mut a.inputs {
            let e = self.rvalue(std::mem::replace(&mut o.expr, placeholder()));
            if o.constraint.starts_with(['=', '+']) {
                let msg = format!(
                    "an asm input operand may not have the '{}' modifier",
                    &o.constraint[..1]
                );
                self.err(&o.span, msg);
            } else if self.asm_operand_type(&o.constraint, &e.ty, &o.span, false)
                && AsmClass::of(&o.constraint) == Some(AsmClass::Imm)
                && !matches!(const_eval(&e), Some(Scalar::Int(_)))
            {
                self.err(
                    &e.span,
                    "an asm operand must be an integral constant expression.",
                );
            }
            o.expr = e;
        }
        for c in &a.clobbers {
            if c != "memory" && c != "cc" {
                self.err(span, format!("unknown register name \"{c}\""));
            }
        }
        let count = a.outputs.len() + a.inputs.len();
        if a.extended && template_operands(&a.template).iter().any(|&n| n >= count) {
            self.err(
                span,
                "asm operand index requested is larger than the number of asm operands provided",
            );
        }
    }

    /// Checks an operand's type against its constraint; false after an error.
    fn asm_operand_type(
        &mut self,
        constraint: &str,
        ty: &CType,
        span: &Span,
        output: bool,
    ) -> bool {
        let class = AsmClass::of(constraint);
        if class.is_some_and(|c| c.accepts(ty) && !(output && c == AsmClass::Imm)) {
            return true;
        }
        let letter = constraint.trim_start_matches(['=', '+', '&']);
        let size = ty.size().unwrap_or(0);
        let msg = format!(
            "asm operand type size({size}) does not match type/size implied by constraint '{letter}'"
        );
        self.err(span, msg);
        false
    }
}
