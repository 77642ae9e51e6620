"""Contact points: the incident edge clipped to the reference edge, Box2D style (numpy only).

The one rule for which face is the reference (`reference_is_b`, `best_face_instead`)
and the clipping itself (`clip_incident`) live here, and the contact manifolds
(core/manifold.py, arrays of pairs) and sat()'s contact points (`contact_points`, one
pair, the points the contact overlay draws) both call them: the points drawn are the
solver's, on the same faces (issue 44)."""

from __future__ import annotations

import math

import numpy as np

from .geometry import ROUNDING, Circle, Polygon, Vec2, magnitude
from .tolerances import CONTAINMENT_TOLERANCE, FLIP_TOLERANCE


def reference_is_b(best_a, best_b):
    """Whether B's face is the reference, for the contact manifolds and sat()'s contact
    points alike, floats or arrays: A's best face unless B's best is better by more than
    FLIP_TOLERANCE (the hysteresis that keeps the choice from flickering between
    steps); then `best_face_instead`."""
    return best_b > best_a + FLIP_TOLERANCE


def best_face_instead(best_a, best_b, flip, missed):
    """Where the incident edge lies wholly beyond the end of the face the hysteresis
    kept (`missed`: corner on corner) and the other shape's face is the best one, that
    face is the reference instead: its incident edge always reaches it when the shapes
    overlap, where clipping against the kept face would extrapolate past both shapes."""
    return missed & ((best_b > best_a) != flip)


def clip_incident(v11x, v11y, v12x, v12y, v21x, v21y, v22x, v22y, nx, ny) -> dict:
    """The incident edge v21 -> v22 clipped to the side planes of the reference edge
    v11 -> v12 (outward normal n): arrays of edges, or floats for the one edge of
    sat()'s contact points (`_clip_one`), the same operations either way (plain
    floats, because one edge in numpy arrays costs 50 us of calls). Returns the clipped
    ends `lx, ly` (from v22) and `ux, uy` (from v21), their separations from the
    reference face, and `missed`: the incident edge lies wholly beyond one end of the
    face, and the ends are then the unclipped vertices (never cut "at" a side plane
    the edge does not reach); `before`: it lies beyond the face's first end, v11."""
    arrays = isinstance(nx, np.ndarray)
    where = np.where if arrays else _pick
    # The incident edge runs backward along the reference edge: v22 near v11, v21 near v12.
    ex, ey = v12x - v11x, v12y - v11y
    length = np.sqrt(ex * ex + ey * ey) if arrays else math.sqrt(ex * ex + ey * ey)
    reach = np.maximum(length, 1e-300) if arrays else max(length, 1e-300)
    tx, ty = ex / reach, ey / reach
    upper1 = length
    upper2 = (v21x - v11x) * tx + (v21y - v11y) * ty
    lower2 = (v22x - v11x) * tx + (v22y - v11y) * ty
    missed = (upper2 < 0.0) | (lower2 > upper1)
    span = upper2 - lower2
    ok = (span > 1e-12) & (~missed if arrays else not missed)
    safe = where(ok, span, 1.0)
    t_low = where(ok & (lower2 < 0.0), (0.0 - lower2) / safe, 0.0)
    t_up = where(ok & (upper2 > upper1), (upper1 - lower2) / safe, 1.0)
    dx, dy = v21x - v22x, v21y - v22y
    lx, ly = v22x + t_low * dx, v22y + t_low * dy
    ux, uy = v22x + t_up * dx, v22y + t_up * dy
    return {
        "nx": nx,
        "ny": ny,
        "lx": lx,
        "ly": ly,
        "ux": ux,
        "uy": uy,
        "s_low": (lx - v11x) * nx + (ly - v11y) * ny,
        "s_up": (ux - v11x) * nx + (uy - v11y) * ny,
        "missed": missed,
        "before": upper2 < 0.0,  # (missed: the edge lies before the face's first end)
    }


def _pick(condition: bool, yes: float, no: float) -> float:
    """np.where for one float."""
    return yes if condition else no


def contact_points(
    a, b, normal: Vec2, reference_is_a: bool, touching: bool = False
) -> tuple[Vec2, ...]:
    """Contact points on the incident shape. Two polygons: the manifold's (core/manifold.py),
    the incident edge clipped to the reference face that the manifold's one rule chooses
    (`reference_is_b`, `best_face_instead`), so that the points drawn are where the solver's
    are. A circle: the deepest point of the incident shape, the one not owning the MTV
    axis (`reference_is_a`) along `normal`. `touching` (depth 0): two polygons that meet
    corner to corner touch at the incident corner nearest the reference edge."""
    if isinstance(a, Polygon) and isinstance(b, Polygon):
        return _polygon_contacts(a, b, touching)
    reference, incident = (a, b) if reference_is_a else (b, a)
    # The normal points from B toward A; toward_incident points from reference to incident.
    tx, ty = (-normal[0], -normal[1]) if reference_is_a else normal
    if isinstance(incident, Circle):
        (x, y), r = incident.position, incident.radius
        return ((x - tx * r, y - ty * r),)
    xs, ys = incident.vertices.T.tolist()
    k = _argmin_dot(xs, ys, tx, ty)
    return ((xs[k], ys[k]),)


