//! Measuring: a function's kernel run in the IR interpreter over its
//! inputs, its error in ulp against the reference (320-bit for the
//! doubles), the rows of the report on a pool of threads, and their text.

use crate::function::*;
use crate::inputs::{inputs, kernel_source};
use crate::table::FUNCTIONS;
use ptxlab_core::Options;
use ptxlab_sim::interp::{run_kernel, ArgValue, BufferId, Config, Launch, Memory};

/// The error of `got` against the exact `want`, in ulp of `ty`; `None` when
/// `want` is a special value (NaN, ±Inf, ±0) that `got` does not match exactly.
pub fn ulp_error(got: f64, want: f64, ty: Ty) -> Option<f64> {
    if want.is_nan() || want.is_infinite() || want == 0.0 {
        let same = (got.is_nan() && want.is_nan())
            || (got == want && got.is_sign_negative() == want.is_sign_negative());
        return same.then_some(0.0);
    }
    if got.is_nan() {
        return Some(f64::INFINITY);
    }
    if ty.round(want).is_infinite() && got == ty.round(want) {
        return Some(0.0); // beyond the overflow threshold: ∞ is the rounded result
    }
    let got = if got.is_infinite() {
        ty.overflow().copysign(got)
    } else {
        got
    };
    Some((got - want).abs() / ty.ulp(want))
}

/// One row of the report.
#[derive(Clone, Debug)]
pub struct Row {
    pub name: &'static str,
    pub samples: usize,
    /// The largest error seen, in ulp, and the arguments where.
    pub max_ulp: f64,
    pub worst: Vec<f64>,
    /// For [`Kind::Split`]: the largest absolute error where that bound
    /// holds, and where.
    pub max_abs: f64,
    pub worst_abs: Vec<f64>,
    pub bound: f64,
    /// What `bound` and `max_ulp` count (ulp, or an absolute error).
    pub kind: Kind,
    /// Special values not matched exactly: `f(args) = got, want want`, the
    /// first few, and how many in all.
    pub special_mismatches: Vec<String>,
    pub special_count: usize,
    /// Why the function could not be measured (a compile or launch error).
    pub error: Option<String>,
}

impl Row {
    /// Within bound: CUDA's bounds count ulp from the correctly rounded
    /// result, which is itself up to half an ulp from the exact one.
    pub fn pass(&self) -> bool {
        let slack = if matches!(self.kind, Kind::Abs(..)) {
            0.0
        } else {
            0.5
        };
        let abs_ok = match self.kind {
            Kind::Split { abs, .. } => self.max_abs <= abs,
            _ => true,
        };
        self.error.is_none()
            && self.special_count == 0
            && self.max_ulp <= self.bound + slack
            && abs_ok
    }
}

/// An absolute error as a power of two (0 as 0).
fn pow2(e: f64) -> String {
    if e == 0.0 {
        "0".to_string()
    } else {
        format!("2^{:.2}", e.log2())
    }
}

