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

Parallel axes: a candidate whose cross product with an earlier candidate is at
most ``PARALLEL_TOLERANCE`` in size is not tested; it is reported in
``skipped`` with the tested axis it duplicates.

Ties are broken deterministically: among axes whose depth is within
``TIE_TOLERANCE`` (relative) of the least, the first in test order wins; when
both ways out along that axis are equal, A is pushed away from B's centroid,
and along +axis when the centroids coincide. So a symmetric pose never flips
its normal from one frame to the next.

All projections of one call are computed in a single numpy batch (cheaper in
numpy than stopping midway); the report then stops at the first separating
axis, exactly the axes the early-exit algorithm tests. Per-axis records are
built from those numbers the first time they are read. Work the answer does
not need waits for the records too, with the same numbers in the end: the
projections of two polygons whose bounds are clearly apart, and the search for
parallel duplicates unless a depth lies within rounding of deciding the answer
(see _REJECT_SLACK and _CROSS_SLACK).

Arithmetic contract (what keeps ``sat`` and ``sat_many`` in step): every
projection is ``axis_x * x + axis_y * y`` as two IEEE products and one sum
(elementwise numpy or plain floats, never BLAS, whose fused multiply-adds round
differently), and every later step uses the same operations in the same order in
both. So ``sat_many`` reproduces ``sat``'s numbers bit for bit and the two agree
exactly on touching pairs too.

This module keeps no state between calls: no caches, no globals that change.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
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

# Shapes whose bounds are apart by more than rounding could ever hide are certainly
# not colliding: sat() and sat_many skip the projections for them. Why: if the shapes
# are `dist` apart, the origin lies `dist` outside their Minkowski difference, whose
# edge normals are the candidate axes. Its nearest point is on an edge (the gap on that
# edge's axis is dist) or at a corner, where one of the two edge normals is within half
# the corner's turn of the direction to the origin: some candidate axis shows a gap of
# at least dist * cos(turn / 2). The difference's normals are the union of the shapes'
# normals, so each of its corners turns no more than the smaller of the two shapes'
# largest turns between adjacent normals. A computed depth is off by ~1e-15 of the
# coordinates' size, so a margin of _REJECT_SLACK (relative) leaves rounding no way to
# make such a pair touch.
_REJECT_SLACK = 1e-9
# Two candidate axes parallel within PARALLEL_TOLERANCE give depths within ~2.1e-12 x
# the largest |vertex| (a tilt of 1e-12 moves a projection by that much, plus rounding).
# A skipped axis is at most three such steps from the tested axis it duplicates (a
# convex polygon has at most two normals near any one direction, so a pair has at most
# four), so its depth is within _CROSS_SLACK x the largest |vertex| of that axis's. So
# duplicates can change an answer only when depths lie that close to deciding it.
_CROSS_SLACK = 1e-11


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


class _AxisTable:
    """The raw numbers behind a report; records are built from them on demand.

    Candidates are A's axes (the first `split`) then B's, in test order, with
    A's interval ``[a_lo[c], a_hi[c]]``, B's and ``depth[c]`` on candidate c (plain
    float lists: few objects for the garbage collector to walk). The parallel-duplicate
    structure is found when first needed, and for a polygon pair proven apart by its
    bounds the projections are too.
    """

    __slots__ = (
        "a",
        "b",
        "axes",
        "split",
        "features",
        "indices",
        "a_lo",
        "b_lo",
        "a_hi",
        "b_hi",
        "depth",
        "_duplicate_of",
    )

    def __init__(self, a, b, axes, split, features, indices, intervals, depth, duplicate_of):
        self.a, self.b = a, b  # the shapes (for the centroid tie-break and deferred work)
        self.axes = axes  # (k, 2) array, or None: polygons' projections not made yet
        self.split = split
        self.features = features  # (A's feature name, B's)
        self.indices = indices  # (A's feature indices, B's), or None: edge c of the owner
        self.a_lo, self.b_lo, self.a_hi, self.b_hi = intervals
        self.depth = depth
        self._duplicate_of = duplicate_of  # list / None (no duplicates) / _UNKNOWN

    def filled(self) -> _AxisTable:
        if self.axes is None:
            self.axes, intervals, self.depth = _polygon_projections(self.a, self.b)
            self.a_lo, self.b_lo, self.a_hi, self.b_hi = intervals
        return self

    def duplicate_of(self):
        """Per candidate, the first earlier candidate parallel to it or -1 (None: none)."""
        if self._duplicate_of is _UNKNOWN:
            cross = _cross(self.filled().axes)
            self._duplicate_of = _first_parallel(np.abs(cross) <= PARALLEL_TOLERANCE)
        return self._duplicate_of


class _Marker(Enum):
    UNKNOWN = "not worked out yet"  # (an Enum member stays itself through copy and pickle)


_UNKNOWN = _Marker.UNKNOWN


