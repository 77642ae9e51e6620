"""The bullet sweep's two shortcuts give the answers of the code they stand in for, bit
for bit (issue 44: the sweep of 2,000 fast bullets, ~460 -> ~300 ms).

* `swept_boxes.misses_box`: `certain_misses` of a few movers against one box, on Python
  floats, row by row;
* `swept_batch`'s two circles "far apart" (beyond the radii by a millionth of their
  coordinates' size): apart without working out sat's axis."""

from __future__ import annotations

import math

import numpy as np

from sandbox.core.geometry import Circle
from sandbox.core.swept import sweep
from sandbox.core.swept_batch import sweep_many
from sandbox.physics.swept_boxes import certain_misses, misses_box, movers


def test_misses_box_is_certain_misses_row_by_row():
    """15,000 movers (start boxes and motions at scales 1e-5 to 1e200, zero motions,
    NaN and inf among them) against 300 boxes (one with an infinite side): the float
    version says exactly what the array version says, and both answers occur."""
    rng = np.random.default_rng(3)
    said = {True: 0, False: 0}
    for trial in range(300):
        n = 50
        scale = 10.0 ** rng.uniform(-5, 200)
        lo = rng.normal(size=(n, 2)) * scale
        size = np.abs(rng.normal(size=(n, 2))) * scale * rng.uniform(0, 0.1)
        start_boxes = np.hstack([lo, lo + size])
        motions = rng.normal(size=(n, 2)) * scale * rng.choice([0, 1e-3, 1, 10], size=(n, 1))
        if trial % 5 == 0:
            motions[rng.integers(0, n, 5)] = 0.0
        if trial % 7 == 0:
            start_boxes[rng.integers(0, n)] = np.nan
            motions[rng.integers(0, n)] = np.inf
            start_boxes[rng.integers(0, n), 0] = -np.inf
        corner = rng.normal(size=2) * scale
        box = np.hstack([corner, corner + np.abs(rng.normal(size=2)) * scale * rng.uniform(0, 0.1)])
        if trial % 11 == 0:
            box[2] = np.inf
        with np.errstate(all="ignore"):
            expected = certain_misses(movers(start_boxes, motions), np.tile(box, (n, 1)))
        got = misses_box(movers(start_boxes, motions).tolist(), tuple(box.tolist()))
        assert got == expected.tolist(), trial
        for value in got:
            said[value] += 1
    assert said[True] > 1000 and said[False] > 1000


def _circle_pairs(seed: int, count: int):
    """Circles at 1e-3 to 1e12 from the origin, radii 1e-3 to 1e3, their centres the
    radii's sum apart give or take 0, 1e-12, 1e-6 or 1e-3 of their size (the far-apart
    shortcut's threshold is 1e-6), moving 1e-2 to 1e4 px."""
    rng = np.random.default_rng(seed)
    a, b, motions, bands = [], [], [], []
    for _ in range(count):
        base = 10.0 ** rng.uniform(-3, 12) * rng.choice([-1, 1], 2)
        ra, rb = 10.0 ** rng.uniform(-3, 3), 10.0 ** rng.uniform(-3, 3)
        heading = rng.uniform(0, 2 * math.pi)
        scale = np.abs(base).sum() + max(ra, rb)
        band = int(rng.integers(0, 4))
        relative = [0.0, 1e-6, 1e-12, 1e-3][band] * rng.uniform(-3, 3)
        distance = max((ra + rb) + relative * (scale + ra + rb), 0.0)
        other = base + distance * np.array([math.cos(heading), math.sin(heading)])
        a.append(Circle(ra, tuple(base)))
        b.append(Circle(rb, tuple(other)))
        motions.append(rng.normal(size=2) * 10.0 ** rng.uniform(-2, 4))
        bands.append(band)
    return a, b, np.array(motions), np.array(bands)


def test_two_circles_swept_in_a_batch_are_swept_as_a_pair_in_both_orders():
    """20,000 circle pairs near touching, at every scale: `sweep_many` gives each pair's
    `sweep` (hit, overlap, fraction and normal, exactly), a then b and b then a (the
    motion reversed); pairs overlap, touch later, and miss, in every band off exact
    touching (exact touching counts as overlapping)."""
    a, b, motions, bands = _circle_pairs(seed=7, count=20000)
    seen = set()
    for first, second, moves in ((a, b, motions), (b, a, -motions)):
        batch = sweep_many(first, second, moves)
        for k in range(len(first)):
            pair = sweep(first[k], second[k], moves[k])
            assert pair.initially_overlapping == batch.initially_overlapping[k], k
            assert pair.hit == batch.hit[k], k
            if pair.hit:
                assert pair.fraction == batch.fraction[k], k
            if pair.hit and not pair.initially_overlapping:
                assert tuple(pair.normal) == tuple(batch.normal[k]), k
            kind = "overlap" if pair.initially_overlapping else "hit" if pair.hit else "miss"
            seen.add((int(bands[k]), kind))
    kinds = ("overlap", "hit", "miss")
    assert {(band, kind) for band in (1, 2, 3) for kind in kinds} | {(0, "overlap")} <= seen
