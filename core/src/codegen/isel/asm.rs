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
        let mut outs: Vec<Reg> = Vec::new();
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
                    let r = self.m.new_reg(class);
                    if outs.is_empty() {
                        self.vals.insert(id, Operand::Reg(r));
                    }
                    outs.push(r);
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
                Constraint::Tied(k) => {
                    let Some(v) = args.next() else { return };
                    let op = self.operand(v);
                    tied.push((k, op));
                }
                Constraint::Clobber(_) => {}
            }
        }
        // A read-write operand: the old value in the output's register,
        // read by the asm after every operand the template names (out-of-SSA
        // sees the output read as well as written).
        let mut tied_reads = Vec::new();
        for (k, old) in tied {
            let Some(&r) = outs.get(k) else {
                self.unsupported("an inline asm input tied to an output it does not have");
                return;
            };
            self.emit(Op::Mov, r.class.bits_type(), vec![Operand::Reg(r), old]);
            tied_reads.push(Operand::Reg(r));
        }
        let op = if outs.is_empty() {
            Op::AsmEffect
        } else {
            Op::Asm
        };
        let mut operands: Vec<Operand> = outs.iter().map(|r| Operand::Reg(*r)).collect();
        operands.extend(inputs);
        operands.extend(tied_reads);
        if outs.len() > 1 {
            self.vec_regs.insert(id, outs);
        }
        self.emit(op, a.template.clone(), operands);
    }

    /// Output `index` of an asm with several: its register.
    pub(super) fn asm_output(&mut self, id: InstId, agg: &Value, index: u32) {
        let reg = agg
            .as_inst()
            .and_then(|a| self.vec_regs.get(&a))
            .and_then(|regs| regs.get(index as usize))
            .copied();
        match reg {
            Some(r) => {
                self.vals.insert(id, Operand::Reg(r));
            }
            None => self.unsupported("an extractvalue of something other than an asm's outputs"),
        }
    }
}
