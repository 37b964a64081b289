#!/usr/bin/env python3
"""Fits the polynomial coefficients of the float functions in
libdevice/src/lib.rs (and the double kernels of double.rs that name this
script): minimax (Remez exchange) on the reduced interval, weighted for
relative error, with mpmath; then each coefficient is rounded to the target
format lowest degree first and the higher ones refitted with it fixed, so
the rounding of one is compensated by the others. Prints each fit with its
maximum relative error (of the rounded coefficients, in exact arithmetic).

Usage: python3 float_tables.py [NAME ...]   (all fits when none named)
"""
import sys

import mpmath as mp

mp.mp.dps = 50


def f32(x):
    """x rounded to the nearest float (binary32)."""
    x = mp.mpf(x)
    if x == 0:
        return mp.mpf(0)
    m, e = mp.frexp(x)  # x = m·2^e, 0.5 <= |m| < 1
    return mp.ldexp(mp.nint(mp.ldexp(m, 24)), e - 24)


def f64(x):
    """x rounded to the nearest double."""
    return mp.mpf(float(mp.mpf(x)))


def remez(target, weight, powers, lo, hi, fixed=None, grid=3000, iters=30):
    """Coefficients c (one per power) minimizing max |weight(x)·(target(x) − Σ c_k x^p_k)|
    on [lo, hi]; `fixed` maps an index to a coefficient that is not fitted."""
    fixed = fixed or {}
    free = [k for k in range(len(powers)) if k not in fixed]
    # A weight of zero (an endpoint where the error does not count) would
    # make the system singular: floor it at a millionth of the largest.
    wmax = max(abs(weight(lo + (hi - lo) * mp.mpf(i) / 64)) for i in range(1, 64))
    weight0 = weight
    weight = lambda x: max(abs(weight0(x)), wmax * mp.mpf("1e-6"))
    n = len(free)

    def resid(x, c):
        s = target(x)
        for k, p in enumerate(powers):
            s -= c[k] * x ** p
        return weight(x) * s

    # Chebyshev-like start (n + 1 points alternate for n free coefficients).
    pts = [(lo + hi) / 2 - (hi - lo) / 2 * mp.cos(mp.pi * i / n) for i in range(n + 1)]
    xs = [lo + (hi - lo) * mp.mpf(i) / grid for i in range(grid + 1)]
    c = [mp.mpf(0)] * len(powers)
    for k, v in fixed.items():
        c[k] = mp.mpf(v)
    best = None
    for _ in range(iters):
        # Solve Σ_free c_k x_i^p_k + (−1)^i E / w(x_i) = target − fixed part.
        a = mp.matrix(n + 1, n + 1)
        b = mp.matrix(n + 1, 1)
        for i, x in enumerate(pts):
            for j, k in enumerate(free):
                a[i, j] = x ** powers[k]
            a[i, n] = (-1) ** i / weight(x)
            t = target(x)
            for k, v in fixed.items():
                t -= mp.mpf(v) * x ** powers[k]
            b[i] = t
        sol = mp.lu_solve(a, b)
        for j, k in enumerate(free):
            c[k] = sol[j]
        level = abs(sol[n])
        # New reference: the extrema of alternating sign, one per run.
        r = [resid(x, c) for x in xs]
        runs = []
        for x, v in zip(xs, r):
            if runs and (v >= 0) == (runs[-1][1] >= 0):
                if abs(v) > abs(runs[-1][1]):
                    runs[-1] = (x, v)
            else:
                runs.append((x, v))
        while len(runs) > n + 1:
            # Drop the smaller end, or merge the smallest interior pair.
            if abs(runs[0][1]) < abs(runs[-1][1]):
                runs.pop(0)
            else:
                runs.pop()
        err = max(abs(v) for v in r)
        if best is None or err < best[1]:
            best = (list(c), err)
        if len(runs) < n + 1:
            break
        pts = [x for x, _ in runs]
        if err - level < level * mp.mpf("1e-6"):
            break
    return best


