"""Pair bookkeeping shared by the grid and quadtree broad phases (numpy only).

Pairs are (k, 2) int arrays with i < j in each row; the final list is unique and
sorted by i then j, as sort_and_sweep returns it.
"""

from __future__ import annotations

import numpy as np


def as_boxes(boxes) -> np.ndarray:
    """`boxes` as an (n, 4) float array (min_x, min_y, max_x, max_y), else ValueError."""
    array = np.asarray(boxes, dtype=float).reshape(-1, 4)
    if not np.isfinite(array).all():
        raise ValueError("box bounds must be finite numbers")
    if (array[:, 2] < array[:, 0]).any() or (array[:, 3] < array[:, 1]).any():
        raise ValueError("every box needs min <= max on both axes")
    return array


def ordered(i: np.ndarray, j: np.ndarray) -> np.ndarray:
    """Rows (min, max) of the two index arrays, each pair once, sorted."""
    pairs = np.column_stack([np.minimum(i, j), np.maximum(i, j)]).astype(np.intp)
    pairs = pairs[pairs[:, 0] != pairs[:, 1]]
    if len(pairs) == 0:
        return np.empty((0, 2), dtype=np.intp)
    return np.unique(pairs, axis=0)


def same_cell_pairs(owner: np.ndarray, col: np.ndarray, row: np.ndarray) -> np.ndarray:
    """Every pair of owners listed in the same cell; entries are sorted by (col, row).

    As in the sweep: entry k pairs with the entries after it up to the end of its
    cell's run, expanded without a Python loop.
    """
    m = len(owner)
    if m < 2:
        return np.empty((0, 2), dtype=np.intp)
    new_cell = np.r_[True, (col[1:] != col[:-1]) | (row[1:] != row[:-1])]
    cell_id = np.cumsum(new_cell) - 1
    cell_end = np.r_[np.flatnonzero(new_cell)[1:], m][cell_id]
    run = cell_end - np.arange(m) - 1
    first = np.repeat(np.arange(m), run)
    starts = np.repeat(np.cumsum(run) - run, run)
    second = first + 1 + (np.arange(int(run.sum())) - starts)
    return ordered(owner[first], owner[second])


def overlapping(boxes: np.ndarray, pairs: np.ndarray) -> np.ndarray:
    """The pairs whose boxes overlap or touch."""
    a, b = boxes[pairs[:, 0]], boxes[pairs[:, 1]]
    keep = (a[:, 0] <= b[:, 2]) & (b[:, 0] <= a[:, 2]) & (a[:, 1] <= b[:, 3]) & (b[:, 1] <= a[:, 3])
    return pairs[keep]


def without_fixed_pairs(pairs: np.ndarray, fixed) -> np.ndarray:
    """Drop pairs of two fixed (static) bodies: nothing moves them together or apart."""
    if fixed is not None:
        fixed = np.asarray(fixed, dtype=bool)
        pairs = pairs[~(fixed[pairs[:, 0]] & fixed[pairs[:, 1]])]
    return pairs.astype(np.intp).reshape(-1, 2)
