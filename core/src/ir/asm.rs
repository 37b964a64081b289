//! Inline PTX: `call i32 asm sideeffect "bfe.u32 $0, $1, $2, $3;", "=r,r,r,n"(…)`,
//! LLVM's form of a GNU `asm` statement: the template (`$N` names operand N,
//! `$$` is `$`; `%` is PTX's own), the constraint list (outputs `=r`, inputs
//! `r`/`n`, tied inputs `0`, clobbers `~{memory}`) and the input values.
//! Outputs are the instruction's result: one value, or a literal struct of
//! several that `extractvalue` takes apart.

use super::*;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InlineAsm {
    pub template: String,
    /// Comma-separated, LLVM's spelling: `=r,r,n,0,~{memory}`.
    pub constraints: String,
    /// The inputs, in the constraint list's order (outputs are the result).
    pub args: Vec<Value>,
    /// `sideeffect`: a `volatile` asm (or one without outputs), which passes
    /// neither delete, merge nor move.
    pub side_effects: bool,
}

/// One constraint of the list, told apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Constraint<'a> {
    /// `=r`: a result in a register of this letter's class.
    Output(&'a str),
    /// `r`, `n`: an input of this letter.
    Input(&'a str),
    /// `0`: an input in the register of output N.
    Tied(usize),
    /// `~{memory}`.
    Clobber(&'a str),
}

impl InlineAsm {
    pub fn constraints(&self) -> impl Iterator<Item = Constraint<'_>> {
        self.constraints
            .split(',')
            .filter(|c| !c.is_empty())
            .map(|c| {
                if let Some(o) = c.strip_prefix('=') {
                    Constraint::Output(o.trim_start_matches('&'))
                } else if let Some(r) = c.strip_prefix("~{") {
                    Constraint::Clobber(r.trim_end_matches('}'))
                } else if let Ok(n) = c.parse() {
                    Constraint::Tied(n)
                } else {
                    Constraint::Input(c)
                }
            })
    }

    /// Whether the asm may read or write any memory: `~{memory}`, or a
    /// `sideeffect` one (PTX text may load and store anything).
    pub fn touches_memory(&self) -> bool {
        self.side_effects
            || self
                .constraints()
                .any(|c| c == Constraint::Clobber("memory"))
    }

    /// The output count (the result: void, one value, or a struct of them).
    pub fn outputs(&self) -> usize {
        self.constraints()
            .filter(|c| matches!(c, Constraint::Output(_)))
            .count()
    }

    /// The template with operand `n` written as `operand(n)` and `$$` as `$`.
    pub fn expand(&self, mut operand: impl FnMut(usize, &mut String)) -> String {
        let mut out = String::with_capacity(self.template.len());
        let b = self.template.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'$' {
                if b.get(i + 1) == Some(&b'$') {
                    out.push('$');
                    i += 2;
                    continue;
                }
                let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
                if let Ok(n) = self.template[i + 1..i + 1 + digits].parse() {
                    operand(n, &mut out);
                    i += 1 + digits;
                    continue;
                }
            }
            let len = self.template[i..].chars().next().map_or(1, char::len_utf8);
            out.push_str(&self.template[i..i + len]);
            i += len;
        }
        out
    }
}

/// A string as LLVM writes it between quotes: `"`, `\` and control
/// characters as `\XX` (hex).
pub fn escape_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == '"' || c == '\\' || c.is_control() && (c as u32) < 0x80 {
            out.push_str(&format!("\\{:02X}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constraints_and_expansion() {
        let a = InlineAsm {
            template: "add.u32 $0, $1, $$x%laneid;".into(),
            constraints: "=r,r,0,~{memory}".into(),
            args: vec![Value::Int(Type::I32, 1), Value::Int(Type::I32, 2)],
            side_effects: false,
        };
        let cs: Vec<_> = a.constraints().collect();
        assert_eq!(
            cs,
            [
                Constraint::Output("r"),
                Constraint::Input("r"),
                Constraint::Tied(0),
                Constraint::Clobber("memory")
            ]
        );
        assert!(a.touches_memory());
        assert_eq!(a.outputs(), 1);
        let text = a.expand(|n, out| out.push_str(&format!("R{n}")));
        assert_eq!(text, "add.u32 R0, R1, $x%laneid;");
        assert_eq!(escape_string("a\"b\\\n\t"), "a\\22b\\5C\\0A\\09");
    }
}
