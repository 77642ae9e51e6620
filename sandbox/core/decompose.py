"""A concave outline split into convex pieces (numpy only): ear clipping, then Hertel-Mehlhorn.

SAT works on convex shapes only, so a concave outline becomes several convex pieces
(tutorials 001 and 004)::

    1. ear clipping: cut off a triangle     2. Hertel-Mehlhorn: remove every diagonal
       at a convex corner whose triangle       whose two pieces stay convex together
       holds no other vertex, until one
       triangle is left                        +------+            +------+
                                               |\\    |            |      |
       +------+                                | \\   |            |      |
       |      |                                |  \\  +------+     |      +------+
       |      +------+      ------>            |   \\ |\\     |     |------|      |
       |             |                         |    \\| \\    |     |      |      |
       +-------------+                         +------+--\\---+     +------+------+

Hertel-Mehlhorn keeps at most four times the fewest convex pieces possible. Vertices
on the line through their neighbours (collinear) are corners of no piece. Each piece
is a `Polygon` in the caller's frame (position (0, 0)), wound the library's way;
`piece_vertices[k][i]` is the index in the outline of `pieces[k]`'s vertex i.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .geometry import DEGENERATE_TOLERANCE, Polygon, ShapeError, Vec2, signed_area
from .locales import N_
from .outline import validated_outline
from .portable import hypot


@dataclass(frozen=True)
class Decomposition:
    """A simple outline and the convex pieces whose union it is."""

    outline: tuple[Vec2, ...]  # as given
    pieces: tuple[Polygon, ...]
    piece_vertices: tuple[tuple[int, ...], ...]  # outline index of each piece vertex

    @property
    def area(self) -> float:
        return sum(piece.area for piece in self.pieces)

    @property
    def centroid(self) -> Vec2:
        """Centre of area of the union (the pieces do not overlap)."""
        total = self.area
        x = sum(p.area * p.centroid[0] for p in self.pieces) / total
        y = sum(p.area * p.centroid[1] for p in self.pieces) / total
        return (x, y)

    def moment_of_inertia(self, mass: float) -> float:
        """About the union's centroid, for a uniform lamina of `mass` (parallel axis)."""
        cx, cy = self.centroid
        second_moment = sum(
            p.moment_of_inertia(p.area) + p.area * _square_distance(p.centroid, (cx, cy))
            for p in self.pieces
        )
        return mass * second_moment / self.area


def decompose(outline) -> Decomposition:
    """Split a simple outline (either winding, convex or not) into convex pieces.

    Raises ShapeError for fewer than 3 vertices, a repeated point, zero area or an
    outline that crosses or touches itself.
    """
    v = validated_outline(outline)
    # Cut in a frame at vertex 0: an outline far from the origin (an L 1e-6 across at
    # 1e3, 1 across at 1e9) keeps the digits of its turns; the pieces keep v's numbers.
    local = v - v[0]
    order = list(range(len(v))) if signed_area(local) > 0 else [0, *range(len(v) - 1, 0, -1)]
    points = [(float(x), float(y)) for x, y in local]
    corners = _without_flat_corners(points, order)
    if all(_turn(points, corners[k - 2], corners[k - 1], c) > 0 for k, c in enumerate(corners)):
        cycles = [corners]
    else:
        cycles = _merged(points, _ear_clipped(local, points, corners))
    cycles = [_without_flat_corners(points, cycle) for cycle in cycles]
    return Decomposition(
        outline=tuple((float(x), float(y)) for x, y in v),
        pieces=tuple(Polygon(v[cycle]) for cycle in cycles),
        piece_vertices=tuple(tuple(cycle) for cycle in cycles),
    )


def _turn(points: list[Vec2], a: int, b: int, c: int) -> float:
    """sin(turn at b): > 0 convex, 0 straight on, < 0 reflex; -1 when the outline turns
    straight back (a spike is no convex corner either)."""
    (ax, ay), (bx, by), (cx, cy) = points[a], points[b], points[c]
    abx, aby, bcx, bcy = bx - ax, by - ay, cx - bx, cy - by
    cross = abx * bcy - aby * bcx
    scale = hypot(abx, aby) * hypot(bcx, bcy)
    if abs(cross) <= DEGENERATE_TOLERANCE * scale:
        return 0.0 if abx * bcx + aby * bcy > 0 else -1.0
    return cross / scale


