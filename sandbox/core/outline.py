"""Outlines that may be concave: validation and tutorial 004's convexity tests (numpy only).

An *outline* is a closed list of (x, y) vertices in either winding, convex or not. Two
ways to tell a concave outline from a convex one (tutorial 004)::

    the turn at each corner:                a line through the shape:
    cross = (v[i] - v[i-1]) x (v[i+1] - v[i])
                                                  +-----+   +-----+
     v[i-1] ---> v[i]        same sign as the     |     |   |     |
                   \\        winding: convex      ==x=====x===x=====x==  4 crossings:
                    v        opposite: reflex     |     +---+     |      concave
                  v[i+1]     (a hollow starts)    +---------------+

`convexity(outline)` returns the first as data (`Convexity`); `line_crossings` the
second. `validated_outline` checks that an outline is *simple* — it never crosses or
touches itself — the condition for splitting it into convex pieces (`decompose`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .geometry import Vec2
from .locales import N_
from .polygon_check import (
    DEGENERATE_TOLERANCE,
    _size,
    refuse_unbounded_vertices,
    signed_area,
    turns_of_directions,
)
from .portable import cos_sin, dot_rows, hypot, next_rows, previous_rows
from .shape_input import ShapeError


@dataclass(frozen=True)
class Convexity:
    """The sign of the turn at every corner of an outline, in the caller's order."""

    vertices: tuple[Vec2, ...]
    cross: tuple[float, ...]  # cross[i]: edge into corner i  x  edge out of corner i
    winding: int  # +1: positive shoelace sum (the library's winding), -1: the other
    reflex: tuple[int, ...]  # corners turning against the winding (where a hollow starts)
    flat: tuple[int, ...]  # corners on the line through their neighbours
    turns: int  # how many times the outline winds around (2 for a pentagram)

    @property
    def convex(self) -> bool:
        """No reflex corner and one turn round: the outline bounds a convex shape."""
        return not self.reflex and self.turns == 1


def _as_vertex_array(outline) -> np.ndarray:
    """`outline` as a finite (n, 2) float array with n >= 3, else ShapeError."""
    try:
        v = np.array(outline, dtype=float)
    except (TypeError, ValueError):
        raise ShapeError.words(N_("an outline must be a sequence of (x, y) number pairs")) from None
    if v.ndim != 2 or v.shape[1] != 2:
        raise ShapeError(f"an outline must be a sequence of (x, y) pairs, got shape {v.shape}")
    if len(v) < 3:
        raise ShapeError.words(N_("an outline needs at least 3 vertices, got {n}"), n=len(v))
    refuse_unbounded_vertices(v)
    return v


