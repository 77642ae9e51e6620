"""A concave shape as one rigid whole: convex pieces that move together (numpy only).

SAT needs convex shapes, so a concave outline is split (`decompose`) and each piece is
tested on its own (tutorials 001 and 004). A `Compound` is the outline plus its pieces,
all in one local frame, placed at a position and an angle like a `Polygon`::

        v5 +-----------+ v4          the outline (library winding), vertex i as given
           |           |             after normalising; pieces k hold outline indices
           |  piece 0  |             (`piece_vertices`), so each piece moves with it
           |           | v3
           |-----------+------+ v2   mass, centroid, inertia: of the union
           |  piece 1         |      (pieces do not overlap: sums, parallel axis)
        v0 +------------------+ v1

`piece_pairs(a, b)` runs SAT on every pair of convex parts of two shapes (a Polygon or
Circle is its own single part) and names the pair that collides deepest, or, when none
does, the pair with the smallest gap: that is the pair a learner is shown.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .decompose import Decomposition, decompose
from .geometry import (
    AABB,
    Circle,
    Polygon,
    ShapeError,
    Vec2,
    vertex_box,
    vertex_interval,
)
from .geometry import signed_area as _signed_area
from .outline import validated_outline
from .pair import sat
from .portable import cos_sin, rotate
from .report import SatResult
from .shape_input import _as_angle, _as_point


class Compound:
    """A simple (possibly concave) outline split into convex pieces, placed at a pose.

    >>> L = Compound([(0, 0), (60, 0), (60, 20), (20, 20), (20, 60), (0, 60)])
    >>> len(L.pieces), L.area
    (2, 2000.0)
    """

    kind = "compound"

    def __init__(self, outline, position=(0.0, 0.0), angle=0.0):
        given = np.array(validated_outline(outline), dtype=float)  # simple, >= 3 corners
        if _signed_area(given) < 0:  # the library's winding, vertex 0 first (as Polygon)
            given = given[[0, *range(len(given) - 1, 0, -1)]]
        given.flags.writeable = False
        self.local_outline = given
        self.decomposition: Decomposition = decompose(given)
        self._place(_as_point(position, "position"), _as_angle(angle))

    def _place(self, position: Vec2, angle: float) -> None:
        self.position = position
        self.angle = angle
        turned = self.local_outline if angle == 0.0 else rotate(self.local_outline, *cos_sin(angle))
        self.vertices = turned + np.asarray(position)
        self.vertices.flags.writeable = False
        self.pieces: tuple[Polygon, ...] = tuple(
            piece.placed(position, angle) for piece in self.decomposition.pieces
        )

    def placed(self, position=None, angle=None) -> Compound:
        """The same shape at another position and/or angle (no new decomposition)."""
        moved = object.__new__(Compound)
        moved.local_outline = self.local_outline
        moved.decomposition = self.decomposition
        moved._place(
            self.position if position is None else _as_point(position, "position"),
            self.angle if angle is None else _as_angle(angle),
        )
        return moved

    def __len__(self) -> int:
        return len(self.local_outline)

    def __repr__(self) -> str:
        return (
            f"Compound({len(self)} vertices, {len(self.pieces)} pieces, "
            f"position={self.position}, angle={self.angle:g})"
        )

    @property
    def piece_vertices(self) -> tuple[tuple[int, ...], ...]:
        """For each piece, the outline index of each of its vertices."""
        return self.decomposition.piece_vertices

    def world_vertices(self) -> np.ndarray:
        """The outline's world vertices, (n, 2), read-only."""
        return self.vertices

    def aabb(self) -> AABB:
        return vertex_box(self.vertices)

    def project(self, axis) -> tuple[float, float]:
        """(min, max) over the outline (the union's interval on `axis`)."""
        return vertex_interval(self.vertices, axis)

    @property
    def area(self) -> float:
        return self.decomposition.area

    @property
    def centroid(self) -> Vec2:
        """World-space centre of area of the union."""
        c = np.asarray(self.decomposition.centroid)
        if self.angle != 0.0:
            c = rotate(c, *cos_sin(self.angle))
        return (float(c[0] + self.position[0]), float(c[1] + self.position[1]))

    def moment_of_inertia(self, mass: float) -> float:
        """About the union's centroid, for a uniform lamina of `mass`."""
        return self.decomposition.moment_of_inertia(mass)

    def contains_point(self, point) -> bool:
        """Inside or on the boundary of any piece."""
        return any(piece.contains_point(point) for piece in self.pieces)


def convex_parts(shape) -> tuple:
    """The convex shapes SAT tests for `shape`: a Compound's pieces, else the shape itself."""
    if isinstance(shape, Compound):
        return shape.pieces
    if isinstance(shape, (Polygon, Circle)):
        return (shape,)
    raise ShapeError(f"expected a Polygon, Circle or Compound, got {type(shape).__name__}")


@dataclass(frozen=True)
class PiecePair:
    """The part pair a learner is shown for two shapes, and which part pairs collide.

    `a_piece` / `b_piece` index the shapes' `pieces` (None: the shape is convex itself);
    `report` is SAT on that pair; `colliding` lists every colliding (a part, b part).
    """

    a_piece: int | None
    b_piece: int | None
    a_shape: Polygon | Circle
    b_shape: Polygon | Circle
    report: SatResult
    colliding: tuple[tuple[int, int], ...]


def _score(report: SatResult) -> float:
    """Depth when colliding, minus the widest gap when not: larger is closer."""
    if report.colliding:
        return report.depth
    return min(axis.overlap for axis in report.axes)


def piece_pairs(a, b, *, all_axes: bool = False) -> PiecePair:
    """SAT on every pair of convex parts of `a` and `b` (part order: a's, then b's).

    The pair shown is the deepest colliding one, else the one with the smallest gap
    (the widest gap over its axes); ties keep the first in that order.
    """
    parts_a, parts_b = convex_parts(a), convex_parts(b)
    best, best_score, colliding = None, -math.inf, []
    for i, pa in enumerate(parts_a):
        for j, pb in enumerate(parts_b):
            report = sat(pa, pb, all_axes=True)
            if report.colliding:
                colliding.append((i, j))
            score = _score(report)
            if score > best_score:
                best, best_score = (i, j, pa, pb, report), score
    i, j, pa, pb, report = best
    if not all_axes:
        report = sat(pa, pb)
    return PiecePair(
        i if isinstance(a, Compound) else None,
        j if isinstance(b, Compound) else None,
        pa,
        pb,
        report,
        tuple(colliding),
    )


def from_outline(outline, position=(0.0, 0.0), angle=0.0) -> Polygon | Compound:
    """A convex outline as a `Polygon`, a concave one as a `Compound` (split into pieces).

    An outline that crosses or touches itself raises ShapeError (it bounds no shape)."""
    try:
        return Polygon(outline, position, angle)
    except ShapeError:
        pass  # concave, or not an outline at all: the outline's own checks say which
    return Compound(outline, position, angle)