def fit_rounded(target, weight, powers, lo, hi, fixed=None, rnd=f32, order=None):
    """Fits, then rounds the coefficients one at a time (lowest power first
    unless `order` says), refitting the others after each; or rounds them all
    at once, whichever is better on a fine grid."""
    fixed = dict(fixed or {})
    order = order or [k for k in range(len(powers)) if k not in fixed]
    c0, _ = remez(target, weight, powers, lo, hi, fixed)
    xs = [lo + (hi - lo) * mp.mpf(i) / 20000 for i in range(20001)]

    def max_err(c):
        err = 0
        for x in xs:
            s = target(x)
            for k, p in enumerate(powers):
                s -= c[k] * x ** p
            err = max(err, abs(weight(x) * s))
        return err

    plain = [fixed[k] if k in fixed else rnd(c0[k]) for k in range(len(powers))]
    c = c0
    for k in order:
        fixed[k] = rnd(c[k])
        if len(fixed) < len(powers):
            c, _ = remez(target, weight, powers, lo, hi, fixed)
    refit = [fixed[k] for k in range(len(powers))]
    return min(((c, max_err(c)) for c in (refit, plain)), key=lambda t: t[1])


def show(name, c, err, fmt="f"):
    print(f"{name}: max weighted error {mp.nstr(err, 5)} = 2^{mp.nstr(mp.log(err, 2), 4)}")
    for v in c:
        if fmt == "f":
            print(f"    {float(v)!r:>26}f  // {mp.nstr(v, 12)}")
        else:
            print(f"    {float(v)!r:>26}")


def safe(f, x0):
    """f with its limit at 0 (the removable singularity of the reduced forms)."""
    def g(x):
        if abs(x) < mp.mpf("1e-30"):
            return f(mp.mpf(x0))
        return f(x)
    return g


FITS = {}


def fit(fn):
    FITS[fn.__name__] = fn
    return fn


@fit
def log1pf():
    # ln(1+f) = f + f²·P(f) for 1+f in [√½, √2): P fitted for the relative
    # error of the whole.
    lo, hi = mp.sqrt(0.5) - 1, mp.sqrt(2) - 1
    g = safe(lambda f: (mp.log1p(f) - f) / f ** 2, mp.mpf("1e-20"))
    w = safe(lambda f: f ** 2 / mp.log1p(f), mp.mpf("1e-20"))
    c, e = fit_rounded(g, w, list(range(9)), lo, hi, fixed={0: mp.mpf(-0.5)})
    show("log1pf: ln(1+f) = f + f^2 (-1/2 + c1 f + ... + c8 f^8)", c, e)


@fit
def sinf():
    # sin r = r + r³·S(r²) on |r| <= π/4.
    hi = mp.pi / 4
    g = safe(lambda r: (mp.sin(r) - r) / r ** 3, mp.mpf("1e-20"))
    w = safe(lambda r: r ** 3 / mp.sin(r), mp.mpf("1e-20"))
    c, e = fit_rounded(lambda r: g(mp.sqrt(r)), lambda r: w(mp.sqrt(r)), [0, 1, 2], 0, hi ** 2)
    show("sinf: sin r = r + r^3 (s0 + s1 r^2 + s2 r^4)", c, e)


@fit
def cosf():
    # cos r = 1 − r²/2 + r⁴·C(r²) on |r| <= π/4; the fit is of the whole as
    # 1 + z·(c0 + c1 z + c2 z² + c3 z³) with c0 = −1/2 fixed.
    hi = mp.pi / 4
    g = safe(lambda z: (mp.cos(mp.sqrt(z)) - 1) / z, mp.mpf("1e-30"))
    w = lambda z: z / mp.cos(mp.sqrt(z))
    c, e = fit_rounded(g, w, [0, 1, 2, 3], mp.mpf("1e-30"), hi ** 2, fixed={0: mp.mpf(-0.5)})
    show("cosf: cos r = 1 + z (-1/2 + c1 z + c2 z^2 + c3 z^3), z = r^2", c, e)


