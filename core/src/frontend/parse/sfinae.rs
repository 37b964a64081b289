//! Partial specializations with arguments that depend on their parameters
//! in a way the pattern cannot read (`template <typename T> struct
//! element_type<T, typename std::enable_if<is_ptr<T>::value>::type>`): such
//! an argument is kept as tokens, and a candidate instance matches when the
//! other arguments deduce every parameter and the kept ones, read again
//! with the parameters bound, name the instance's arguments (a failure to
//! read them is not an error: the specialization just does not match).

use super::*;

/// A partial specialization's arguments when some cannot be read as a
/// pattern: each argument read if it can be (`None`: kept as tokens).
pub(super) struct DependentArgs {
    pub args: Vec<Option<TemplateArg>>,
    /// Each unread argument's tokens, ending with the list's `>`.
    pub kept: Vec<(usize, Rc<[Token]>)>,
    /// The token after the list's closing `>`.
    pub end: usize,
}

impl<'a> Parser<'a> {
    /// The arguments of a partial specialization's list at `at` (after its
    /// `<`), one at a time with the parameters standing as themselves;
    /// `None` if the list's end cannot be found or no argument fails.
    pub(super) fn dependent_partial_args(
        &mut self,
        params: &[TemplateParam],
        at: usize,
    ) -> Option<DependentArgs> {
        let toks = self.toks;
        // Each argument's token range, and the closing `>`.
        let mut ranges = Vec::new();
        let (mut depth, mut from, mut end) = (0usize, at, None);
        for (k, t) in toks.iter().enumerate().skip(at).take(4096) {
            match &*t.text {
                "<" | "(" | "[" => depth += 1,
                ")" | "]" => depth = depth.checked_sub(1)?,
                "," if depth == 0 => {
                    ranges.push((from, k, false));
                    from = k + 1;
                }
                ">" if depth == 0 => {
                    ranges.push((from, k, true));
                    end = Some(k + 1);
                    break;
                }
                ">" => depth -= 1,
                // `X<T, Y<T>>`: the last argument ends with the `>>`.
                ">>" if depth == 1 => {
                    ranges.push((from, k, true));
                    end = Some(k + 1);
                    break;
                }
                ">>" => depth = depth.checked_sub(2)?,
                "{" | "}" | ";" => return None,
                _ => {}
            }
        }
        let end = end?;
        let mut out = DependentArgs {
            args: Vec::new(),
            kept: Vec::new(),
            end,
        };
        for (i, (from, to, last)) in ranges.into_iter().enumerate() {
            let mut arg: Vec<Token> = toks[from..to].to_vec();
            if last {
                arg.push(toks[to].clone());
            } else {
                let mut gt = toks[end - 1].clone();
                gt.text = ">".into();
                arg.push(gt);
            }
            let arg: Rc<[Token]> = arg.into();
            let ndiags = self.diags.len();
            let read = self.sub_parse(&arg, 0, |p| {
                let args = p.with_placeholders(params, |p| p.template_args())?;
                Ok((args, p.pos))
            });
            self.diags.truncate(ndiags);
            match read {
                Ok((mut one, pos)) if one.len() == 1 && pos == arg.len() => {
                    out.args.push(one.pop());
                }
                _ => {
                    out.args.push(None);
                    out.kept.push((i, arg));
                }
            }
        }
        (!out.kept.is_empty()).then_some(out)
    }

    /// Whether partial specialization `p`, whose readable arguments gave its
    /// parameters `values`, matches `args`: its kept arguments, read with
    /// the parameters bound, are the same.
    pub(super) fn kept_args_match(
        &mut self,
        p: &Partial,
        values: &[TemplateArg],
        args: &[TemplateArg],
    ) -> bool {
        for (i, toks) in &p.kept {
            let ndiags = self.diags.len();
            let read = self.sub_parse(toks, 0, |s| {
                s.bind(&p.def, values);
                let args = s.template_args()?;
                Ok((args, s.pos))
            });
            self.diags.truncate(ndiags);
            match read {
                Ok((one, pos)) if pos == toks.len() && one.len() == 1 => {
                    if args.get(*i) != one.first() {
                        return false;
                    }
                }
                _ => return false,
            }
        }
        true
    }
}
