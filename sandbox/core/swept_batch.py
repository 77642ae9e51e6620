"""`sweep_many`: the swept test (`swept.sweep`) on many pairs at once, as arrays (numpy only).

Row k of the answer is ``sweep(a[k], b[k], motions[k])``, bit for bit: the same start
test (`sat`'s touching rule: its axes, projections, depths and parallel duplicates,
written out as arrays), the same velocity-extended projections on the same axes for two
polygons, the same ray cast against the other shape grown by the radius with a circle,
every number made by the same IEEE operations in the same order (see the arithmetic
contract in `pair`).

Pairs are handled in groups of one kind and one vertex count (no padding: each
polygon's own vertices and normals, as `sweep` reads them), `_CHUNK` pairs at a time.
The normal of a touch at a rounded corner (a vertex or a circle: a division by a
length) is worked out with `sweep`'s own steps, as arrays, only for the pairs that hit
there (portable hypot gives an array element the bits it gives the float).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .geometry import Circle, Polygon, magnitude
from .pair import sat
from .portable import hypot
from .swept import SweptAxis
from .tolerances import PARALLEL_TOLERANCE, TOUCH_BOUND

_CHUNK = 2048  # pairs per numpy step: (pairs, axes, vertices) products stay cache-sized


@dataclass(frozen=True)
class SweepBatch:
    """`sweep`'s answers for many pairs, as arrays (row k = pair k).

    ``normal`` is the normal at first touch of a pair that hits after the start; NaN
    for the pairs that miss or overlap already (`sweep` gives those sat()'s normal).
    ``axes[k]`` is pair k's `SweepResult.axes` (two polygons apart at the start).
    """

    hit: np.ndarray  # (P,) bool
    fraction: np.ndarray  # (P,) first touch in [0, 1]; NaN: no hit
    normal: np.ndarray  # (P, 2) from B toward A at first touch; NaN: none
    initially_overlapping: np.ndarray  # (P,) bool
    axes: tuple  # (P,) tuples of SweptAxis


def sweep_many(shapes_a, shapes_b, motions) -> SweepBatch:
    """``sweep(shapes_a[k], shapes_b[k], motions[k])`` for every k, as one batch."""
    shapes_a, shapes_b = list(shapes_a), list(shapes_b)
    d = np.array(motions, dtype=float).reshape(-1, 2)
    count = len(shapes_a)
    if len(shapes_b) != count or len(d) != count:
        raise ValueError(
            f"sweep_many(): {count} shapes in A, {len(shapes_b)} in B, {len(d)} motions"
        )
    if not np.isfinite(d).all():
        bad = int(np.flatnonzero(~np.isfinite(d).all(axis=1))[0])
        raise ValueError(f"sweep_many(): motion {bad} must be finite, got {tuple(d[bad])}")
    out = _Out(count)
    for (kind_a, kind_b), rows in _groups(shapes_a, shapes_b).items():
        for start in range(0, len(rows), _CHUNK):
            r = np.array(rows[start : start + _CHUNK], dtype=np.intp)
            a = [shapes_a[k] for k in r.tolist()]
            b = [shapes_b[k] for k in r.tolist()]
            if kind_a and kind_b:
                _polygons(a, b, d[r], r, out)
            elif kind_b:
                _circle_polygon(a, b, d[r], r, out, circle_first=True)
            elif kind_a:
                _circle_polygon(b, a, -d[r], r, out, circle_first=False)
            else:
                _circles(a, b, d[r], r, out)
    return SweepBatch(out.hit, out.fraction, out.normal, out.overlapping, tuple(out.axes))


def _groups(shapes_a: list, shapes_b: list) -> dict[tuple, list[int]]:
    """The rows by (`_kind` of a, `_kind` of b), each group in row order."""
    if all(type(s) is Circle for s in shapes_a) and all(type(s) is Circle for s in shapes_b):
        return {(0, 0): list(range(len(shapes_a)))} if shapes_a else {}
    groups: dict[tuple, list[int]] = {}
    for k, (a, b) in enumerate(zip(shapes_a, shapes_b, strict=True)):
        groups.setdefault((_kind(a, "a"), _kind(b, "b")), []).append(k)
    return groups


class _Out:
    """The answer's arrays, filled group by group."""

    def __init__(self, count: int):
        self.hit = np.zeros(count, dtype=bool)
        self.fraction = np.full(count, np.nan)
        self.normal = np.full((count, 2), np.nan)
        self.overlapping = np.zeros(count, dtype=bool)
        self.axes: list = [()] * count

    def overlap(self, rows: np.ndarray) -> None:
        self.hit[rows] = True
        self.overlapping[rows] = True
        self.fraction[rows] = 0.0


def _kind(shape, name: str) -> int:
    """A polygon's vertex count; 0 for a circle."""
    if type(shape) is Circle:  # the usual case first
        return 0
    if isinstance(shape, Polygon):
        return len(shape)
    if isinstance(shape, Circle):
        return 0
    raise TypeError(
        f"sweep_many(): {name} must be a Polygon or a Circle, got {type(shape).__name__}"
    )


def _stack(polygons: list, field: str) -> tuple[np.ndarray, np.ndarray]:
    """(x, y), each (P, n): the polygons' vertices or normals, as `sweep` reads them."""
    rows = np.stack([getattr(p, field) for p in polygons])
    return rows[..., 0], rows[..., 1]


def _duplicates(x: np.ndarray, y: np.ndarray, start: int = 1) -> np.ndarray:
    """(P, K): axis i parallel to an earlier one of its row (`axes.parallel_duplicates`:
    |x_i y_j - y_i x_j| <= PARALLEL_TOLERANCE for some j < i), for i from `start`."""
    duplicate = np.zeros(x.shape, dtype=bool)
    for i in range(start, x.shape[1]):
        cross = x[:, i, None] * y[:, :i]
        cross -= y[:, i, None] * x[:, :i]
        duplicate[:, i] = (np.abs(cross) <= PARALLEL_TOLERANCE).any(axis=1)
    return duplicate


def _project(ax, ay, vx, vy) -> tuple[np.ndarray, np.ndarray]:
    """Min and max of vertices (P, n) on axes (P, K): ax * x + ay * y, as `project_onto`."""
    d = ax[:, :, None] * vx[:, None, :]
    d += ay[:, :, None] * vy[:, None, :]
    return d.min(axis=2), d.max(axis=2)


def _polygons(a: list, b: list, d: np.ndarray, rows: np.ndarray, out: _Out) -> None:
    """Two polygons: sat's start test, then `_sweep_polygons`, as arrays."""
    (avx, avy), (bvx, bvy) = _stack(a, "vertices"), _stack(b, "vertices")
    (anx, any_), (bnx, bny) = _stack(a, "normals"), _stack(b, "normals")
    ax, ay = np.concatenate([anx, bnx], axis=1), np.concatenate([any_, bny], axis=1)
    duplicate = _duplicates(ax, ay)
    a_lo, a_hi = _project(ax, ay, avx, avy)
    b_lo, b_hi = _project(ax, ay, bvx, bvy)
    # sat(): colliding when no tested axis (duplicates left out) shows a gap; its
    # shortcuts (bounds clearly apart, a depth clearly below zero) give the same answer.
    depth = np.minimum(a_hi - b_lo, b_hi - a_lo)
    colliding = _or_touching(np.where(duplicate, np.inf, depth).min(axis=1), a, b)
    out.overlap(rows[colliding])
    apart = np.flatnonzero(~colliding)
    if not len(apart):
        return
    rows, d, ax, ay, duplicate = rows[apart], d[apart], ax[apart], ay[apart], duplicate[apart]
    a_lo, a_hi, b_lo, b_hi = a_lo[apart], a_hi[apart], b_lo[apart], b_hi[apart]
    speed = ax * d[:, :1] + ay * d[:, 1:]
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        t1 = (b_lo - a_hi) / speed
        t2 = (b_hi - a_lo) / speed
    still = speed == 0
    enter = np.where(still, -np.inf, np.minimum(t1, t2))
    leave = np.where(still, np.inf, np.maximum(t1, t2))
    static_gap = still & ((a_hi < b_lo) | (b_hi < a_lo))
    enter = np.where(static_gap, np.inf, enter)
    leave = np.where(static_gap, -np.inf, leave)
    # Python's min(x, y) is y only when y < x (and max alike): so are the records'.
    lo_moved, hi_moved = a_lo + speed, a_hi + speed
    swept_lo = np.where(lo_moved < a_lo, lo_moved, a_lo)
    swept_hi = np.where(hi_moved > a_hi, hi_moved, a_hi)
    # A duplicate is never tested: out of the first-entry and last-exit search.
    first = np.argmax(np.where(duplicate, -np.inf, enter), axis=1)
    pick = np.arange(len(rows))
    t_first = enter[pick, first]
    t_last = np.where(duplicate, np.inf, leave).min(axis=1)
    hit = ~((t_first > t_last) | (t_first > 1.0) | (t_last < 0.0))
    sign = np.where(speed[pick, first] > 0, -1.0, 1.0)
    normal = np.stack([sign * ax[pick, first] + 0.0, sign * ay[pick, first] + 0.0], axis=1)
    hits = rows[hit]
    out.hit[hits] = True
    out.fraction[hits] = np.where(t_first[hit] > 0.0, t_first[hit], 0.0)
    out.normal[hits] = normal[hit]
    columns = [
        a.tolist() for a in (ax, ay, a_lo, a_hi, swept_lo, swept_hi, b_lo, b_hi, enter, leave)
    ]
    keep = (~duplicate).tolist()
    for k, row in enumerate(rows.tolist()):
        x, y, alo, ahi, slo, shi, blo, bhi, en, le = (c[k] for c in columns)
        out.axes[row] = tuple(
            SweptAxis(
                (x[i], y[i]), (alo[i], ahi[i]), (slo[i], shi[i]), (blo[i], bhi[i]), en[i], le[i]
            )
            for i, tested in enumerate(keep[k])
            if tested
        )


def _circle_polygon(circles, polygons, d, rows, out: _Out, *, circle_first: bool) -> None:
    """A circle and a polygon: `sweep` casts the circle's centre along `d` (the circle's
    motion relative to the polygon) against the polygon grown by the radius."""
    cx = np.array([c.position[0] for c in circles])
    cy = np.array([c.position[1] for c in circles])
    r = np.array([c.radius for c in circles])
    vx, vy = _stack(polygons, "vertices")
    nx, ny = _stack(polygons, "normals")
    least = _circle_polygon_least(cx, cy, r, vx, vy, nx, ny, circle_first)
    pairs = (circles, polygons) if circle_first else (polygons, circles)
    round_scale = np.abs(cx) + np.abs(cy) + r
    flat_scale = np.array([magnitude(p) for p in polygons])
    sizes = (round_scale, flat_scale) if circle_first else (flat_scale, round_scale)
    colliding = _or_touching(least, *pairs, _larger(*sizes))
    out.overlap(rows[colliding])
    apart = np.flatnonzero(~colliding)
    if not len(apart):
        return
    cx, cy, r, d = cx[apart], cy[apart], r[apart], d[apart]
    vx, vy, nx, ny = vx[apart], vy[apart], nx[apart], ny[apart]
    dx, dy = d[:, :1], d[:, 1:]
    ux, uy, size = _unit_steps(d)
    # Edge i: the centre reaches the edge's line pushed out by r, within the edge.
    approach = nx * dx + ny * dy
    wx, wy = cx[:, None] - vx, cy[:, None] - vy
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        t_edge = (r[:, None] - (nx * wx + ny * wy)) / approach
        on_line = (approach < 0) & (t_edge >= 0.0) & (t_edge <= 1.0)
        ex, ey = np.roll(vx, -1, axis=1) - vx, np.roll(vy, -1, axis=1) - vy
        length2 = ex * ex + ey * ey
        along = ex * ((cx[:, None] + t_edge * dx) - vx) + ey * ((cy[:, None] + t_edge * dy) - vy)
        s = np.where(length2 > 0, along / length2, -1.0)
    on_edge = on_line & (s >= 0.0) & (s <= 1.0)
    # Vertex i: the centre comes within r of it.
    t_vertex = _circle_hits(wx, wy, ux[:, None], uy[:, None], r[:, None], size[:, None])
    # Candidates in `sweep`'s order (edge 0, vertex 0, edge 1, ...): the first least wins.
    t = np.empty((len(apart), 2 * vx.shape[1]))
    t[:, 0::2] = np.where(on_edge, t_edge, np.inf)
    t[:, 1::2] = t_vertex
    best = np.argmin(t, axis=1)
    t_best = t[np.arange(len(apart)), best]
    hit = np.flatnonzero(t_best <= 1.0)
    sign = 1.0 if circle_first else -1.0
    i, at_vertex = np.divmod(best[hit], 2)
    nxs, nys = nx[hit, i] + 0.0, ny[hit, i] + 0.0
    v = np.flatnonzero(at_vertex)
    if len(v):
        k = hit[v]
        nxs[v], nys[v] = _away_from(cx[k], cy[k], t_best[k], d[k], vx[k, i[v]], vy[k, i[v]])
    out.normal[rows[apart[hit]]] = np.stack([sign * nxs + 0.0, sign * nys + 0.0], axis=1)
    hits = rows[apart[hit]]
    out.hit[hits] = True
    out.fraction[hits] = t_best[hit]


def _circle_polygon_least(cx, cy, r, vx, vy, nx, ny, circle_first: bool) -> np.ndarray:
    """sat(circle, polygon)'s least depth (circle_first) or sat(polygon, circle)'s: the
    polygon's normals and the axis from its closest vertex to the centre (`shape_axes`)."""
    ox, oy = cx[:, None] - vx, cy[:, None] - vy
    dist2 = ox * ox + oy * oy
    pick = np.arange(len(cx))
    k = np.argmin(dist2, axis=1)
    length = np.sqrt(dist2[pick, k])
    has_axis = length != 0.0  # centre on the vertex: the edge normals decide
    safe = np.where(has_axis, length, 1.0)
    axx, axy = ox[pick, k] / safe, oy[pick, k] / safe
    p_lo, p_hi = _project(nx, ny, vx, vy)
    c = nx * cx[:, None] + ny * cy[:, None]
    depth = np.minimum(p_hi - (c - r[:, None]), (c + r[:, None]) - p_lo)
    q_lo, q_hi = _project(axx[:, None], axy[:, None], vx, vy)
    c = axx * cx + axy * cy
    circle_depth = np.minimum(q_hi[:, 0] - (c - r), (c + r) - q_lo[:, 0])
    duplicate = _duplicates(nx, ny)
    cross = nx * axy[:, None]
    cross -= ny * axx[:, None]
    parallel = np.abs(cross) <= PARALLEL_TOLERANCE
    if circle_first:  # the circle's axis is first: a normal parallel to it is a duplicate
        duplicate |= parallel & has_axis[:, None]
        circle_tested = has_axis
    else:  # the circle's axis is last: a duplicate when parallel to any normal
        circle_tested = has_axis & ~parallel.any(axis=1)
    least = np.where(duplicate, np.inf, depth).min(axis=1)
    return np.minimum(least, np.where(circle_tested, circle_depth, np.inf))


def _or_touching(least: np.ndarray, a: list, b: list, scale=None) -> np.ndarray:
    """sat()'s colliding from the least depth of each pair: >= 0, or within the touching
    tolerance of zero (tolerances.TOUCH_TOLERANCE). The rare pairs near enough to zero
    for that to matter (TOUCH_BOUND, the cheap bound) are decided by sat() itself.
    `scale`: each pair's max(magnitude(a), magnitude(b)) when the caller has it."""
    colliding = least >= 0.0
    near = np.flatnonzero(~colliding)
    if scale is None:
        scale = np.array([max(magnitude(a[i]), magnitude(b[i])) for i in near.tolist()])
    else:
        scale = scale[near]
    for i in near[least[near] >= -TOUCH_BOUND * scale].tolist():
        colliding[i] = sat(a[i], b[i]).colliding
    return colliding


def _larger(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Python's max(first, second) row by row: second only where it is greater."""
    return np.where(second > first, second, first)


def _circles(a: list, b: list, d: np.ndarray, rows: np.ndarray, out: _Out) -> None:
    """Two circles: sat on the centre-to-centre axis, then a ray cast against the circle
    of the two radii's sum."""
    ax, ay, ra = np.array([(*c.position, c.radius) for c in a]).reshape(-1, 3).T
    bx, by, rb = np.array([(*c.position, c.radius) for c in b]).reshape(-1, 3).T
    dx, dy, reach = ax - bx, ay - by, ra + rb
    scale = _larger(np.abs(ax) + np.abs(ay) + ra, np.abs(bx) + np.abs(by) + rb)
    # Circles far apart (beyond the radii by a millionth of their coordinates' size: far
    # more than rounding) have sat's least depth below -TOUCH_BOUND * scale: apart.
    gap = reach + 1e-6 * (scale + reach)
    with np.errstate(over="ignore", invalid="ignore"):
        close = np.flatnonzero(~(dx * dx + dy * dy > gap * gap))
    colliding = np.zeros(len(a), dtype=bool)
    if len(close):
        colliding[close] = _circles_touching(
            ax[close],
            ay[close],
            ra[close],
            bx[close],
            by[close],
            rb[close],
            scale[close],
            [a[k] for k in close.tolist()],
            [b[k] for k in close.tolist()],
        )
        out.overlap(rows[colliding])
    keep = np.flatnonzero(~colliding)
    if not len(keep):
        return
    d = d[keep]
    stepx, stepy, size = _unit_steps(d)
    t = _circle_hits(dx[keep], dy[keep], stepx, stepy, reach[keep], size)
    hit = np.flatnonzero(t <= 1.0)
    row = keep[hit]
    hits = rows[row]
    out.normal[hits, 0], out.normal[hits, 1] = _away_from(
        ax[row], ay[row], t[hit], d[hit], bx[row], by[row]
    )
    out.hit[hits] = True
    out.fraction[hits] = t[hit]


def _circles_touching(ax, ay, ra, bx, by, rb, scale, a: list, b: list) -> np.ndarray:
    """sat(a, b).colliding for circles: on the centre-to-centre axis."""
    # The axis as `shape_axes` makes it (portable hypot: the same bits as its float form).
    dx, dy = ax - bx, ay - by
    length = hypot(dx, dy)
    apart = length > 0
    safe = np.where(apart, length, 1.0)
    ux = np.where(apart, dx / safe, 0.0)
    uy = np.where(apart, dy / safe, -1.0)  # concentric: "up"
    ca, cb = ux * ax + uy * ay, ux * bx + uy * by
    least = np.minimum((ca + ra) - (cb - rb), (cb + rb) - (ca - ra))
    return _or_touching(least, a, b, scale)


def _unit_steps(d: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(u_x, u_y, size): d = u * size, size the power of two with 1 <= |u|_max < 2 (1
    for no motion), as `_ray_cast_rounded` scales its quadratic."""
    largest = np.maximum(np.abs(d[:, 0]), np.abs(d[:, 1]))
    size = np.where(largest > 0, np.ldexp(1.0, np.frexp(largest)[1] - 1), 1.0)
    return d[:, 0] / size, d[:, 1] / size, size


def _circle_hits(fx, fy, ux, uy, r, size) -> np.ndarray:
    """`circle_hit`: the first t in [0, 1] at which centre c + t d comes within r of a
    point, f = c - point (broadcast); +inf where it does not."""
    qa = ux * ux + uy * uy
    qb = 2.0 * (fx * ux + fy * uy)
    qc = (fx * fx + fy * fy) - r * r
    disc = qb * qb - 4.0 * qa * qc
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        t = (-qb - np.sqrt(disc)) / (2.0 * qa) / size
    reached = (qa != 0.0) & ~(disc < 0) & (t >= 0.0) & (t <= 1.0)
    return np.where(reached, t, np.inf)


def _away_from(cx, cy, t, d, px, py) -> tuple[np.ndarray, np.ndarray]:
    """The unit normals from points toward the centres at t, by `_ray_cast_rounded`'s own
    steps (p = c + t d - point; p / hypot(p)), row by row (portable hypot: the same bits
    for an array as for each float)."""
    x = (cx + t * d[:, 0]) - px
    y = (cy + t * d[:, 1]) - py
    h = hypot(x, y)
    return x / h + 0.0, y / h + 0.0
