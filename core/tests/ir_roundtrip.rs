//! The IR text parser reads everything the printer writes: every IR stage of
//! every corpus kernel, at -O0 and -O3, prints back byte for byte and
//! verifies; bad text gets a message at the right line and column.

mod common;

use ptxlab_core::ir::{
    function_text, gep_const_offset, gep_steps, module_text, parse_function, parse_module,
    print_function, print_module, verify, GepStep, InstKind, ParseError, Type,
};
use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options, StageKind};

fn opts(level: u8) -> Options {
    Options {
        opt_level: level,
        ..Options::default()
    }
}

/// The first line where two texts differ, for a readable failure.
fn first_difference(a: &str, b: &str) -> String {
    for (n, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return format!("line {}:\n  printed:  {x}\n  reparsed: {y}", n + 1);
        }
    }
    format!(
        "one text is a prefix of the other ({} and {} lines)",
        a.lines().count(),
        b.lines().count()
    )
}

#[test]
fn every_ir_stage_of_the_corpus_prints_back_identically() {
    let mut checked = 0;
    for (file, src) in common::corpus() {
        for level in [0, 3] {
            let c = compile_source(&file, &src, &opts(level));
            assert!(!c.has_errors(), "{file} -O{level}: {:?}", c.diagnostics);
            for stage in c.stages.iter().filter(|s| s.kind == StageKind::Ir) {
                for ft in &stage.functions {
                    let at = format!("{file} -O{level} after {}: @{}", stage.name, ft.name);
                    let f = match parse_function(&ft.text) {
                        Ok(f) => f,
                        Err(e) => panic!("{at}: {e}\n{}", ft.text),
                    };
                    let errors = verify::verify_function(&f);
                    assert!(errors.is_empty(), "{at}: {errors:?}\n{}", ft.text);
                    let back = print_function(&f);
                    assert!(
                        *back == *ft.text,
                        "{at}: {}\n{}",
                        first_difference(&ft.text, &back),
                        ft.text
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} function texts checked");
}

#[test]
fn every_corpus_module_prints_back_identically() {
    let (mut with_globals, mut with_declares) = (0, 0);
    for (file, src) in common::corpus() {
        for level in [0, 3] {
            // Right after irgen and link (allocas, calls to libdevice), and at the end.
            for runs in [Some(0), None] {
                let m = compile_to_ir(&file, &src, &NoFiles, &opts(level), runs)
                    .unwrap_or_else(|d| panic!("{file}: {d:?}"));
                let text = print_module(&m);
                with_globals += usize::from(!m.globals.is_empty());
                with_declares += usize::from(text.contains("\ndeclare "));
                let at = format!("{file} -O{level} after {runs:?} pass runs");
                let parsed = parse_module(&text).unwrap_or_else(|e| panic!("{at}: {e}\n{text}"));
                let errors = verify::verify_module(&parsed);
                assert!(errors.is_empty(), "{at}: {errors:?}");
                let back = print_module(&parsed);
                assert!(
                    back == text,
                    "{at}: {}\n{text}",
                    first_difference(&text, &back)
                );
            }
        }
    }
    // The corpus exercises globals and declarations of callees.
    assert!(
        with_globals > 0 && with_declares > 0,
        "{with_globals} {with_declares}"
    );
}

#[test]
fn debug_locations_print_and_read_back() {
    let mut located = 0;
    for (file, src) in common::corpus() {
        for level in [0, 3] {
            let m = compile_to_ir(&file, &src, &NoFiles, &opts(level), None)
                .unwrap_or_else(|d| panic!("{file}: {d:?}"));
            let text = module_text(&m, true);
            let at = format!("{file} -O{level}");
            let parsed = parse_module(&text).unwrap_or_else(|e| panic!("{at}: {e}\n{text}"));
            let back = module_text(&parsed, true);
            assert!(back == text, "{at}: {}", first_difference(&text, &back));
            // The same locations on the same lines, and the clean form is the default.
            assert_eq!(print_module(&parsed), print_module(&m), "{at}");
            for (f, g) in m.functions.iter().zip(&parsed.functions) {
                assert_eq!(function_text(f, false).1, function_text(g, false).1, "{at}");
            }
            located += text.matches("!dbg !DILocation(line: ").count();
        }
    }
    assert!(located > 500, "only {located} located instructions");
    // One function's text, and a location without a column.
    let f =
        parse_function("define void @f() {\nentry:\n  ret void, !dbg !DILocation(line: 7)\n}\n")
            .unwrap();
    let (text, lines) = function_text(&f, true);
    assert!(
        text.contains("ret void, !dbg !DILocation(line: 7, column: 0)"),
        "{text}"
    );
    assert_eq!(lines, [0, 0, 7, 0]);
    assert_eq!(
        print_function(&f),
        "define void @f() {\nentry:\n  ret void\n}\n"
    );
}

const GOOD: &str = "\
@tile = addrspace(3) global [4 x float] undef, align 4

define ptx_kernel void @k(ptr noalias %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %p = getelementptr inbounds [4 x float], ptr addrspace(3) @tile, i64 0, i64 %idx
  %v = load float, ptr addrspace(3) %p, align 4
  %q = getelementptr inbounds float, ptr %out, i64 %idx
  store float %v, ptr %q, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
";

#[test]
fn a_module_with_globals_and_declarations_reads_back() {
    let m = parse_module(GOOD).unwrap();
    assert_eq!(m.globals.len(), 1);
    assert_eq!(
        m.functions.len(),
        1,
        "the intrinsic's declare is a signature"
    );
    assert!(verify::verify_module(&m).is_empty());
    assert_eq!(print_module(&m), GOOD);
}

/// A global's initializer may be another global's address (the pointer type,
/// with its address space, is written once).
#[test]
fn a_global_initialized_with_an_address_reads_back() {
    let text = "\
@x = addrspace(1) global [2 x i32] [i32 1, i32 -2], align 4
@p = addrspace(1) global ptr addrspace(1) @x, align 8
@t = addrspace(4) global [2 x ptr addrspace(1)] [ptr addrspace(1) @x, ptr addrspace(1) null], align 8

";
    let m = parse_module(text).unwrap();
    assert_eq!(print_module(&m), text);
    let e = parse_module("@p = addrspace(1) global ptr @p, align 8\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "1:30: '@p' is in addrspace(1); its address is a ptr addrspace(1), not a ptr"
    );
}

/// Internal linkage (`static`, an anonymous namespace) is `define internal`,
/// as LLVM prints it, on device functions and kernels alike.
#[test]
fn internal_linkage_reads_back() {
    let text = "\
define internal i32 @_Z2sfi(i32 %a) noinline {
entry:
  %add = add nsw i32 %a, 1
  ret i32 %add
}

define internal ptx_kernel void @_Z2skPi(ptr %p) {
entry:
  %call = call i32 @_Z2sfi(i32 1)
  store i32 %call, ptr %p, align 4
  ret void
}

define weak_odr ptx_kernel void @_Z1tIiEvv() {
entry:
  ret void
}
";
    let m = parse_module(text).unwrap();
    assert!(m.functions[0].attrs.internal && !m.functions[0].attrs.weak);
    assert!(m.functions[1].attrs.internal && m.functions[1].attrs.kernel);
    assert!(!m.functions[2].attrs.internal && m.functions[2].attrs.weak);
    assert!(verify::verify_module(&m).is_empty());
    assert_eq!(print_module(&m), text);
}

/// A function's address is a generic `ptr` (`@g`), in instructions and in
/// initializers; a call through a pointer names it as a value, and a call of
/// `@g` with another signature than g's is a call through its address (what
/// instcombine leaves of a call through a pointer of another type).
#[test]
fn calls_through_function_addresses_read_back() {
    let text = "\
@t = addrspace(1) global [2 x ptr] [ptr @g, ptr null], align 8

define float @g(float %x) {
entry:
  ret float %x
}

define float @f(ptr %fp, i32 %n) {
entry:
  %a = call float %fp(float 1.000000e+00)
  %b = call float @g(float %a)
  %c = call float @g(i32 %n)
  %d = select i1 true, ptr @g, ptr %fp
  %e = call float %d(float %c)
  ret float %e
}
";
    let m = parse_module(text).unwrap();
    assert!(verify::verify_module(&m).is_empty());
    assert_eq!(print_module(&m), text);
    let f = m.function("f").unwrap();
    let kinds: Vec<bool> = f.block(f.layout[0]).insts[..3]
        .iter()
        .map(|&i| {
            matches!(
                f.inst(i).kind,
                ptxlab_core::ir::InstKind::CallIndirect { .. }
            )
        })
        .collect();
    assert_eq!(kinds, [true, false, true]);
    let e = parse_module("@p = addrspace(1) global ptr addrspace(1) @g, align 8\n\ndefine void @g() {\nentry:\n  ret void\n}\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "1:43: '@g' is a function; its address is a ptr, not a ptr addrspace(1)"
    );
    let e = parse_module("define void @f(float %x) {\nentry:\n  call void %x()\n  ret void\n}\n")
        .unwrap_err();
    assert_eq!(e.to_string(), "3:13: '%x' has type float, expected ptr");
}

/// A `declare` with named parameters is a function of the module; one with
/// types only states a callee's signature (it is printed among the trailing
/// declarations, not with the functions).
#[test]
fn declarations_of_the_module_and_of_callees_are_told_apart() {
    let text = "\
define float @f(float %x) {
entry:
  %y = call float @g(float %x)
  %z = call float @h(float %y)
  ret float %z
}

declare float @g(float %a)

declare float @h(float)
";
    let m = parse_module(text).unwrap();
    let names: Vec<&str> = m.functions.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["f", "g"]);
    assert_eq!(print_module(&m), text);
}

/// (text, expected `line:column: message`)
const MALFORMED: &[(&str, &str)] = &[
    (
        "define void @f() {\nentry:\n  ret void, !dbg !DILocation(col: 3)\n}\n",
        "3:30: expected 'line', found 'col'",
    ),
    (
        "define void @f() {\nentry:\n  ret void, !dbg !loc\n}\n",
        "3:18: expected '!DILocation' after '!dbg', found '!loc'",
    ),
    (
        "define void @f() {\nentry:\n  ret void, !dbg !DILocation(line: 1), !dbg !DILocation(line: 2)\n}\n",
        "3:40: a second !dbg location",
    ),
    (
        "define void @f() {\nentry:\n  ret void, !frob\n}\n",
        "3:13: unknown metadata '!frob' (!dbg, !llvm.loop.unroll.full, !llvm.loop.unroll.count N)",
    ),
    (
        "define void @f() {\nentry:\n  %x = frob i32 1, 2\n  ret void\n}\n",
        "3:8: unknown instruction 'frob'",
    ),
    (
        "define i32 @f(i32 %a) {\nentry:\n  %x = add i32 %a, %nope\n  ret i32 %x\n}\n",
        "3:20: use of undefined value '%nope'",
    ),
    (
        "define i32 @f(i32 %a, float %b) {\nentry:\n  %x = add i32 %a, %b\n  ret i32 %x\n}\n",
        "3:20: '%b' has type float, expected i32",
    ),
    (
        "define i32 @f(i32 %a) {\nentry:\n  %x = add i32 %a, 12z\n  ret i32 %x\n}\n",
        "3:20: bad number '12z'",
    ),
    (
        "define void @f() {\nentry:\n  ret void\n",
        "4:1: expected '}' to close @f (opened at line 1)",
    ),
    (
        "define void @f() {\nentry:\n  br label %missing\n}\n",
        "3:12: use of undefined block '%missing'",
    ),
    (
        "define i8 @f() {\nentry:\n  ret i8 300\n}\n",
        "3:10: integer constant 300 does not fit in i8",
    ),
    (
        "define float @f(float %a) {\nentry:\n  %x = add float %a, %a\n  ret float %x\n}\n",
        "3:12: 'add' needs an integer type, found float",
    ),
    (
        "define i32 @f(i32 %a) {\nentry:\n  %x = add i32 %a, 1\n  %x = add i32 %a, 2\n  ret i32 %x\n}\n",
        "4:3: redefinition of '%x'",
    ),
    (
        "define void @f(ptr %p) {\nentry:\n  %x = load i32, i32 %p, align 4\n  ret void\n}\n",
        "3:18: load needs a pointer, found i32",
    ),
    (
        "define void @f() {\nentry:\n  %x = icmp sle float 1.0, 2.0\n  ret void\n}\n",
        "3:17: 'icmp' compares integers or pointers, found float",
    ),
    (
        "define void @f() {\nentry:\n  %x = icmp less i32 1, 2\n  ret void\n}\n",
        "3:13: unknown icmp predicate 'less'",
    ),
    (
        "define void @f() {\n  ret void\n}\n",
        "2:3: expected a block label (like 'entry:') before the first instruction",
    ),
    (
        "define void @f() {\nentry:\n  ret void\n}\n\ndefine void @f() {\nentry:\n  ret void\n}\n",
        "6:1: redefinition of '@f'",
    ),
    (
        "define void @f() {\nentry:\n  %t = call i32 @nowhere()\n  ret void\n}\n",
        "3:17: call to undeclared function '@nowhere'",
    ),
    (
        "@s = addrspace(3) global i32 undef, align 4\n\ndefine void @f() {\nentry:\n  store i32 1, ptr addrspace(1) @s, align 4\n  ret void\n}\n",
        "5:33: '@s' is in addrspace(3); its address is a ptr addrspace(3), not a ptr addrspace(1)",
    ),
    (
        "define void @f() {\nentry:\n  store i32 1, ptr @g, align 4\n  ret void\n}\n",
        "3:20: use of undefined global '@g'",
    ),
    (
        "define void @f() {\nentry:\n  ret void, !llvm.loop.unroll.count 0\n}\n",
        "3:37: unroll count must be at least 1",
    ),
    (
        "define void @f(i32 %a) {\nentry:\n  %x = add i32 %a, 1 %a\n  ret void\n}\n",
        "3:22: expected the end of the line, found '%a'",
    ),
    (
        "define void @f() {\nentry:\n  store i32 1 ptr null\n  ret void\n}\n",
        "3:15: expected ',', found 'ptr'",
    ),
    (
        "define void @f() {\nentry:\n  %p = alloca [4 x i33], align 4\n  ret void\n}\n",
        "3:20: unsupported integer type 'i33' (i1, i8, i16, i32, i64)",
    ),
    (
        "define void @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %entry\n\na:\n  ret void\n\na:\n  ret void\n}\n",
        "8:1: redefinition of block '%a'",
    ),
    (
        "define void @f() {\nentry:\n  %x = add i32 1, 2\n  %y = phi i32 [ %x, %entry ]\n  store i32 %x, ptr null, align 4\n  %z = add i32 %y, %w\n  ret void\n}\n",
        "6:20: use of undefined value '%w'",
    ),
    (
        "define void @f() {\nentry:\n  store float 1.0e-1, ptr null, align 4\n  ret void\n}\n",
        "3:15: 1.0e-1 is not exactly representable as float",
    ),
    (
        "define void @f() {\nentry:\n  %x = trunc float 1.0 to i32\n  ret void\n}\n",
        "3:14: 'trunc' casts from an integer, found float",
    ),
    (
        "define i32 @f() {\nentry:\n  ret void\n}\n",
        "3:7: returns void from a function returning i32",
    ),
    (
        "@g = addrspace(1) global i32 7, align 3\n",
        "1:39: alignment 3 is not a power of two",
    ),
    (
        "define void @f(ptr %p) {\nentry:\n  %o = atomicrmw nand ptr %p, i32 1 monotonic\n  ret void\n}\n",
        "3:18: unknown atomicrmw operation 'nand'",
    ),
    (
        "define void @f(ptr %p) {\nentry:\n  %o = atomicrmw fadd ptr %p, i32 1 monotonic\n  ret void\n}\n",
        "3:31: 'atomicrmw fadd' on the wrong kind of type: i32",
    ),
    (
        "define void @f(ptr %p) {\nentry:\n  %o = atomicrmw add ptr %p, i32 1 seq_cst\n  ret void\n}\n",
        "3:36: expected 'monotonic', found 'seq_cst'",
    ),
    (
        "define void @f() {\nentry:\n  fence syncscope(\"warp\") seq_cst\n  ret void\n}\n",
        "3:19: unknown sync scope '\"warp\"'",
    ),
    (
        "define void @f(ptr %p) {\nentry:\n  %o = cmpxchg ptr %p, i32 0, i64 1 monotonic\n  ret void\n}\n",
        "3:31: cmpxchg's new value must have the compared type i32, found i64",
    ),
    (
        "define void @f(i32 byval([4 x i8]) align 4 %s) {\nentry:\n  ret void\n}\n",
        "1:16: byval needs a 'ptr' parameter",
    ),
    (
        "define void @f(ptr sret([12 x i8]) align 6 %r) {\nentry:\n  ret void\n}\n",
        "1:42: alignment 6 is not a power of two",
    ),
    (
        "define void @f(ptr byval([4 x i8]) %s) {\nentry:\n  ret void\n}\n",
        "1:36: expected 'align', found '%s'",
    ),
    (
        "define void @f(i32 %x) {\nentry:\n  switch i32 %x, label %a [ i32 1, label %a i32 1, label %a ]\n\na:\n  ret void\n}\n",
        "3:49: duplicate case value 1",
    ),
    (
        "define void @f(float %x) {\nentry:\n  switch float %x, label %a [ ]\n\na:\n  ret void\n}\n",
        "3:10: a switch value must be an integer, found float",
    ),
    (
        "define void @f(i8 %x) {\nentry:\n  switch i8 %x, label %a [ i32 1, label %a ]\n\na:\n  ret void\n}\n",
        "3:28: a case value must have the switch's type i8, found i32",
    ),
    (
        "define void @f() {\nentry:\n  %p = alloca %struct.P, align 4\n  ret void\n}\n",
        "3:15: undefined type '%struct.P'",
    ),
    (
        "%struct.P = type { i32 }\n%struct.P = type { float }\n",
        "2:1: type '%struct.P' defined twice",
    ),
    (
        "%struct.P = type { i32, }\n",
        "1:25: expected a type, found '}'",
    ),
    (
        "define void @f(ptr %p) {\nentry:\n  %v = load <3 x float>, ptr %p, align 16\n  ret void\n}\n",
        "3:13: unsupported vector type <3 x float> (2 or 4 lanes of i8, i16, i32, i64, half, float or double; 128 bits at most)",
    ),
    (
        "define void @f(ptr %p) {\nentry:\n  %v = load <4 x double>, ptr %p, align 32\n  ret void\n}\n",
        "3:13: unsupported vector type <4 x double> (2 or 4 lanes of i8, i16, i32, i64, half, float or double; 128 bits at most)",
    ),
    (
        "define void @f(ptr %p) {\nentry:\n  %v = load <4 x float, ptr %p, align 16\n  ret void\n}\n",
        "3:23: expected '>', found ','",
    ),
    (
        "define void @f(ptr %p) {\nentry:\n  %v = load <4 x float>, ptr %p, align 16\n  %x = extractelement <4 x float> %v, float 0.000000e+00\n  ret void\n}\n",
        "4:39: a lane index must be an integer, found float",
    ),
    (
        "define void @f(ptr %p) {\nentry:\n  %x = extractelement float 0.000000e+00, i32 0\n  ret void\n}\n",
        "3:23: extractelement needs a vector, found float",
    ),
    (
        "define void @f(ptr %p) {\nentry:\n  %v = insertelement <2 x i32> undef, i64 1, i32 0\n  ret void\n}\n",
        "3:39: insertelement into <2 x i32> needs a i32 element, found i64",
    ),
    (
        "define void @f(ptr %p) {\nentry:\n  %v = insertelement <2 x i32> 0, i32 1, i32 0\n  ret void\n}\n",
        "3:32: '0' is not a constant of type <2 x i32>",
    ),
];

#[test]
fn malformed_ir_gets_the_expected_error_and_position() {
    let mut wrong = Vec::new();
    for (text, want) in MALFORMED {
        let got: Result<_, ParseError> = parse_module(text);
        match got {
            Ok(m) => wrong.push(format!("accepted:\n{text}as:\n{}", print_module(&m))),
            Err(e) if e.to_string() != *want => {
                wrong.push(format!("{text}  want: {want}\n   got: {e}\n"))
            }
            Err(_) => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Struct types as LLVM writes them: named definitions at the top (a struct
/// after the ones it holds), literal ones inline, struct geps mixed with
/// array indices; LLVM's natural layout.
#[test]
fn struct_types_read_back_with_natural_layout() {
    let text = "\
%struct.P = type { i8, double }
%struct.Q = type { [2 x %struct.P], i16, { i8, i32 } }

define void @f(ptr %q, i64 %i, ptr byval(%struct.P) align 8 %s) {
entry:
  %a = alloca %struct.Q, align 8
  %b = alloca {}, align 1
  %x = getelementptr inbounds %struct.Q, ptr %q, i64 %i, i32 0, i64 1, i32 1
  %y = getelementptr inbounds %struct.Q, ptr %a, i32 0, i32 2, i32 1
  ret void
}
";
    let m = parse_module(text).unwrap_or_else(|e| panic!("{e}"));
    assert!(verify::verify_module(&m).is_empty());
    assert_eq!(print_module(&m), text);
    // A function's text stands alone: it starts with the types it names.
    let f = &m.functions[0];
    let (ft, lines) = function_text(f, false);
    assert_eq!(ft, text, "one function: the same text");
    assert_eq!(lines.len(), ft.lines().count());
    assert_eq!(print_function(&parse_function(&ft).unwrap()), ft);
    let InstKind::Alloca { ty, .. } = &f.inst(f.block(f.layout[0]).insts[0]).kind else {
        panic!("not an alloca")
    };
    // P: i8 at 0, double at 8, size 16; Q: [2 x P] at 0, i16 at 32, {i8, i32} at 36.
    assert_eq!((ty.size(), ty.align()), (48, 8));
    let insts = &f.block(f.layout[0]).insts;
    let gep = |k: usize| match &f.inst(insts[k]).kind {
        InstKind::Gep {
            elem_ty, indices, ..
        } => (elem_ty.clone(), indices.clone()),
        _ => panic!("not a gep"),
    };
    let (qt, y) = gep(3);
    assert_eq!(gep_const_offset(&qt, &y), Some(40));
    let (qt, x) = gep(2);
    let (steps, last) = gep_steps(&qt, &x).unwrap();
    assert_eq!(
        steps,
        [
            GepStep::Scale(48),
            GepStep::Field(0),
            GepStep::Scale(16),
            GepStep::Field(8)
        ]
    );
    assert_eq!(last, Type::F64);
    // A by-value struct parameter names its type; its bytes are the type's.
    assert_eq!(f.params[2].byval.as_ref().map(|b| b.size()), Some(16));
    // One name, one body, in a whole module.
    let mut two = m.clone();
    let mut g = parse_function("%struct.P = type { i32 }\n\ndefine void @g() {\nentry:\n  %a = alloca %struct.P, align 4\n  ret void\n}\n").unwrap();
    g.name = "g".into();
    two.functions.push(g);
    let errors = verify::verify_module(&two);
    assert!(
        errors
            .iter()
            .any(|e| e.contains("type %struct.P has two bodies")),
        "{errors:?}"
    );
    // A field number is an i32.
    let bad = text.replace("i32 2, i32 1", "i32 2, i64 1");
    let errors = verify::verify_module(&parse_module(&bad).unwrap());
    assert!(
        errors
            .iter()
            .any(|e| e.contains("a struct field number is an i32 constant, found i64")),
        "{errors:?}"
    );
    // A struct index must be a constant field number.
    let bad = text.replace("i32 2, i32 1", "i32 2, i32 2");
    let errors = verify::verify_module(&parse_module(&bad).unwrap());
    assert!(
        errors.iter().any(|e| e.contains("constant field number")),
        "{errors:?}"
    );
}

/// Small vectors as LLVM writes them: `<4 x float>` loads and stores,
/// `extractelement`/`insertelement` by a constant lane, an `undef` vector;
/// LLVM's layout. The verifier keeps vectors where isel and the
/// interpreter handle them.
#[test]
fn vector_types_read_back_and_are_verified() {
    let text = "\
define void @f(ptr addrspace(1) %p, ptr addrspace(3) %s, half %h) {
entry:
  %v = load <4 x float>, ptr addrspace(1) %p, align 16
  %x = extractelement <4 x float> %v, i32 3
  %y = extractelement <4 x float> %v, i64 0
  %w0 = insertelement <2 x half> undef, half %h, i32 0
  %w1 = insertelement <2 x half> %w0, half 1.000000e+00, i32 1
  store <2 x half> %w1, ptr addrspace(3) %s, align 4
  %b = load volatile <4 x i8>, ptr addrspace(3) %s, align 4
  %q = getelementptr inbounds <2 x double>, ptr addrspace(1) %p, i64 1
  %d = load <2 x double>, ptr addrspace(1) %q, align 16
  store <4 x float> %v, ptr addrspace(1) %p, align 16
  ret void
}
";
    let m = parse_module(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(verify::verify_module(&m), Vec::<String>::new());
    assert_eq!(print_module(&m), text);
    let f = &m.functions[0];
    let ty = |k: usize| f.inst(f.block(f.layout[0]).insts[k]).ty.clone();
    assert_eq!(ty(0).to_string(), "<4 x float>");
    assert_eq!((ty(0).size(), ty(0).align()), (16, 16));
    assert_eq!(ty(1), Type::F32);
    assert_eq!((ty(4).size(), ty(4).align()), (4, 4));
    assert_eq!((ty(6).size(), ty(6).align()), (4, 4));
    assert_eq!((ty(8).size(), ty(8).align()), (16, 16));

    let errors_of = |from: &str, to: &str| {
        let bad = text.replace(from, to);
        assert_ne!(bad, text, "{from}");
        let m = parse_module(&bad).unwrap_or_else(|e| panic!("{e}\n{bad}"));
        verify::verify_module(&m)
    };
    let has = |errors: Vec<String>, want: &str| {
        assert!(
            errors.iter().any(|e| e.contains(want)),
            "want '{want}' in {errors:?}"
        );
    };
    // Lanes are constants in range.
    has(
        errors_of("<4 x float> %v, i32 3", "<4 x float> %v, i32 4"),
        "lane index 4 is out of range for 4 lanes",
    );
    has(
        errors_of("%v, i64 0\n", "%v, i64 undef\n"),
        "a lane index must be a constant",
    );
    // A vector access is aligned to its size, as PTX's ld.v4/st.v2 are.
    has(
        errors_of("%p, align 16\n  %x", "%p, align 8\n  %x"),
        "a <4 x float> load or store must be aligned to its 16 bytes",
    );
    // Vectors only in loads, stores and lane operations.
    has(
        errors_of(
            "  ret void",
            "  %bad = select i1 true, <4 x float> %v, <4 x float> %v\n  ret void",
        ),
        "a vector value is only loaded, stored",
    );
    has(
        errors_of(
            "  ret void",
            "  %slot = alloca <4 x float>, align 16\n  ret void",
        ),
        "a vector value is only loaded, stored",
    );
    has(
        errors_of("half %h)", "half %h, <2 x i32> %arg)"),
        "<2 x i32>: a vector value is only loaded, stored",
    );
}

#[test]
fn parse_function_reads_one_function_only() {
    let one = "define void @f() {\nentry:\n  ret void\n}\n";
    assert!(parse_function(one).is_ok());
    let two = format!("{one}\n{}", one.replace("@f", "@g"));
    assert_eq!(
        parse_function(&two).unwrap_err().to_string(),
        "6:1: expected end of input after the function, found 'define'"
    );
}

/// Hostile text never panics: every prefix of a valid module, and junk.
#[test]
fn truncated_and_junk_text_never_panics() {
    for end in 0..GOOD.len() {
        if GOOD.is_char_boundary(end) {
            let _ = parse_module(&GOOD[..end]);
            let _ = parse_function(&GOOD[..end]);
        }
    }
    for junk in [
        "",
        "}",
        "define",
        "@",
        "%",
        "!",
        "-",
        "0x",
        "define void @f(",
        "define void @f() { entry: %x = phi i32 [",
        "define void @f() {\nentry:\n  %x = getelementptr inbounds [99999999999999999999 x i8], ptr null\n}",
        "define void @f() {\nentry:\n  %x = alloca [4294967296 x [4294967296 x [4294967296 x i64]]]\n}",
        "\u{0}\u{ffff}é",
    ] {
        let _ = parse_module(junk);
        let _ = parse_function(junk);
    }
}

/// `for_each_operand(_mut)` visit what `operands()` lists, in its order (and
/// `successor(i)` what `successors()` lists), for
/// every instruction of the corpus (right after irgen and at the end of -O3)
/// and of the filetests.
#[test]
fn operand_visitors_agree_with_operands() {
    let mut modules = Vec::new();
    for (file, src) in common::corpus() {
        for runs in [Some(0), None] {
            modules.push(compile_to_ir(&file, &src, &NoFiles, &opts(3), runs).unwrap());
        }
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/filetests");
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let text = std::fs::read_to_string(entry.path()).unwrap();
        // Its expectations are comments.
        if let Ok(m) = parse_module(&text) {
            modules.push(m);
        }
    }
    let mut kinds = std::collections::HashSet::new();
    for m in &mut modules {
        for f in &mut m.functions {
            for inst in f.insts.iter_mut() {
                let listed: Vec<_> = inst.kind.operands().into_iter().cloned().collect();
                let mut visited = Vec::new();
                inst.kind.for_each_operand(|v| visited.push(v.clone()));
                assert_eq!(listed, visited, "{:?}", inst.kind);
                let mut visited_mut = Vec::new();
                inst.kind
                    .for_each_operand_mut(|v| visited_mut.push(v.clone()));
                assert_eq!(listed, visited_mut, "{:?}", inst.kind);
                let by_index: Vec<_> = (0..).map_while(|i| inst.kind.successor(i)).collect();
                assert_eq!(inst.kind.successors(), by_index, "{:?}", inst.kind);
                kinds.insert(std::mem::discriminant(&inst.kind));
            }
        }
    }
    assert!(
        kinds.len() >= 20,
        "only {} kinds of instruction seen",
        kinds.len()
    );
}
