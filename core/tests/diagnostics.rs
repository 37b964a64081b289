//! Bad input gets a clear diagnostic with the right line, never a panic.

use ptxlab_core::{compile_source, Options};

/// (source, expected line, expected message fragment)
const CASES: &[(&str, u32, &str)] = &[
    ("__global__ void k(int *p) {\n  p[0] = 1\n}\n", 3, "expected a \";\""),
    ("__global__ void k(int *p) {\n  p[0] = y;\n}\n", 2, "identifier \"y\" is undefined"),
    ("__global__ void k(int *p) {\n  int a;\n  int a;\n}\n", 3, "\"a\" has already been declared in the current scope"),
    ("__global__ int k() { return 0; }\n", 1, "a __global__ function must have a void return type"),
    ("__global__ void k(int *p) {\n  5 = p[0];\n}\n", 2, "expression must be a modifiable lvalue"),
    ("__global__ void k(float f) {\n  int x = f % 2;\n}\n", 2, "expression must have integral or unscoped enum type"),
    ("__global__ void k(int x) {\n  int y = x[0];\n}\n", 2, "expression must have pointer-to-object type"),
    ("__global__ void k(int *p) {\n  break;\n}\n", 2, "a break statement may only be used within a loop"),
    ("__global__ void k(int *p) {\n  float *q = p;\n}\n", 2, "a value of type \"int *\" cannot be used to initialize an entity of type \"float *\""),
    ("#include \"missing.h\"\n", 1, "cannot open source file \"missing.h\""),
    ("#if 1\n__global__ void k() {}\n", 1, "unterminated #if"),
    ("\n\n#error custom stop\n", 3, "#error directive: custom stop"),
    ("__device__ int f(int a) { return a; }\n__global__ void k(int *p) {\n  p[0] = f(1, 2);\n}\n", 3, "too many arguments in function call"),
    ("__global__ void k(int *p) {\n  p[0] = 1;\n", 1, "expected a \"}\""),
    ("__global__ void k(int *p) {\n  /* never closed\n}\n", 2, "unterminated comment"),
    ("__global__ void k(int *p) {\n  p[0] = 0x;\n}\n", 2, "invalid numeric literal"),
    ("__global__ void k(int *p) {\n  return 1;\n}\n", 2, "return value type does not match the function type"),
    ("int host_only() { return 1; }\n__global__ void k(int *p) {\n  p[0] = host_only();\n}\n", 3, "calling a __host__ function(\"host_only\") from a __global__ function is not allowed"),
    ("__global__ void k(int *p) {\n  p[0] = threadIdx.w;\n}\n", 2, "has no member \"w\""),
    ("__global__ void k(int *p) {\n  int x = @;\n}\n", 2, "expected an expression"),
    ("__device__ void __launch_bounds__(64) f() {}\n", 1, "__launch_bounds__ may only be applied to a __global__ function"),
    ("\n__global__ void __launch_bounds__(64, 1, 2) k() {}\n", 2, "cannot specify max blocks per cluster for this GPU architecture"),
    ("__global__ void __launch_bounds__(0) k() {}\n", 1, "__launch_bounds__ arguments must be positive integer constants"),
    ("__global__ void k(int *p) {\n  __constant__ int c;\n}\n", 2, "variable declaration is not allowed inside a function body"),
    ("__global__ void k(int *p) {\n  __shared__ int s = 1;\n}\n", 2, "initializer not allowed for __shared__ variable"),
    ("__global__ void k(int *p) {\n  int a[2] = {1, 2, 3};\n}\n", 2, "too many initializer values"),
];

#[test]
fn malformed_inputs_get_the_expected_diagnostic() {
    for (src, line, msg) in CASES {
        let c = compile_source("k.cu", src, &Options::default());
        assert!(c.ptx.is_none(), "no PTX for bad input:\n{src}");
        let hit = c
            .diagnostics
            .iter()
            .find(|d| d.is_error() && d.message.contains(msg));
        let Some(d) = hit else {
            panic!("expected '{msg}' for:\n{src}\ngot: {:#?}", c.diagnostics);
        };
        assert_eq!(d.span.line, *line, "line of '{msg}' in:\n{src}");
        assert_eq!(d.span.file, "k.cu");
        assert!(d.span.column >= 1);
    }
}

