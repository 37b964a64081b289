//! How much one entry's PTX reads like another's: the opcode sequence of
//! each (one token per instruction: its opcode with every modifier and type,
//! `@` in front when guarded; registers, operands and labels left out)
//! compared with Python's `difflib.SequenceMatcher(None, a, b).ratio()`,
//! re-implemented here with the same definition (longest matching blocks,
//! recursively, and the "autojunk" rule for long sequences), so the numbers
//! are the ones a learner gets from difflib.
//!
//! Used by the bench (`core/examples/bench.rs`); its tests run in
//! `core/tests/resemblance.rs`.

use std::collections::HashMap;

/// The body of `.entry NAME(` in `ptx`, up to the brace that closes it
/// (empty when there is no such entry). Braces are matched: NVRTC's inline
/// assembly (`cuda_fp16.h`'s `{add.f16 ...;\n}`) puts block braces at the
/// start of a line inside the body.
pub fn entry_body<'a>(ptx: &'a str, entry: &str) -> &'a str {
    let Some(start) = ptx.find(&format!(".entry {entry}(")) else {
        return "";
    };
    let body = &ptx[start..];
    let mut depth = 0usize;
    let mut offset = 0;
    for line in body.split_inclusive('\n') {
        for (i, c) in line.split("//").next().unwrap_or("").char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth > 0 => {
                    depth -= 1;
                    if depth == 0 {
                        return &body[..offset + i];
                    }
                }
                _ => {}
            }
        }
        offset += line.len();
    }
    body
}

/// One token per instruction of a PTX function body: `ld.global.f32`,
/// `@bra`, `call.uni`. Directives (`.reg`, `.pragma`), labels, braces and
/// comments are not instructions; an instruction right after a brace
/// (`{add.f16`, inline assembly's spelling) is.
pub fn opcodes(body: &str) -> Vec<String> {
    // Comments out, then statements split at `;` (a call's operands span lines).
    let text: String = body
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    // The parameter list of `.entry f(...)` holds no statement.
    let text = match text.find(')') {
        Some(i) if text.trim_start().starts_with(".") && text[..i].contains(".entry") => {
            &text[i + 1..]
        }
        _ => &text[..],
    };
    let mut out = Vec::new();
    for stmt in text.split(';') {
        let mut words = stmt.split_whitespace().peekable();
        // Labels and block braces in front of the instruction.
        while let Some(w) = words.peek() {
            if w.ends_with(':') || *w == "{" || *w == "}" {
                words.next();
            } else {
                break;
            }
        }
        let Some(first) = words.next() else { continue };
        let first = first.trim_start_matches('{');
        if first.is_empty() || first.starts_with('.') {
            continue;
        }
        if first.starts_with('@') {
            if let Some(op) = words.next() {
                out.push(format!("@{op}"));
            }
        } else {
            out.push(first.to_string());
        }
    }
    out
}

/// `difflib.SequenceMatcher(None, a, b).ratio()`: twice the number of
/// tokens in matching blocks over the total number of tokens (1.0 for two
/// empty sequences).
pub fn ratio<T: Eq + std::hash::Hash>(a: &[T], b: &[T]) -> f64 {
    let total = a.len() + b.len();
    if total == 0 {
        return 1.0;
    }
    2.0 * matches(a, b) as f64 / total as f64
}

/// The number of tokens in difflib's matching blocks of `a` and `b`.
fn matches<T: Eq + std::hash::Hash>(a: &[T], b: &[T]) -> usize {
    // b2j: where each token occurs in b; with autojunk, a token of a b of
    // 200 or more tokens that occurs more than 1 + len/100 times is
    // "popular" and left out (difflib's `__chain_b`).
    let mut b2j: HashMap<&T, Vec<usize>> = HashMap::new();
    for (j, t) in b.iter().enumerate() {
        b2j.entry(t).or_default().push(j);
    }
    if b.len() >= 200 {
        let ntest = b.len() / 100 + 1;
        b2j.retain(|_, v| v.len() <= ntest);
    }
    let mut total = 0;
    let mut queue = vec![(0, a.len(), 0, b.len())];
    while let Some((alo, ahi, blo, bhi)) = queue.pop() {
        let (i, j, k) = longest_match(a, b, &b2j, alo, ahi, blo, bhi);
        if k > 0 {
            total += k;
            if alo < i && blo < j {
                queue.push((alo, i, blo, j));
            }
            if i + k < ahi && j + k < bhi {
                queue.push((i + k, ahi, j + k, bhi));
            }
        }
    }
    total
}

