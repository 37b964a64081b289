//! Inline PTX (`asm` statements): each operand in a register of its
//! constraint's class in the PTX, the text between nvcc's `// begin inline
//! asm` and `// end inline asm` lines, ptxas accepting the result, nvcc's
//! errors for bad operands, and the IR instruction read back as printed.

mod common;

use ptxlab_core::ir::{parse_module, print_module, verify};
use ptxlab_core::{compile_source, Options};

fn compile(src: &str) -> ptxlab_core::Compilation {
    compile_source(
        "asm.cu",
        src,
        &Options {
            arch: "sm_80".into(),
            ..Options::default()
        },
    )
}

fn errors(c: &ptxlab_core::Compilation) -> Vec<String> {
    c.diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.to_string())
        .collect()
}

/// The lines between each `// begin inline asm` and `// end inline asm`,
/// tabs and all.
fn asm_bodies(ptx: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur: Option<Vec<&str>> = None;
    for l in ptx.lines() {
        match (l.trim(), cur.as_mut()) {
            ("// begin inline asm", None) => cur = Some(Vec::new()),
            ("// end inline asm", Some(b)) => {
                out.push(b.join("\n"));
                cur = None;
            }
            (_, Some(b)) => b.push(l),
            _ => {}
        }
    }
    out
}

/// ptxas accepts the PTX (skipped where ptxas is not installed).
fn ptxas_accepts(name: &str, ptx: &str) {
    if common::ptxas().is_none() {
        eprintln!("SKIPPED ptxas check: ptxas not found");
    }
    if let Some(e) = common::ptxas_rejects(ptx, "sm_80", name) {
        panic!("ptxas rejected:\n{e}\n{ptx}");
    }
}

/// Real-style uses: the lane id, a bit-field extract with an immediate
/// (`n`) and a constant moved into a register (`r`), a byte permute, a
/// non-coherent load through a 64-bit pointer, an f16 conversion into a
/// 16-bit register, a scoped `{ .reg .pred … }` body built from string
/// pieces, a read-write operand, an f64 operand, a `memory`-clobbering
/// fence, inputs written without a comma between them (nvcc reads them)
/// and basic asm without operands.
#[test]
fn operands_take_registers_of_their_constraint_classes() {
    let src = r#"
__global__ void probe(unsigned *out, const float *in, unsigned long long *stamp, short *half_out) {
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    unsigned word = out[0], field;
    asm volatile("bfe.u32 %0, %1, %2, %3;" : "=r"(field) : "r"(word), "r"(4), "n"(8));
    unsigned swapped;
    asm("prmt.b32 %0, %1, %2, 0x3210;" : "=r"(swapped) : "r"(word), "r"(field));
    float x;
    asm("ld.global.nc.f32 %0, [%1];" : "=f"(x) : "l"(in));
    unsigned short h;
    asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(x));
    half_out[0] = h;
    unsigned flag;
    asm("{\n\t"
        ".reg .pred p;\n\t"
        "setp.ne.u32 p, %1, 0;\n\t"
        "selp.u32 %0, 1, 0, p;\n\t"
        "}"
        : "=r"(flag) : "r"(swapped));
    asm("add.u32 %0, %0, %1;" : "+r"(flag) : "r"(lane));
    unsigned long long t;
    asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
    stamp[0] = t;
    asm volatile("membar.gl;" ::: "memory");
    asm volatile("st.relaxed.gpu.global.u32 [%1], %0;" :: "r"(flag) "l"(out) : "memory");
    asm("bar.sync 0;");
    double d = in[1];
    asm("add.f64 %0, %1, %1;" : "=d"(d) : "d"(d));
    out[1] = flag + swapped + (unsigned)d;
}
"#;
    let c = compile(src);
    assert!(errors(&c).is_empty(), "{:?}", errors(&c));
    let ptx = c.ptx.clone().unwrap();
    let bodies = asm_bodies(&ptx);
    let shape: Vec<String> = bodies
        .iter()
        .map(|b| {
            // Register numbers are ours; their classes are nvcc's.
            let mut s = String::new();
            let mut chars = b.chars().peekable();
            while let Some(ch) = chars.next() {
                s.push(ch);
                if ch == '%' && chars.peek().is_some_and(|c| *c == 'r' || *c == 'f') {
                    while let Some(c) = chars.peek().filter(|c| c.is_ascii_alphabetic()) {
                        s.push(*c);
                        chars.next();
                    }
                    while chars.peek().is_some_and(char::is_ascii_digit) {
                        chars.next();
                    }
                    s.push('N');
                }
            }
            s
        })
        .collect();
    assert_eq!(
        shape,
        [
            "\tmov.u32 %rN, %laneid;",
            "\tbfe.u32 %rN, %rN, %rN, 8;",
            "\tprmt.b32 %rN, %rN, %rN, 0x3210;",
            "\tld.global.nc.f32 %fN, [%rdN];",
            "\tcvt.rn.f16.f32 %rsN, %fN;",
            "\t{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %rN, 0;\n\tselp.u32 %rN, 1, 0, p;\n\t}",
            "\tadd.u32 %rN, %rN, %rN;",
            "\tmov.u64 %rdN, %globaltimer;",
            "\tmembar.gl;",
            "\tst.relaxed.gpu.global.u32 [%rdN], %rN;",
            "\tbar.sync 0;",
            "\tadd.f64 %fdN, %fdN, %fdN;",
        ]
    );
    // The constant for `r` is moved into a register, as nvcc does.
    assert!(ptx.contains("mov.u32 \t%r"), "{ptx}");
    // The non-coherent load reads the kernel's pointer as it came (no
    // cvta.global of its cvta.to.global).
    assert!(!ptx.contains("cvta.global.u64"), "{ptx}");
    // A read-write operand reads and writes one register.
    let rw = &bodies[6];
    let regs: Vec<&str> = rw
        .split([' ', ',', ';'])
        .filter(|w| w.starts_with("%r"))
        .collect();
    assert_eq!(regs[0], regs[1], "{rw}");
    ptxas_accepts("asm-classes", &ptx);
}

