"""The manifolds' fast layout gives the very bits of the plain one.

The step gathers its pairs straight from the colliders (`polygon_manifolds_of`: slot-major
columns, padding past the largest polygon dropped) where the tests and the oracle call
`polygon_manifolds` on (P, W, 2) rows; both must agree bit for bit, sign of zero
included, or a recording would replay differently. The written-out first maximum and
minimum must pick what argmax and argmin pick: the first on a tie, the first NaN. And
the clip sat()'s contact points run on one pair of floats gives the bits the manifolds'
arrays get (the points the overlay draws are the solver's).
"""

import numpy as np
import pytest
from shapes import padded_rows

from sandbox.core.clipping import clip_incident
from sandbox.core.geometry import Polygon
from sandbox.core.manifold import _first_max, _first_min, polygon_manifolds, polygon_manifolds_of

FIELDS = ("normal", "points", "separation", "ids", "count")


def shapes(rng, count):
    """Boxes on a 4 px grid (exact ties, touching faces) and turned regular polygons."""
    out = []
    for _ in range(count):
        if rng.random() < 0.5:
            w, h = rng.integers(1, 5, 2) * 4.0
            out.append(Polygon.box(w, h, position=tuple(rng.integers(-3, 4, 2) * 4.0)))
        else:
            sides, radius = int(rng.integers(3, 8)), float(rng.uniform(2, 12))
            where, angle = tuple(rng.uniform(-10, 10, 2)), float(rng.uniform(0, 6.3))
            out.append(Polygon.regular(sides, radius, position=where, angle=angle))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_gathered_manifolds_equal_the_plain_ones_bit_for_bit(seed):
    rng = np.random.default_rng(seed)
    pool = shapes(rng, 120)
    extra = seed % 3  # padding slots past the largest polygon: dropped by the gather
    v, n, k = padded_rows(pool, max(len(p.vertices) for p in pool) + extra)
    first, second = rng.integers(0, len(pool), 400), rng.integers(0, len(pool), 400)
    margin = rng.uniform(0.0, 4.0, 400) if seed % 2 else 1.0
    plain = polygon_manifolds(v[first], n[first], k[first], v[second], n[second], k[second], margin)
    gathered = polygon_manifolds_of(v, n, k, first, second, margin)
    assert (plain.count > 0).sum() > 100  # many pairs really touch
    for field in FIELDS:
        a, b = getattr(plain, field), getattr(gathered, field)
        assert a.dtype == b.dtype and np.array_equal(a, b), field
        assert np.array_equal(np.signbit(a), np.signbit(b)), field


def test_no_pairs_give_empty_manifolds():
    v, n, k = padded_rows(shapes(np.random.default_rng(0), 3), 7)
    none = np.zeros(0, dtype=np.intp)
    m = polygon_manifolds_of(v, n, k, none, none, 1.0)
    assert m.points.shape == (0, 2, 2) and m.count.shape == (0,)


def test_first_extremes_pick_what_argmax_and_argmin_pick():
    rng = np.random.default_rng(4)
    s = np.round(rng.uniform(-2, 2, (6, 500)))  # ties in most columns
    s[:, :5] = -0.0
    s[2, :5] = 0.0  # -0.0 and 0.0 are a tie: the first wins
    s[rng.random((6, 500)) < 0.05] = -np.inf
    index, value = _first_max(s)
    assert np.array_equal(index, s.argmax(axis=0))
    assert np.array_equal(value, s.max(axis=0))
    assert np.array_equal(_first_min(s), s.argmin(axis=0))
    s[3, 7] = np.nan  # argmax and argmin take the first NaN
    s[1, 9], s[4, 9] = np.nan, np.nan
    assert np.array_equal(_first_max(s)[0], s.argmax(axis=0))
    assert np.array_equal(_first_min(s), s.argmin(axis=0))


def test_clip_incident_gives_the_same_bits_for_one_edge_as_for_many():
    """clip_incident on 3,000 seeded edge pairs as arrays, and on each pair as floats
    (sat()'s one pair): every clipped end, separation and miss equal, bit for bit. The
    pairs: 1,040 cut at the low end, 1,146 at the up end (471 at both), 859 wholly
    beyond the face; 300 incident edges of one point, 177 reference edges of 1e-13 px."""
    rng = np.random.default_rng(44)
    n = 3000
    v11, v12 = rng.uniform(-300, 300, (2, n, 2))
    # The incident edge runs backward along the reference edge, from `up` to `low` of
    # its length, each end off the face by a few px: clipped at one end, both, none.
    up = rng.uniform(-0.3, 1.6, (n, 1))
    low = up - rng.uniform(0.0, 1.5, (n, 1))
    v21 = v11 + up * (v12 - v11) + rng.normal(0, 3, (n, 2))
    v22 = v11 + low * (v12 - v11) + rng.normal(0, 3, (n, 2))
    v22[::10] = v21[::10]  # a point
    v12[::17] = v11[::17] + 1e-13  # a reference edge of (almost) no length
    edge = v12 - v11
    normal = np.column_stack([edge[:, 1], -edge[:, 0]]) / np.hypot(*edge.T)[:, None]
    columns = (*v11.T, *v12.T, *v21.T, *v22.T, *normal.T)
    many = clip_incident(*columns)
    for i in range(n):
        one = clip_incident(*(float(c[i]) for c in columns))
        for key, value in one.items():
            assert np.array_equal(np.float64(value), np.float64(many[key][i])), (i, key)
