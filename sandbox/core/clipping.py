"""Contact points: the incident edge clipped to the reference edge, Box2D style (numpy only)."""

from __future__ import annotations

import math

from .geometry import ROUNDING, Circle, Polygon, Vec2, magnitude
from .manifold import FLIP_TOLERANCE
from .portable import hypot
from .tolerances import CONTAINMENT_TOLERANCE


def contact_points(
    a, b, normal: Vec2, reference_is_a: bool, touching: bool = False
) -> tuple[Vec2, ...]:
    """Contact points on the incident shape: for two polygons the one whose face is not
    the manifold's reference face (A's unless B's is better by FLIP_TOLERANCE), else the
    one not owning the MTV axis (`reference_is_a`). `touching` (depth 0): two polygons
    that meet corner to corner, the incident edge beside the reference edge, touch at
    the incident corner nearest that edge."""
    if isinstance(a, Polygon) and isinstance(b, Polygon):
        # The reference face is chosen as the manifold chooses it (core/manifold.py, which
        # agrees with pymunk): A's best face unless B's is better by FLIP_TOLERANCE. Not
        # by which face the MTV axis is most aligned with, compared exactly: two parallel
        # faces (boxes face to face, a 1e-8 tilt) sent the points to either outline by a
        # rounding, the depth away from the manifold's. (The MTV axis may also be a
        # parallel duplicate of the other shape's face, credited to the first.)
        reference_is_a = not _best_separation(b, a) > _best_separation(a, b) + FLIP_TOLERANCE
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
    return _clip_contacts(reference, incident, tx, ty, touching)


def _best_separation(p: Polygon, q: Polygon) -> float:
    """The largest separation of p's faces from q: max over faces i of min over q's
    vertices w of n_i . w - n_i . v_i (the manifold's _face_separations, one pair)."""
    n, v, w = p.normals, p.vertices, q.vertices
    nx, ny = n[:, 0, None], n[:, 1, None]  # (faces, 1) against q's (vertices,)
    lowest = (w[:, 0] * nx + w[:, 1] * ny).min(axis=1)
    return float((lowest - (n[:, 0] * v[:, 0] + n[:, 1] * v[:, 1])).max())


def _argmax_dot(xs, ys, x: float, y: float) -> int:
    """Index of the first vector (xs[i], ys[i]) with the largest dot product with (x, y)."""
    dots = [vx * x + vy * y for vx, vy in zip(xs, ys, strict=True)]
    return dots.index(max(dots))


def _argmin_dot(xs, ys, x: float, y: float) -> int:
    """Index of the first vector (xs[i], ys[i]) with the smallest dot product with (x, y)."""
    dots = [vx * x + vy * y for vx, vy in zip(xs, ys, strict=True)]
    return dots.index(min(dots))


def _clip_contacts(reference: Polygon, incident: Polygon, tx: float, ty: float, touching: bool):
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
    length = hypot(ex, ey)
    ux, uy = ex / length, ey / length  # the reference edge's unit tangent
    for bound, sign in ((ux * r1x + uy * r1y, 1.0), (ux * r2x + uy * r2y, -1.0)):
        # keep sign * (tangent . p - bound) >= 0
        (p0x, p0y), (p1x, p1y) = points
        d0 = sign * (ux * p0x + uy * p0y - bound)
        d1 = sign * (ux * p1x + uy * p1y - bound)
        if d0 < 0 and d1 < 0:
            if touching:  # corner to corner: the incident corner nearest the edge
                return (_nearest_to_segment(ix, iy, r1x, r1y, r2x, r2y),)
            points = []
            break
        if d0 < 0 or d1 < 0:
            t = d0 / (d0 - d1)
            cut = (p0x + t * (p1x - p0x), p0y + t * (p1y - p0y))
            points = [cut, points[1]] if d0 < 0 else [points[0], cut]
    fx, fy = rnx[ref_edge], rny[ref_edge]
    face = fx * r1x + fy * r1y
    slack = CONTAINMENT_TOLERANCE * math.sqrt(reference.area + incident.area) + ROUNDING * (
        magnitude(reference) + magnitude(incident)
    )
    kept = [p for p in points if fx * p[0] + fy * p[1] - face <= slack]
    if not kept:  # deep or engulfed overlap: fall back on the incident's deepest vertex
        k = _argmin_dot(ix, iy, tx, ty)
        return ((ix[k], iy[k]),)
    if len(kept) == 2 and kept[0] == kept[1]:
        return (kept[0],)
    return tuple(kept)


def _nearest_to_segment(xs, ys, r1x: float, r1y: float, r2x: float, r2y: float) -> Vec2:
    """The first point (xs[i], ys[i]) nearest the segment r1 r2."""
    ex, ey = r2x - r1x, r2y - r1y
    span = ex * ex + ey * ey
    best, nearest = math.inf, (xs[0], ys[0])
    for x, y in zip(xs, ys, strict=True):
        t = min(1.0, max(0.0, ((x - r1x) * ex + (y - r1y) * ey) / span))
        dx, dy = x - (r1x + t * ex), y - (r1y + t * ey)
        if dx * dx + dy * dy < best:
            best, nearest = dx * dx + dy * dy, (x, y)
    return nearest
