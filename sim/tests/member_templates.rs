//! Member function templates and class templates nested in a class, run
//! by the IR interpreter and the PTX emulator at -O0 and -O3.

use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};
use ptxlab_sim::{emu, interp, ArgValue, Config, Launch, Memory};

const SRC: &str = r#"
struct Buf {
    float d[4];
    template <class T> __device__ T get(int i) const { return (T)d[i]; }
    template <class F> __device__ void apply(const F &f) { for (int i = 0; i < 4; i++) d[i] = f(d[i]); }
    template <int N> struct Inner { int v[N]; __device__ int sum() const { int s = 0; for (int i = 0; i < N; i++) s += v[i]; return s; } };
    template <int N> __device__ int total(const Inner<N> &in) const { return in.sum() + get<int>(0); }
    template <class T> static __device__ T twice(T x) { return x + x; }
};
struct Sq { __device__ float operator()(float x) const { return x * x; } };
template <int W> struct Outer {
    enum { STRIDE = W * 2 };
    template <bool C> struct Col { int off; __device__ void set(int k) { off = C ? k : -k; } };
    template <bool C> __device__ int init(Col<C> &c, int k) { c.set(k); return STRIDE + c.off; }
    template <bool A, bool B> __device__ int run(int k) { Col<A> c; return init(c, k) + (B ? 1 : 0); }
};
__global__ void k(float *out, int *iout) {
    Buf b;
    for (int i = 0; i < 4; i++) b.d[i] = out[i];
    b.apply(Sq());
    out[0] = b.get<float>(1) + Buf::twice(2.0f);
    iout[0] = b.get<int>(2);
    Buf::Inner<3> in = {{1, 2, 3}};
    iout[1] = b.total(in);
    Outer<8> o;
    iout[2] = o.run<true, false>(iout[3]) + o.template run<false, true>(1);
}
"#;

const KERNEL: &str = "_Z1kPfPi";

fn launch(mem: &mut Memory) -> (Launch, ptxlab_sim::BufferId, ptxlab_sim::BufferId) {
    let f = mem.upload(&[1.0f32, 2.0, 3.0, 4.0]);
    let i = mem.upload(&[0i32, 0, 0, 5]);
    let args = vec![ArgValue::Buffer(f), ArgValue::Buffer(i)];
    (Launch::new([1, 1, 1], [1, 1, 1], args), f, i)
}

/// What C++ says: `d` squared is 1, 4, 9, 16; `STRIDE` 16.
const WANT_F: [f32; 4] = [4.0 + 4.0, 2.0, 3.0, 4.0];
const WANT_I: [i32; 4] = [9, 6 + 1, (16 + 5) + (16 - 1 + 1), 5];

#[test]
fn member_templates_run() {
    for level in [0, 3] {
        let opts = Options {
            opt_level: level,
            ..Options::default()
        };
        let m = compile_to_ir("t.cu", SRC, &NoFiles, &opts, None).unwrap();
        let mut mem = Memory::new();
        let (l, f, i) = launch(&mut mem);
        interp::run_kernel(&m, KERNEL, &l, &mut mem, &Config::default()).unwrap();
        assert_eq!(mem.download::<f32>(f), WANT_F, "interpreter -O{level}");
        assert_eq!(mem.download::<i32>(i), WANT_I, "interpreter -O{level}");

        let ptx = compile_source("t.cu", SRC, &opts).ptx.unwrap();
        let m = emu::PtxModule::parse(&ptx).unwrap();
        let mut mem = Memory::new();
        let (l, f, i) = launch(&mut mem);
        emu::run_kernel(&m, KERNEL, &l, &mut mem, &Config::default()).unwrap();
        assert_eq!(mem.download::<f32>(f), WANT_F, "PTX emulator -O{level}");
        assert_eq!(mem.download::<i32>(i), WANT_I, "PTX emulator -O{level}");
    }
}
