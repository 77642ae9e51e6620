"""The Separating Axis Test and everything it reports (numpy only).

``sat(a, b)`` works on any two shapes (Polygon or Circle, either order)::

    candidate axes, in test order:
        A's outward edge normals, then B's                          (polygons)
        a circle contributes the axis from the other polygon's closest vertex
        to its centre, or the centre-to-centre axis against another circle
    for each axis, skipping one parallel to an axis already tested:
        project A and B onto it            -> [a_min, a_max], [b_min, b_max]
        overlap = min(a_max, b_max) - max(a_min, b_min)        (< 0: a gap)
        depth   = min(a_max - b_min, b_max - a_min)   the shorter way out of it
        depth < 0: the axis separates -> stop here (unless all_axes=True)
    colliding = no axis separates (touching, depth 0, counts as colliding)
    mtv      = the axis of least depth, signed to push A out of B, times depth
    contacts = the incident edge clipped to the reference edge (two polygons),
               else the incident shape's deepest point

Why ``depth`` and not ``overlap``: when one interval contains the other (one
shape engulfs the other), the overlap is the inner interval's length, but A has
to travel to the nearer end of B's interval to get out. ``depth`` is exactly the
distance from the origin to the matching edge of the Minkowski difference, so
the least depth over the edge normals is the true penetration depth, engulfed
or not.

Ties are broken deterministically: among axes whose depth is within
``TIE_TOLERANCE`` (relative) of the least, the first in test order wins; when
both ways out along that axis are equal, A is pushed away from B's centroid,
and along +axis when the centroids coincide. So a symmetric pose never flips
its normal from one frame to the next.

All projections of one call are computed in a single numpy batch (cheaper in
numpy than stopping midway); the report then stops at the first separating
axis, exactly the axes the early-exit algorithm tests. Per-axis records are
built from those arrays the first time they are read.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from .geometry import Circle, Polygon, Vec2

# Two unit axes whose cross product is this small are parallel: test one only.
PARALLEL_TOLERANCE = 1e-12
# Axes whose depths differ by less than this (relative to the depth) are tied.
TIE_TOLERANCE = 1e-9
# Relative slack for "inside" and for keeping touching contact points.
CONTAINMENT_TOLERANCE = 1e-9

OWNERS = ("a", "b")


@dataclass(frozen=True)
class AxisTest:
    """One tested axis: both shapes' projection intervals on it and what they mean."""

    index: int  # position in test order
    axis: Vec2  # unit vector
    owner: str  # "a" or "b": the shape whose feature gave this axis
    feature: str  # "edge", "closest vertex" or "centres"
    feature_index: int | None  # edge of the owner; for "closest vertex", the other's vertex
    a_interval: Vec2  # (min, max) of A's projection
    b_interval: Vec2
    overlap: float  # length shared by the intervals; negative = the gap between them
    depth: float  # the shorter way out: min(a_max - b_min, b_max - a_min); < 0 = gap
    push: int  # +1: A leaves along +axis, -1: along -axis

    @property
    def separates(self) -> bool:
        return self.depth < 0

    @property
    def gap(self) -> float:
        """Distance between the intervals along this axis (0 when they overlap)."""
        return max(0.0, -self.overlap)


@dataclass(frozen=True)
class SkippedAxis:
    """A candidate axis not tested because it is parallel to one already tested."""

    axis: Vec2
    owner: str
    feature: str
    feature_index: int | None
    parallel_to: int  # AxisTest.index of the axis it duplicates


@dataclass(frozen=True)
class _AxisTable:
    """The raw arrays behind a report; records are built from them on demand."""

    axes: np.ndarray  # (k, 2) every candidate, in test order
    owner: tuple  # per candidate: 0 (A) or 1 (B)
    feature: tuple  # per candidate: "edge" / "closest vertex" / "centres"
    feature_index: tuple
    duplicate_of: np.ndarray  # per candidate: candidate index it is parallel to, or -1
    a_lo: np.ndarray
    a_hi: np.ndarray
    b_lo: np.ndarray
    b_hi: np.ndarray
    depth: np.ndarray
    push: np.ndarray
    stop: int  # candidates [0, stop) were reached


