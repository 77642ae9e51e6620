"""Contact manifolds for many pairs at once: SAT on the face normals, then clipping (numpy only).

For every candidate pair this finds what a rigid-body solver needs, as arrays and
without a Python loop over pairs:

* the **normal** (unit, from A toward B: the direction B must move to get out);
* one or two **points** where the shapes touch, each with its **separation**
  (negative: overlap depth at that point) and a **feature id** that names the
  reference edge and the incident vertex it came from, so that a solver can match
  points across steps and warm start them (box2d-lite's approach).

Two polygons (tutorial 004's SAT, then Box2D's clipping)::

    1. separation of each of A's faces:  min over B's vertices of n_i . (v - a_i)
       (and of B's faces against A): the SAT on every face normal; the largest
       separation is the axis of least overlap (minus the MTV depth when they overlap)
    2. the face with the larger separation is the *reference* face; the *incident*
       edge is the other polygon's edge most anti-parallel to it
    3. the incident edge is clipped to the reference edge's side planes; each end
       keeps its separation from the reference face (so a tilted box landing on one
       corner gets one deep point and one speculative one). Clipping never
       extrapolates: an incident edge wholly beyond the face's end (corner on corner,
       the hysteresis keeping the worse face) is clipped against the best face instead

A circle against a polygon: the polygon face of largest separation from the centre,
then its Voronoi region (face or one of its two vertices). Two circles: centre line.

Points are placed midway between the two surfaces (Box2D v3). Pairs farther apart
than `margin` get no points (count 0).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .portable import dot_rows

# Faces whose separations differ by less than this (px) keep A as the reference face:
# the choice then does not flicker between steps (Box2D: 0.1 * linear slop).
FLIP_TOLERANCE = 0.025


@dataclass(frozen=True)
class Manifolds:
    """Contact manifolds of P pairs (row i = pair i); slots beyond `count` are zero."""

    normal: np.ndarray  # (P, 2) unit, from A toward B
    points: np.ndarray  # (P, 2, 2) world points
    separation: np.ndarray  # (P, 2) signed distance along the normal (negative = overlap)
    ids: np.ndarray  # (P, 2) int feature ids: (A's vertex << 8) | B's vertex
    count: np.ndarray  # (P,) 0, 1 or 2


def _empty(p: int) -> dict:
    return {
        "normal": np.zeros((p, 2)),
        "points": np.zeros((p, 2, 2)),
        "separation": np.zeros((p, 2)),
        "ids": np.zeros((p, 2), dtype=np.int64),
        "count": np.zeros(p, dtype=np.int64),
    }


def _real(k: np.ndarray, width: int) -> np.ndarray:
    """(P, W): True on a polygon's own slots, False on its padding."""
    return np.arange(width)[None, :] < k[:, None]


def _face_separations(n, v, other) -> np.ndarray:
    """(P, W): min over the other polygon's vertices w of n_i . w, minus n_i . v_i: each
    face's separation. The same products, sums and minimums as
    ``dot_rows(other[:, :, None, :], n[:, None, :, :]).min(axis=1) - dot_rows(n, v)``,
    one of the other's vertices at a time on contiguous (P, W) coordinates: never the
    (P, W, W) array, and twice as fast on a thousand bodies."""
    nx, ny = np.ascontiguousarray(n[..., 0]), np.ascontiguousarray(n[..., 1])
    ox, oy = np.ascontiguousarray(other[..., 0]), np.ascontiguousarray(other[..., 1])
    lowest = None
    for j in range(other.shape[1]):
        d = ox[:, j, None] * nx
        d += oy[:, j, None] * ny
        if lowest is None:
            lowest = d
        else:
            np.minimum(lowest, d, out=lowest)
    return lowest - dot_rows(n, v)


