//! One-line descriptions of PTX instructions, qualifiers and directives, for
//! the PTX pane's hover. Written for this project in our own words (the
//! reference is NVIDIA's PTX ISA manual; nothing here is copied from it).
//! The single source of these descriptions: the page only calls [`describe`].

/// Base opcodes: what the instruction does.
const OPCODES: &[(&str, &str)] = &[
    ("abs", "absolute value"),
    (
        "activemask",
        "mask of the threads of the warp that are executing now",
    ),
    ("add", "add"),
    ("addc", "add with the carry-in from an earlier add.cc"),
    ("and", "bitwise AND (logical AND on predicates)"),
    (
        "atom",
        "atomic read-modify-write on memory; returns the old value",
    ),
    (
        "bar",
        "barrier: wait until the threads of the block (CTA) arrive here",
    ),
    (
        "barrier",
        "barrier: wait until the threads of the block (CTA) arrive here",
    ),
    ("bfe", "extract a bit field"),
    ("bfi", "insert a bit field"),
    ("bfind", "position of the most significant non-sign bit"),
    (
        "bra",
        "branch to a label (with a guard predicate: conditional branch)",
    ),
    ("brev", "reverse the order of the bits"),
    ("brkpt", "breakpoint: suspend for a debugger"),
    (
        "call",
        "call a .func, passing arguments and results through .param space",
    ),
    ("clz", "count leading zero bits"),
    ("cnot", "C's logical not: 1 when the operand is 0, else 0"),
    (
        "copysign",
        "first operand's magnitude with the second one's sign",
    ),
    ("cos", "approximate cosine (radians)"),
    (
        "cp",
        "copy between memory spaces (cp.async: asynchronously into shared memory)",
    ),
    (
        "cvt",
        "convert between types (integer widths, float formats, with rounding)",
    ),
    (
        "cvta",
        "convert an address between a state space and the generic space",
    ),
    ("div", "divide"),
    (
        "dp2a",
        "two-way dot product of 16-bit and 8-bit pairs, accumulated",
    ),
    (
        "dp4a",
        "four-way dot product of packed bytes, accumulated into 32 bits",
    ),
    ("elect", "elect one leader thread from the mask"),
    ("ex2", "approximate 2 to the power x"),
    ("exit", "end this thread"),
    (
        "fence",
        "memory fence: order this thread's memory accesses at a scope",
    ),
    ("fma", "fused multiply-add: a*b+c with a single rounding"),
    ("fns", "find the n-th set bit"),
    (
        "isspacep",
        "test whether a generic address points into a state space",
    ),
    ("ld", "load from memory"),
    (
        "ldmatrix",
        "load matrix fragments from shared memory for mma",
    ),
    (
        "ldu",
        "load a value that is the same for all threads of the warp",
    ),
    ("lg2", "approximate base-2 logarithm"),
    (
        "lop3",
        "any three-input logic function, chosen by an 8-bit truth table",
    ),
    ("mad", "multiply-add: a*b+c (integer; for floats, like fma)"),
    ("mad24", "multiply-add on the low 24 bits of the operands"),
    (
        "match",
        "find the threads of the warp holding the same value",
    ),
    ("max", "maximum"),
    (
        "membar",
        "memory barrier: order this thread's memory accesses at a scope",
    ),
    ("min", "minimum"),
    (
        "mma",
        "warp-wide matrix multiply-accumulate on tensor cores",
    ),
    (
        "mov",
        "copy a register, constant, special register or address",
    ),
    ("mul", "multiply"),
    ("mul24", "multiply the low 24 bits of the operands"),
    (
        "nanosleep",
        "suspend the thread for about the given nanoseconds",
    ),
    ("neg", "negate"),
    ("not", "bitwise NOT (logical NOT on predicates)"),
    ("or", "bitwise OR (logical OR on predicates)"),
    ("popc", "count the set bits"),
    (
        "prefetch",
        "bring a line into a cache level ahead of a load",
    ),
    ("prmt", "permute bytes from two 32-bit registers"),
    ("rcp", "reciprocal 1/x"),
    (
        "red",
        "atomic reduction on memory with no result (an atom whose old value is unused)",
    ),
    (
        "redux",
        "reduce a value across the warp (add, min, max, and, or, xor)",
    ),
    ("rem", "remainder of integer division"),
    ("ret", "return from a .func (or end the kernel)"),
    ("rsqrt", "approximate reciprocal square root 1/sqrt(x)"),
    ("sad", "sum of absolute differences: |a-b|+c"),
    ("selp", "select one of two values by a predicate"),
    ("set", "compare, writing 1/0 (or 1.0/0.0) to a register"),
    (
        "setp",
        "compare, writing the result to a predicate register",
    ),
    ("shf", "funnel shift across a pair of 32-bit registers"),
    ("shfl", "exchange registers between the threads of a warp"),
    ("shl", "shift left"),
    (
        "shr",
        "shift right (arithmetic for signed types, logical for unsigned)",
    ),
    ("sin", "approximate sine (radians)"),
    ("slct", "select one of two values by the sign of a third"),
    ("sqrt", "square root"),
    ("st", "store to memory"),
    ("sub", "subtract"),
    ("subc", "subtract with the borrow-in from an earlier sub.cc"),
    ("tanh", "approximate hyperbolic tangent"),
    (
        "testp",
        "test a float's class (finite, infinite, NaN, normal, subnormal)",
    ),
    ("trap", "abort the kernel with an error"),
    (
        "vote",
        "warp vote: all, any, uni or a ballot of a predicate",
    ),
    ("wmma", "warp-level matrix multiply-accumulate (fragments)"),
    ("xor", "bitwise exclusive OR"),
];

