#!/usr/bin/env python3
"""Prints the fitted tables of libdevice/src/bessel.rs (`bessel_tables!`):
per function (j0 j1 y0 y1, and i0 i1 with `i`) its pieces below 8 (15 for
I) as Chebyshev fits with mpmath (relative error below 2^-60 each, checked
on a grid with the exact coefficients): in x² near 0, in t = x - c around a
point c, and as t·P(t) around each zero c (c as a double-double); near 0,
Y0 and Y1 less their logarithmic part; and P, Q of Hankel's form in 1/x²
for x >= 8 (`pq0`, `pq1`). Needs mpmath. Usage: bessel_tables.py NAME."""
import mpmath as mp
mp.mp.dps = 45
J = {0: lambda x: mp.besselj(0, x), 1: lambda x: mp.besselj(1, x)}
Y = {0: lambda x: mp.bessely(0, x), 1: lambda x: mp.bessely(1, x)}
TWO_PI = 2 / mp.pi

def fit(f, a, b, target, maxdeg=30):
    """Smallest-degree Chebyshev fit of f on [a, b] with max abs error < target."""
    for n in range(4, maxdeg + 2):
        poly, err = mp.chebyfit(f, [a, b], n, error=True)
        # check error on a dense grid with the double-rounded coefficients
        cs = poly
        worst = 0
        for i in range(201):
            t = a + (b - a) * i / 200
            v = 0
            for c in cs:
                v = v * t + c
            worst = max(worst, abs(v - f(t)))
        if worst < target:
            return [float(c) for c in cs], worst
    raise Exception("no fit %s %s" % (a, b))

def piece(f, lo, hi, center=None, zero=False, mode=None, f0=None):
    """mode: 'x2' p(x²) on [lo,hi]; 'xx2' x·p(x²); 't' p(x - c); 'tz' (x - c)·p(x - c)."""
    if mode == 'x2':
        g = lambda z: f(mp.sqrt(z)) if z > 0 else f(mp.mpf(0))
        a, b = lo * lo, hi * hi
        ch, cl = 0.0, 0.0
        scale = min(abs(f(mp.mpf(x))) for x in [lo, (lo+hi)/2, hi])
    elif mode == 'xx2':
        g = lambda z: f(mp.sqrt(z)) / mp.sqrt(z) if z > 0 else f0
        a, b = lo * lo, hi * hi
        ch, cl = 0.0, 0.0
        scale = min(abs(g(mp.mpf(z))) for z in [a + 1e-6, (a+b)/2, b])
    else:
        c = center
        ch = float(c); cl = float(c - mp.mpf(ch))
        a, b = mp.mpf(lo) - c, mp.mpf(hi) - c
        if zero:
            g = lambda t: f(c + t) / t if t != 0 else mp.diff(f, c)
        else:
            g = lambda t: f(c + t)
        scale = min(abs(g(a + (b - a) * i / 20)) for i in range(21))
    cs, err = fit(g, a, b, scale * 2.0 ** -60)
    return dict(hi=hi, ch=ch, cl=cl, mode={'x2': 2, 'xx2': 3, 't': 0, 'tz': 1}[mode or ('tz' if zero else 't')], cs=cs, err=err / scale)

def table(name, pieces):
    out = []
    for p in pieces:
        out.append("    /* x < %r */ %r, %r, %r, %d.0, %d.0," % (p['hi'], p['hi'], p['ch'], p['cl'], p['mode'], len(p['cs']) - 1))
        line = "    "
        for c in p['cs']:
            item = repr(c) + ", "
            if len(line) + len(item) > 100:
                out.append(line.rstrip())
                line = "    "
            line += item
        out.append(line.rstrip())
    return out

def zeros(f, guesses):
    return [mp.findroot(f, g) for g in guesses]

import sys
which = sys.argv[1]
res = []
if which == 'j0':
    f = J[0]
    z1, z2 = zeros(f, [2.4, 5.52])
    res = [piece(f, 0, 1.5, mode='x2'),
           piece(f, 1.5, 3.1, z1, True), piece(f, 3.1, 4.6, mp.mpf('3.85')),
           piece(f, 4.6, 6.4, z2, True), piece(f, 6.4, 8.0, mp.mpf('7.2'))]
elif which == 'j1':
    f = J[1]
    z1, z2 = zeros(f, [3.83, 7.01])
    res = [piece(f, 0, 2.0, mode='xx2', f0=mp.mpf(1) / 2), piece(f, 2.0, 3.0, mp.mpf('2.5')),
           piece(f, 3.0, 4.7, z1, True), piece(f, 4.7, 6.2, mp.mpf('5.45')),
           piece(f, 6.2, 8.0, z2, True)]
