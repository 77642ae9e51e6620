"""Arithmetic whose bits are the same on every CPU (numpy only).

The rule (Box2D v3 keeps the same one, and pins a state hash to prove it): nothing that
shapes the world or the pixels may round differently on another machine. Two things do:

* **BLAS and LAPACK.** ``@``, ``np.dot``, ``matmul``, ``inner``, ``tensordot``,
  ``np.linalg``, ``np.cov`` hand the sum to OpenBLAS, which picks a kernel for the CPU
  at run time (Haswell, SkylakeX, Zen, ...) and each kernel adds in its own order, with
  or without fused multiply-adds. A pile of bodies amplifies the last bit into pixels.
* **Transcendental functions.** numpy's ``arctan2``, ``exp``, ``log``, ``tan``,
  ``arccos`` ... have AVX-512 paths whose bits differ from the AVX2 ones, and libm
  (``math.sin``, ``math.atan2``, Python's ``x ** y``) picks FMA variants by CPU.

What is left is the same everywhere: IEEE-754 ``+ - * /`` and ``sqrt`` round exactly,
elementwise, one operation at a time (numpy never fuses two ufuncs into one FMA), and
so do comparisons, ``min``/``max``, ``abs``, ``floor``/``rint`` and sorting by value.
So here: products as written-out multiply-adds in a fixed order (``dot_rows``,
``rotate``), and cosine, sine and arctangent as polynomials of those operations
(``cos_sin``, ``atan2``), accurate to about an ulp on the angles a world reaches.
``hypot`` likewise: libm's hypot (``np.hypot``, and ``abs`` of a complex number) is
not required to round correctly and rounds differently from one libm to the next, or
with and without an FMA; CPython's ``math.hypot`` and ``math.dist`` are its own
algorithm, compiled with or without FMA contraction. ``hypot`` here is Borges'
corrected square root of the sum of squares in plain operations (within 0.56 ulp).
``tests/test_determinism.py`` reads ``sandbox/`` and fails on any call this rules out.
"""

from __future__ import annotations

import math

import numpy as np

# pi / 2 in three parts (fdlibm's __ieee754_rem_pio2): the first two hold 33 bits each,
# so k * part is exact for |k| < 2**20 and x - k * pi / 2 loses no digits to the split.
_PIO2_1 = 1.57079632673412561417e00
_PIO2_2 = 6.07710050630396597660e-11
_PIO2_3 = 2.02226624871116645580e-21
_TWO_OVER_PI = 6.36619772367581382433e-01

# fdlibm's minimax kernels for sin and cos on [-pi/4, pi/4] (__kernel_sin, __kernel_cos).
_S = (
    -1.66666666666666324348e-01,
    8.33333333332248946124e-03,
    -1.98412698298579493134e-04,
    2.75573137070700676789e-06,
    -2.50507602534068634195e-08,
    1.58969099521155010221e-10,
)
_C = (
    4.16666666666666019037e-02,
    -1.38888888888741095749e-03,
    2.48015872894767294178e-05,
    -2.75573143513906633035e-07,
    2.08757232129817482790e-09,
    -1.13596475577881948265e-11,
)

# Cephes' atan on [0, 0.66] (atan.c): atan(x) = x + x * z * P(z) / Q(z), z = x * x.
_ATAN_P = (
    -8.750608600031904122785e-01,
    -1.615753718733365076637e01,
    -7.500855792314704667340e01,
    -1.228866684490136173410e02,
    -6.485021904942025371773e01,
)
_ATAN_Q = (
    2.485846490142306297962e01,
    1.650270098316988542046e02,
    4.328810604912902668951e02,
    4.853903996359136964868e02,
    1.945506571482613964425e02,
)
_MOREBITS = 6.123233995736765886130e-17  # pi/2 - float(pi/2)
_HALF_PI = 1.57079632679489661923
_QUARTER_PI = 7.85398163397448309616e-01


