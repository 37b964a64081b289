//! Device `printf`: irgen lowers `printf(fmt, args…)` to `vprintf(fmt, buf)`
//! with the promoted arguments packed in `buf`, each at an offset aligned to
//! its size (as nvcc does). Like CUDA's vprintf, the format string says how
//! to read the buffer: `%d %i %u %x %X %o %c` take a 4-byte int (8 bytes with
//! `l`, `ll`, `j`, `z`, `t`), `%f %e %g %a` (and capitals) an 8-byte double,
//! `%s %p` an 8-byte pointer. Formatting follows C: flags `-+ #0`, width and
//! precision (also `*`), `hh`/`h` narrowing.

use std::fmt::Write as _;

/// Where the arguments come from: `arg(offset, size)` reads `size` bytes of
/// the buffer (little-endian, zero-extended), `string(ptr)` a NUL-terminated
/// string. Either fails with a message.
pub(crate) trait Args {
    fn arg(&mut self, offset: u64, size: u64) -> Result<u64, String>;
    fn string(&mut self, ptr: u64) -> Result<Vec<u8>, String>;
}

#[derive(Default)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    precision: Option<usize>,
}

/// The most a width or precision may be (a bigger one is clamped).
const MAX_FIELD: usize = 4096;

/// The text `fmt` makes of the arguments, and how many arguments it read.
/// Formatting stops once the text is longer than `limit` bytes (the caller
/// keeps no more), so a format full of wide fields cannot take much memory.
pub(crate) fn format(
    fmt: &[u8],
    args: &mut dyn Args,
    limit: usize,
) -> Result<(Vec<u8>, u32), String> {
    let mut out = Vec::new();
    let mut r = Reader {
        offset: 0,
        count: 0,
    };
    let mut next = |args: &mut dyn Args, size: u64| r.next(args, size);
    let mut i = 0;
    while i < fmt.len() && out.len() <= limit {
        let c = fmt[i];
        i += 1;
        if c != b'%' {
            out.push(c);
            continue;
        }
        let start = i - 1;
        let mut s = Spec::default();
        while let Some(&f) = fmt.get(i) {
            match f {
                b'-' => s.left = true,
                b'+' => s.plus = true,
                b' ' => s.space = true,
                b'#' => s.alt = true,
                b'0' => s.zero = true,
                _ => break,
            }
            i += 1;
        }
        if fmt.get(i) == Some(&b'*') {
            i += 1;
            let w = next(args, 4)? as u32 as i32;
            if w < 0 {
                s.left = true;
            }
            s.width = (w.unsigned_abs() as usize).min(MAX_FIELD);
        } else {
            s.width = digits(fmt, &mut i).min(MAX_FIELD);
        }
        if fmt.get(i) == Some(&b'.') {
            i += 1;
            if fmt.get(i) == Some(&b'*') {
                i += 1;
                let p = next(args, 4)? as u32 as i32;
                s.precision = (p >= 0).then_some((p as usize).min(MAX_FIELD));
            } else {
                s.precision = Some(digits(fmt, &mut i).min(MAX_FIELD));
            }
        }
        // Length: hh h l ll L j z t q.
        let mut len = 0u8; // 0 int, 1 char, 2 short, 8 long
        while let Some(&l) = fmt.get(i) {
            match l {
                b'h' => len = if len == 2 { 1 } else { 2 },
                b'l' | b'L' | b'j' | b'z' | b't' => len = 8,
                _ => break,
            }
            i += 1;
        }
        let Some(&conv) = fmt.get(i) else {
            out.extend_from_slice(&fmt[start..]);
            break;
        };
        i += 1;
        let int_size = if len == 8 { 8 } else { 4 };
        let narrow = |v: u64| match len {
            1 => v & 0xff,
            2 => v & 0xffff,
            8 => v,
            _ => v & 0xffff_ffff,
        };
        let bits = match len {
            1 => 8,
            2 => 16,
            8 => 64,
            _ => 32,
        };
        match conv {
            b'%' => out.push(b'%'),
            b'd' | b'i' => {
                let v = sext(narrow(next(args, int_size)?), bits);
                let sign = if v < 0 {
                    "-"
                } else if s.plus {
                    "+"
                } else if s.space {
                    " "
                } else {
                    ""
                };
                int_field(&mut out, &s, sign, "", v.unsigned_abs().to_string());
            }
            b'u' | b'x' | b'X' | b'o' => {
                let v = narrow(next(args, int_size)?);
                let (digits, prefix) = match conv {
                    b'u' => (v.to_string(), ""),
                    b'x' => (format!("{v:x}"), if s.alt && v != 0 { "0x" } else { "" }),
                    b'X' => (format!("{v:X}"), if s.alt && v != 0 { "0X" } else { "" }),
                    _ => {
                        let o = format!("{v:o}");
                        // `#` makes the first digit a 0.
                        let o = if s.alt && !o.starts_with('0') {
                            format!("0{o}")
                        } else {
                            o
                        };
                        (o, "")
                    }
                };
                int_field(&mut out, &s, "", prefix, digits);
            }
            b'c' => {
                let v = next(args, 4)? as u8;
                pad(&mut out, &s, &[v], false);
            }
            b's' => {
                let p = next(args, 8)?;
                let mut text = if p == 0 {
                    b"(null)".to_vec()
                } else {
                    args.string(p).map_err(|e| format!("printf: %s: {e}"))?
                };
                if let Some(n) = s.precision {
                    text.truncate(n);
                }
                pad(&mut out, &s, &text, false);
            }
            b'p' => {
                let p = next(args, 8)?;
                let text = if p == 0 {
                    "(nil)".to_string()
                } else {
                    format!("0x{p:x}")
                };
                pad(&mut out, &s, text.as_bytes(), false);
            }
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                let v = f64::from_bits(next(args, 8)?);
                let text = float(v, conv, &s);
                let numeric = v.is_finite();
                pad(&mut out, &s, text.as_bytes(), numeric);
            }
            _ => {
                // Not a conversion C knows: written as it stands.
                out.extend_from_slice(&fmt[start..i]);
            }
        }
    }
    Ok((out, r.count))
}

