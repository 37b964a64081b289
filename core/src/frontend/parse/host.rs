//! Host code around the kernels, which is not compiled: the bodies of host
//! functions and constructors are skipped unparsed, a host function whose
//! declaration does not parse is skipped too (`host_function_end`), and the
//! kernel template launches in skipped bodies are found (`scan_launches`:
//! `k<float><<<g, b>>>(…)` asks for `k<float>`).

use super::*;

impl<'a> Parser<'a> {
    /// Whether the declaration at token `start` is a host function (no
    /// execution space, storage or class definition before its parameter
    /// list, a body or `;` after it): where its body starts and where the
    /// declaration ends.
    pub(super) fn host_function_end(&self, start: usize) -> Option<(Option<usize>, usize)> {
        let toks = self.toks;
        let mut k = start;
        let mut angle = 0i32;
        // Up to the parameter list: the name's `(` outside template brackets.
        loop {
            let t = toks.get(k)?;
            match &*t.text {
                "__device__" | "__global__" | "__shared__" | "__constant__" | "__managed__"
                | "typedef" | "{" | "}" | ";" | "=" | "struct" | "class" | "union" | "enum"
                    if t.kind != TokKind::Str =>
                {
                    return None
                }
                "<" => angle += 1,
                ">" => angle -= 1,
                ">>" => angle -= 2,
                "(" if angle <= 0 && k > start => break,
                _ => {}
            }
            k += 1;
            if k - start > 4096 {
                return None;
            }
        }
        // The parameters, then what may follow them, to `{` or `;`.
        let mut depth = 0i32;
        while let Some(t) = toks.get(k) {
            if t.is("(") || t.is("[") {
                depth += 1;
            } else if t.is(")") || t.is("]") {
                depth -= 1;
            } else if depth == 0 && t.is(";") {
                return Some((None, k + 1));
            } else if depth == 0 && t.is("{") {
                let body = k;
                let mut braces = 0i32;
                while let Some(t) = toks.get(k) {
                    k += 1;
                    if t.is("{") {
                        braces += 1;
                    } else if t.is("}") {
                        braces -= 1;
                        if braces == 0 {
                            return Some((Some(body), k));
                        }
                    }
                }
                return None;
            } else if depth == 0 && t.is("}") {
                return None;
            }
            k += 1;
        }
        None
    }

    pub(super) fn skip_braces(&mut self) {
        let mut depth = 0;
        while let Some(t) = self.peek() {
            self.pos += 1;
            if t.is("{") {
                depth += 1;
            } else if t.is("}") {
                depth -= 1;
                if depth == 0 {
                    return;
                }
            }
        }
    }

    /// Launches of kernel templates in a host function's body (which is not
    /// parsed): `k<float, 128><<<g, b>>>(…)` asks for `k<float, 128>`.
    pub(super) fn scan_launches(&mut self, start: usize, end: usize, at: usize) {
        let (saved, ndiags) = (self.pos, self.diags.len());
        let toks = self.toks;
        for i in start..end {
            let t = &toks[i];
            if t.kind != TokKind::Ident {
                continue;
            }
            // The name with its qualifiers (`N::k`).
            let mut first = i;
            while first >= start + 2
                && toks[first - 1].is("::")
                && toks[first - 2].kind == TokKind::Ident
            {
                first -= 2;
            }
            let written: String = toks[first..=i].iter().map(|t| &*t.text).collect();
            let Some(def) = self.function_template(&written) else {
                continue;
            };
            let next = |k: usize| toks.get(i + k).filter(|_| i + k < end);
            let launch_at = |k: usize| {
                next(k).is_some_and(|t| t.is("<<")) && next(k + 1).is_some_and(|t| t.is("<"))
            };
            let args = if launch_at(1) {
                Some(Vec::new())
            } else if next(1).is_some_and(|t| t.is("<")) {
                self.pos = i + 2;
                self.half_gt = false;
                match self.template_args() {
                    Ok(args) if self.pos < end && launch_at(self.pos - i) => Some(args),
                    _ => None,
                }
            } else {
                None
            };
            self.diags.truncate(ndiags);
            self.half_gt = false;
            if let Some(args) = args {
                self.templates.requests.push(Request {
                    name: self.templates.defs[def].name.clone(),
                    args,
                    params: None,
                    span: t.span(),
                    at,
                });
            }
        }
        self.pos = saved;
    }

    /// Skips a balanced `( … )`.
    pub(super) fn skip_parens(&mut self) {
        let mut depth = 0;
        while let Some(t) = self.peek() {
            self.pos += 1;
            if t.is("(") {
                depth += 1;
            } else if t.is(")") {
                depth -= 1;
                if depth <= 0 {
                    return;
                }
            }
        }
    }

    /// Skips a constructor's member initializers (`: a(1), b{2}`) and body.
    pub(super) fn skip_host_constructor(&mut self) {
        if self.eat(":") {
            loop {
                while self
                    .peek()
                    .is_some_and(|t| !t.is("(") && !t.is("{") && !t.is(";"))
                {
                    self.pos += 1;
                }
                if self.at("(") {
                    self.skip_parens();
                } else if self.at("{") {
                    self.skip_braces();
                } else {
                    return;
                }
                if !self.eat(",") {
                    break;
                }
            }
        }
        if self.at("{") {
            self.skip_braces();
        }
    }
}
