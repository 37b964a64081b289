//! Warp matrix operations (`wmma.load`, `wmma.store`, `wmma.mma`), the one
//! meaning both front ends run. Fragment layout: `core/src/wmma.rs`
//! (`Frag::position`); a load or store is each lane's own accesses (its
//! elements' addresses, [`element_offset`]), `mma` a warp-wide operation
//! ([`mma`]) the scheduler runs when the 32 lanes meet at it.
//!
//! Arithmetic as the hardware's: f16, bf16 and tf32 products are exact in
//! f32 and added to an f32 sum in k order, rounded to f16 at the end for an
//! f16 `D`; tf32 inputs are their f32 bits with the low 13 bits ignored;
//! f64 is an fma chain in k order; s8/u8 sums are exact, wrapped to 32 bits
//! or, with `.satfinite`, clamped.

use super::half::Fmt;
use super::rounding::Rounding;
use ptxlab_core::wmma::{Elem, Frag, MmaTypes, Shape, Wmma};

/// The byte offset from the matrix's address of element `e` of lane `lane`
/// (`ldm` elements between rows, or columns when `col`).
pub(crate) fn element_offset(frag: Frag, col: bool, lane: u32, e: u32, ldm: u64) -> u64 {
    let (r, c) = frag.position(lane, e);
    let idx = if col {
        u64::from(c) * ldm + u64::from(r)
    } else {
        u64::from(r) * ldm + u64::from(c)
    };
    idx.wrapping_mul(frag.elem.bytes())
}

/// Elements per register.
fn per_reg(frag: Frag) -> u32 {
    (frag.reg_kind().bits() / frag.elem.bits()).max(1)
}

/// A fragment's registers from its elements' bits (packed low first).
pub(crate) fn pack(frag: Frag, elems: &[u64]) -> Vec<u64> {
    let per = per_reg(frag) as usize;
    let bits = frag.elem.bits();
    let mask = if bits == 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    elems
        .chunks(per)
        .map(|c| {
            c.iter()
                .enumerate()
                .fold(0u64, |r, (k, x)| r | ((x & mask) << (k as u32 * bits)))
        })
        .collect()
}

/// A fragment's elements' bits from its registers.
pub(crate) fn unpack(frag: Frag, regs: &[u64]) -> Vec<u64> {
    let per = per_reg(frag);
    let bits = frag.elem.bits();
    let mask = if bits == 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    (0..frag.elements())
        .map(|e| {
            let r = regs.get((e / per) as usize).copied().unwrap_or(0);
            (r >> ((e % per) * bits)) & mask
        })
        .collect()
}

/// The value of an element's bits.
fn value(elem: Elem, b: u64) -> f64 {
    match elem {
        Elem::F16 => Fmt::F16.to_f64(b),
        Elem::Bf16 => Fmt::BF16.to_f64(b),
        Elem::F32 => f64::from(f32::from_bits(b as u32)),
        Elem::Tf32 => f64::from(f32::from_bits(b as u32 & 0xffff_e000)),
        Elem::F64 => f64::from_bits(b),
        Elem::S8 => f64::from(b as u8 as i8),
        Elem::U8 => f64::from(b as u8),
        Elem::S32 => f64::from(b as u32 as i32),
    }
}

/// A fragment's matrix (row-major) from every lane's registers: each
/// element from the first lane holding it.
fn matrix(frag: Frag, lanes: &[&[u64]]) -> Vec<u64> {
    let (r, c) = frag.dims();
    let mut m = vec![0u64; (r * c) as usize];
    let mut seen = vec![false; m.len()];
    for (lane, regs) in lanes.iter().enumerate() {
        for (e, x) in unpack(frag, regs).into_iter().enumerate() {
            let (i, j) = frag.position(lane as u32, e as u32);
            let k = (i * c + j) as usize;
            if !seen[k] {
                seen[k] = true;
                m[k] = x;
            }
        }
    }
    m
}

