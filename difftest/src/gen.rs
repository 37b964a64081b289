//! The random kernel generator, in Csmith's style: every program is well
//! defined by construction, so any two correct compilations compute the
//! same bits.
//!
//! How each kind of undefined behaviour is kept out:
//! - signed `+ - *` and negation of `int`/`long long` run in the unsigned
//!   type of the same width and convert back (modular, defined in CUDA);
//!   narrower types promote to `int`, where they cannot overflow (an
//!   unsigned `short` product runs in `unsigned`);
//! - division and remainder go through `div_T`/`mod_T`, which return the
//!   dividend for a zero divisor and for `MIN / -1`; shifts through
//!   `shl_T`/`shr_T`, which mask the count and shift left in unsigned;
//! - array indices are reduced modulo the length (`% N`, `& (N-1)`);
//! - loops have constant trip counts (their product bounded);
//! - a program's dynamic work is bounded: the generator estimates each
//!   function's steps per call (its statements weighted by the trip counts
//!   of their loops, each call by its callee's estimate) and the kernel's
//!   over every thread; a call that would take the kernel past
//!   [`WORK_BUDGET`] is not made, and a program over it anyway is drawn
//!   again, so every program ends well inside the interpreters' step
//!   limit in every oracle;
//! - floats and doubles hold only small integers (or halves of them), and
//!   every operation on them is exact, so contraction, reassociation
//!   errors or rounding modes cannot change a bit; they convert to
//!   integers only when in range;
//! - every variable is initialized where it is declared (struct fields and
//!   arrays right after);
//! - each thread writes only `out[tid]`; shared memory is written at a
//!   thread's own slot, read after a `__syncthreads()` that every thread
//!   reaches (phases only at the kernel's top level), and the next write
//!   waits for another barrier; atomics are commutative integer ones whose
//!   return value is not used; warp shuffles and votes run with all 32
//!   lanes converged at the top level.

use crate::rng::Rng;
use std::collections::BTreeSet;
use std::fmt::Write;

/// Threads per block (one dimension) and blocks per grid.
pub const BLOCK: u32 = 64;
pub const GRID: u32 = 2;
/// Threads in the launch: the length of `out`.
pub const THREADS: usize = (BLOCK * GRID) as usize;
/// Elements of the `in` buffer (a power of two).
pub const INPUTS: usize = 64;

/// The most work a program may do, in estimated -O0 IR steps over every
/// thread: a tenth of the interpreters' step limit (100M), which leaves room
/// for the estimate's error and for the PTX emulator at -O0, which runs
/// more instructions than the IR.
pub const WORK_BUDGET: u64 = 10_000_000;

/// Source bytes per estimated -O0 IR step (an expression's text is mostly
/// casts and names; each name is a load at -O0).
const BYTES_PER_STEP: u64 = 4;
/// Steps of one loop iteration's control (the counter's load, compare,
/// branch, increment) and of one call of the helpers.
const LOOP_STEPS: u64 = 8;
const MIX_STEPS: u64 = 24;
/// `rec(n & 7, x)`: up to eight nested calls.
const REC_STEPS: u64 = 8 * 24;
/// Seeds the dead regions' stream from the program's.
const EMI_SALT: u64 = 0x454d_4920_6465_6164;
/// The chance, in percent, of a dead region before a kernel statement.
const EMI_PERCENT: u64 = 20;

/// Draws of one seed before a program within the budget (each draw after
/// the first is from a seed derived from it).
const MAX_DRAWS: u64 = 64;

/// A generated program with its inputs.
#[derive(Clone, Debug)]
pub struct Program {
    pub seed: u64,
    pub source: String,
    /// The `in` buffer.
    pub inputs: Vec<i32>,
    /// The scalar parameters `p0` (int) and `p1` (unsigned).
    pub p0: i32,
    pub p1: u32,
    /// The estimated work of the launch, in -O0 IR steps over every thread
    /// (at most [`WORK_BUDGET`]).
    pub work: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Ty {
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    F32,
    F64,
}

use Ty::*;

const INTS: [Ty; 8] = [I8, U8, I16, U16, I32, U32, I64, U64];

impl Ty {
    fn name(self) -> &'static str {
        match self {
            I8 => "signed char",
            U8 => "unsigned char",
            I16 => "short",
            U16 => "unsigned short",
            I32 => "int",
            U32 => "unsigned",
            I64 => "long long",
            U64 => "unsigned long long",
            F32 => "float",
            F64 => "double",
        }
    }

    /// A short tag for helper names.
    fn tag(self) -> &'static str {
        match self {
            I8 => "i8",
            U8 => "u8",
            I16 => "i16",
            U16 => "u16",
            I32 => "i32",
            U32 => "u32",
            I64 => "i64",
            U64 => "u64",
            F32 => "f32",
            F64 => "f64",
        }
    }

    fn bits(self) -> u32 {
        match self {
            I8 | U8 => 8,
            I16 | U16 => 16,
            I32 | U32 | F32 => 32,
            I64 | U64 | F64 => 64,
        }
    }

    fn signed(self) -> bool {
        matches!(self, I8 | I16 | I32 | I64)
    }

    fn is_float(self) -> bool {
        matches!(self, F32 | F64)
    }

    /// The unsigned type the (promoted) value computes in without overflow.
    fn wide_unsigned(self) -> &'static str {
        if self.bits() == 64 {
            "unsigned long long"
        } else {
            "unsigned"
        }
    }

    /// The promoted type's width: what a shift count is masked to.
    fn shift_width(self) -> u32 {
        self.bits().max(32)
    }

    fn min_literal(self) -> &'static str {
        match self {
            I8 => "-128",
            I16 => "-32768",
            I32 => "(-2147483647 - 1)",
            I64 => "(-9223372036854775807LL - 1)",
            _ => "0",
        }
    }
}

struct Var {
    name: String,
    ty: Ty,
    writable: bool,
}

struct Arr {
    name: String,
    ty: Ty,
    len: u32,
}

struct Func {
    name: String,
    ret: Ty,
    params: Vec<Ty>,
    /// Estimated steps of one call.
    cost: u64,
}

struct StructDef {
    name: String,
    fields: Vec<Ty>,
}