def next_rows(a: np.ndarray) -> np.ndarray:
    """Row i holds a[i + 1] and the last row a[0] (np.roll(a, -1, axis=0), which costs
    20 us of checks a call, more than the copy of a polygon's few rows)."""
    return np.concatenate((a[1:], a[:1]))


def previous_rows(a: np.ndarray) -> np.ndarray:
    """Row i holds a[i - 1] and the first row a[-1] (np.roll(a, 1, axis=0))."""
    return np.concatenate((a[-1:], a[:-1]))


def dot_rows(a, b):
    """a . b along the last axis (2 or 3 components), as written-out multiply-adds:
    the BLAS-free, CPU-independent ``np.einsum('...d,...d->...', a, b)``."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    total = a[..., 0] * b[..., 0] + a[..., 1] * b[..., 1]
    if a.shape[-1] == 3:
        total = total + a[..., 2] * b[..., 2]
    return total


def length(v):
    """|v| along the last axis: sqrt of the written-out sum of squares."""
    return np.sqrt(dot_rows(v, v))


# hypot's scaling (Borges' thresholds, which glibc 2.35+ uses too): squares of values
# up to 2**511 and down to 2**-459 neither overflow nor lose bits to the subnormals, and
# a power of two scales exactly. A smaller side under 2**-54 of the larger one cannot
# move the sum: ay * ay < ulp(ax * ax) / 4.
_HUGE = math.ldexp(1.0, 511)
_TINY = math.ldexp(1.0, -459)
_SCALE = math.ldexp(1.0, 600)
_FAR = math.ldexp(1.0, 54)


def _hypot_kernel(ax, ay, h):
    """sqrt(ax**2 + ay**2) for ax >= ay > 0 in the safe range, floats or arrays, from
    h = sqrt(ax * ax + ay * ay) as rounded.

    h alone is within about 1.15 ulp (the sum rounds twice before the square root).
    Borges' correction (An Improved Algorithm for hypot(a, b), 2019, fused-free form)
    takes one Newton step on the residual h*h - ax*ax - ay*ay, written in each of two
    ways that plain double arithmetic gets right where that way is used. The result is
    within 0.56 ulp and rounds correctly 99.7 % of the time (measured: 0.554 ulp at
    worst over the tests' 7,000 pairs from the subnormals to overflow), and is bit for
    bit what glibc's hypot gives on x86-64 (2 million pairs), which has no FMA there; on
    aarch64 glibc takes another formula, whose bits differ."""
    d = h - ay
    near = ax * (2.0 * d - ax) + (d - 2.0 * (ax - ay)) * d  # for h <= 2 ay
    d = h - ax
    far = 2.0 * d * (ax - 2.0 * ay) + ((4.0 * d - ay) * ay + d * d)  # for h > 2 ay
    if isinstance(h, np.ndarray):
        residual = np.where(h <= 2.0 * ay, near, far)
    else:
        residual = near if h <= 2.0 * ay else far
    return h - residual / (2.0 * h)


def hypot(x, y):
    """sqrt(x*x + y*y) for floats or arrays (broadcast), the same bits on every CPU
    and in both forms, within 0.56 ulp of the exact value (measured).

    ``math.hypot`` and ``np.hypot`` are not the same everywhere: libm's hypot need not
    round correctly, and rounds differently from one libm to the next (glibc alone has
    an FMA and a non-FMA formula; macOS's and Windows' are their own), and CPython's
    math.hypot is another algorithm again. Here: |x| and |y| ordered, scaled by 2**-600
    or 2**600 where their squares would overflow or reach the subnormals, then
    `_hypot_kernel`. hypot(inf, nan) is inf, as IEEE 754 says; any other NaN gives NaN."""
    if isinstance(x, np.ndarray) or isinstance(y, np.ndarray):
        x, y = np.broadcast_arrays(np.asarray(x, float), np.asarray(y, float))
        if x.size > _FEW:
            return _hypot_array(x, y)
        out = np.empty(x.shape)  # a few: the float path element by element (4x faster)
        pairs = zip(x.ravel().tolist(), y.ravel().tolist(), strict=True)
        out.reshape(-1)[:] = [hypot(p, q) for p, q in pairs]
        return out
    x, y = abs(float(x)), abs(float(y))
    if not (math.isfinite(x) and math.isfinite(y)):
        return math.inf if math.isinf(x) or math.isinf(y) else math.nan
    ax, ay = (x, y) if x >= y else (y, x)
    if ay * _FAR <= ax:  # zero included
        return ax + ay
    scale = 1.0 / _SCALE if ax > _HUGE else _SCALE if ay < _TINY else 1.0
    ax, ay = ax * scale, ay * scale
    return _hypot_kernel(ax, ay, math.sqrt(ax * ax + ay * ay)) / scale


# Up to this many elements an array takes the float path element by element: some
# forty numpy calls cost more than that many Python loops (measured: 4 elements 45 us
# against 12 us; even at about 24).
_FEW = 16

# Below this a larger side can have a smaller one that is not far yet under _TINY.
_SMALL = _TINY * _FAR


def _hypot_array(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """`hypot` element by element: every branch computed, each element keeping its own,
    so that each gets the bits the float path gives it."""
    x, y = np.abs(x), np.abs(y)
    ax, ay = np.maximum(x, y), np.minimum(x, y)
    # Quiet, as the float path is: 0/0 where an element takes another branch, and an
    # overflow to inf where the true value overflows (or a branch not taken does).
    with np.errstate(all="ignore"):
        # The usual case first (42 numpy calls, not 49): nothing to scale, nothing
        # infinite or NaN (then max is not <= _HUGE), zeros allowed (they are far).
        if ax.size and ax.max() <= _HUGE and np.where(ax > 0.0, ax, 1.0).min() >= _SMALL:
            h = _hypot_kernel(ax, ay, np.sqrt(ax * ax + ay * ay))
            return np.where(ay * _FAR <= ax, ax + ay, h)
        scale = np.where(ax > _HUGE, 1.0 / _SCALE, np.where(ay < _TINY, _SCALE, 1.0))
        sx, sy = ax * scale, ay * scale
        h = _hypot_kernel(sx, sy, np.sqrt(sx * sx + sy * sy)) / scale
        h = np.where(ay * _FAR <= ax, ax + ay, h)
    return np.where(np.isinf(x) | np.isinf(y), np.inf, h)


def rotate(points, cos, sin):
    """Points (..., 2) turned by the angle whose cosine and sine are given (+x toward +y):
    (c x - s y, s x + c y). `cos` and `sin` broadcast against the points' leading axes."""
    p = np.asarray(points, dtype=float)
    x, y = p[..., 0], p[..., 1]
    return np.stack([cos * x - sin * y, sin * x + cos * y], axis=-1)


def _kernels(r):
    """(cos r, sin r) for |r| <= pi/4 (+ a little): fdlibm's polynomials, tail dropped."""
    z = r * r
    s = r + r * z * (_S[0] + z * (_S[1] + z * (_S[2] + z * (_S[3] + z * (_S[4] + z * _S[5])))))
    poly = z * (_C[0] + z * (_C[1] + z * (_C[2] + z * (_C[3] + z * (_C[4] + z * _C[5])))))
    hz = 0.5 * z
    w = 1.0 - hz
    c = w + (((1.0 - w) - hz) + z * poly)
    return c, s


def _machin_half_pi(bits: int) -> int:
    """floor(pi/2 * 2**bits), by Machin's formula in Python integers (exact arithmetic,
    the same on every machine): pi = 16 atan(1/5) - 4 atan(1/239), 32 guard bits."""
    guard = bits + 32

    def atan_inverse(n: int) -> int:  # atan(1/n) * 2**guard, each term floored
        total, power, k, sign = 0, (1 << guard) // n, 1, 1
        while power:
            total += sign * (power // k)
            power //= n * n
            k, sign = k + 2, -sign
        return total

    return (16 * atan_inverse(5) - 4 * atan_inverse(239)) >> 33  # / 2, and the guard off


# Beyond |k| = 2**20 the three-part pi/2 no longer makes k * part exact: there the
# reduction is done exactly, in integers (Payne and Hanek's idea, with all of pi/2's
# bits a double's exponent can need: 1024 + 53 bits, and 223 more so that the nearest a
# double comes to a multiple of pi/2, about 2**-61, still keeps every bit of r).
_EXACT_FROM = float(1 << 20)
_HALF_PI_BITS = 1300
_HALF_PI_FIXED = _machin_half_pi(_HALF_PI_BITS)


def _reduce_exactly(x: float) -> tuple[float, int]:
    """(r, k mod 4) with x = k pi/2 + r, |r| <= pi/4 (or a hair more), for any finite
    float: x's exact ratio against pi/2 in 1300 bits, r rounded once (int / int)."""
    num, den = float(x).as_integer_ratio()  # den is a power of two
    scaled, step = num << _HALF_PI_BITS, den * _HALF_PI_FIXED  # x and pi/2, * den 2**P
    k = (2 * scaled + step) // (2 * step)  # the nearest multiple (ties: up)
    r = (scaled - k * step) / (den << _HALF_PI_BITS)
    return r, k % 4


def cos_sin(angle):
    """(cos angle, sin angle) for a float or an array, the same bits on every CPU.

    angle = k pi/2 + r with |r| <= pi/4 (Cody-Waite, pi/2 in three parts); then the
    kernels on r and a swap by the quadrant k mod 4. Within an ulp or two of libm for
    |angle| < 2**20 * pi/2; beyond (up to the largest float), k and r come from an
    exact reduction in integers (`_reduce_exactly`), so just as accurate, never NaN.
    """
    if isinstance(angle, np.ndarray):
        x = angle.astype(float)
        k = np.rint(x * _TWO_OVER_PI)
        if x.size and np.abs(k).max() >= _EXACT_FROM:  # rare: an angle past 1.6e6
            return _cos_sin_far(x)
        r = ((x - k * _PIO2_1) - k * _PIO2_2) - k * _PIO2_3
        c, s = _kernels(r)
        q = np.mod(k, 4.0)
        cos = np.where(q == 0, c, np.where(q == 1, -s, np.where(q == 2, -c, s)))
        sin = np.where(q == 0, s, np.where(q == 1, c, np.where(q == 2, -s, -c)))
        return cos + 0.0, sin + 0.0  # + 0.0: no -0.0 from the swaps
    x = float(angle)
    k = float(round(x * _TWO_OVER_PI))
    if abs(k) >= _EXACT_FROM:
        r, q = _reduce_exactly(x)
    else:
        r = ((x - k * _PIO2_1) - k * _PIO2_2) - k * _PIO2_3
        q = int(k % 4.0)
    c, s = _kernels(r)
    cos, sin = ((c, s), (-s, c), (-c, -s), (s, -c))[q]
    return cos + 0.0, sin + 0.0


def _cos_sin_far(x: np.ndarray):
    """cos_sin of an array holding an angle past 2**20 pi/2: each element as the float
    path gives it (the near ones by the same Cody-Waite steps, so the same bits; an
    infinite one NaN, as the array steps give it)."""
    nan = (math.nan, math.nan)
    pairs = [cos_sin(a) if math.isfinite(a) else nan for a in x.ravel().tolist()]
    cos = np.array([c for c, _ in pairs], dtype=float).reshape(x.shape)
    sin = np.array([s for _, s in pairs], dtype=float).reshape(x.shape)
    return cos, sin


def rotation(angle: float) -> np.ndarray:
    """The 2x2 matrix that turns a vector by `angle` radians (+x toward +y)."""
    c, s = cos_sin(angle)
    return np.array([[c, -s], [s, c]])


def _atan_unit(t):
    """atan(t) for 0 <= t <= 1 (Cephes: t <= 0.66 directly, else pi/4 + atan((t-1)/(t+1)))."""
    big = t > 0.66
    if isinstance(t, np.ndarray):
        x = np.where(big, (t - 1.0) / (t + 1.0), t)
    else:
        x = (t - 1.0) / (t + 1.0) if big else t
    z = x * x
    p = (((_ATAN_P[0] * z + _ATAN_P[1]) * z + _ATAN_P[2]) * z + _ATAN_P[3]) * z + _ATAN_P[4]
    q = ((((z + _ATAN_Q[0]) * z + _ATAN_Q[1]) * z + _ATAN_Q[2]) * z + _ATAN_Q[3]) * z
    q = q + _ATAN_Q[4]
    small = x + x * (z * p / q)
    if isinstance(t, np.ndarray):
        return np.where(big, _QUARTER_PI + (small + 0.5 * _MOREBITS), small)
    return _QUARTER_PI + (small + 0.5 * _MOREBITS) if big else small


def atan2(y, x):
    """The angle of (x, y) in (-pi, pi], for floats or arrays, the same bits on every CPU.

    The smaller of |x|, |y| over the larger is in [0, 1]: atan of that, then reflected
    into the octant of (x, y). atan2(0, 0) is 0.
    """
    if isinstance(y, np.ndarray) or isinstance(x, np.ndarray):
        y, x = np.broadcast_arrays(np.asarray(y, dtype=float), np.asarray(x, dtype=float))
        ay, ax = np.abs(y), np.abs(x)
        big, small = np.maximum(ay, ax), np.minimum(ay, ax)
        t = _atan_unit(small / np.where(big > 0, big, 1.0))
        t = np.where(ay > ax, (_HALF_PI - t) + _MOREBITS, t)
        t = np.where(x < 0, (math.pi - t) + 2 * _MOREBITS, t)
        return np.where(y < 0, -t, t) + 0.0
    y, x = float(y), float(x)
    ay, ax = abs(y), abs(x)
    big, small = max(ay, ax), min(ay, ax)
    t = _atan_unit(small / big) if big > 0 else 0.0
    if ay > ax:
        t = (_HALF_PI - t) + _MOREBITS
    if x < 0:
        t = (math.pi - t) + 2 * _MOREBITS
    return -t if y < 0 else t + 0.0


def angle_between(a, b) -> float:
    """The angle from 0 to pi between 2D vectors a and b (atan2 of |a x b| and a . b:
    accurate near 0 and pi, where acos of the cosine is not)."""
    ax, ay = float(a[0]), float(a[1])
    bx, by = float(b[0]), float(b[1])
    return atan2(abs(ax * by - ay * bx), ax * bx + ay * by)


def transform(points, matrix):
    """matrix @ p for every row p of `points` (..., d): ``points @ matrix.T`` written out.
    `matrix` is (k, d); the result is (..., k) (k = d for a rotation, any k for axes)."""
    p = np.asarray(points, dtype=float)
    return dot_rows(p[..., None, :], np.asarray(matrix, dtype=float))


def matrix_product(a, b) -> np.ndarray:
    """a @ b for small matrices, written out."""
    return transform(np.asarray(b, dtype=float).T, a).T


def det3(m) -> float:
    """The determinant of a 3x3 matrix, by cofactors along the first row."""
    m = np.asarray(m, dtype=float)
    return float(
        m[0, 0] * (m[1, 1] * m[2, 2] - m[1, 2] * m[2, 1])
        - m[0, 1] * (m[1, 0] * m[2, 2] - m[1, 2] * m[2, 0])
        + m[0, 2] * (m[1, 0] * m[2, 1] - m[1, 1] * m[2, 0])
    )


def sum_of_products(a, b, axis: int = 0) -> np.ndarray:
    """(a * b) summed over `axis`: the CPU-independent ``np.vecdot(a, b, axis=axis)``
    (numpy's vecdot calls BLAS's ddot). The sum is numpy's add.reduce: its order of
    additions follows the array's shape, never the CPU (no BLAS, no SIMD-width-dependent
    order), which the solver's hot loop needs: two C calls, where vecdot took one."""
    return np.add.reduce(np.multiply(a, b), axis=axis)
