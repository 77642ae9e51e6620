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
       the hysteresis keeping the worse face) is clipped against the best face instead;
       shapes apart whose edges still miss (corners apart) get one point between the
       nearest corner and the incident edge, the normal along them (Box2D v3)

A circle against a polygon: the polygon face of largest separation from the centre,
then its Voronoi region (face or one of its two vertices). Two circles: centre line.

Points are placed midway between the two surfaces (Box2D v3). Pairs farther apart
than `margin` get no points (count 0).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .clipping import best_face_instead, clip_incident, reference_is_b
from .portable import dot_rows
from .tolerances import FLIP_TOLERANCE


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


# Rows of the gathered layout `g` (5, W, 2P): a pair's A in columns 0..P-1, its B in P..2P-1.
_VX, _VY, _NX, _NY, _OFFSET = range(5)


def _columns(vertices, normals) -> np.ndarray:
    """(5, W, C) contiguous: each collider's vertex x, y, normal x, y and face offset
    n_i . v_i (the same products and sum as ``dot_rows(n, v)``), one column per collider.
    Slot-major and collider-minor, so that every operation below runs along the pairs
    (numpy's inner loops over a short last axis of 4-8 slots are 3-5x slower)."""
    out = np.empty((5, vertices.shape[1], len(vertices)))
    out[_VX], out[_VY] = vertices[..., 0].T, vertices[..., 1].T
    out[_NX], out[_NY] = normals[..., 0].T, normals[..., 1].T
    out[_OFFSET] = out[_NX] * out[_VX] + out[_NY] * out[_VY]
    return out


def _face_separations(g, p: int, side: int) -> np.ndarray:
    """(W, P): each face of `side` (0: A, 1: B): min over the other polygon's vertices w
    of n_i . w, minus n_i . v_i. The same products, sums and minimums as
    ``dot_rows(other[:, :, None, :], n[:, None, :, :]).min(axis=1) - dot_rows(n, v)``,
    one of the other's vertices at a time: never the (P, W, W) array."""
    own, other = slice(side * p, side * p + p), slice((1 - side) * p, (2 - side) * p)
    nx, ny = g[_NX, :, own], g[_NY, :, own]
    ox, oy = g[_VX, :, other], g[_VY, :, other]
    lowest = ox[0] * nx
    lowest += oy[0] * ny
    d, term = np.empty_like(lowest), np.empty_like(lowest)
    for j in range(1, len(ox)):
        np.multiply(ox[j], nx, out=d)
        d += np.multiply(oy[j], ny, out=term)
        np.minimum(lowest, d, out=lowest)
    lowest -= g[_OFFSET, :, own]
    return lowest


def _first_max(s) -> tuple[np.ndarray, np.ndarray]:
    """(index, value) of each column's largest entry, the first one on a tie, as
    ``s.argmax(axis=0)`` (the value's sign of zero may differ: it is only compared)."""
    best = s[0]
    for row in s[1:]:
        best = np.maximum(best, row)
    return _first_equal(s, best, s.argmax), best


def _first_min(s) -> np.ndarray:
    """Each column's first smallest entry's index, as ``s.argmin(axis=0)``."""
    best = s[0]
    for row in s[1:]:
        best = np.minimum(best, row)
    return _first_equal(s, best, s.argmin)


def _first_equal(s, best, fallback) -> np.ndarray:
    """Each column's first index where s equals `best`: the count of leading entries that
    differ, without a branch per element (a masked store stalls on a random mask: 4x
    slower). A NaN (argmax and argmin take the first) falls back to `fallback(axis=0)`."""
    if np.isnan(best).any():
        return fallback(axis=0)
    still = s[0] != best
    index = still.astype(np.intp)
    for row in s[1:-1]:
        still &= row != best
        index += still
    return index


