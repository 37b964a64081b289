#!/usr/bin/env python3
"""Measures PTX's approximate instructions on a real NVIDIA GPU.

Each instruction (`ex2.approx.f32`, `lg2.approx.f32`, `sin.approx.f32`,
`rcp.approx.ftz.f64`, ...) runs in a one-instruction kernel over a sweep of
inputs (every 2^k-th bit pattern of the inputs' range, plus a dense sweep of
the documented range); its results are compared with the exact function in
double precision (float64 references are exact enough for single-precision
results; the f64 instructions are compared with float64 results and their
error is given in f64 ulp, good to a few hundredths).

Prints, per instruction: inputs tried, the largest error in ulp of the
result type (and the relative and absolute errors), where it happens, and
the same over the documented range, as a Markdown table; with `--json OUT`
also writes it, with a sample of (input, GPU result) bit pairs that tests of
the emulator's error model can check against.

Usage: approx_probe.py [--json OUT.json]   (needs CuPy and a GPU; CI never runs it)
"""

import json
import sys

import numpy as np

F32, F64 = "f32", "f64"

# name, PTX opcode, type, reference (float64 -> float64), sweep range,
# documented range (for the second column) and whether ftz.
INSTRUCTIONS = [
    ("ex2.approx.f32", F32, np.exp2, (-150.0, 129.0), (-126.0, 127.0)),
    ("ex2.approx.ftz.f32", F32, np.exp2, (-150.0, 129.0), (-126.0, 127.0)),
    ("lg2.approx.f32", F32, np.log2, (0.0, np.inf), (2.0**-126, 3.0e38)),
    ("lg2.approx.ftz.f32", F32, np.log2, (0.0, np.inf), (2.0**-126, 3.0e38)),
    ("sin.approx.f32", F32, np.sin, (-1.0e5, 1.0e5), (-np.pi, np.pi)),
    ("sin.approx.ftz.f32", F32, np.sin, (-1.0e5, 1.0e5), (-np.pi, np.pi)),
    ("cos.approx.f32", F32, np.cos, (-1.0e5, 1.0e5), (-np.pi, np.pi)),
    ("cos.approx.ftz.f32", F32, np.cos, (-1.0e5, 1.0e5), (-np.pi, np.pi)),
    ("rcp.approx.f32", F32, lambda x: 1.0 / x, (-np.inf, np.inf), (2.0**-126, 2.0**126)),
    ("rcp.approx.ftz.f32", F32, lambda x: 1.0 / x, (-np.inf, np.inf), (2.0**-126, 2.0**126)),
    ("rsqrt.approx.f32", F32, lambda x: 1.0 / np.sqrt(x), (0.0, np.inf), (2.0**-126, 3.0e38)),
    ("rsqrt.approx.ftz.f32", F32, lambda x: 1.0 / np.sqrt(x), (0.0, np.inf), (2.0**-126, 3.0e38)),
    ("sqrt.approx.f32", F32, np.sqrt, (0.0, np.inf), (2.0**-126, 3.0e38)),
    ("sqrt.approx.ftz.f32", F32, np.sqrt, (0.0, np.inf), (2.0**-126, 3.0e38)),
    ("tanh.approx.f32", F32, np.tanh, (-20.0, 20.0), (-20.0, 20.0)),
    ("rcp.approx.ftz.f64", F64, lambda x: 1.0 / x, (-np.inf, np.inf), (2.0**-1022, 2.0**1022)),
    ("rsqrt.approx.f64", F64, lambda x: 1.0 / np.sqrt(x), (0.0, np.inf), (2.0**-1022, 1.0e307)),
    ("rsqrt.approx.ftz.f64", F64, lambda x: 1.0 / np.sqrt(x), (0.0, np.inf), (2.0**-1022, 1.0e307)),
]


def kernel_ptx(op, ty):
    reg, width = ("%f", 4) if ty == F32 else ("%fd", 8)
    rty = ".f32" if ty == F32 else ".f64"
    return f"""
.version 8.0
.target sm_80
.address_size 64
.visible .entry probe(.param .u64 pin, .param .u64 pout, .param .u32 n)
{{
	.reg .pred %p<2>;
	.reg .b32 %r<6>;
	.reg .b64 %rd<8>;
	.reg {rty} {reg}<3>;
	ld.param.u64 %rd1, [pin];
	ld.param.u64 %rd2, [pout];
	ld.param.u32 %r1, [n];
	mov.u32 %r2, %ctaid.x;
	mov.u32 %r3, %ntid.x;
	mov.u32 %r4, %tid.x;
	mad.lo.s32 %r5, %r2, %r3, %r4;
	setp.ge.u32 %p1, %r5, %r1;
	@%p1 bra DONE;
	cvta.to.global.u64 %rd1, %rd1;
	cvta.to.global.u64 %rd2, %rd2;
	mul.wide.u32 %rd3, %r5, {width};
	add.s64 %rd4, %rd1, %rd3;
	add.s64 %rd5, %rd2, %rd3;
	ld.global{rty} {reg}1, [%rd4];
	{op} {reg}2, {reg}1;
	st.global{rty} [%rd5], {reg}2;
DONE:
	ret;
}}
"""