struct Gen {
    rng: Rng,
    vars: Vec<Var>,
    arrs: Vec<Arr>,
    funcs: Vec<Func>,
    structs: Vec<StructDef>,
    /// Helpers used: (`div`/`mod`/`shl`/`shr`, type).
    helpers: BTreeSet<(&'static str, Ty)>,
    /// Element types of the kernel's shared arrays.
    shared: BTreeSet<Ty>,
    next_id: u32,
    in_kernel: bool,
    /// At the kernel's top level: every thread runs this statement.
    uniform: bool,
    loop_depth: u32,
    /// The product of the enclosing loops' trip counts.
    trips: u32,
    /// Statements left to generate in the current function.
    budget: i32,
    /// Estimated steps of one call of the current function (or of one
    /// kernel thread) so far.
    work: u64,
    /// The steps of the text written so far whose work is counted: a
    /// statement's own text runs `trips` times, the text of its nested
    /// blocks as often as their statements say, counted by them.
    accounted: u64,
    /// The `in` buffer, known when the program is drawn.
    inputs: Vec<i32>,
    /// Equivalence modulo inputs: the stream that places and fills dead
    /// regions ([`generate_emi`]); `None` for the program itself.
    emi: Option<Rng>,
    /// The next name number in dead regions (far above the live ones, so
    /// labels cannot clash and live names are the program's own).
    dead_id: u32,
    /// The dead regions' texts, in order: each stands as one [`DEAD`] byte
    /// in the text until the program is assembled, so that the work the
    /// live text is estimated at is the program's own to the step.
    dead: Vec<String>,
}

/// Where a dead region goes (see `Gen::dead`).
const DEAD: char = '\0';

/// The program for `seed`: the first draw within [`WORK_BUDGET`].
pub fn generate(seed: u64) -> Program {
    generate_with(seed, false)
}

/// The program for `seed` with dead regions added (equivalence modulo
/// inputs, CLsmith's EMI): blocks of random statements under
/// `if (in[j] == K)` where the launch's `in[j]` is not `K`. Every live
/// statement is drawn as in [`generate`] (the dead regions draw from their
/// own stream and their work is not counted), so the variant must compute
/// exactly the program's results; a compiler that changes them mistook
/// the dead code for live, or let it change how live code was compiled.
pub fn generate_emi(seed: u64) -> Program {
    generate_with(seed, true)
}

fn generate_with(seed: u64, emi: bool) -> Program {
    let mut draw_seed = seed;
    let mut p = draw(seed, draw_seed, false);
    for _ in 1..MAX_DRAWS {
        if p.work <= WORK_BUDGET {
            break;
        }
        draw_seed = Rng::new(draw_seed).next_u64();
        p = draw(seed, draw_seed, false);
    }
    assert!(
        p.work <= WORK_BUDGET,
        "seed {seed}: no program within the work budget in {MAX_DRAWS} draws"
    );
    if emi {
        let v = draw(seed, draw_seed, true);
        debug_assert_eq!((v.work, &v.inputs), (p.work, &p.inputs));
        return v;
    }
    p
}

/// One program from `rng_seed`, labelled `seed` (with dead regions when
/// `emi`).
fn draw(seed: u64, rng_seed: u64, emi: bool) -> Program {
    let mut g = Gen {
        rng: Rng::new(rng_seed),
        vars: Vec::new(),
        arrs: Vec::new(),
        funcs: Vec::new(),
        structs: Vec::new(),
        helpers: BTreeSet::new(),
        shared: BTreeSet::new(),
        next_id: 0,
        in_kernel: false,
        uniform: false,
        loop_depth: 0,
        trips: 1,
        budget: 0,
        work: 0,
        accounted: 0,
        inputs: Vec::new(),
        emi: emi.then(|| Rng::new(rng_seed ^ EMI_SALT)),
        dead_id: 1_000_000,
        dead: Vec::new(),
    };
    let inputs: Vec<i32> = (0..INPUTS).map(|_| g.interesting_i32()).collect();
    g.inputs = inputs.clone();
    let p0 = g.interesting_i32();
    let p1 = g.interesting_i32() as u32;

    let mut structs = String::new();
    for s in 0..g.rng.range(0, 2) {
        let fields: Vec<Ty> = (0..g.rng.range(2, 4)).map(|_| g.any_type()).collect();
        let _ = writeln!(structs, "struct S{s} {{");
        for (i, t) in fields.iter().enumerate() {
            let _ = writeln!(structs, "    {} f{i};", t.name());
        }
        structs.push_str("};\n\n");
        g.structs.push(StructDef {
            name: format!("S{s}"),
            fields,
        });
    }

    let mut funcs = String::new();
    for f in 0..g.rng.range(0, 4) {
        funcs.push_str(&g.function(f as usize));
    }
    let kernel = g.kernel();
    let work = g.work.saturating_mul(THREADS as u64);

    let mut src = format!("// ptxlab-difftest program, seed {seed}\n\n");
    src.push_str(
        "__device__ unsigned long long mix(unsigned long long h, unsigned long long v) {\n    \
         h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);\n    \
         return h * 0x100000001b3ULL;\n}\n\n",
    );
    for &(op, t) in &g.helpers {
        src.push_str(&helper(op, t));
    }
    src.push_str(&structs);
    src.push_str(&funcs);
    src.push_str(&kernel);
    let mut regions = g.dead.into_iter();
    let src = src
        .split(DEAD)
        .enumerate()
        .fold(String::new(), |mut all, (i, part)| {
            if i > 0 {
                all.push_str(&regions.next().expect("a region per marker"));
            }
            all.push_str(part);
            all
        });
    Program {
        seed,
        source: src,
        inputs,
        p0,
        p1,
        work,
    }
}

/// The text of a guarded operation.
fn helper(op: &str, t: Ty) -> String {
    let (n, tag) = (t.name(), t.tag());
    match op {
        "upd" => {
            return format!(
                "__device__ __noinline__ void upd_{tag}({n} *q, {n} v) {{\n    *q = ({n})(*q ^ v);\n}}\n\n"
            )
        }
        "rec" => {
            return "__device__ unsigned rec(unsigned n, unsigned x) {\n    \
                    return n == 0 ? x : rec(n - 1, x * 2654435761u + n);\n}\n\n"
                .into()
        }
        "tmax3" => {
            return "template <typename T> __device__ T tmax3(T a, T b, T c) {\n    \
                    return a > b ? (a > c ? a : c) : (b > c ? b : c);\n}\n\n"
                .into()
        }
        _ => {}
    }
    let body = match op {
        "div" | "mod" => {
            let c = if op == "div" { '/' } else { '%' };
            let min = if t.signed() {
                format!(" || (a == {} && b == -1)", t.min_literal())
            } else {
                String::new()
            };
            format!("return (b == 0{min}) ? a : ({n})(a {c} b);")
        }
        "shl" => format!(
            "return ({n})(({})a << (b & {}));",
            t.wide_unsigned(),
            t.shift_width() - 1
        ),
        _ => format!("return ({n})(a >> (b & {}));", t.shift_width() - 1),
    };
    let rhs = if op == "shl" || op == "shr" { "int" } else { n };
    format!("__device__ {n} {op}_{tag}({n} a, {rhs} b) {{\n    {body}\n}}\n\n")
}

/// Estimated -O0 IR steps of running `text` once: its length, and each
/// helper it calls (the generated functions' calls are counted where they
/// are drawn, with their own estimate).
fn text_steps(text: &str) -> u64 {
    let helpers: u64 = ["mix(", "upd_", "div_", "mod_", "shl_", "shr_", "tmax3"]
        .iter()
        .map(|h| text.matches(h).count() as u64)
        .sum();
    let recs = text.matches("rec(").count() as u64;
    // A dead region's marker is no text of the program's.
    let len = text.len() - text.matches(DEAD).count();
    len as u64 / BYTES_PER_STEP + helpers * MIX_STEPS + recs * REC_STEPS
}

impl Gen {
    /// The estimated steps one kernel thread may take.
    fn thread_limit() -> u64 {
        WORK_BUDGET / THREADS as u64
    }

