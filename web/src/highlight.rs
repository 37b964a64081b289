//! Syntax highlighting for the IR and PTX panes: one line in, a list of
//! classed spans out (the page renders each as `<span class="t-…">`).

/// What a span of text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Plain,
    /// An instruction (`add`, `ld.global.f32`, `getelementptr`).
    Op,
    /// A PTX directive or an IR keyword (`.reg`, `define`, `align`).
    Keyword,
    Type,
    /// A register or local value (`%r1`, `%add`).
    Reg,
    /// A global symbol (`@saxpy`) or PTX label use.
    Symbol,
    Label,
    Number,
    Str,
    Comment,
}

impl Class {
    pub fn css(self) -> &'static str {
        match self {
            Class::Plain => "",
            Class::Op => "t-op",
            Class::Keyword => "t-kw",
            Class::Type => "t-ty",
            Class::Reg => "t-reg",
            Class::Symbol => "t-sym",
            Class::Label => "t-label",
            Class::Number => "t-num",
            Class::Str => "t-str",
            Class::Comment => "t-comment",
        }
    }
}

/// Which text a line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    Ir,
    /// PTX and the machine stages (PTX instructions on virtual registers).
    Ptx,
}

const IR_TYPES: &[&str] = &[
    "void",
    "i1",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "half",
    "bfloat",
    "float",
    "double",
    "ptr",
    "label",
    "addrspace",
];

const IR_KEYWORDS: &[&str] = &[
    "type",
    "define",
    "declare",
    "ptx_kernel",
    "global",
    "external",
    "constant",
    "align",
    "noalias",
    "readonly",
    "nocapture",
    "inbounds",
    "nuw",
    "nsw",
    "exact",
    "contract",
    "fast",
    "to",
    "label",
    "syncscope",
    "monotonic",
    "acquire",
    "release",
    "acq_rel",
    "seq_cst",
    "volatile",
    "true",
    "false",
    "undef",
    "null",
    "zeroinitializer",
    "poison",
    "x",
];

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$')
}

