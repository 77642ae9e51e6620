"""The sweep by bands (grids, pyramids: boxes whose columns line up in x) finds exactly
the pairs the plain sweep finds, and the same swept count, whichever runs.

`sort_and_sweep` switches to bands above BAND_ABOVE x-swept pairs a box; here the
switch is forced both ways on the same boxes and both are checked against a brute force:
ties on a coarse grid, boxes of no height, tall boxes (tested against every box), and a
packed grid like the hammer bench's.
"""

import numpy as np
import pytest

from sandbox.physics import broadphase
from sandbox.physics.broadphase import brute_force_pairs, sort_and_sweep


def both_ways(monkeypatch, boxes, fixed=None):
    """(plain sweep, by bands): BAND_ABOVE set so that each path runs in turn."""
    monkeypatch.setattr(broadphase, "BAND_ABOVE", 10**9)
    plain = sort_and_sweep(boxes, fixed)
    monkeypatch.setattr(broadphase, "BAND_ABOVE", -1)
    banded = sort_and_sweep(boxes, fixed)
    return plain, banded


def assert_same(plain, banded):
    assert banded.pairs.dtype == plain.pairs.dtype == np.intp
    assert banded.pairs.tolist() == plain.pairs.tolist()
    assert (banded.swept_pairs, banded.all_pairs) == (plain.swept_pairs, plain.all_pairs)


def random_boxes(rng, n, kind):
    if kind == "ties":  # corners on a coarse integer grid: touching everywhere
        lo = rng.integers(0, 12, size=(n, 2)).astype(float)
        size = rng.integers(0, 4, size=(n, 2)).astype(float)
    else:
        lo = rng.uniform(0, 100, size=(n, 2))
        size = rng.uniform(0, 20, size=(n, 2))
    if kind == "tall":  # a few boxes 64+ mean heights tall, and a few of no height
        size[rng.random(n) < 0.05, 1] = 2000.0
        size[rng.random(n) < 0.1, 1] = 0.0
    return np.concatenate([lo, lo + size], axis=1)


@pytest.mark.parametrize("kind", ["ties", "spread", "tall"])
def test_bands_find_the_pairs_the_sweep_finds(monkeypatch, kind):
    rng = np.random.default_rng({"ties": 1, "spread": 2, "tall": 3}[kind])
    for _ in range(150):
        n = int(rng.integers(2, 120))
        boxes = random_boxes(rng, n, kind)
        fixed = rng.random(n) < 0.3
        plain, banded = both_ways(monkeypatch, boxes, fixed)
        assert_same(plain, banded)
        found = both_ways(monkeypatch, boxes)[1].pairs
        assert found.tolist() == brute_force_pairs(boxes).tolist()


def test_a_packed_grid_goes_by_bands_and_finds_every_neighbour_and_diagonal():
    """45 x 45 touching 16 px tiles: each tile's column and the next give it ~90 x-swept
    pairs, so the default switch takes the bands; every pair of neighbours is found."""
    k = np.arange(45 * 45)
    x, y = 16.0 * (k % 45), 16.0 * (k // 45)
    boxes = np.column_stack([x, y, x + 16.0, y + 16.0])
    result = sort_and_sweep(boxes)
    assert result.swept_pairs > broadphase.BAND_ABOVE * len(boxes)  # the bands ran
    assert result.pairs.tolist() == brute_force_pairs(boxes).tolist()
    # 44 * 45 pairs across each axis and 2 * 44 * 44 diagonals (corners touch).
    assert len(result.pairs) == 2 * 44 * 45 + 2 * 44 * 44


def test_boxes_unfit_for_bands_fall_back_to_the_sweep(monkeypatch):
    """No height at all (points on a line) or a box inside out: the plain sweep's answer."""
    points = np.array([[0.0, 5.0, 0.0, 5.0], [0.0, 5.0, 1.0, 5.0], [1.0, 5.0, 2.0, 5.0]])
    assert broadphase._banded(points, np.arange(3), np.array([2, 3, 3])) is None
    inside_out = np.array([[0.0, 0.0, 10.0, 10.0], [5.0, 8.0, 6.0, 7.0]])
    assert broadphase._banded(inside_out, np.arange(2), np.array([2, 2])) is None
    plain, banded = both_ways(monkeypatch, points)
    assert_same(plain, banded)
    assert banded.pairs.tolist() == [[0, 1], [1, 2]]