/// `D = A·B + C` over the warp: `inputs[lane]` is the lane's A, B and C
/// registers in order; the result, each lane's D registers.
pub(crate) fn mma(shape: Shape, t: MmaTypes, inputs: &[Vec<u64>]) -> Vec<Vec<u64>> {
    let [fa, fb, fc, fd] = Wmma::mma_frags(shape, t);
    let (na, nb) = (fa.regs() as usize, fb.regs() as usize);
    let part = |lo: usize, hi: usize| -> Vec<&[u64]> {
        inputs
            .iter()
            .map(|v| v.get(lo..hi.min(v.len())).unwrap_or(&[]))
            .collect()
    };
    let a = matrix(fa, &part(0, na));
    let b = matrix(fb, &part(na, na + nb));
    let c = matrix(fc, &part(na + nb, usize::MAX));
    let (m, n, k) = shape.mnk();
    let (m, n, k) = (m as usize, n as usize, k as usize);
    let mut d = vec![0u64; m * n];
    for i in 0..m {
        for j in 0..n {
            let at = |x: &[u64], r: usize, cc: usize, cols: usize| x[r * cols + cc];
            d[i * n + j] = match t.ab {
                Elem::S8 | Elem::U8 => {
                    let mut acc = i64::from(at(&c, i, j, n) as u32 as i32);
                    for kk in 0..k {
                        acc += value(t.ab, at(&a, i, kk, k)) as i64
                            * value(t.ab, at(&b, kk, j, n)) as i64;
                    }
                    let v = if t.satf {
                        acc.clamp(i64::from(i32::MIN), i64::from(i32::MAX))
                    } else {
                        acc
                    };
                    v as i32 as u32 as u64
                }
                Elem::F64 => {
                    let mut acc = f64::from_bits(at(&c, i, j, n));
                    for kk in 0..k {
                        acc = f64::from_bits(at(&a, i, kk, k))
                            .mul_add(f64::from_bits(at(&b, kk, j, n)), acc);
                    }
                    acc.to_bits()
                }
                _ => {
                    let mut acc = value(t.c, at(&c, i, j, n)) as f32;
                    for kk in 0..k {
                        // Exact in f32: at most 11-bit significands.
                        let p =
                            (value(t.ab, at(&a, i, kk, k)) * value(t.ab, at(&b, kk, j, n))) as f32;
                        acc += p;
                    }
                    match t.d {
                        Elem::F16 => Fmt::F16.round(f64::from(acc), Rounding::Nearest),
                        _ => u64::from(acc.to_bits()),
                    }
                }
            };
        }
    }
    (0..inputs.len() as u32)
        .map(|lane| {
            let elems: Vec<u64> = (0..fd.elements())
                .map(|e| {
                    let (i, j) = fd.position(lane, e);
                    d[(i as usize) * n + j as usize]
                })
                .collect();
            pack(fd, &elems)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ptxlab_core::wmma::Use;

    /// A 16×16×16 f16 product with f32 accumulators, through the per-lane
    /// registers, against the plain matrix product.
    #[test]
    fn f16_mma_is_the_matrix_product() {
        let shape = Shape::M16N16K16;
        let t = MmaTypes {
            ab: Elem::F16,
            c: Elem::F32,
            d: Elem::F32,
            satf: false,
        };
        let [fa, fb, fc, fd] = Wmma::mma_frags(shape, t);
        let av = |i: u32, k: u32| ((i * 3 + k) % 7) as f64 - 3.0;
        let bv = |k: u32, j: u32| ((k + 2 * j) % 5) as f64 - 2.0;
        let h = |v: f64| Fmt::F16.round(v, Rounding::Nearest);
        let inputs: Vec<Vec<u64>> = (0..32)
            .map(|lane| {
                let el = |f: Frag, g: &dyn Fn(u32, u32) -> u64| {
                    let e: Vec<u64> = (0..f.elements())
                        .map(|e| {
                            let (i, j) = f.position(lane, e);
                            g(i, j)
                        })
                        .collect();
                    pack(f, &e)
                };
                let mut v = el(fa, &|i, k| h(av(i, k)));
                v.extend(el(fb, &|k, j| h(bv(k, j))));
                v.extend(el(fc, &|i, j| u64::from((i as f32 - j as f32).to_bits())));
                v
            })
            .collect();
        let out = mma(shape, t, &inputs);
        for lane in 0..32 {
            let e = unpack(fd, &out[lane as usize]);
            for (x, bits) in e.iter().enumerate() {
                let (i, j) = fd.position(lane, x as u32);
                let want: f64 = (0..16).map(|k| av(i, k) * bv(k, j)).sum::<f64>()
                    + f64::from(i as f32 - j as f32);
                assert_eq!(f32::from_bits(*bits as u32) as f64, want, "({i}, {j})");
            }
        }
        assert_eq!(fd.use_, Use::D);
    }
}