def _push(lo_way: float, hi_way: float, axis_x: float, axis_y: float, a, b) -> int:
    """+1 when A leaves along +axis, -1 along -axis (ties: away from B's centroid)."""
    if hi_way < lo_way:
        return 1
    if hi_way > lo_way:
        return -1
    ca, cb = a.centroid, b.centroid
    offset = axis_x * (ca[0] - cb[0]) + axis_y * (ca[1] - cb[1])
    return -1 if offset < 0 else 1


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
        t = self._table.filled()
        duplicate_of = t.duplicate_of()
        stop = len(t.depth)
        if not (self.colliding or self.all_axes):  # early exit: up to the first separating axis
            stop = next(
                c + 1
                for c, d in enumerate(t.depth)
                if d < 0.0 and (duplicate_of is None or duplicate_of[c] < 0)
            )
        axes = t.axes[:stop].tolist()
        tested: list[AxisTest] = []
        skipped: list[SkippedAxis] = []
        index_of = {}
        for c in range(stop):
            side = 0 if c < t.split else 1
            feature_index = c - side * t.split
            if t.indices is not None:
                feature_index = t.indices[side][feature_index]
            axis = (axes[c][0], axes[c][1])
            if duplicate_of is not None and duplicate_of[c] >= 0:
                first = duplicate_of[c]
                while duplicate_of[first] >= 0:  # (parallel to a skipped one: follow it)
                    first = duplicate_of[first]
                skipped.append(
                    _frozen(
                        SkippedAxis,
                        axis=axis,
                        owner=OWNERS[side],
                        feature=t.features[side],
                        feature_index=feature_index,
                        parallel_to=index_of[first],
                    )
                )
                continue
            index_of[c] = len(tested)
            a_lo, b_lo, a_hi, b_hi = t.a_lo[c], t.b_lo[c], t.a_hi[c], t.b_hi[c]
            tested.append(
                _frozen(
                    AxisTest,
                    index=len(tested),
                    axis=axis,
                    owner=OWNERS[side],
                    feature=t.features[side],
                    feature_index=feature_index,
                    a_interval=(a_lo, a_hi),
                    b_interval=(b_lo, b_hi),
                    overlap=min(a_hi, b_hi) - max(a_lo, b_lo),
                    depth=t.depth[c],
                    push=_push(a_hi - b_lo, b_hi - a_lo, axis[0], axis[1], t.a, t.b),
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


def _frozen(cls, **fields):
    """An instance of frozen dataclass `cls`, filled in without its per-field __setattr__
    (the same object its __init__ would build, several times faster)."""
    instance = object.__new__(cls)
    instance.__dict__.update(fields)
    return instance


def _result(colliding, mtv, depth, normal, a_in_b, b_in_a, contacts, all_axes, table, best):
    return _frozen(
        SatResult,
        colliding=colliding,
        mtv=mtv,
        depth=depth,
        normal=normal,
        a_in_b=a_in_b,
        b_in_a=b_in_a,
        contacts=contacts,
        all_axes=all_axes,
        _table=table,
        _mtv_candidate=best,
    )


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
        return shape.normals, "edge", range(len(shape))
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
    """Min and max of `shape` on each row of `axes` (products and sum, no BLAS)."""
    if isinstance(shape, Polygon):
        v = shape.vertices
        d = axes[:, :1] * v[:, 0]
        d += axes[:, 1:] * v[:, 1]
        return d.min(axis=1), d.max(axis=1)
    x, y = shape.position
    c = axes[:, 0] * x + axes[:, 1] * y
    return c - shape.radius, c + shape.radius


def _cross(axes: np.ndarray) -> np.ndarray:
    """cross[i, j] = axes[i] x axes[j] = x_i * y_j - y_i * x_j (exactly antisymmetric)."""
    x, y = axes[:, 0], axes[:, 1]
    return x[:, None] * y - y[:, None] * x


def _first_parallel(parallel: np.ndarray):
    """Per candidate, the first earlier candidate parallel to it or -1; None if none is.

    `parallel[i, j]`: |axes[i] x axes[j]| <= PARALLEL_TOLERANCE.
    """
    if np.count_nonzero(parallel) == len(parallel):  # only the diagonal (x_i * y_i - y_i * x_i = 0)
        return None
    earlier_parallel = np.tril(parallel, -1)
    return np.where(earlier_parallel.any(axis=1), earlier_parallel.argmax(axis=1), -1).tolist()


def _parallel_duplicates(axes: np.ndarray) -> np.ndarray:
    """For each axis, the index of the first earlier axis parallel to it, or -1."""
    first = _first_parallel(np.abs(_cross(axes)) <= PARALLEL_TOLERANCE)
    return np.full(len(axes), -1) if first is None else np.array(first)


# -- the test ---------------------------------------------------------------------


def sat(a, b, *, all_axes: bool = False) -> SatResult:
    """Separating Axis Test of shapes `a` and `b` (Polygon or Circle, either order).

    With ``all_axes=False`` (the tutorials' early exit) the report stops at the
    first separating axis; with ``all_axes=True`` every axis is tested and
    reported, which is what an overlay showing all projections wants.
    """
    if isinstance(a, Polygon) and isinstance(b, Polygon):
        return _sat_polygons(a, b, all_axes)
    for name, shape in (("a", a), ("b", b)):
        if not isinstance(shape, (Polygon, Circle)):
            raise TypeError(
                f"sat(): {name} must be a Polygon or a Circle, got {type(shape).__name__}"
            )
    return _sat_general(a, b, all_axes)


def _polygon_projections(a: Polygon, b: Polygon):
    """(axes, intervals, depth) for two polygons: every projection in one numpy batch."""
    na = len(a.local_vertices)
    axes = np.concatenate((a.normals, b.normals))
    vertices = np.concatenate((a.vertices, b.vertices))
    proj = axes[:, :1] * vertices[:, 0]
    proj += axes[:, 1:] * vertices[:, 1]
    a_lo, b_lo = np.minimum.reduceat(proj, (0, na), axis=1).T.tolist()
    a_hi, b_hi = np.maximum.reduceat(proj, (0, na), axis=1).T.tolist()
    intervals = (a_lo, b_lo, a_hi, b_hi)
    return axes, intervals, _depths(*intervals)


def _depths(a_lo, b_lo, a_hi, b_hi) -> list[float]:
    """Per axis, the shorter way out: A toward -axis (a_max - b_min) or +axis (b_max - a_min)."""
    return [min(ah - bl, bh - al) for al, bl, ah, bh in zip(a_lo, b_lo, a_hi, b_hi, strict=True)]


def _sat_polygons(a: Polygon, b: Polygon, all_axes: bool) -> SatResult:
    """Two polygons. Parallel duplicates are only looked for when they could matter."""
    (ax, ay), (bx, by) = a.position, b.position
    # Largest |vertex| (bounds the rounding) and the bounding circles' gap.
    scale = max(1.0, abs(ax) + abs(ay) + a._reach, abs(bx) + abs(by) + b._reach)
    gap = math.hypot(ax - bx, ay - by) - a._reach - b._reach
    split = len(a.local_vertices)
    if gap * max(a._corner, b._corner) > _REJECT_SLACK * scale:
        # Clearly apart (see _REJECT_SLACK): not colliding, projections left for the records.
        table = _AxisTable(a, b, None, split, _EDGES, None, _NO_INTERVALS, None, _UNKNOWN)
        return _result(False, (0.0, 0.0), 0.0, (0.0, 0.0), False, False, (), all_axes, table, -1)

    axes, intervals, depth = _polygon_projections(a, b)
    # The answer is worked out over every candidate, duplicates included. A duplicate's
    # depth is within `slack` of the tested axis it duplicates (see _CROSS_SLACK), so
    # that answer is sat()'s unless a depth is within a few `slack` of deciding it:
    # a least depth just below zero, or a second axis near the least. Only then are the
    # duplicates found now and left out (otherwise when the records are first read).
    slack = _CROSS_SLACK * scale
    least = min(depth)
    duplicate_of = _UNKNOWN
    if least < 0.0:
        if least < -slack:
            table = _AxisTable(a, b, axes, split, _EDGES, None, intervals, depth, duplicate_of)
            return _result(
                False, (0.0, 0.0), 0.0, (0.0, 0.0), False, False, (), all_axes, table, -1
            )
    else:
        window = least + TIE_TOLERANCE * max(1.0, abs(least)) + 3.0 * slack
        if sum(1 for d in depth if d <= window) == 1:
            best = depth.index(least)
            table = _AxisTable(a, b, axes, split, _EDGES, None, intervals, depth, duplicate_of)
            return _colliding(a, b, table, best, all_axes, True)
    duplicate_of = _first_parallel(np.abs(_cross(axes)) <= PARALLEL_TOLERANCE)
    table = _AxisTable(a, b, axes, split, _EDGES, None, intervals, depth, duplicate_of)
    return _decide(table, all_axes, True)


_EDGES = ("edge", "edge")
_NO_INTERVALS = (None, None, None, None)


def _sat_general(a, b, all_axes: bool) -> SatResult:
    """Any pair with a circle in it."""
    axes_a, feature_a, index_a = _shape_axes(a, b)
    axes_b, feature_b, index_b = _shape_axes(b, a)
    axes = np.concatenate([axes_a, axes_b])
    a_lo, a_hi = _project(a, axes)
    b_lo, b_hi = _project(b, axes)
    intervals = (a_lo.tolist(), b_lo.tolist(), a_hi.tolist(), b_hi.tolist())
    depth = _depths(*intervals)
    duplicate_of = _first_parallel(np.abs(_cross(axes)) <= PARALLEL_TOLERANCE)
    table = _AxisTable(
        a,
        b,
        axes,
        len(axes_a),
        (feature_a, feature_b),
        (index_a, index_b),
        intervals,
        depth,
        duplicate_of,
    )
    return _decide(table, all_axes, False)


def _decide(table: _AxisTable, all_axes: bool, polygons: bool) -> SatResult:
    """The answer over the tested candidates (duplicates known)."""
    duplicate_of = table.duplicate_of()
    depth = table.depth
    if duplicate_of is not None:
        depth = [d if duplicate_of[c] < 0 else math.inf for c, d in enumerate(depth)]
    least = min(depth)
    if least < 0.0:
        return _result(False, (0.0, 0.0), 0.0, (0.0, 0.0), False, False, (), all_axes, table, -1)
    limit = least + TIE_TOLERANCE * max(1.0, abs(least))
    best = next(c for c, d in enumerate(depth) if d <= limit)
    return _colliding(table.a, table.b, table, best, all_axes, polygons)


def _colliding(a, b, table: _AxisTable, best: int, all_axes: bool, polygons: bool) -> SatResult:
    """The colliding result, MTV along candidate `best`."""
    a_hi, b_hi = table.a_hi, table.b_hi
    axis_x, axis_y = table.axes[best].tolist()
    lo_way, hi_way = a_hi[best] - table.b_lo[best], b_hi[best] - table.a_lo[best]
    push = _push(lo_way, hi_way, axis_x, axis_y, a, b)
    normal = (push * axis_x + 0.0, push * axis_y + 0.0)
    least = max(0.0, table.depth[best])
    mtv = (normal[0] * least + 0.0, normal[1] * least + 0.0)
    split = table.split
    contacts = _contacts(a, b, normal, best < split)
    if polygons:
        # A inside polygon B exactly when, on each of B's own normals, A's maximum is
        # no further out than B's (that maximum is B's edge line): read off the table.
        slack = CONTAINMENT_TOLERANCE * max(1.0, math.sqrt(a.area + b.area))
        k = len(a_hi)
        a_in_b = all(a_hi[c] <= b_hi[c] + slack for c in range(split, k))
        b_in_a = all(b_hi[c] <= a_hi[c] + slack for c in range(split))
    else:
        a_in_b, b_in_a = _inside(a, b), _inside(b, a)
    return _result(True, mtv, least, normal, a_in_b, b_in_a, contacts, all_axes, table, best)


# -- contacts and containment -----------------------------------------------------


def _contacts(a, b, normal: Vec2, reference_is_a: bool) -> tuple[Vec2, ...]:
    """Contact points on the incident shape (the one not owning the MTV axis)."""
    reference, incident = (a, b) if reference_is_a else (b, a)
    # The normal points from B toward A; toward_incident points from reference to incident.
    tx, ty = (-normal[0], -normal[1]) if reference_is_a else normal
    if isinstance(incident, Circle):
        (x, y), r = incident.position, incident.radius
        return ((x - tx * r, y - ty * r),)
    if isinstance(reference, Circle):
        xs, ys = incident.vertices.T.tolist()
        k = _argmin_dot(xs, ys, tx, ty)
        return ((xs[k], ys[k]),)
    return _clip_contacts(reference, incident, tx, ty)


def _argmax_dot(xs, ys, x: float, y: float) -> int:
    """Index of the first vector (xs[i], ys[i]) with the largest dot product with (x, y)."""
    dots = [vx * x + vy * y for vx, vy in zip(xs, ys, strict=True)]
    return dots.index(max(dots))


def _argmin_dot(xs, ys, x: float, y: float) -> int:
    """Index of the first vector (xs[i], ys[i]) with the smallest dot product with (x, y)."""
    dots = [vx * x + vy * y for vx, vy in zip(xs, ys, strict=True)]
    return dots.index(min(dots))


def _clip_contacts(reference: Polygon, incident: Polygon, tx: float, ty: float):
    """Box2D-style clipping: incident edge cut to the reference edge's side planes,
    keeping the points that are on or behind the reference face.

        reference edge r1 ------------- r2        ^ toward_incident (tx, ty)
                 |   x  incident points  x  |     |
              side plane              side plane
    """
    rnx, rny = reference.normals.T.tolist()
    rx, ry = reference.vertices.T.tolist()
    inx, iny = incident.normals.T.tolist()
    ix, iy = incident.vertices.T.tolist()
    nr, ni = len(rx), len(ix)
    ref_edge = _argmax_dot(rnx, rny, tx, ty)
    inc_edge = _argmin_dot(inx, iny, tx, ty)
    r1x, r1y = rx[ref_edge], ry[ref_edge]
    r2x, r2y = rx[(ref_edge + 1) % nr], ry[(ref_edge + 1) % nr]
    j = (inc_edge + 1) % ni
    points = [(ix[inc_edge], iy[inc_edge]), (ix[j], iy[j])]
    ex, ey = r2x - r1x, r2y - r1y
    length = math.hypot(ex, ey)
    ux, uy = ex / length, ey / length  # the reference edge's unit tangent
    for bound, sign in ((ux * r1x + uy * r1y, 1.0), (ux * r2x + uy * r2y, -1.0)):
        # keep sign * (tangent . p - bound) >= 0
        (p0x, p0y), (p1x, p1y) = points
        d0 = sign * (ux * p0x + uy * p0y - bound)
        d1 = sign * (ux * p1x + uy * p1y - bound)
        if d0 < 0 and d1 < 0:
            points = []
            break
        if d0 < 0 or d1 < 0:
            t = d0 / (d0 - d1)
            cut = (p0x + t * (p1x - p0x), p0y + t * (p1y - p0y))
            points = [cut, points[1]] if d0 < 0 else [points[0], cut]
    fx, fy = rnx[ref_edge], rny[ref_edge]
    face = fx * r1x + fy * r1y
    slack = CONTAINMENT_TOLERANCE * max(1.0, math.sqrt(reference.area + incident.area))
    kept = [p for p in points if fx * p[0] + fy * p[1] - face <= slack]
    if not kept:  # deep or engulfed overlap: fall back on the incident's deepest vertex
        k = _argmin_dot(ix, iy, tx, ty)
        return ((ix[k], iy[k]),)
    if len(kept) == 2 and kept[0] == kept[1]:
        return (kept[0],)
    return tuple(kept)


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

# Candidate pairs are processed in blocks whose gathered data stays under this many
# bytes: numpy asks the kernel for huge pages from 4 MiB up, and the page faults of
# fresh big temporaries cost more than the extra blocks.
_BLOCK_BYTES = 3 << 20
# Grouping pairs by vertex count trims the padding; a group aims at this many pairs.
_GROUP = 256
# Elements of one (vertices, axes, pairs) product array: keeps it cache-sized.
_PRODUCT = 1 << 17


class PolygonBatch:
    """Polygons packed into padded numpy arrays, ready for `sat_many`.

    Shorter polygons are padded by repeating their last vertex and their first
    normal: a repeated vertex changes no projection and a repeated normal is a
    parallel duplicate, so padding never changes an answer.

    ``vertices`` / ``normals`` are (P, N, 2), ``own_lo`` / ``own_hi`` (P, N) each
    polygon's interval on its own normals, ``centroids`` (P, 2); the rest is the
    same data laid out for `sat_many` (pairs along the last axis).
    """

    def __init__(self, polygons: Sequence[Polygon]):
        polygons = list(polygons)
        for i, p in enumerate(polygons):
            if not isinstance(p, Polygon):
                raise TypeError(f"PolygonBatch: item {i} is a {type(p).__name__}, not a Polygon")
        count = len(polygons)
        sizes = np.fromiter(map(len, polygons), dtype=np.intp, count=count)
        width = int(sizes.max()) if count else 3
        soa = np.empty((width, 6, count))
        if count:
            # Every vertex, then every normal, as (x row, y row); padded slots index into it.
            flat = np.concatenate([p.vertices for p in polygons] + [p.normals for p in polygons])
            flat = np.ascontiguousarray(flat.T)
            start = np.cumsum(sizes) - sizes
            slot = np.arange(width)[:, None]
            last = sizes - 1
            vertex = start + np.minimum(slot, last)
            normal = len(flat[0]) // 2 + start + np.where(slot <= last, slot, 0)
            soa[:, 2:4] = np.take(flat, vertex, axis=1).transpose(1, 0, 2)
            soa[:, 0:2] = np.take(flat, normal, axis=1).transpose(1, 0, 2)
        self._polygons = polygons
        self._centroids = None
        self._pack(soa, sizes, None)

    @classmethod
    def from_arrays(cls, vertices, normals, centroids, own_lo=None, own_hi=None) -> PolygonBatch:
        """A batch from already padded world arrays (P, N, 2), (P, N, 2), (P, 2).

        For callers (the physics step) that keep polygons as arrays; the padding
        rule is the one above: repeat the last vertex and the first normal.
        `own_lo` / `own_hi` (P, N), each polygon's interval on its own normals,
        are projected here unless the caller already knows them (then `sat_many`
        uses the caller's numbers as they are).
        """
        vertices = np.asarray(vertices, dtype=float)
        normals = np.asarray(normals, dtype=float)
        centroids = np.array(centroids, dtype=float).reshape(-1, 2)
        if vertices.ndim != 3 or vertices.shape[2] != 2 or normals.shape != vertices.shape:
            raise ValueError(
                f"PolygonBatch.from_arrays(): vertices and normals must both be (P, N, 2), "
                f"got {vertices.shape} and {normals.shape}"
            )
        if len(centroids) != len(vertices):
            raise ValueError(
                f"PolygonBatch.from_arrays(): {len(centroids)} centroids "
                f"for {len(vertices)} polygons"
            )
        count, width = vertices.shape[:2]
        soa = np.empty((width, 6, count))
        soa[:, 0:2] = normals.transpose(1, 2, 0)
        soa[:, 2:4] = vertices.transpose(1, 2, 0)
        own = None
        if own_lo is not None and own_hi is not None:
            own = (
                np.asarray(own_lo, dtype=float).reshape(count, width).T,
                np.asarray(own_hi, dtype=float).reshape(count, width).T,
            )
        batch = object.__new__(cls)
        batch._polygons = None
        batch._centroids = centroids
        batch._pack(soa, np.full(count, width, dtype=np.intp), own)
        return batch

    def _pack(self, soa: np.ndarray, sizes: np.ndarray, own) -> None:
        """Complete `soa` (N, 6, P), whose rows 0-3 (normal x, y, vertex x, y) are set.

        Row 4 / 5 become the own intervals with parallel duplicates opened to +-inf.
        Slot-major, so that the first w slots of every polygon are one contiguous block.
        """
        width, count = soa.shape[0], soa.shape[2]
        self.sizes = sizes
        self.width = width
        nx, ny, vx, vy = soa[:, 0], soa[:, 1], soa[:, 2], soa[:, 3]
        if own is None:
            lo = nx * vx[0]
            lo += ny * vy[0]
            hi = lo.copy()
            d = np.empty_like(lo)
            t = np.empty_like(lo)
            for j in range(1, width):
                np.multiply(nx, vx[j], out=d)
                np.multiply(ny, vy[j], out=t)
                d += t
                np.minimum(lo, d, out=lo)
                np.maximum(hi, d, out=hi)
        else:
            lo, hi = own
        self._own = lo, hi
        # A normal parallel to an earlier one of the same polygon (padding included) is
        # never tested: its own interval becomes (-inf, inf), so its depth is +inf.
        duplicate = np.zeros((width, count), dtype=bool)
        for i in range(1, width):
            cross = nx[i] * ny[:i]
            cross -= ny[i] * nx[:i]  # the same x_i * y_e - y_i * x_e as sat()
            np.abs(cross, out=cross)
            duplicate[i] = (cross <= PARALLEL_TOLERANCE).any(axis=0)
        soa[:, 4] = np.where(duplicate, -np.inf, lo)
        soa[:, 5] = np.where(duplicate, np.inf, hi)
        self._soa = soa
        # Bounds for the early rejection: box, circle round the box centre, the largest
        # |vertex| (scale of the rounding), cos(largest turn / 2) (see _REJECT_SLACK) and
        # the extent along the diagonals (x + y, x - y).
        bound = np.empty((13, count))
        bound[0], bound[1] = vx.min(axis=0, initial=np.inf), vy.min(axis=0, initial=np.inf)
        bound[2], bound[3] = vx.max(axis=0, initial=-np.inf), vy.max(axis=0, initial=-np.inf)
        cx = bound[4] = (bound[0] + bound[2]) * 0.5
        cy = bound[5] = (bound[1] + bound[3]) * 0.5
        radius = bound[6] = np.sqrt(((vx - cx) ** 2 + (vy - cy) ** 2).max(axis=0, initial=0.0))
        bound[7] = np.hypot(cx, cy) + radius
        turn = nx * np.roll(nx, -1, axis=0) + ny * np.roll(ny, -1, axis=0)
        bound[8] = np.sqrt(np.clip((1.0 + turn.min(axis=0, initial=1.0)) * 0.5, 0.0, 1.0))
        diagonal = vx + vy
        bound[9], bound[10] = (
            diagonal.min(axis=0, initial=np.inf),
            diagonal.max(axis=0, initial=-np.inf),
        )
        np.subtract(vx, vy, out=diagonal)
        bound[11], bound[12] = (
            diagonal.min(axis=0, initial=np.inf),
            diagonal.max(axis=0, initial=-np.inf),
        )
        self._bound = bound

    @property
    def vertices(self) -> np.ndarray:
        """(P, N, 2) world vertices, padded by repeating the last one (a view)."""
        return self._soa[:, 2:4].transpose(2, 0, 1)

    @property
    def normals(self) -> np.ndarray:
        """(P, N, 2) outward unit normals, padded by repeating the first one (a view)."""
        return self._soa[:, 0:2].transpose(2, 0, 1)

    @property
    def own_lo(self) -> np.ndarray:
        """(P, N): each polygon's minimum on each of its own normals."""
        return self._own[0].T

    @property
    def own_hi(self) -> np.ndarray:
        """(P, N): each polygon's maximum on each of its own normals."""
        return self._own[1].T

    @property
    def centroids(self) -> np.ndarray:
        """(P, 2) world centroids (computed on first use for a batch of Polygons)."""
        if self._centroids is None:
            self._centroids = np.array([p.centroid for p in self._polygons]).reshape(-1, 2)
        return self._centroids

    def __len__(self) -> int:
        return self._soa.shape[2]


@dataclass(frozen=True)
class SatBatchResult:
    """`sat()`'s headline answers for many pairs, as arrays (row i = pair i)."""

    colliding: np.ndarray  # (P,) bool
    mtv: np.ndarray  # (P, 2), zero where not colliding
    depth: np.ndarray  # (P,)
    normal: np.ndarray  # (P, 2), from B toward A, zero where not colliding


def sat_many(polygons_a, polygons_b, *, chunk: int = 1024) -> SatBatchResult:
    """`sat(polygons_a[i], polygons_b[i])` for every i at once, vectorised with numpy.

    Accepts sequences of Polygons or prebuilt `PolygonBatch`es of equal length.
    Same axes, same depths, same tie-breaks as `sat()`: row i equals
    ``sat(a[i], b[i])``'s colliding / mtv / depth / normal (for batches built from
    Polygons, bit for bit). `chunk` caps the pairs handled in one numpy step.
    """
    batch_a = polygons_a if isinstance(polygons_a, PolygonBatch) else PolygonBatch(polygons_a)
    batch_b = polygons_b if isinstance(polygons_b, PolygonBatch) else PolygonBatch(polygons_b)
    if len(batch_a) != len(batch_b):
        raise ValueError(f"sat_many(): {len(batch_a)} shapes in A but {len(batch_b)} in B")
    count = len(batch_a)
    colliding = np.zeros(count, dtype=bool)
    depth = np.zeros(count)
    normal = np.zeros((count, 2))
    if count:
        candidates = np.flatnonzero(_may_touch(batch_a._bound, batch_b._bound))
        block = max(256, _BLOCK_BYTES // (6 * 8 * max(batch_a.width, batch_b.width)))
        for start in range(0, len(candidates), block):
            rows = candidates[start : start + block]
            _sat_candidates(batch_a, batch_b, rows, max(1, int(chunk)), colliding, depth, normal)
    mtv = normal * depth[:, None] + 0.0
    return SatBatchResult(colliding, mtv, depth, normal)


def _may_touch(bound_a: np.ndarray, bound_b: np.ndarray) -> np.ndarray:
    """False for pairs certainly apart (their bounds show a clear gap; see _REJECT_SLACK).

    The gap between two shapes along any unit direction is a lower bound on their
    distance: the bounding circles' gap, the boxes' along x and y, along the diagonals.
    """
    gap = np.hypot(bound_a[4] - bound_b[4], bound_a[5] - bound_b[5]) - bound_a[6] - bound_b[6]
    for box_gap in (
        bound_a[0] - bound_b[2],
        bound_b[0] - bound_a[2],
        bound_a[1] - bound_b[3],
        bound_b[1] - bound_a[3],
    ):
        np.maximum(gap, box_gap, out=gap)
    diagonal_gap = np.maximum(bound_a[9] - bound_b[10], bound_b[9] - bound_a[10])
    np.maximum(diagonal_gap, bound_a[11] - bound_b[12], out=diagonal_gap)
    np.maximum(diagonal_gap, bound_b[11] - bound_a[12], out=diagonal_gap)
    np.maximum(gap, diagonal_gap * math.sqrt(0.5), out=gap)
    scale = np.maximum(np.maximum(bound_a[7], bound_b[7]), 1.0)
    return gap * np.maximum(bound_a[8], bound_b[8]) <= _REJECT_SLACK * scale


def _groups(size_a: np.ndarray, size_b: np.ndarray, chunk: int):
    """Split pairs into groups of similar vertex counts: [(positions, width_a, width_b)].

    `splits` bands of A's vertex count (equal numbers of pairs), each cut into
    `splits` bands of B's; every group keeps its pairs in ascending order.
    """
    n = len(size_a)
    splits = max(1, int(math.sqrt(n / _GROUP)))
    order = np.argsort(size_a, kind="stable")
    band = np.empty(n, dtype=np.intp)
    band[order] = np.arange(n) * splits // n  # A's band of each pair
    # One stable (radix) sort by (A's band, B's count), then equal cuts of each band.
    key = (band * (int(size_b.max()) + 1) + size_b).astype(np.int32)
    order = np.argsort(key, kind="stable")
    groups = []
    ends = np.cumsum(np.bincount(band, minlength=splits))
    for part in np.split(order, ends[:-1]):
        for piece in np.array_split(part, splits):
            if not len(piece):
                continue
            piece = np.sort(piece)
            wa, wb = int(size_a[piece].max()), int(size_b[piece].max())
            step = max(1, min(chunk, _PRODUCT // (wa * wb)))
            for start in range(0, len(piece), step):
                groups.append((piece[start : start + step], wa, wb))
    return groups


def _sat_candidates(batch_a, batch_b, rows, chunk, colliding_out, depth_out, normal_out) -> None:
    """sat_many's work on the pairs `rows` that passed the bounds test."""
    soa_a, soa_b = batch_a._soa, batch_b._soa
    width_a, width_b = batch_a.width, batch_b.width
    n = len(rows)
    # The two ways out (lo_way = a_max - b_min, hi_way = b_max - a_min) on every axis:
    # rows [0, width_a) are A's normals, [width_a, width_a + width_b) B's; +inf for padding.
    lo_way = np.full((width_a + width_b, n), np.inf)
    hi_way = np.full((width_a + width_b, n), np.inf)
    groups = _groups(batch_a.sizes[rows], batch_b.sizes[rows], chunk)
    rows = rows[np.concatenate([positions for positions, _, _ in groups])]
    # One gather per side (np.take wants a contiguous source), then a slice per group:
    # slots x rows (normal x, y, vertex x, y, lo, hi) x pairs.
    gather_a = np.take(soa_a, rows, axis=2)
    gather_b = np.take(soa_b, rows, axis=2)
    column = 0
    for positions, wa, wb in groups:
        cols = slice(column, column + len(positions))
        column += len(positions)
        ga = gather_a[:wa, :, cols]  # (wa, 6, p)
        gb = gather_b[:wb, :, cols]
        # B's vertices on A's normals: (wb, wa, p) products, then min / max over B's vertices.
        d = gb[:, 2, None] * ga[:, 0]
        d += gb[:, 3, None] * ga[:, 1]
        np.subtract(ga[:, 5], d.min(axis=0), out=lo_way[:wa, cols])
        np.subtract(d.max(axis=0), ga[:, 4], out=hi_way[:wa, cols])
        # A's vertices on B's normals.
        d = ga[:, 2, None] * gb[:, 0]
        d += ga[:, 3, None] * gb[:, 1]
        np.subtract(d.max(axis=0), gb[:, 4], out=lo_way[width_a : width_a + wb, cols])
        np.subtract(gb[:, 5], d.min(axis=0), out=hi_way[width_a : width_a + wb, cols])

    depth = np.minimum(lo_way, hi_way)
    least_a = depth[:width_a].min(axis=0)
    least_b = depth[width_a:].min(axis=0)
    least = np.minimum(least_a, least_b)
    colliding = least >= 0.0
    limit = least + TIE_TOLERANCE * np.maximum(1.0, np.abs(least))
    # B's normals parallel to one of A's (skipped by sat()) are still in `depth`. Their
    # depths are within `slack` of their twin's on A's side, so they can only matter in
    # a row whose answer is within that of changing: re-check exactly those rows.
    scale = np.maximum(np.maximum(batch_a._bound[7, rows], batch_b._bound[7, rows]), 1.0)
    slack = _CROSS_SLACK * scale
    suspect = np.where(
        colliding, np.maximum(least_a, least_b) <= limit + 3.0 * slack, least >= -slack
    )
    if suspect.any():
        s = np.flatnonzero(suspect)
        twin = _parallel_to_a(soa_a, soa_b, rows[s])  # (width_b, len(s))
        if twin.any():
            sub = depth[width_a:, s]
            sub[twin] = np.inf
            depth[width_a:, s] = sub
            least[s] = np.minimum(least_a[s], sub.min(axis=0))
            colliding[s] = least[s] >= 0.0
            limit[s] = least[s] + TIE_TOLERANCE * np.maximum(1.0, np.abs(least[s]))

    hits = np.flatnonzero(colliding)
    colliding_out[rows] = colliding
    if not len(hits):
        return
    # The first axis in test order within the tie tolerance of the least depth.
    best = np.argmax(depth <= limit, axis=0)[hits]
    low, high = lo_way[best, hits], hi_way[best, hits]
    r = rows[hits]
    from_a = best < width_a
    slot_a = np.minimum(best, width_a - 1)
    slot_b = np.clip(best - width_a, 0, width_b - 1)
    axis_x = np.where(from_a, soa_a[slot_a, 0, r], soa_b[slot_b, 0, r])
    axis_y = np.where(from_a, soa_a[slot_a, 1, r], soa_b[slot_b, 1, r])
    push = np.where(high < low, 1.0, -1.0)
    tie = np.flatnonzero(high == low)
    if len(tie):  # both ways out equal: away from B's centroid (sat()'s rule)
        ca, cb = batch_a.centroids[r[tie]], batch_b.centroids[r[tie]]
        offset = axis_x[tie] * (ca[:, 0] - cb[:, 0]) + axis_y[tie] * (ca[:, 1] - cb[:, 1])
        push[tie] = np.where(offset < 0, -1.0, 1.0)
    depth_out[r] = np.maximum(np.minimum(low, high), 0.0) + 0.0
    normal_out[r, 0] = push * axis_x + 0.0
    normal_out[r, 1] = push * axis_y + 0.0


def _parallel_to_a(soa_a: np.ndarray, soa_b: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """(width_b, len(rows)): B's normal j is parallel to one of A's (sat()'s cross product)."""
    ax, ay = soa_a[:, 0, rows], soa_a[:, 1, rows]
    bx, by = soa_b[:, 0, rows], soa_b[:, 1, rows]
    cross = bx[:, None] * ay
    cross -= by[:, None] * ax
    return (np.abs(cross) <= PARALLEL_TOLERANCE).any(axis=1)
