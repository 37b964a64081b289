//! Our `<thrust/complex.h>` and `<thrust/device_ptr.h>`
//! (`headers/thrust.rs`): a kernel over `thrust::complex<float>` (a DFT
//! term by term: products, sums, a real on the left, `polar`, `exp`,
//! `conj`, `abs`, the quotient) that takes a `device_ptr<int>` and indexes
//! it; its name carries CCCL 3's inline namespace as nvcc's does; the IR
//! interpreter (-O0, -O3) and our PTX in the emulator agree with the
//! arithmetic done here in f64 (within float rounding).

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;
#[path = "common/libcheck.rs"]
mod libcheck;

use cases::*;

const SRC: &str = r#"
#include <thrust/complex.h>
#include <thrust/device_ptr.h>
__global__ void dft(const float *x, thrust::complex<float> *out, float *m, int *ip, int n) {
    thrust::device_ptr<int> idx = thrust::device_pointer_cast(ip);
    int k = threadIdx.x;
    thrust::complex<float> sum = 0.0f;
    for (int j = 0; j < n; j++) {
        float angle = -2.0f * 3.14159265f * (float)(k * j) / (float)n;
        sum = sum + x[j] * thrust::polar(1.0f, angle);
    }
    out[k] = sum;
    thrust::complex<float> z(x[k], x[(k + 1) % n]);
    thrust::complex<float> w = thrust::exp(thrust::complex<float>(0.0f, x[k])) * thrust::conj(z);
    out[n + k] = w / (z + 2.0f);
    m[k] = thrust::abs(z) + (float)idx[k] + thrust::raw_pointer_cast(idx)[0];
}
__global__ void by_value(thrust::device_ptr<int> p, int *o) { o[0] = p[1] + (p + 2)[0]; }
"#;

const N: usize = 16;

