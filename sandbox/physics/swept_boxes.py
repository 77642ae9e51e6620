"""The bullets' broad phase on swept boxes (numpy only): which boxes a bullet's motion can
meet this step, and which pairs certainly miss (physics/bullets.py cuts the motions)."""

from __future__ import annotations

import math

import numpy as np

from ..core.geometry import AABB
from .broadphase import sort_and_sweep

MISS_MARGIN = 1e-6  # of the pair's scale: how far apart a certain miss stays (past rounding)


def near(swept: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(near, near_start): for each bullet, the later ones whose swept box meets its own
    widened by 1e-9 of its coordinates (a cut bullet's box, start + motion * fraction,
    may stick out of its swept box by rounding); NaN boxes meet nothing."""
    m = len(swept)
    keep = np.flatnonzero(~np.isnan(swept).any(axis=1))
    pad = 1e-9 * (np.abs(swept[keep]).max(axis=1, initial=0.0) + 1.0)
    widened = swept[keep] + pad[:, None] * np.array([-1.0, -1.0, 1.0, 1.0])
    pairs = sort_and_sweep(widened).pairs  # (a, b), a < b: keep is in body order
    first, later = keep[pairs[:, 0]], keep[pairs[:, 1]]
    return later, np.searchsorted(first, np.arange(m + 1))


def movers(start_boxes: np.ndarray, motions: np.ndarray) -> np.ndarray:
    """(m, 7) the moving side of `certain_misses` and `misses_box`, worked out once per
    mover: centre x, y, |size| of its start box, motion x, y, |motion|^2, |motion|."""
    with np.errstate(over="ignore", invalid="ignore"):  # NaN or inf: never certain
        centre = (start_boxes[:, :2] + start_boxes[:, 2:]) * 0.5
        d = motions
        dd = d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1]
        size = _norm(start_boxes[:, 2:] - start_boxes[:, :2])
        return np.column_stack([centre, size, d, dd, _norm(d)])


def certain_misses(moving: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """Moving shapes (rows of `movers`: their start boxes and motions) that certainly
    never come near static ones (boxes) this step: the circles round their boxes stay
    apart over the whole motion, by far more than rounding. NaN or inf anywhere: not
    certain."""
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        b_centre = (boxes[:, :2] + boxes[:, 2:]) * 0.5
        reach = 0.5 * (moving[:, 2] + _norm(boxes[:, 2:] - boxes[:, :2]))
        f, d, dd = moving[:, :2] - b_centre, moving[:, 3:5], moving[:, 5]
        t = np.clip(-(f[:, 0] * d[:, 0] + f[:, 1] * d[:, 1]) / dd, 0.0, 1.0)
        t = np.where(dd > 0, t, 0.0)
        closest = _norm(f + t[:, None] * d)
        scale = _norm(f) + moving[:, 6] + reach + 1.0
        return closest > reach + MISS_MARGIN * scale


def misses_box(moving: list, box: tuple) -> list[bool]:
    """`certain_misses` of a few movers (rows of `movers`, as floats) against the one box
    (min_x, min_y, max_x, max_y), on floats: its operations in its order, so the same
    bits (IEEE + - * / and sqrt; np.clip's NaN stays NaN, and a zero t's sign is lost
    in the squares)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    size_b = math.sqrt(w * w + h * h)
    bx, by = (x0 + x1) * 0.5, (y0 + y1) * 0.5
    misses = []
    for cx, cy, size, dx, dy, dd, norm_d in moving:
        reach = 0.5 * (size + size_b)
        fx, fy = cx - bx, cy - by
        t = 0.0
        if dd > 0:
            t = -(fx * dx + fy * dy) / dd
            t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
        gx, gy = fx + t * dx, fy + t * dy
        scale = math.sqrt(fx * fx + fy * fy) + norm_d + reach + 1.0
        misses.append(math.sqrt(gx * gx + gy * gy) > reach + MISS_MARGIN * scale)
    return misses


def _norm(v: np.ndarray) -> np.ndarray:
    return np.sqrt(v[:, 0] * v[:, 0] + v[:, 1] * v[:, 1])


def flat_parts(parts: list) -> np.ndarray:
    """Every part of every shape, in order, as one object array."""
    flat = np.empty(sum(len(p) for p in parts), dtype=object)
    flat[:] = [part for shape_parts in parts for part in shape_parts]
    return flat


def overlapping(swept: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """(k, j) rows, sorted: swept box k meets box j (touching counts; NaN meets nothing)."""
    keep_a = np.flatnonzero(~np.isnan(swept).any(axis=1))
    keep_b = np.flatnonzero(~np.isnan(boxes).any(axis=1))
    found = sort_and_sweep(
        np.concatenate([swept[keep_a], boxes[keep_b]]),
        fixed=np.arange(len(keep_a) + len(keep_b)) >= len(keep_a),
    ).pairs
    found = found[(found[:, 0] < len(keep_a)) & (found[:, 1] >= len(keep_a))]
    pairs = np.column_stack([keep_a[found[:, 0]], keep_b[found[:, 1] - len(keep_a)]])
    return pairs[np.lexsort((pairs[:, 1], pairs[:, 0]))]


def box_tuple(box: AABB) -> tuple[float, float, float, float]:
    return box.min_x, box.min_y, box.max_x, box.max_y


def box_union(a: AABB, b: AABB) -> tuple[float, float, float, float]:
    return (
        min(a.min_x, b.min_x),
        min(a.min_y, b.min_y),
        max(a.max_x, b.max_x),
        max(a.max_y, b.max_y),
    )
