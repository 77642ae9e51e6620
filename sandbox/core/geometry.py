"""Shapes and their math: convex polygons, circles, bounding boxes (numpy only).

Conventions (the whole package follows them):

* World units are pixels at zoom 1 and **y grows downward**, as on the pygame
  screen and in the tutorials' demos. Angles are radians; a positive angle turns
  +x toward +y, which looks clockwise on screen.
* Points and vectors handed out by the library are plain ``(x, y)`` tuples of
  floats, or read-only ``(n, 2)`` float64 arrays for vertex lists.
* A ``Polygon`` is convex. Its local vertices may come in either winding; they
  are normalised once, keeping vertex 0 where it is, so that the shoelace sum
  is positive (the tutorials' order: counter-clockwise with y up, which shows
  as clockwise on a y-down screen). Edge ``i`` runs from vertex ``i`` to
  ``i + 1`` and ``normals[i]`` is that edge's outward unit normal
  ``(e.y, -e.x) / |e|``. ``box(w, h)`` numbers its corners so, drawn as on
  screen (y down)::

        v0 +------ e0 ------+ v1        n0 points up (-y), n1 right (+x),
           |                |           n2 down (+y),  n3 left (-x).
          e3               e1
           |                |
        v3 +------ e2 ------+ v2

* ``position`` is the origin of the local frame in the world; world vertex =
  position + R(angle) @ local vertex (the tutorials' "local coordinates plus a
  position"). Rotation is about that origin.

Shapes are immutable: ``placed(position, angle)`` returns a new shape that
shares the validated local data, so physics can move shapes every tick without
re-validating them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from .locales import N_
from .polygon_check import (
    DEGENERATE_TOLERANCE,
    convex_hull,
    signed_area,
    turns_of_directions,
    validated_local_vertices,
)
from .portable import cos_sin, dot_rows, hypot, next_rows, rotate
from .shape_input import (
    LARGEST,
    MAX_VERTICES,
    SMALLEST,
    ShapeError,
    _as_angle,
    _as_point,
    _positive,
)

# The public API of the shapes, here and in the modules the checks live in.
__all__ = [
    "AABB",
    "DEGENERATE_TOLERANCE",
    "LARGEST",
    "MAX_VERTICES",
    "ROUNDING",
    "SMALLEST",
    "Circle",
    "Polygon",
    "Shape",
    "ShapeError",
    "Vec2",
    "convex_hull",
    "edge_normals",
    "magnitude",
    "signed_area",
    "turns_of_directions",
    "vertex_box",
    "vertex_interval",
]

Vec2 = tuple[float, float]

# Rounding in a computed offset is a few ulps of the coordinates involved: slack for
# "inside" tests is this much relative to their magnitude (plus a share of the size).
ROUNDING = 1e-13


@dataclass(frozen=True)
class AABB:
    """Axis-aligned bounding box, inclusive on every side."""

    min_x: float
    min_y: float
    max_x: float
    max_y: float

    def overlaps(self, other: AABB) -> bool:
        """True when the boxes share at least one point (touching counts)."""
        return (
            self.min_x <= other.max_x
            and other.min_x <= self.max_x
            and self.min_y <= other.max_y
            and other.min_y <= self.max_y
        )

    @property
    def width(self) -> float:
        return self.max_x - self.min_x

    @property
    def height(self) -> float:
        return self.max_y - self.min_y


def _readonly(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


class Polygon:
    """A convex polygon: validated local vertices placed at a position and angle.

    >>> Polygon([(0, 0), (4, 0), (4, 4), (0, 4)], position=(50, 50)).vertices[0]
    array([50., 50.])
    """

    __slots__ = (
        "local_vertices",
        "local_normals",
        "position",
        "angle",
        "vertices",
        "normals",
        "_local_area",
        "_local_centroid",
        "_local_second_moment",
        "_reach",
        "_corner",
    )

    def __init__(self, vertices: Iterable[Sequence[float]], position=(0.0, 0.0), angle=0.0):
        local = validated_local_vertices(vertices)
        normals = edge_normals(local)
        self.local_vertices = _readonly(local)
        self.local_normals = _readonly(normals)
        area, centroid, second_moment = _mass_properties(local)
        self._local_area = area
        self._local_centroid = centroid
        self._local_second_moment = second_moment  # (J, area) in units of S, and S^2
        # Two constants of the shape, whatever its pose (used by sat to skip pairs that
        # are clearly apart): the largest distance from the position to a vertex, and
        # cos(half the largest turn between adjacent normals).
        self._reach = float(hypot(local[:, 0], local[:, 1]).max())
        turn = dot_rows(normals, next_rows(normals)).min()
        self._corner = math.sqrt(min(1.0, max(0.0, (1.0 + float(turn)) / 2)))
        self._place(_as_point(position, "position"), _as_angle(angle))

    def _place(self, position: Vec2, angle: float) -> None:
        self.position = position
        self.angle = angle
        if angle == 0.0:
            turned, normals = self.local_vertices, self.local_normals
        else:
            c, s = cos_sin(angle)
            turned, normals = rotate(self.local_vertices, c, s), rotate(self.local_normals, c, s)
        self.vertices = _readonly(turned + np.asarray(position))
        self.normals = _readonly(normals + 0.0)  # + 0.0 turns -0.0 into 0.0

    # -- factories (the tutorials' CreateRegular / CreatePolygon) -------------

    @classmethod
    def regular(cls, sides: int, radius: float, position=(0.0, 0.0), angle=0.0) -> Polygon:
        """A regular polygon; vertex i sits at angle 2*pi*i/sides on the circle of `radius`."""
        if not isinstance(sides, (int, np.integer)) or isinstance(sides, bool) or sides < 3:
            raise ShapeError.words(
                N_("a regular polygon needs a whole number of sides >= 3, got {sides}"),
                sides=repr(sides),
            )
        if sides > MAX_VERTICES:  # before a single vertex is made
            raise ShapeError.words(
                N_("a polygon has at most {most} vertices, got {sides} sides"),
                most=MAX_VERTICES,
                sides=sides,
            )
        radius = _positive(
            radius, "radius", N_("radius must be a positive finite number, got {value}")
        )
        c, s = cos_sin(2 * math.pi * np.arange(sides) / sides)
        return cls(np.column_stack([c, s]) * radius, position, angle)

    @classmethod
    def box(cls, width: float, height: float, position=(0.0, 0.0), angle=0.0) -> Polygon:
        """A width x height rectangle centred on its position (corners numbered as above)."""
        rule = N_("box sides must be positive finite numbers, got {value}")
        width, height = _positive(width, "box sides", rule), _positive(height, "box sides", rule)
        hw, hh = width / 2, height / 2
        return cls([(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)], position, angle)

    def placed(self, position=None, angle=None) -> Polygon:
        """The same polygon at another position and/or angle (no re-validation)."""
        moved = object.__new__(Polygon)
        for name in (
            "local_vertices",
            "local_normals",
            "_local_area",
            "_local_centroid",
            "_local_second_moment",
            "_reach",
            "_corner",
        ):
            setattr(moved, name, getattr(self, name))
        moved._place(
            self.position if position is None else _as_point(position, "position"),
            self.angle if angle is None else _as_angle(angle),
        )
        return moved

    # -- derived geometry -----------------------------------------------------

    kind = "polygon"

    def __len__(self) -> int:
        return len(self.local_vertices)

    def __repr__(self) -> str:
        return f"Polygon({len(self)} vertices, position={self.position}, angle={self.angle:g})"

    def world_vertices(self) -> np.ndarray:
        """World-space vertices, (n, 2), read-only."""
        return self.vertices

    @property
    def edges(self) -> np.ndarray:
        """Edge vectors: edges[i] = vertices[i + 1] - vertices[i]."""
        return next_rows(self.vertices) - self.vertices

    def edge(self, index: int) -> tuple[Vec2, Vec2]:
        """World start and end point of edge `index`."""
        n = len(self)
        a, b = self.vertices[index % n], self.vertices[(index + 1) % n]
        return (float(a[0]), float(a[1])), (float(b[0]), float(b[1]))

    def aabb(self) -> AABB:
        return vertex_box(self.vertices)

    def project(self, axis) -> tuple[float, float]:
        """(min, max) of the vertices' dot products with `axis` (a unit vector)."""
        return vertex_interval(self.vertices, axis)

    @property
    def area(self) -> float:
        return self._local_area

    @property
    def centroid(self) -> Vec2:
        """World-space centre of area."""
        c = self._local_centroid
        if self.angle != 0.0:
            c = rotate(c, *cos_sin(self.angle))
        return (float(c[0] + self.position[0]), float(c[1] + self.position[1]))

    def moment_of_inertia(self, mass: float) -> float:
        """Moment of inertia about the centroid for a uniform lamina of `mass`."""
        j, area, unit2 = self._local_second_moment
        return mass * j / area * unit2  # the bits of mass * J / area, with no overflow

    def contains_point(self, point) -> bool:
        """True when `point` is inside or on the boundary (to a slack relative to the
        shape's size and to the rounding of coordinates of that magnitude)."""
        p = np.asarray(_as_point(point, "point"), dtype=float)
        offsets = dot_rows(self.normals, p - self.vertices)
        slack = 1e-9 * math.sqrt(self._local_area) + ROUNDING * (
            magnitude(self) + abs(p[0]) + abs(p[1])
        )
        return bool(np.all(offsets <= slack))