def _corner_turns(v: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(cross, dot, |in| * |out|) of the edges into and out of every corner."""
    into = v - previous_rows(v)
    out = next_rows(v) - v
    cross = into[:, 0] * out[:, 1] - into[:, 1] * out[:, 0]
    dot = dot_rows(into, out)
    return cross, dot, hypot(*into.T) * hypot(*out.T)


def _checked_area(v: np.ndarray, size: float) -> float:
    edges = next_rows(v) - v
    short = hypot(*edges.T) <= DEGENERATE_TOLERANCE * size
    if short.any():
        i = int(np.argmax(short))
        raise ShapeError.words(
            N_("vertices {first} and {second} are repeated (zero-length edge)"),
            first=i,
            second=(i + 1) % len(v),
        )
    area = signed_area(v)
    if abs(area) <= DEGENERATE_TOLERANCE * size * size:
        raise ShapeError.words(N_("the outline has zero area (all vertices on one line)"))
    return area


def convexity(outline) -> Convexity:
    """Tutorial 004's corner test on any outline of 3+ distinct vertices (it may cross)."""
    v = _as_vertex_array(outline)
    area = _checked_area(v, _size(v))
    winding = 1 if area > 0 else -1
    cross, dot, scale = _corner_turns(v)
    flat = np.abs(cross) <= DEGENERATE_TOLERANCE * scale
    reflex = (winding * cross < 0) & ~flat
    turning = turns_of_directions(v - previous_rows(v), cross) * winding
    return Convexity(
        vertices=tuple((float(x), float(y)) for x, y in v),
        cross=tuple(float(c) for c in cross),
        winding=winding,
        reflex=tuple(int(i) for i in np.flatnonzero(reflex)),
        flat=tuple(int(i) for i in np.flatnonzero(flat)),
        turns=turning,
    )


def line_crossings(outline, point, direction) -> tuple[float, ...]:
    """Sorted t where the line point + t * direction crosses the outline's edges.

    A line through a convex shape crosses it twice; more crossings mean a hollow. (A
    line through a vertex counts that vertex once per edge it ends: pick a line that
    does not graze a corner, as the tutorial warns about tangents.)
    """
    v = _as_vertex_array(outline)
    p, d = np.asarray(point, dtype=float), np.asarray(direction, dtype=float)
    start, edge = v, next_rows(v) - v
    denom = d[0] * edge[:, 1] - d[1] * edge[:, 0]
    w = start - p
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (w[:, 0] * edge[:, 1] - w[:, 1] * edge[:, 0]) / denom
        s = (w[:, 0] * d[1] - w[:, 1] * d[0]) / denom
    hit = (denom != 0) & (s >= 0) & (s < 1)  # each vertex belongs to the edge it starts
    return tuple(sorted(float(x) for x in t[hit]))


def validated_outline(outline) -> np.ndarray:
    """The outline as an (n, 2) array once it is known to be simple, else ShapeError.

    Simple: at least 3 vertices, no point repeated, non-zero area, no edge crossing or
    touching another, no corner where the outline doubles back along itself.
    """
    given = _as_vertex_array(outline)
    v = given - given[0]  # every test is on differences: made at vertex 0, none lose digits
    n, size = len(v), _size(v)
    gaps = hypot(*(v[:, None, :] - v[None, :, :]).transpose(2, 0, 1))
    gaps[np.tril_indices(n)] = np.inf
    if (gaps <= DEGENERATE_TOLERANCE * size).any():
        i, j = (int(k) for k in np.argwhere(gaps <= DEGENERATE_TOLERANCE * size)[0])
        raise ShapeError.words(
            N_("vertices {first} and {second} are the same point (repeated)"), first=i, second=j
        )
    if _off_line(v) <= DEGENERATE_TOLERANCE * size:
        raise ShapeError.words(N_("the outline has zero area (all vertices on one line)"))
    cross, dot, scale = _corner_turns(v)
    back = (np.abs(cross) <= DEGENERATE_TOLERANCE * scale) & (dot < 0)
    if back.any():
        raise ShapeError.words(
            N_("the outline doubles back on itself at vertex {vertex}"),
            vertex=int(np.argmax(back)),
        )
    _refuse_crossing_edges(v, DEGENERATE_TOLERANCE * size * size)
    _checked_area(v, size)
    return given


def _off_line(v: np.ndarray) -> float:
    """The farthest any vertex lies from the line through vertex 0 and the vertex
    farthest from it (0 when every vertex is on one line)."""
    d = v - v[0]
    far = d[int(np.argmax(dot_rows(d, d)))]
    size = float(np.sqrt(far[0] * far[0] + far[1] * far[1]))
    if size == 0.0:
        return 0.0
    return float(np.abs(d[:, 0] * far[1] - d[:, 1] * far[0]).max()) / size


def _refuse_crossing_edges(v: np.ndarray, slack: float) -> None:
    """ShapeError if two edges that share no vertex cross or touch (within `slack`)."""
    n = len(v)
    i, j = np.triu_indices(n, 2)
    keep = (j - i) != n - 1  # edges 0 and n-1 share vertex 0
    i, j = i[keep], j[keep]
    p, r = v[i], v[(i + 1) % n] - v[i]
    q, s = v[j], v[(j + 1) % n] - v[j]

    def orient(origin, edge, point):
        return edge[:, 0] * (point[:, 1] - origin[:, 1]) - edge[:, 1] * (point[:, 0] - origin[:, 0])

    o1, o2 = orient(p, r, q), orient(p, r, q + s)
    o3, o4 = orient(q, s, p), orient(q, s, p + r)
    # signs, not products: o1 * o2 of an outline 1e112 across is 1e448 (overflow)
    apart = (np.sign(o1) != np.sign(o2)) & (np.sign(o3) != np.sign(o4))
    proper = apart & (np.abs([o1, o2, o3, o4]) > slack).all(axis=0)

    def touches(origin, edge, point, o):
        t = dot_rows(point - origin, edge) / dot_rows(edge, edge)
        return (np.abs(o) <= slack) & (t >= 0) & (t <= 1)

    touching = (touches(p, r, q, o1) | touches(p, r, q + s, o2) | touches(q, s, p, o3)) | touches(
        q, s, p + r, o4
    )
    bad = proper | touching
    if bad.any():
        k = int(np.argmax(bad))
        raise ShapeError.words(
            N_("edges {first} and {second} cross or touch: the outline crosses itself"),
            first=i[k],
            second=j[k],
        )


def most_crossed_line(outline, tries: int = 24) -> tuple[Vec2, Vec2, tuple[float, ...]]:
    """Tutorial 004's line test, made to show its point: the line through the outline
    that crosses it the most times, as (point, unit direction, crossing t's).

    Candidates: lines in 4 directions (0, 45, 90, 135 degrees), each at `tries` evenly
    spaced offsets across the outline, moved off any vertex (a line through a corner
    counts it twice). Most crossings wins; ties go to the line nearest the middle.
    """
    v = _as_vertex_array(outline)
    best = None
    for k in range(4):
        d = np.array(cos_sin(k * math.pi / 4))
        n = np.array([-d[1], d[0]])
        offsets = dot_rows(v, n)
        lo, hi = float(offsets.min()), float(offsets.max())
        for j in range(tries):
            c = lo + (hi - lo) * (j + 0.5) / tries
            if np.any(np.abs(offsets - c) < 1e-6 * (hi - lo)):
                c += 1e-3 * (hi - lo) / tries  # off the corner
            point = n * c
            ts = line_crossings(v, point, d)
            key = (len(ts), -abs(j + 0.5 - tries / 2), -k)
            if best is None or key > best[0]:
                best = (key, (float(point[0]), float(point[1])), (float(d[0]), float(d[1])), ts)
    return best[1], best[2], best[3]
