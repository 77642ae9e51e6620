"""The Separating Axis Test on one pair of shapes (numpy only); the report is in `report`.

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

Arithmetic contract (what keeps ``sat`` and ``sat_many (`batch`)`` in step): every
projection is ``axis_x * x + axis_y * y`` as two IEEE products and one sum
(elementwise numpy or plain floats, never BLAS, whose fused multiply-adds round
differently), and every later step uses the same operations in the same order in
both. So ``sat_many`` reproduces ``sat``'s numbers bit for bit and the two agree
exactly on touching pairs too.

This module keeps no state between calls: no caches, no globals that change.
"""

from __future__ import annotations

import math

import numpy as np

from .axes import (
    axis_crosses,
    depths,
    first_parallel,
    polygon_projections,
    project_onto,
    shape_axes,
    tie_scale,
    touch_tolerance,
)
from .clipping import contact_points
from .geometry import ROUNDING, Circle, Polygon, magnitude
from .portable import dot_rows, hypot, transform
from .report import NOT_YET_KNOWN, AxisTable, SatResult, build_result, push_direction
from .tolerances import (
    CONTAINMENT_TOLERANCE,
    CROSS_SLACK,
    PARALLEL_TOLERANCE,
    REJECT_SLACK,
    TIE_FLOOR,
    TIE_TOLERANCE,
    TOUCH_BOUND,
)


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


def _sat_polygons(a: Polygon, b: Polygon, all_axes: bool) -> SatResult:
    """Two polygons. Parallel duplicates are only looked for when they could matter."""
    (ax, ay), (bx, by) = a.position, b.position
    # Largest |vertex| (bounds the rounding) and the bounding circles' gap.
    scale = max(abs(ax) + abs(ay) + a._reach, abs(bx) + abs(by) + b._reach)
    gap = hypot(ax - bx, ay - by) - a._reach - b._reach
    split = len(a.local_vertices)
    if gap * max(a._corner, b._corner) > REJECT_SLACK * scale:
        # Clearly apart (see REJECT_SLACK): not colliding, projections left for the records.
        table = AxisTable(a, b, None, split, _EDGES, None, _NO_INTERVALS, None, NOT_YET_KNOWN)
        return build_result(
            False, (0.0, 0.0), 0.0, (0.0, 0.0), False, False, (), all_axes, table, -1
        )

    axes, intervals, depth = polygon_projections(a, b)
    # The answer is worked out over every candidate, duplicates included. A duplicate's
    # depth is within `slack` of the tested axis it duplicates (see CROSS_SLACK), so
    # that answer is sat()'s unless a depth is within a few `slack` of deciding it:
    # a least depth just below zero, or a second axis near the least. Only then are the
    # duplicates found now and left out (otherwise when the records are first read).
    slack = CROSS_SLACK * scale
    least = min(depth)
    duplicate_of = NOT_YET_KNOWN
    if least < 0.0:
        if least < -slack:
            table = AxisTable(a, b, axes, split, _EDGES, None, intervals, depth, duplicate_of)
            return build_result(
                False, (0.0, 0.0), 0.0, (0.0, 0.0), False, False, (), all_axes, table, -1
            )
    else:
        # At least the tie window of _decide (whose scale is at most 3 x this one).
        window = least + TIE_TOLERANCE * max(abs(least), 4.0 * TIE_FLOOR * scale) + 3.0 * slack
        if sum(1 for d in depth if d <= window) == 1:
            best = depth.index(least)
            table = AxisTable(a, b, axes, split, _EDGES, None, intervals, depth, duplicate_of)
            return _colliding(a, b, table, best, all_axes, True)
    duplicate_of = first_parallel(np.abs(axis_crosses(axes)) <= PARALLEL_TOLERANCE)
    table = AxisTable(a, b, axes, split, _EDGES, None, intervals, depth, duplicate_of)
    return _decide(table, all_axes, True)


_EDGES = ("edge", "edge")
_NO_INTERVALS = (None, None, None, None)