def edge_normals(vertices: np.ndarray) -> np.ndarray:
    """Outward unit normal of each edge i -> i+1 of an outline in the library's winding."""
    edges = next_rows(vertices) - vertices
    normals = np.column_stack([edges[:, 1], -edges[:, 0]])
    return normals / hypot(normals[:, 0], normals[:, 1])[:, None]


def vertex_box(vertices: np.ndarray) -> AABB:
    """The bounding box of (n, 2) vertices."""
    lo, hi = vertices.min(axis=0), vertices.max(axis=0)
    return AABB(float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1]))


def vertex_interval(vertices: np.ndarray, axis) -> tuple[float, float]:
    """(min, max) of the vertices' dot products with `axis`."""
    d = dot_rows(vertices, np.asarray(axis, dtype=float))
    return float(d.min()), float(d.max())


def magnitude(shape) -> float:
    """A bound on |any point of the shape|: the scale of its coordinates' rounding."""
    x, y = shape.position
    reach = shape._reach if isinstance(shape, Polygon) else shape.radius
    return abs(x) + abs(y) + reach


def _mass_properties(v: np.ndarray) -> tuple[float, np.ndarray, tuple[float, float, float]]:
    """Area, centroid, and the polar second moment J about the centroid (per unit
    density) as (J / S^4, area / S^2, S^2): J itself grows as size^4 and would overflow
    for a shape 1e80 px across, where J / area (what an inertia needs) does not.

    Worked out relative to vertex 0, so that vertices far from their origin (a shape
    given at an offset of 1e9) lose no digits to the offset, and in units of S, a power
    of two near the size: every scaling is exact, so the numbers are the very bits the
    unscaled sums give wherever those do not overflow (sizes up to LARGEST).
    """
    origin = v[0].copy()
    v = v - origin
    largest = float(np.abs(v).max())
    unit = math.ldexp(1.0, math.frexp(largest)[1]) if largest > 0 else 1.0
    v = v / unit
    x0, y0 = v[:, 0], v[:, 1]
    x1, y1 = next_rows(x0), next_rows(y0)
    cross = x0 * y1 - x1 * y0
    area = cross.sum() / 2
    cx = ((x0 + x1) * cross).sum() / (6 * area)
    cy = ((y0 + y1) * cross).sum() / (6 * area)
    # Second moment about the origin, then shifted to the centroid (parallel axis).
    j_origin = (cross * (x0 * x0 + x0 * x1 + x1 * x1 + y0 * y0 + y0 * y1 + y1 * y1)).sum() / 12
    j_centroid = j_origin - area * (cx * cx + cy * cy)
    centroid = np.array([cx * unit, cy * unit]) + origin
    return float(area) * unit * unit, centroid, (float(j_centroid), float(area), unit * unit)