/// The buffer's next argument: its offset and how many were read.
struct Reader {
    offset: u64,
    count: u32,
}

impl Reader {
    fn next(&mut self, args: &mut dyn Args, size: u64) -> Result<u64, String> {
        self.offset = self.offset.div_ceil(size) * size;
        let v = args.arg(self.offset, size).map_err(|e| {
            format!(
                "printf: the format reads argument {} but the call passes fewer ({e})",
                self.count + 1
            )
        })?;
        self.offset += size;
        self.count += 1;
        Ok(v)
    }
}

fn digits(fmt: &[u8], i: &mut usize) -> usize {
    let mut n = 0usize;
    while let Some(d) = fmt.get(*i).filter(|d| d.is_ascii_digit()) {
        n = n.saturating_mul(10).saturating_add(usize::from(d - b'0'));
        *i += 1;
    }
    n
}

fn sext(v: u64, bits: u32) -> i64 {
    if bits >= 64 {
        v as i64
    } else {
        ((v << (64 - bits)) as i64) >> (64 - bits)
    }
}

/// An integer conversion: the precision is the least number of digits
/// (precision 0 and value 0 print nothing), `0` pads after the sign and
/// prefix unless a precision is given.
fn int_field(out: &mut Vec<u8>, s: &Spec, sign: &str, prefix: &str, digits: String) {
    let mut body = match s.precision {
        Some(0) if digits == "0" => String::new(),
        Some(p) if digits.len() < p => format!("{}{digits}", "0".repeat(p - digits.len())),
        _ => digits,
    };
    let head = format!("{sign}{prefix}");
    let len = head.len() + body.len();
    if s.zero && !s.left && s.precision.is_none() && len < s.width {
        body = format!("{}{body}", "0".repeat(s.width - len));
    }
    pad(out, s, format!("{head}{body}").as_bytes(), false);
}

