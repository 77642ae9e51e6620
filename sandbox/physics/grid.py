"""Broad phase on a uniform grid: only boxes that share a cell can overlap (numpy only).

An alternative to sort-and-sweep (tutorial 004, spatial partitioning)::

    cell (col, row) = floor((x - origin_x) / cell), floor((y - origin_y) / cell)

    +-----+-----+-----+      each box is listed in every cell it covers;
    | 0   | 0 1 |     |      pairs are the boxes listed together in some cell,
    +-----+-----+-----+      each pair once, then the exact box test keeps
    |     | 1   | 2   |      the ones that really overlap (0-1 here; 1 and 2
    +-----+-----+-----+      share no cell, so they are never compared)

Touching boxes share a cell (floor is monotonic, so a shared edge lands in the same
column), so the result equals the brute-force answer exactly. A box that would cover
more than `MAX_CELLS_PER_BOX` cells is *oversized*: kept out of the grid and compared
with every other box. The result has the fields of sort_and_sweep's (`pairs`,
`swept_pairs`: the pairs compared exactly, `all_pairs`) plus the occupied cells.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .pairs import as_boxes, ordered, overlapping, same_cell_pairs, without_fixed_pairs

MAX_CELLS_PER_BOX = 64


@dataclass(frozen=True)
class GridCell:
    column: int
    row: int
    bodies: tuple[int, ...]


@dataclass(frozen=True)
class GridResult:
    """Candidate pairs (i < j, sorted) and the grid that found them."""

    pairs: np.ndarray  # (k, 2) int, as sort_and_sweep
    swept_pairs: int  # pairs compared exactly (they shared a cell, or one is oversized)
    all_pairs: int  # n * (n - 1) / 2
    origin: tuple[float, float]  # the corner of cell (0, 0)
    cell_size: float
    cells: tuple[GridCell, ...]  # the occupied cells, by column then row
    oversized: tuple[int, ...]  # boxes too big for the grid

    def cell_bounds(self, cell: GridCell) -> tuple[float, float, float, float]:
        """(min_x, min_y, max_x, max_y) of a cell, for drawing."""
        x = self.origin[0] + cell.column * self.cell_size
        y = self.origin[1] + cell.row * self.cell_size
        return (x, y, x + self.cell_size, y + self.cell_size)


def default_cell_size(boxes: np.ndarray) -> float:
    """The median of the boxes' larger sides (1 when every box is a point)."""
    sides = np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])
    size = float(np.median(sides)) if len(sides) else 0.0
    return size if size > 0 else 1.0


def uniform_grid(boxes, fixed=None, cell_size: float | None = None) -> GridResult:
    """Pairs of overlapping boxes (n, 4) = (min_x, min_y, max_x, max_y), via a grid.

    Touching counts as overlapping; pairs of two `fixed` bodies are dropped, as in
    sort_and_sweep.
    """
    boxes = as_boxes(boxes)
    n = len(boxes)
    size = default_cell_size(boxes) if cell_size is None else float(cell_size)
    if not (math.isfinite(size) and size > 0):
        raise ValueError(f"cell_size must be a positive finite number, got {cell_size!r}")
    origin = (float(boxes[:, 0].min()), float(boxes[:, 1].min())) if n else (0.0, 0.0)
    # Cell coordinates as floats: exact integers up to 2**53, and never an overflow.
    first_col = np.floor((boxes[:, 0] - origin[0]) / size)
    last_col = np.floor((boxes[:, 2] - origin[0]) / size)
    first_row = np.floor((boxes[:, 1] - origin[1]) / size)
    last_row = np.floor((boxes[:, 3] - origin[1]) / size)
    cols, rows = last_col - first_col + 1, last_row - first_row + 1
    oversized = cols * rows > MAX_CELLS_PER_BOX
    body = np.flatnonzero(~oversized)
    counts = (cols * rows)[body].astype(np.intp)
    owner = np.repeat(body, counts)
    k = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
    width = cols[owner]
    col, row = first_col[owner] + k % width, first_row[owner] + k // width
    order = np.lexsort((owner, row, col))
    col, row, owner = col[order], row[order], owner[order]
    pairs = same_cell_pairs(owner, col, row)
    big = np.flatnonzero(oversized)
    if len(big):
        extra = ordered(np.repeat(big, n), np.tile(np.arange(n), len(big)))
        pairs = ordered(*np.concatenate([pairs, extra]).T)
    compared = len(pairs)
    pairs = without_fixed_pairs(overlapping(boxes, pairs), fixed)
    starts = np.flatnonzero(np.r_[True, (col[1:] != col[:-1]) | (row[1:] != row[:-1])])
    starts = starts[starts < len(owner)]  # (no entries: no cells)
    cells = tuple(
        GridCell(int(col[s]), int(row[s]), tuple(int(b) for b in owner[s:e]))
        for s, e in zip(starts, [*starts[1:], len(owner)][: len(starts)], strict=True)
    )
    return GridResult(
        pairs=pairs,
        swept_pairs=compared,
        all_pairs=n * (n - 1) // 2,
        origin=origin,
        cell_size=size,
        cells=cells,
        oversized=tuple(int(b) for b in big),
    )
