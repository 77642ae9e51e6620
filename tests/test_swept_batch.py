"""The swept test in batches (sandbox/core/swept_batch.py): `sweep_many` must give, pair
for pair, exactly what the per-pair `sweep` gives: the same hit, first fraction, normal,
start overlap and per-axis records, bit for bit (compared as float.hex, so that -0.0
and 0.0 differ too)."""

from __future__ import annotations

import math
from dataclasses import astuple

import numpy as np
import pytest
from shapes import ShapePool

from sandbox.core.geometry import Circle, Polygon
from sandbox.core.swept import sweep
from sandbox.core.swept_batch import sweep_many

SEED = 20261127


def _hexed(value):
    """Every float in a (nested) value as its exact hex spelling."""
    if isinstance(value, float):
        return value.hex()
    if isinstance(value, (tuple, list)):
        return tuple(_hexed(v) for v in value)
    if value is None or isinstance(value, (bool, int)):
        return value
    return _hexed(astuple(value))  # a SweptAxis


def _batch_row(batch, k):
    """Pair k of a SweepBatch in the per-pair result's terms, as hex."""
    hit = bool(batch.hit[k])
    overlapping = bool(batch.initially_overlapping[k])
    fraction = float(batch.fraction[k]) if hit else None
    normal = tuple(float(v) for v in batch.normal[k]) if hit and not overlapping else None
    return _hexed((hit, fraction, normal, overlapping, batch.axes[k]))


def _sweep_row(a, b, d):
    r = sweep(a, b, d)
    normal = r.normal if r.hit and not r.initially_overlapping else None
    return _hexed((r.hit, r.fraction, normal, r.initially_overlapping, r.axes))


def _random_pair(rng, pool, kind):
    """(A, B, d): B at the origin, A somewhere around it (overlapping, apart, close),
    thrown at it, past it, along an axis, or not at all."""
    make = {
        "polygon": lambda: pool.polygon(rng, position=(0.0, 0.0)),
        "circle": lambda: Circle(float(rng.uniform(2, 60)), (0.0, 0.0)),
    }
    a, b = make[kind[0]](), make[kind[1]]()
    reach = max(abs(v) for v in a.aabb().__dict__.values()) + max(
        abs(v) for v in b.aabb().__dict__.values()
    )
    u = rng.uniform(0, 2 * math.pi)
    distance = reach * float(rng.choice([0.2, 0.8, 1.0, 1.3, 2.0, 3.0]))
    start = (distance * math.cos(u), distance * math.sin(u))
    if rng.random() < 0.2:  # on a whole-number grid: exact touches and parallel faces
        start = (float(round(start[0])), float(round(start[1])))
    a = a.placed(start)
    style = rng.integers(5)
    if style == 0:
        d = (0.0, 0.0)
    elif style == 1:  # along x or y (slides parallel to axis-aligned faces)
        d = (float(rng.choice([-1, 1]) * reach * 2), 0.0)
        d = d if rng.random() < 0.5 else (0.0, d[0])
    else:
        aim = -np.asarray(start) + rng.normal(0, reach, size=2)
        d = tuple(float(v) for v in aim * rng.uniform(0.2, 2.5))
    return a, b, d


def _touching_pairs():
    """Exact touches on whole numbers: boxes face to face and corner to corner, circles
    at the sum of their radii (3-4-5), a circle on a face; moving in, out, along."""
    pairs = []
    box = Polygon.box(10, 10)
    motions = [(0.0, 0.0), (-5.0, 0.0), (5.0, 0.0), (0.0, 7.0), (-3.0, 4.0), (3.0, -4.0)]
    for a, b in (
        (box.placed((10.0, 0.0)), box),
        (box.placed((10.0, 10.0)), box),
        (box.placed((10.0, 3.0)), box),
        (Circle(2.0, (3.0, 4.0)), Circle(3.0)),
        (Circle(5.0, (10.0, 0.0)), box),
        (Circle(5.0, (5.0, 5.0)).placed((8.0, 9.0)), box),
        (Polygon.regular(6, 5.0, (10.0, 0.0)), Polygon.regular(6, 5.0)),
        (Circle(1.0, (0.0, 0.0)), Circle(1.0, (0.0, 0.0))),  # concentric
    ):
        for d in motions:
            pairs += [(a, b, d), (b, a, (-d[0], -d[1]))]
    return pairs


@pytest.fixture(scope="module")
def cases():
    rng = np.random.default_rng(SEED)
    pool = ShapePool(rng, size=120)
    kinds = [("polygon", "polygon"), ("circle", "polygon"), ("polygon", "circle")]
    kinds.append(("circle", "circle"))
    pairs = [_random_pair(rng, pool, kind) for kind in kinds for _ in range(1500)]
    return pairs + _touching_pairs()


def test_sweep_many_equals_sweep_bit_for_bit(cases):
    """On 6,000 seeded pairs (polygon-polygon, circle-polygon, polygon-circle,
    circle-circle; overlapping, touching on whole numbers, hitting, missing, still,
    sliding along a face) and 96 exact touches in both orders, row k of sweep_many is
    sweep(a[k], b[k], d[k]): hit, fraction, normal, start overlap and axis records,
    every float's bits."""
    a, b, d = zip(*cases, strict=True)
    batch = sweep_many(a, b, d)
    tally = {"overlap": 0, "hit": 0, "miss": 0, "records": 0}
    for k, (x, y, motion) in enumerate(cases):
        expected = _sweep_row(x, y, motion)
        assert _batch_row(batch, k) == expected, (k, x, y, motion)
        hit, _, _, overlapping, records = expected
        tally["overlap" if overlapping else "hit" if hit else "miss"] += 1
        tally["records"] += len(records)
    assert min(tally["overlap"], tally["hit"], tally["miss"]) > 900, tally
    assert tally["records"] > 5000, tally


def test_sweep_many_in_pieces_equals_one_batch(cases):
    """A pair's answer does not depend on the pairs batched with it: every tenth pair
    alone gives the same bits as in the whole batch."""
    a, b, d = zip(*cases, strict=True)
    whole = sweep_many(a, b, d)
    for k in range(0, len(cases), 10):
        alone = sweep_many([a[k]], [b[k]], [d[k]])
        assert _batch_row(alone, 0) == _batch_row(whole, k)


def test_sweep_many_refuses_what_sweep_refuses():
    """A motion with NaN or inf is a ValueError, unequal lengths too; no pairs, no rows."""
    box = Polygon.box(1, 1)
    with pytest.raises(ValueError, match="must be finite"):
        sweep_many([box], [box.placed((5.0, 0.0))], [(math.nan, 0.0)])
    with pytest.raises(ValueError, match="2 shapes in A, 1 in B"):
        sweep_many([box, box], [box], [(0.0, 0.0), (0.0, 0.0)])
    assert len(sweep_many([], [], []).hit) == 0