fn fmt_args(args: &[f64]) -> String {
    args.iter()
        .map(|v| format!("{v:e}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Measures `f` on about `n` random inputs plus its special and hard cases,
/// compiled with `opts` (whose `-ftz` must be off: the reference keeps denormals).
pub fn measure(f: &MathFunction, n: usize, opts: &Options) -> Row {
    measure_with(f, n, &mut |launch, mem| run_ours(f, launch, mem, opts))
}

/// [`kernel_source`] compiled by our pipeline and run in the IR interpreter.
fn run_ours(
    f: &MathFunction,
    launch: &Launch,
    mem: &mut Memory,
    opts: &Options,
) -> Result<(), String> {
    let src = kernel_source(f);
    let m = ptxlab_core::compile_to_ir("report.cu", &src, &ptxlab_core::NoFiles, opts, None)
        .map_err(|d| {
            d.iter()
                .map(|d| d.message.clone())
                .collect::<Vec<_>>()
                .join("; ")
        })?;
    let kernel = m
        .functions
        .iter()
        .find(|g| g.attrs.kernel)
        .map(|g| g.name.clone())
        .ok_or("no kernel")?;
    let config = Config {
        max_steps: 1 << 40,
        ..Config::for_options(opts)
    };
    run_kernel(&m, &kernel, launch, mem, &config).map_err(|e| e.to_string())?;
    Ok(())
}

/// [`measure`] with the launch of [`kernel_source`]`(f)` run by `run` (on
/// its inputs in `Memory`): another compiler's code, another executor (the
/// PTX emulator runs NVIDIA's libdevice this way in `tests/libdevice_ptx.rs`).
pub fn measure_with(
    f: &MathFunction,
    n: usize,
    run: &mut dyn FnMut(&Launch, &mut Memory) -> Result<(), String>,
) -> Row {
    let mut row = Row {
        name: f.name,
        samples: 0,
        max_ulp: 0.0,
        worst: Vec::new(),
        max_abs: 0.0,
        worst_abs: Vec::new(),
        bound: f.bound,
        kind: f.kind,
        special_mismatches: Vec::new(),
        special_count: 0,
        error: None,
    };
    let xs = inputs(f, n);
    row.samples = xs.len();
    let mut precise = Precise::new(f);
    if let Err(e) = &precise {
        row.error = Some(e.clone());
        return row;
    }
    match evaluate(f, &xs, run) {
        Ok(results) => {
            for (x, got) in xs.iter().zip(&results) {
                let want = (f.reference)(x);
                for (k, o) in f.shape.outs.iter().enumerate() {
                    let (g, w) = (got[k], want[k]);
                    let err = match o {
                        Out::Float => match f.kind {
                            Kind::Ulp => {
                                match precise.as_mut().ok().and_then(|p| p.ulps(x, k, g, w, f.ty)) {
                                    Some(e) => Some(e),
                                    None => ulp_error(g, w, f.ty),
                                }
                            }
                            Kind::UlpPlus(coef) => ulp_error(g, w, f.ty)
                                .map(|e| (e - (coef * x[0]).abs().floor()).max(0.0)),
                            Kind::Split { domain, .. } => {
                                if w.is_nan() || w.is_infinite() || w == 0.0 {
                                    ulp_error(g, w, f.ty)
                                } else {
                                    match domain(x) {
                                        Domain::Ulp(extra) => match precise
                                            .as_mut()
                                            .ok()
                                            .and_then(|p| p.ulps(x, k, g, w, f.ty))
                                        {
                                            Some(e) => Some((e - extra).max(0.0)),
                                            None => {
                                                ulp_error(g, w, f.ty).map(|e| (e - extra).max(0.0))
                                            }
                                        },
                                        Domain::Abs => {
                                            let e = if g.is_nan() {
                                                f64::INFINITY
                                            } else {
                                                (g - w).abs()
                                            };
                                            if e > row.max_abs {
                                                row.max_abs = e;
                                                row.worst_abs.clone_from(x);
                                            }
                                            Some(0.0)
                                        }
                                        Domain::Unbounded => Some(0.0),
                                    }
                                }
                            }
                            Kind::Abs(lo, hi) => {
                                let inside = x.iter().all(|v| (lo..=hi).contains(v));
                                if w.is_nan() || w.is_infinite() || w == 0.0 {
                                    ulp_error(g, w, f.ty)
                                } else if inside {
                                    Some(if g.is_nan() {
                                        f64::INFINITY
                                    } else {
                                        (g - w).abs()
                                    })
                                } else {
                                    Some(0.0) // no documented bound out there
                                }
                            }
                        },
                        Out::Int | Out::Long => (w.is_nan() || g == w).then_some(0.0),
                        Out::Quo => {
                            let ok = w.is_nan()
                                || (g.signum() == w.signum() || w == 0.0 || g == 0.0)
                                    && (g.abs() as i64) % 8 == (w.abs() as i64) % 8;
                            ok.then_some(0.0)
                        }
                    };
                    match err {
                        Some(e) if e > row.max_ulp || (row.worst.is_empty() && e.is_nan()) => {
                            row.max_ulp = e;
                            row.worst.clone_from(x);
                        }
                        Some(_) => {}
                        None => {
                            row.special_count += 1;
                            if row.special_mismatches.len() < 5 {
                                let which = if f.shape.outs.len() > 1 {
                                    format!("[{k}]")
                                } else {
                                    String::new()
                                };
                                row.special_mismatches.push(format!(
                                    "{}({}){which} = {g:e}, want {w:e}",
                                    f.name,
                                    fmt_args(x)
                                ));
                            }
                        }
                    }
                }
            }
        }
        Err(e) => row.error = Some(e),
    }
    row
}

/// The 320-bit reference of a function with [`MathFunction::mp`] names.
struct Precise {
    names: &'static [&'static str],
    #[cfg(feature = "mpref")]
    reference: Option<crate::mpref::Ref>,
}

impl Precise {
    /// An error when `f` needs the reference and this build lacks it.
    fn new(f: &MathFunction) -> Result<Precise, String> {
        if f.mp.is_empty() {
            return Ok(Precise {
                names: f.mp,
                #[cfg(feature = "mpref")]
                reference: None,
            });
        }
        #[cfg(feature = "mpref")]
        return Ok(Precise {
            names: f.mp,
            reference: Some(crate::mpref::Ref::new()),
        });
        #[cfg(not(feature = "mpref"))]
        Err("measuring a double function needs the 'mpref' feature".into())
    }

    /// The error of result `k`, `got`, in ulp against the 320-bit value at
    /// `args`; `None` where the f64 reference's `want` decides: the special
    /// arguments (±0, ±Inf, NaN) and results (NaN, ±Inf) of C99 Annex F.
    #[cfg_attr(not(feature = "mpref"), allow(unused_variables))]
    fn ulps(&mut self, args: &[f64], k: usize, got: f64, want: f64, ty: Ty) -> Option<f64> {
        let name = self.names.get(k)?;
        // An exact zero (lgamma(1), sinpi(2)) is compared exactly too: the
        // 320-bit value of a zero is a tiny residue.
        if !want.is_finite() || want == 0.0 || args.iter().any(|a| !a.is_finite() || *a == 0.0) {
            return None;
        }
        #[cfg(feature = "mpref")]
        {
            let r = self.reference.as_mut()?;
            let exact = r.eval(name, args);
            match ty {
                Ty::F64 => Some(crate::mpref::ulps(got, &exact)),
                // The float's ulp against the exact value to a double's precision.
                Ty::F32 => ulp_error(got, crate::mpref::to_f64(&exact), ty),
            }
        }
        #[cfg(not(feature = "mpref"))]
        None
    }
}

/// [`measure`] for every function of `funcs`, on `threads` threads (each
/// with the compiler's stack), the rows in `funcs`' order.
pub fn measure_all(
    funcs: &[&'static MathFunction],
    n: usize,
    opts: &Options,
    threads: usize,
) -> Vec<Row> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let rows = std::sync::Mutex::new(vec![None; funcs.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, funcs.len().max(1)) {
            let work = || loop {
                let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(f) = funcs.get(k) else { break };
                let row = measure(f, n, opts);
                rows.lock().unwrap_or_else(|e| e.into_inner())[k] = Some(row);
            };
            std::thread::Builder::new()
                .stack_size(ptxlab_core::STACK_SIZE)
                .spawn_scoped(scope, work)
                .expect("a report thread");
        }
    });
    rows.into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .zip(funcs)
        .map(|(r, f)| {
            r.unwrap_or_else(|| Row {
                name: f.name,
                samples: 0,
                max_ulp: 0.0,
                worst: Vec::new(),
                max_abs: 0.0,
                worst_abs: Vec::new(),
                bound: f.bound,
                kind: f.kind,
                special_mismatches: Vec::new(),
                special_count: 0,
                error: Some("its thread failed".into()),
            })
        })
        .collect()
}

/// Runs `f` on every input in one launch (by `run`); each result as f64.
fn evaluate(
    f: &MathFunction,
    xs: &[Vec<f64>],
    run: &mut dyn FnMut(&Launch, &mut Memory) -> Result<(), String>,
) -> Result<Vec<[f64; 2]>, String> {
    let mut mem = Memory::new();
    let mut args = Vec::new();
    for (k, a) in f.shape.args.iter().enumerate() {
        let col = xs.iter().map(|x| x[k]);
        args.push(ArgValue::Buffer(match (a, f.ty) {
            (Arg::Int | Arg::Order, _) => mem.upload(&col.map(|v| v as i32).collect::<Vec<_>>()),
            (Arg::Float, Ty::F32) => mem.upload(&col.map(|v| v as f32).collect::<Vec<_>>()),
            (Arg::Float, Ty::F64) => mem.upload(&col.collect::<Vec<_>>()),
        }));
    }
    let n = xs.len();
    let mut outs: Vec<(Out, BufferId)> = Vec::new();
    for o in f.shape.outs {
        let id = match (o, f.ty) {
            (Out::Float, Ty::F32) => mem.upload(&vec![0f32; n]),
            (Out::Float, Ty::F64) => mem.upload(&vec![0f64; n]),
            (Out::Long, _) => mem.upload(&vec![0i64; n]),
            (Out::Int | Out::Quo, _) => mem.upload(&vec![0i32; n]),
        };
        outs.push((*o, id));
        args.push(ArgValue::Buffer(id));
    }
    args.push(ArgValue::I32(n as i32));
    let launch = Launch::new([(n as u32).div_ceil(256), 1, 1], [256, 1, 1], args);
    run(&launch, &mut mem)?;
    let mut results = vec![[0.0; 2]; n];
    for (k, (o, id)) in outs.iter().enumerate() {
        let col: Vec<f64> = match (o, f.ty) {
            (Out::Float, Ty::F32) => mem
                .download::<f32>(*id)
                .into_iter()
                .map(f64::from)
                .collect(),
            (Out::Float, Ty::F64) => mem.download::<f64>(*id),
            (Out::Long, _) => mem
                .download::<i64>(*id)
                .into_iter()
                .map(|v| v as f64)
                .collect(),
            (Out::Int | Out::Quo, _) => mem
                .download::<i32>(*id)
                .into_iter()
                .map(f64::from)
                .collect(),
        };
        for (r, v) in results.iter_mut().zip(col) {
            r[k] = v;
        }
    }
    Ok(results)
}

/// The functions named (all when `names` is empty), or the unknown name.
pub fn select(names: &[String]) -> Result<Vec<&'static MathFunction>, String> {
    if names.is_empty() {
        return Ok(FUNCTIONS.iter().collect());
    }
    names
        .iter()
        .map(|n| {
            FUNCTIONS
                .iter()
                .find(|f| f.name == n)
                .ok_or_else(|| format!("no function '{n}' in the report"))
        })
        .collect()
}

