"""The grid's cells and the quadtree's squares are the ones drawn by hand below.

test_grid_quadtree.py proves the *pairs* equal brute force; these pin down the
*structure* a learner sees on screen (which square a box sits in, which cells a box
covers, how many pairs were compared), since a wrong split can still give the right
pairs. Every expected value here is derived by hand in the docstring.
"""

from __future__ import annotations

import numpy as np
import pytest

from sandbox.physics.broadphase import brute_force_pairs
from sandbox.physics.grid import MAX_CELLS_PER_BOX, default_cell_size, uniform_grid
from sandbox.physics.quadtree import quadtree

# The root square is 100 across at (100, 200); it splits at x = 150 and y = 250.
OFFSET = np.array([100.0, 200.0, 100.0, 200.0])
SPLIT_BOXES = (
    np.array(
        [
            [0, 0, 10, 10],  # 0: top-left quarter
            [90, 0, 100, 10],  # 1: top-right
            [0, 90, 10, 100],  # 2: bottom-left
            [90, 90, 100, 100],  # 3: bottom-right
            [45, 45, 55, 55],  # 4: across the centre: stays at the root
            [40, 0, 50, 10],  # 5: touches x = 50 from the left: stays
            [50, 20, 60, 30],  # 6: touches x = 50 from the right: stays
            [0, 40, 10, 50],  # 7: touches y = 50 from above: stays
            [20, 50, 30, 60],  # 8: touches y = 50 from below: stays
        ],
        dtype=float,
    )
    + OFFSET
)


def test_quadtree_splits_at_the_centre_and_keeps_boxes_on_a_split_line():
    """Root (100, 200)-(200, 300): side = the larger extent (100 in both here), corner =
    the least min_x and min_y. Boxes 0-3 lie strictly inside one quarter each and go down;
    4-8 cross or touch a split line and stay. With capacity 1 each quarter (one box) is a
    leaf. Compared: the 5 kept boxes among themselves (10) + each against the 4 below (20)."""
    tree = quadtree(SPLIT_BOXES, capacity=1, max_depth=3)
    root, *quarters = tree.nodes
    assert root.depth == 0
    assert root.bounds == (100.0, 200.0, 200.0, 300.0)
    assert root.bodies == (4, 5, 6, 7, 8)
    assert root.children == (1, 2, 3, 4)
    assert [q.bounds for q in quarters] == [
        (100.0, 200.0, 150.0, 250.0),
        (150.0, 200.0, 200.0, 250.0),
        (100.0, 250.0, 150.0, 300.0),
        (150.0, 250.0, 200.0, 300.0),
    ]
    assert [q.bodies for q in quarters] == [(0,), (1,), (2,), (3,)]
    assert [q.depth for q in quarters] == [1, 1, 1, 1]
    assert [q.children for q in quarters] == [(), (), (), ()]
    assert tree.swept_pairs == 10 + 5 * 4
    assert tree.all_pairs == 36 and isinstance(tree.all_pairs, int)
    # No two of these boxes overlap: each pair is apart on x or on y (5 and 6 touch in x
    # at 150 but lie 10 apart in y).
    assert tree.pairs.tolist() == brute_force_pairs(SPLIT_BOXES).tolist() == []


def test_quadtree_root_square_uses_the_larger_side_and_its_own_corner():
    """Extents 30 wide and 80 tall from (-7, 11): the root is the 80-square at (-7, 11)."""
    boxes = np.array([[-7, 11, 3, 21], [13, 81, 23, 91]], dtype=float)
    tree = quadtree(boxes, capacity=4)
    assert tree.nodes[0].bounds == (-7.0, 11.0, 73.0, 91.0)
    assert len(tree.nodes) == 1  # two boxes, capacity 4: no split
    assert tree.swept_pairs == 1


def test_quadtree_leaf_holds_exactly_capacity_boxes():
    """A square holding exactly `capacity` boxes does not split; one more and it does."""
    corners = SPLIT_BOXES[:4]
    assert len(quadtree(corners, capacity=4).nodes) == 1
    assert len(quadtree(corners, capacity=3).nodes) == 5


