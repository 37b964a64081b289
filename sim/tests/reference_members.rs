//! Reference members (`const D &d;` bound in a constructor's member
//! initializers, as cuda-samples' multi-device conjugate gradient writes
//! them): the field holds the address, a use reads and writes the object
//! it refers to. Run by the IR interpreter and the PTX emulator at -O0 and
//! -O3.

use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};
use ptxlab_sim::{emu, interp, ArgValue, Config, Launch, Memory};

const SRC: &str = r#"
struct D { int n; float *v; };
struct G {
    const D &d;
    int &count;
    __device__ G(const D &dd, int &c) : d(dd), count(c) {}
    __device__ float get(int i) const { count += 1; return d.v[i] * d.n; }
};
__global__ void k(int n, float *v, float *o) {
    D d{n, v};
    int c = 0;
    G g(d, c);
    int t = threadIdx.x;
    o[t] = g.get(t) + g.get(0);
    o[4 + t] = c;
}
"#;

const KERNEL: &str = "_Z1kiPfS_";

fn launch(mem: &mut Memory) -> (Launch, ptxlab_sim::BufferId) {
    let v = mem.upload(&[1.0f32, 2.0, 3.0, 4.0]);
    let o = mem.upload(&[0.0f32; 8]);
    let args = vec![ArgValue::I32(3), ArgValue::Buffer(v), ArgValue::Buffer(o)];
    (Launch::new([1, 1, 1], [4, 1, 1], args), o)
}

const WANT: [f32; 8] = [6.0, 9.0, 12.0, 15.0, 2.0, 2.0, 2.0, 2.0];

#[test]
fn reference_members_refer_to_their_objects() {
    for level in [0, 3] {
        let opts = Options {
            opt_level: level,
            ..Options::default()
        };
        let m = compile_to_ir("t.cu", SRC, &NoFiles, &opts, None).unwrap();
        let mut mem = Memory::new();
        let (l, o) = launch(&mut mem);
        interp::run_kernel(&m, KERNEL, &l, &mut mem, &Config::default()).unwrap();
        assert_eq!(mem.download::<f32>(o), WANT, "interpreter -O{level}");

        let ptx = compile_source("t.cu", SRC, &opts).ptx.unwrap();
        let m = emu::PtxModule::parse(&ptx).unwrap();
        let mut mem = Memory::new();
        let (l, o) = launch(&mut mem);
        emu::run_kernel(&m, KERNEL, &l, &mut mem, &Config::default()).unwrap();
        assert_eq!(mem.download::<f32>(o), WANT, "PTX emulator -O{level}");
    }
}