    /// Adds `steps`, run once per iteration of the enclosing loops.
    fn spend(&mut self, steps: u64) {
        self.work = self
            .work
            .saturating_add(steps.saturating_mul(self.trips as u64));
    }

    /// Whether a call costing `cost` steps fits here: the current function
    /// keeps half a thread's budget for calls, the rest for its own text.
    fn affords(&self, cost: u64) -> bool {
        self.work
            .saturating_add(cost.saturating_mul(self.trips as u64))
            <= Self::thread_limit() / 2
    }

    fn id(&mut self) -> u32 {
        self.next_id += 1;
        self.next_id
    }

    fn interesting_i32(&mut self) -> i32 {
        match self.rng.below(8) {
            0 => *self
                .rng
                .pick(&[0, 1, -1, i32::MIN, i32::MAX, 255, -128, 65535]),
            1..=3 => self.rng.range(-20, 20) as i32,
            _ => self.rng.next_u64() as i32,
        }
    }

    fn any_type(&mut self) -> Ty {
        if self.rng.chance(15) {
            *self.rng.pick(&[F32, F64])
        } else {
            *self.rng.pick(&INTS)
        }
    }

    fn int_type(&mut self) -> Ty {
        *self.rng.pick(&INTS)
    }

    fn literal(&mut self, t: Ty) -> String {
        let v: i64 = match self.rng.below(6) {
            0 => 0,
            1 => 1,
            2 => -1,
            3 => self.rng.range(-9, 9),
            _ => self.rng.next_u64() as i64,
        };
        let text = match t {
            I8 => (v as i8).to_string(),
            U8 => (v as u8).to_string(),
            I16 => (v as i16).to_string(),
            U16 => (v as u16).to_string(),
            I32 => {
                let x = v as i32;
                if x == i32::MIN {
                    t.min_literal().to_string()
                } else {
                    x.to_string()
                }
            }
            U32 => format!("{}u", v as u32),
            I64 => {
                if v == i64::MIN {
                    t.min_literal().to_string()
                } else {
                    format!("{v}LL")
                }
            }
            U64 => format!("{}ULL", v as u64),
            F32 => format!("{}.0f", v.rem_euclid(17) - 8),
            F64 => format!("{}.0", v.rem_euclid(17) - 8),
        };
        format!("(({})({text}))", t.name())
    }

    // -----------------------------------------------------------------------
    // Expressions

    fn var_of(&mut self, pred: impl Fn(&Var) -> bool) -> Option<(String, Ty)> {
        let c: Vec<(String, Ty)> = self
            .vars
            .iter()
            .filter(|v| pred(v))
            .map(|v| (v.name.clone(), v.ty))
            .collect();
        if c.is_empty() {
            None
        } else {
            Some(self.rng.pick(&c).clone())
        }
    }

    /// An integer leaf of type `t`.
    fn int_leaf(&mut self, t: Ty) -> String {
        let n = t.name();
        match self.rng.below(10) {
            0..=4 => match self.var_of(|v| !v.ty.is_float()) {
                Some((name, vt)) if vt == t => name,
                Some((name, _)) => format!("(({n}){name})"),
                None => self.literal(t),
            },
            5 if self.in_kernel => {
                let i = self.iexpr(I32, 0);
                format!("(({n})in[({i}) & {}])", INPUTS - 1)
            }
            8 if self.in_kernel && self.rng.chance(50) => {
                let it = self.int_type();
                let i = self.iexpr(it, 0);
                format!("(({n})scratch[tid * 4 + (({i}) & 3)])")
            }
            6 if !self.arrs.is_empty() => {
                let k = self.rng.below(self.arrs.len() as u64) as usize;
                let (name, len) = (self.arrs[k].name.clone(), self.arrs[k].len);
                let it = self.int_type();
                let i = self.iexpr(it, 0);
                format!("(({n}){name}[{}])", index(&i, len))
            }
            7 if self.in_kernel => format!(
                "(({n}){})",
                self.rng.pick(&["tid", "threadIdx.x", "blockIdx.x", "lane"])
            ),
            _ => self.literal(t),
        }
    }

