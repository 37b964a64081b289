#!/usr/bin/env python3
"""Prints the constant tables of libdevice/src/double.rs (π/2 in three
parts, 2/π as 64-bit words for Payne–Hanek, atan(k/16) and the log table as
double-doubles), computed with Python's decimal module at 420 digits (2/π needs 1,230 bits)."""
from decimal import Decimal as D, getcontext
import struct

getcontext().prec = 420


def pi():
    # Machin: π = 16 atan(1/5) − 4 atan(1/239).
    def atan_inv(n):
        x = D(1) / n
        x2 = x * x
        s, t, k = D(0), x, 1
        while abs(t) > D(10) ** -415:
            s += t / k if (k // 2) % 2 == 0 else -t / k
            t *= x2
            k += 2
        return s
    return 16 * atan_inv(5) - 4 * atan_inv(239)


PI = pi()


def atan(x):
    # atan(x) = atan(c) … for |x| ≤ 1 use the series of x / (1 + sqrt(1 + x²)) halving twice.
    y = x
    for _ in range(4):
        y = y / (1 + (1 + y * y).sqrt())
    s, t, k = D(0), y, 1
    while abs(t) > D(10) ** -415:
        s += t / k if (k // 2) % 2 == 0 else -t / k
        t *= y * y
        k += 2
    return 16 * s


def dbl(x):
    return float(x)


def parts(x, n):
    out = []
    for _ in range(n):
        h = float(x)
        out.append(h)
        x -= D(h)
    return out


def c(v):
    return repr(v) if v != 0 else "0.0"


print("// pi/2 in three parts")
print(", ".join(c(v) for v in parts(PI / 2, 3)))
print("// pi in two parts")
print(", ".join(c(v) for v in parts(PI, 2)))
print("// ln2, ln10, log2(e), log10(e) in two parts")
for v in [D(2).ln(), D(10).ln(), 1 / D(2).ln(), 1 / D(10).ln(), 2 / PI.sqrt(), PI.sqrt().ln() / 2 * 2 / 2, (2 * PI).ln() / 2]:
    print(", ".join(c(x) for x in parts(v, 2)))
print("// 2/pi as 64-bit words, after a zero word (the bits before the point)")
two_over_pi = 2 / PI
words = [0]
f = two_over_pi
for _ in range(20):
    f *= 2 ** 64
    w = int(f)
    words.append(w)
    f -= w
print(", ".join(f"0x{w:016x}ull" for w in words))
print("// atan(k/16), k = 0..16, hi and lo")
for k in range(17):
    h, l = parts(atan(D(k) / 16), 2)
    print(f"{c(h)}, {c(l)},")
print("// log table: j = -19..27, c = 1 + j/64: inv = double(1/c), -log(inv) hi, lo")
for j in range(-19, 28):
    inv = float(1 / (1 + D(j) / 64))
    h, l = parts(-D(inv).ln(), 2)
    print(f"{c(inv)}, {c(h)}, {c(l)},")
