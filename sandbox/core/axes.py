"""The candidate axes of the separating axis test and both shapes' projections onto them.

Axes, in test order: A's outward edge normals, then B's; a circle contributes the
axis from the other polygon's closest vertex to its centre (tutorial 004), or the
centre-to-centre axis against another circle. An axis parallel to an earlier one is
a duplicate: it is listed, never tested again.
"""

from __future__ import annotations

import math

import numpy as np

from .geometry import Circle, Polygon, magnitude
from .portable import dot_rows, hypot
from .tolerances import PARALLEL_TOLERANCE, TOUCH_TOLERANCE


def closest_vertex_axis(circle: Circle, polygon: Polygon):
    """Unit axis from the polygon's vertex nearest the circle's centre to that centre."""
    offsets = np.asarray(circle.position) - polygon.vertices
    dist2 = dot_rows(offsets, offsets)
    k = int(np.argmin(dist2))
    length = math.sqrt(float(dist2[k]))
    if length == 0.0:
        return None, k  # centre on the vertex: the edge normals already decide
    return offsets[k] / length, k


def shape_axes(shape, other):
    """(axes (m, 2), feature name, feature indices) that `shape` contributes."""
    if isinstance(shape, Polygon):
        return shape.normals, "edge", range(len(shape))
    if isinstance(other, Polygon):
        axis, k = closest_vertex_axis(shape, other)
        if axis is None:
            return np.empty((0, 2)), "closest vertex", ()
        return axis[None, :], "closest vertex", (k,)
    dx = shape.position[0] - other.position[0]
    dy = shape.position[1] - other.position[1]
    length = hypot(dx, dy)
    axis = (dx / length, dy / length) if length > 0 else (0.0, -1.0)  # concentric: "up"
    return np.array([axis]), "centres", (None,)


def project_onto(shape, axes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Min and max of `shape` on each row of `axes` (products and sum, no BLAS)."""
    if isinstance(shape, Polygon):
        v = shape.vertices
        d = axes[:, :1] * v[:, 0]
        d += axes[:, 1:] * v[:, 1]
        return d.min(axis=1), d.max(axis=1)
    x, y = shape.position
    c = axes[:, 0] * x + axes[:, 1] * y
    return c - shape.radius, c + shape.radius


def axis_crosses(axes: np.ndarray) -> np.ndarray:
    """cross[i, j] = axes[i] x axes[j] = x_i * y_j - y_i * x_j (exactly antisymmetric)."""
    x, y = axes[:, 0], axes[:, 1]
    return x[:, None] * y - y[:, None] * x


def first_parallel(parallel: np.ndarray):
    """Per candidate, the first earlier candidate parallel to it or -1; None if none is.

    `parallel[i, j]`: |axes[i] x axes[j]| <= PARALLEL_TOLERANCE.
    """
    if np.count_nonzero(parallel) == len(parallel):  # only the diagonal (x_i * y_i - y_i * x_i = 0)
        return None
    earlier_parallel = np.tril(parallel, -1)
    return np.where(earlier_parallel.any(axis=1), earlier_parallel.argmax(axis=1), -1).tolist()


def parallel_duplicates(axes: np.ndarray) -> np.ndarray:
    """For each axis, the index of the first earlier axis parallel to it, or -1."""
    first = first_parallel(np.abs(axis_crosses(axes)) <= PARALLEL_TOLERANCE)
    return np.full(len(axes), -1) if first is None else np.array(first)


def polygon_projections(a: Polygon, b: Polygon):
    """(axes, intervals, depth) for two polygons: every projection in one numpy batch."""
    na = len(a.local_vertices)
    axes = np.concatenate((a.normals, b.normals))
    vertices = np.concatenate((a.vertices, b.vertices))
    proj = axes[:, :1] * vertices[:, 0]
    proj += axes[:, 1:] * vertices[:, 1]
    a_lo, b_lo = np.minimum.reduceat(proj, (0, na), axis=1).T.tolist()
    a_hi, b_hi = np.maximum.reduceat(proj, (0, na), axis=1).T.tolist()
    intervals = (a_lo, b_lo, a_hi, b_hi)
    return axes, intervals, depths(*intervals)


def depths(a_lo, b_lo, a_hi, b_hi) -> list[float]:
    """Per axis, the shorter way out: A toward -axis (a_max - b_min) or +axis (b_max - a_min)."""
    return [min(ah - bl, bh - al) for al, bl, ah, bh in zip(a_lo, b_lo, a_hi, b_hi, strict=True)]


def touch_tolerance(a, b) -> float:
    """Depths, gaps and overlaps within +- this are touching (tolerances.TOUCH_TOLERANCE):
    relative to the largest |vertex| of a polygon pair as sat_many bounds it (tie_scale),
    else to geometry.magnitude."""
    if isinstance(a, Polygon) and isinstance(b, Polygon):
        return TOUCH_TOLERANCE * tie_scale(a, b)
    return TOUCH_TOLERANCE * max(magnitude(a), magnitude(b))


def snap_touching(value: float, tolerance: float) -> float:
    """`value` (a depth, gap or overlap), 0.0 when it is within `tolerance` of zero."""
    return 0.0 if -tolerance <= value <= tolerance else value


def _bound_scale(polygon: Polygon) -> float:
    """The largest |vertex| as sat_many bounds it (|box centre| + the farthest vertex from
    it), computed with the same operations so that both pick the same axis in a tie."""
    vx, vy = polygon.vertices[:, 0], polygon.vertices[:, 1]
    cx = (vx.min() + vx.max()) * 0.5
    cy = (vy.min() + vy.max()) * 0.5
    radius = np.sqrt(((vx - cx) * (vx - cx) + (vy - cy) * (vy - cy)).max())
    return float(hypot(cx, cy) + radius)


def tie_scale(a: Polygon, b: Polygon) -> float:
    """The scale of the tie tolerance's floor for a polygon pair (as sat_many's)."""
    return max(_bound_scale(a), _bound_scale(b))