class Circle:
    """A circle of `radius` centred on `position`; `angle` only orients its marker line."""

    __slots__ = ("radius", "position", "angle")

    kind = "circle"

    def __init__(self, radius: float, position=(0.0, 0.0), angle=0.0):
        self.radius = _positive(
            radius, "radius", N_("radius must be a positive finite number, got {value}")
        )
        self.position = _as_point(position, "position")
        self.angle = _as_angle(angle)

    def __repr__(self) -> str:
        return f"Circle(radius={self.radius:g}, position={self.position})"

    def placed(self, position=None, angle=None) -> Circle:
        moved = object.__new__(Circle)
        moved.radius = self.radius
        moved.position = self.position if position is None else _as_point(position, "position")
        moved.angle = self.angle if angle is None else _as_angle(angle)
        return moved

    @property
    def centroid(self) -> Vec2:
        return self.position

    @property
    def area(self) -> float:
        return math.pi * self.radius * self.radius

    def moment_of_inertia(self, mass: float) -> float:
        return 0.5 * mass * self.radius * self.radius

    def aabb(self) -> AABB:
        (x, y), r = self.position, self.radius
        return AABB(x - r, y - r, x + r, y + r)

    def project(self, axis) -> tuple[float, float]:
        d = self.position[0] * float(axis[0]) + self.position[1] * float(axis[1])
        return d - self.radius, d + self.radius

    def contains_point(self, point) -> bool:
        x, y = _as_point(point, "point")
        dx, dy = x - self.position[0], y - self.position[1]
        slack = ROUNDING * (magnitude(self) + abs(x) + abs(y))
        return hypot(dx, dy) <= self.radius * (1 + 1e-12) + slack


Shape = Polygon | Circle