@dataclass(frozen=True)
class SatResult:
    """Everything the Separating Axis Test found for one pair (A, B).

    ``mtv`` added to A's position leaves the shapes just touching; ``normal``
    (unit, from B toward A) is set whenever they collide, even at depth 0.
    A non-colliding result has mtv = normal = (0, 0), depth 0, no contacts.
    """

    colliding: bool
    mtv: Vec2
    depth: float
    normal: Vec2
    a_in_b: bool
    b_in_a: bool
    contacts: tuple[Vec2, ...]
    all_axes: bool
    _table: _AxisTable = field(repr=False, compare=False)
    _mtv_candidate: int = field(repr=False, compare=False)

    @cached_property
    def _records(self):
        """(tested records, skipped records, candidate index -> tested index)."""
        t = self._table
        tested: list[AxisTest] = []
        skipped: list[SkippedAxis] = []
        index_of = {}
        for c in range(t.stop):
            axis = (float(t.axes[c, 0]), float(t.axes[c, 1]))
            owner = OWNERS[t.owner[c]]
            if t.duplicate_of[c] >= 0:
                skipped.append(
                    SkippedAxis(
                        axis,
                        owner,
                        t.feature[c],
                        t.feature_index[c],
                        index_of[int(t.duplicate_of[c])],
                    )
                )
                continue
            index_of[c] = len(tested)
            a_lo, a_hi, b_lo, b_hi = (
                float(t.a_lo[c]),
                float(t.a_hi[c]),
                float(t.b_lo[c]),
                float(t.b_hi[c]),
            )
            tested.append(
                AxisTest(
                    index=len(tested),
                    axis=axis,
                    owner=owner,
                    feature=t.feature[c],
                    feature_index=t.feature_index[c],
                    a_interval=(a_lo, a_hi),
                    b_interval=(b_lo, b_hi),
                    overlap=min(a_hi, b_hi) - max(a_lo, b_lo),
                    depth=float(t.depth[c]),
                    push=int(t.push[c]),
                )
            )
        return tuple(tested), tuple(skipped), index_of

    @property
    def axes(self) -> tuple[AxisTest, ...]:
        """One record per axis tested, in test order."""
        return self._records[0]

    @property
    def skipped(self) -> tuple[SkippedAxis, ...]:
        """Candidate axes passed over as parallel duplicates, in test order."""
        return self._records[1]

    @property
    def separating(self) -> AxisTest | None:
        """The first axis (in test order) on which the projections do not overlap."""
        return next((axis for axis in self.axes if axis.separates), None)

    @property
    def mtv_axis(self) -> AxisTest | None:
        """The axis of least depth, which gives the MTV (None when not colliding)."""
        if self._mtv_candidate < 0:
            return None
        return self.axes[self._records[2][self._mtv_candidate]]

    def to_dict(self) -> dict:
        """Plain JSON-ready data, including every axis record."""

        def axis_dict(a: AxisTest) -> dict:
            return {
                "index": a.index,
                "axis": list(a.axis),
                "owner": a.owner,
                "feature": a.feature,
                "feature_index": a.feature_index,
                "a_interval": list(a.a_interval),
                "b_interval": list(a.b_interval),
                "overlap": a.overlap,
                "depth": a.depth,
                "push": a.push,
                "separates": a.separates,
            }

        return {
            "colliding": self.colliding,
            "mtv": list(self.mtv),
            "depth": self.depth,
            "normal": list(self.normal),
            "a_in_b": self.a_in_b,
            "b_in_a": self.b_in_a,
            "contacts": [list(p) for p in self.contacts],
            "all_axes": self.all_axes,
            "axes": [axis_dict(a) for a in self.axes],
            "skipped": [
                {
                    "axis": list(s.axis),
                    "owner": s.owner,
                    "feature": s.feature,
                    "feature_index": s.feature_index,
                    "parallel_to": s.parallel_to,
                }
                for s in self.skipped
            ],
            "separating": None if self.separating is None else self.separating.index,
            "mtv_axis": None if self.mtv_axis is None else self.mtv_axis.index,
        }