elif which == 'y0':
    f = Y[0]
    z0, z1, z2 = zeros(f, [0.89, 3.96, 7.09])
    # R(x²) = Y0 - (2/π) ln(x) J0(x) on [0, 0.7]
    R = lambda x: f(x) - TWO_PI * mp.log(x) * J[0](x) if x > 0 else TWO_PI * (mp.euler - mp.log(2))
    res = [piece(R, 0, 0.7, mode='x2'),
           piece(f, 0.7, 1.2, z0, True), piece(f, 1.2, 2.0, mp.mpf('1.6')),
           piece(f, 2.0, 3.2, mp.mpf('2.6')), piece(f, 3.2, 4.8, z1, True),
           piece(f, 4.8, 6.2, mp.mpf('5.5')), piece(f, 6.2, 8.0, z2, True)]
elif which == 'y1':
    f = Y[1]
    z1, z2 = zeros(f, [2.19, 5.43])
    # S: Y1 = (2/π) ln(x) J1(x) - 2/(πx) + x·S(x²) on [0, 1]
    mp.mp.dps = 70
    S = lambda x: f(x) - TWO_PI * mp.log(x) * J[1](x) + TWO_PI / x if x > 0 else mp.mpf(0)
    res = [piece(S, 0, 1.0, mode='xx2', f0=(mp.euler - mp.log(2) - mp.mpf(1) / 2) / mp.pi),
           piece(f, 1.0, 1.6, mp.mpf('1.3')), piece(f, 1.6, 2.8, z1, True),
           piece(f, 2.8, 4.2, mp.mpf('3.5')), piece(f, 4.2, 6.2, z2, True),
           piece(f, 6.2, 8.0, mp.mpf('7.1'))]
elif which == 'i':
    # I(x) below 3.75, e^(-x)·I(x) to 15 (pieces), √x·e^(-x)·I(x) in 1/x beyond
    for n in (0, 1):
        g = lambda x: mp.exp(-x) * mp.besseli(n, x)
        if n == 0:
            small = piece(lambda x: mp.besseli(0, x), 0, 3.75, mode='x2')
        else:
            small = piece(lambda x: mp.besseli(1, x), 0, 3.75, mode='xx2', f0=mp.mpf(1) / 2)
        ps = [small, piece(g, 3.75, 7.0, mp.mpf('5.375')), piece(g, 7.0, 11.0, mp.mpf(9)),
              piece(g, 11.0, 15.0, mp.mpf(13))]
        print("\n".join(table('i%d' % n, ps)))
        h = lambda u: mp.sqrt(1 / u) * mp.exp(-1 / u) * mp.besseli(n, 1 / u) if u > 0 else 1 / mp.sqrt(2 * mp.pi)
        cs, err = fit(h, mp.mpf(0), mp.mpf(1) / 15, 0.2 * 2.0 ** -60, maxdeg=45)
        print("far", cs)
    sys.exit()
elif which in ('pq0', 'pq1'):
    n = int(which[2])
    def PQ(x):
        chi = x - (2 * n + 1) * mp.pi / 4
        j, y = J[n](x), Y[n](x)
        k = mp.sqrt(mp.pi * x / 2)
        return k * (j * mp.cos(chi) + y * mp.sin(chi)), k * (-j * mp.sin(chi) + y * mp.cos(chi))
    # p(w) = P, q(w) = Q·x with w = 1/x² on (0, 1/64]
    fp = lambda w: PQ(1 / mp.sqrt(w))[0] if w > 0 else mp.mpf(1)
    fq = lambda w: PQ(1 / mp.sqrt(w))[1] / mp.sqrt(w) if w > 0 else (mp.mpf(-1) / 8 if n == 0 else mp.mpf(3) / 8)
    cp, ep = fit(fp, mp.mpf(0), mp.mpf(1) / 64, 2.0 ** -56)
    cq, eq = fit(fq, mp.mpf(0), mp.mpf(1) / 64, 2.0 ** -60)
    print("// p", len(cp) - 1, ep, "q", len(cq) - 1, eq)
    print("P", cp)
    print("Q", cq)
    sys.exit()
for p in res:
    print("// piece <", p['hi'], "deg", len(p['cs']) - 1, "relerr", float(p['err']))
print("\n".join(table(which, res)))