def _clip(va, na, ka, vb, nb, kb, edge_a, edge_b, flip) -> dict:
    """Step 2 and 3 for rows whose reference face is chosen (`flip`: B's face `edge_b`,
    else A's face `edge_a`): the incident edge clipped to the reference edge's side planes.

    Returns the two clipped ends (world points on the incident edge), their separations
    from the reference face, their feature ids, the reference normal, and `missed`:
    True where the incident edge lies wholly beyond one end of the reference face, so
    that clipping leaves nothing (the ends are then the unclipped vertices: never cut
    "at" a side plane the edge does not reach, which would extrapolate past both shapes).
    """
    rows = np.arange(len(va))
    f3 = flip[:, None, None]
    rv = np.where(f3, vb, va)
    rn = np.where(f3, nb, na)
    iv = np.where(f3, va, vb)
    inn = np.where(f3, na, nb)
    kr = np.where(flip, kb, ka)
    ki = np.where(flip, ka, kb)
    e = np.where(flip, edge_b, edge_a)
    normal = rn[rows, e]  # (P, 2) outward from R, toward I
    incident = dot_rows(inn, normal[:, None, :]).argmin(axis=1)
    i21 = incident
    i22 = (incident + 1) % ki
    v11 = rv[rows, e]
    v12 = rv[rows, (e + 1) % kr]
    v21 = iv[rows, i21]
    v22 = iv[rows, i22]
    # The incident edge runs backward along the reference edge: v22 near v11, v21 near v12.
    edge = v12 - v11
    length = np.sqrt(edge[:, 0] * edge[:, 0] + edge[:, 1] * edge[:, 1])
    tangent = edge / np.maximum(length, 1e-300)[:, None]
    upper1 = length
    upper2 = dot_rows(v21 - v11, tangent)
    lower2 = dot_rows(v22 - v11, tangent)
    missed = (upper2 < 0.0) | (lower2 > upper1)
    span = upper2 - lower2
    ok = (span > 1e-12) & ~missed
    safe = np.where(ok, span, 1.0)
    t_low = np.where(ok & (lower2 < 0.0), (0.0 - lower2) / safe, 0.0)
    t_up = np.where(ok & (upper2 > upper1), (upper1 - lower2) / safe, 1.0)
    d = v21 - v22
    lower = v22 + t_low[:, None] * d
    upper = v22 + t_up[:, None] * d
    # Ids name (A's vertex, B's vertex) as Box2D does: the reference edge's ends pair
    # with the incident edge's, so a point keeps its id when the reference face flips.
    i11, i12 = e, (e + 1) % kr
    return {
        "normal": normal,
        "lower": lower,
        "upper": upper,
        "s_low": dot_rows(lower - v11, normal),
        "s_up": dot_rows(upper - v11, normal),
        "id_low": np.where(flip, (i22 << 8) | i11, (i11 << 8) | i22),
        "id_up": np.where(flip, (i21 << 8) | i12, (i12 << 8) | i21),
        "missed": missed,
    }


def polygon_manifolds(va, na, ka, vb, nb, kb, margin: float) -> Manifolds:
    """Manifolds of polygon pairs: world vertices / normals (P, W, 2) padded as in
    `PolygonBatch` (last vertex, first normal repeated), vertex counts ka, kb (P,).

    When the face kept by the hysteresis is not the best one, the incident edge can lie
    wholly beyond that face's end (corner on corner): then the other face, the best one,
    is the reference. Its incident edge always reaches it when the shapes overlap (the
    origin's nearest point on the Minkowski difference lies on that face's edge), so
    this gives the exact SAT depth at a real pair of surface points, and the manifold
    the pair gets once it leaves the hysteresis window. If rounding (or a gap: separated
    corners) leaves nothing even then, the incident edge's deepest vertex is the one
    point, with its separation from the reference face (the SAT depth when overlapping).
    """
    p = len(va)
    out = _empty(p)
    if p == 0:
        return Manifolds(**out)
    rows = np.arange(p)
    margin = np.broadcast_to(np.asarray(margin, dtype=float), (p,))
    # 1. Face separations (P, Wa): A's faces against B's vertices, and B's against A's.
    sep_a = _face_separations(na, va, vb)
    sep_b = _face_separations(nb, vb, va)
    # Padded slots pair the first normal with the last vertex: never a face.
    sep_a = np.where(_real(ka, sep_a.shape[1]), sep_a, -np.inf)
    sep_b = np.where(_real(kb, sep_b.shape[1]), sep_b, -np.inf)
    edge_a = sep_a.argmax(axis=1)
    edge_b = sep_b.argmax(axis=1)
    best_a = sep_a[rows, edge_a]
    best_b = sep_b[rows, edge_b]
    flip = best_b > best_a + FLIP_TOLERANCE
    keep = np.maximum(best_a, best_b) <= margin
    # 2-3. Reference face, incident edge, clipping.
    c = _clip(va, na, ka, vb, nb, kb, edge_a, edge_b, flip)
    # The kept face missed: clip again against the best face (rare: a handful of rows).
    redo = np.flatnonzero(keep & c["missed"] & ((best_b > best_a) != flip))
    if len(redo):
        flip[redo] = ~flip[redo]
        again = _clip(
            va[redo],
            na[redo],
            ka[redo],
            vb[redo],
            nb[redo],
            kb[redo],
            edge_a[redo],
            edge_b[redo],
            flip[redo],
        )
        for key, value in again.items():
            c[key][redo] = value
    normal, lower, upper, s_low, s_up = (
        c[k] for k in ("normal", "lower", "upper", "s_low", "s_up")
    )
    id_low, id_up = c["id_low"], c["id_up"]
    # Still nothing (rounding, or corners apart): the deepest unclipped end alone.
    single = keep & c["missed"]
    low_deeper = s_low <= s_up
    only_low = single & low_deeper
    only_up = single & ~low_deeper
    lower = lower - 0.5 * s_low[:, None] * normal
    upper = upper - 0.5 * s_up[:, None] * normal
    keep_low = keep & (s_low <= margin) & ~only_up
    keep_up = keep & (s_up <= margin) & ~only_low
    # Pack the kept points to the front of the two slots.
    first_is_low = keep_low
    p0 = np.where(first_is_low[:, None], lower, upper)
    s0 = np.where(first_is_low, s_low, s_up)
    id0 = np.where(first_is_low, id_low, id_up)
    two = keep_low & keep_up
    out["points"][:, 0] = p0
    out["points"][:, 1] = np.where(two[:, None], upper, 0.0)
    out["separation"][:, 0] = np.where(keep_low | keep_up, s0, 0.0)
    out["separation"][:, 1] = np.where(two, s_up, 0.0)
    out["ids"][:, 0] = np.where(keep_low | keep_up, id0, 0)
    out["ids"][:, 1] = np.where(two, id_up, 0)
    out["count"] = keep_low.astype(np.int64) + keep_up
    # The normal always runs from A toward B.
    out["normal"] = np.where(flip[:, None], -normal, normal) * (out["count"] > 0)[:, None]
    out["points"][out["count"] == 0] = 0.0
    return Manifolds(**out)