    /// An expression of integer type `t`, at most `depth` operators deep.
    fn iexpr(&mut self, t: Ty, depth: u32) -> String {
        if depth == 0 || self.rng.chance(30) {
            return self.int_leaf(t);
        }
        let n = t.name();
        let d = depth - 1;
        match self.rng.below(20) {
            0..=3 => {
                let op = *self.rng.pick(&["+", "-", "*"]);
                let (a, b) = (self.iexpr(t, d), self.iexpr(t, d));
                if matches!(t, I32 | I64) || (t == U16 && op == "*") {
                    let u = t.wide_unsigned();
                    format!("(({n})(({u})({a}) {op} ({u})({b})))")
                } else {
                    format!("(({n})({a} {op} {b}))")
                }
            }
            4..=5 => {
                // Bitwise, possibly on mixed types (usual conversions).
                let op = *self.rng.pick(&["&", "|", "^"]);
                let (ta, tb) = if self.rng.chance(50) {
                    (t, t)
                } else {
                    (self.int_type(), self.int_type())
                };
                let (a, b) = (self.iexpr(ta, d), self.iexpr(tb, d));
                format!("(({n})({a} {op} {b}))")
            }
            6..=7 => {
                let op = *self.rng.pick(&["div", "mod", "shl", "shr"]);
                self.helpers.insert((op, t));
                let a = self.iexpr(t, d);
                let b = if op == "shl" || op == "shr" {
                    self.iexpr(I32, d)
                } else {
                    self.iexpr(t, d)
                };
                format!("{op}_{}({a}, {b})", t.tag())
            }
            8..=9 => {
                let op = *self.rng.pick(&["<", "<=", ">", ">=", "==", "!="]);
                if self.rng.chance(20) {
                    let ft = *self.rng.pick(&[F32, F64]);
                    let (a, b) = (self.fexpr(ft, 2), self.fexpr(ft, 2));
                    return format!("(({n})({a} {op} {b}))");
                }
                let (ta, tb) = if self.rng.chance(60) {
                    let x = self.int_type();
                    (x, x)
                } else {
                    (self.int_type(), self.int_type())
                };
                let (a, b) = (self.iexpr(ta, d), self.iexpr(tb, d));
                format!("(({n})({a} {op} {b}))")
            }
            10 => {
                let a = self.iexpr(t, d);
                match self.rng.below(3) {
                    0 if t.signed() && t.bits() >= 32 => {
                        format!("(({n})(0 - ({})({a})))", t.wide_unsigned())
                    }
                    0 => format!("(({n})(-{a}))"),
                    1 => format!("(({n})(~{a}))"),
                    _ => format!("(({n})(!{a}))"),
                }
            }
            11..=12 => {
                let ct = self.int_type();
                let c = self.iexpr(ct, d);
                let (a, b) = (self.iexpr(t, d), self.iexpr(t, d));
                format!("({c} ? {a} : {b})")
            }
            13 => {
                let op = *self.rng.pick(&["&&", "||"]);
                let (ta, tb) = (self.int_type(), self.int_type());
                let (a, b) = (self.iexpr(ta, d), self.iexpr(tb, d));
                format!("(({n})({a} {op} {b}))")
            }
            14 => {
                // A float or double computation converted back.
                let ft = *self.rng.pick(&[F32, F64]);
                let f = self.fexpr(ft, 2);
                let via = if ft == F32 { "int" } else { "long long" };
                format!("(({n})({via})({f}))")
            }
            15..=16 if !self.funcs.is_empty() => self.call(t, d),
            17 => self.intrinsic(t, d),
            _ => {
                let o = self.int_type();
                let e = self.iexpr(o, d);
                format!("(({n}){e})")
            }
        }
    }

    /// A CUDA integer intrinsic, converted to `t`.
    fn intrinsic(&mut self, t: Ty, d: u32) -> String {
        let n = t.name();
        if self.rng.chance(15) {
            self.helpers.insert(("rec", U32));
            let (a, b) = (self.iexpr(U32, d), self.iexpr(U32, d));
            return format!("(({n})rec(({a}) & 7u, {b}))");
        }
        if self.rng.chance(15) {
            self.helpers.insert(("tmax3", I32));
            // Each argument cast to T: our frontend rejects an explicit
            // template argument list whose arguments need a conversion,
            // and types `c ? a : b` of two `short`s as `int` (issue 17's
            // report of this generator).
            let a: Vec<String> = (0..3)
                .map(|_| format!("({n}){}", self.iexpr(t, d)))
                .collect();
            let explicit = if self.rng.chance(50) {
                format!("<{n}>")
            } else {
                String::new()
            };
            return format!("tmax3{explicit}({})", a.join(", "));
        }
        let (f, args): (&str, &[Ty]) = *self.rng.pick(&[
            ("__popc", &[U32][..]),
            ("__popcll", &[U64][..]),
            ("__clz", &[I32][..]),
            ("__clzll", &[I64][..]),
            ("__brev", &[U32][..]),
            ("__brevll", &[U64][..]),
            ("__ffs", &[I32][..]),
            ("__ffsll", &[I64][..]),
            ("__umulhi", &[U32, U32][..]),
            ("__mulhi", &[I32, I32][..]),
            ("__umul64hi", &[U64, U64][..]),
            ("__byte_perm", &[U32, U32, U32][..]),
            ("min", &[I32, I32][..]),
            ("max", &[U32, U32][..]),
            ("min", &[U64, U64][..]),
            ("max", &[I64, I64][..]),
        ]);
        let a: Vec<String> = args.iter().map(|&a| self.iexpr(a, d)).collect();
        format!("(({n}){f}({}))", a.join(", "))
    }

    /// A call of a generated function whose work fits (a leaf if none does).
    fn call(&mut self, t: Ty, d: u32) -> String {
        let fits: Vec<usize> = (0..self.funcs.len())
            .filter(|&k| self.affords(self.funcs[k].cost))
            .collect();
        if fits.is_empty() {
            return self.int_leaf(t);
        }
        let k = *self.rng.pick(&fits);
        let (name, ret, params, cost) = {
            let f = &self.funcs[k];
            (f.name.clone(), f.ret, f.params.clone(), f.cost)
        };
        self.spend(cost);
        let args: Vec<String> = params
            .iter()
            .map(|&p| {
                if p.is_float() {
                    self.fexpr(p, 0)
                } else {
                    self.iexpr(p, d)
                }
            })
            .collect();
        let c = format!("{name}({})", args.join(", "));
        if ret == t {
            c
        } else if ret == F32 {
            format!("(({})(int)({c}))", t.name())
        } else if ret == F64 {
            format!("(({})(long long)({c}))", t.name())
        } else {
            format!("(({}){c})", t.name())
        }
    }

