"""Sort-and-sweep on boxes that only just touch: in x only, in y only, in both, at corners.

Touching boxes count as overlapping (an edge shared is a contact SAT must see). The
expected pairs are written by hand, then checked against an independent brute force.
"""

import itertools

import numpy as np
import pytest

from sandbox.physics.broadphase import brute_force_pairs, sort_and_sweep


def pairs_of(boxes, fixed=None):
    return sorted(map(tuple, sort_and_sweep(np.array(boxes, dtype=float), fixed).pairs.tolist()))


def by_hand(boxes):
    """Every pair whose closed x and y ranges both meet: a plain double loop."""
    out = []
    for (i, a), (j, b) in itertools.combinations(enumerate(boxes), 2):
        if a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]:
            out.append((i, j))
    return out


# Box 0 is [0, 10] x [0, 10]; each case adds one box that meets it in one way only.
TOUCHING = {
    "x only (right edge)": [10, 2, 20, 8],  # shares x = 10, y ranges overlap inside
    "x only (left edge)": [-10, 2, 0, 8],
    "y only (bottom edge)": [2, 10, 8, 20],  # shares y = 10, x ranges overlap inside
    "y only (top edge)": [2, -10, 8, 0],
    "both (corner, down-right)": [10, 10, 20, 20],
    "both (corner, up-left)": [-10, -10, 0, 0],
    "both (corner, up-right)": [10, -10, 20, 0],
    "both (corner, down-left)": [-10, 10, 0, 20],
    "identical": [0, 0, 10, 10],
    "point on the corner": [10, 10, 10, 10],
    "zero-width on the edge": [10, 3, 10, 7],
    "zero-height on the edge": [3, 10, 7, 10],
}

APART = {
    "x gap, y overlapping": [10.001, 2, 20, 8],
    "y gap, x overlapping": [2, 10.001, 8, 20],
    "corner gap in x": [10.001, 10, 20, 20],
    "corner gap in y": [10, 10.001, 20, 20],
    "x touching, y apart": [10, 11, 20, 20],
    "y touching, x apart": [11, 10, 20, 20],
}


@pytest.mark.parametrize("other", list(TOUCHING.values()), ids=list(TOUCHING))
def test_boxes_that_touch_are_a_pair_in_either_order(other):
    box = [0, 0, 10, 10]
    assert pairs_of([box, other]) == [(0, 1)]
    assert pairs_of([other, box]) == [(0, 1)]


@pytest.mark.parametrize("other", list(APART.values()), ids=list(APART))
def test_boxes_just_apart_are_no_pair_in_either_order(other):
    box = [0, 0, 10, 10]
    assert pairs_of([box, other]) == []
    assert pairs_of([other, box]) == []


def test_a_grid_of_touching_tiles_pairs_every_neighbour_and_diagonal():
    """A 4 x 3 grid of 10 px tiles sharing edges: each tile meets its 8 neighbours.

    Pairs by hand: horizontal 3*3 = 9, vertical 4*2 = 8, diagonal 2 * 3*2 = 12: 29.
    """
    tiles = [[10 * c, 10 * r, 10 * c + 10, 10 * r + 10] for r in range(3) for c in range(4)]
    rng = np.random.default_rng(3)
    for _ in range(5):  # whatever order the tiles are listed in
        order = rng.permutation(len(tiles))
        boxes = [tiles[k] for k in order]
        found = pairs_of(boxes)
        assert len(found) == 29
        assert found == by_hand(boxes)
        # Neighbours (incl. diagonals) are exactly the tiles whose grid cells differ by <= 1.
        cells = [(k % 4, k // 4) for k in order]
        neighbours = [
            (i, j)
            for i, j in itertools.combinations(range(len(cells)), 2)
            if max(abs(cells[i][0] - cells[j][0]), abs(cells[i][1] - cells[j][1])) == 1
        ]
        assert found == neighbours


def test_sort_and_sweep_equals_brute_force_on_a_grid_full_of_ties():
    """Random boxes with corners on a coarse integer grid: most contacts are exact ties."""
    rng = np.random.default_rng(11)
    seen = {"x only": 0, "y only": 0, "both": 0}
    for _ in range(300):
        n = int(rng.integers(2, 25))
        lo = rng.integers(0, 8, size=(n, 2))
        boxes = np.concatenate([lo, lo + rng.integers(0, 3, size=(n, 2))], axis=1).astype(float)
        expected = by_hand(boxes.tolist())
        assert pairs_of(boxes) == expected
        assert brute_force_pairs(boxes).tolist() == [list(p) for p in expected]
        for i, j in expected:
            a, b = boxes[i], boxes[j]
            x_touch = a[2] == b[0] or b[2] == a[0]
            y_touch = a[3] == b[1] or b[3] == a[1]
            if x_touch and y_touch:
                seen["both"] += 1
            elif x_touch:
                seen["x only"] += 1
            elif y_touch:
                seen["y only"] += 1
    # Every kind of touching occurred many times, so each was really tested.
    assert min(seen.values()) >= 100, seen


def test_swept_pairs_count_the_x_touching_pairs_before_the_y_test():
    """swept_pairs counts pairs whose x ranges meet (touching included); all_pairs is n(n-1)/2."""
    boxes = [[0, 0, 10, 10], [10, 50, 20, 60], [30, 0, 40, 10], [40, 10, 50, 20]]
    result = sort_and_sweep(np.array(boxes, dtype=float))
    # x ranges meet: (0, 1) at x = 10 and (2, 3) at x = 40; y meets only for (2, 3).
    assert result.swept_pairs == 2
    assert result.all_pairs == 6
    # Whole numbers (the HUD prints them): not 6.0.
    assert type(result.swept_pairs) is int and type(result.all_pairs) is int
    assert result.pairs.tolist() == [[2, 3]]
    assert result.pairs.dtype == np.intp


def test_static_pairs_are_dropped_even_when_touching():
    boxes = [[0, 0, 10, 10], [10, 0, 20, 10], [20, 0, 30, 10]]
    assert pairs_of(boxes, fixed=np.array([True, True, False])) == [(1, 2)]
    assert pairs_of(boxes, fixed=np.array([False, True, True])) == [(0, 1)]
    assert pairs_of(boxes, fixed=np.array([True, False, True])) == [(0, 1), (1, 2)]


@pytest.mark.parametrize("n", [0, 1])
def test_fewer_than_two_boxes_give_no_pairs(n):
    result = sort_and_sweep(np.zeros((n, 4)))
    assert result.pairs.shape == (0, 2) and result.pairs.dtype == np.intp  # indices
    assert result.swept_pairs == 0 and result.all_pairs == 0