/// Qualifiers: what a `.suffix` of an instruction adds.
const QUALIFIERS: &[(&str, &str)] = &[
    ("global", "global memory"),
    ("shared", "shared memory of the block"),
    ("local", "the thread's local memory (stack)"),
    ("param", "kernel or function parameters"),
    ("const", "constant memory"),
    ("generic", "a generic address (any space)"),
    ("to", "from generic to the named space"),
    ("nc", "through the read-only (non-coherent) cache"),
    (
        "volatile",
        "not cached across accesses; never merged or removed",
    ),
    ("relaxed", "atomic without ordering"),
    ("acquire", "later accesses stay after it"),
    ("release", "earlier accesses stay before it"),
    ("acq_rel", "acquire and release"),
    ("sc", "sequentially consistent"),
    ("cta", "scope: the thread block"),
    ("gpu", "scope: the whole device"),
    ("sys", "scope: the system (host and peers too)"),
    ("cluster", "scope: the thread-block cluster"),
    ("sync", "the named threads take part together"),
    ("aligned", "all threads of the warp execute it together"),
    ("uni", "not divergent: every thread takes the same way"),
    ("wide", "double-width result"),
    ("lo", "low half of the product"),
    ("hi", "high half of the product"),
    ("rn", "round to nearest even"),
    ("rz", "round toward zero"),
    ("rm", "round toward -infinity"),
    ("rp", "round toward +infinity"),
    ("rni", "round to nearest even integer"),
    ("rzi", "round toward zero to an integer"),
    ("rmi", "round toward -infinity to an integer"),
    ("rpi", "round toward +infinity to an integer"),
    ("ftz", "subnormal inputs and results flush to zero"),
    ("sat", "saturate (clamp to the type's range, or to [0, 1])"),
    ("approx", "fast approximation"),
    ("full", "full-range approximation"),
    ("cc", "writes the carry flag"),
    ("eq", "compare: equal"),
    ("ne", "compare: not equal"),
    ("lt", "compare: less than"),
    ("le", "compare: less or equal"),
    ("gt", "compare: greater than"),
    ("ge", "compare: greater or equal"),
    ("ltu", "compare: less than or unordered"),
    ("leu", "compare: less, equal or unordered"),
    ("gtu", "compare: greater than or unordered"),
    ("geu", "compare: greater, equal or unordered"),
    ("equ", "compare: equal or unordered"),
    ("neu", "compare: not equal or unordered"),
    ("num", "compare: neither is NaN"),
    ("nan", "compare: either is NaN"),
    ("down", "from the lane delta above"),
    ("up", "from the lane delta below"),
    ("bfly", "from the lane XOR mask (butterfly)"),
    ("idx", "from the indexed lane"),
    ("add", "operation: add"),
    ("inc", "operation: wrapping increment"),
    ("dec", "operation: wrapping decrement"),
    ("cas", "operation: compare and swap"),
    ("exch", "operation: exchange"),
    ("and", "operation: AND"),
    ("or", "operation: OR"),
    ("xor", "operation: XOR"),
    ("min", "operation: minimum"),
    ("max", "operation: maximum"),
    ("all", "true when it holds in every active thread"),
    ("any", "true when it holds in some active thread"),
    ("ballot", "one bit per thread"),
    ("v2", "a vector of 2"),
    ("v4", "a vector of 4"),
    ("pred", "predicate"),
    ("b8", "8-bit untyped"),
    ("b16", "16-bit untyped"),
    ("b32", "32-bit untyped"),
    ("b64", "64-bit untyped"),
    ("u8", "unsigned 8-bit"),
    ("u16", "unsigned 16-bit"),
    ("u32", "unsigned 32-bit"),
    ("u64", "unsigned 64-bit"),
    ("s8", "signed 8-bit"),
    ("s16", "signed 16-bit"),
    ("s32", "signed 32-bit"),
    ("s64", "signed 64-bit"),
    ("f16", "half float"),
    ("f16x2", "two half floats"),
    ("bf16", "bfloat16"),
    ("f32", "32-bit float"),
    ("f64", "64-bit float"),
];

