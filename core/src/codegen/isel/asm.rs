//! Inline PTX: each input in a register of its constraint's class (`n` an
//! immediate), a read-write operand's old value moved into its output
//! register first, and one `Op::Asm` (or `Op::AsmEffect`) carrying the
//! template.

use super::*;

/// The register class of a constraint letter (`r` → `%r`).
fn letter_class(letter: &str) -> Option<RegClass> {
    Some(match letter {
        "h" | "c" => RegClass::B16,
        "r" => RegClass::B32,
        "l" => RegClass::B64,
        "f" => RegClass::F32,
        "d" => RegClass::F64,
        "b" => RegClass::Pred,
        _ => return None,
    })
}

impl Sel<'_> {
    pub(super) fn inline_asm(&mut self, id: InstId, a: &InlineAsm) {
        let mut out: Option<Reg> = None;
        let mut inputs = Vec::new();
        let mut tied = Vec::new();
        let mut args = a.args.iter();
        for c in a.constraints() {
            match c {
                Constraint::Output(letter) => {
                    let Some(class) = letter_class(letter) else {
                        self.unsupported(&format!("the inline asm constraint '={letter}'"));
                        return;
                    };
                    if out.is_some() {
                        self.unsupported("an inline asm with more than one output");
                        return;
                    }
                    let r = self.m.new_reg(class);
                    self.vals.insert(id, Operand::Reg(r));
                    out = Some(r);
                }
                Constraint::Input(letter) => {
                    let Some(v) = args.next() else { return };
                    if letter == "n" {
                        let op = self.operand(v);
                        inputs.push(op);
                        continue;
                    }
                    let Some(class) = letter_class(letter) else {
                        self.unsupported(&format!("the inline asm constraint '{letter}'"));
                        return;
                    };
                    let r = self.reg(v);
                    if r.class != class {
                        self.unsupported(&format!(
                            "an inline asm '{letter}' operand held in a {} register",
                            r.class.decl_type()
                        ));
                        return;
                    }
                    inputs.push(Operand::Reg(r));
                }
                Constraint::Tied(_) => {
                    let Some(v) = args.next() else { return };
                    let op = self.operand(v);
                    tied.push(op);
                }
                Constraint::Clobber(_) => {}
            }
        }
        let mut operands = Vec::new();
        if let Some(r) = out {
            // A read-write operand: the old value in the output's register.
            for old in tied {
                self.emit(Op::Mov, r.class.bits_type(), vec![Operand::Reg(r), old]);
            }
            operands.push(Operand::Reg(r));
        }
        let tied_reads = operands.clone();
        operands.extend(inputs);
        // The tied read, after every operand the template names: out-of-SSA
        // sees the output read as well as written.
        if !tied_reads.is_empty() && a.constraints().any(|c| matches!(c, Constraint::Tied(_))) {
            operands.extend(tied_reads);
        }
        let op = if out.is_some() {
            Op::Asm
        } else {
            Op::AsmEffect
        };
        self.emit(op, a.template.clone(), operands);
    }
}