/// A `volatile` asm stays though its result is unused; a plain one whose
/// result is unused goes, as LLVM deletes it; a `memory` clobber keeps a
/// load after it from reusing one before it.
#[test]
fn volatile_and_memory_clobbers_constrain_the_optimizer() {
    let src = r#"
__global__ void k(int *p) {
    int unused, kept;
    asm("mov.u32 %0, 11;" : "=r"(unused));
    asm volatile("mov.u32 %0, 22;" : "=r"(kept));
    int a = p[0];
    asm volatile("" ::: "memory");
    int b = p[0];
    p[1] = a + b;
}
"#;
    let c = compile(src);
    assert!(errors(&c).is_empty(), "{:?}", errors(&c));
    let ptx = c.ptx.unwrap();
    assert!(
        !ptx.contains("mov.u32 %r1, 11;") && !ptx.contains(", 11;"),
        "{ptx}"
    );
    assert!(ptx.contains(", 22;"), "{ptx}");
    assert_eq!(ptx.matches("ld.global.u32").count(), 2, "{ptx}");
}

#[test]
fn bad_operands_get_nvccs_errors() {
    let cases = [
        (
            r#"asm("mov.u32 %0, 1;" : "=q"(a));"#,
            "asm operand type size(4) does not match type/size implied by constraint 'q'",
        ),
        (
            r#"double d = 1; asm("mov.u32 %0, %1;" : "=r"(a) : "r"(d));"#,
            "asm operand type size(8) does not match type/size implied by constraint 'r'",
        ),
        (
            r#"float f; asm("mov.f32 %0, 1.0;" : "=r"(f));"#,
            "asm operand type size(4) does not match type/size implied by constraint 'r'",
        ),
        (
            r#"asm("mov.u32 %0, %1;" : "=r"(a));"#,
            "asm operand index requested is larger than the number of asm operands provided",
        ),
        (
            r#"asm("mov.u32 %0, 1;" : "=r"(a + 1));"#,
            "expression must be a modifiable lvalue",
        ),
        (
            r#"asm("mov.u32 %0, 1;" : "r"(a));"#,
            "an asm output operand must have one of the '=' or '+' modifiers",
        ),
        (
            r#"asm("mov.u32 %0, %1;" : "=r"(a) : "n"(a));"#,
            "an asm operand must be an integral constant expression.",
        ),
        (
            r#"asm("mov.u32 %0, 1;" : "=r"(a) :: "r1");"#,
            "unknown register name \"r1\"",
        ),
    ];
    for (body, want) in cases {
        let src =
            format!("__global__ void k(int *o) {{\n int a = o[0];\n {body}\n o[1] = a;\n}}\n");
        let errs = errors(&compile(&src));
        assert_eq!(errs.len(), 1, "{body}: {errs:?}");
        assert!(
            errs[0].starts_with("asm.cu(3): error: ") && errs[0].contains(want),
            "{body}: {errs:?}"
        );
    }
}