/// Directives: lines and operands starting with `.`.
const DIRECTIVES: &[(&str, &str)] = &[
    ("version", "the PTX ISA version this module is written in"),
    ("target", "the GPU architecture the module is for"),
    ("address_size", "pointer width in bits"),
    ("visible", "the symbol is visible outside this module"),
    ("extern", "the symbol is defined in another module"),
    ("weak", "a weak symbol: another definition may replace it"),
    ("entry", "a kernel: an entry point the host can launch"),
    (
        "func",
        "a device function, called from kernels or functions",
    ),
    ("reg", "declares registers (name<N> declares N of them)"),
    ("param", "a parameter, in the .param state space"),
    ("local", "a variable in the thread's local memory"),
    ("shared", "a variable in the block's shared memory"),
    ("global", "a variable in global memory"),
    ("const", "a variable in constant memory"),
    ("align", "byte alignment"),
    (
        "maxntid",
        "at most this many threads per block (from __launch_bounds__)",
    ),
    (
        "minnctapersm",
        "at least this many blocks per SM should fit (from __launch_bounds__)",
    ),
    ("maxclusterrank", "at most this many blocks per cluster"),
    ("reqntid", "exactly this many threads per block"),
    ("maxnreg", "at most this many registers per thread"),
    (
        "loc",
        "source location of the following instructions (file line column)",
    ),
    ("file", "a source file number for .loc"),
    (
        "globl",
        "a kernel name (a comment nvcc writes before each .entry)",
    ),
    ("pragma", "a hint to ptxas"),
];

