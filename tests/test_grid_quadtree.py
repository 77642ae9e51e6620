"""The uniform grid and the quadtree find exactly the pairs brute force finds, on seeded
random boxes and on the awkward ones: touching in x only, y only, both, at corners,
huge and tiny boxes, points, every box in one cell."""

from __future__ import annotations

import numpy as np
import pytest

from sandbox.physics.broadphase import brute_force_pairs, sort_and_sweep
from sandbox.physics.grid import GridResult, uniform_grid
from sandbox.physics.quadtree import QuadtreeResult, quadtree

PHASES = {
    "grid": lambda boxes, fixed=None: uniform_grid(boxes, fixed),
    "grid, small cells": lambda boxes, fixed=None: uniform_grid(boxes, fixed, cell_size=0.7),
    "grid, big cells": lambda boxes, fixed=None: uniform_grid(boxes, fixed, cell_size=500.0),
    "quadtree": lambda boxes, fixed=None: quadtree(boxes, fixed),
    "quadtree, deep": lambda boxes, fixed=None: quadtree(boxes, fixed, capacity=1, max_depth=12),
}


def lattice_boxes(rng: np.random.Generator, n: int) -> np.ndarray:
    """Boxes on an integer lattice, 0 to 4 wide: many share an edge, a corner or a line
    (zero width or height), and some are repeated."""
    lo = rng.integers(0, 15, (n, 2)).astype(float)
    boxes = np.c_[lo, lo + rng.integers(0, 5, (n, 2))]
    if n > 3:
        boxes[1] = boxes[0]
    return boxes


def float_boxes(rng: np.random.Generator, n: int) -> np.ndarray:
    """Spread-out boxes from a millionth to a million across, and points."""
    lo = rng.uniform(-1e3, 1e3, (n, 2))
    size = 10.0 ** rng.uniform(-6, 6, (n, 2)) * (rng.random((n, 1)) < 0.9)
    return np.c_[lo, lo + size]


@pytest.mark.parametrize("name", PHASES)
def test_candidates_equal_brute_force_on_random_boxes(name):
    rng = np.random.default_rng(21)
    found = 0
    for trial in range(150):
        n = int(rng.integers(0, 50))
        boxes = lattice_boxes(rng, n) if trial % 2 else float_boxes(rng, n)
        result = PHASES[name](boxes)
        expected = brute_force_pairs(boxes)
        assert np.array_equal(result.pairs, expected)  # same pairs, same order, no repeats
        assert result.all_pairs == n * (n - 1) // 2
        assert len(expected) <= result.swept_pairs <= result.all_pairs
        found += len(expected)
    assert found > 2000


TOUCHING = {
    "x only": [[0, 0, 1, 1], [1, 0, 2, 1]],  # share the side x = 1
    "y only": [[0, 0, 1, 1], [0, 1, 1, 2]],
    "corner": [[0, 0, 1, 1], [1, 1, 2, 2]],
    "both, nested": [[0, 0, 4, 4], [1, 1, 2, 2]],
    "point on a side": [[0, 0, 1, 1], [1, 0.5, 1, 0.5]],
    "apart by a hair": [[0, 0, 1, 1], [1 + 1e-12, 0, 2, 1]],
    "one cell": [[0.1, 0.1, 0.2, 0.2]] * 3,
}


@pytest.mark.parametrize("name", PHASES)
@pytest.mark.parametrize("case", TOUCHING)
def test_touching_boxes_are_candidates_and_a_hair_apart_are_not(name, case):
    boxes = np.array(TOUCHING[case], dtype=float)
    for shift in (0.0, 0.5, 1e6):  # also moved off the cell lines
        expected = brute_force_pairs(boxes + shift)
        assert np.array_equal(PHASES[name](boxes + shift).pairs, expected)
    assert len(brute_force_pairs(boxes)) == {"apart by a hair": 0, "one cell": 3}.get(case, 1)


