"""Issue 36, item 8: the library's edges. Within its stated range (coordinates and sizes
within +-LARGEST = 1e150, any finite angle, any finite motion) the library answers with
no numpy warning; outside it, a clear ShapeError or ValueError says what is wrong."""

from __future__ import annotations

import math
import random
import re
import warnings

import numpy as np
import pytest

from sandbox.core.decompose import decompose
from sandbox.core.geometry import LARGEST, Circle, Polygon, ShapeError
from sandbox.core.outline import convexity
from sandbox.core.portable import cos_sin
from sandbox.core.swept import sweep

HUGE_ANGLES = [1e300, -1e300, 1.7976931348623157e308, 1e22, 2.0**60, 6381956970095103 * 2.0**797]
HUGE_ANGLES += [1e7, 2.0**20 * math.pi / 2 + 1.0, -123456789.0, 3.0e15]


def _ulps(a: float, b: float) -> float:
    return abs(a - b) / math.ulp(max(abs(b), 2.0**-60))


@pytest.mark.parametrize("angle", HUGE_ANGLES)
def test_cos_sin_of_a_huge_angle_is_reduced_exactly(angle):
    """cos_sin of any finite angle, however large (1e300, the largest float, the float
    nearest a multiple of pi/2): no warning, and within 2 ulps of libm's (whose reduction
    is exact), for a float and an array alike."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        c, s = cos_sin(angle)
        ca, sa = cos_sin(np.array([0.5, angle, -angle]))
    for got, want in ((c, math.cos(angle)), (s, math.sin(angle))):
        assert abs(got - want) <= 2 * math.ulp(1.0) or _ulps(got, want) <= 2, (angle, got, want)
    assert (float(ca[1]), float(sa[1])) == (c, s)
    assert (float(ca[2]), float(sa[2])) == (cos_sin(-angle)[0], cos_sin(-angle)[1])
    assert (float(ca[0]), float(sa[0])) == cos_sin(0.5)


def test_cos_sin_of_seeded_huge_angles_matches_libm():
    """2,000 seeded angles from 1e6 to 1e308, both signs: within 2 ulps (or 2 ulps of 1)
    of libm's cos and sin, no warning, the array path bit for bit the scalar one."""
    rng = random.Random(36)
    angles = [rng.choice((-1, 1)) * 10.0 ** rng.uniform(6, 308) for _ in range(2000)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ca, sa = cos_sin(np.array(angles))
        for k, angle in enumerate(angles):
            c, s = cos_sin(angle)
            assert (c, s) == (float(ca[k]), float(sa[k])), angle
            for got, want in ((c, math.cos(angle)), (s, math.sin(angle))):
                assert abs(got - want) <= 2 * math.ulp(1.0) or _ulps(got, want) <= 2, angle


def test_a_polygon_at_a_huge_angle_is_a_turned_polygon():
    """Polygon(..., angle=1e300) (NaN vertices and a RuntimeWarning before): a square of
    the same size, turned by 1e300 mod 2 pi, no warning; both argument orders of sat
    with it agree."""
    from sandbox.core.pair import sat

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        square = Polygon.box(2, 2, angle=1e300)
        other = Polygon.box(2, 2, position=(1.5, 0.0))
        ab, ba = sat(square, other), sat(other, square)
    assert np.isfinite(square.vertices).all()
    sides = np.hypot(*(np.roll(square.vertices, -1, axis=0) - square.vertices).T)
    assert sides == pytest.approx([2.0] * 4, rel=1e-12)
    turn = math.atan2(square.vertices[1][1] - square.vertices[0][1],
                      square.vertices[1][0] - square.vertices[0][0])  # fmt: skip
    assert math.cos(turn) == pytest.approx(math.cos(1e300), abs=1e-12)
    assert ab.colliding == ba.colliding and ab.depth == pytest.approx(ba.depth, abs=1e-12)


def test_cos_sin_within_the_old_range_keeps_its_bits():
    """Below 2**20 pi/2 the reduction is the one the state hashes pin: these values are
    its bits (written down before the exact reduction was added)."""
    pinned = {
        0.5: (0.8775825618903728, 0.479425538604203),
        -3.0: (-0.9899924966004454, -0.1411200080598672),
        1000.0: (0.5623790762907029, 0.8268795405320026),
        1647099.0: (0.9463124973290988, -0.3232532403530771),
        1647099.3291652845: (1.0, -9.955293367186152e-10),
    }
    for angle, bits in pinned.items():
        assert cos_sin(angle) == bits, angle


# -- sweep and decompose --------------------------------------------------------------------


def test_sweep_with_a_subnormal_motion_warns_of_nothing():
    """A motion of 5e-324 (or any subnormal) is finite, within range: sweep answers, both
    argument orders, polygons and circles, with no overflow warning; it hits nothing
    that is apart (the motion is far too short)."""
    shapes = [Polygon.box(1, 1), Polygon.regular(5, 1), Circle(1)]
    far = [Polygon.box(1, 1, (5, 0)), Polygon.regular(7, 1, (0, 4), 0.3), Circle(1, (3, 3))]
    motions = [(5e-324, 0.0), (-5e-324, 0.0), (5e-324, 5e-324), (1e-310, -1e-320), (0, 1e-308)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for a in shapes:
            for b in far:
                for m in motions:
                    for first, second in ((a, b), (b, a)):
                        assert not sweep(first, second, m).hit, (first, second, m)


def test_seeded_sweeps_with_tiny_motions_warn_of_nothing():
    """2,000 seeded pairs of shapes 1e-100 to 1e100 across, motions from 1e-323 to 1e300
    per component: no warning, both orders."""
    rng = np.random.default_rng(36)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for k in range(2000):
            s = float(10.0 ** rng.integers(-100, 100))
            a = Polygon.regular(3 + k % 5, s, angle=float(rng.uniform(0, 7)))
            b = Polygon.box(s, 2 * s, (3 * s, s)) if k % 3 else Circle(s, (3 * s, s))
            m = tuple(rng.uniform(-1, 1, 2) * 10.0 ** rng.integers(-323, 300, 2))
            sweep(a, b, m)
            sweep(b, a, m)


@pytest.mark.parametrize("size", [1e200, 1e151, 1e300, -1e160])
def test_an_outline_beyond_the_largest_coordinate_is_refused(size):
    """decompose (and convexity) of a square 1e200 across: a ShapeError naming the
    stated range (+-1e150), not an overflow warning."""
    square = [(0, 0), (size, 0), (size, size), (0, size)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for call in (decompose, convexity):
            with pytest.raises(ShapeError, match=re.escape(f"within +-{LARGEST:g}")):
                call(square)


def test_an_outline_at_the_largest_coordinate_is_cut_without_a_warning():
    """An L reaching +-1e150 (the edge of the range) is cut in two, no warning."""
    s = LARGEST / 3
    outline = [(0, 0), (1, 0), (1, 2), (3, 2), (3, 3), (0, 3)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cut = decompose([(x * s, -y * s) for x, y in outline])
        flipped = decompose([(-x * s, y * s) for x, y in outline])
    assert len(cut.pieces) == len(flipped.pieces) == 2