/// Splits one line into classed spans covering all of it.
pub fn line(lang: Lang, text: &str) -> Vec<(Class, &str)> {
    // (class, start, end) byte ranges; adjacent plain text is merged.
    let mut out: Vec<(Class, usize, usize)> = Vec::new();
    let mut i = 0;
    // The first word that is not a guard or a value name is the instruction.
    let mut seen_op = false;
    let comment = match lang {
        Lang::Ir => ";",
        Lang::Ptx => "//",
    };
    while i < text.len() {
        let rest = &text[i..];
        let c = rest.chars().next().unwrap_or(' ');
        let (class, len) = if rest.starts_with(comment) {
            (Class::Comment, rest.len())
        } else if c == '"' {
            let end = rest[1..].find('"').map_or(rest.len(), |e| e + 2);
            (Class::Str, end)
        } else if c == '%' || c == '@' || (c == '$' && lang == Lang::Ptx) {
            let len = 1 + rest[1..]
                .find(|ch: char| !(is_word_char(ch) || (c != '$' && ch == '!')))
                .unwrap_or(rest.len() - 1);
            let class = match (c, lang) {
                ('@', Lang::Ptx) => Class::Reg,
                ('@', _) => Class::Symbol,
                ('$', _) => Class::Label,
                // Named struct types, as irgen names them.
                ('%', Lang::Ir)
                    if rest[1..].starts_with("struct.") || rest[1..].starts_with("union.") =>
                {
                    Class::Type
                }
                _ => Class::Reg,
            };
            // `@%p1` (a PTX guard) is one span with its register.
            if c == '@' && lang == Lang::Ptx {
                let len = 1 + rest[1..]
                    .find(|ch: char| ch.is_whitespace())
                    .unwrap_or(rest.len() - 1);
                (class, len)
            } else {
                (class, len)
            }
        } else if c.is_ascii_digit()
            || (c == '-' && rest[1..].starts_with(|d: char| d.is_ascii_digit()))
        {
            let len = 1 + rest[1..]
                .find(|ch: char| !(ch.is_ascii_alphanumeric() || matches!(ch, '.' | '+' | '-')))
                .unwrap_or(rest.len() - 1);
            (Class::Number, len)
        } else if is_word_char(c) {
            let len = rest
                .find(|ch: char| !is_word_char(ch))
                .unwrap_or(rest.len());
            let word = &rest[..len];
            let label = rest[len..].starts_with(':')
                && text[..i].trim().is_empty()
                && !word.starts_with('.');
            let class = if label {
                Class::Label
            } else {
                match lang {
                    Lang::Ptx if word.starts_with('.') => Class::Keyword,
                    Lang::Ptx if !seen_op => {
                        seen_op = true;
                        Class::Op
                    }
                    Lang::Ptx => Class::Plain,
                    Lang::Ir if IR_TYPES.contains(&word) => Class::Type,
                    Lang::Ir if IR_KEYWORDS.contains(&word) => Class::Keyword,
                    Lang::Ir if !seen_op => {
                        seen_op = true;
                        Class::Op
                    }
                    Lang::Ir => Class::Plain,
                }
            };
            (class, len + usize::from(label))
        } else {
            let len = rest
                .find(|ch: char| {
                    ch.is_ascii_alphanumeric()
                        || matches!(ch, '%' | '@' | '"' | '$' | '_' | '.' | ';' | '/' | '-')
                })
                .unwrap_or(rest.len())
                .max(c.len_utf8());
            (Class::Plain, len)
        };
        let len = len.min(text.len() - i).max(1);
        // Never split a UTF-8 character.
        let mut end = i + len;
        while !text.is_char_boundary(end) {
            end += 1;
        }
        match out.last_mut() {
            Some((Class::Plain, _, last_end)) if class == Class::Plain => *last_end = end,
            _ => out.push((class, i, end)),
        }
        i = end;
    }
    out.into_iter().map(|(c, s, e)| (c, &text[s..e])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classes(lang: Lang, text: &str) -> Vec<(Class, String)> {
        line(lang, text)
            .into_iter()
            .filter(|(c, s)| *c != Class::Plain || !s.trim().is_empty())
            .map(|(c, s)| (c, s.trim().to_string()))
            .collect()
    }

    #[test]
    fn spans_cover_the_line_exactly() {
        for (lang, text) in [
            (Lang::Ptx, "\t@!%p1 bra \t$L__BB0_2; // done"),
            (Lang::Ir, "  %add = add nsw i32 %mul, -12 ; x→y"),
            (
                Lang::Ir,
                "if.then:                                ; preds = %entry",
            ),
            (Lang::Ptx, "\tmov.f32 \t%f1, 0f3F800000;"),
            (
                Lang::Ir,
                "@s = addrspace(3) global [4 x float] undef, align 4",
            ),
            (Lang::Ptx, "é ü"),
        ] {
            let joined: String = line(lang, text).iter().map(|(_, s)| *s).collect();
            assert_eq!(joined, text);
        }
    }

    #[test]
    fn ptx_instruction_registers_and_labels() {
        assert_eq!(
            classes(Lang::Ptx, "\t@%p1 bra \t$L__BB0_2;"),
            [
                (Class::Reg, "@%p1".into()),
                (Class::Op, "bra".into()),
                (Class::Label, "$L__BB0_2".into()),
                (Class::Plain, ";".into()),
            ]
        );
        let c = classes(Lang::Ptx, "\tld.param.u64 \t%rd1, [saxpy_param_2];");
        assert_eq!(c[0], (Class::Op, "ld.param.u64".into()));
        assert_eq!(c[1].0, Class::Reg);
        assert_eq!(
            classes(Lang::Ptx, ".visible .entry saxpy(")[0].0,
            Class::Keyword
        );
        assert_eq!(
            classes(Lang::Ptx, "$L__BB0_2:")[0],
            (Class::Label, "$L__BB0_2".into())
        );
    }

    #[test]
    fn ir_struct_types_are_types() {
        assert_eq!(
            classes(Lang::Ir, "%struct.P = type { i32, float }"),
            [
                (Class::Type, "%struct.P".into()),
                (Class::Plain, "=".into()),
                (Class::Keyword, "type".into()),
                (Class::Plain, "{".into()),
                (Class::Type, "i32".into()),
                (Class::Plain, ",".into()),
                (Class::Type, "float".into()),
                (Class::Plain, "}".into()),
            ]
        );
        let c = classes(
            Lang::Ir,
            "  %b = getelementptr inbounds %union.U, ptr %p, i32 0, i32 1",
        );
        assert_eq!(c[0], (Class::Reg, "%b".into()));
        assert!(c.contains(&(Class::Type, "%union.U".into())), "{c:?}");
    }

    #[test]
    fn ir_values_types_and_instruction() {
        let c = classes(Lang::Ir, "  %cmp = icmp slt i32 %add, %n");
        assert_eq!(c[0], (Class::Reg, "%cmp".into()));
        assert_eq!(c[2], (Class::Op, "icmp".into()));
        assert!(c.contains(&(Class::Type, "i32".into())));
        let c = classes(
            Lang::Ir,
            "if.then:                                ; preds = %entry",
        );
        assert_eq!(c[0], (Class::Label, "if.then:".into()));
        assert_eq!(c[1].0, Class::Comment);
        let c = classes(Lang::Ir, "  %v = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()");
        assert!(c.contains(&(Class::Symbol, "@llvm.nvvm.read.ptx.sreg.tid.x".into())));
    }
}