def test_huge_box_is_oversized_in_the_grid_and_kept_at_the_root_of_the_quadtree():
    boxes = np.array([[0, 0, 1, 1], [5, 5, 6, 6], [-1e9, -1e9, 1e9, 1e9], [2, 2, 2, 2]], float)
    grid = uniform_grid(boxes, cell_size=1.0)
    assert grid.oversized == (2,)
    assert grid.pairs.tolist() == [[0, 2], [1, 2], [2, 3]]
    tree = quadtree(boxes, capacity=1)
    assert 2 in tree.nodes[0].bodies and tree.pairs.tolist() == [[0, 2], [1, 2], [2, 3]]


def test_grid_lists_bodies_per_cell_and_fixed_pairs_are_dropped():
    """Two 10-boxes on a 10 grid: box 0 covers cells (0..1, 0..1) (its far sides lie on
    the next cell's line), box 1 touches it at x = 10 and covers columns 1..2."""
    boxes = np.array([[0, 0, 10, 10], [10, 0, 20, 10]], float)
    grid = uniform_grid(boxes, cell_size=10.0)
    assert isinstance(grid, GridResult) and grid.origin == (0.0, 0.0)
    cells = {(c.column, c.row): c.bodies for c in grid.cells}
    assert cells == {(0, 0): (0,), (0, 1): (0,), (1, 0): (0, 1), (1, 1): (0, 1), (2, 0): (1,)} | {
        (2, 1): (1,)
    }
    assert grid.cell_bounds(grid.cells[2]) == (10.0, 0.0, 20.0, 10.0)
    assert grid.pairs.tolist() == [[0, 1]]
    assert uniform_grid(boxes, fixed=[True, True]).pairs.shape == (0, 2)
    assert quadtree(boxes, fixed=[True, True]).pairs.shape == (0, 2)


def test_quadtree_subdivides_crowded_squares_only():
    """Eight unit boxes in one corner of a 100-square: the root splits, the corner
    quarter splits further, the empty quarters stay leaves; children tile the parent."""
    boxes = np.r_[[[0, 0, 100, 100]], [[x, y, x + 1, y + 1] for x in (2, 5) for y in (2, 5, 8, 11)]]
    tree = quadtree(boxes.astype(float), capacity=4)
    assert isinstance(tree, QuadtreeResult)
    root = tree.nodes[0]
    assert root.bodies == (0,) and len(root.children) == 4
    for node in tree.nodes:
        if node.children:
            x0, y0, x1, y1 = node.bounds
            area = sum(
                (tree.nodes[c].bounds[2] - tree.nodes[c].bounds[0])
                * (tree.nodes[c].bounds[3] - tree.nodes[c].bounds[1])
                for c in node.children
            )
            assert area == pytest.approx((x1 - x0) * (y1 - y0))
            assert all(tree.nodes[c].depth == node.depth + 1 for c in node.children)
    assert max(node.depth for node in tree.nodes) >= 2
    assert sorted(b for node in tree.nodes for b in node.bodies) == list(range(9))


@pytest.mark.parametrize(
    "call",
    [
        lambda: uniform_grid([[0, 0, 1, 1]], cell_size=0),
        lambda: uniform_grid([[0, 0, float("nan"), 1]]),
        lambda: quadtree([[0, 0, 1, 1]], capacity=0),
        lambda: quadtree([[2, 0, 1, 1]]),
    ],
)
def test_bad_arguments_raise_value_error(call):
    with pytest.raises(ValueError):
        call()


def test_the_three_broad_phases_agree_with_static_bodies():
    rng = np.random.default_rng(4)
    boxes = lattice_boxes(rng, 40)
    fixed = rng.random(40) < 0.3
    expected = sort_and_sweep(boxes, fixed).pairs
    assert np.array_equal(uniform_grid(boxes, fixed).pairs, expected)
    assert np.array_equal(quadtree(boxes, fixed).pairs, expected)
