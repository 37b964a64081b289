//! The map from IR values to PTX registers (`Compilation::values`): each
//! named value of the last IR stage names the registers holding it and the
//! PTX lines whose instructions define them.

use ptxlab_core::{compile_source, Compilation, Options};

const SAXPY: &str = "extern \"C\" __global__ void saxpy(int n, float a, const float* __restrict__ x, float* __restrict__ y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
";

fn ptx_line(c: &Compilation, n: u32) -> &str {
    c.ptx
        .as_deref()
        .unwrap()
        .lines()
        .nth(n as usize - 1)
        .unwrap()
}

/// The last IR stage's text of `f`.
fn last_ir(c: &Compilation, f: &str) -> String {
    let s = c
        .stages
        .iter()
        .rev()
        .find(|s| s.kind == ptxlab_core::StageKind::Ir)
        .unwrap();
    s.functions
        .iter()
        .find(|t| t.name == f)
        .unwrap()
        .text
        .to_string()
}

#[test]
fn saxpy_values_map_to_the_registers_their_instructions_define() {
    let c = compile_source("k.cu", SAXPY, &Options::default());
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    let ir = last_ir(&c, "saxpy");
    // The fma: the fadd is selected as `fma.rn.f32 %fN, …`, and the fmul
    // folded into it has the same register.
    let add_name = ir
        .lines()
        .find(|l| l.contains("= fadd"))
        .and_then(|l| l.split_whitespace().next())
        .unwrap()
        .to_string();
    let fadd = c.registers_of("saxpy", &add_name).unwrap();
    assert_eq!(fadd.registers.len(), 1, "{fadd:?}");
    assert!(fadd.registers[0].starts_with("%f"), "{fadd:?}");
    assert_eq!(fadd.ptx_lines.len(), 1, "{fadd:?}");
    let line = ptx_line(&c, fadd.ptx_lines[0]);
    assert!(
        line.trim_start()
            .starts_with(&format!("fma.rn.f32 \t{},", fadd.registers[0])),
        "{line}"
    );
    let mul_name = ir
        .lines()
        .find(|l| l.contains("= fmul"))
        .and_then(|l| l.split_whitespace().next())
        .unwrap();
    assert_eq!(
        c.registers_of("saxpy", mul_name).unwrap().registers,
        fadd.registers
    );
    // The integer `%add` (blockIdx.x * blockDim.x + threadIdx.x) is a `mad.lo`
    // or `add` defining an `%r` register.
    let add = c.registers_of("saxpy", "%add").unwrap();
    assert!(add.registers.iter().all(|r| r.starts_with("%r")), "{add:?}");
    for &l in &add.ptx_lines {
        let text = ptx_line(&c, l);
        assert!(text.contains(&format!("\t{},", add.registers[0])), "{text}");
    }
    assert!(!add.ptx_lines.is_empty());
    // A parameter is the register its `ld.param` loads.
    let n = c.registers_of("saxpy", "%n").unwrap();
    assert!(
        ptx_line(&c, n.ptx_lines[0]).contains("ld.param.u32"),
        "{n:?}"
    );
    // Conversely, the fma's register holds the fadd and the fmul.
    let held = c.values_in_register("saxpy", &fadd.registers[0]);
    assert!(
        held.contains(&add_name.as_str()) && held.contains(&mul_name),
        "{held:?}"
    );
    // Every value's lines define one of its registers.
    for f in &c.values {
        for v in &f.values {
            for &l in &v.ptx_lines {
                let text = ptx_line(&c, l);
                assert!(
                    v.registers.iter().any(|r| text.contains(r.as_str())),
                    "{}: {text}",
                    v.value
                );
            }
        }
    }
}

#[test]
fn a_loop_phi_keeps_one_register_after_coalescing() {
    let src = "__global__ void k(float *p, int n) { float s = 0; for (int i = 0; i < n; i++) s += p[i]; p[0] = s; }\n";
    let c = compile_source("k.cu", src, &Options::default());
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    let f = &c.values[0];
    let text = c.ptx.as_deref().unwrap();
    // Every register named exists in the PTX text.
    for v in &f.values {
        for r in &v.registers {
            let token = format!("{r},");
            let token2 = format!("{r};");
            assert!(
                text.contains(&token) || text.contains(&token2),
                "{}: {r} not in the PTX",
                v.value
            );
        }
    }
    // The loop's float phi and the fadd coalesced into it share a register.
    let ir = last_ir(&c, &f.function);
    let phi = ir
        .lines()
        .find(|l| l.contains("= phi float"))
        .and_then(|l| l.split_whitespace().next())
        .unwrap();
    let phi_regs = &c.registers_of(&f.function, phi).unwrap().registers;
    let held = c.values_in_register(&f.function, &phi_regs[0]);
    assert!(held.len() >= 2, "{phi}: {held:?}");
}

#[test]
fn no_map_without_snapshots() {
    let opts = Options {
        snapshots: false,
        ..Options::default()
    };
    let c = compile_source("k.cu", SAXPY, &opts);
    assert!(c.ptx.is_some() && c.values.is_empty());
}