    /// A float expression of `level`: 0 holds an integer of at most 2^7
    /// (float) or 2^15 (double) in magnitude; 1 one exact operation on
    /// level 0; 2 a sum of level 1s. Every operation is exact.
    fn fexpr(&mut self, t: Ty, level: u32) -> String {
        let n = t.name();
        if level == 0 || self.rng.chance(25) {
            let small = if t == F32 { "signed char" } else { "short" };
            return match self.rng.below(6) {
                0..=2 => match self.var_of(|v| v.ty == t || (t == F64 && v.ty == F32)) {
                    Some((name, vt)) if vt == t => name,
                    Some((name, _)) => format!("(({n}){name})"),
                    None => self.literal(t),
                },
                3..=4 => {
                    let it = self.int_type();
                    let e = self.iexpr(it, 1);
                    format!("(({n})({small})({e}))")
                }
                _ => self.literal(t),
            };
        }
        if level == 1 {
            let a = self.fexpr(t, 0);
            return match self.rng.below(6) {
                0..=2 => {
                    let op = *self.rng.pick(&["+", "-", "*"]);
                    let b = self.fexpr(t, 0);
                    format!("({a} {op} {b})")
                }
                3 => {
                    let half = if t == F32 { "0.5f" } else { "0.5" };
                    format!("({a} * {half})")
                }
                4 => format!("(-{a})"),
                _ => {
                    let b = self.fexpr(t, 0);
                    let op = *self.rng.pick(&["<", ">"]);
                    format!("({a} {op} {b} ? {a} : {b})")
                }
            };
        }
        let (a, b) = (self.fexpr(t, 1), self.fexpr(t, 1));
        if self.rng.chance(25) {
            let ct = self.int_type();
            let c = self.iexpr(ct, 1);
            format!("({c} ? {a} : {b})")
        } else {
            let op = *self.rng.pick(&["+", "-"]);
            format!("({a} {op} {b})")
        }
    }

    /// A value of any type (a float's at level 0, what a float variable holds).
    fn value(&mut self, t: Ty, depth: u32) -> String {
        if t.is_float() {
            if self.rng.chance(20) {
                let ct = self.int_type();
                let c = self.iexpr(ct, 1);
                let (a, b) = (self.fexpr(t, 0), self.fexpr(t, 0));
                format!("({c} ? {a} : {b})")
            } else {
                self.fexpr(t, 0)
            }
        } else {
            self.iexpr(t, depth)
        }
    }

    /// A condition.
    fn cond(&mut self) -> String {
        let t = self.int_type();
        self.iexpr(t, 2)
    }

    // -----------------------------------------------------------------------
    // Statements

    fn block(&mut self, out: &mut String, ind: usize, n: i32) {
        let (start, accounted) = (out.len(), self.accounted);
        self.block_stmts(out, ind, n);
        self.account(out, start, accounted);
    }

    /// Counts the work of the text written since `start` that no nested
    /// statement counted (at this point's trip count).
    fn account(&mut self, out: &str, start: usize, accounted: u64) {
        let total = text_steps(&out[start..]);
        let own = total.saturating_sub(self.accounted - accounted);
        self.spend(own);
        self.accounted = accounted + total;
    }

    fn block_stmts(&mut self, out: &mut String, ind: usize, n: i32) {
        let (vars, arrs) = (self.vars.len(), self.arrs.len());
        for _ in 0..n {
            if self.budget <= 0 {
                break;
            }
            self.dead_region(out, ind);
            self.stmt(out, ind);
        }
        // What the block computed reaches the checksum.
        if self.in_kernel && self.vars.len() > vars && self.rng.chance(70) {
            let v = &self.vars[self.rng.below((self.vars.len() - vars) as u64) as usize + vars];
            let _ = writeln!(
                out,
                "{:ind$}h = mix(h, (unsigned long long)({}));",
                "",
                bits(v)
            );
        }
        self.vars.truncate(vars);
        self.arrs.truncate(arrs);
    }

    /// In an EMI variant, sometimes a dead region here: statements drawn
    /// from the EMI stream under a condition the launch's inputs make
    /// false. The live program's state (statements left, work, what is in
    /// scope, the names it draws) is as if the region were not there.
    fn dead_region(&mut self, out: &mut String, ind: usize) {
        if !self.in_kernel {
            return;
        }
        let Some(mut emi) = self.emi.take() else {
            return;
        };
        if !emi.chance(EMI_PERCENT) {
            self.emi = Some(emi);
            return;
        }
        std::mem::swap(&mut self.rng, &mut emi);
        let saved = (self.budget, self.work, self.accounted, self.uniform);
        let live_id = std::mem::replace(&mut self.next_id, self.dead_id);
        let (mut region, p) = (String::new(), "");
        let j = self.rng.below(INPUTS as u64) as usize;
        let k = self.inputs[j].wrapping_add(self.rng.range(1, 1000) as i32);
        let _ = writeln!(region, "{p:ind$}if (in[{j}] == {k}) {{");
        self.uniform = false;
        self.budget = self.rng.range(1, 6) as i32;
        let n = self.budget;
        self.block(&mut region, ind + 4, n);
        let _ = writeln!(region, "{p:ind$}}}");
        (self.budget, self.work, self.accounted, self.uniform) = saved;
        self.dead_id = std::mem::replace(&mut self.next_id, live_id);
        out.push(DEAD);
        self.dead.push(region);
        std::mem::swap(&mut self.rng, &mut emi);
        self.emi = Some(emi);
    }

    fn declare(&mut self, out: &mut String, ind: usize, t: Ty) -> String {
        let name = format!("v{}", self.id());
        let depth = self.rng.range(1, 3) as u32;
        let e = self.value(t, depth);
        let _ = writeln!(out, "{:ind$}{} {name} = {e};", "", t.name());
        self.vars.push(Var {
            name: name.clone(),
            ty: t,
            writable: true,
        });
        name
    }

    fn stmt(&mut self, out: &mut String, ind: usize) {
        let (start, accounted) = (out.len(), self.accounted);
        self.stmt_text(out, ind);
        self.account(out, start, accounted);
    }