def sweep(ty, lo, hi, dense_lo, dense_hi):
    """Inputs: bit patterns at a stride over the whole type, kept within
    [lo, hi], plus a dense linear sweep of the documented range."""
    if ty == F32:
        bits = np.arange(0, 2**32, 2**10, dtype=np.uint64).astype(np.uint32)
        xs = bits.view(np.float32)
        dense = np.linspace(max(dense_lo, -3e38), min(dense_hi, 3e38), 1 << 22, dtype=np.float64)
        if dense_lo > 0:  # a positive range: sweep its exponents evenly
            dense = np.exp2(np.linspace(np.log2(dense_lo), np.log2(dense_hi), 1 << 22))
        xs = np.concatenate([xs, dense.astype(np.float32)])
    else:
        bits = np.arange(0, 2**64, 2**41, dtype=np.uint64)
        xs = bits.view(np.float64)
        dense = np.exp2(np.linspace(np.log2(dense_lo), np.log2(dense_hi), 1 << 21))
        xs = np.concatenate([xs, dense])
    with np.errstate(invalid="ignore"):
        keep = np.isfinite(xs) & (xs >= lo) & (xs <= hi)
    return np.unique(xs[keep])


def ulp_of(ref, ty):
    """The spacing of the result type at |ref| (subnormal spacing below)."""
    if ty == F32:
        r = np.abs(ref).astype(np.float32)
        r = np.maximum(r, np.float32(2.0**-126))
        return np.spacing(r).astype(np.float64)
    r = np.maximum(np.abs(ref), 2.0**-1022)
    return np.spacing(r)


def measure(cp, name, ty, ref, rng, doc):
    xs = sweep(ty, rng[0], rng[1], doc[0], doc[1])
    module = cp.RawModule(code=kernel_ptx(name, ty))
    fn = module.get_function("probe")
    dx = cp.asarray(xs)
    dy = cp.zeros_like(dx)
    n = xs.size
    fn(((n + 255) // 256,), (256,), (dx, dy, np.uint32(n)))
    got = cp.asnumpy(dy).astype(np.float64)
    x64 = xs.astype(np.float64)
    with np.errstate(all="ignore"):
        want = ref(x64)
    # ftz: subnormal inputs are zero, subnormal results flush to zero.
    finite = np.isfinite(want) & np.isfinite(got)
    with np.errstate(all="ignore"):
        ulp = np.where(finite, np.abs(got - want) / ulp_of(want, ty), np.inf)
        rel = np.where(finite & (want != 0), np.abs(got - want) / np.abs(want), 0.0)
        ab = np.where(finite, np.abs(got - want), np.inf)
    # Not comparable: the reference overflows/underflows past the type, or
    # ftz/subnormal behaviour (reported separately below).
    tiny = 2.0**-126 if ty == F32 else 2.0**-1022
    big = 3.4028234663852886e38 if ty == F32 else 1.7976931348623157e308
    normal = (np.abs(want) >= tiny) & (np.abs(want) <= big) & (np.abs(x64) >= tiny) | (x64 == 0)
    normal &= np.isfinite(want)
    in_doc = normal & (x64 >= doc[0]) & (x64 <= doc[1])
    special = ~np.isfinite(want) | (np.abs(want) < tiny)
    special_mismatch = int(np.sum(special & ~((got == want) | (np.isnan(got) & np.isnan(want)) | (np.abs(got) < tiny) & (np.abs(want) < tiny))))

    def worst(mask, err):
        if not mask.any():
            return None
        e = np.where(mask, err, -1.0)
        i = int(np.argmax(e))
        return {"err": float(e[i]), "x": float(x64[i]), "got": float(got[i]), "want": float(want[i])}

    rows = {
        "name": name,
        "inputs": int(n),
        "ulp": worst(normal, ulp),
        "ulp_doc": worst(in_doc, ulp),
        "rel_doc": worst(in_doc, rel),
        "abs_doc": worst(in_doc, ab),
        "special_mismatch": special_mismatch,
    }
    # A fixed sample of (input bits, GPU result bits) for emulator checks.
    pick = np.linspace(0, n - 1, min(n, 512)).astype(np.int64)
    xb = xs.view(np.uint32 if ty == F32 else np.uint64)[pick]
    yb = cp.asnumpy(dy).view(np.uint32 if ty == F32 else np.uint64)[pick]
    rows["sample"] = [[int(a), int(b)] for a, b in zip(xb, yb)]
    return rows


def main():
    import cupy as cp

    out = sys.argv[sys.argv.index("--json") + 1] if "--json" in sys.argv else None
    props = cp.cuda.runtime.getDeviceProperties(0)
    device = props["name"].decode() if isinstance(props["name"], bytes) else props["name"]
    print(f"device: {device}, driver {cp.cuda.runtime.driverGetVersion()}")
    rows = []
    print("| instruction | inputs | max ulp (all normal) | max ulp (documented range) | rel | abs | specials differing |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, ty, ref, rng, doc in INSTRUCTIONS:
        try:
            r = measure(cp, name, ty, ref, rng, doc)
        except Exception as e:  # an instruction the GPU or driver lacks
            print(f"| {name} | error: {type(e).__name__}: {str(e)[:100]} |")
            continue
        rows.append(r)
        f = lambda w, k="err": "-" if w is None else f"{w[k]:.3g}"
        at = lambda w: "" if w is None else f" at {w['x']:.9g}"
        print(f"| {name} | {r['inputs']} | {f(r['ulp'])}{at(r['ulp'])} | {f(r['ulp_doc'])}{at(r['ulp_doc'])} "
              f"| {f(r['rel_doc'])} (2^{np.log2(r['rel_doc']['err']) if r['rel_doc'] and r['rel_doc']['err'] > 0 else 0:.1f}) "
              f"| {f(r['abs_doc'])} (2^{np.log2(r['abs_doc']['err']) if r['abs_doc'] and r['abs_doc']['err'] > 0 else 0:.1f}) "
              f"| {r['special_mismatch']} |", flush=True)
    if out:
        json.dump({"device": device, "rows": rows}, open(out, "w"))


if __name__ == "__main__":
    main()
