"""Contact manifolds against an independent engine (issue 26): pymunk's `shapes_collide`.

Thousands of seeded pairs, in both argument orders, through the batched manifolds the
step uses (`polygon_manifolds`, `circle_polygon_manifolds`, `circle_manifolds`) and
through `sat()`'s contact points. The pairs: random convex polygons brought to a chosen
depth (shallow, deep, touching, a little apart), boxes face to face at 0/90/180/270
degrees, small tilts, a corner in a face, corner on corner (nearly tied faces: the
hysteresis keeps the worse face), shapes inside others, circle-polygon, circle-circle.

What is compared, for every pair that overlaps (depth d > 0: the Minkowski difference's,
from shapely, which also covers the deep pairs where pymunk's EPA gives no normal):

* the normal is a least-depth axis: the overlap of the shapes' projections on it is
  d, or at most FLIP_TOLERANCE more (the hysteresis keeps A's face within that window);
* the depth is exact: no point is deeper than the overlap along the normal, and the
  deepest point has the exact depth d whenever the normal is a least-depth axis;
* every point is on the contact region with its own separation right: the two surface
  points it stands for (the point is midway, Box2D v3's convention; pymunk reports the
  two) lie on A's and on B's outline, a separation apart along the normal;
* where the normal is pymunk's and nothing is within rounding of touching, the number
  of overlapping points is pymunk's (two for face on face, one for a vertex in a face:
  pymunk's coinciding points at a corner count once), and so are the points and their
  separations.

Conventions are mapped, not counted: midpoints against pymunk's pairs, the other face
inside the hysteresis window, the speculative points (separation > 0) pymunk does not
report. With the speculative margin the step uses, the overlapping points are the same
bits as without, and every speculative point stands on the incident shape's outline.
Apart pairs get no overlapping point; touching pairs none deeper than rounding.
sat()'s contact points (on the incident shape) are checked against pymunk's too.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pymunk
import pytest
from shapes import ShapePool, padded_rows, signed_distance, translated

from sandbox.core.geometry import Circle, Polygon
from sandbox.core.manifold import (
    FLIP_TOLERANCE,
    circle_manifolds,
    circle_polygon_manifolds,
    polygon_manifolds,
)
from sandbox.core.pair import sat
from sandbox.physics.reach import SPECULATIVE

# The margin of two moving bodies at rest in the step (each SPECULATIVE, plus SPECULATIVE).
STEP_MARGIN = 3 * SPECULATIVE
SEEDS = [0, 1, 2]
PAIRS_PER_SEED = 1500

# The example of issue 26: A's face is kept inside the hysteresis window, and B's
# incident edge lies wholly beyond its end.
ISSUE_A = Polygon([(16.9, -9.27), (23.72, -11.19), (20.46, -5.28)])
ISSUE_B = Polygon([(-15.27, -27.6), (16.95, -9.33), (26.25, 23.58)])


# -- the pairs ---------------------------------------------------------------------------


def _touching_then(a, b, delta):
    """B moved so that it touches A (along sat's normal), then `delta` deeper along it."""
    r = sat(a, b)
    if not r.colliding:
        return None
    nx, ny = r.normal  # from B toward A
    shift = (-r.mtv[0] + delta * nx, -r.mtv[1] + delta * ny)
    x, y = b.position
    return b.placed((x + shift[0], y + shift[1]))


def _depth(rng):
    u = rng.random()
    if u < 0.1:
        return 0.0  # touching
    if u < 0.55:
        return float(rng.uniform(0.0, 0.5))
    if u < 0.75:
        return float(rng.uniform(0.5, 8.0))
    return float(rng.uniform(-2.0, 0.0))  # apart: only speculative points


def _random_pair(pool, rng):
    a = pool.polygon(rng)
    direction = rng.uniform(0, 2 * math.pi)
    reach = 0.5 * (np.ptp(a.vertices, axis=0).max())
    at = np.asarray(a.centroid) + reach * np.array([math.cos(direction), math.sin(direction)])
    b = pool.polygon(rng, position=tuple(at))
    return a, _touching_then(a, b, _depth(rng))


def _boxes(rng, tilt):
    w, h = rng.uniform(10, 120, 2)
    a = Polygon.box(w, h, position=tuple(rng.uniform(0, 300, 2)))
    quarter = float(rng.integers(4)) * math.pi / 2
    angle = quarter + (math.radians(rng.uniform(-2, 2)) if tilt else 0.0)
    bw, bh = rng.uniform(10, 120, 2)
    b = Polygon.box(bw, bh, angle=angle)
    side = int(rng.integers(4))
    ox = rng.uniform(-0.5, 0.5) * (w + bw)
    oy = rng.uniform(-0.5, 0.5) * (h + bh)
    x, y = a.position
    offset = [(ox, -h), (ox, h), (-w, oy), (w, oy)][side]
    b = b.placed((x + offset[0], y + offset[1]))
    turn = float(rng.uniform(-math.pi, math.pi)) if rng.random() < 0.3 else 0.0
    if turn:  # the whole pair turned together: face to face, any direction
        c, s = math.cos(turn), math.sin(turn)
        a, b = (
            p.placed(
                (c * p.position[0] - s * p.position[1], s * p.position[0] + c * p.position[1]),
                p.angle + turn,
            )
            for p in (a, b)
        )
    return a, _touching_then(a, b, _depth(rng))


def _corner_in_face(pool, rng):
    a = Polygon.box(*rng.uniform(60, 200, 2), position=tuple(rng.uniform(0, 300, 2)))
    b = pool.polygon(rng, max_radius=40)
    top = a.vertices[:, 1].min()
    lowest = b.vertices[:, 1].max()
    x = rng.uniform(a.vertices[:, 0].min() + 5, a.vertices[:, 0].max() - 5)
    dx = x - b.vertices[np.argmax(b.vertices[:, 1]), 0]
    bx, by = b.position
    delta = _depth(rng)
    return a, b.placed((bx + dx, by + (top - lowest) + delta))


def _corner_on_corner(pool, rng):
    """A corner of B on a corner of A, pointing at it within +-60 degrees, a small
    offset apart: the two best faces are often nearly tied."""
    a = pool.polygon(rng)
    b = pool.polygon(rng)
    i = int(rng.integers(len(a.vertices)))
    j = int(rng.integers(len(b.vertices)))
    out_a = a.vertices[i] - np.asarray(a.centroid)
    out_b = b.local_vertices[j] - np.asarray(b.placed((0.0, 0.0), 0.0).centroid)
    want = math.atan2(-out_a[1], -out_a[0]) + rng.uniform(-1.0, 1.0)
    angle = want - math.atan2(out_b[1], out_b[0])
    b = b.placed((0.0, 0.0), angle)
    offset = rng.normal(0.0, 0.3, 2)
    corner = a.vertices[i] + offset - b.vertices[j]
    return a, b.placed(tuple(corner))


def _contained(pool, rng):
    while True:
        a = pool.polygon(rng)
        fits = 0.3 * np.ptp(a.vertices, axis=0).min()
        if (pool.radii <= fits).any():
            b = pool.polygon(rng, position=(0.0, 0.0), max_radius=fits)
            return a, translated(b, np.asarray(a.centroid) - np.asarray(b.centroid))


def _circle_polygon(pool, rng):
    a = pool.polygon(rng)
    direction = rng.uniform(0, 2 * math.pi)
    reach = 0.5 * (np.ptp(a.vertices, axis=0).max())
    at = np.asarray(a.centroid) + reach * np.array([math.cos(direction), math.sin(direction)])
    circle = Circle(float(rng.uniform(3, 60)), tuple(at))
    if rng.random() < 0.1:
        circle = circle.placed(a.centroid)  # centre inside
        return a, circle
    return a, _touching_then(a, circle, _depth(rng))


def _circles(rng):
    a = Circle(float(rng.uniform(3, 60)), tuple(rng.uniform(0, 300, 2)))
    ra = float(rng.uniform(3, 60))
    direction = rng.uniform(0, 2 * math.pi)
    d = a.radius + ra - _depth(rng)
    x, y = a.position
    return a, Circle(ra, (x + d * math.cos(direction), y + d * math.sin(direction)))


def generate(seed: int, count: int = PAIRS_PER_SEED):
    """(kind, a, b) for `count` seeded pairs, every kind in proportion."""
    rng = np.random.default_rng(seed)
    pool = ShapePool(rng, size=150)
    makers = [
        ("random", 0.30, lambda: _random_pair(pool, rng)),
        ("boxes", 0.10, lambda: _boxes(rng, tilt=False)),
        ("tilted boxes", 0.08, lambda: _boxes(rng, tilt=True)),
        ("corner in face", 0.10, lambda: _corner_in_face(pool, rng)),
        ("corner on corner", 0.22, lambda: _corner_on_corner(pool, rng)),
        ("contained", 0.05, lambda: _contained(pool, rng)),
        ("circle-polygon", 0.10, lambda: _circle_polygon(pool, rng)),
        ("circles", 0.05, lambda: _circles(rng)),
    ]
    weights = np.array([w for _, w, _ in makers])
    pairs = []
    while len(pairs) < count:
        kind, _, make = makers[int(rng.choice(len(makers), p=weights / weights.sum()))]
        a, b = make()
        if b is not None:
            pairs.append((kind, a, b))
    return pairs


# -- our manifolds, batched as the step batches them ---------------------------------------


def manifolds(pairs, margin):
    """[(normal, points, separations)] per (a, b) pair: the batched manifolds, normal A to B."""
    out = [None] * len(pairs)
    groups = {"pp": [], "pc": [], "cp": [], "cc": []}
    for i, (a, b) in enumerate(pairs):
        key = ("p" if isinstance(a, Polygon) else "c") + ("p" if isinstance(b, Polygon) else "c")
        groups[key].append(i)

    def store(rows, m, sign=1.0):
        for r, i in enumerate(rows):
            c = int(m.count[r])
            out[i] = (m.normal[r] * sign, m.points[r, :c], m.separation[r, :c])

    if groups["pp"]:
        rows = groups["pp"]
        va, na, ka = padded_rows([pairs[i][0] for i in rows])
        vb, nb, kb = padded_rows([pairs[i][1] for i in rows])
        store(rows, polygon_manifolds(va, na, ka, vb, nb, kb, margin))
    for key, sign in (("pc", 1.0), ("cp", -1.0)):
        if groups[key]:
            rows = groups[key]
            poly = [pairs[i][0 if key == "pc" else 1] for i in rows]
            circ = [pairs[i][1 if key == "pc" else 0] for i in rows]
            v, n, k = padded_rows(poly)
            centre = np.array([c.position for c in circ])
            radius = np.array([c.radius for c in circ])
            store(rows, circle_polygon_manifolds(v, n, k, centre, radius, margin), sign)
    if groups["cc"]:
        rows = groups["cc"]
        ca = np.array([pairs[i][0].position for i in rows])
        ra = np.array([pairs[i][0].radius for i in rows])
        cb = np.array([pairs[i][1].position for i in rows])
        rb = np.array([pairs[i][1].radius for i in rows])
        store(rows, circle_manifolds(ca, ra, cb, rb, margin))
    return out


# -- the oracle ----------------------------------------------------------------------------

_BODY = pymunk.Body(body_type=pymunk.Body.STATIC)


def _pymunk_shape(shape):
    if isinstance(shape, Circle):
        s = pymunk.Circle(_BODY, shape.radius, tuple(shape.position))
    else:
        s = pymunk.Poly(_BODY, [tuple(v) for v in shape.vertices])
    s.cache_bb()
    return s


def pymunk_contacts(a, b):
    """pymunk's normal (A to B) and its points as (point on A, point on B, distance).
    No points when apart (pymunk 7.3.1's shapes_collide then asserts on its empty set),
    and none when its EPA gives up on a deep overlap (a zero normal): the depth is then
    checked against the Minkowski difference alone."""
    try:
        found = _pymunk_shape(a).shapes_collide(_pymunk_shape(b))
    except AssertionError:
        return np.zeros(2), []
    if not np.any(np.array(found.normal)):
        return np.zeros(2), []
    normal = np.array(found.normal)
    points = []
    for p in found.points:
        pa, pb = np.array(p.point_a), np.array(p.point_b)
        # the distance as (pb - pa) . n: pymunk's own field has the wrong sign for a
        # polygon and a circle (positive while overlapping)
        points.append((pa, pb, float(np.dot(pb - pa, normal))))
    return normal, points


def scale(a, b) -> float:
    """The size of the pair's coordinates: tolerances are relative to it."""

    def reach(s):
        if isinstance(s, Circle):
            return abs(s.position[0]) + abs(s.position[1]) + s.radius
        return float(np.abs(s.vertices).max()) * 2

    return max(reach(a), reach(b), 1.0)


def outline_distance(shape, point) -> float:
    """Distance from `point` to the shape's outline (independent of the sandbox's code)."""
    if isinstance(shape, Circle):
        return abs(math.dist(shape.position, point) - shape.radius)
    v = np.asarray(shape.vertices)
    w = np.roll(v, -1, axis=0)
    e = w - v
    t = np.clip(((point - v) * e).sum(axis=1) / (e * e).sum(axis=1), 0.0, 1.0)
    nearest = v + t[:, None] * e
    return float(np.hypot(*(nearest - point).T).min())


def overlap_along(a, b, n) -> float:
    """How far A's projection on n reaches past B's (A before B along n, n from A to B)."""

    def extent(shape):
        if isinstance(shape, Circle):
            c = float(np.dot(shape.position, n))
            return c - shape.radius, c + shape.radius
        d = np.asarray(shape.vertices) @ n
        return float(d.min()), float(d.max())

    return extent(a)[1] - extent(b)[0]


def merged(points, tol):
    """pymunk's points with those that coincide (a corner's two clamped ends) counted once."""
    kept = []
    for p in points:
        mid = 0.5 * (p[0] + p[1])
        if all(np.hypot(*(mid - 0.5 * (q[0] + q[1]))) > tol for q in kept):
            kept.append(p)
    return kept


def check(a, b, ours, theirs, exact, margin, stats, kind):
    """Every assertion above for one ordered pair; `exact` is the signed distance of the
    Minkowski difference (negative: minus the depth); `stats` counts what was compared."""
    normal, points, separation = ours
    pm_normal, pm_points = theirs
    size = scale(a, b)
    tol = 1e-7 * size
    where = f"{kind}: a={a!r} b={b!r} margin={margin}"
    assert np.all(separation <= margin + 1e-9 * size), where
    for m, s in zip(points, separation, strict=True):
        pa, pb = m - 0.5 * s * normal, m + 0.5 * s * normal
        da, db = outline_distance(a, pa), outline_distance(b, pb)
        if s <= 0.0:  # overlapping: a real pair of surface points, s apart along n
            assert da <= tol and db <= tol, (where, m, s, da, db)
        else:  # speculative: the incident shape's point is real (a corner's gap is conservative)
            assert min(da, db) <= tol, (where, m, s, da, db)
    if exact > tol:
        stats["apart"] += 1
        assert np.all(separation > 0.0), where
        return
    if exact >= -tol:
        stats["touching"] += 1
        assert np.all(separation >= -2 * tol), where
        return
    depth = -exact
    assert len(points) >= 1, where
    assert abs(math.hypot(*normal) - 1.0) <= 1e-12, where
    along = overlap_along(a, b, normal)
    # a least-depth axis (up to the hysteresis window), with the exact depth
    assert along >= depth - tol, (where, along, depth)
    assert along <= depth + FLIP_TOLERANCE + tol, (where, along, depth)
    assert -separation.min() <= along + tol, (where, separation, along)
    if along > depth + tol:
        stats["the other face, inside the hysteresis window"] += 1
        return
    assert -separation.min() == pytest.approx(depth, abs=tol), (where, separation, depth)
    stats["the exact depth"] += 1
    if not pm_points:
        stats["deep: pymunk's EPA gives no normal"] += 1
        return
    if np.hypot(*(normal - pm_normal)) > 1e-6:
        stats["a tied face, not pymunk's"] += 1
        return
    near_zero = 1e-6 * size
    if any(abs(p[2]) <= near_zero for p in pm_points) or np.any(np.abs(separation) <= near_zero):
        stats["a point at zero separation: count not compared"] += 1
        return
    pm = merged(pm_points, near_zero)
    overlapping = [(m, s) for m, s in zip(points, separation, strict=True) if s <= 0.0]
    assert len(overlapping) == len(pm), (where, overlapping, pm)
    stats[f"{len(pm)} point(s), as pymunk's"] += 1
    for m, s in overlapping:
        mids = [0.5 * (p[0] + p[1]) for p in pm]
        k = int(np.argmin([np.hypot(*(m - q)) for q in mids]))
        assert np.hypot(*(m - mids[k])) <= near_zero, (where, m, mids)
        assert s == pytest.approx(pm[k][2], abs=near_zero), (where, s, pm[k][2])


def best_separation(p: Polygon, q: Polygon) -> float:
    """max over p's faces of min over q's vertices of the signed distance to the face
    (written here with numpy's own sums: independent of the sandbox's)."""
    v, n = np.asarray(p.vertices), np.asarray(p.normals)
    w = np.asarray(q.vertices)
    return float(((w[None, :, :] - v[:, None, :]) * n[:, None, :]).sum(axis=-1).min(axis=1).max())


def in_the_window(a: Polygon, b: Polygon) -> bool:
    """B's best face is better than A's, but by no more than FLIP_TOLERANCE: the
    manifold (and sat()'s contact points) keep A's face; pymunk takes B's."""
    sep_a, sep_b = best_separation(a, b), best_separation(b, a)
    return sep_a < sep_b <= sep_a + FLIP_TOLERANCE


def check_sat(a, b, theirs, stats, kind):
    """sat()'s contact points: on the incident shape's outline, behind the reference
    face by no more than the depth, and pymunk's points on that shape (same normal),
    unless the manifold's hysteresis keeps A's face (tests/test_sat_contact_side.py)."""
    r = sat(a, b)
    pm_normal, pm_points = theirs
    where = f"{kind}: a={a!r} b={b!r}"
    if not pm_points or not r.colliding:
        return
    tol = 1e-7 * scale(a, b)
    n = -np.asarray(r.normal)  # from A toward B
    depth = -min(p[2] for p in pm_points)
    assert r.depth == pytest.approx(depth, abs=tol), where
    for p in r.contacts:
        da, db = outline_distance(a, np.asarray(p)), outline_distance(b, np.asarray(p))
        assert min(da, db) <= tol, (where, p, da, db)
    same = np.hypot(*(n - pm_normal)) <= 1e-6
    if not same or not isinstance(a, Polygon) or not isinstance(b, Polygon):
        return
    if in_the_window(a, b):
        stats["sat(): A's face kept, inside the hysteresis window"] += 1
        return
    near_zero = 1e-6 * scale(a, b)
    if any(abs(q[2]) <= near_zero for q in pm_points):
        return
    pm = merged(pm_points, near_zero)
    assert len(r.contacts) == len(pm), (where, r.contacts, pm)
    on_pm = [q[0] for q in pm] + [q[1] for q in pm]
    for p in r.contacts:
        assert min(np.hypot(*(np.asarray(p) - q)) for q in on_pm) <= near_zero, (where, p, pm)
    stats["sat(): pymunk's points"] += 1


# -- the tests -----------------------------------------------------------------------------


@pytest.mark.parametrize("flip", [False, True], ids=["A,B", "B,A"])
@pytest.mark.parametrize("margin", [0.0, STEP_MARGIN])
def test_issue_26_corner_on_corner_is_one_point_at_the_exact_depth(flip, margin):
    """Before the fix (order A, B): two points extrapolated past both shapes, the
    deeper 0.0811 into A's face; now one point on B's face, the exact depth 0.06443,
    pymunk's (the midpoint of its two), in both orders and with the step's margin."""
    a, b = (ISSUE_B, ISSUE_A) if flip else (ISSUE_A, ISSUE_B)
    ((normal, points, separation),) = manifolds([(a, b)], margin)
    pm_normal, pm_points = pymunk_contacts(a, b)
    # one overlapping point (with the step's margin, A's far end is a speculative one)
    assert (separation <= 0).sum() == 1 and np.all(separation[1:] > 0)
    assert separation[0] == pytest.approx(-0.0644320804178, abs=1e-12)
    assert separation[0] == pytest.approx(-sat(a, b).depth, abs=1e-12)
    assert normal == pytest.approx(pm_normal, abs=1e-12)
    pa, pb, distance = pm_points[0]
    assert points[0] == pytest.approx(0.5 * (pa + pb), abs=1e-12)
    assert outline_distance(a, points[0] - 0.5 * separation[0] * normal) <= 1e-12
    assert outline_distance(b, points[0] + 0.5 * separation[0] * normal) <= 1e-12


@pytest.mark.parametrize("seed", SEEDS)
def test_manifolds_agree_with_pymunk(seed):
    pairs = generate(seed)
    ordered = [(a, b) for _, a, b in pairs] + [(b, a) for _, a, b in pairs]
    kinds = [k for k, _, _ in pairs] * 2
    theirs = [pymunk_contacts(a, b) for a, b in ordered]
    exact = [signed_distance(a, b) for _, a, b in pairs] * 2
    stats = Counter()
    found = {}
    for margin in (0.0, STEP_MARGIN):
        found[margin] = ours = manifolds(ordered, margin)
        for (a, b), o, t, d, kind in zip(ordered, ours, theirs, exact, kinds, strict=True):
            check(a, b, o, t, d, margin, stats, kind)
    for (a, b), without, with_margin in zip(ordered, found[0.0], found[STEP_MARGIN], strict=True):
        # (touching within rounding, a face may say apart by 1e-15 and a point 1e-16 deep)
        rounding = 1e-9 * scale(a, b)
        deep = with_margin[2] < -rounding
        assert np.array_equal(without[1][without[2] < -rounding], with_margin[1][deep])
        assert np.array_equal(without[2][without[2] < -rounding], with_margin[2][deep])
    for (a, b), t, kind in zip(ordered, theirs, kinds, strict=True):
        check_sat(a, b, t, stats, kind)
    # every convention and every kind of contact was met, often
    assert stats["1 point(s), as pymunk's"] >= 500, stats
    assert stats["2 point(s), as pymunk's"] >= 300, stats
    assert stats["the other face, inside the hysteresis window"] >= 10, stats
    assert stats["apart"] >= 300, stats
    assert stats["sat(): pymunk's points"] >= 1000, stats


@pytest.mark.parametrize("flip", [False, True], ids=["A,B", "B,A"])
def test_sat_contact_of_a_corner_in_a_face_whose_axis_is_a_parallel_duplicate(flip):
    """A triangle's corner 0.25 px into a box's top face, axis-aligned: the triangle's
    far face is parallel to the box's, so the box's axis is skipped as a duplicate. The
    contact is the corner, as pymunk's (before: a point on the box face, off to the side)."""
    triangle = Polygon.regular(3, 20.0, position=(200.0, 0.0), angle=math.pi / 2)
    box = Polygon.box(100.0, 60.0, position=(180.0, 20.0 - 0.25 + 30.0))
    a, b = (box, triangle) if flip else (triangle, box)
    r = sat(a, b)
    assert r.depth == pytest.approx(0.25, abs=1e-12)
    assert len(r.contacts) == 1
    assert r.contacts[0] == pytest.approx((200.0, 20.0), abs=1e-12)
    _, pm_points = pymunk_contacts(a, b)
    corner = pm_points[0][0] if flip is False else pm_points[0][1]
    assert r.contacts[0] == pytest.approx(tuple(corner), abs=1e-9)