    fn stmt_text(&mut self, out: &mut String, ind: usize) {
        self.budget -= 1;
        let p = "";
        let nested = self.loop_depth < 3 && self.budget > 2;
        match self.rng.below(31) {
            0..=5 => {
                let t = self.any_type();
                self.declare(out, ind, t);
            }
            6..=10 => {
                let Some((name, t)) = self.var_of(|v| v.writable) else {
                    let t = self.any_type();
                    self.declare(out, ind, t);
                    return;
                };
                let e = self.value(t, 3);
                let _ = writeln!(out, "{p:ind$}{name} = {e};");
            }
            11 if self.in_kernel => {
                let t = self.any_type();
                let e = self.value(t, 3);
                let bits = match t {
                    F32 => format!("__float_as_uint({e})"),
                    F64 => format!("__double_as_longlong({e})"),
                    _ => e,
                };
                let _ = writeln!(out, "{p:ind$}h = mix(h, (unsigned long long)({bits}));");
            }
            12..=14 if nested => {
                let c = self.cond();
                let _ = writeln!(out, "{p:ind$}if ({c}) {{");
                let u = std::mem::replace(&mut self.uniform, false);
                self.block(out, ind + 4, 3);
                if self.rng.chance(50) {
                    let _ = writeln!(out, "{p:ind$}}} else {{");
                    self.block(out, ind + 4, 3);
                }
                self.uniform = u;
                let _ = writeln!(out, "{p:ind$}}}");
            }
            15..=17 if nested && self.trips < 32 => self.for_loop(out, ind),
            18 if nested && self.trips < 32 => {
                let c = self.rng.range(1, 6) as u32;
                let w = format!("w{}", self.id());
                let _ = writeln!(out, "{p:ind$}{{\n{p:ind$}    int {w} = {c};");
                let do_while = self.rng.chance(50);
                if do_while {
                    let _ = writeln!(out, "{p:ind$}    do {{");
                } else {
                    let _ = writeln!(out, "{p:ind$}    while ({w} > 0) {{");
                }
                let _ = writeln!(out, "{p:ind$}        {w}--;");
                self.vars.push(Var {
                    name: w,
                    ty: I32,
                    writable: false,
                });
                self.enter_loop(out, ind + 8, c);
                let w = self.vars.pop().unwrap().name;
                if do_while {
                    let _ = writeln!(out, "{p:ind$}    }} while ({w} > 0);");
                } else {
                    let _ = writeln!(out, "{p:ind$}    }}");
                }
                let _ = writeln!(out, "{p:ind$}}}");
            }
            19 if nested => {
                let it = self.int_type();
                let e = self.iexpr(it, 2);
                let _ = writeln!(out, "{p:ind$}switch (({e}) & 7) {{");
                let u = std::mem::replace(&mut self.uniform, false);
                let mut cases: Vec<u64> = (0..8).filter(|_| self.rng.chance(40)).collect();
                cases.truncate(4);
                for c in cases {
                    let _ = writeln!(out, "{p:ind$}case {c}: {{");
                    self.block(out, ind + 4, 2);
                    if self.rng.chance(75) {
                        let _ = writeln!(out, "{p:ind$}    break;");
                    }
                    let _ = writeln!(out, "{p:ind$}}}");
                }
                let _ = writeln!(out, "{p:ind$}default: {{");
                self.block(out, ind + 4, 2);
                let _ = writeln!(out, "{p:ind$}    break;\n{p:ind$}}}");
                self.uniform = u;
                let _ = writeln!(out, "{p:ind$}}}");
            }
            20 if nested => {
                // A forward goto over a block.
                let l = format!("L{}", self.id());
                let c = self.cond();
                let _ = writeln!(out, "{p:ind$}if ({c}) goto {l};\n{p:ind$}{{");
                let u = std::mem::replace(&mut self.uniform, false);
                self.block(out, ind + 4, 3);
                self.uniform = u;
                let _ = writeln!(out, "{p:ind$}}}\n{p:ind$}{l}:;");
            }
            21 if self.loop_depth > 0 => {
                let c = self.cond();
                let k = *self.rng.pick(&["break", "continue"]);
                let _ = writeln!(out, "{p:ind$}if ({c}) {k};");
            }
            22..=23 => self.array(out, ind),
            24 => self.struct_var(out, ind),
            25..=26 if self.uniform => self.shared_phase(out, ind),
            27 if self.uniform => self.atomic_phase(out, ind),
            28 if self.uniform => self.warp_op(out, ind),
            29 => {
                // Through a pointer: a scalar's or an array element's
                // address to a __noinline__ function, or a global store.
                let pick = self.rng.below(3);
                if pick == 0 && !self.arrs.is_empty() {
                    let k = self.rng.below(self.arrs.len() as u64) as usize;
                    let (name, t, len) =
                        (self.arrs[k].name.clone(), self.arrs[k].ty, self.arrs[k].len);
                    self.helpers.insert(("upd", t));
                    let it = self.int_type();
                    let i = self.iexpr(it, 1);
                    let e = self.iexpr(t, 2);
                    let _ = writeln!(
                        out,
                        "{p:ind$}upd_{}({name} + ({}), {e});",
                        t.tag(),
                        index(&i, len)
                    );
                } else if pick == 1 && self.in_kernel {
                    let it = self.int_type();
                    let i = self.iexpr(it, 1);
                    let e = self.iexpr(I64, 2);
                    let _ = writeln!(out, "{p:ind$}scratch[tid * 4 + (({i}) & 3)] = {e};");
                } else if let Some((name, t)) = self.var_of(|v| v.writable && !v.ty.is_float()) {
                    self.helpers.insert(("upd", t));
                    let e = self.iexpr(t, 2);
                    let _ = writeln!(out, "{p:ind$}upd_{}(&{name}, {e});", t.tag());
                }
            }
            _ => {
                // A store into an array, or an assignment.
                if !self.arrs.is_empty() && self.rng.chance(50) {
                    let k = self.rng.below(self.arrs.len() as u64) as usize;
                    let (name, t, len) =
                        (self.arrs[k].name.clone(), self.arrs[k].ty, self.arrs[k].len);
                    let it = self.int_type();
                    let i = self.iexpr(it, 1);
                    let e = self.iexpr(t, 2);
                    let _ = writeln!(out, "{p:ind$}{name}[{}] = {e};", index(&i, len));
                } else {
                    let t = self.any_type();
                    self.declare(out, ind, t);
                }
            }
        }
    }

