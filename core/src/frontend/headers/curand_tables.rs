//! The skip-ahead tables of our `curand_kernel.h`, computed from the
//! generators' definitions (nothing is copied from NVIDIA's tables; the
//! values are what the algorithms determine).
//!
//! XORWOW's xorshift part is a linear map M on 160 bits. Its characteristic
//! polynomial P (found with Berlekamp–Massey from one output bit) gives
//! Mⁿ = (xⁿ mod P)(M), so a jump is a product of table entries
//! x^(2^k) mod P (five words each) followed by one Horner evaluation over
//! the state: 2 × 64 entries instead of NVIDIA's 2 × 32 matrices of 160×160
//! bits. MRG32k3a's two recurrences are 3×3 matrices modulo m1 and m2; a
//! jump applies the table's M^(2^k) to the state for each set bit k.

/// The subsequence spacing of XORWOW (2^67) and of MRG32k3a (2^76), and
/// MRG32k3a's sequence spacing (2^127), as cuRAND documents them.
const XORWOW_SUBSEQUENCE_LOG2: u32 = 67;
const MRG_SUBSEQUENCE_LOG2: u32 = 76;
const MRG_SEQUENCE_LOG2: u32 = 127;

/// One step of XORWOW's xorshift part (the Weyl counter is separate).
pub(super) fn xorwow_step(v: &mut [u32; 5]) {
    let t = v[0] ^ (v[0] >> 2);
    let last = v[4];
    v.copy_within(1..5, 0);
    v[4] = (last ^ (last << 4)) ^ (t ^ (t << 1));
}

/// A polynomial over GF(2) of degree < 160: bit i of the words is the
/// coefficient of x^i.
type Poly = [u32; 5];

fn bit(p: &Poly, i: usize) -> bool {
    p[i / 32] >> (i % 32) & 1 == 1
}

/// The characteristic polynomial of XORWOW's map without its x^160 term,
/// by Berlekamp–Massey over 400 bits of one state bit's sequence.
pub(super) fn xorwow_charpoly() -> Poly {
    let mut v = [123_456_789, 362_436_069, 521_288_629, 88_675_123, 5_783_321];
    let s: Vec<u8> = (0..400)
        .map(|_| {
            xorwow_step(&mut v);
            (v[4] & 1) as u8
        })
        .collect();
    let n = s.len();
    let (mut c, mut b) = (vec![0u8; n + 1], vec![0u8; n + 1]);
    c[0] = 1;
    b[0] = 1;
    let (mut l, mut m) = (0usize, 1usize);
    for i in 0..n {
        let d = (1..=l).fold(s[i], |d, j| d ^ (c[j] & s[i - j]));
        if d == 0 {
            m += 1;
        } else if 2 * l <= i {
            let t = c.clone();
            for j in 0..=n - m {
                c[j + m] ^= b[j];
            }
            l = i + 1 - l;
            b = t;
            m = 1;
        } else {
            for j in 0..=n - m {
                c[j + m] ^= b[j];
            }
            m += 1;
        }
    }
    assert_eq!(
        l, 160,
        "XORWOW's xorshift has a primitive polynomial of degree 160"
    );
    // P(x) = x^L C(1/x): the coefficient of x^(L-j) is c[j].
    let mut p = [0u32; 5];
    for (j, &cj) in c.iter().enumerate().take(l + 1).skip(1) {
        if cj == 1 {
            let i = l - j;
            p[i / 32] |= 1 << (i % 32);
        }
    }
    p
}

/// a·b mod P (P given without its x^160 term), as the header computes it.
pub(super) fn polymul(a: &Poly, b: &Poly, p: &Poly) -> Poly {
    let mut r = [0u32; 5];
    for i in (0..160).rev() {
        let top = r[4] >> 31;
        for w in (1..5).rev() {
            r[w] = (r[w] << 1) | (r[w - 1] >> 31);
        }
        r[0] <<= 1;
        if top == 1 {
            for w in 0..5 {
                r[w] ^= p[w];
            }
        }
        if bit(b, i) {
            for w in 0..5 {
                r[w] ^= a[w];
            }
        }
    }
    r
}

/// q(M)·v: Horner's rule over the state, as the header computes it.
#[cfg(test)]
pub(super) fn apply(q: &Poly, v: &[u32; 5]) -> [u32; 5] {
    let mut r = [0u32; 5];
    for i in (0..160).rev() {
        xorwow_step(&mut r);
        if bit(q, i) {
            for w in 0..5 {
                r[w] ^= v[w];
            }
        }
    }
    r
}

/// x^(2^(first + k)) mod P for k in 0..64.
fn xorwow_jumps(p: &Poly, first: u32) -> Vec<Poly> {
    let mut x = [2u32, 0, 0, 0, 0];
    for _ in 0..first {
        x = polymul(&x, &x, p);
    }
    (0..64)
        .map(|_| {
            let e = x;
            x = polymul(&x, &x, p);
            e
        })
        .collect()
}

