//! The samples: the special values, a small deterministic RNG, each
//! function's inputs over its regions, and the kernel that runs them.

use crate::function::*;

/// The values every float parameter is tried with.
pub fn specials(ty: Ty) -> Vec<f64> {
    let (tiny, max_denorm, min_normal, max) = match ty {
        Ty::F32 => (
            f64::from(f32::from_bits(1)),
            f64::from(f32::from_bits(0x007f_ffff)),
            f64::from(f32::MIN_POSITIVE),
            f64::from(f32::MAX),
        ),
        Ty::F64 => (
            f64::from_bits(1),
            f64::from_bits(0x000f_ffff_ffff_ffff),
            f64::MIN_POSITIVE,
            f64::MAX,
        ),
    };
    let mut v = vec![f64::NAN];
    for x in [
        0.0,
        tiny,
        max_denorm,
        min_normal,
        0.5,
        1.0,
        2.0,
        max,
        f64::INFINITY,
    ] {
        v.push(x);
        v.push(-x);
    }
    v
}

pub(crate) const INT_SPECIALS: &[f64] = &[
    0.0,
    1.0,
    -1.0,
    23.0,
    127.0,
    -126.0,
    -149.0,
    300.0,
    -300.0,
    2147483647.0,
    -2147483648.0,
];

/// The orders a Bessel function is tried with.
pub(crate) const ORDER_SPECIALS: &[f64] = &[0.0, 1.0, 2.0, 3.0, -1.0, -2.0, 17.0, 128.0, -128.0];

/// A deterministic generator (a 64-bit LCG's top bits).
pub(crate) struct Rng(u64);

impl Rng {
    fn unit(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `[lo, hi]` (`log`: log-uniform in magnitude, with the signs
    /// the range allows).
    fn sample(&mut self, lo: f64, hi: f64, log: bool) -> f64 {
        let u = self.unit();
        if !log {
            return lo + u * (hi - lo);
        }
        let (mlo, mhi) = if lo >= 0.0 {
            (lo, hi)
        } else if hi <= 0.0 {
            (-hi, -lo)
        } else {
            (0.0, lo.abs().max(hi))
        };
        let mlo = mlo.max(mhi * 1e-30).max(f64::MIN_POSITIVE);
        let m = (mlo.ln() + u * (mhi.ln() - mlo.ln())).exp();
        let negative = if lo >= 0.0 {
            false
        } else if hi <= 0.0 {
            true
        } else {
            self.unit() < -lo / (hi - lo)
        };
        if negative {
            -m.min(-lo)
        } else {
            m.min(hi)
        }
    }
}

/// The inputs for `f`: about `n` random ones over its regions, then the
/// special and hard cases. Each is one value per parameter, already of the
/// parameter's type.
pub fn inputs(f: &MathFunction, n: usize) -> Vec<Vec<f64>> {
    let arity = f.shape.args.len();
    let round = |k: usize, v: f64| match f.shape.args[k] {
        Arg::Float => f.ty.round(v),
        Arg::Int | Arg::Order => v.round().clamp(-2147483648.0, 2147483647.0),
    };
    let mut out = Vec::new();
    let mut rng = Rng(0x5eed ^ f.name.len() as u64);
    let per_region = n.div_ceil(f.regions.len().max(1));
    for region in f.regions {
        for i in 0..per_region {
            let x = (0..arity)
                .map(|k| {
                    let (lo, hi) = region.get(k).copied().unwrap_or((-1.0, 1.0));
                    round(k, rng.sample(lo, hi, i % 2 == 1))
                })
                .collect();
            out.push(x);
        }
    }
    let specials_of = |k: usize| match f.shape.args[k] {
        Arg::Float => specials(f.ty),
        Arg::Int => INT_SPECIALS.to_vec(),
        Arg::Order => ORDER_SPECIALS.to_vec(),
    };
    // Every combination of special values (for three parameters, a sparser set).
    let mut combos: Vec<Vec<f64>> = vec![vec![]];
    for k in 0..arity {
        let mut s = specials_of(k);
        if arity >= 3 {
            s.retain(|v| !(v.abs() > 0.0 && v.abs() < 1e-300 && f.ty == Ty::F64));
            s.truncate(if arity == 3 { 11 } else { 7 });
        }
        combos = combos
            .into_iter()
            .flat_map(|c| {
                s.iter().map(move |v| {
                    let mut c = c.clone();
                    c.push(*v);
                    c
                })
            })
            .collect();
    }
    out.extend(combos);
    for h in f.hard {
        out.push(
            (0..arity)
                .map(|k| round(k, h.get(k).copied().unwrap_or(1.0)))
                .collect(),
        );
    }
    out
}

/// The kernel that evaluates `f` once per thread: parameter buffers `a0…`,
/// result buffers `r0…`, then the count.
pub fn kernel_source(f: &MathFunction) -> String {
    let t = f.ty.c_name();
    let out_ty = |o: Out| match o {
        Out::Float => t,
        Out::Int | Out::Quo => "int",
        Out::Long => "long long",
    };
    let mut params = Vec::new();
    for (k, a) in f.shape.args.iter().enumerate() {
        let ty = if *a == Arg::Float { t } else { "int" };
        params.push(format!("const {ty} *a{k}"));
    }
    for (k, o) in f.shape.outs.iter().enumerate() {
        params.push(format!("{} *r{k}", out_ty(*o)));
    }
    params.push("int n".to_string());
    let mut body = String::new();
    let first_ptr = usize::from(f.shape.returns);
    for (k, o) in f.shape.outs.iter().enumerate().skip(first_ptr) {
        body.push_str(&format!("  {} o{k};\n", out_ty(*o)));
    }
    let mut call_args: Vec<String> = (0..f.shape.args.len())
        .map(|k| format!("a{k}[i]"))
        .collect();
    call_args.extend((first_ptr..f.shape.outs.len()).map(|k| format!("&o{k}")));
    let call = format!("{}({})", f.name, call_args.join(", "));
    if f.shape.returns {
        body.push_str(&format!("  r0[i] = {call};\n"));
    } else {
        body.push_str(&format!("  {call};\n"));
    }
    for k in first_ptr..f.shape.outs.len() {
        body.push_str(&format!("  r{k}[i] = o{k};\n"));
    }
    format!(
        "__global__ void k({}) {{\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i >= n) return;\n{body}}}\n",
        params.join(", ")
    )
}