def test_quadtree_stops_at_max_depth():
    """Two boxes strictly inside the top-left quarter (0-50): at max_depth 1 that quarter
    is a leaf holding both; at max_depth 2 it splits at 25, box (0-10) goes down into
    its own top-left quarter and box (20-30), across 25, stays."""
    boxes = np.array([[0, 0, 10, 10], [20, 20, 30, 30], [90, 90, 100, 100]], dtype=float)
    shallow = quadtree(boxes, capacity=1, max_depth=1)
    assert [n.depth for n in shallow.nodes] == [0, 1, 1, 1, 1]
    assert shallow.nodes[1].bodies == (0, 1)
    deep = quadtree(boxes, capacity=1, max_depth=2)
    top_left = deep.nodes[1]
    assert top_left.bodies == (1,)
    assert deep.nodes[top_left.children[0]].bodies == (0,)
    assert deep.nodes[top_left.children[0]].bounds == (0.0, 0.0, 25.0, 25.0)
    assert deep.nodes[top_left.children[0]].depth == 2
    assert quadtree(boxes, max_depth=0, capacity=1).nodes[0].children == ()


def test_quadtree_of_nothing_and_of_a_point():
    """No boxes: one unit root at the origin. One point box: a unit root at the point."""
    empty = quadtree(np.empty((0, 4)))
    assert empty.nodes[0].bounds == (0.0, 0.0, 1.0, 1.0)
    assert (empty.pairs.shape, empty.swept_pairs, empty.all_pairs) == ((0, 2), 0, 0)
    point = quadtree([[5.0, 6.0, 5.0, 6.0]])
    assert point.nodes[0].bounds == (5.0, 6.0, 6.0, 7.0)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"capacity": 0}, "capacity must be a whole number >= 1, got 0"),
        ({"capacity": 1.5}, "capacity must be a whole number >= 1, got 1.5"),
        ({"max_depth": -1}, "max_depth must be a whole number >= 0, got -1"),
        ({"max_depth": 2.0}, "max_depth must be a whole number >= 0, got 2.0"),
    ],
)
def test_quadtree_rejects_bad_limits_with_a_clear_message(kwargs, message):
    with pytest.raises(ValueError, match="^" + message.replace(".", r"\.") + "$"):
        quadtree(SPLIT_BOXES, **kwargs)


# -- the grid --

GRID_BOXES = np.array(
    [
        [3, 5, 7, 9],  # 0: cells (0, 0) .. (0, 0)  (origin (3, 5), cell 10)
        [8, 5, 14, 9],  # 1: columns 0-1 ((8-3)/10 = 0, (14-3)/10 = 1), row 0
        [13, 15, 16, 16],  # 2: column 1, row 1 ((15-5)/10 = 1): touches cell edge x = 13
        [23, 25, 33, 35],  # 3: columns 2-3, rows 2-3 (both ends on a cell edge)
    ],
    dtype=float,
)


def test_grid_lists_each_box_in_every_cell_it_covers():
    """Cell (c, r) spans origin + 10·(c, r) .. +10; origin = the least min_x, min_y = (3, 5).
    A box edge exactly on a cell line counts in the cell past it (floor), so box 3 covers
    a 2x2 block. Only boxes 0 and 1 share a cell, so one pair is compared, and it does not
    overlap (x 3-7 against 8-14)."""
    grid = uniform_grid(GRID_BOXES, cell_size=10.0)
    assert grid.origin == (3.0, 5.0)
    assert grid.cell_size == 10.0
    cells = {(c.column, c.row): c.bodies for c in grid.cells}
    assert cells == {
        (0, 0): (0, 1),
        (1, 0): (1,),
        (1, 1): (2,),
        (2, 2): (3,),
        (2, 3): (3,),
        (3, 2): (3,),
        (3, 3): (3,),
    }
    assert [(c.column, c.row) for c in grid.cells] == sorted(cells)  # by column, then row
    assert grid.swept_pairs == 1
    assert grid.pairs.tolist() == []
    assert grid.all_pairs == 6 and isinstance(grid.all_pairs, int)
    assert grid.oversized == ()
    assert grid.cell_bounds(grid.cells[-1]) == (33.0, 35.0, 43.0, 45.0)