    /// The body of a loop that runs `c` times.
    fn enter_loop(&mut self, out: &mut String, ind: usize, c: u32) {
        let u = std::mem::replace(&mut self.uniform, false);
        self.loop_depth += 1;
        let trips = self.trips;
        self.trips *= c.max(1);
        self.spend(LOOP_STEPS);
        self.block(out, ind, 3);
        self.trips = trips;
        self.loop_depth -= 1;
        self.uniform = u;
    }

    fn for_loop(&mut self, out: &mut String, ind: usize) {
        let p = "";
        let c = self.rng.range(1, 8) as u32;
        let i = format!("i{}", self.id());
        match self.rng.below(10) {
            0..=2 => {
                let _ = writeln!(out, "{p:ind$}#pragma unroll");
            }
            3 => {
                let _ = writeln!(out, "{p:ind$}#pragma unroll 2");
            }
            4 => {
                let _ = writeln!(out, "{p:ind$}#pragma unroll 1");
            }
            _ => {}
        }
        if self.rng.chance(30) {
            let _ = writeln!(out, "{p:ind$}for (int {i} = {}; {i} >= 0; --{i}) {{", c - 1);
        } else {
            let _ = writeln!(out, "{p:ind$}for (int {i} = 0; {i} < {c}; {i}++) {{");
        }
        self.vars.push(Var {
            name: i,
            ty: I32,
            writable: false,
        });
        self.enter_loop(out, ind + 4, c);
        self.vars.pop();
        let _ = writeln!(out, "{p:ind$}}}");
    }

    fn array(&mut self, out: &mut String, ind: usize) {
        let p = "";
        let t = self.int_type();
        let len = *self.rng.pick(&[2u32, 3, 4, 5, 8, 16]);
        let name = format!("a{}", self.id());
        let i = format!("i{}", self.id());
        let _ = writeln!(out, "{p:ind$}{} {name}[{len}];", t.name());
        self.vars.push(Var {
            name: i.clone(),
            ty: I32,
            writable: false,
        });
        // The element runs `len` times (the calls in it as often).
        let trips = self.trips;
        self.trips *= len;
        let e = self.iexpr(t, 2);
        self.spend(LOOP_STEPS + text_steps(&e));
        self.trips = trips;
        self.vars.pop();
        let _ = writeln!(
            out,
            "{p:ind$}for (int {i} = 0; {i} < {len}; {i}++) {name}[{i}] = {e};"
        );
        self.arrs.push(Arr { name, ty: t, len });
    }

    fn struct_var(&mut self, out: &mut String, ind: usize) {
        let p = "";
        if self.rng.chance(40) {
            // A CUDA vector type, made by its make_ function.
            let (vt, t, n) = *self.rng.pick(&[
                ("int2", I32, 2),
                ("uint4", U32, 4),
                ("longlong2", I64, 2),
                ("short4", I16, 4),
                ("uchar2", U8, 2),
                ("ulonglong2", U64, 2),
            ]);
            let name = format!("s{}", self.id());
            let args: Vec<String> = (0..n).map(|_| self.iexpr(t, 2)).collect();
            let _ = writeln!(out, "{p:ind$}{vt} {name} = make_{vt}({});", args.join(", "));
            for f in &["x", "y", "z", "w"][..n] {
                self.vars.push(Var {
                    name: format!("{name}.{f}"),
                    ty: t,
                    writable: true,
                });
            }
            return;
        }
        if self.structs.is_empty() {
            return;
        }
        let k = self.rng.below(self.structs.len() as u64) as usize;
        let (sname, fields) = (self.structs[k].name.clone(), self.structs[k].fields.clone());
        let name = format!("s{}", self.id());
        let _ = writeln!(out, "{p:ind$}{sname} {name};");
        for (i, &f) in fields.iter().enumerate() {
            let e = self.value(f, 2);
            let _ = writeln!(out, "{p:ind$}{name}.f{i} = {e};");
        }
        // A copy of it, changed in one field.
        if self.rng.chance(40) {
            let copy = format!("s{}", self.id());
            let fi = self.rng.below(fields.len() as u64) as usize;
            let e = self.value(fields[fi], 2);
            let _ = writeln!(
                out,
                "{p:ind$}{sname} {copy} = {name};\n{p:ind$}{copy}.f{fi} = {e};"
            );
            for (i, &f) in fields.iter().enumerate() {
                self.vars.push(Var {
                    name: format!("{copy}.f{i}"),
                    ty: f,
                    writable: true,
                });
            }
        }
        for (i, &f) in fields.iter().enumerate() {
            self.vars.push(Var {
                name: format!("{name}.f{i}"),
                ty: f,
                writable: true,
            });
        }
    }

    /// Each thread writes its slot of a shared array; after a barrier it
    /// reads two slots; another barrier ends the phase.
    fn shared_phase(&mut self, out: &mut String, ind: usize) {
        let p = "";
        let t = self.int_type();
        self.shared.insert(t);
        let sh = format!("sh_{}", t.tag());
        let e = self.iexpr(t, 3);
        let k = self.rng.range(1, BLOCK as i64 - 1);
        let it = self.int_type();
        let j = self.iexpr(it, 1);
        let r = format!("v{}", self.id());
        let op = *self.rng.pick(&["^", "+", "|"]);
        let n = t.name();
        let _ = writeln!(
            out,
            "{p:ind$}{sh}[threadIdx.x] = {e};\n{p:ind$}__syncthreads();\n\
             {p:ind$}{n} {r} = ({n})({sh}[(threadIdx.x + {k}) % {BLOCK}u] {op} {sh}[{}]);\n\
             {p:ind$}__syncthreads();",
            index(&j, BLOCK)
        );
        self.vars.push(Var {
            name: r,
            ty: t,
            writable: true,
        });
    }