def _clip(g, p: int, ka, kb, edge_a, edge_b, flip, rows) -> dict:
    """Step 2 and 3 for pairs `rows` whose reference face is chosen (`flip`: B's face
    `edge_b`, else A's face `edge_a`): the incident edge clipped to the reference edge's
    side planes. `g` is the gathered layout of all P pairs; the arguments are per row.

    Returns the two clipped ends (world points on the incident edge), their separations
    from the reference face, their feature ids, the reference normal, and `missed`:
    True where the incident edge lies wholly beyond one end of the reference face, so
    that clipping leaves nothing (the ends are then the unclipped vertices: never cut
    "at" a side plane the edge does not reach, which would extrapolate past both shapes).
    Every value is a vector over `rows`, x and y apart.
    """
    flat = g.reshape(-1)
    width = g.shape[1]
    slot, plane = 2 * p, 2 * p * width  # strides of g's slot and row, flattened
    # Flat index of a slot of the reference (R) or the incident (I) polygon of each row.
    at_r = np.where(flip, rows + p, rows)
    at_i = np.where(flip, rows, rows + p)
    kr = np.where(flip, kb, ka)
    ki = np.where(flip, ka, kb)
    e = np.where(flip, edge_b, edge_a)
    ref = e * slot + at_r
    nx, ny = flat.take(_NX * plane + ref), flat.take(_NY * plane + ref)  # outward from R
    every = np.arange(width)[:, None] * slot + at_i  # (W, rows): I's slots
    toward = flat.take(_NX * plane + every) * nx + flat.take(_NY * plane + every) * ny
    i21 = _first_min(toward)
    i22 = (i21 + 1) % ki
    i11, i12 = e, (e + 1) % kr

    def vertex(index, at):  # the vertex `index` of the polygon at `at`, (x, y)
        k = index * slot + at
        return flat.take(_VX * plane + k), flat.take(_VY * plane + k)

    v11x, v11y = vertex(i11, at_r)
    v12x, v12y = vertex(i12, at_r)
    v21x, v21y = vertex(i21, at_i)
    v22x, v22y = vertex(i22, at_i)
    out = clip_incident(v11x, v11y, v12x, v12y, v21x, v21y, v22x, v22y, nx, ny)
    # Ids name (A's vertex, B's vertex) as Box2D does: the reference edge's ends pair
    # with the incident edge's, so a point keeps its id when the reference face flips.
    out["id_low"] = np.where(flip, (i22 << 8) | i11, (i11 << 8) | i22)
    out["id_up"] = np.where(flip, (i21 << 8) | i12, (i12 << 8) | i21)
    # the incident edge and the reference face's ends, for the corners-apart case
    # (`_corners`: which end the incident edge lies beyond is `before`)
    out.update(v11x=v11x, v11y=v11y, v12x=v12x, v12y=v12y, v21x=v21x, v21y=v21y)
    out.update(v22x=v22x, v22y=v22y, i11=i11, i12=i12, i21=i21, i22=i22)
    return out


def _corners(c: dict, rows: np.ndarray, flip: np.ndarray) -> None:
    """Box2D v3's vertex-vertex case, for the `rows` of `_clip`'s result `c` whose
    incident edge missed the reference face while the shapes are apart: the point is the
    incident edge's point nearest the reference face's end it lies beyond, the normal
    runs from that end to it, and the separation is their distance (changed in place:
    the low end holds it). The unclipped end the clip fell back on lay off the reference
    face, its separation measured along a normal the shapes would never meet on: a
    contact hundreds of px apart then had a lever arm of hundreds of px on the body
    whose face it was."""
    before = c["before"][rows]
    ex = np.where(before, c["v11x"][rows], c["v12x"][rows])
    ey = np.where(before, c["v11y"][rows], c["v12y"][rows])
    ax, ay = c["v22x"][rows], c["v22y"][rows]
    dx, dy = c["v21x"][rows] - ax, c["v21y"][rows] - ay
    square = dx * dx + dy * dy
    along = ((ex - ax) * dx + (ey - ay) * dy) / np.where(square > 0.0, square, 1.0)
    t = np.minimum(np.maximum(along, 0.0), 1.0)
    qx, qy = ax + t * dx, ay + t * dy
    wx, wy = qx - ex, qy - ey
    distance = np.sqrt(wx * wx + wy * wy)
    safe = np.where(distance > 0.0, distance, 1.0)
    c["nx"][rows], c["ny"][rows] = wx / safe, wy / safe
    c["lx"][rows], c["ly"][rows] = qx, qy
    c["s_low"][rows] = distance
    near = np.where(t < 0.5, c["i22"][rows], c["i21"][rows])  # the incident vertex nearer
    end = np.where(before, c["i11"][rows], c["i12"][rows])
    c["id_low"][rows] = np.where(flip[rows], (near << 8) | end, (end << 8) | near)


def polygon_manifolds(va, na, ka, vb, nb, kb, margin: float) -> Manifolds:
    """Manifolds of polygon pairs: world vertices / normals (P, W, 2) padded as in
    `PolygonBatch` (last vertex, first normal repeated), vertex counts ka, kb (P,).

    When the face kept by the hysteresis is not the best one, the incident edge can lie
    wholly beyond that face's end (corner on corner): then the other face, the best one,
    is the reference. Its incident edge always reaches it when the shapes overlap (the
    origin's nearest point on the Minkowski difference lies on that face's edge), so
    this gives the exact SAT depth at a real pair of surface points, and the manifold
    the pair gets once it leaves the hysteresis window. If a gap (corners apart) leaves
    nothing even then, the one point lies between the nearest features, with the normal
    between them and their distance (Box2D v3's vertex-vertex case, `_corners`); if
    rounding does (touching), the incident edge's deepest vertex is the one point, with
    its separation from the reference face (the SAT depth when overlapping).
    """
    p = len(va)
    if p == 0:
        return Manifolds(**_empty(0))
    g = _columns(np.concatenate([va, vb]), np.concatenate([na, nb]))
    return _polygon_manifolds(g, np.asarray(ka), np.asarray(kb), margin)


