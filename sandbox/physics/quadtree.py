"""Broad phase by quadtree: split crowded squares in four, compare only nearby boxes.

An alternative to sort-and-sweep (tutorial 004, spatial partitioning). The root is the
square around every box; a square holding more than `capacity` boxes splits at its
centre into four (down to `max_depth`). A box goes down into a quarter only when it
lies strictly inside it; a box that touches or crosses a split line stays where it is::

    +-----------+-----------+       build(square, boxes):
    |  0        |           |           if few boxes or too deep: keep them, stop
    |     +-----+--+        |           for each quarter: the boxes strictly inside
    |     |  1  |  |        |               go down: build(quarter, those)
    +-----+-----+--+--------+           the rest (1 here) stay in this square
    |           |  2  |  3  |
    |           |     |     |       a box is compared with the boxes of its own square
    +-----------+-----------+       and of every square below it

Two overlapping boxes are always compared: if they went down into different quarters,
a split line would pass strictly between them. The result has the fields of
sort_and_sweep's (`pairs`, `swept_pairs`: the pairs compared exactly, `all_pairs`)
plus the squares, as data a renderer can draw.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .pairs import as_boxes, overlapping, without_fixed_pairs


@dataclass(frozen=True)
class QuadNode:
    """One square of the tree (preorder: a node's children come after it)."""

    depth: int
    bounds: tuple[float, float, float, float]  # (min_x, min_y, max_x, max_y)
    bodies: tuple[int, ...]  # boxes kept at this square
    children: tuple[int, ...]  # indices into QuadtreeResult.nodes (none, or four)


@dataclass(frozen=True)
class QuadtreeResult:
    pairs: np.ndarray  # (k, 2) int, as sort_and_sweep
    swept_pairs: int  # pairs compared exactly
    all_pairs: int  # n * (n - 1) / 2
    nodes: tuple[QuadNode, ...]  # nodes[0] is the root


def quadtree(boxes, fixed=None, capacity: int = 4, max_depth: int = 8) -> QuadtreeResult:
    """Pairs of overlapping boxes (n, 4) = (min_x, min_y, max_x, max_y), via a quadtree.

    Touching counts as overlapping; pairs of two `fixed` bodies are dropped, as in
    sort_and_sweep.
    """
    boxes = as_boxes(boxes)
    if not (isinstance(capacity, int) and capacity >= 1):
        raise ValueError(f"capacity must be a whole number >= 1, got {capacity!r}")
    if not (isinstance(max_depth, int) and max_depth >= 0):
        raise ValueError(f"max_depth must be a whole number >= 0, got {max_depth!r}")
    n = len(boxes)
    lo = boxes[:, :2].min(axis=0) if n else np.zeros(2)
    side = float((boxes[:, 2:].max(axis=0) - lo).max()) if n else 0.0
    side = side if side > 0 else 1.0
    nodes: list[dict] = []
    found: list[np.ndarray] = []

    def build(bounds, members: np.ndarray, depth: int) -> tuple[int, np.ndarray]:
        """Add the node for `members`; return its index and every box in its subtree."""
        index = len(nodes)
        node = {"depth": depth, "bounds": bounds, "bodies": members, "children": ()}
        nodes.append(node)
        x0, y0, x1, y1 = bounds
        xm, ym = (x0 + x1) / 2, (y0 + y1) / 2
        b = boxes[members]
        left, right = b[:, 2] < xm, b[:, 0] > xm
        top, bottom = b[:, 3] < ym, b[:, 1] > ym  # y grows downward
        quarters = [
            ((x0, y0, xm, ym), left & top),
            ((xm, y0, x1, ym), right & top),
            ((x0, ym, xm, y1), left & bottom),
            ((xm, ym, x1, y1), right & bottom),
        ]
        moving = np.any([inside for _, inside in quarters], axis=0)
        if len(members) <= capacity or depth >= max_depth or not moving.any():
            found.append(_pairs_within(members))
            return index, members
        node["bodies"] = members[~moving]
        children, below = [], []
        for quarter, inside in quarters:
            child, subtree = build(quarter, members[inside], depth + 1)
            children.append(child)
            below.append(subtree)
        node["children"] = tuple(children)
        below = np.concatenate(below)
        kept = node["bodies"]
        found.append(_pairs_within(kept))
        found.append(_rows(np.repeat(kept, len(below)), np.tile(below, len(kept))))
        return index, members

    root = (float(lo[0]), float(lo[1]), float(lo[0]) + side, float(lo[1]) + side)
    build(root, np.arange(n), 0)
    compared = np.concatenate([np.empty((0, 2), np.intp), *found])  # each pair once
    compared = compared[np.lexsort((compared[:, 1], compared[:, 0]))]
    pairs = without_fixed_pairs(overlapping(boxes, compared), fixed)
    return QuadtreeResult(
        pairs=pairs,
        swept_pairs=len(compared),
        all_pairs=n * (n - 1) // 2,
        nodes=tuple(
            QuadNode(d["depth"], d["bounds"], tuple(int(b) for b in d["bodies"]), d["children"])
            for d in nodes
        ),
    )


def _pairs_within(members: np.ndarray) -> np.ndarray:
    i, j = np.triu_indices(len(members), 1)
    return _rows(members[i], members[j])


def _rows(i: np.ndarray, j: np.ndarray) -> np.ndarray:
    """(min, max) rows: no pair is listed twice, as no box sits in two squares."""
    return np.column_stack([np.minimum(i, j), np.maximum(i, j)]).astype(np.intp)
