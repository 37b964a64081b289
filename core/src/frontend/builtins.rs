//! The CUDA device built-in functions the compiler knows without a header:
//! their overloads (C types) and what each becomes in IR. This table is the
//! single source for both sema (types, overload choice) and irgen (lowering).

use crate::ir::{AtomicOp, BinOp, FCmp, SyncScope};

pub mod asyncmem;
mod lookup;
mod ptx16;
pub mod texture;
pub use lookup::{ctype, find, get, is_float_atomic_add, overloads, position};
pub use texture::TexOp;

/// The parameter and return types of one overload, in a compact spelling:
/// `c` char, `i` int, `u` unsigned, `t` unsigned short, `l` long long, `y` unsigned long long,
/// `L` long, `m` unsigned long, `f` float,
/// `d` double, `b` bool, `v` void; a leading `*` makes a pointer to the next,
/// a leading `&` a pointer to const (`&d`: `const double *`).
#[derive(Clone, Copy, Debug)]
pub struct Overload {
    pub ret: &'static str,
    pub params: &'static [&'static str],
}

/// What a call of the built-in becomes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Lowering {
    /// A call of this function with the same arguments: an intrinsic
    /// (`llvm.*`) or a libdevice function (`__nv_*`, added by the link stage).
    /// In the name, `{}` stands for the overload's type (`f32`, `f64`,
    /// `i32`, `i64`: `llvm.sqrt.{}`), `{f}` for `f` in a float overload
    /// (`__nv_sin{f}`), and `{ftz}` for `.ftz` under -ftz (NVVM's
    /// flush-to-zero variants: `llvm.nvvm.sin.approx{ftz}.f`).
    Intrinsic(&'static str),
    /// `min`/`max` (`true`): a compare and select for integers (isel
    /// makes it `min.s32`), `llvm.minnum`/`llvm.maxnum` for floats.
    MinMax(bool),
    /// `abs`: a compare and select of the negation for integers (`abs.s32`),
    /// `llvm.fabs` for floats.
    Abs,
    /// `ex2.approx(x * scale)`: `__expf` (scale log2 e), `__exp10f` (log2 10).
    FastExp(f32),
    /// `lg2.approx(x) * scale`: `__logf` (scale ln 2), `__log10f` (log10 2).
    FastLog(f32),
    /// `__powf(x, y)`: `ex2.approx(y * lg2.approx(x))`.
    FastPow,
    /// `__tanf(x)`: `div.approx(sin.approx(x), cos.approx(x))`.
    FastTan,
    /// The bits of the argument as the result type (`__float_as_int`).
    Bitcast,
    /// A C conversion to the result type (`__int2float_rn` is `(float)i`).
    Convert,
    Atomic(AtomicOp, SyncScope),
    /// `atomicSub`: an add of the negated value (PTX has no atom.sub).
    AtomicSub(SyncScope),
    CmpXchg(SyncScope),
    Fence(SyncScope),
    /// `__shfl*_sync(mask, var, lane/delta/mask, width = warpSize)`: the mode
    /// (`down`, `up`, `bfly`, `idx`).
    Shuffle(&'static str),
    /// `__ffs`: position of the least significant set bit, from 1; 0 for 0.
    FindFirstSet,
    /// `__byte_perm(x, y, s)`: `prmt.b32` with the selector masked to
    /// `s & 0x7777`, as nvcc writes it: CUDA's `__byte_perm` reads three
    /// bits of each selector nibble, `prmt`'s default mode takes the fourth
    /// as "replicate the byte's sign".
    BytePerm,
    /// `__funnelshift_l/r(lo, hi, shift)`: `llvm.fshl/fshr(hi, lo, shift)`.
    FunnelShift(&'static str),
    /// GCC's `__builtin_unreachable()`: the block ends in `unreachable`
    /// (nvcc writes nothing for the path).
    Unreachable,
    /// GCC's `__builtin_assume(c)`: a hint only, no code.
    Assume,
    /// Half-precision arithmetic on the bits of a half (`unsigned short`,
    /// what `cuda_fp16.h`'s `__half` holds): IR `half` values in between.
    Half(HalfOp),
    /// `memcpy(d, s, n)` (`false`) and `memset(d, c, n)` (`true`): byte
    /// copies (stores) as NVPTX expands them, whatever the pointers' types —
    /// unrolled for a constant `n` up to 128, else a loop; the result is `d`.
    MemOp(bool),
    /// `__match_any_sync(mask, v)` (`false`) and `__match_all_sync(mask, v,
    /// &pred)` (`true`): `llvm.nvvm.match.{any,all}.sync.i32/i64` on the
    /// value's bits; all's predicate is whether its result is not 0.
    Match(bool),
    /// A texture fetch or a surface read or write (`builtins/texture.rs`):
    /// the first argument is the result's (the value's) address, whose
    /// type picks the instruction's type and lanes.
    Texture(TexOp),
    /// A warp matrix operation (`core/src/wmma.rs`): its last argument is
    /// the constant [`crate::wmma::Wmma::code`] naming it; the fragments
    /// are passed by address.
    Wmma,
    /// `__cvta_generic_to_shared(p)` (`to`: a generic pointer's address in
    /// the space, a `size_t`) and `__cvta_shared_to_generic(a)` (back):
    /// address-space casts, `cvta.to.shared.u64` / `cvta.shared.u64`.
    Cvta {
        to: bool,
        space: u32,
    },
    /// A load or store with a cache operator (`__ldcs`, `__stwt`, …, our
    /// `cuda_runtime.h`): `(dst, src)`, the value's address and the global
    /// pointer for a load, `(ptr, &value)` for a store; the pointee's type
    /// completes the intrinsic's name (`llvm.nvvm.ld.global.cs` +
    /// `.v4.s32`), which is the instruction nvcc writes.
    CacheOp(&'static str),
}

/// What a half-precision built-in does (see [`Lowering::Half`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HalfOp {
    /// `float` → half, rounded to nearest even (`cvt.rn.f16.f32`).
    FromFloat,
    /// half → `float` (exact: `cvt.f32.f16`).
    ToFloat,
    /// `fadd`/`fsub`/`fmul`/`fdiv`; `true`: may be contracted into an fma
    /// (`__hadd`, written `add.f16`), `false`: never (`__hadd_rn`, `add.rn.f16`).
    Arith(BinOp, bool),
    /// `llvm.fma.f16` (`fma.rn.f16`).
    Fma,
    Neg,
    /// A comparison, 1 or 0.
    Compare(FCmp),
}

pub struct Builtin {
    pub name: &'static str,
    pub overloads: &'static [Overload],
    /// The value of a last parameter the call may leave out (`__syncwarp()`'s
    /// full mask, a shuffle's width of warpSize).
    pub trailing_default: Option<i64>,
    pub lowering: Lowering,
}

const fn o(ret: &'static str, params: &'static [&'static str]) -> Overload {
    Overload { ret, params }
}

macro_rules! atomic {
    ($name:literal, $op:expr, $scope:expr, [$($ov:expr),*]) => {
        Builtin { name: $name, overloads: &[$($ov),*], trailing_default: None, lowering: Lowering::Atomic($op, $scope) }
    };
}

const BITS_OVERLOADS: &[Overload] = &[
    o("i", &["*i", "i"]),
    o("u", &["*u", "u"]),
    o("y", &["*y", "y"]),
];
/// `atomicExch` in each scope.
const EXCH_OVERLOADS: &[Overload] = &[
    o("i", &["*i", "i"]),
    o("u", &["*u", "u"]),
    o("y", &["*y", "y"]),
    o("f", &["*f", "f"]),
];
/// `atomicMax`/`atomicMin` in each scope.
const MINMAX_OVERLOADS: &[Overload] = &[
    o("i", &["*i", "i"]),
    o("u", &["*u", "u"]),
    o("l", &["*l", "l"]),
    o("y", &["*y", "y"]),
];
/// `atomicInc`/`atomicDec` in each scope.
const INCDEC_OVERLOADS: &[Overload] = &[o("u", &["*u", "u"])];
/// `atomicCAS` in each scope.
const CAS_OVERLOADS: &[Overload] = &[
    o("i", &["*i", "i", "i"]),
    o("u", &["*u", "u", "u"]),
    o("y", &["*y", "y", "y"]),
];
/// `__match_any_sync(mask, v)` for CUDA's integer and float types.
const MATCH_ANY_OVERLOADS: &[Overload] = &[
    o("u", &["u", "u"]),
    o("u", &["u", "i"]),
    o("u", &["u", "y"]),
    o("u", &["u", "l"]),
    o("u", &["u", "f"]),
    o("u", &["u", "d"]),
];

/// `__match_all_sync(mask, v, &pred)`.
const MATCH_ALL_OVERLOADS: &[Overload] = &[
    o("u", &["u", "u", "*i"]),
    o("u", &["u", "i", "*i"]),
    o("u", &["u", "y", "*i"]),
    o("u", &["u", "l", "*i"]),
    o("u", &["u", "f", "*i"]),
    o("u", &["u", "d", "*i"]),
];

/// `__shfl_*_sync(mask, v, lane, width)` for CUDA's 32- and 64-bit types.
const SHFL_OVERLOADS: &[Overload] = &[
    o("i", &["u", "i", "i", "i"]),
    o("u", &["u", "u", "i", "i"]),
    o("f", &["u", "f", "i", "i"]),
    o("l", &["u", "l", "i", "i"]),
    o("y", &["u", "y", "i", "i"]),
    o("L", &["u", "L", "i", "i"]),
    o("m", &["u", "m", "i", "i"]),
    o("d", &["u", "d", "i", "i"]),
];

macro_rules! math {
    ($name:literal, [$($ov:expr),*], $lowering:expr) => {
        Builtin { name: $name, overloads: &[$($ov),*], trailing_default: None, lowering: $lowering }
    };
}

/// `T f(T)` for double and float (C++'s overloads of `sqrt`, `floor`, …).
const UNARY_FD: &[Overload] = &[o("d", &["d"]), o("f", &["f"])];
const BINARY_FD: &[Overload] = &[o("d", &["d", "d"]), o("f", &["f", "f"])];
const F1: &[Overload] = &[o("f", &["f"])];
const F2: &[Overload] = &[o("f", &["f", "f"])];
const F3: &[Overload] = &[o("f", &["f", "f", "f"])];
const F4: &[Overload] = &[o("f", &["f", "f", "f", "f"])];
const TERNARY_FD: &[Overload] = &[o("d", &["d", "d", "d"]), o("f", &["f", "f", "f"])];
const QUATERNARY_FD: &[Overload] = &[o("d", &["d", "d", "d", "d"]), o("f", &["f", "f", "f", "f"])];
/// `long long f(T)` for double and float (`lround`, `llrint`, …; CUDA's
/// `long` is 64 bits, as `long long`).
const TO_LONG_FD: &[Overload] = &[o("l", &["d"]), o("l", &["f"])];
const D1: &[Overload] = &[o("d", &["d"])];
const D2: &[Overload] = &[o("d", &["d", "d"])];
/// CUDA's `min`/`max`: the integer types (a signed and an unsigned
/// argument give unsigned), float and double.
const MINMAX: &[Overload] = &[
    o("i", &["i", "i"]),
    o("u", &["u", "u"]),
    o("u", &["i", "u"]),
    o("u", &["u", "i"]),
    o("l", &["l", "l"]),
    o("y", &["y", "y"]),
    o("f", &["f", "f"]),
    o("d", &["d", "d"]),
];

/// The math functions PTX has an instruction for (no libdevice needed),
/// spelled as NVRTC's PTX has them (`sqrt.rn.f32`, `cvt.rmi.f32.f32`).
const MATH: &[Builtin] = &[
    math!(
        "sqrtf",
        [o("f", &["f"])],
        Lowering::Intrinsic("llvm.sqrt.f32")
    ),
    Builtin {
        name: "sqrt",
        overloads: UNARY_FD,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.sqrt.{}"),
    },
    Builtin {
        name: "rsqrtf",
        overloads: F1,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.rsqrt.approx{ftz}.f"),
    },
    Builtin {
        name: "fabsf",
        overloads: F1,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.fabs.f32"),
    },
    Builtin {
        name: "fabs",
        overloads: UNARY_FD,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.fabs.{}"),
    },
    Builtin {
        name: "fminf",
        overloads: F2,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.minnum.f32"),
    },
    Builtin {
        name: "fmaxf",
        overloads: F2,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.maxnum.f32"),
    },
    Builtin {
        name: "fmin",
        overloads: BINARY_FD,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.minnum.{}"),
    },
    Builtin {
        name: "fmax",
        overloads: BINARY_FD,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.maxnum.{}"),
    },
    Builtin {
        name: "floorf",
        overloads: F1,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.floor.f32"),
    },
    Builtin {
        name: "ceilf",
        overloads: F1,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.ceil.f32"),
    },
    Builtin {
        name: "truncf",
        overloads: F1,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.trunc.f32"),
    },
    Builtin {
        name: "rintf",
        overloads: F1,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.rint.f32"),
    },
    Builtin {
        name: "nearbyintf",
        overloads: F1,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.rint.f32"),
    },
    Builtin {
        name: "floor",
        overloads: UNARY_FD,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.floor.{}"),
    },
    Builtin {
        name: "ceil",
        overloads: UNARY_FD,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.ceil.{}"),
    },
    Builtin {
        name: "trunc",
        overloads: UNARY_FD,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.trunc.{}"),
    },
    Builtin {
        name: "rint",
        overloads: UNARY_FD,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.rint.{}"),
    },
    Builtin {
        name: "nearbyint",
        overloads: UNARY_FD,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.rint.{}"),
    },
    Builtin {
        name: "fmaf",
        overloads: F3,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.fma.f32"),
    },
    Builtin {
        name: "fma",
        overloads: &[o("d", &["d", "d", "d"]), o("f", &["f", "f", "f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.fma.{}"),
    },
    Builtin {
        name: "copysignf",
        overloads: F2,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.copysign.f32"),
    },
    Builtin {
        name: "copysign",
        overloads: BINARY_FD,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.copysign.{}"),
    },
    Builtin {
        name: "__fdividef",
        overloads: F2,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.div.approx{ftz}.f"),
    },
    Builtin {
        name: "__frcp_rn",
        overloads: F1,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.rcp.rn{ftz}.f"),
    },
    Builtin {
        name: "__fsqrt_rn",
        overloads: F1,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.sqrt.rn{ftz}.f"),
    },
    Builtin {
        name: "__fadd_rn",
        overloads: F2,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.add.rn{ftz}.f"),
    },
    Builtin {
        name: "__fadd_rz",
        overloads: F2,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.add.rz{ftz}.f"),
    },
    Builtin {
        name: "__fadd_ru",
        overloads: F2,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.add.rp{ftz}.f"),
    },
    Builtin {
        name: "__fadd_rd",
        overloads: F2,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.add.rm{ftz}.f"),
    },
    Builtin {
        name: "__fmul_rn",
        overloads: F2,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.mul.rn{ftz}.f"),
    },
    Builtin {
        name: "__fmul_rz",
        overloads: F2,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.mul.rz{ftz}.f"),
    },
    Builtin {
        name: "__fmul_ru",
        overloads: F2,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.mul.rp{ftz}.f"),
    },
    Builtin {
        name: "__fmul_rd",
        overloads: F2,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.mul.rm{ftz}.f"),
    },
    Builtin {
        name: "__fmaf_rn",
        overloads: F3,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.fma.rn{ftz}.f"),
    },
    Builtin {
        name: "__fmaf_rz",
        overloads: F3,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.fma.rz{ftz}.f"),
    },
    Builtin {
        name: "__fmaf_ru",
        overloads: F3,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.fma.rp{ftz}.f"),
    },
    Builtin {
        name: "__fmaf_rd",
        overloads: F3,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.fma.rm{ftz}.f"),
    },
    Builtin {
        name: "__dadd_rn",
        overloads: D2,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.add.rn.d"),
    },
    Builtin {
        name: "__dmul_rn",
        overloads: D2,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.mul.rn.d"),
    },
    Builtin {
        name: "__saturatef",
        overloads: F1,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.saturate{ftz}.f"),
    },
    Builtin {
        name: "__sinf",
        overloads: F1,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.sin.approx{ftz}.f"),
    },
    Builtin {
        name: "__cosf",
        overloads: F1,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.cos.approx{ftz}.f"),
    },
    Builtin {
        name: "__tanf",
        overloads: F1,
        trailing_default: None,
        lowering: Lowering::FastTan,
    },
    Builtin {
        name: "__expf",
        overloads: F1,
        trailing_default: None,
        lowering: Lowering::FastExp(std::f32::consts::LOG2_E),
    },
    Builtin {
        name: "__exp10f",
        overloads: F1,
        trailing_default: None,
        lowering: Lowering::FastExp(std::f32::consts::LOG2_10),
    },
    Builtin {
        name: "__logf",
        overloads: F1,
        trailing_default: None,
        lowering: Lowering::FastLog(std::f32::consts::LN_2),
    },
    Builtin {
        name: "__log2f",
        overloads: F1,
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.lg2.approx{ftz}.f"),
    },
    Builtin {
        name: "__log10f",
        overloads: F1,
        trailing_default: None,
        lowering: Lowering::FastLog(std::f32::consts::LOG10_2),
    },
    Builtin {
        name: "__powf",
        overloads: F2,
        trailing_default: None,
        lowering: Lowering::FastPow,
    },
    Builtin {
        name: "__float2int_rn",
        overloads: &[o("i", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.f2i.rn{ftz}"),
    },
    Builtin {
        name: "__float2int_rz",
        overloads: &[o("i", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.f2i.rz{ftz}"),
    },
    Builtin {
        name: "__float2int_ru",
        overloads: &[o("i", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.f2i.rp{ftz}"),
    },
    Builtin {
        name: "__float2int_rd",
        overloads: &[o("i", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.f2i.rm{ftz}"),
    },
    Builtin {
        name: "__float2uint_rn",
        overloads: &[o("u", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.f2ui.rn{ftz}"),
    },
    Builtin {
        name: "__float2uint_rz",
        overloads: &[o("u", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.f2ui.rz{ftz}"),
    },
    Builtin {
        name: "__int2float_rn",
        overloads: &[o("f", &["i"])],
        trailing_default: None,
        lowering: Lowering::Convert,
    },
    Builtin {
        name: "__uint2float_rn",
        overloads: &[o("f", &["u"])],
        trailing_default: None,
        lowering: Lowering::Convert,
    },
    Builtin {
        name: "__int2double_rn",
        overloads: &[o("d", &["i"])],
        trailing_default: None,
        lowering: Lowering::Convert,
    },
    Builtin {
        name: "__float_as_int",
        overloads: &[o("i", &["f"])],
        trailing_default: None,
        lowering: Lowering::Bitcast,
    },
    Builtin {
        name: "__float_as_uint",
        overloads: &[o("u", &["f"])],
        trailing_default: None,
        lowering: Lowering::Bitcast,
    },
    Builtin {
        name: "__int_as_float",
        overloads: &[o("f", &["i"])],
        trailing_default: None,
        lowering: Lowering::Bitcast,
    },
    Builtin {
        name: "__uint_as_float",
        overloads: &[o("f", &["u"])],
        trailing_default: None,
        lowering: Lowering::Bitcast,
    },
    Builtin {
        name: "__double_as_longlong",
        overloads: &[o("l", &["d"])],
        trailing_default: None,
        lowering: Lowering::Bitcast,
    },
    Builtin {
        name: "__longlong_as_double",
        overloads: &[o("d", &["l"])],
        trailing_default: None,
        lowering: Lowering::Bitcast,
    },
    Builtin {
        name: "min",
        overloads: MINMAX,
        trailing_default: None,
        lowering: Lowering::MinMax(false),
    },
    Builtin {
        name: "max",
        overloads: MINMAX,
        trailing_default: None,
        lowering: Lowering::MinMax(true),
    },
    Builtin {
        name: "umin",
        overloads: &[o("u", &["u", "u"])],
        trailing_default: None,
        lowering: Lowering::MinMax(false),
    },
    Builtin {
        name: "umax",
        overloads: &[o("u", &["u", "u"])],
        trailing_default: None,
        lowering: Lowering::MinMax(true),
    },
    Builtin {
        name: "llmin",
        overloads: &[o("l", &["l", "l"])],
        trailing_default: None,
        lowering: Lowering::MinMax(false),
    },
    Builtin {
        name: "llmax",
        overloads: &[o("l", &["l", "l"])],
        trailing_default: None,
        lowering: Lowering::MinMax(true),
    },
    Builtin {
        name: "abs",
        overloads: &[
            o("i", &["i"]),
            o("l", &["l"]),
            o("f", &["f"]),
            o("d", &["d"]),
        ],
        trailing_default: None,
        lowering: Lowering::Abs,
    },
    Builtin {
        name: "labs",
        overloads: &[o("l", &["l"])],
        trailing_default: None,
        lowering: Lowering::Abs,
    },
    Builtin {
        name: "llabs",
        overloads: &[o("l", &["l"])],
        trailing_default: None,
        lowering: Lowering::Abs,
    },
];

macro_rules! nv {
    ($name:literal, $ovs:expr, $callee:literal) => {
        Builtin {
            name: $name,
            overloads: $ovs,
            trailing_default: None,
            lowering: Lowering::Intrinsic($callee),
        }
    };
}

/// The IEEE operations in a chosen rounding mode beyond those above: one
/// PTX instruction each (`div.rz.f32`, `sqrt.rm.f64`, …); NVVM spells
/// down and up `rm` and `rp`.
const ROUNDED: &[Builtin] = &[
    nv!("__fdiv_rn", F2, "llvm.nvvm.div.rn{ftz}.f"),
    nv!("__fdiv_rz", F2, "llvm.nvvm.div.rz{ftz}.f"),
    nv!("__fdiv_ru", F2, "llvm.nvvm.div.rp{ftz}.f"),
    nv!("__fdiv_rd", F2, "llvm.nvvm.div.rm{ftz}.f"),
    nv!("__frcp_rz", F1, "llvm.nvvm.rcp.rz{ftz}.f"),
    nv!("__frcp_ru", F1, "llvm.nvvm.rcp.rp{ftz}.f"),
    nv!("__frcp_rd", F1, "llvm.nvvm.rcp.rm{ftz}.f"),
    nv!("__fsqrt_rz", F1, "llvm.nvvm.sqrt.rz{ftz}.f"),
    nv!("__fsqrt_ru", F1, "llvm.nvvm.sqrt.rp{ftz}.f"),
    nv!("__fsqrt_rd", F1, "llvm.nvvm.sqrt.rm{ftz}.f"),
    nv!("__dadd_rz", D2, "llvm.nvvm.add.rz.d"),
    nv!("__dadd_ru", D2, "llvm.nvvm.add.rp.d"),
    nv!("__dadd_rd", D2, "llvm.nvvm.add.rm.d"),
    nv!("__dmul_rz", D2, "llvm.nvvm.mul.rz.d"),
    nv!("__dmul_ru", D2, "llvm.nvvm.mul.rp.d"),
    nv!("__dmul_rd", D2, "llvm.nvvm.mul.rm.d"),
    nv!("__ddiv_rn", D2, "llvm.nvvm.div.rn.d"),
    nv!("__ddiv_rz", D2, "llvm.nvvm.div.rz.d"),
    nv!("__ddiv_ru", D2, "llvm.nvvm.div.rp.d"),
    nv!("__ddiv_rd", D2, "llvm.nvvm.div.rm.d"),
    nv!("__drcp_rn", D1, "llvm.nvvm.rcp.rn.d"),
    nv!("__drcp_rz", D1, "llvm.nvvm.rcp.rz.d"),
    nv!("__drcp_ru", D1, "llvm.nvvm.rcp.rp.d"),
    nv!("__drcp_rd", D1, "llvm.nvvm.rcp.rm.d"),
    nv!("__dsqrt_rn", D1, "llvm.nvvm.sqrt.rn.d"),
    nv!("__dsqrt_rz", D1, "llvm.nvvm.sqrt.rz.d"),
    nv!("__dsqrt_ru", D1, "llvm.nvvm.sqrt.rp.d"),
    nv!("__dsqrt_rd", D1, "llvm.nvvm.sqrt.rm.d"),
    nv!("__fsub_rn", F2, "llvm.nvvm.sub.rn{ftz}.f"),
    nv!("__fsub_rz", F2, "llvm.nvvm.sub.rz{ftz}.f"),
    nv!("__fsub_ru", F2, "llvm.nvvm.sub.rp{ftz}.f"),
    nv!("__fsub_rd", F2, "llvm.nvvm.sub.rm{ftz}.f"),
    nv!("__dsub_rn", D2, "llvm.nvvm.sub.rn.d"),
    nv!("__dsub_rz", D2, "llvm.nvvm.sub.rz.d"),
    nv!("__dsub_ru", D2, "llvm.nvvm.sub.rp.d"),
    nv!("__dsub_rd", D2, "llvm.nvvm.sub.rm.d"),
    nv!("__fma_rn", D3, "llvm.nvvm.fma.rn.d"),
    nv!("__fma_rz", D3, "llvm.nvvm.fma.rz.d"),
    nv!("__fma_ru", D3, "llvm.nvvm.fma.rp.d"),
    nv!("__fma_rd", D3, "llvm.nvvm.fma.rm.d"),
    // The IEEE forms ignore -ftz: `fma.rn.f32` whatever the flag.
    nv!("__fmaf_ieee_rn", F3, "llvm.nvvm.fma.rn.f"),
    nv!("__fmaf_ieee_rz", F3, "llvm.nvvm.fma.rz.f"),
    nv!("__fmaf_ieee_ru", F3, "llvm.nvvm.fma.rp.f"),
    nv!("__fmaf_ieee_rd", F3, "llvm.nvvm.fma.rm.f"),
    // `tanh.approx.f32` (sm_75+) has no `.ftz` form.
    nv!("__tanhf", F1, "llvm.nvvm.tanh.approx.f"),
    // A correctly rounded 1/√x: NVIDIA's libdevice sequence (`libdevice/src/lib.rs`).
    nv!("__frsqrt_rn", F1, "__nv_frsqrt_rn"),
    // `fns.b32`: the offset-th set bit of a mask from a base bit.
    nv!("__fns", &[o("u", &["u", "u", "i"])], "llvm.nvvm.fns"),
    // Which space a generic pointer points into (`isspacep.shared`).
    nv!(
        "__isGlobal",
        &[o("u", &["&v"])],
        "llvm.nvvm.isspacep.global"
    ),
    nv!(
        "__isShared",
        &[o("u", &["&v"])],
        "llvm.nvvm.isspacep.shared"
    ),
    nv!(
        "__isConstant",
        &[o("u", &["&v"])],
        "llvm.nvvm.isspacep.const"
    ),
    nv!("__isLocal", &[o("u", &["&v"])], "llvm.nvvm.isspacep.local"),
    Builtin {
        name: "__cvta_generic_to_global",
        overloads: &[o("m", &["&v"])],
        trailing_default: None,
        lowering: Lowering::Cvta {
            to: true,
            space: crate::ir::addrspace::GLOBAL,
        },
    },
    Builtin {
        name: "__cvta_global_to_generic",
        overloads: &[o("*v", &["m"])],
        trailing_default: None,
        lowering: Lowering::Cvta {
            to: false,
            space: crate::ir::addrspace::GLOBAL,
        },
    },
    Builtin {
        name: "__cvta_generic_to_shared",
        overloads: &[o("m", &["&v"])],
        trailing_default: None,
        lowering: Lowering::Cvta {
            to: true,
            space: crate::ir::addrspace::SHARED,
        },
    },
    Builtin {
        name: "__cvta_shared_to_generic",
        overloads: &[o("*v", &["m"])],
        trailing_default: None,
        lowering: Lowering::Cvta {
            to: false,
            space: crate::ir::addrspace::SHARED,
        },
    },
    Builtin {
        name: "__cvta_generic_to_constant",
        overloads: &[o("m", &["&v"])],
        trailing_default: None,
        lowering: Lowering::Cvta {
            to: true,
            space: crate::ir::addrspace::CONST,
        },
    },
    Builtin {
        name: "__cvta_constant_to_generic",
        overloads: &[o("*v", &["m"])],
        trailing_default: None,
        lowering: Lowering::Cvta {
            to: false,
            space: crate::ir::addrspace::CONST,
        },
    },
    Builtin {
        name: "__cvta_generic_to_local",
        overloads: &[o("m", &["&v"])],
        trailing_default: None,
        lowering: Lowering::Cvta {
            to: true,
            space: crate::ir::addrspace::LOCAL,
        },
    },
    Builtin {
        name: "__cvta_local_to_generic",
        overloads: &[o("*v", &["m"])],
        trailing_default: None,
        lowering: Lowering::Cvta {
            to: false,
            space: crate::ir::addrspace::LOCAL,
        },
    },
    // The byte dot products of sm_61 (`dp4a.s32.s32`, `dp2a.hi.u32.u32`):
    // `sm_61_intrinsics.h`'s overloads, vector ones included, are inline
    // functions of `headers/devfns.rs` over these.
    nv!(
        "__ptxlab_dp4a_ss",
        &[o("i", &["i", "i", "i"])],
        "llvm.nvvm.idp4a.s.s"
    ),
    nv!(
        "__ptxlab_dp4a_uu",
        &[o("u", &["u", "u", "u"])],
        "llvm.nvvm.idp4a.u.u"
    ),
    nv!(
        "__ptxlab_dp2a_lo_ss",
        &[o("i", &["i", "i", "i"])],
        "llvm.nvvm.idp2a.lo.s.s"
    ),
    nv!(
        "__ptxlab_dp2a_lo_uu",
        &[o("u", &["u", "u", "u"])],
        "llvm.nvvm.idp2a.lo.u.u"
    ),
    nv!(
        "__ptxlab_dp2a_hi_ss",
        &[o("i", &["i", "i", "i"])],
        "llvm.nvvm.idp2a.hi.s.s"
    ),
    nv!(
        "__ptxlab_dp2a_hi_uu",
        &[o("u", &["u", "u", "u"])],
        "llvm.nvvm.idp2a.hi.u.u"
    ),
];

const D3: &[Overload] = &[o("d", &["d", "d", "d"])];

/// The conversions between floats and integers in a rounding mode beyond
/// the ones above: one `cvt` each (`__double2ll_rz` is `cvt.rzi.s64.f64`).
const CONVERSIONS: &[Builtin] = &[
    nv!("__float2ll_rn", &[o("l", &["f"])], "llvm.nvvm.f2ll.rn{ftz}"),
    nv!(
        "__float2ull_rn",
        &[o("y", &["f"])],
        "llvm.nvvm.f2ull.rn{ftz}"
    ),
    nv!("__double2int_rn", &[o("i", &["d"])], "llvm.nvvm.d2i.rn"),
    nv!("__double2uint_rn", &[o("u", &["d"])], "llvm.nvvm.d2ui.rn"),
    nv!("__double2ll_rn", &[o("l", &["d"])], "llvm.nvvm.d2ll.rn"),
    nv!("__double2ull_rn", &[o("y", &["d"])], "llvm.nvvm.d2ull.rn"),
    nv!(
        "__double2float_rn",
        &[o("f", &["d"])],
        "llvm.nvvm.d2f.rn{ftz}"
    ),
    nv!("__ll2float_rn", &[o("f", &["l"])], "llvm.nvvm.ll2f.rn"),
    nv!("__ull2float_rn", &[o("f", &["y"])], "llvm.nvvm.ull2f.rn"),
    nv!("__ll2double_rn", &[o("d", &["l"])], "llvm.nvvm.ll2d.rn"),
    nv!("__ull2double_rn", &[o("d", &["y"])], "llvm.nvvm.ull2d.rn"),
    nv!("__float2ll_rz", &[o("l", &["f"])], "llvm.nvvm.f2ll.rz{ftz}"),
    nv!(
        "__float2ull_rz",
        &[o("y", &["f"])],
        "llvm.nvvm.f2ull.rz{ftz}"
    ),
    nv!("__double2int_rz", &[o("i", &["d"])], "llvm.nvvm.d2i.rz"),
    nv!("__double2uint_rz", &[o("u", &["d"])], "llvm.nvvm.d2ui.rz"),
    nv!("__double2ll_rz", &[o("l", &["d"])], "llvm.nvvm.d2ll.rz"),
    nv!("__double2ull_rz", &[o("y", &["d"])], "llvm.nvvm.d2ull.rz"),
    nv!(
        "__double2float_rz",
        &[o("f", &["d"])],
        "llvm.nvvm.d2f.rz{ftz}"
    ),
    nv!("__int2float_rz", &[o("f", &["i"])], "llvm.nvvm.i2f.rz"),
    nv!("__uint2float_rz", &[o("f", &["u"])], "llvm.nvvm.ui2f.rz"),
    nv!("__ll2float_rz", &[o("f", &["l"])], "llvm.nvvm.ll2f.rz"),
    nv!("__ull2float_rz", &[o("f", &["y"])], "llvm.nvvm.ull2f.rz"),
    nv!("__ll2double_rz", &[o("d", &["l"])], "llvm.nvvm.ll2d.rz"),
    nv!("__ull2double_rz", &[o("d", &["y"])], "llvm.nvvm.ull2d.rz"),
    nv!(
        "__float2uint_ru",
        &[o("u", &["f"])],
        "llvm.nvvm.f2ui.rp{ftz}"
    ),
    nv!("__float2ll_ru", &[o("l", &["f"])], "llvm.nvvm.f2ll.rp{ftz}"),
    nv!(
        "__float2ull_ru",
        &[o("y", &["f"])],
        "llvm.nvvm.f2ull.rp{ftz}"
    ),
    nv!("__double2int_ru", &[o("i", &["d"])], "llvm.nvvm.d2i.rp"),
    nv!("__double2uint_ru", &[o("u", &["d"])], "llvm.nvvm.d2ui.rp"),
    nv!("__double2ll_ru", &[o("l", &["d"])], "llvm.nvvm.d2ll.rp"),
    nv!("__double2ull_ru", &[o("y", &["d"])], "llvm.nvvm.d2ull.rp"),
    nv!(
        "__double2float_ru",
        &[o("f", &["d"])],
        "llvm.nvvm.d2f.rp{ftz}"
    ),
    nv!("__int2float_ru", &[o("f", &["i"])], "llvm.nvvm.i2f.rp"),
    nv!("__uint2float_ru", &[o("f", &["u"])], "llvm.nvvm.ui2f.rp"),
    nv!("__ll2float_ru", &[o("f", &["l"])], "llvm.nvvm.ll2f.rp"),
    nv!("__ull2float_ru", &[o("f", &["y"])], "llvm.nvvm.ull2f.rp"),
    nv!("__ll2double_ru", &[o("d", &["l"])], "llvm.nvvm.ll2d.rp"),
    nv!("__ull2double_ru", &[o("d", &["y"])], "llvm.nvvm.ull2d.rp"),
    nv!(
        "__float2uint_rd",
        &[o("u", &["f"])],
        "llvm.nvvm.f2ui.rm{ftz}"
    ),
    nv!("__float2ll_rd", &[o("l", &["f"])], "llvm.nvvm.f2ll.rm{ftz}"),
    nv!(
        "__float2ull_rd",
        &[o("y", &["f"])],
        "llvm.nvvm.f2ull.rm{ftz}"
    ),
    nv!("__double2int_rd", &[o("i", &["d"])], "llvm.nvvm.d2i.rm"),
    nv!("__double2uint_rd", &[o("u", &["d"])], "llvm.nvvm.d2ui.rm"),
    nv!("__double2ll_rd", &[o("l", &["d"])], "llvm.nvvm.d2ll.rm"),
    nv!("__double2ull_rd", &[o("y", &["d"])], "llvm.nvvm.d2ull.rm"),
    nv!(
        "__double2float_rd",
        &[o("f", &["d"])],
        "llvm.nvvm.d2f.rm{ftz}"
    ),
    nv!("__int2float_rd", &[o("f", &["i"])], "llvm.nvvm.i2f.rm"),
    nv!("__uint2float_rd", &[o("f", &["u"])], "llvm.nvvm.ui2f.rm"),
    nv!("__ll2float_rd", &[o("f", &["l"])], "llvm.nvvm.ll2f.rm"),
    nv!("__ull2float_rd", &[o("f", &["y"])], "llvm.nvvm.ull2f.rm"),
    nv!("__ll2double_rd", &[o("d", &["l"])], "llvm.nvvm.ll2d.rm"),
    nv!("__ull2double_rd", &[o("d", &["y"])], "llvm.nvvm.ull2d.rm"),
    nv!("__uint2double_rn", &[o("d", &["u"])], "llvm.nvvm.ui2d.rn"),
];

/// The rest of the CUDA math API: calls of libdevice functions (`sinf` is
/// `__nv_sinf`; C++'s `sin(float)` too). The link stage adds the ones
/// libdevice defines and names the others in its error. Entries of
/// `BUILTINS` with the same name come first.
const LIBDEVICE: &[Builtin] = &[
    nv!("sinf", F1, "__nv_sinf"),
    nv!("sin", UNARY_FD, "__nv_sin{f}"),
    nv!("cosf", F1, "__nv_cosf"),
    nv!("cos", UNARY_FD, "__nv_cos{f}"),
    nv!("tanf", F1, "__nv_tanf"),
    nv!("tan", UNARY_FD, "__nv_tan{f}"),
    nv!("expf", F1, "__nv_expf"),
    nv!("exp", UNARY_FD, "__nv_exp{f}"),
    nv!("exp2f", F1, "__nv_exp2f"),
    nv!("exp2", UNARY_FD, "__nv_exp2{f}"),
    nv!("exp10f", F1, "__nv_exp10f"),
    nv!("exp10", UNARY_FD, "__nv_exp10{f}"),
    nv!("expm1f", F1, "__nv_expm1f"),
    nv!("expm1", UNARY_FD, "__nv_expm1{f}"),
    nv!("logf", F1, "__nv_logf"),
    nv!("log", UNARY_FD, "__nv_log{f}"),
    nv!("log2f", F1, "__nv_log2f"),
    nv!("log2", UNARY_FD, "__nv_log2{f}"),
    nv!("log10f", F1, "__nv_log10f"),
    nv!("log10", UNARY_FD, "__nv_log10{f}"),
    nv!("log1pf", F1, "__nv_log1pf"),
    nv!("log1p", UNARY_FD, "__nv_log1p{f}"),
    nv!("erff", F1, "__nv_erff"),
    nv!("erf", UNARY_FD, "__nv_erf{f}"),
    nv!("erfcf", F1, "__nv_erfcf"),
    nv!("erfc", UNARY_FD, "__nv_erfc{f}"),
    nv!("erfinvf", F1, "__nv_erfinvf"),
    nv!("erfinv", UNARY_FD, "__nv_erfinv{f}"),
    nv!("erfcinvf", F1, "__nv_erfcinvf"),
    nv!("erfcinv", UNARY_FD, "__nv_erfcinv{f}"),
    nv!("sinhf", F1, "__nv_sinhf"),
    nv!("sinh", UNARY_FD, "__nv_sinh{f}"),
    nv!("coshf", F1, "__nv_coshf"),
    nv!("cosh", UNARY_FD, "__nv_cosh{f}"),
    nv!("tanhf", F1, "__nv_tanhf"),
    nv!("tanh", UNARY_FD, "__nv_tanh{f}"),
    nv!("asinf", F1, "__nv_asinf"),
    nv!("asin", UNARY_FD, "__nv_asin{f}"),
    nv!("acosf", F1, "__nv_acosf"),
    nv!("acos", UNARY_FD, "__nv_acos{f}"),
    nv!("atanf", F1, "__nv_atanf"),
    nv!("atan", UNARY_FD, "__nv_atan{f}"),
    nv!("asinhf", F1, "__nv_asinhf"),
    nv!("asinh", UNARY_FD, "__nv_asinh{f}"),
    nv!("acoshf", F1, "__nv_acoshf"),
    nv!("acosh", UNARY_FD, "__nv_acosh{f}"),
    nv!("atanhf", F1, "__nv_atanhf"),
    nv!("atanh", UNARY_FD, "__nv_atanh{f}"),
    nv!("cbrtf", F1, "__nv_cbrtf"),
    nv!("cbrt", UNARY_FD, "__nv_cbrt{f}"),
    nv!("rcbrtf", F1, "__nv_rcbrtf"),
    nv!("rcbrt", UNARY_FD, "__nv_rcbrt{f}"),
    nv!("roundf", F1, "__nv_roundf"),
    nv!("round", UNARY_FD, "__nv_round{f}"),
    nv!("lgammaf", F1, "__nv_lgammaf"),
    nv!("lgamma", UNARY_FD, "__nv_lgamma{f}"),
    nv!("tgammaf", F1, "__nv_tgammaf"),
    nv!("tgamma", UNARY_FD, "__nv_tgamma{f}"),
    nv!("sinpif", F1, "__nv_sinpif"),
    nv!("sinpi", UNARY_FD, "__nv_sinpi{f}"),
    nv!("cospif", F1, "__nv_cospif"),
    nv!("cospi", UNARY_FD, "__nv_cospi{f}"),
    nv!("logbf", F1, "__nv_logbf"),
    nv!("logb", UNARY_FD, "__nv_logb{f}"),
    nv!("normcdff", F1, "__nv_normcdff"),
    nv!("normcdf", UNARY_FD, "__nv_normcdf{f}"),
    nv!("normcdfinvf", F1, "__nv_normcdfinvf"),
    nv!("normcdfinv", UNARY_FD, "__nv_normcdfinv{f}"),
    nv!("j0f", F1, "__nv_j0f"),
    nv!("j0", UNARY_FD, "__nv_j0{f}"),
    nv!("j1f", F1, "__nv_j1f"),
    nv!("j1", UNARY_FD, "__nv_j1{f}"),
    nv!("y0f", F1, "__nv_y0f"),
    nv!("y0", UNARY_FD, "__nv_y0{f}"),
    nv!("y1f", F1, "__nv_y1f"),
    nv!("y1", UNARY_FD, "__nv_y1{f}"),
    nv!("cyl_bessel_i0f", F1, "__nv_cyl_bessel_i0f"),
    nv!("cyl_bessel_i0", UNARY_FD, "__nv_cyl_bessel_i0{f}"),
    nv!("cyl_bessel_i1f", F1, "__nv_cyl_bessel_i1f"),
    nv!("cyl_bessel_i1", UNARY_FD, "__nv_cyl_bessel_i1{f}"),
    nv!("jnf", &[o("f", &["i", "f"])], "__nv_jnf"),
    nv!(
        "jn",
        &[o("d", &["i", "d"]), o("f", &["i", "f"])],
        "__nv_jn{f}"
    ),
    nv!("ynf", &[o("f", &["i", "f"])], "__nv_ynf"),
    nv!(
        "yn",
        &[o("d", &["i", "d"]), o("f", &["i", "f"])],
        "__nv_yn{f}"
    ),
    nv!("powf", F2, "__nv_powf"),
    nv!("pow", BINARY_FD, "__nv_pow{f}"),
    nv!("atan2f", F2, "__nv_atan2f"),
    nv!("atan2", BINARY_FD, "__nv_atan2{f}"),
    nv!("hypotf", F2, "__nv_hypotf"),
    nv!("hypot", BINARY_FD, "__nv_hypot{f}"),
    nv!("fmodf", F2, "__nv_fmodf"),
    nv!("fmod", BINARY_FD, "__nv_fmod{f}"),
    nv!("remainderf", F2, "__nv_remainderf"),
    nv!("remainder", BINARY_FD, "__nv_remainder{f}"),
    nv!("fdimf", F2, "__nv_fdimf"),
    nv!("fdim", BINARY_FD, "__nv_fdim{f}"),
    nv!("nextafterf", F2, "__nv_nextafterf"),
    nv!("nextafter", BINARY_FD, "__nv_nextafter{f}"),
    nv!("rsqrt", D1, "__nv_rsqrt"),
    nv!("rhypotf", F2, "__nv_rhypotf"),
    nv!("rhypot", BINARY_FD, "__nv_rhypot{f}"),
    nv!("sincosf", &[o("v", &["f", "*f", "*f"])], "__nv_sincosf"),
    nv!(
        "sincos",
        &[o("v", &["d", "*d", "*d"]), o("v", &["f", "*f", "*f"])],
        "__nv_sincos{f}"
    ),
    nv!("sincospif", &[o("v", &["f", "*f", "*f"])], "__nv_sincospif"),
    nv!(
        "sincospi",
        &[o("v", &["d", "*d", "*d"]), o("v", &["f", "*f", "*f"])],
        "__nv_sincospi{f}"
    ),
    nv!("ldexpf", &[o("f", &["f", "i"])], "__nv_ldexpf"),
    nv!(
        "ldexp",
        &[o("d", &["d", "i"]), o("f", &["f", "i"])],
        "__nv_ldexp{f}"
    ),
    nv!("scalbnf", &[o("f", &["f", "i"])], "__nv_scalbnf"),
    nv!(
        "scalbn",
        &[o("d", &["d", "i"]), o("f", &["f", "i"])],
        "__nv_scalbn{f}"
    ),
    nv!("frexpf", &[o("f", &["f", "*i"])], "__nv_frexpf"),
    nv!(
        "frexp",
        &[o("d", &["d", "*i"]), o("f", &["f", "*i"])],
        "__nv_frexp{f}"
    ),
    nv!("modff", &[o("f", &["f", "*f"])], "__nv_modff"),
    nv!(
        "modf",
        &[o("d", &["d", "*d"]), o("f", &["f", "*f"])],
        "__nv_modf{f}"
    ),
    nv!("ilogbf", &[o("i", &["f"])], "__nv_ilogbf"),
    nv!("ilogb", &[o("i", &["d"]), o("i", &["f"])], "__nv_ilogb{f}"),
    nv!("__double2hiint", &[o("i", &["d"])], "__nv_double2hiint"),
    nv!("__double2loint", &[o("i", &["d"])], "__nv_double2loint"),
    nv!(
        "__hiloint2double",
        &[o("d", &["i", "i"])],
        "__nv_hiloint2double"
    ),
    nv!("normf", &[o("f", &["i", "&f"])], "__nv_normf"),
    nv!("norm", &[o("d", &["i", "&d"])], "__nv_norm"),
    nv!("rnormf", &[o("f", &["i", "&f"])], "__nv_rnormf"),
    nv!("rnorm", &[o("d", &["i", "&d"])], "__nv_rnorm"),
    nv!("norm3df", F3, "__nv_norm3df"),
    nv!("norm3d", TERNARY_FD, "__nv_norm3d{f}"),
    nv!("norm4df", F4, "__nv_norm4df"),
    nv!("norm4d", QUATERNARY_FD, "__nv_norm4d{f}"),
    nv!("rnorm3df", F3, "__nv_rnorm3df"),
    nv!("rnorm3d", TERNARY_FD, "__nv_rnorm3d{f}"),
    nv!("rnorm4df", F4, "__nv_rnorm4df"),
    nv!("rnorm4d", QUATERNARY_FD, "__nv_rnorm4d{f}"),
    nv!("erfcxf", F1, "__nv_erfcxf"),
    nv!("erfcx", UNARY_FD, "__nv_erfcx{f}"),
    nv!("lroundf", &[o("l", &["f"])], "__nv_lroundf"),
    nv!("lround", TO_LONG_FD, "__nv_lround{f}"),
    nv!("llroundf", &[o("l", &["f"])], "__nv_llroundf"),
    nv!("llround", TO_LONG_FD, "__nv_llround{f}"),
    nv!("lrintf", &[o("l", &["f"])], "__nv_lrintf"),
    nv!("lrint", TO_LONG_FD, "__nv_lrint{f}"),
    nv!("llrintf", &[o("l", &["f"])], "__nv_llrintf"),
    nv!("llrint", TO_LONG_FD, "__nv_llrint{f}"),
    nv!("remquof", &[o("f", &["f", "f", "*i"])], "__nv_remquof"),
    nv!(
        "remquo",
        &[o("d", &["d", "d", "*i"]), o("f", &["f", "f", "*i"])],
        "__nv_remquo{f}"
    ),
];

/// Every built-in function. Atomics come in device, `_block` and `_system` scopes.
pub const BUILTINS: &[Builtin] = &[
    // The C library's byte operations (CUDA's device memcpy/memset).
    Builtin {
        name: "memcpy",
        overloads: &[o("*v", &["*v", "&v", "y"])],
        trailing_default: None,
        lowering: Lowering::MemOp(false),
    },
    Builtin {
        name: "memset",
        overloads: &[o("*v", &["*v", "i", "y"])],
        trailing_default: None,
        lowering: Lowering::MemOp(true),
    },
    // NVVM's builtins for libdevice's own source (clang's spellings).
    Builtin {
        name: "__nvvm_bitcast_f2i",
        overloads: &[o("i", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.bitcast.f2i"),
    },
    Builtin {
        name: "__nvvm_bitcast_i2f",
        overloads: &[o("f", &["i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.bitcast.i2f"),
    },
    Builtin {
        name: "__nvvm_fma_rn_f",
        overloads: &[o("f", &["f", "f", "f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.fma.f32"),
    },
    Builtin {
        name: "__nvvm_rint_f",
        overloads: &[o("f", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.rint.f32"),
    },
    Builtin {
        name: "__nvvm_fabs_f",
        overloads: &[o("f", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.fabs.f32"),
    },
    Builtin {
        name: "__nvvm_ex2_approx_f",
        overloads: &[o("f", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.ex2.approx.f"),
    },
    Builtin {
        name: "__nvvm_ex2_approx_ftz_f",
        overloads: &[o("f", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.ex2.approx.ftz.f"),
    },
    Builtin {
        name: "__nvvm_lg2_approx_f",
        overloads: &[o("f", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.lg2.approx.f"),
    },
    Builtin {
        name: "__nvvm_lg2_approx_ftz_f",
        overloads: &[o("f", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.lg2.approx.ftz.f"),
    },
    // cuRAND's Poisson draws (`headers/curand.rs`).
    nv!(
        "__nvvm_rsqrt_approx_ftz_f",
        &[o("f", &["f"])],
        "llvm.nvvm.rsqrt.approx.ftz.f"
    ),
    nv!(
        "__nvvm_rcp_approx_ftz_f",
        &[o("f", &["f"])],
        "llvm.nvvm.rcp.approx.ftz.f"
    ),
    // The double forms libdevice's double functions use.
    nv!(
        "__nvvm_fma_rn_d",
        &[o("d", &["d", "d", "d"])],
        "llvm.fma.f64"
    ),
    nv!("__nvvm_rint_d", D1, "llvm.rint.f64"),
    nv!("__nvvm_fabs_d", D1, "llvm.fabs.f64"),
    nv!("__nvvm_floor_d", D1, "llvm.floor.f64"),
    nv!("__nvvm_ceil_d", D1, "llvm.ceil.f64"),
    nv!("__nvvm_trunc_d", D1, "llvm.trunc.f64"),
    nv!("__nvvm_sqrt_rn_d", D1, "llvm.nvvm.sqrt.rn.d"),
    nv!("__nvvm_rsqrt_approx_d", D1, "llvm.nvvm.rsqrt.approx.d"),
    nv!("__nvvm_rcp_approx_ftz_d", D1, "llvm.nvvm.rcp.approx.ftz.d"),
    nv!("__nvvm_fmin_d", D2, "llvm.minnum.f64"),
    nv!("__nvvm_fmax_d", D2, "llvm.maxnum.f64"),
    Builtin {
        name: "__nvvm_bitcast_d2ll",
        overloads: &[o("l", &["d"])],
        trailing_default: None,
        lowering: Lowering::Bitcast,
    },
    Builtin {
        name: "__nvvm_bitcast_ll2d",
        overloads: &[o("d", &["l"])],
        trailing_default: None,
        lowering: Lowering::Bitcast,
    },
    Builtin {
        name: "__nvvm_reflect",
        overloads: &[o("i", &["*c"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("__nvvm_reflect"),
    },
    Builtin {
        name: "__syncthreads",
        overloads: &[o("v", &[])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.barrier0"),
    },
    // `barrier.sync id`, the barrier without `.aligned` (cooperative
    // groups' block sync, as CUDA's headers write it).
    Builtin {
        name: "__barrier_sync",
        overloads: &[o("v", &["u"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.barrier.sync"),
    },
    // `%laneid` (clang's builtin).
    Builtin {
        name: "__nvvm_read_ptx_sreg_laneid",
        overloads: &[o("i", &[])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.read.ptx.sreg.laneid"),
    },
    Builtin {
        name: "__syncthreads_count",
        overloads: &[o("i", &["i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.barrier0.popc"),
    },
    Builtin {
        name: "__syncthreads_and",
        overloads: &[o("i", &["i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.barrier0.and"),
    },
    Builtin {
        name: "__syncthreads_or",
        overloads: &[o("i", &["i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.barrier0.or"),
    },
    Builtin {
        name: "__syncwarp",
        overloads: &[o("v", &["u"])],
        trailing_default: Some(0xffff_ffff),
        lowering: Lowering::Intrinsic("llvm.nvvm.bar.warp.sync"),
    },
    Builtin {
        name: "__threadfence",
        overloads: &[o("v", &[])],
        trailing_default: None,
        lowering: Lowering::Fence(SyncScope::Device),
    },
    Builtin {
        name: "__threadfence_block",
        overloads: &[o("v", &[])],
        trailing_default: None,
        lowering: Lowering::Fence(SyncScope::Block),
    },
    Builtin {
        name: "__threadfence_system",
        overloads: &[o("v", &[])],
        trailing_default: None,
        lowering: Lowering::Fence(SyncScope::System),
    },
    atomic!(
        "atomicAdd",
        AtomicOp::Add,
        SyncScope::Device,
        [
            o("i", &["*i", "i"]),
            o("u", &["*u", "u"]),
            o("y", &["*y", "y"])
        ]
    ),
    atomic!(
        "atomicAdd_block",
        AtomicOp::Add,
        SyncScope::Block,
        [
            o("i", &["*i", "i"]),
            o("u", &["*u", "u"]),
            o("y", &["*y", "y"])
        ]
    ),
    atomic!(
        "atomicAdd_system",
        AtomicOp::Add,
        SyncScope::System,
        [
            o("i", &["*i", "i"]),
            o("u", &["*u", "u"]),
            o("y", &["*y", "y"])
        ]
    ),
    Builtin {
        name: "atomicSub",
        overloads: &[o("i", &["*i", "i"]), o("u", &["*u", "u"])],
        trailing_default: None,
        lowering: Lowering::AtomicSub(SyncScope::Device),
    },
    Builtin {
        name: "atomicSub_block",
        overloads: &[o("i", &["*i", "i"]), o("u", &["*u", "u"])],
        trailing_default: None,
        lowering: Lowering::AtomicSub(SyncScope::Block),
    },
    Builtin {
        name: "atomicSub_system",
        overloads: &[o("i", &["*i", "i"]), o("u", &["*u", "u"])],
        trailing_default: None,
        lowering: Lowering::AtomicSub(SyncScope::System),
    },
    Builtin {
        name: "atomicExch",
        overloads: EXCH_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Xchg, SyncScope::Device),
    },
    Builtin {
        name: "atomicExch_block",
        overloads: EXCH_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Xchg, SyncScope::Block),
    },
    Builtin {
        name: "atomicExch_system",
        overloads: EXCH_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Xchg, SyncScope::System),
    },
    Builtin {
        name: "atomicMax",
        overloads: MINMAX_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Max, SyncScope::Device),
    },
    Builtin {
        name: "atomicMin",
        overloads: MINMAX_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Min, SyncScope::Device),
    },
    Builtin {
        name: "atomicMax_block",
        overloads: MINMAX_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Max, SyncScope::Block),
    },
    Builtin {
        name: "atomicMin_block",
        overloads: MINMAX_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Min, SyncScope::Block),
    },
    Builtin {
        name: "atomicMax_system",
        overloads: MINMAX_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Max, SyncScope::System),
    },
    Builtin {
        name: "atomicMin_system",
        overloads: MINMAX_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Min, SyncScope::System),
    },
    Builtin {
        name: "atomicInc",
        overloads: INCDEC_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::UIncWrap, SyncScope::Device),
    },
    Builtin {
        name: "atomicDec",
        overloads: INCDEC_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::UDecWrap, SyncScope::Device),
    },
    Builtin {
        name: "atomicInc_block",
        overloads: INCDEC_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::UIncWrap, SyncScope::Block),
    },
    Builtin {
        name: "atomicDec_block",
        overloads: INCDEC_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::UDecWrap, SyncScope::Block),
    },
    Builtin {
        name: "atomicInc_system",
        overloads: INCDEC_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::UIncWrap, SyncScope::System),
    },
    Builtin {
        name: "atomicDec_system",
        overloads: INCDEC_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::UDecWrap, SyncScope::System),
    },
    Builtin {
        name: "atomicAnd",
        overloads: BITS_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::And, SyncScope::Device),
    },
    Builtin {
        name: "atomicOr",
        overloads: BITS_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Or, SyncScope::Device),
    },
    Builtin {
        name: "atomicXor",
        overloads: BITS_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Xor, SyncScope::Device),
    },
    Builtin {
        name: "atomicAnd_block",
        overloads: BITS_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::And, SyncScope::Block),
    },
    Builtin {
        name: "atomicOr_block",
        overloads: BITS_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Or, SyncScope::Block),
    },
    Builtin {
        name: "atomicXor_block",
        overloads: BITS_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Xor, SyncScope::Block),
    },
    Builtin {
        name: "atomicAnd_system",
        overloads: BITS_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::And, SyncScope::System),
    },
    Builtin {
        name: "atomicOr_system",
        overloads: BITS_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Or, SyncScope::System),
    },
    Builtin {
        name: "atomicXor_system",
        overloads: BITS_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Xor, SyncScope::System),
    },
    Builtin {
        name: "atomicCAS",
        overloads: CAS_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::CmpXchg(SyncScope::Device),
    },
    Builtin {
        name: "atomicCAS_block",
        overloads: CAS_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::CmpXchg(SyncScope::Block),
    },
    Builtin {
        name: "atomicCAS_system",
        overloads: CAS_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::CmpXchg(SyncScope::System),
    },
    Builtin {
        name: "__ballot_sync",
        overloads: &[o("u", &["u", "i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.vote.ballot.sync"),
    },
    Builtin {
        name: "__any_sync",
        overloads: &[o("i", &["u", "i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.vote.any.sync"),
    },
    Builtin {
        name: "__all_sync",
        overloads: &[o("i", &["u", "i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.vote.all.sync"),
    },
    Builtin {
        name: "__f16_from_float_rn",
        overloads: &[o("t", &["f"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::FromFloat),
    },
    Builtin {
        name: "__f16_to_float",
        overloads: &[o("f", &["t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::ToFloat),
    },
    Builtin {
        name: "__f16_add",
        overloads: &[o("t", &["t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Arith(BinOp::FAdd, true)),
    },
    Builtin {
        name: "__f16_add_rn",
        overloads: &[o("t", &["t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Arith(BinOp::FAdd, false)),
    },
    Builtin {
        name: "__f16_sub",
        overloads: &[o("t", &["t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Arith(BinOp::FSub, true)),
    },
    Builtin {
        name: "__f16_sub_rn",
        overloads: &[o("t", &["t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Arith(BinOp::FSub, false)),
    },
    Builtin {
        name: "__f16_mul",
        overloads: &[o("t", &["t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Arith(BinOp::FMul, true)),
    },
    Builtin {
        name: "__f16_mul_rn",
        overloads: &[o("t", &["t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Arith(BinOp::FMul, false)),
    },
    Builtin {
        name: "__f16_div",
        overloads: &[o("t", &["t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Arith(BinOp::FDiv, false)),
    },
    Builtin {
        name: "__f16_fma",
        overloads: &[o("t", &["t", "t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Fma),
    },
    Builtin {
        name: "__f16_neg",
        overloads: &[o("t", &["t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Neg),
    },
    Builtin {
        name: "__f16_eq",
        overloads: &[o("i", &["t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Compare(FCmp::Oeq)),
    },
    Builtin {
        name: "__f16_ne",
        overloads: &[o("i", &["t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Compare(FCmp::One)),
    },
    Builtin {
        name: "__f16_lt",
        overloads: &[o("i", &["t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Compare(FCmp::Olt)),
    },
    Builtin {
        name: "__f16_le",
        overloads: &[o("i", &["t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Compare(FCmp::Ole)),
    },
    Builtin {
        name: "__f16_gt",
        overloads: &[o("i", &["t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Compare(FCmp::Ogt)),
    },
    Builtin {
        name: "__f16_ge",
        overloads: &[o("i", &["t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Compare(FCmp::Oge)),
    },
    Builtin {
        name: "__f16_equ",
        overloads: &[o("i", &["t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Compare(FCmp::Ueq)),
    },
    Builtin {
        name: "__f16_neu",
        overloads: &[o("i", &["t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Compare(FCmp::Une)),
    },
    Builtin {
        name: "__f16_ltu",
        overloads: &[o("i", &["t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Compare(FCmp::Ult)),
    },
    Builtin {
        name: "__f16_leu",
        overloads: &[o("i", &["t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Compare(FCmp::Ule)),
    },
    Builtin {
        name: "__f16_gtu",
        overloads: &[o("i", &["t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Compare(FCmp::Ugt)),
    },
    Builtin {
        name: "__f16_geu",
        overloads: &[o("i", &["t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Compare(FCmp::Uge)),
    },
    Builtin {
        name: "__f16_isnan",
        overloads: &[o("i", &["t", "t"])],
        trailing_default: None,
        lowering: Lowering::Half(HalfOp::Compare(FCmp::Uno)),
    },
    Builtin {
        name: "__match_any_sync",
        overloads: MATCH_ANY_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Match(false),
    },
    Builtin {
        name: "__match_all_sync",
        overloads: MATCH_ALL_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Match(true),
    },
    // `redux.sync` (sm_80; clang's builtins: value, then mask), under
    // the runtime header's `__reduce_*_sync`.
    Builtin {
        name: "__nvvm_redux_sync_add",
        overloads: &[o("i", &["i", "i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.redux.sync.add"),
    },
    Builtin {
        name: "__nvvm_redux_sync_min",
        overloads: &[o("i", &["i", "i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.redux.sync.min"),
    },
    Builtin {
        name: "__nvvm_redux_sync_umin",
        overloads: &[o("i", &["i", "i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.redux.sync.umin"),
    },
    Builtin {
        name: "__nvvm_redux_sync_max",
        overloads: &[o("i", &["i", "i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.redux.sync.max"),
    },
    Builtin {
        name: "__nvvm_redux_sync_umax",
        overloads: &[o("i", &["i", "i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.redux.sync.umax"),
    },
    Builtin {
        name: "__nvvm_redux_sync_and",
        overloads: &[o("i", &["i", "i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.redux.sync.and"),
    },
    Builtin {
        name: "__nvvm_redux_sync_or",
        overloads: &[o("i", &["i", "i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.redux.sync.or"),
    },
    Builtin {
        name: "__nvvm_redux_sync_xor",
        overloads: &[o("i", &["i", "i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.redux.sync.xor"),
    },
    Builtin {
        name: "__activemask",
        overloads: &[o("u", &[])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.activemask"),
    },
    Builtin {
        name: "__shfl_sync",
        overloads: SHFL_OVERLOADS,
        trailing_default: Some(32),
        lowering: Lowering::Shuffle("idx"),
    },
    Builtin {
        name: "__shfl_up_sync",
        overloads: SHFL_OVERLOADS,
        trailing_default: Some(32),
        lowering: Lowering::Shuffle("up"),
    },
    Builtin {
        name: "__shfl_down_sync",
        overloads: SHFL_OVERLOADS,
        trailing_default: Some(32),
        lowering: Lowering::Shuffle("down"),
    },
    Builtin {
        name: "__shfl_xor_sync",
        overloads: SHFL_OVERLOADS,
        trailing_default: Some(32),
        lowering: Lowering::Shuffle("bfly"),
    },
    Builtin {
        name: "clock",
        overloads: &[o("i", &[])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.read.ptx.sreg.clock"),
    },
    Builtin {
        name: "clock64",
        overloads: &[o("l", &[])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.read.ptx.sreg.clock64"),
    },
    Builtin {
        name: "__popc",
        overloads: &[o("i", &["u"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.ctpop.i32"),
    },
    Builtin {
        name: "__popcll",
        overloads: &[o("i", &["y"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.ctpop.i64"),
    },
    Builtin {
        name: "__clz",
        overloads: &[o("i", &["i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.ctlz.i32"),
    },
    Builtin {
        name: "__clzll",
        overloads: &[o("i", &["l"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.ctlz.i64"),
    },
    Builtin {
        name: "__brev",
        overloads: &[o("u", &["u"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.bitreverse.i32"),
    },
    Builtin {
        name: "__brevll",
        overloads: &[o("y", &["y"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.bitreverse.i64"),
    },
    Builtin {
        name: "__ffs",
        overloads: &[o("i", &["i"])],
        trailing_default: None,
        lowering: Lowering::FindFirstSet,
    },
    Builtin {
        name: "__ffsll",
        overloads: &[o("i", &["l"])],
        trailing_default: None,
        lowering: Lowering::FindFirstSet,
    },
    Builtin {
        name: "__mul24",
        overloads: &[o("i", &["i", "i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.mul24.i"),
    },
    Builtin {
        name: "__umul24",
        overloads: &[o("u", &["u", "u"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.mul24.ui"),
    },
    Builtin {
        name: "__mulhi",
        overloads: &[o("i", &["i", "i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.mulhi.i"),
    },
    Builtin {
        name: "__umulhi",
        overloads: &[o("u", &["u", "u"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.mulhi.ui"),
    },
    Builtin {
        name: "__mul64hi",
        overloads: &[o("l", &["l", "l"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.mulhi.ll"),
    },
    Builtin {
        name: "__umul64hi",
        overloads: &[o("y", &["y", "y"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.mulhi.ull"),
    },
    // clang's `__nvvm_prmt`: the raw `prmt.b32`, whose default mode reads
    // a selector nibble's bit 3 as "replicate the byte's sign" (our
    // libdevice's SIMD lane masks, `0xbb99`/`0xba98`).
    Builtin {
        name: "__nvvm_prmt",
        overloads: &[o("u", &["u", "u", "u"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.prmt"),
    },
    Builtin {
        name: "__byte_perm",
        overloads: &[o("u", &["u", "u", "u"])],
        trailing_default: None,
        lowering: Lowering::BytePerm,
    },
    Builtin {
        name: "__sad",
        overloads: &[o("u", &["i", "i", "u"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.sad.i"),
    },
    Builtin {
        name: "__usad",
        overloads: &[o("u", &["u", "u", "u"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.sad.ui"),
    },
    // GCC's hints: `__builtin_expect(x, c)` is `x`.
    Builtin {
        name: "__builtin_expect",
        overloads: &[o("L", &["L", "L"])],
        trailing_default: None,
        lowering: Lowering::Convert,
    },
    Builtin {
        name: "__builtin_unreachable",
        overloads: &[o("v", &[])],
        trailing_default: None,
        lowering: Lowering::Unreachable,
    },
    Builtin {
        name: "__builtin_assume",
        overloads: &[o("v", &["b"])],
        trailing_default: None,
        lowering: Lowering::Assume,
    },
    Builtin {
        name: "__funnelshift_l",
        overloads: &[o("u", &["u", "u", "u"])],
        trailing_default: None,
        lowering: Lowering::FunnelShift("llvm.fshl.i32"),
    },
    Builtin {
        name: "__funnelshift_r",
        overloads: &[o("u", &["u", "u", "u"])],
        trailing_default: None,
        lowering: Lowering::FunnelShift("llvm.fshr.i32"),
    },
];

/// The SIMD video functions (`__vadd2`, `__vmaxs4`, …): calls of their
/// libdevice definitions (`libdevice/src/simd.rs`), inlined as nvcc does.
const SIMD: &[Builtin] = {
    const U1: &[Overload] = &[o("u", &["u"])];
    const U2: &[Overload] = &[o("u", &["u", "u"])];
    &[
        nv!("__vabs2", U1, "__nv_vabs2"),
        nv!("__vabs4", U1, "__nv_vabs4"),
        nv!("__vabsdiffs2", U2, "__nv_vabsdiffs2"),
        nv!("__vabsdiffs4", U2, "__nv_vabsdiffs4"),
        nv!("__vabsdiffu2", U2, "__nv_vabsdiffu2"),
        nv!("__vabsdiffu4", U2, "__nv_vabsdiffu4"),
        nv!("__vabsss2", U1, "__nv_vabsss2"),
        nv!("__vabsss4", U1, "__nv_vabsss4"),
        nv!("__vadd2", U2, "__nv_vadd2"),
        nv!("__vadd4", U2, "__nv_vadd4"),
        nv!("__vaddss2", U2, "__nv_vaddss2"),
        nv!("__vaddss4", U2, "__nv_vaddss4"),
        nv!("__vaddus2", U2, "__nv_vaddus2"),
        nv!("__vaddus4", U2, "__nv_vaddus4"),
        nv!("__vavgs2", U2, "__nv_vavgs2"),
        nv!("__vavgs4", U2, "__nv_vavgs4"),
        nv!("__vavgu2", U2, "__nv_vavgu2"),
        nv!("__vavgu4", U2, "__nv_vavgu4"),
        nv!("__vcmpeq2", U2, "__nv_vcmpeq2"),
        nv!("__vcmpeq4", U2, "__nv_vcmpeq4"),
        nv!("__vcmpges2", U2, "__nv_vcmpges2"),
        nv!("__vcmpges4", U2, "__nv_vcmpges4"),
        nv!("__vcmpgeu2", U2, "__nv_vcmpgeu2"),
        nv!("__vcmpgeu4", U2, "__nv_vcmpgeu4"),
        nv!("__vcmpgts2", U2, "__nv_vcmpgts2"),
        nv!("__vcmpgts4", U2, "__nv_vcmpgts4"),
        nv!("__vcmpgtu2", U2, "__nv_vcmpgtu2"),
        nv!("__vcmpgtu4", U2, "__nv_vcmpgtu4"),
        nv!("__vcmples2", U2, "__nv_vcmples2"),
        nv!("__vcmples4", U2, "__nv_vcmples4"),
        nv!("__vcmpleu2", U2, "__nv_vcmpleu2"),
        nv!("__vcmpleu4", U2, "__nv_vcmpleu4"),
        nv!("__vcmplts2", U2, "__nv_vcmplts2"),
        nv!("__vcmplts4", U2, "__nv_vcmplts4"),
        nv!("__vcmpltu2", U2, "__nv_vcmpltu2"),
        nv!("__vcmpltu4", U2, "__nv_vcmpltu4"),
        nv!("__vcmpne2", U2, "__nv_vcmpne2"),
        nv!("__vcmpne4", U2, "__nv_vcmpne4"),
        nv!("__vhaddu2", U2, "__nv_vhaddu2"),
        nv!("__vhaddu4", U2, "__nv_vhaddu4"),
        nv!("__vmaxs2", U2, "__nv_vmaxs2"),
        nv!("__vmaxs4", U2, "__nv_vmaxs4"),
        nv!("__vmaxu2", U2, "__nv_vmaxu2"),
        nv!("__vmaxu4", U2, "__nv_vmaxu4"),
        nv!("__vmins2", U2, "__nv_vmins2"),
        nv!("__vmins4", U2, "__nv_vmins4"),
        nv!("__vminu2", U2, "__nv_vminu2"),
        nv!("__vminu4", U2, "__nv_vminu4"),
        nv!("__vneg2", U1, "__nv_vneg2"),
        nv!("__vneg4", U1, "__nv_vneg4"),
        nv!("__vnegss2", U1, "__nv_vnegss2"),
        nv!("__vnegss4", U1, "__nv_vnegss4"),
        nv!("__vsads2", U2, "__nv_vsads2"),
        nv!("__vsads4", U2, "__nv_vsads4"),
        nv!("__vsadu2", U2, "__nv_vsadu2"),
        nv!("__vsadu4", U2, "__nv_vsadu4"),
        nv!("__vseteq2", U2, "__nv_vseteq2"),
        nv!("__vseteq4", U2, "__nv_vseteq4"),
        nv!("__vsetges2", U2, "__nv_vsetges2"),
        nv!("__vsetges4", U2, "__nv_vsetges4"),
        nv!("__vsetgeu2", U2, "__nv_vsetgeu2"),
        nv!("__vsetgeu4", U2, "__nv_vsetgeu4"),
        nv!("__vsetgts2", U2, "__nv_vsetgts2"),
        nv!("__vsetgts4", U2, "__nv_vsetgts4"),
        nv!("__vsetgtu2", U2, "__nv_vsetgtu2"),
        nv!("__vsetgtu4", U2, "__nv_vsetgtu4"),
        nv!("__vsetles2", U2, "__nv_vsetles2"),
        nv!("__vsetles4", U2, "__nv_vsetles4"),
        nv!("__vsetleu2", U2, "__nv_vsetleu2"),
        nv!("__vsetleu4", U2, "__nv_vsetleu4"),
        nv!("__vsetlts2", U2, "__nv_vsetlts2"),
        nv!("__vsetlts4", U2, "__nv_vsetlts4"),
        nv!("__vsetltu2", U2, "__nv_vsetltu2"),
        nv!("__vsetltu4", U2, "__nv_vsetltu4"),
        nv!("__vsetne2", U2, "__nv_vsetne2"),
        nv!("__vsetne4", U2, "__nv_vsetne4"),
        nv!("__vsub2", U2, "__nv_vsub2"),
        nv!("__vsub4", U2, "__nv_vsub4"),
        nv!("__vsubss2", U2, "__nv_vsubss2"),
        nv!("__vsubss4", U2, "__nv_vsubss4"),
        nv!("__vsubus2", U2, "__nv_vsubus2"),
        nv!("__vsubus4", U2, "__nv_vsubus4"),
    ]
};

/// `atomicAdd` on floats is a floating-point add (`atomicrmw fadd`): its overloads.
pub const ATOMIC_FADD: &[Overload] = &[o("f", &["*f", "f"]), o("d", &["*d", "d"])];

/// Every built-in: `BUILTINS`, the rounded operations, then the math functions.
pub fn all() -> impl Iterator<Item = &'static Builtin> {
    BUILTINS
        .iter()
        .chain(ROUNDED)
        .chain(CONVERSIONS)
        .chain(MATH)
        .chain(LIBDEVICE)
        .chain(SIMD)
        .chain(ptx16::PTX16)
        .chain(texture::BUILTINS)
        .chain(asyncmem::BUILTINS)
        .chain(WMMA)
        .chain(CACHE_OPS)
}

/// The warp matrix built-ins `mma.h` calls (its own text,
/// `headers/wmma.rs`): load a fragment from memory (fragment, address,
/// leading dimension, code), store one (address, fragment, leading
/// dimension, code), and `mma` (D, A, B, C, code).
const WMMA: &[Builtin] = &[
    Builtin {
        name: "__ptxlab_wmma_load",
        overloads: &[o("v", &["*v", "&v", "u", "u"])],
        trailing_default: None,
        lowering: Lowering::Wmma,
    },
    Builtin {
        name: "__ptxlab_wmma_store",
        overloads: &[o("v", &["*v", "&v", "u", "u"])],
        trailing_default: None,
        lowering: Lowering::Wmma,
    },
    Builtin {
        name: "__ptxlab_wmma_mma",
        overloads: &[o("v", &["*v", "&v", "&v", "&v", "u"])],
        trailing_default: None,
        lowering: Lowering::Wmma,
    },
];

macro_rules! cache_op {
    ($name:literal, $intrinsic:literal) => {
        Builtin {
            name: $name,
            overloads: &[o("v", &["*v", "&v"])],
            trailing_default: None,
            lowering: Lowering::CacheOp($intrinsic),
        }
    };
}

/// The cache-operator loads and stores of our `cuda_runtime.h`
/// (`headers/devfns.rs`; see [`Lowering::CacheOp`]).
#[rustfmt::skip]
const CACHE_OPS: &[Builtin] = &[
    cache_op!("__ptxlab_ld_nc", "llvm.nvvm.ld.global.nc"),
    cache_op!("__ptxlab_ld_cg", "llvm.nvvm.ld.global.cg"),
    cache_op!("__ptxlab_ld_ca", "llvm.nvvm.ld.global.ca"),
    cache_op!("__ptxlab_ld_cs", "llvm.nvvm.ld.global.cs"),
    cache_op!("__ptxlab_ld_lu", "llvm.nvvm.ld.global.lu"),
    cache_op!("__ptxlab_ld_cv", "llvm.nvvm.ld.global.cv"),
    cache_op!("__ptxlab_st_wb", "llvm.nvvm.st.global.wb"),
    cache_op!("__ptxlab_st_cg", "llvm.nvvm.st.global.cg"),
    cache_op!("__ptxlab_st_cs", "llvm.nvvm.st.global.cs"),
    cache_op!("__ptxlab_st_wt", "llvm.nvvm.st.global.wt"),
];
