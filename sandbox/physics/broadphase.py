"""Broad phase: cheap candidate pairs before the exact SAT (numpy only).

Sort and sweep (tutorial 004): sort the bounding boxes by their left edge; a box
can only overlap the boxes whose left edge comes before its own right edge::

    sorted by min_x:   [--0--]
                          [----1----]
                                 [-2-]        0 meets 1; 1 meets 2; 0 never meets 2
                                        [--3--]

The sweep finds each box's run of followers with one `searchsorted`, expands
the runs into pairs, then keeps those whose y ranges overlap too. Every pair
that survives is handed to the narrow phase (SAT); every pair that does not
was rejected without touching a vertex.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class BroadPhaseResult:
    """Candidate pairs (i < j, sorted) and how much the sweep saved."""

    pairs: np.ndarray  # (k, 2) int
    swept_pairs: int  # pairs whose x ranges overlap (before the y test)
    all_pairs: int  # n * (n - 1) / 2: what a brute-force narrow phase would test


def sort_and_sweep(boxes: np.ndarray, fixed: np.ndarray | None = None) -> BroadPhaseResult:
    """Pairs of overlapping boxes among `boxes` (n, 4) = (min_x, min_y, max_x, max_y).

    Touching boxes count as overlapping. Pairs in which both bodies are `fixed`
    (static) are dropped: nothing can move them apart or together.
    """
    boxes = np.asarray(boxes, dtype=float).reshape(-1, 4)
    n = len(boxes)
    all_pairs = n * (n - 1) // 2
    if n < 2:
        return BroadPhaseResult(np.empty((0, 2), dtype=np.intp), 0, all_pairs)
    order = np.argsort(boxes[:, 0], kind="stable")
    sorted_boxes = boxes[order]
    # Followers of sorted box k: positions k+1 .. end[k]-1 (left edge <= k's right edge).
    end = np.searchsorted(sorted_boxes[:, 0], sorted_boxes[:, 2], side="right")
    run = np.maximum(end - np.arange(n) - 1, 0)
    total = int(run.sum())
    # Entry t of box k's run is follower t + k + 1 - (the run's first entry), without a
    # Python loop; k itself is only needed for the few entries that pass the y test.
    last = np.cumsum(run)
    second = np.arange(total) + np.repeat(np.arange(1, n + 1) - (last - run), run)
    min_y, max_y = sorted_boxes[:, 1], sorted_boxes[:, 3]
    keep = np.repeat(min_y, run) <= max_y.take(second)
    keep &= min_y.take(second) <= np.repeat(max_y, run)
    hit = np.flatnonzero(keep)
    i = order.take(np.searchsorted(last, hit, side="right"))  # the run (box) of each hit
    j = order.take(second.take(hit))
    low, high = np.minimum(i, j), np.maximum(i, j)
    if fixed is not None:
        fixed = np.asarray(fixed, dtype=bool)
        moving = ~(fixed.take(low) & fixed.take(high))
        low, high = low[moving], high[moving]
    # Deterministic order, whatever the sort did with equal keys: by (first, second),
    # one key per pair (pairs are distinct: sorting the keys themselves gives this order).
    key = low.astype(np.int64) * n + high
    key.sort()
    first = key // n
    pairs = np.column_stack([first, key - first * n])
    return BroadPhaseResult(pairs.astype(np.intp), total, all_pairs)


def brute_force_pairs(boxes: np.ndarray) -> np.ndarray:
    """All overlapping pairs by testing every pair: the reference the sweep must equal."""
    boxes = np.asarray(boxes, dtype=float).reshape(-1, 4)
    i, j = np.triu_indices(len(boxes), 1)
    a, b = boxes[i], boxes[j]
    keep = (a[:, 0] <= b[:, 2]) & (b[:, 0] <= a[:, 2]) & (a[:, 1] <= b[:, 3]) & (b[:, 1] <= a[:, 3])
    return np.column_stack([i[keep], j[keep]]).astype(np.intp)
