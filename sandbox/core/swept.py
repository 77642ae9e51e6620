"""`sweep`: the swept (velocity-extended) test, tutorial 003's answer to tunnelling (numpy only)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .axes import parallel_duplicates, project_onto
from .geometry import Circle, Polygon, Vec2
from .pair import sat
from .portable import dot_rows, hypot


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
    try:
        x, y = motion
        d = np.array([float(x), float(y)])
    except (TypeError, ValueError):
        raise ValueError(
            f"sweep(): motion must be a pair of numbers (x, y), got {motion!r}"
        ) from None
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
    axes = axes[parallel_duplicates(axes) < 0]
    a_lo, a_hi = project_onto(a, axes)
    b_lo, b_hi = project_onto(b, axes)
    speed = dot_rows(axes, d)
    # A speed of 0 is handled below; a tiny one (a subnormal motion) may overflow the
    # quotient: a time beyond the largest float is as far outside the step as +-inf.
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
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

    # The quadratic is solved along u = d / size, for s = t * size, the distance travelled
    # in units of u: 1 <= |u| < 2, so that neither |d| ** 2 nor (f . u) ** 2 can overflow
    # or underflow. size is a power of two: every scaling is exact, and t comes out with
    # the very bits the unscaled quadratic gives wherever that one does not overflow.
    largest = float(np.abs(d).max())
    size = math.ldexp(1.0, math.frexp(largest)[1] - 1) if largest > 0 else 1.0
    u = d / size

    def circle_hit(point, r):
        f = c - point
        qa, qb, qc = (
            float(dot_rows(u, u)),
            2.0 * float(dot_rows(f, u)),
            float(dot_rows(f, f)) - r * r,
        )
        disc = qb * qb - 4 * qa * qc
        if qa == 0.0 or disc < 0:
            return None
        t = (-qb - math.sqrt(disc)) / (2 * qa) / size
        return t if 0.0 <= t <= 1.0 else None  # beyond this step, t * d might overflow

    if isinstance(shape, Circle):
        t = circle_hit(np.asarray(shape.position), radius + shape.radius)
        if t is not None:
            p = c + t * d - np.asarray(shape.position)
            consider(t, p / hypot(*p))
        return best_t, best_n

    v, normals = shape.vertices, shape.normals
    n_vertices = len(v)
    for i in range(n_vertices):
        n = normals[i]
        approach = float(dot_rows(n, d))
        if approach < 0:  # moving toward the edge's outside face
            t = (radius - float(dot_rows(n, c - v[i]))) / approach
            if 0.0 <= t <= 1.0:  # within this step (beyond it, t * d might overflow)
                p = c + t * d
                e = v[(i + 1) % n_vertices] - v[i]
                length2 = float(dot_rows(e, e))  # 0: a tiny shape far out rounds to a dot
                s = float(dot_rows(e, p - v[i])) / length2 if length2 > 0 else -1.0
                if 0.0 <= s <= 1.0:
                    consider(t, n)
        t = circle_hit(v[i], radius)
        if t is not None:
            p = c + t * d - v[i]
            consider(t, p / hypot(*p))
    return best_t, best_n