@fit
def powf():
    # log2 m = C·u + u³·Q(u²), u = (m − 1)/(m + 1), m in [√½, √2), C = 2·log2(e):
    # Q for the relative error of the whole (the log2 of powf, which carries
    # C·u as a double-float).
    umax = (mp.sqrt(2) - 1) / (mp.sqrt(2) + 1)
    C = 2 / mp.log(2)
    lg = lambda u: mp.log((1 + u) / (1 - u)) / mp.log(2)
    g = lambda v: (lg(mp.sqrt(v)) - C * mp.sqrt(v)) / mp.sqrt(v) ** 3
    w = lambda v: mp.sqrt(v) ** 3 / lg(mp.sqrt(v))
    c, e = fit_rounded(g, w, [0, 1, 2, 3], mp.mpf("1e-8"), umax ** 2)
    show("powf: log2 m = C u + u^3 (q0 + q1 v + q2 v^2 + q3 v^3), v = u^2", c, e)


@fit
def exp():
    # e^r = 1 + r + r²·(c2 + c3 r + ... + c11 r^9) on |r| <= ln2/2 (double):
    # relative error of the whole.
    hi = mp.log(2) / 2
    g = safe(lambda r: (mp.expm1(r) - r) / r ** 2, mp.mpf("1e-12"))
    w = lambda r: r ** 2 / mp.exp(r)
    c, e = fit_rounded(g, w, list(range(10)), -hi, hi, rnd=f64)
    show("exp: e^r = 1 + r + r^2 (c2 + c3 r + ... + c11 r^9)", c, e, fmt="d")


@fit
def log():
    # log(1+f) = 2·atanh(s) = 2s + s·R(z), s = f/(2+f), z = s², 1+f in [√½, √2):
    # R(z) = z·(L1 + L2 z + ... + L7 z^6) (double), for the relative error of s·R
    # against 2s (a bound on its share of the result).
    smax = (mp.sqrt(2) - 1) / (mp.sqrt(2) + 1)
    g = lambda z: (2 * mp.atanh(mp.sqrt(z)) - 2 * mp.sqrt(z)) / mp.sqrt(z) / z
    w = lambda z: z / 2
    c, e = fit_rounded(g, w, list(range(7)), mp.mpf("1e-12"), smax ** 2, rnd=f64)
    show("log: R(z) = z (L1 + L2 z + ... + L7 z^6), error relative to 2", c, e, fmt="d")


@fit
def sin():
    # sin r = r + r³·S(r²) on |r| <= π/4 (double), relative error of the whole.
    hi = (mp.pi / 4) ** 2
    g = lambda z: (mp.sin(mp.sqrt(z)) - mp.sqrt(z)) / mp.sqrt(z) ** 3
    w = lambda z: mp.sqrt(z) ** 3 / mp.sin(mp.sqrt(z))
    c, e = fit_rounded(g, w, list(range(6)), mp.mpf("1e-12"), hi, rnd=f64)
    show("sin: sin r = r + r^3 (s0 + s1 z + ... + s5 z^5), z = r^2", c, e, fmt="d")


@fit
def cos():
    # cos r = 1 + z·C(z), C(0) = -1/2, on |r| <= π/4 (double), relative error
    # of the whole.
    hi = (mp.pi / 4) ** 2
    g = lambda z: (mp.cos(mp.sqrt(z)) - 1) / z
    w = lambda z: z / mp.cos(mp.sqrt(z))
    c, e = fit_rounded(g, w, list(range(7)), mp.mpf("1e-12"), hi, rnd=f64, fixed={0: mp.mpf(-0.5)})
    show("cos: cos r = 1 + z (-1/2 + c1 z + ... + c6 z^6), z = r^2", c, e, fmt="d")


if __name__ == "__main__":
    names = sys.argv[1:] or list(FITS)
    for n in names:
        FITS[n]()
