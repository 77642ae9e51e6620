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

Boxes whose columns line up in x (a grid of 2,000 boxes, a pyramid) give each box
50-60 x-followers of which 4-6 touch it. Then the same sweep runs within horizontal
bands (each box listed in every band it covers; a pair kept only in the band of the
larger of its two tops), which finds the same pairs from a tenth of the candidates.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# x-swept pairs a box above which the sweep runs band by band (below it, the bands'
# own bookkeeping costs more than they save: a falling pile has about 14).
BAND_ABOVE = 32
# A box covering more bands than this (64 times the boxes' mean height) is tested
# against every box instead of being listed in each band.
MAX_BANDS = 64


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
    found = _banded(boxes, order, end) if total > BAND_ABOVE * n else None
    if found is None:
        second, last = _followers(run)
        min_y, max_y = sorted_boxes[:, 1], sorted_boxes[:, 3]
        keep = np.repeat(min_y, run) <= max_y.take(second)
        keep &= min_y.take(second) <= np.repeat(max_y, run)
        hit = np.flatnonzero(keep)
        i = order.take(np.searchsorted(last, hit, side="right"))  # the run (box) of each hit
        j = order.take(second.take(hit))
    else:
        i, j = found
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


def _followers(run: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Entry k against k+1 .. k+run[k], every run in one array without a Python loop:
    (the follower of each entry of the runs, the runs' ends). Entry t of run k is
    follower t + k + 1 - (the run's first entry); k itself is found from the ends."""
    last = np.cumsum(run)
    total = int(last[-1]) if len(last) else 0
    return np.arange(total) + np.repeat(np.arange(1, len(run) + 1) - (last - run), run), last


def _banded(boxes: np.ndarray, order: np.ndarray, end: np.ndarray):
    """Every overlapping pair (i, j), once each, in no particular order; None when the
    boxes do not suit bands (a box not finite or inside out, or no height at all).

    The bands are the boxes' mean height tall; a box is listed in each band its y range
    covers, and each band is swept in the x order `order` (followers up to `end`, as in
    the sweep). Two boxes that overlap are both listed in the band of the larger of
    their two tops (bands only grow with y), and only that band keeps the pair."""
    n = len(boxes)
    min_x, min_y, max_x, max_y = boxes.T
    height = float(np.mean(max_y - min_y))
    top = float(min_y.min())
    usable = np.isfinite(boxes).all() and (max_x >= min_x).all() and (max_y >= min_y).all()
    if not (usable and height > 0 and (float(max_y.max()) - top) / height < float(1 << 40)):
        return None
    low = np.floor((min_y - top) / height)
    covers = (np.floor((max_y - top) / height) - low + 1).astype(np.int64)
    tall = covers > MAX_BANDS
    covers[tall] = 0
    # Each box's place in the x order and its followers' end there, as a box index.
    place, reach = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64)
    place[order], reach[order] = np.arange(n), end
    owner = np.repeat(np.arange(n), covers)
    band = low.astype(np.int64).take(owner) + (
        np.arange(len(owner)) - np.repeat(np.cumsum(covers) - covers, covers)
    )
    key = band * n + place.take(owner)  # by band, then in x order (unique)
    sort = np.argsort(key)
    key, owner, band = key.take(sort), owner.take(sort), band.take(sort)
    run = np.searchsorted(key, band * n + reach.take(owner)) - np.arange(len(key)) - 1
    second, _ = _followers(run)
    a, b = np.repeat(owner, run), owner.take(second)
    keep = (min_y.take(a) <= max_y.take(b)) & (min_y.take(b) <= max_y.take(a))
    keep &= np.maximum(low.take(a), low.take(b)) == np.repeat(band, run)
    hit = np.flatnonzero(keep)
    i, j = a.take(hit), b.take(hit)
    tall = np.flatnonzero(tall)
    if len(tall):  # against every box, each pair of two tall boxes once
        ti, tj = np.repeat(tall, n), np.tile(np.arange(n), len(tall))
        other = (covers.take(tj) > 0) | (ti < tj)
        ti, tj = ti[other], tj[other]
        meet = (min_x.take(ti) <= max_x.take(tj)) & (min_x.take(tj) <= max_x.take(ti))
        meet &= (min_y.take(ti) <= max_y.take(tj)) & (min_y.take(tj) <= max_y.take(ti))
        i, j = np.concatenate([i, ti[meet]]), np.concatenate([j, tj[meet]])
    return i, j


def brute_force_pairs(boxes: np.ndarray) -> np.ndarray:
    """All overlapping pairs by testing every pair: the reference the sweep must equal."""
    boxes = np.asarray(boxes, dtype=float).reshape(-1, 4)
    i, j = np.triu_indices(len(boxes), 1)
    a, b = boxes[i], boxes[j]
    keep = (a[:, 0] <= b[:, 2]) & (b[:, 0] <= a[:, 2]) & (a[:, 1] <= b[:, 3]) & (b[:, 1] <= a[:, 3])
    return np.column_stack([i[keep], j[keep]]).astype(np.intp)