#[test]
fn every_error_of_a_file_is_reported_not_only_the_first() {
    let src = "__global__ void a(int *p) { p[0] = x; }\n__global__ void b(int *p) { p[0] = y; }\n";
    let c = compile_source("k.cu", src, &Options::default());
    let lines: Vec<u32> = c.diagnostics.iter().map(|d| d.span.line).collect();
    assert_eq!(lines, [1, 2], "{:?}", c.diagnostics);
}

/// Inputs built to break a compiler: deep nesting, long chains, recursive
/// macros, truncated files, binary junk. Each must end in diagnostics or
/// PTX, never a panic (which `compile` would report as an internal error).
#[test]
fn hostile_inputs_never_panic_or_hang() {
    let mut inputs: Vec<String> = vec![
        String::new(),
        "{".into(),
        "}".into(),
        "__global__".into(),
        "__global__ void".into(),
        "__global__ void k(".into(),
        "__global__ void k(int".into(),
        "__global__ void k() { for (;;".into(),
        "__global__ void k() { if (".into(),
        "#define A A B\nA".into(),
        "#define F(x) F(x) x\nF(F(F(1)))".into(),
        "#define X(".into(),
        "#if\n#endif".into(),
        "#if (1\n#endif".into(),
        "#if 1/0\n#endif".into(),
        "#elif 1".into(),
        "#endif".into(),
        "\"unterminated".into(),
        "'".into(),
        "__global__ void k(int *p) { p[0] = 1 ? : 2; }".into(),
        "__global__ void k(int *p) { int a[0]; }".into(),
        "__global__ void k(int *p) { int a[99999999999999999999]; }".into(),
        "__global__ void k(int *p) { p[0] = 1 / 0; p[1] = 1 % 0; }".into(),
        "__global__ void k(int *p) { p[0] = 1 << 99; p[1] = (-2147483647 - 1) / -1; }".into(),
        "__global__ void k(void *p) { p[0] = 1; }".into(),
        "__global__ void k(int *p) { *p++ = --p[0]++; }".into(),
        "__global__ void k(float *p) { while (1) {} }".into(),
        "__global__ void k(float *p) { for (;;) { break; } p[0] = 1.0e999; }".into(),
        "__device__ void d(); __global__ void k() { d(); }".into(),
        "template <typename T> __global__ void k(T *p) {}".into(),
        "\u{0}\u{1}\u{ff}\u{feff}é€".into(),
    ];
    // Deep nesting and long chains.
    inputs.push(format!(
        "__global__ void k(int *p) {{ p[0] = {}1{}; }}",
        "(".repeat(100_000),
        ")".repeat(100_000)
    ));
    inputs.push(format!(
        "__global__ void k(int *p) {{ {} }}",
        "{".repeat(100_000)
    ));
    inputs.push(format!(
        "__global__ void k(int *p) {{ p[0] = {}1; }}",
        "-".repeat(100_000)
    ));
    inputs.push(format!(
        "__global__ void k(int *p) {{ p[0] = 1{}; }}",
        "+1".repeat(100_000)
    ));
    inputs.push(format!(
        "__global__ void k(int *p) {{ {} p[0] = 1; }}",
        "if (p) ".repeat(100_000)
    ));
    inputs.push(format!(
        "#define F(x) x\n{}1{}",
        "F(".repeat(20_000),
        ")".repeat(20_000)
    ));
    inputs.push("#include __FILE__\n".into());
    for (n, src) in inputs.iter().enumerate() {
        // The CLI and the web worker give the compiler 16 MiB of stack; so does this test.
        let src2 = src.clone();
        let c = std::thread::Builder::new()
            .stack_size(ptxlab_core::STACK_SIZE)
            .spawn(move || compile_source("k.cu", &src2, &Options::default()))
            .unwrap()
            .join()
            .unwrap();
        let ice = c
            .diagnostics
            .iter()
            .find(|d| d.message.contains("internal compiler error"));
        assert!(ice.is_none(), "input #{n} crashed the compiler: {:?}", ice);
        assert!(
            c.ptx.is_some() || c.has_errors(),
            "input #{n}: neither PTX nor an error"
        );
    }
}