/// The IR instruction prints as LLVM writes inline asm and reads back;
/// constraints that do not match the operands are a parse error.
#[test]
fn the_ir_asm_instruction_reads_back() {
    let text = "\
define void @f(ptr %p, i32 %x) {
entry:
  %a = call i32 asm \"{\\0A\\09.reg .pred p;\\0A\\09setp.ne.u32 p, $1, 0;\\0A\\09selp.u32 $0, 1, 0, p;\\0A\\09}\", \"=r,r\"(i32 %x)
  %b = call i32 asm sideeffect \"add.u32 $0, $0, $1; // $$\", \"=r,r,0\"(i32 %x, i32 %a)
  %c = call float asm \"ld.global.nc.f32 $0, [$1];\", \"=f,l\"(ptr %p)
  call void asm sideeffect \"membar.gl;\", \"~{memory}\"()
  store i32 %b, ptr %p, align 4
  store float %c, ptr %p, align 4
  ret void
}
";
    let m = parse_module(text).unwrap();
    assert!(verify::verify_module(&m).is_empty());
    assert_eq!(print_module(&m), text);
    let bad = text.replace("\"=r,r,0\"", "\"=r,r\"");
    let e = parse_module(&bad).unwrap_err().to_string();
    assert!(e.contains("do not match"), "{e}");
}

/// Several outputs: the asm gives a literal struct that `extractvalue`
/// takes apart, each output in its own register of its class in the PTX
/// (a 64-bit value split into halves; two read-write operands of a carry
/// chain).
#[test]
fn several_outputs_each_get_their_register() {
    let src = r#"
__global__ void k(unsigned *out, unsigned long long *w) {
    unsigned lo, hi;
    asm("mov.b64 {%0, %1}, %2;" : "=r"(lo), "=r"(hi) : "l"(w[threadIdx.x]));
    unsigned a = out[0], b = out[1];
    asm("add.cc.u32 %0, %0, %2;\n\taddc.u32 %1, %1, %3;" : "+r"(a), "+r"(b) : "r"(lo), "r"(hi));
    out[threadIdx.x] = lo ^ hi ^ a ^ b;
}
"#;
    let c = compile(src);
    assert!(errors(&c).is_empty(), "{:?}", errors(&c));
    let ptx = c.ptx.clone().unwrap();
    let bodies = asm_bodies(&ptx);
    let regs = |s: &str| -> Vec<String> {
        s.split(|c: char| !(c.is_ascii_alphanumeric() || c == '%'))
            .filter(|w| w.starts_with("%r"))
            .map(String::from)
            .collect()
    };
    let split = regs(&bodies[0]);
    assert_eq!(split.len(), 3, "{}", bodies[0]);
    assert!(split[0].starts_with("%r") && !split[0].starts_with("%rd"));
    assert_ne!(split[0], split[1]);
    assert!(split[2].starts_with("%rd"), "{}", bodies[0]);
    // add.cc a, a, lo; addc b, b, hi: the halves are the split's outputs.
    let chain = regs(&bodies[1]);
    assert_eq!(chain[0], chain[1]);
    assert_eq!(chain[3], chain[4]);
    assert_eq!((&chain[2], &chain[5]), (&split[0], &split[1]), "{ptx}");
    ptxas_accepts("asm-outputs", &ptx);

    let text = "\
define void @f(ptr %p, i64 %w) {
entry:
  %asm = call { i32, i16 } asm \"mov.b64 {$0, $1}, $2;\", \"=r,=h,l\"(i64 %w)
  %lo = extractvalue { i32, i16 } %asm, 0
  %hi = extractvalue { i32, i16 } %asm, 1
  store i32 %lo, ptr %p, align 4
  store i16 %hi, ptr %p, align 2
  ret void
}
";
    let m = parse_module(text).unwrap();
    assert!(verify::verify_module(&m).is_empty());
    assert_eq!(print_module(&m), text);
    let e = parse_module(&text.replace("%asm, 1", "%asm, 2"))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("extractvalue needs a literal struct with field 2"),
        "{e}"
    );
    let e = parse_module(&text.replace("{ i32, i16 } asm", "i32 asm"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("do not match"), "{e}");
}
