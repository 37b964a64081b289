//! The 64-bit shuffles (`double`, `long long`, `unsigned long long`): our
//! compiler splits each into two 32-bit shuffles of the value's halves, as
//! CUDA's headers do; the IR interpreter and the PTX emulator both run the
//! result and every lane gets its source lane's whole value.

use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};
use ptxlab_sim::{emu, interp, ArgValue, Config, Launch, Memory};

const SRC: &str = r#"
__global__ void k(double *d, long long *l, unsigned long long *u, long *x) {
    int t = threadIdx.x;
    d[t] = __shfl_down_sync(0xffffffff, d[t], 1);
    l[t] = __shfl_xor_sync(0xffffffff, l[t], 5);
    u[t] = __shfl_up_sync(0xffffffff, u[t], 2, 8);
    x[t] = __shfl_sync(0xffffffff, x[t], 7);
}
"#;

/// The inputs: values whose two halves both matter.
fn inputs() -> (Vec<f64>, Vec<i64>, Vec<u64>, Vec<i64>) {
    let n = 0..32u64;
    (
        n.clone().map(|t| 1.0e10 + t as f64 * 0.25).collect(),
        n.clone()
            .map(|t| -((t as i64) << 33) - 7 * t as i64)
            .collect(),
        n.clone().map(|t| (t << 40) | (0xdead_0000 + t)).collect(),
        n.map(|t| (t as i64) << 35 | 3).collect(),
    )
}

/// What each buffer holds after the launch.
fn want() -> (Vec<f64>, Vec<i64>, Vec<u64>, Vec<i64>) {
    let (d, l, u, x) = inputs();
    let (d, l, u, x) = (&d, &l, &u, &x);
    (
        (0..32)
            .map(|t| d[if t + 1 < 32 { t + 1 } else { t }])
            .collect(),
        (0..32).map(|t| l[t ^ 5]).collect(),
        (0..32)
            .map(|t| u[if t % 8 >= 2 { t - 2 } else { t }])
            .collect(),
        (0..32).map(|_| x[7]).collect(),
    )
}

/// Uploads the inputs; the buffers' ids as arguments.
fn upload(mem: &mut Memory) -> Vec<ArgValue> {
    let (d, l, u, x) = inputs();
    let ids = [
        mem.upload(&d),
        mem.upload(&l),
        mem.upload(&u),
        mem.upload(&x),
    ];
    ids.iter().map(|b| ArgValue::Buffer(*b)).collect()
}

fn check(mem: &Memory, args: &[ArgValue], what: &str) {
    let ids: Vec<_> = args
        .iter()
        .map(|a| match a {
            ArgValue::Buffer(b) => *b,
            _ => unreachable!(),
        })
        .collect();
    let (d, l, u, x) = want();
    assert_eq!(mem.download::<f64>(ids[0]), d, "{what}: double");
    assert_eq!(mem.download::<i64>(ids[1]), l, "{what}: long long");
    assert_eq!(mem.download::<u64>(ids[2]), u, "{what}: unsigned long long");
    assert_eq!(mem.download::<i64>(ids[3]), x, "{what}: long");
}

#[test]
fn shuffles_of_64_bit_values_move_both_halves() {
    for level in [0, 3] {
        let opts = Options {
            opt_level: level,
            ..Options::default()
        };
        let m = compile_to_ir("t.cu", SRC, &NoFiles, &opts, None).unwrap();
        let mut mem = Memory::new();
        let args = upload(&mut mem);
        let launch = Launch::new([1, 1, 1], [32, 1, 1], args.clone());
        interp::run_kernel(&m, "_Z1kPdPxPyPl", &launch, &mut mem, &Config::default()).unwrap();
        check(&mem, &args, &format!("interpreter -O{level}"));

        let ptx = compile_source("t.cu", SRC, &opts).ptx.unwrap();
        assert_eq!(ptx.matches("shfl.sync").count(), 8, "{ptx}");
        let m = emu::PtxModule::parse(&ptx).unwrap();
        let mut mem = Memory::new();
        let args = upload(&mut mem);
        let launch = Launch::new([1, 1, 1], [32, 1, 1], args.clone());
        emu::run_kernel(&m, "_Z1kPdPxPyPl", &launch, &mut mem, &Config::default()).unwrap();
        check(&mem, &args, &format!("PTX emulator -O{level}"));
    }
}