    /// Every thread adds (or ors, xors, …) into a shared accumulator.
    fn atomic_phase(&mut self, out: &mut String, ind: usize) {
        let p = "";
        let (t, op) = *self.rng.pick(&[
            (I32, "atomicAdd"),
            (U32, "atomicAdd"),
            (U64, "atomicAdd"),
            (I32, "atomicSub"),
            (U32, "atomicXor"),
            (I32, "atomicOr"),
            (U32, "atomicAnd"),
            (I32, "atomicMax"),
            (U32, "atomicMin"),
            (U64, "atomicXor"),
            (U64, "atomicMax"),
            (I32, "atomicMin"),
        ]);
        let acc = format!("acc{}", self.id());
        let init = self.literal(t);
        let e = self.iexpr(t, 3);
        let n = t.name();
        let r = format!("v{}", self.id());
        let _ = writeln!(
            out,
            "{p:ind$}__shared__ {n} {acc};\n{p:ind$}if (threadIdx.x == 0) {acc} = {init};\n\
             {p:ind$}__syncthreads();\n{p:ind$}{op}(&{acc}, {e});\n{p:ind$}__syncthreads();\n\
             {p:ind$}{n} {r} = {acc};"
        );
        self.vars.push(Var {
            name: r,
            ty: t,
            writable: true,
        });
    }

    /// A shuffle or a vote with the whole warp converged.
    fn warp_op(&mut self, out: &mut String, ind: usize) {
        let p = "";
        let r = format!("v{}", self.id());
        let (t, e) = match self.rng.below(6) {
            0..=3 => {
                let t = *self.rng.pick(&[I32, U32, I64, U64, F32, F64]);
                let v = self.value(t, 2);
                let f = match self.rng.below(4) {
                    0 => format!(
                        "__shfl_xor_sync(0xffffffffu, {v}, {})",
                        self.rng.range(1, 31)
                    ),
                    1 => format!(
                        "__shfl_down_sync(0xffffffffu, {v}, {})",
                        self.rng.range(1, 31)
                    ),
                    2 => format!(
                        "__shfl_up_sync(0xffffffffu, {v}, {})",
                        self.rng.range(1, 31)
                    ),
                    _ => {
                        let l = self.iexpr(I32, 1);
                        format!("__shfl_sync(0xffffffffu, {v}, ({l}) & 31)")
                    }
                };
                (t, f)
            }
            4 => {
                let c = self.cond();
                (U32, format!("__ballot_sync(0xffffffffu, {c})"))
            }
            _ => {
                let c = self.cond();
                let f = *self.rng.pick(&["__any_sync", "__all_sync"]);
                (I32, format!("{f}(0xffffffffu, {c})"))
            }
        };
        let _ = writeln!(out, "{p:ind$}{} {r} = {e};", t.name());
        self.vars.push(Var {
            name: r,
            ty: t,
            writable: true,
        });
    }

    // -----------------------------------------------------------------------
    // Functions

    fn function(&mut self, k: usize) -> String {
        let ret = self.any_type();
        let params: Vec<Ty> = (0..self.rng.range(1, 4)).map(|_| self.any_type()).collect();
        let name = format!("f{k}");
        let attr = *self.rng.pick(&[
            "__device__",
            "__device__ __noinline__",
            "__device__ __forceinline__",
            "static __device__",
        ]);
        self.vars.clear();
        self.arrs.clear();
        let mut sig = Vec::new();
        for (i, &t) in params.iter().enumerate() {
            sig.push(format!("{} p{i}", t.name()));
            self.vars.push(Var {
                name: format!("p{i}"),
                ty: t,
                writable: true,
            });
        }
        let mut body = String::new();
        self.in_kernel = false;
        self.uniform = false;
        self.budget = self.rng.range(2, 8) as i32;
        self.work = 0;
        let n = self.budget;
        self.block(&mut body, 4, n);
        // The block dropped its own declarations; the parameters remain.
        let r = self.value(ret, 3);
        self.spend(text_steps(&r) + LOOP_STEPS);
        self.vars.clear();
        self.funcs.push(Func {
            name: name.clone(),
            ret,
            params,
            cost: self.work,
        });
        format!(
            "{attr} {} {name}({}) {{\n{body}    return {r};\n}}\n\n",
            ret.name(),
            sig.join(", ")
        )
    }

    fn kernel(&mut self) -> String {
        self.vars.clear();
        self.arrs.clear();
        self.in_kernel = true;
        self.uniform = true;
        self.budget = self.rng.range(8, 30) as i32;
        self.work = 0;
        for (name, ty, writable) in [
            ("p0", I32, true),
            ("p1", U32, true),
            ("tid", I32, false),
            ("lane", I32, false),
        ] {
            self.vars.push(Var {
                name: name.into(),
                ty,
                writable,
            });
        }
        let mut body = String::new();
        // The block ends with the checksum of what is in scope.
        let (vars, arrs) = (self.vars.len(), self.arrs.len());
        while self.budget > 0 {
            self.dead_region(&mut body, 4);
            self.stmt(&mut body, 4);
        }
        let checksum = body.len();
        for v in &self.vars {
            let _ = writeln!(body, "    h = mix(h, (unsigned long long)({}));", bits(v));
        }
        for a in &self.arrs {
            let _ = writeln!(
                body,
                "    for (int k = 0; k < {}; k++) h = mix(h, (unsigned long long){}[k]);",
                a.len, a.name
            );
        }
        let arrays: u64 = self.arrs.iter().map(|a| a.len as u64).sum();
        self.spend(text_steps(&body[checksum..]) + arrays * (MIX_STEPS + LOOP_STEPS));
        self.vars.truncate(vars);
        self.arrs.truncate(arrs);
        let mut shared = String::new();
        for t in &self.shared {
            let _ = writeln!(
                shared,
                "    __shared__ {} sh_{}[{BLOCK}];",
                t.name(),
                t.tag()
            );
        }
        format!(
            "__global__ void kernel(unsigned long long *out, const int *in, int p0, unsigned p1, long long *scratch) {{\n\
             {shared}    int tid = blockIdx.x * blockDim.x + threadIdx.x;\n    \
             int lane = threadIdx.x & 31;\n    \
             unsigned long long h = 0xcbf29ce484222325ULL;\n{body}    out[tid] = h;\n}}\n"
        )
    }
}

/// A variable's value, or a float's bits, as an integer.
fn bits(v: &Var) -> String {
    match v.ty {
        F32 => format!("__float_as_uint({})", v.name),
        F64 => format!("__double_as_longlong({})", v.name),
        _ => v.name.clone(),
    }
}

/// An index into an array of `len` from the integer expression `e`.
fn index(e: &str, len: u32) -> String {
    if len.is_power_of_two() {
        format!("({e}) & {}", len - 1)
    } else {
        format!("(unsigned)({e}) % {len}u")
    }
}
