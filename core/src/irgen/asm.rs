//! Inline `asm` statements: the operands evaluated in order (outputs' and
//! read-write operands' addresses, inputs' values), one `asm` instruction in
//! LLVM's form (see `ir::InlineAsm`), its result stored to the output (each
//! `extractvalue` of a struct result to its output, when there are several).

use super::*;
use crate::frontend::ast::AsmStmt;

impl Gen<'_> {
    pub(super) fn inline_asm(&mut self, a: &AsmStmt) {
        let mut constraints: Vec<String> = Vec::new();
        let mut args = Vec::new();
        let mut tied = Vec::new();
        let mut outputs = Vec::new();
        for (k, o) in a.outputs.iter().enumerate() {
            let letter = o.constraint.trim_start_matches(['=', '+', '&']);
            constraints.push(format!("={letter}"));
            let ptr = self.lvalue(&o.expr);
            if o.constraint.starts_with('+') {
                let old = self.load_lvalue("asm.in", &o.expr, ptr.clone());
                tied.push((k, old));
            }
            outputs.push((o, ptr));
        }
        for i in &a.inputs {
            constraints.push(i.constraint.trim_start_matches('&').to_string());
            args.push(self.rvalue(&i.expr));
        }
        for (k, v) in tied {
            constraints.push(k.to_string());
            args.push(v);
        }
        for c in &a.clobbers {
            if c == "memory" {
                constraints.push("~{memory}".into());
            }
        }
        let types: Vec<Type> = outputs
            .iter()
            .map(|(o, _)| self.types.ir_type(&o.expr.ty))
            .collect();
        let ty = match types.len() {
            0 => Type::Void,
            1 => types[0].clone(),
            // Several outputs: a literal struct of them, taken apart below.
            _ => Type::Struct(Box::new(StructType {
                name: None,
                fields: types.clone(),
            })),
        };
        let kind = InstKind::Asm(Box::new(InlineAsm {
            template: llvm_template(&a.template, a.extended),
            constraints: constraints.join(","),
            args,
            side_effects: a.volatile || a.outputs.is_empty(),
        }));
        let name = if ty == Type::Void { "" } else { "asm" };
        let result = self.emit(name, ty, kind);
        let several = outputs.len() > 1;
        for (k, ((o, ptr), t)) in outputs.into_iter().zip(types).enumerate() {
            let v = if several {
                let index = k as u32;
                let agg = result.clone();
                self.emit("asmresult", t, InstKind::ExtractValue { agg, index })
            } else {
                result.clone()
            };
            self.store_lvalue(&o.expr, v, ptr);
        }
    }
}

/// GNU's template in LLVM's spelling: `%N` → `$N`, `%%` → `%` (extended asm
/// only), `$` → `$$`.
fn llvm_template(t: &str, extended: bool) -> String {
    let mut out = String::with_capacity(t.len());
    let mut chars = t.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '$' => out.push_str("$$"),
            '%' if extended => match chars.peek() {
                Some('%') => {
                    chars.next();
                    out.push('%');
                }
                Some(d) if d.is_ascii_digit() => out.push('$'),
                _ => out.push('%'),
            },
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn templates_in_llvm_spelling() {
        use super::llvm_template;
        assert_eq!(
            llvm_template("mov.u32 %0, %%laneid; // $x %globaltimer", true),
            "mov.u32 $0, %laneid; // $$x %globaltimer"
        );
        assert_eq!(
            llvm_template("mov.u32 %r1, %%x;", false),
            "mov.u32 %r1, %%x;"
        );
    }
}
