//! Diagnostics: errors and warnings with a source span, printed in nvcc's form
//! `FILE(LINE): error: message`.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A place in a source file. Lines and columns count from 1; `len` is in bytes
/// (at least 1 so an editor can underline it).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Span {
    pub file: String,
    pub line: u32,
    pub column: u32,
    pub len: u32,
}

impl Span {
    /// In the prelude or one of the built-in headers (`<built-in>`,
    /// `<cuda_fp16.h>`): our text, not the user's.
    pub fn in_builtin(&self) -> bool {
        self.file.starts_with('<')
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Note,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        })
    }
}

/// One message for the user.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    pub severity: Severity,
    pub span: Span,
    pub message: String,
    /// Where it was met, printed after the source line as nvcc does:
    /// `instantiation of "T f(T) [with T=float]" at line 2`, innermost first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub context: Vec<String>,
}

impl Diagnostic {
    pub fn error(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            span,
            message: message.into(),
            context: Vec::new(),
        }
    }

    pub fn warning(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            span,
            message: message.into(),
            context: Vec::new(),
        }
    }

    pub fn note(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Note,
            span,
            message: message.into(),
            context: Vec::new(),
        }
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The message with the offending source line and a caret under the column,
    /// as the CLI prints it after nvcc's one-line form.
    pub fn render_with_source(&self, source_line: Option<&str>) -> String {
        let mut out = self.to_string();
        if let Some(line) = source_line {
            out.push('\n');
            out.push_str("  ");
            out.push_str(line);
            out.push('\n');
            out.push_str("  ");
            // Keep tabs so the caret lines up under tab-indented code.
            for ch in line
                .chars()
                .take(self.span.column.saturating_sub(1) as usize)
            {
                out.push(if ch == '\t' { '\t' } else { ' ' });
            }
            out.push('^');
        }
        match self.context.as_slice() {
            [] => {}
            [one] => {
                out.push_str("\n          detected during ");
                out.push_str(one);
            }
            all => {
                out.push_str("\n          detected during:");
                for c in all {
                    out.push_str("\n            ");
                    out.push_str(c);
                }
            }
        }
        out
    }
}

impl fmt::Display for Diagnostic {
    /// nvcc's form: `kernel.cu(12): error: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.span.file.is_empty() {
            write!(f, "{}: {}", self.severity, self.message)
        } else {
            write!(
                f,
                "{}({}): {}: {}",
                self.span.file, self.span.line, self.severity, self.message
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_in_nvcc_form_with_caret() {
        let d = Diagnostic::error(
            Span {
                file: "k.cu".into(),
                line: 12,
                column: 5,
                len: 1,
            },
            "expected a \";\"",
        );
        assert_eq!(d.to_string(), "k.cu(12): error: expected a \";\"");
        assert_eq!(
            d.render_with_source(Some("\tint x")),
            "k.cu(12): error: expected a \";\"\n  \tint x\n  \t   ^"
        );
    }
}