# -- candidate axes ---------------------------------------------------------------


def _closest_vertex_axis(circle: Circle, polygon: Polygon):
    """Unit axis from the polygon's vertex nearest the circle's centre to that centre."""
    offsets = np.asarray(circle.position) - polygon.vertices
    dist2 = np.einsum("ij,ij->i", offsets, offsets)
    k = int(np.argmin(dist2))
    length = math.sqrt(float(dist2[k]))
    if length == 0.0:
        return None, k  # centre on the vertex: the edge normals already decide
    return offsets[k] / length, k


def _shape_axes(shape, other):
    """(axes (m, 2), feature name, feature indices) that `shape` contributes."""
    if isinstance(shape, Polygon):
        return shape.normals, "edge", tuple(range(len(shape)))
    if isinstance(other, Polygon):
        axis, k = _closest_vertex_axis(shape, other)
        if axis is None:
            return np.empty((0, 2)), "closest vertex", ()
        return axis[None, :], "closest vertex", (k,)
    dx = shape.position[0] - other.position[0]
    dy = shape.position[1] - other.position[1]
    length = math.hypot(dx, dy)
    axis = (dx / length, dy / length) if length > 0 else (0.0, -1.0)  # concentric: "up"
    return np.array([axis]), "centres", (None,)


def _project(shape, axes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Min and max of `shape` on each row of `axes`."""
    if isinstance(shape, Polygon):
        d = axes @ shape.vertices.T
        return d.min(axis=1), d.max(axis=1)
    c = axes @ np.asarray(shape.position)
    return c - shape.radius, c + shape.radius


def _parallel_duplicates(axes: np.ndarray) -> np.ndarray:
    """For each axis, the index of the first earlier axis parallel to it, or -1."""
    cross = np.outer(axes[:, 0], axes[:, 1]) - np.outer(axes[:, 1], axes[:, 0])
    earlier_parallel = np.tril(np.abs(cross) <= PARALLEL_TOLERANCE, -1)
    return np.where(earlier_parallel.any(axis=1), earlier_parallel.argmax(axis=1), -1)


def _push_direction(lo_way, hi_way, centre_offset_on_axis):
    """+1 when A leaves along +axis, -1 along -axis (arrays in, array out)."""
    push = np.where(hi_way < lo_way, 1, -1)
    tie = hi_way == lo_way
    return np.where(tie, np.where(centre_offset_on_axis < 0, -1, 1), push)


def _least_depth_index(depth: np.ndarray) -> int:
    """First index whose depth is within TIE_TOLERANCE of the least depth."""
    least = depth.min()
    return int(np.argmax(depth <= least + TIE_TOLERANCE * max(1.0, abs(least))))


# -- the test ---------------------------------------------------------------------


def sat(a, b, *, all_axes: bool = False) -> SatResult:
    """Separating Axis Test of shapes `a` and `b` (Polygon or Circle, either order).

    With ``all_axes=False`` (the tutorials' early exit) the report stops at the
    first separating axis; with ``all_axes=True`` every axis is tested and
    reported, which is what an overlay showing all projections wants.
    """
    for name, shape in (("a", a), ("b", b)):
        if not isinstance(shape, (Polygon, Circle)):
            raise TypeError(
                f"sat(): {name} must be a Polygon or a Circle, got {type(shape).__name__}"
            )

    axes_a, feature_a, index_a = _shape_axes(a, b)
    axes_b, feature_b, index_b = _shape_axes(b, a)
    axes = np.concatenate([axes_a, axes_b])
    owner = (0,) * len(axes_a) + (1,) * len(axes_b)
    feature = (feature_a,) * len(axes_a) + (feature_b,) * len(axes_b)
    feature_index = index_a + index_b

    duplicate_of = _parallel_duplicates(axes)
    a_lo, a_hi = _project(a, axes)
    b_lo, b_hi = _project(b, axes)
    lo_way = a_hi - b_lo  # A pushed toward -axis until a_max = b_min
    hi_way = b_hi - a_lo  # A pushed toward +axis until a_min = b_max
    depth = np.minimum(lo_way, hi_way)
    centre_a, centre_b = a.centroid, b.centroid
    offset = axes @ np.array([centre_a[0] - centre_b[0], centre_a[1] - centre_b[1]])
    push = _push_direction(lo_way, hi_way, offset)

    tested = duplicate_of < 0
    separating = np.flatnonzero(tested & (depth < 0))
    colliding = separating.size == 0
    stop = len(axes) if (colliding or all_axes) else int(separating[0]) + 1
    table = _AxisTable(
        axes, owner, feature, feature_index, duplicate_of, a_lo, a_hi, b_lo, b_hi, depth, push, stop
    )

    if not colliding:
        return SatResult(False, (0.0, 0.0), 0.0, (0.0, 0.0), False, False, (), all_axes, table, -1)

    candidates = np.flatnonzero(tested)
    best = int(candidates[_least_depth_index(depth[candidates])])
    least = max(0.0, float(depth[best]))
    normal = (float(push[best] * axes[best, 0]) + 0.0, float(push[best] * axes[best, 1]) + 0.0)
    mtv = (normal[0] * least + 0.0, normal[1] * least + 0.0)
    reference_is_a = owner[best] == 0
    contacts = _contacts(a, b, normal, reference_is_a)
    return SatResult(
        True, mtv, least, normal, _inside(a, b), _inside(b, a), contacts, all_axes, table, best
    )


# -- contacts and containment -----------------------------------------------------


def _contacts(a, b, normal: Vec2, reference_is_a: bool) -> tuple[Vec2, ...]:
    """Contact points on the incident shape (the one not owning the MTV axis)."""
    reference, incident = (a, b) if reference_is_a else (b, a)
    n = np.asarray(normal)
    toward_incident = -n if reference_is_a else n  # normal points from B toward A
    if isinstance(incident, Circle):
        p = np.asarray(incident.position) - toward_incident * incident.radius
        return ((float(p[0]), float(p[1])),)
    if isinstance(reference, Circle):
        k = int(np.argmin(incident.vertices @ toward_incident))
        return ((float(incident.vertices[k, 0]), float(incident.vertices[k, 1])),)
    return _clip_contacts(reference, incident, toward_incident)


def _clip_contacts(reference: Polygon, incident: Polygon, toward_incident: np.ndarray):
    """Box2D-style clipping: incident edge cut to the reference edge's side planes,
    keeping the points that are on or behind the reference face.

        reference edge r1 ------------- r2        ^ toward_incident
                 |   x  incident points  x  |     |
              side plane              side plane
    """
    rv, iv = reference.vertices, incident.vertices
    nr, ni = len(rv), len(iv)
    ref_edge = int(np.argmax(reference.normals @ toward_incident))
    inc_edge = int(np.argmin(incident.normals @ toward_incident))
    r1, r2 = rv[ref_edge], rv[(ref_edge + 1) % nr]
    points = [iv[inc_edge], iv[(inc_edge + 1) % ni]]
    tangent = (r2 - r1) / math.hypot(*(r2 - r1))
    for bound, sign in ((float(tangent @ r1), 1.0), (float(tangent @ r2), -1.0)):
        # keep sign * (tangent . p - bound) >= 0
        d = [sign * (float(tangent @ p) - bound) for p in points]
        if d[0] < 0 and d[1] < 0:
            points = []
            break
        if d[0] < 0 or d[1] < 0:
            t = d[0] / (d[0] - d[1])
            cut = points[0] + t * (points[1] - points[0])
            points = [cut, points[1]] if d[0] < 0 else [points[0], cut]
    face_normal = reference.normals[ref_edge]
    face = float(face_normal @ r1)
    slack = CONTAINMENT_TOLERANCE * max(1.0, math.sqrt(reference.area + incident.area))
    kept = [p for p in points if float(face_normal @ p) - face <= slack]
    if not kept:  # deep or engulfed overlap: fall back on the incident's deepest vertex
        kept = [iv[int(np.argmin(iv @ toward_incident))]]
    unique = []
    for p in kept:
        point = (float(p[0]), float(p[1]))
        if point not in unique:
            unique.append(point)
    return tuple(unique)


def _inside(inner, outer) -> bool:
    """True when `inner` lies entirely within `outer` (touching from inside counts)."""
    slack = CONTAINMENT_TOLERANCE * max(1.0, math.sqrt(inner.area + outer.area))
    if isinstance(outer, Circle):
        c = np.asarray(outer.position)
        if isinstance(inner, Circle):
            return math.dist(inner.position, outer.position) + inner.radius <= outer.radius + slack
        d = inner.vertices - c
        return bool(np.all(np.einsum("ij,ij->i", d, d) <= (outer.radius + slack) ** 2))
    face = np.einsum("ij,ij->i", outer.normals, outer.vertices)
    if isinstance(inner, Circle):
        offsets = outer.normals @ np.asarray(inner.position) + inner.radius
    else:
        offsets = (inner.vertices @ outer.normals.T).max(axis=0)
    return bool(np.all(offsets <= face + slack))


# -- swept test -------------------------------------------------------------------


@dataclass(frozen=True)
class SweptAxis:
    """Tutorial 003's velocity-extended projection of A on one axis."""

    axis: Vec2
    a_interval: Vec2  # at the start of the step
    a_swept: Vec2  # covering the whole step
    b_interval: Vec2
    enter: float  # fraction of the step when the intervals start to overlap
    leave: float  # ... and stop overlapping (+-inf when they never change)


@dataclass(frozen=True)
class SweepResult:
    """Whether A, translated by `motion` over one step, touches static B, and when."""

    hit: bool
    fraction: float | None  # first touch, as a fraction of the step in [0, 1]
    normal: Vec2 | None  # at first touch, from B toward A
    initially_overlapping: bool
    axes: tuple[SweptAxis, ...]  # per-axis sweep (polygon pairs only)


def sweep(a, b, motion) -> SweepResult:
    """Swept test: does A, moving by `motion` (velocity * dt) this step, touch B?

    Two polygons: exact, by the velocity-extended projections on every
    candidate axis (the intervals overlap on all axes at once exactly while
    the translated shapes intersect). A circle is involved: exact ray cast
    against the other shape grown by the radius (edges pushed out, vertices
    rounded), since a circle's best axis turns as it moves.
    """
    d = np.array([float(motion[0]), float(motion[1])])
    if not np.isfinite(d).all():
        raise ValueError(f"sweep(): motion must be finite, got {tuple(motion)}")
    start = sat(a, b)
    if start.colliding:
        return SweepResult(True, 0.0, start.normal, True, ())
    if isinstance(a, Polygon) and isinstance(b, Polygon):
        return _sweep_polygons(a, b, d)
    if isinstance(a, Circle):
        t, n = _ray_cast_rounded(a.position, a.radius, d, b)
        normal = n
    else:
        t, n = _ray_cast_rounded(b.position, b.radius, -d, a)
        normal = None if n is None else (-n[0] + 0.0, -n[1] + 0.0)
    if t is None:
        return SweepResult(False, None, None, False, ())
    return SweepResult(True, t, normal, False, ())


def _sweep_polygons(a: Polygon, b: Polygon, d: np.ndarray) -> SweepResult:
    axes = np.concatenate([a.normals, b.normals])
    axes = axes[_parallel_duplicates(axes) < 0]
    a_lo, a_hi = _project(a, axes)
    b_lo, b_hi = _project(b, axes)
    speed = axes @ d
    with np.errstate(divide="ignore", invalid="ignore"):
        t1 = (b_lo - a_hi) / speed  # A's max side reaches B's min side
        t2 = (b_hi - a_lo) / speed  # A's min side reaches B's max side
    enter = np.where(speed == 0, -np.inf, np.minimum(t1, t2))
    leave = np.where(speed == 0, np.inf, np.maximum(t1, t2))
    # A static axis that already separates keeps them apart for the whole step.
    static_gap = (speed == 0) & ((a_hi < b_lo) | (b_hi < a_lo))
    enter = np.where(static_gap, np.inf, enter)
    leave = np.where(static_gap, -np.inf, leave)
    records = tuple(
        SweptAxis(
            (float(axes[i, 0]), float(axes[i, 1])),
            (float(a_lo[i]), float(a_hi[i])),
            (float(min(a_lo[i], a_lo[i] + speed[i])), float(max(a_hi[i], a_hi[i] + speed[i]))),
            (float(b_lo[i]), float(b_hi[i])),
            float(enter[i]),
            float(leave[i]),
        )
        for i in range(len(axes))
    )
    first = int(np.argmax(enter))
    t_first, t_last = float(enter[first]), float(leave.min())
    if t_first > t_last or t_first > 1.0 or t_last < 0.0:
        return SweepResult(False, None, None, False, records)
    sign = -1.0 if speed[first] > 0 else 1.0  # A came from the -axis side when moving +axis
    normal = (sign * float(axes[first, 0]) + 0.0, sign * float(axes[first, 1]) + 0.0)
    return SweepResult(True, max(0.0, t_first), normal, False, records)


def _ray_cast_rounded(centre, radius: float, d: np.ndarray, shape):
    """First t in [0, 1] at which a disc of `radius` at centre + t*d touches `shape`.

    Returns (t, normal from shape toward the disc) or (None, None).
    """
    c = np.asarray(centre, dtype=float)
    best_t, best_n = None, None

    def consider(t, n):
        nonlocal best_t, best_n
        if 0.0 <= t <= 1.0 and (best_t is None or t < best_t):
            best_t, best_n = t, (float(n[0]) + 0.0, float(n[1]) + 0.0)

    def circle_hit(point, r):
        f = c - point
        qa, qb, qc = float(d @ d), 2.0 * float(f @ d), float(f @ f) - r * r
        disc = qb * qb - 4 * qa * qc
        if qa == 0.0 or disc < 0:
            return None
        return (-qb - math.sqrt(disc)) / (2 * qa)

    if isinstance(shape, Circle):
        t = circle_hit(np.asarray(shape.position), radius + shape.radius)
        if t is not None:
            p = c + t * d - np.asarray(shape.position)
            consider(t, p / np.hypot(*p))
        return best_t, best_n

    v, normals = shape.vertices, shape.normals
    n_vertices = len(v)
    for i in range(n_vertices):
        n = normals[i]
        approach = float(n @ d)
        if approach < 0:  # moving toward the edge's outside face
            t = (radius - float(n @ (c - v[i]))) / approach
            p = c + t * d
            e = v[(i + 1) % n_vertices] - v[i]
            s = float(e @ (p - v[i])) / float(e @ e)
            if 0.0 <= s <= 1.0:
                consider(t, n)
        t = circle_hit(v[i], radius)
        if t is not None:
            p = c + t * d - v[i]
            consider(t, p / np.hypot(*p))
    return best_t, best_n


# -- many pairs at once -----------------------------------------------------------


class PolygonBatch:
    """Polygons packed into padded numpy arrays, ready for `sat_many`.

    Shorter polygons are padded by repeating their last vertex and their first
    normal: a repeated vertex changes no projection and a repeated normal is a
    parallel duplicate, so padding never changes an answer.
    """

    def __init__(self, polygons: Sequence[Polygon]):
        polygons = list(polygons)
        for i, p in enumerate(polygons):
            if not isinstance(p, Polygon):
                raise TypeError(f"PolygonBatch: item {i} is a {type(p).__name__}, not a Polygon")
        count = len(polygons)
        width = max((len(p) for p in polygons), default=3)
        vertices = np.empty((count, width, 2))
        normals = np.empty((count, width, 2))
        centroids = np.empty((count, 2))
        for i, p in enumerate(polygons):
            n = len(p)
            vertices[i, :n] = p.vertices
            vertices[i, n:] = p.vertices[-1]
            normals[i, :n] = p.normals
            normals[i, n:] = p.normals[0]
            centroids[i] = p.centroid
        self.vertices = vertices
        self.normals = normals
        self.centroids = centroids
        # Each polygon's own interval on each of its own normals.
        own = np.einsum("pkd,pnd->pkn", normals, vertices)
        self.own_lo = own.min(axis=2)
        self.own_hi = own.max(axis=2)

    def __len__(self) -> int:
        return len(self.vertices)


@dataclass(frozen=True)
class SatBatchResult:
    """`sat()`'s headline answers for many pairs, as arrays (row i = pair i)."""

    colliding: np.ndarray  # (P,) bool
    mtv: np.ndarray  # (P, 2), zero where not colliding
    depth: np.ndarray  # (P,)
    normal: np.ndarray  # (P, 2), from B toward A, zero where not colliding


def sat_many(polygons_a, polygons_b, *, chunk: int = 2048) -> SatBatchResult:
    """`sat(polygons_a[i], polygons_b[i])` for every i at once, vectorised with numpy.

    Accepts sequences of Polygons or prebuilt `PolygonBatch`es of equal length.
    Same axes, same depths, same tie-breaks as `sat()`: row i equals
    ``sat(a[i], b[i])``'s colliding / mtv / depth / normal.
    """
    batch_a = polygons_a if isinstance(polygons_a, PolygonBatch) else PolygonBatch(polygons_a)
    batch_b = polygons_b if isinstance(polygons_b, PolygonBatch) else PolygonBatch(polygons_b)
    if len(batch_a) != len(batch_b):
        raise ValueError(f"sat_many(): {len(batch_a)} shapes in A but {len(batch_b)} in B")
    count = len(batch_a)
    colliding = np.empty(count, dtype=bool)
    depth = np.empty(count)
    normal = np.empty((count, 2))
    for start in range(0, count, chunk):
        s = slice(start, min(start + chunk, count))
        colliding[s], depth[s], normal[s] = _sat_chunk(batch_a, batch_b, s)
    mtv = normal * depth[:, None]
    return SatBatchResult(colliding, mtv + 0.0, depth, normal)


def _cross_intervals(normals: np.ndarray, vertices: np.ndarray):
    """Min and max of each polygon in `vertices` on each of the paired `normals`."""
    d = normals[:, :, None, 0] * vertices[:, None, :, 0]
    d += normals[:, :, None, 1] * vertices[:, None, :, 1]
    return d.min(axis=2), d.max(axis=2)


def _sat_chunk(batch_a: PolygonBatch, batch_b: PolygonBatch, s: slice):
    va, vb = batch_a.vertices[s], batch_b.vertices[s]
    na, nb = batch_a.normals[s], batch_b.normals[s]
    # Axes in sat()'s order: A's normals, then B's.
    b_lo_on_a, b_hi_on_a = _cross_intervals(na, vb)
    a_lo_on_b, a_hi_on_b = _cross_intervals(nb, va)
    axes = np.concatenate([na, nb], axis=1)
    a_lo = np.concatenate([batch_a.own_lo[s], a_lo_on_b], axis=1)
    a_hi = np.concatenate([batch_a.own_hi[s], a_hi_on_b], axis=1)
    b_lo = np.concatenate([b_lo_on_a, batch_b.own_lo[s]], axis=1)
    b_hi = np.concatenate([b_hi_on_a, batch_b.own_hi[s]], axis=1)
    lo_way, hi_way = a_hi - b_lo, b_hi - a_lo
    depth = np.minimum(lo_way, hi_way)
    colliding = (depth >= 0).all(axis=1)

    least = depth.min(axis=1)
    tolerance = TIE_TOLERANCE * np.maximum(1.0, np.abs(least))
    best = np.argmax(depth <= (least + tolerance)[:, None], axis=1)
    rows = np.arange(len(best))
    axis = axes[rows, best]
    centre_offset = batch_a.centroids[s] - batch_b.centroids[s]
    push = _push_direction(
        lo_way[rows, best], hi_way[rows, best], np.einsum("pd,pd->p", axis, centre_offset)
    )
    normal = np.where(colliding[:, None], axis * push[:, None] + 0.0, 0.0)
    depth_out = np.where(colliding, np.maximum(depth[rows, best], 0.0), 0.0)
    return colliding, depth_out, normal