#[test]
fn thrust_complex_and_device_ptr_in_a_kernel() {
    let mut r = Rng(31);
    let x: Vec<f32> = (0..N).map(|_| r.f32(-2.0, 2.0)).collect();
    let idx: Vec<i32> = (0..N as i32).map(|i| i * 3 - 7).collect();
    let mut out = vec![0f32; 4 * N];
    let mut tol = vec![0f32; 4 * N];
    let mut m = vec![0f32; N];
    for k in 0..N {
        let (mut re, mut im) = (0f64, 0f64);
        for (j, &v) in x.iter().enumerate() {
            let a = -2.0 * std::f64::consts::PI * (k * j) as f64 / N as f64;
            re += f64::from(v) * a.cos();
            im += f64::from(v) * a.sin();
        }
        out[2 * k] = re as f32;
        out[2 * k + 1] = im as f32;
        tol[2 * k] = 2e-5 * N as f32;
        tol[2 * k + 1] = 2e-5 * N as f32;
        let (zr, zi) = (f64::from(x[k]), f64::from(x[(k + 1) % N]));
        let (er, ei) = (zr.cos(), zr.sin());
        let (wr, wi) = (er * zr + ei * zi, ei * zr - er * zi);
        let (dr, di) = (zr + 2.0, zi);
        let den = dr * dr + di * di;
        out[2 * N + 2 * k] = ((wr * dr + wi * di) / den) as f32;
        out[2 * N + 2 * k + 1] = ((wi * dr - wr * di) / den) as f32;
        tol[2 * N + 2 * k] = 1e-4;
        tol[2 * N + 2 * k + 1] = 1e-4;
        m[k] = (zr.hypot(zi) + f64::from(idx[k]) + f64::from(idx[0])) as f32;
    }
    let mut c = Case::new(
        "thrust.cu",
        [1, 1, 1],
        [N as u32, 1, 1],
        vec![
            Arg::Buf("x", Data::F32(x)),
            Arg::Buf("out", Data::F32(vec![0.0; 4 * N])),
            Arg::Buf("m", Data::F32(vec![0.0; N])),
            Arg::Buf("idx", Data::I32(idx)),
            Arg::Scalar(ptxlab_sim::ArgValue::I32(N as i32)),
        ],
    )
    .expect("out", Data::F32Near(out, tol))
    .expect("m", Data::F32Near(m, vec![1e-5; N]))
    .kernel("dft");
    c.source = Some(SRC);
    let ptx = libcheck::our_ptx("thrust.cu", SRC, "sm_80");
    // nvcc 13.5 names it so (the inline namespace of CCCL 3 at sm_80).
    assert!(
        ptx.contains(".entry _Z8by_valueN6thrust16_V_300500_SM_80010device_ptrIiEEPi(")
            && ptx.contains(".entry _Z3dftPKfPN6thrust16_V_300500_SM_8007complexIfEEPfPii("),
        "{ptx}"
    );
    let failures = libcheck::check_runs(
        "thrust.cu",
        SRC,
        "sm_80",
        &ptx,
        &[("dft", c)],
        libcheck::as_is,
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// tsne-cuda's shape, in our words: a host function template takes
/// `thrust::device_vector`s and launches a kernel template with
/// `thrust::raw_pointer_cast(v.data())` and a Thrust functor; explicit
/// instantiations of the host template make the kernel instances, named
/// as nvcc 13.5 names them (CCCL 3's `thrust::divides` is
/// `cuda::std::divides`, `thrust::maximum` `cuda::maximum`).
const FUNCTORS: &str = r#"
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/functional.h>
#include <thrust/complex.h>
namespace bc {
template <typename F, typename T>
__device__ void cell(T *m, const T *v, int n, int rows, F op, const T alpha) {
    int t = threadIdx.x + blockIdx.x * blockDim.x;
    int i = t % n, j = t / n;
    if (j < rows) m[j * n + i] = op(m[j * n + i], alpha * v[i]);
}
template <typename F, typename T>
__global__ void column(T *m, const T *v, int n, int rows, F op, const T alpha);
template <typename F, typename T>
void apply(thrust::device_vector<T> &m, const thrust::device_vector<T> &v, int n, int rows, F op, const T alpha);
}
template <typename F, typename T>
__global__ void bc::column(T *m, const T *v, int n, int rows, F op, const T alpha) {
    bc::cell(m, v, n, rows, op, alpha);
}
template <typename F, typename T>
void bc::apply(thrust::device_vector<T> &m, const thrust::device_vector<T> &v, int n, int rows, F op, const T alpha) {
    thrust::host_vector<T> h(v);
    if (h.size() < (size_t)n || m.size() < (size_t)(n * rows)) return;
    bc::column<<<(n * rows + 63) / 64, 64>>>(thrust::raw_pointer_cast(m.data()),
                                              thrust::raw_pointer_cast(v.data()), n, rows, op, alpha);
}
template void bc::apply<thrust::divides<float>, float>(thrust::device_vector<float> &,
    const thrust::device_vector<float> &, int, int, thrust::divides<float>, const float);
template void bc::apply<thrust::maximum<int>, int>(thrust::device_vector<int> &,
    const thrust::device_vector<int> &, int, int, thrust::maximum<int>, const int);
template void bc::apply<thrust::multiplies<thrust::complex<float>>, thrust::complex<float>>(
    thrust::device_vector<thrust::complex<float>> &, const thrust::device_vector<thrust::complex<float>> &,
    int, int, thrust::multiplies<thrust::complex<float>>, const thrust::complex<float>);
__global__ void broadcast(float *mf, const float *vf, int *mi, const int *vi,
                          thrust::complex<float> *mc, const thrust::complex<float> *vc, int n, int rows) {
    bc::cell(mf, vf, n, rows, thrust::divides<float>(), 2.0f);
    bc::cell(mi, vi, n, rows, thrust::maximum<int>(), -3);
    bc::cell(mc, vc, n, rows, thrust::multiplies<thrust::complex<float>>(), thrust::complex<float>(0.5f, -1.0f));
}
__global__ void ops(const float *x, float *f, int *i) {
    int t = threadIdx.x;
    float y = x[t + blockDim.x];
    f[4 * t] = thrust::minimum<float>()(x[t], 0.5f);
    f[4 * t + 1] = thrust::plus<>()(y, t) + thrust::square<float>()(y);
    f[4 * t + 2] = thrust::negate<float>()(y) - thrust::maximum<>()(y, -y);
    f[4 * t + 3] = thrust::greater<float>()(y, 0.0f) ? 1.0f : thrust::logical_not<bool>()(y < 0.0f);
    i[t] = thrust::modulus<int>()(t * 7, 5) + thrust::bit_xor<int>()(t, 3) * 10 + thrust::minus<>()(t, 100) * 100;
}
"#;

#[test]
fn thrust_functors_and_device_vector_host_templates() {
    let ptx = libcheck::our_ptx("functors.cu", FUNCTORS, "sm_80");
    // nvcc 13.5's kernels of this file, all of them.
    let mut entries: Vec<&str> = ptx
        .lines()
        .filter_map(|l| l.strip_prefix(".visible .entry "))
        .map(|l| l.split('(').next().unwrap_or(l))
        .collect();
    entries.sort();
    assert_eq!(
        entries,
        [
            "_Z3opsPKfPfPi",
            "_Z9broadcastPfPKfPiPKiPN6thrust16_V_300500_SM_8007complexIfEEPKS8_ii",
            "_ZN2bc6columnIN4cuda3__47maximumIiEEiEEvPT0_PKS5_iiT_S5_",
            "_ZN2bc6columnIN4cuda3std3__410multipliesIN6thrust16_V_300500_SM_8007complexIfEEEES8_EEvPT0_PKSA_iiT_SA_",
            "_ZN2bc6columnIN4cuda3std3__47dividesIfEEfEEvPT0_PKS6_iiT_S6_",
        ]
    );
    const W: usize = 8;
    const ROWS: usize = 3;
    let mut r = Rng(7);
    let mf: Vec<f32> = (0..W * ROWS).map(|_| r.f32(-4.0, 4.0)).collect();
    let vf: Vec<f32> = (0..W).map(|_| r.f32(0.5, 2.0)).collect();
    let mi: Vec<i32> = (0..(W * ROWS) as i32).map(|k| k * 5 % 17 - 8).collect();
    let vi: Vec<i32> = (0..W as i32).map(|k| 3 - k).collect();
    let mc: Vec<f32> = (0..2 * W * ROWS).map(|_| r.f32(-1.0, 1.0)).collect();
    let vc: Vec<f32> = (0..2 * W).map(|_| r.f32(-1.0, 1.0)).collect();
    let (mut ef, mut ei, mut ec) = (mf.clone(), mi.clone(), mc.clone());
    for j in 0..ROWS {
        for i in 0..W {
            let k = j * W + i;
            ef[k] = mf[k] / (2.0 * vf[i]);
            ei[k] = mi[k].max(-3 * vi[i]);
            // alpha * v, then m * (alpha * v), as complex<float> does it.
            let (ar, ai) = (0.5f32, -1.0f32);
            let (br, bi) = (vc[2 * i], vc[2 * i + 1]);
            let (sr, si) = (ar * br - ai * bi, ar * bi + ai * br);
            let (mr, mim) = (mc[2 * k], mc[2 * k + 1]);
            ec[2 * k] = mr * sr - mim * si;
            ec[2 * k + 1] = mr * si + mim * sr;
        }
    }
    let bcase = Case::new(
        "functors.cu",
        [1, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("mf", Data::F32(mf)),
            Arg::Buf("vf", Data::F32(vf)),
            Arg::Buf("mi", Data::I32(mi)),
            Arg::Buf("vi", Data::I32(vi)),
            Arg::Buf("mc", Data::F32(mc)),
            Arg::Buf("vc", Data::F32(vc)),
            Arg::Scalar(ptxlab_sim::ArgValue::I32(W as i32)),
            Arg::Scalar(ptxlab_sim::ArgValue::I32(ROWS as i32)),
        ],
    )
    .expect("mf", Data::F32Near(ef, vec![1e-6; W * ROWS]))
    .expect("mi", Data::I32(ei))
    .expect("mc", Data::F32Near(ec, vec![1e-6; 2 * W * ROWS]))
    .kernel("_Z9broadcastPfPKfPiPKiPN6thrust16_V_300500_SM_8007complexIfEEPKS8_ii");
    // A NaN loses to a number in `cuda::minimum<float>` (fminf).
    let x = vec![
        f32::NAN,
        -2.0,
        -0.25,
        0.0,
        0.75,
        1.5,
        -1.0,
        3.0, // the minimum's
        1.25,
        -2.0,
        -0.25,
        0.0,
        0.75,
        1.5,
        -1.0,
        3.0, // the others'
    ];
    let (mut ef, mut ei) = (vec![0f32; 4 * W], vec![0i32; W]);
    for t in 0..W {
        ef[4 * t] = x[t].min(0.5);
        let v = x[t + W];
        ef[4 * t + 1] = v + t as f32 + v * v;
        ef[4 * t + 2] = -v - v.max(-v);
        ef[4 * t + 3] = if v > 0.0 {
            1.0
        } else {
            // logical_not(v < 0) for the numbers here (no NaN).
            f32::from(u8::from(v >= 0.0))
        };
        let t = t as i32;
        ei[t as usize] = t * 7 % 5 + (t ^ 3) * 10 + (t - 100) * 100;
    }
    let tol = vec![1e-6; 4 * W];
    let ocase = Case::new(
        "functors.cu",
        [1, 1, 1],
        [W as u32, 1, 1],
        vec![
            Arg::Buf("x", Data::F32(x)),
            Arg::Buf("f", Data::F32(vec![0.0; 4 * W])),
            Arg::Buf("i", Data::I32(vec![0; W])),
        ],
    )
    .expect("f", Data::F32Near(ef, tol))
    .expect("i", Data::I32(ei))
    .kernel("_Z3opsPKfPfPi");
    let (mut bcase, mut ocase) = (bcase, ocase);
    bcase.source = Some(FUNCTORS);
    ocase.source = Some(FUNCTORS);
    let failures = libcheck::check_runs(
        "functors.cu",
        FUNCTORS,
        "sm_80",
        &ptx,
        &[("broadcast", bcase), ("ops", ocase)],
        libcheck::as_is,
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