/// MRG32k3a's moduli and its two recurrences as matrices: row 2 is
/// a12·s[1] − a13n·s[0] (mod m1), and a21·s[2] − a23n·s[0] (mod m2).
pub(super) const MRG_M1: u64 = 4_294_967_087;
pub(super) const MRG_M2: u64 = 4_294_944_443;
type Mat = [[u64; 3]; 3];
fn mrg_matrices() -> [(Mat, u64); 2] {
    [
        (
            [[0, 1, 0], [0, 0, 1], [MRG_M1 - 810_728, 1_403_580, 0]],
            MRG_M1,
        ),
        (
            [[0, 1, 0], [0, 0, 1], [MRG_M2 - 1_370_589, 0, 527_612]],
            MRG_M2,
        ),
    ]
}

fn matmul(a: &Mat, b: &Mat, m: u64) -> Mat {
    let mut o = [[0; 3]; 3];
    for i in 0..3 {
        for j in 0..3 {
            o[i][j] = (0..3).fold(0, |s, k| (s + a[i][k] * b[k][j] % m) % m);
        }
    }
    o
}

/// M^(2^(first + k)) for k in 0..64.
fn mrg_jumps(mat: &Mat, m: u64, first: u32) -> Vec<Mat> {
    let mut x = *mat;
    for _ in 0..first {
        x = matmul(&x, &x, m);
    }
    (0..64)
        .map(|_| {
            let e = x;
            x = matmul(&x, &x, m);
            e
        })
        .collect()
}

/// A table as an internal `__device__` array (nvcc, like ours, keeps such
/// arrays in the PTX even when nothing reads them; these are small).
fn table(out: &mut String, name: &str, values: impl Iterator<Item = u64>) {
    use std::fmt::Write;
    let _ = write!(out, "static __device__ const unsigned int {name}[] = {{");
    for (i, v) in values.enumerate() {
        if i % 12 == 0 {
            out.push('\n');
        }
        let _ = write!(out, "{v}u,");
    }
    out.push_str("\n};\n");
}

/// The header text of the tables and of P's words (`__CURAND_XORWOW_P0`…):
/// `__curand_xorwow_jumps`, x^(2^k) mod P for k in 0..64 and then
/// x^(2^(67+k)) (5 words each), and `__curand_mrg_jumps`, MRG32k3a's
/// M1, M2, then both at 2^76, then both at 2^127 (9 words each).
pub(super) fn text() -> String {
    use std::fmt::Write;
    let p = xorwow_charpoly();
    let mut out = String::new();
    for (i, w) in p.iter().enumerate() {
        let _ = writeln!(out, "#define __CURAND_XORWOW_P{i} {w}u");
    }
    let xorwow = xorwow_jumps(&p, 0)
        .into_iter()
        .chain(xorwow_jumps(&p, XORWOW_SUBSEQUENCE_LOG2));
    table(
        &mut out,
        "__curand_xorwow_jumps",
        xorwow.flatten().map(u64::from),
    );
    let mut mrg = Vec::new();
    for first in [0, MRG_SUBSEQUENCE_LOG2, MRG_SEQUENCE_LOG2] {
        for (mat, m) in mrg_matrices() {
            mrg.extend(mrg_jumps(&mat, m, first)[0].iter().flatten().copied());
        }
    }
    table(&mut out, "__curand_mrg_jumps", mrg.into_iter());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A jump of n by the tables equals n steps, for n up to a few thousand.
    #[test]
    fn xorwow_jumps_equal_steps() {
        let p = xorwow_charpoly();
        let table = xorwow_jumps(&p, 0);
        let start = [1, 2, 3, 0xdead_beef, 0x1234_5678];
        for n in [1u64, 2, 3, 5, 100, 1023, 4097] {
            let mut q = [1, 0, 0, 0, 0];
            for (k, e) in table.iter().enumerate() {
                if n >> k & 1 == 1 {
                    q = polymul(&q, e, &p);
                }
            }
            let mut v = start;
            for _ in 0..n {
                xorwow_step(&mut v);
            }
            assert_eq!(apply(&q, &start), v, "n = {n}");
        }
    }

    #[test]
    fn mrg_jumps_equal_steps() {
        for (mat, m) in mrg_matrices() {
            let t = mrg_jumps(&mat, m, 0);
            let mut s = [12345u64, 678, 9];
            let start = s;
            for _ in 0..1000 {
                let n = (mat[2][0] * s[0] % m + mat[2][1] * s[1] % m + mat[2][2] * s[2] % m) % m;
                s = [s[1], s[2], n];
            }
            let mut v = start;
            for (k, e) in t.iter().enumerate() {
                if 1000u64 >> k & 1 == 1 {
                    v = [0, 1, 2].map(|i| (0..3).fold(0, |a, j| (a + e[i][j] * v[j] % m) % m));
                }
            }
            assert_eq!(v, s);
        }
    }
}