def _polygon_contacts(a: Polygon, b: Polygon, touching: bool) -> tuple[Vec2, ...]:
    """The manifold's contact points of one polygon pair, on the incident shape.

    Not the face most aligned with the MTV axis: that is another face where the MTV
    pushes the shorter way out of a contained shape, and two parallel faces sent the
    points to either outline by a 1e-8 rounding (issue 36). Not the hysteresis alone:
    where the kept face's incident edge lies beyond its end (corner on corner), the
    manifold takes the best face, and the points were drawn on the other outline, up
    to 41 px from the manifold's faces in the oracle's pairs (issue 44). The manifold's
    face separations, ``best_face_instead`` and ``clip_incident`` here, on one pair."""
    sep_a, sep_b = _face_separations(a, b), _face_separations(b, a)
    edge_a, edge_b = int(np.argmax(sep_a)), int(np.argmax(sep_b))  # the first, as there
    best_a, best_b = float(sep_a[edge_a]), float(sep_b[edge_b])
    flip = bool(reference_is_b(best_a, best_b))
    clip = _clip_one(a, b, edge_b if flip else edge_a, flip)
    if best_face_instead(best_a, best_b, flip, clip["missed"]):
        flip = not flip
        clip = _clip_one(a, b, edge_b if flip else edge_a, flip)
    reference, incident = (b, a) if flip else (a, b)
    # The incident edge's start first, as drawn before (the manifold's slots: low, up).
    up, low = (clip["ux"], clip["uy"]), (clip["lx"], clip["ly"])
    deeper = low if clip["s_low"] <= clip["s_up"] else up  # the manifold's one point
    if clip["missed"]:  # even the best face missed (touching, or rounding): one point
        if touching:  # corner to corner: the incident corner nearest the reference edge
            r1x, r1y = clip["r1"]
            r2x, r2y = clip["r2"]
            xs, ys = incident.vertices.T.tolist()
            return (_nearest_to_segment(xs, ys, r1x, r1y, r2x, r2y),)
        return (deeper,)
    slack = CONTAINMENT_TOLERANCE * math.sqrt(reference.area + incident.area) + ROUNDING * (
        magnitude(reference) + magnitude(incident)
    )
    kept = [p for p, s in ((up, clip["s_up"]), (low, clip["s_low"])) if s <= slack]
    if not kept:  # both clipped ends outside the face (a corner clipped away): the deeper
        return (deeper,)
    if len(kept) == 2 and kept[0] == kept[1]:
        return (kept[0],)
    return tuple(kept)


def _face_separations(p: Polygon, q: Polygon) -> np.ndarray:
    """Each of p's faces' separation from q: min over q's vertices w of n_i . w, minus
    n_i . v_i (the manifold's _face_separations: the same products, sums and minimums)."""
    n, v, w = p.normals, p.vertices, q.vertices
    nx, ny = n[:, 0, None], n[:, 1, None]  # (faces, 1) against q's (vertices,)
    lowest = (w[:, 0] * nx + w[:, 1] * ny).min(axis=1)
    return lowest - (n[:, 0] * v[:, 0] + n[:, 1] * v[:, 1])


def _clip_one(a: Polygon, b: Polygon, edge: int, flip: bool) -> dict:
    """`clip_incident` on one pair, as the manifold's _clip gathers it: the reference
    face `edge` of B (`flip`) or A, the incident edge the other polygon's edge whose
    normal is most against it (the first), each end a float."""
    reference, incident = (b, a) if flip else (a, b)
    nx, ny = reference.normals[edge].tolist()
    inx, iny = incident.normals.T.tolist()
    i21 = _argmin_dot(inx, iny, nx, ny)
    i22 = (i21 + 1) % len(incident)
    vx, vy = reference.vertices.T.tolist()
    r1 = (vx[edge], vy[edge])
    r2 = (vx[(edge + 1) % len(vx)], vy[(edge + 1) % len(vx)])
    ix, iy = incident.vertices.T.tolist()
    v21, v22 = (ix[i21], iy[i21]), (ix[i22], iy[i22])
    out = clip_incident(*r1, *r2, *v21, *v22, nx, ny)
    out["r1"], out["r2"] = r1, r2
    return out


def _argmin_dot(xs, ys, x: float, y: float) -> int:
    """Index of the first vector (xs[i], ys[i]) with the smallest dot product with (x, y)."""
    dots = [vx * x + vy * y for vx, vy in zip(xs, ys, strict=True)]
    return dots.index(min(dots))


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