/// difflib's `find_longest_match` with no junk function: the longest
/// block of a[alo..ahi] equal to one of b[blo..bhi] (earliest in a, then in
/// b), found over the non-popular tokens and then extended over equal
/// neighbours (popular tokens included).
fn longest_match<T: Eq + std::hash::Hash>(
    a: &[T],
    b: &[T],
    b2j: &HashMap<&T, Vec<usize>>,
    alo: usize,
    ahi: usize,
    blo: usize,
    bhi: usize,
) -> (usize, usize, usize) {
    let (mut besti, mut bestj, mut bestsize) = (alo, blo, 0);
    let mut j2len: HashMap<usize, usize> = HashMap::new();
    for (i, t) in a.iter().enumerate().take(ahi).skip(alo) {
        let mut next: HashMap<usize, usize> = HashMap::new();
        if let Some(js) = b2j.get(t) {
            for &j in js {
                if j < blo {
                    continue;
                }
                if j >= bhi {
                    break;
                }
                let k = j
                    .checked_sub(1)
                    .and_then(|p| j2len.get(&p))
                    .copied()
                    .unwrap_or(0)
                    + 1;
                next.insert(j, k);
                if k > bestsize {
                    besti = i + 1 - k;
                    bestj = j + 1 - k;
                    bestsize = k;
                }
            }
        }
        j2len = next;
    }
    while besti > alo && bestj > blo && a[besti - 1] == b[bestj - 1] {
        besti -= 1;
        bestj -= 1;
        bestsize += 1;
    }
    while besti + bestsize < ahi
        && bestj + bestsize < bhi
        && a[besti + bestsize] == b[bestj + bestsize]
    {
        bestsize += 1;
    }
    (besti, bestj, bestsize)
}

/// The median, the number below `bar` and the smallest of `values`.
pub fn summary(values: &[f64], bar: f64) -> (f64, usize, f64) {
    let mut v = values.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    let median = match v.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    };
    let below = v.iter().filter(|x| **x < bar).count();
    (median, below, v.first().copied().unwrap_or(f64::NAN))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    /// Values from Python 3.11's difflib on the same inputs.
    #[test]
    fn ratio_is_difflibs() {
        assert_eq!(ratio(&chars("abcd"), &chars("bcde")), 0.75);
        assert_eq!(ratio(&chars("abxcd"), &chars("abcd")), 8.0 / 9.0);
        assert_eq!(ratio::<char>(&[], &[]), 1.0);
        assert_eq!(ratio(&chars("abc"), &[]), 0.0);
        // Not the longest common subsequence (which is 4 of "qabxcd"/"abycdf":
        // a b c d): difflib takes the longest block "ab", then recurses on each side.
        assert_eq!(ratio(&chars("qabxcd"), &chars("abycdf")), 2.0 * 4.0 / 12.0);
        // The longest block wins even when a shorter alignment matches more.
        assert_eq!(
            ratio(&chars("private Thread"), &chars("Thread private")),
            0.5
        );
    }

    /// Over 200 tokens, a token in more than 1% of b is popular: it seeds no
    /// match (difflib gives 1/301 here with autojunk, 300/301 without).
    #[test]
    fn autojunk_as_difflib() {
        let mut a = vec!["y"];
        a.extend(std::iter::repeat_n("x", 300));
        let mut b: Vec<&str> = std::iter::repeat_n("x", 300).collect();
        b.push("y");
        assert_eq!(ratio(&a, &b), 2.0 / 602.0);
        // Under 200 tokens there is no autojunk.
        let (a, b) = (&a[200..], &b[200..]);
        assert_eq!(ratio(a, b), 200.0 / 202.0);
    }

    #[test]
    fn opcodes_of_an_entry() {
        let ptx = ".visible .entry k(\n\t.param .u64 k_param_0\n)\n{\n\t.reg .pred \t%p<2>;\n\
                   \tld.param.u64 \t%rd1, [k_param_0];\n\tsetp.lt.s32 \t%p1, %r1, 1;\n\
                   \t@%p1 bra \t$L__BB0_2;\n$L__BB0_1:\n\t.pragma \"nounroll\";\n\
                   \t{ // callseq 0, 0\n\tcall.uni (retval0), \n\tg, \n\t(\n\tparam0\n\t);\n\t} // callseq 0\n\
                   $L__BB0_2:\n\tret;\n\n}\n.visible .entry other(\n)\n{\n\tmov.u32 %r1, 0;\n}\n";
        assert_eq!(
            opcodes(entry_body(ptx, "k")),
            ["ld.param.u64", "setp.lt.s32", "@bra", "call.uni", "ret"]
        );
        assert_eq!(opcodes(entry_body(ptx, "other")), ["mov.u32"]);
        assert!(entry_body(ptx, "missing").is_empty());
    }

    /// NVRTC's inline assembly from `cuda_fp16.h`: a block brace at the
    /// start of a line does not end the entry, and the instruction that
    /// follows an opening brace counts.
    #[test]
    fn inline_assembly_blocks() {
        let ptx = ".visible .entry h(\n)\n{\n\tld.global.u16 \t%rs1, [%rd1];\n\
                   \t// begin inline asm\n\t{add.f16 %rs3,%rs1,%rs2;\n}\n\t// end inline asm\n\
                   \t// begin inline asm\n\t{  cvt.rn.f16.f32 %rs4, %f1;}\n\n\t// end inline asm\n\
                   \tst.global.u16 \t[%rd1], %rs4;\n\tret;\n\n}\n.visible .entry next(\n)\n{\n\tret;\n}\n";
        assert_eq!(
            opcodes(entry_body(ptx, "h")),
            [
                "ld.global.u16",
                "add.f16",
                "cvt.rn.f16.f32",
                "st.global.u16",
                "ret"
            ]
        );
        assert!(!entry_body(ptx, "h").contains("next"));
    }

    #[test]
    fn summary_counts() {
        let (m, below, min) = summary(&[0.9, 0.5, 0.7, 1.0], 0.8);
        assert_eq!((m, below, min), (0.8, 2, 0.5));
    }
}