def _without_flat_corners(v: list[Vec2], cycle: list[int]) -> list[int]:
    """`cycle` without the corners on the line through their neighbours (repeatedly)."""
    cycle = list(cycle)
    changed = True
    while changed and len(cycle) > 3:
        changed = False
        for k in range(len(cycle)):
            a, b, c = cycle[k - 1], cycle[k], cycle[(k + 1) % len(cycle)]
            if _turn(v, a, b, c) == 0.0:
                del cycle[k]
                changed = True
                break
    return cycle


def _ear_clipped(v: np.ndarray, points: list[Vec2], cycle: list[int]) -> list[list[int]]:
    """Triangles (library winding) covering the simple polygon `cycle`, by ear clipping.

    An ear is a strictly convex corner whose triangle holds no other remaining vertex,
    not even on its sides. Every simple polygon has one (the two-ears theorem); with
    rounding, the test first keeps a small margin, then none.
    """
    size = float(np.ptp(v, axis=0).max())
    remaining, triangles, start = list(cycle), [], 0
    while len(remaining) > 3:
        ear = None
        for margin in (DEGENERATE_TOLERANCE * size * size, 0.0):
            ear = _find_ear(v, points, remaining, start, margin)
            if ear is not None:
                break
        if ear is None:
            raise ShapeError.words(
                N_("the outline could not be cut into triangles (is it simple?)")
            )
        k = ear
        triangles.append([remaining[k - 1], remaining[k], remaining[(k + 1) % len(remaining)]])
        del remaining[k]
        start = k % len(remaining)
    triangles.append(remaining)
    return triangles


def _find_ear(v, points, remaining: list[int], start: int, margin: float) -> int | None:
    """Position in `remaining` of the first ear from `start` on (None: none found)."""
    m = len(remaining)
    coords = v[remaining]
    x, y = coords[:, 0], coords[:, 1]
    for step in range(m):
        k = (start + step) % m
        a, b, c = remaining[k - 1], remaining[k], remaining[(k + 1) % m]
        if _turn(points, a, b, c) <= 0.0:
            continue
        inside = np.ones(m, dtype=bool)
        inside[[k - 1, k, (k + 1) % m]] = False
        for (x0, y0), (x1, y1) in (
            (points[a], points[b]),
            (points[b], points[c]),
            (points[c], points[a]),
        ):
            inside &= (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0) >= -margin
        if not inside.any():
            return k
    return None


def _merged(v: list[Vec2], triangles: list[list[int]]) -> list[list[int]]:
    """Hertel-Mehlhorn: drop each diagonal, in order, whose two pieces stay convex."""
    pieces = {t: list(tri) for t, tri in enumerate(triangles)}
    owner = {}  # directed edge (u, w) -> the piece that has it
    for t, tri in pieces.items():
        for k in range(3):
            owner[(tri[k], tri[(k + 1) % 3])] = t
    diagonals = [(u, w) for (u, w) in owner if u < w and (w, u) in owner]
    for u, w in diagonals:
        p, q = owner[(u, w)], owner[(w, u)]
        first, second = pieces[p], pieces[q]
        # first runs w ... u (edge u->w closes it); second runs u ... w.
        i, j = first.index(w), second.index(u)
        first = first[i:] + first[:i]
        second = second[j:] + second[:j]
        merged = first + second[1:-1]
        if _turn(v, first[-2], u, second[1]) < 0 or _turn(v, second[-2], w, first[1]) < 0:
            continue
        pieces[p] = merged
        del pieces[q]
        del owner[(u, w)], owner[(w, u)]
        for k in range(len(second)):
            edge = (second[k], second[(k + 1) % len(second)])
            if edge in owner:
                owner[edge] = p
    return list(pieces.values())


def _square_distance(p: Vec2, q: Vec2) -> float:
    """|p - q| squared, as products (Python's ** goes through libm's pow)."""
    dx, dy = p[0] - q[0], p[1] - q[1]
    return dx * dx + dy * dy