/// Pads `text` to the width: spaces on the left (or right with `-`), or
/// zeros after the sign for a number with the `0` flag.
fn pad(out: &mut Vec<u8>, s: &Spec, text: &[u8], zero_pad: bool) {
    let fill = s.width.saturating_sub(text.len());
    if s.left {
        out.extend_from_slice(text);
        out.extend(std::iter::repeat_n(b' ', fill));
    } else if zero_pad && s.zero {
        let sign = text
            .iter()
            .take_while(|c| matches!(c, b'-' | b'+' | b' '))
            .count();
        let sign = if text[sign..].starts_with(b"0x") || text[sign..].starts_with(b"0X") {
            sign + 2
        } else {
            sign
        };
        out.extend_from_slice(&text[..sign]);
        out.extend(std::iter::repeat_n(b'0', fill));
        out.extend_from_slice(&text[sign..]);
    } else {
        out.extend(std::iter::repeat_n(b' ', fill));
        out.extend_from_slice(text);
    }
}

/// `%f %e %g %a` of `v` with the flags (not the width).
fn float(v: f64, conv: u8, s: &Spec) -> String {
    let upper = conv.is_ascii_uppercase();
    let sign = if v.is_sign_negative() {
        "-"
    } else if s.plus {
        "+"
    } else if s.space {
        " "
    } else {
        ""
    };
    let body = if v.is_nan() {
        "nan".to_string()
    } else if v.is_infinite() {
        "inf".to_string()
    } else {
        let a = v.abs();
        match conv.to_ascii_lowercase() {
            b'f' => fixed(a, s.precision.unwrap_or(6), s.alt),
            b'e' => exp(a, s.precision.unwrap_or(6), s.alt),
            b'g' => general(a, s.precision.unwrap_or(6), s.alt),
            _ => hex(a, s.precision),
        }
    };
    let text = format!("{sign}{body}");
    if upper {
        text.to_ascii_uppercase()
    } else {
        text
    }
}

fn fixed(a: f64, p: usize, alt: bool) -> String {
    let mut t = format!("{a:.p$}");
    if alt && p == 0 {
        t.push('.');
    }
    t
}