def _sat_general(a, b, all_axes: bool) -> SatResult:
    """Any pair with a circle in it."""
    axes_a, feature_a, index_a = shape_axes(a, b)
    axes_b, feature_b, index_b = shape_axes(b, a)
    axes = np.concatenate([axes_a, axes_b])
    a_lo, a_hi = project_onto(a, axes)
    b_lo, b_hi = project_onto(b, axes)
    intervals = (a_lo.tolist(), b_lo.tolist(), a_hi.tolist(), b_hi.tolist())
    depth = depths(*intervals)
    duplicate_of = first_parallel(np.abs(axis_crosses(axes)) <= PARALLEL_TOLERANCE)
    table = AxisTable(
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


def _decide(table: AxisTable, all_axes: bool, polygons: bool) -> SatResult:
    """The answer over the tested candidates (duplicates known)."""
    duplicate_of = table.duplicate_of()
    depth = table.depth
    if duplicate_of is not None:
        depth = [d if duplicate_of[c] < 0 else math.inf for c, d in enumerate(depth)]
    least = min(depth)
    if least < 0.0 and not _touching(table.a, table.b, least):
        return build_result(
            False, (0.0, 0.0), 0.0, (0.0, 0.0), False, False, (), all_axes, table, -1
        )
    scale = tie_scale(table.a, table.b) if polygons else max(magnitude(table.a), magnitude(table.b))
    limit = least + TIE_TOLERANCE * max(abs(least), TIE_FLOOR * scale)
    best = next(c for c, d in enumerate(depth) if d <= limit)
    return _colliding(table.a, table.b, table, best, all_axes, polygons)


def _colliding(a, b, table: AxisTable, best: int, all_axes: bool, polygons: bool) -> SatResult:
    """The colliding result, MTV along candidate `best`."""
    a_hi, b_hi = table.a_hi, table.b_hi
    axis_x, axis_y = table.axes[best].tolist()
    lo_way, hi_way = a_hi[best] - table.b_lo[best], b_hi[best] - table.a_lo[best]
    push = push_direction(lo_way, hi_way, axis_x, axis_y, a, b)
    normal = (push * axis_x + 0.0, push * axis_y + 0.0)
    least = max(0.0, table.depth[best])
    if _touching(a, b, least):  # the one touching rule: depth 0
        least = 0.0
    mtv = (normal[0] * least + 0.0, normal[1] * least + 0.0)
    split = table.split
    contacts = contact_points(a, b, normal, best < split, least == 0.0)
    if polygons:
        # A inside polygon B exactly when, on each of B's own normals, A's maximum is
        # no further out than B's (that maximum is B's edge line): read off the table.
        slack = _inside_slack(a, b)
        k = len(a_hi)
        a_in_b = all(a_hi[c] <= b_hi[c] + slack for c in range(split, k))
        b_in_a = all(b_hi[c] <= a_hi[c] + slack for c in range(split))
    else:
        a_in_b, b_in_a = _inside(a, b), _inside(b, a)
    return build_result(True, mtv, least, normal, a_in_b, b_in_a, contacts, all_axes, table, best)


def _touching(a, b, depth: float) -> bool:
    """`depth` is within the pair's touching tolerance of zero (the cheap bound first)."""
    if abs(depth) > TOUCH_BOUND * max(magnitude(a), magnitude(b)):
        return False
    return abs(depth) <= touch_tolerance(a, b)


def _inside(inner, outer) -> bool:
    """True when `inner` lies entirely within `outer` (touching from inside counts)."""
    slack = _inside_slack(inner, outer)
    if isinstance(outer, Circle):
        c = np.asarray(outer.position)
        if isinstance(inner, Circle):
            (ix, iy), (ox, oy) = inner.position, outer.position
            return hypot(ix - ox, iy - oy) + inner.radius <= outer.radius + slack
        d = inner.vertices - c
        return bool(np.all(hypot(d[:, 0], d[:, 1]) <= outer.radius + slack))
    face = dot_rows(outer.normals, outer.vertices)
    if isinstance(inner, Circle):
        offsets = dot_rows(outer.normals, np.asarray(inner.position)) + inner.radius
    else:
        offsets = transform(inner.vertices, outer.normals).max(axis=0)
    return bool(np.all(offsets <= face + slack))


def _inside_slack(a, b) -> float:
    """Slack for "inside": relative to the shapes' size and to their coordinates' rounding
    (no absolute floor, no square that could overflow: areas are finite by construction)."""
    return CONTAINMENT_TOLERANCE * math.sqrt(a.area + b.area) + ROUNDING * (
        magnitude(a) + magnitude(b)
    )