/// The report as a table, one line per row, and the special-value mismatches under it.
pub fn format(rows: &[Row]) -> String {
    let mut s = format!(
        "{:<12} {:>8} {:>10} {:>14}  {:<6} {:>8}  worst at\n",
        "function", "samples", "max error", "bound", "result", "specials"
    );
    for r in rows {
        let verdict = if r.pass() { "pass" } else { "FAIL" };
        let (max, bound) = match r.kind {
            Kind::Ulp => (format!("{:.3}", r.max_ulp), format!("{} ulp", r.bound)),
            Kind::UlpPlus(c) => (
                format!("{:.3}", r.max_ulp),
                format!("{}+|{c}x| ulp", r.bound),
            ),
            Kind::Abs(..) => (pow2(r.max_ulp), format!("2^{:.2} abs", r.bound.log2())),
            Kind::Split { abs: 0.0, .. } => {
                (format!("{:.3}", r.max_ulp), format!("{} ulp", r.bound))
            }
            // No ulp bound anywhere (jn): the absolute error alone.
            Kind::Split { abs, .. } if r.bound == 0.0 => {
                (pow2(r.max_abs), format!("2^{:.2} abs", abs.log2()))
            }
            Kind::Split { abs, .. } => (
                format!("{:.3} | {}", r.max_ulp, pow2(r.max_abs)),
                format!("{} ulp | 2^{:.2} abs", r.bound, abs.log2()),
            ),
        };
        let worst = if matches!(r.kind, Kind::Split { .. }) && r.bound == 0.0 {
            &r.worst_abs
        } else {
            &r.worst
        };
        s.push_str(&format!(
            "{:<12} {:>8} {max:>10} {bound:>14}  {verdict:<6} {:>8}  {}\n",
            r.name,
            r.samples,
            r.special_count,
            fmt_args(worst)
        ));
    }
    for r in rows {
        if let Kind::Abs(lo, hi) = r.kind {
            s.push_str(&format!(
                "{}: absolute error for arguments in [{lo}, {hi}] (no documented bound outside; special values checked everywhere)\n",
                r.name
            ));
        }
        if let Kind::Split { note, abs, .. } = r.kind {
            let worst = if abs == 0.0 {
                String::new()
            } else {
                format!("; absolute error worst at {}", fmt_args(&r.worst_abs))
            };
            s.push_str(&format!("{}: {note}{worst}\n", r.name));
        }
        if let Some(e) = &r.error {
            s.push_str(&format!("{}: error: {e}\n", r.name));
        }
        for m in &r.special_mismatches {
            s.push_str(&format!("{}: special value: {m}\n", r.name));
        }
    }
    s
}