def test_grid_default_cell_is_the_median_larger_side():
    """Larger sides 4, 6, 3 and 10: the median is 5. All points: 1."""
    assert default_cell_size(GRID_BOXES) == 5.0
    assert default_cell_size(np.array([[1, 1, 1, 1], [2, 2, 2, 2]], dtype=float)) == 1.0
    assert uniform_grid(GRID_BOXES).cell_size == 5.0


def test_grid_compares_an_oversized_box_with_every_other():
    """A box covering more than MAX_CELLS_PER_BOX cells stays out of the grid and is
    compared with all n - 1 others; a box of exactly that many cells stays in."""
    side = int(np.sqrt(MAX_CELLS_PER_BOX))  # 8 x 8 = 64 cells of size 1
    fits = [0.0, 0.0, side - 0.5, side - 0.5]
    too_big = [0.0, 0.0, side + 0.5, side - 0.5]  # 9 x 8 = 72 cells
    far = [[100.0, 100.0, 100.5, 100.5], [200.0, 0.0, 200.5, 0.5]]
    grid = uniform_grid(np.array([fits, *far]), cell_size=1.0)
    assert grid.oversized == ()
    big = uniform_grid(np.array([too_big, *far]), cell_size=1.0)
    assert big.oversized == (0,)
    assert big.swept_pairs == 2
    assert 0 not in {b for c in big.cells for b in c.bodies}


@pytest.mark.parametrize("size", [0.0, -1.0, float("inf"), float("nan")])
def test_grid_rejects_a_bad_cell_size(size):
    with pytest.raises(ValueError, match="cell_size must be a positive finite number"):
        uniform_grid(GRID_BOXES, cell_size=size)


def test_grid_cell_size_takes_each_box_own_larger_side():
    """A tall box (2 x 10) and a wide one (10 x 2), far from the origin on different
    axes: both larger sides are 10, so the median is 10. Sides under 1 px are kept."""
    boxes = np.array([[100, 0, 102, 10], [0, 100, 10, 102]], dtype=float)
    assert default_cell_size(boxes) == 10.0
    assert default_cell_size(np.array([[0, 0, 0.5, 0.25]])) == 0.5


def test_grid_and_quadtree_of_no_boxes_say_so_without_a_numpy_warning():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert default_cell_size(np.empty((0, 4))) == 1.0
        grid = uniform_grid(np.empty((0, 4)))
    assert (grid.origin, grid.cells, grid.swept_pairs, grid.all_pairs) == ((0.0, 0.0), (), 0, 0)


def test_quadtree_root_of_a_sub_pixel_scene_is_not_rounded_up():
    """Boxes within half a pixel: the root square is 0.5 across, not 1."""
    tree = quadtree([[0.0, 0.0, 0.1, 0.1], [0.4, 0.3, 0.5, 0.5]])
    assert tree.nodes[0].bounds == (0.0, 0.0, 0.5, 0.5)


@pytest.mark.parametrize(
    "boxes, message",
    [
        ([[0, 0, float("nan"), 1]], "box bounds must be finite numbers"),
        ([[0, 0, float("inf"), 1]], "box bounds must be finite numbers"),
        ([[2, 0, 1, 1]], "every box needs min <= max on both axes"),
        ([[0, 2, 1, 1]], "every box needs min <= max on both axes"),
    ],
)
@pytest.mark.parametrize("phase", [uniform_grid, quadtree])
def test_bad_boxes_are_refused_with_a_clear_message(phase, boxes, message):
    with pytest.raises(ValueError, match=f"^{message}$"):
        phase(boxes)
