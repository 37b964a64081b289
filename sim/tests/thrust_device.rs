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