def circle_polygon_manifolds(v, n, k, centre, radius, margin: float) -> Manifolds:
    """Manifolds of (polygon A, circle B) pairs; the normal runs from the polygon to the circle."""
    p = len(v)
    out = _empty(p)
    if p == 0:
        return Manifolds(**out)
    rows = np.arange(p)
    s = dot_rows(n, centre[:, None, :]) - dot_rows(n, v)
    s = np.where(_real(k, s.shape[1]), s, -np.inf)
    e = s.argmax(axis=1)
    face = s[rows, e]
    v1 = v[rows, e]
    v2 = v[rows, (e + 1) % k]
    u1 = dot_rows(centre - v1, v2 - v1)
    u2 = dot_rows(centre - v2, v1 - v2)
    outside = face > 1e-12
    corner1 = outside & (u1 < 0.0)
    corner2 = outside & ~corner1 & (u2 < 0.0)
    corner = np.where(corner1[:, None], v1, v2)
    towards = centre - corner
    dist = np.sqrt(towards[:, 0] * towards[:, 0] + towards[:, 1] * towards[:, 1])
    on_corner = corner1 | corner2
    corner_normal = towards / np.where(dist > 0, dist, 1.0)[:, None]
    normal = np.where(on_corner[:, None], corner_normal, n[rows, e])
    separation = np.where(on_corner, dist, face) - radius
    closest = np.where(
        on_corner[:, None], corner, centre - (face[:, None] * normal)
    )  # on the polygon
    far = centre - radius[:, None] * normal  # on the circle
    keep = separation <= margin
    out["normal"] = normal * keep[:, None]
    out["points"][:, 0] = np.where(keep[:, None], 0.5 * (closest + far), 0.0)
    out["separation"][:, 0] = np.where(keep, separation, 0.0)
    out["ids"][:, 0] = np.where(keep, (e << 8) | (corner1 * 1 + corner2 * 2), 0)
    out["count"] = keep.astype(np.int64)
    return Manifolds(**out)


def circle_manifolds(ca, ra, cb, rb, margin: float) -> Manifolds:
    """Manifolds of circle pairs (A, B); the normal runs from A's centre toward B's."""
    p = len(ca)
    out = _empty(p)
    if p == 0:
        return Manifolds(**out)
    d = cb - ca
    dist = np.sqrt(d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1])
    normal = np.where(
        (dist > 0)[:, None], d / np.where(dist > 0, dist, 1.0)[:, None], np.array([0.0, 1.0])
    )
    separation = dist - ra - rb
    keep = separation <= margin
    point = ca + (ra + 0.5 * separation)[:, None] * normal
    out["normal"] = normal * keep[:, None]
    out["points"][:, 0] = np.where(keep[:, None], point, 0.0)
    out["separation"][:, 0] = np.where(keep, separation, 0.0)
    out["count"] = keep.astype(np.int64)
    return Manifolds(**out)


def flipped(m: Manifolds) -> Manifolds:
    """The same manifolds seen from the other body (normal reversed)."""
    return Manifolds(-m.normal + 0.0, m.points, m.separation, m.ids, m.count)


__all__ = [
    "FLIP_TOLERANCE",
    "Manifolds",
    "circle_manifolds",
    "circle_polygon_manifolds",
    "flipped",
    "polygon_manifolds",
]