def polygon_manifolds_of(vertices, normals, count, first, second, margin) -> Manifolds:
    """`polygon_manifolds` of the pairs (first[p], second[p]) of colliders given as rows
    (C, W, 2), padded as there, and counts (C,): the same manifolds, gathered from the
    colliders' columns straight into the layout the work runs in (no (P, W, 2) copies)."""
    if len(first) == 0:
        return Manifolds(**_empty(0))
    ka, kb = count.take(first), count.take(second)
    # Slots past the largest polygon here are padding (the last vertex, the first normal
    # again): they change no minimum and win no first extreme, so they are dropped (a
    # bin's 8-vertex outline pads its 4-vertex pieces to twice the work).
    width = max(int(ka.max()), int(kb.max()))
    g = _columns(vertices[:, :width], normals[:, :width])
    return _polygon_manifolds(g.take(np.concatenate([first, second]), axis=2), ka, kb, margin)


def _polygon_manifolds(g, ka, kb, margin) -> Manifolds:
    """`polygon_manifolds` on the gathered layout `g` (5, W, 2P) (`_columns`' rows)."""
    p = g.shape[2] // 2
    width = g.shape[1]
    out = _empty(p)
    rows = np.arange(p)
    margin = np.broadcast_to(np.asarray(margin, dtype=float), (p,))
    # 1. Face separations (W, P): A's faces against B's vertices, and B's against A's.
    sep_a = _face_separations(g, p, 0)
    sep_b = _face_separations(g, p, 1)
    # Padded slots pair the first normal with the last vertex: never a face.
    slots = np.arange(width)[:, None]
    if ka.min() < width:
        sep_a = np.where(slots < ka, sep_a, -np.inf)
    if kb.min() < width:
        sep_b = np.where(slots < kb, sep_b, -np.inf)
    edge_a, best_a = _first_max(sep_a)
    edge_b, best_b = _first_max(sep_b)
    flip = reference_is_b(best_a, best_b)
    keep = np.maximum(best_a, best_b) <= margin
    # 2-3. Reference face, incident edge, clipping.
    c = _clip(g, p, ka, kb, edge_a, edge_b, flip, rows)
    # The kept face missed: clip again against the best face (rare: a handful of rows).
    redo = np.flatnonzero(keep & best_face_instead(best_a, best_b, flip, c["missed"]))
    if len(redo):
        flip[redo] = ~flip[redo]
        again = _clip(g, p, ka[redo], kb[redo], edge_a[redo], edge_b[redo], flip[redo], redo)
        for key, value in again.items():
            c[key][redo] = value
    # Still nothing: corners apart, the point between the nearest features (`_corners`);
    # else (touching, within rounding) the deepest unclipped end alone.
    apart = keep & c["missed"] & (np.maximum(best_a, best_b) > 0.0)
    corners = np.flatnonzero(apart)
    if len(corners):
        _corners(c, corners, flip)
    nx, ny, s_low, s_up = c["nx"], c["ny"], c["s_low"], c["s_up"]
    single = keep & c["missed"]
    low_deeper = (s_low <= s_up) | apart
    only_low = single & low_deeper
    only_up = single & ~low_deeper
    half_low, half_up = 0.5 * s_low, 0.5 * s_up
    lx, ly = c["lx"] - half_low * nx, c["ly"] - half_low * ny
    ux, uy = c["ux"] - half_up * nx, c["uy"] - half_up * ny
    keep_low = keep & (s_low <= margin) & ~only_up
    keep_up = keep & (s_up <= margin) & ~only_low
    # Pack the kept points to the front of the two slots.
    any_kept = keep_low | keep_up
    two = keep_low & keep_up
    count = keep_low.astype(np.int64) + keep_up
    points = out["points"]
    # (A row with no point gets zeros: its points are never read, only cleared.)
    points[:, 0, 0] = np.where(keep_low, lx, np.where(keep_up, ux, 0.0))
    points[:, 0, 1] = np.where(keep_low, ly, np.where(keep_up, uy, 0.0))
    points[:, 1, 0] = np.where(two, ux, 0.0)
    points[:, 1, 1] = np.where(two, uy, 0.0)
    out["separation"][:, 0] = np.where(any_kept, np.where(keep_low, s_low, s_up), 0.0)
    out["separation"][:, 1] = np.where(two, s_up, 0.0)
    out["ids"][:, 0] = np.where(any_kept, np.where(keep_low, c["id_low"], c["id_up"]), 0)
    out["ids"][:, 1] = np.where(two, c["id_up"], 0)
    out["count"] = count
    # The normal always runs from A toward B.
    some = count > 0
    out["normal"][:, 0] = np.where(flip, -nx, nx) * some
    out["normal"][:, 1] = np.where(flip, -ny, ny) * some
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
    "best_face_instead",
    "circle_manifolds",
    "circle_polygon_manifolds",
    "flipped",
    "polygon_manifolds",
    "polygon_manifolds_of",
    "reference_is_b",
]