/// `d.ddde±XX`: Rust's `{:e}` with C's exponent (a sign and two digits at least).
fn exp(a: f64, p: usize, alt: bool) -> String {
    let t = format!("{a:.p$e}");
    let (m, e) = t.split_once('e').unwrap_or((&t, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    let dot = if alt && p == 0 { "." } else { "" };
    format!("{m}{dot}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
}

fn general(a: f64, p: usize, alt: bool) -> String {
    let p = p.max(1);
    // The exponent %e would show with p - 1 digits after the point.
    let t = format!("{a:.*e}", p - 1);
    let x: i64 = t
        .split_once('e')
        .and_then(|(_, e)| e.parse().ok())
        .unwrap_or(0);
    let mut text = if (p as i64) > x && x >= -4 {
        fixed(a, (p as i64 - 1 - x) as usize, alt)
    } else {
        exp(a, p - 1, alt)
    };
    if !alt {
        // Trailing zeros of the fraction go, and a point left alone.
        let (m, e) = match text.find('e') {
            Some(k) => (text[..k].to_string(), text[k..].to_string()),
            None => (text.clone(), String::new()),
        };
        let m = if m.contains('.') {
            m.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            m
        };
        text = format!("{m}{e}");
    }
    text
}

/// `%a`: `0x1.hhhp±d` (exact when no precision is given).
fn hex(a: f64, precision: Option<usize>) -> String {
    if a == 0.0 {
        let frac = precision
            .filter(|p| *p > 0)
            .map_or(String::new(), |p| format!(".{}", "0".repeat(p)));
        return format!("0x0{frac}p+0");
    }
    let bits = a.to_bits();
    let raw_exp = ((bits >> 52) & 0x7ff) as i64;
    let mut man = bits & ((1 << 52) - 1);
    let (mut lead, mut e) = if raw_exp == 0 {
        (0u64, -1022i64)
    } else {
        (1u64, raw_exp - 1023)
    };
    let mut digits = 13usize;
    if let Some(p) = precision.filter(|p| *p < 13) {
        // Round the 52-bit fraction to p hex digits, ties to even.
        let drop = 4 * (13 - p) as u32;
        let full = (lead << 52) | man;
        let half = 1u64 << (drop - 1);
        let rem = full & ((1u64 << drop) - 1);
        let mut kept = full >> drop;
        if rem > half || (rem == half && kept & 1 == 1) {
            kept += 1;
        }
        let full = kept << drop;
        lead = full >> 52;
        man = full & ((1 << 52) - 1);
        if lead >= 2 {
            lead = 1;
            e += 1;
        }
        digits = p;
    }
    let mut frac = format!("{man:013x}");
    frac.truncate(digits);
    if precision.is_none() {
        frac = frac.trim_end_matches('0').to_string();
    } else if let Some(p) = precision {
        while frac.len() < p {
            frac.push('0');
        }
    }
    let dot = if frac.is_empty() { "" } else { "." };
    let mut t = String::new();
    let _ = write!(
        t,
        "0x{lead}{dot}{frac}p{}{}",
        if e < 0 { '-' } else { '+' },
        e.abs()
    );
    t
}

/// The most `printf` text a launch keeps (CUDA's default FIFO is 1 MiB);
/// the rest is dropped with a note.
pub(crate) const MAX_OUTPUT: usize = 1 << 20;

/// The longest format or `%s` string `printf` reads.
pub(crate) const MAX_PRINTF_STRING: u64 = 64 * 1024;

/// Appends `printf` text to a launch's output, up to [`MAX_OUTPUT`] (then a note).
pub(crate) fn append_output(output: &mut Vec<u8>, text: &[u8]) {
    const NOTE: &[u8] = b"\n[ptxlab: printf output truncated at 1 MiB]\n";
    if output.len() >= MAX_OUTPUT {
        return;
    }
    let room = MAX_OUTPUT - output.len();
    if text.len() <= room {
        output.extend_from_slice(text);
    } else {
        output.extend_from_slice(&text[..room]);
        output.extend_from_slice(NOTE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Arguments packed as irgen packs them: each aligned to its size.
    struct Packed {
        buf: Vec<u8>,
        strings: Vec<(u64, &'static str)>,
    }

    impl Packed {
        fn new() -> Packed {
            Packed {
                buf: Vec::new(),
                strings: Vec::new(),
            }
        }
        fn put(mut self, bytes: &[u8]) -> Packed {
            let n = bytes.len();
            while !self.buf.len().is_multiple_of(n) {
                self.buf.push(0);
            }
            self.buf.extend_from_slice(bytes);
            self
        }
        fn i(self, v: i32) -> Packed {
            self.put(&v.to_le_bytes())
        }
        fn l(self, v: i64) -> Packed {
            self.put(&v.to_le_bytes())
        }
        fn d(self, v: f64) -> Packed {
            self.put(&v.to_le_bytes())
        }
        fn s(mut self, ptr: u64, text: &'static str) -> Packed {
            self.strings.push((ptr, text));
            self.put(&ptr.to_le_bytes())
        }
    }

    impl Args for Packed {
        fn arg(&mut self, offset: u64, size: u64) -> Result<u64, String> {
            let (o, n) = (offset as usize, size as usize);
            let b = self.buf.get(o..o + n).ok_or("out of bounds")?;
            let mut w = [0u8; 8];
            w[..n].copy_from_slice(b);
            Ok(u64::from_le_bytes(w))
        }
        fn string(&mut self, ptr: u64) -> Result<Vec<u8>, String> {
            self.strings
                .iter()
                .find(|(p, _)| *p == ptr)
                .map(|(_, s)| s.as_bytes().to_vec())
                .ok_or_else(|| "bad pointer".to_string())
        }
    }

    fn f(fmt: &str, mut a: Packed) -> String {
        String::from_utf8(format(fmt.as_bytes(), &mut a, 1 << 20).unwrap().0).unwrap()
    }

    #[test]
    fn integers() {
        let p = || Packed::new().i(-42);
        assert_eq!(
            f(
                "%d|%i|%5d|%-5d|%05d|%+d",
                p().i(-42).i(-42).i(-42).i(-42).i(7)
            ),
            "-42|-42|  -42|-42  |-0042|+7"
        );
        assert_eq!(
            f("%u %x %X %o", Packed::new().i(-1).i(255).i(255).i(8)),
            "4294967295 ff FF 10"
        );
        assert_eq!(
            f("%#x %#o %#x", Packed::new().i(255).i(8).i(0)),
            "0xff 010 0"
        );
        assert_eq!(f("%.3d|%.0d|% d", Packed::new().i(5).i(0).i(5)), "005|| 5");
        assert_eq!(
            f("%ld %lld %llu", Packed::new().l(-1 << 40).l(7).l(-1)),
            "-1099511627776 7 18446744073709551615"
        );
        assert_eq!(f("%hhd %hu", Packed::new().i(0x1ff).i(0x12345)), "-1 9029");
        assert_eq!(f("%c%c%%", Packed::new().i(72).i(105)), "Hi%");
        assert_eq!(
            f("%*d|%-*d|%.*d", Packed::new().i(4).i(1).i(3).i(2).i(3).i(9)),
            "   1|2  |009"
        );
        // An int then a double: the double is 8-aligned.
        assert_eq!(f("%d %f", Packed::new().i(1).d(0.5)), "1 0.500000");
    }

    #[test]
    fn floats() {
        let d = |v: f64| Packed::new().d(v);
        assert_eq!(f("%f", d(3.14259)), "3.142590");
        assert_eq!(f("%.2f", d(2.675)), "2.67"); // 2.675 is below 2.675 in binary
        assert_eq!(
            f(
                "%8.3f|%-8.1f|%08.2f|%+.1f",
                d(3.14259).d(2.5).d(-1.5).d(1.0)
            ),
            "   3.143|2.5     |-0001.50|+1.0"
        );
        assert_eq!(f("%e", d(12345.678)), "1.234568e+04");
        assert_eq!(f("%.0e|%E", d(0.00012).d(1e-300)), "1e-04|1.000000E-300");
        assert_eq!(
            f("%g|%g|%g|%g", d(100000.0).d(1e6).d(0.0001).d(0.00001)),
            "100000|1e+06|0.0001|1e-05"
        );
        assert_eq!(
            f("%g|%.3g|%#g|%G", d(3.5).d(3.14259).d(1.0).d(1e-10)),
            "3.5|3.14|1.00000|1E-10"
        );
        assert_eq!(
            f(
                "%f|%F|%e|%5.1f",
                d(f64::INFINITY).d(f64::NEG_INFINITY).d(f64::NAN).d(-0.0)
            ),
            "inf|-INF|nan| -0.0"
        );
        assert_eq!(
            f("%a|%a|%.1a|%A", d(1.0).d(0.5).d(1.5).d(-3.0)),
            "0x1p+0|0x1p-1|0x1.8p+0|-0X1.8P+1"
        );
        assert_eq!(f("%g", d(0.0)), "0");
    }

    #[test]
    fn strings_pointers_and_errors() {
        let a = Packed::new().s(0x1000, "world").s(0x1000, "world").s(0, "");
        assert_eq!(f("hello %s|%.3s|%s", a), "hello world|wor|(null)");
        assert_eq!(
            f("%8s|%-6s|", Packed::new().s(8, "ab").s(8, "ab")),
            "      ab|ab    |"
        );
        assert_eq!(f("%p %p", Packed::new().l(0x10).l(0)), "0x10 (nil)");
        assert_eq!(f("100%% %q %", Packed::new()), "100% %q %");
        let e = format(b"%d %d", &mut Packed::new().i(1), 100).unwrap_err();
        assert!(e.contains("argument 2"), "{e}");
        let (_, n) = format(b"%d %s %f", &mut Packed::new().i(1).s(8, "x").d(1.0), 100).unwrap();
        assert_eq!(n, 3);
        // Wide fields stop at the limit.
        let (out, _) = format(
            b"%4000d%4000d%4000d",
            &mut Packed::new().i(1).i(2).i(3),
            5000,
        )
        .unwrap();
        assert!(out.len() <= 8000, "{}", out.len());
    }
}