fn lookup(table: &[(&str, &'static str)], key: &str) -> Option<&'static str> {
    table.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
}

/// The description of a PTX line's instruction or directive, for the hover:
/// `ld.global.f32 — load from memory · global: global memory · f32: 32-bit float`.
/// `None` for blank lines, labels, braces and comments.
pub fn describe(line: &str) -> Option<String> {
    let text = line.trim_start();
    if text.starts_with("//") {
        return None;
    }
    let text = text.trim_end_matches(|c: char| c == ';' || c.is_whitespace());
    let mut tokens = text.split_whitespace();
    let mut first = tokens.next()?;
    let mut guard = None;
    if let Some(pred) = first.strip_prefix('@') {
        guard = Some(pred.to_string());
        first = tokens.next()?;
    }
    if let Some(directive) = first.strip_prefix('.') {
        let name = directive.trim_end_matches(',');
        let what = lookup(DIRECTIVES, name)?;
        return Some(format!(".{name} — {what}"));
    }
    if first.ends_with(':') || first == "{" || first == "}" {
        return None;
    }
    let mut parts = first.split('.');
    let opcode = parts.next()?;
    let what = lookup(OPCODES, opcode)?;
    let mut out = format!("{first} — {what}");
    for q in parts {
        if let Some(means) = lookup(QUALIFIERS, q) {
            out.push_str(&format!(" · .{q}: {means}"));
        }
    }
    if let Some(pred) = guard {
        match pred.strip_prefix('!') {
            Some(p) => out.push_str(&format!(" · only where {p} is false")),
            None => out.push_str(&format!(" · only where {pred} is true")),
        }
    }
    Some(out)
}

/// The opcode of an instruction line (`ld` for `@%p1 ld.global.f32 …`), for tests.
pub fn opcode(line: &str) -> Option<&str> {
    let mut tokens = line.split_whitespace();
    let mut first = tokens.next()?;
    if first.starts_with('@') {
        first = tokens.next()?;
    }
    if !first.starts_with(|c: char| c.is_ascii_alphabetic()) || first.ends_with(':') {
        return None;
    }
    // A multi-line call's argument lines (`\tparam0, `) name no instruction.
    let arg = first.trim_end_matches(',');
    if arg
        .strip_prefix("param")
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    first.split('.').next()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples::EXAMPLES;
    use ptxlab_core::{compile_source, Options};

    #[test]
    fn describes_an_instruction_and_its_qualifiers() {
        let d = describe("\tld.global.nc.f32 \t%f1, [%rd4];").unwrap();
        assert!(d.starts_with("ld.global.nc.f32 — load from memory"), "{d}");
        assert!(d.contains(".global: global memory"), "{d}");
        assert!(d.contains(".f32: 32-bit float"), "{d}");
        let d = describe("\t@!%p1 bra \t$L__BB0_2;").unwrap();
        assert!(d.starts_with("bra — branch"), "{d}");
        assert!(d.ends_with("only where %p1 is false"), "{d}");
        assert!(describe(".maxntid 128, 1, 1")
            .unwrap()
            .contains("__launch_bounds__"));
    }

    #[test]
    fn labels_braces_and_comments_have_no_description() {
        for line in ["$L__BB0_2:", "{", "}", "", "\t// .globl\tsaxpy", "   "] {
            assert_eq!(describe(line), None, "{line:?}");
        }
    }

    #[test]
    fn tables_have_no_duplicates() {
        for table in [OPCODES, QUALIFIERS, DIRECTIVES] {
            for (i, (k, _)) in table.iter().enumerate() {
                assert!(table[..i].iter().all(|(o, _)| o != k), "duplicate {k}");
            }
        }
    }

    /// Every instruction the examples compile to, on every target, has a description.
    #[test]
    fn every_opcode_we_emit_is_described() {
        let mut missing = Vec::new();
        for e in EXAMPLES {
            for arch in ptxlab_core::target::names() {
                for (opt_level, ftz) in [(0, false), (3, false), (3, true)] {
                    let opts = Options {
                        arch: arch.to_string(),
                        opt_level,
                        ftz,
                        ..Options::default()
                    };
                    let c = compile_source("kernel.cu", e.source, &opts);
                    for line in c.ptx.unwrap_or_default().lines() {
                        if opcode(line).is_some() && describe(line).is_none() {
                            missing.push(format!("{}: {line}", e.id));
                        }
                    }
                }
            }
        }
        missing.sort();
        missing.dedup();
        assert!(
            missing.is_empty(),
            "undescribed PTX:\n{}",
            missing.join("\n")
        );
    }
}
