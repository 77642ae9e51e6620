"""Shared helpers for the geometry / SAT tests: seeded random shapes, an independent
oracle (shapely and the Minkowski difference), and the both-argument-orders check.

Everything random here takes a `numpy.random.Generator` from the caller, so every
test decides its own seed and runs the same way every time.
"""

from __future__ import annotations

import math

import numpy as np
from shapely.geometry import MultiPoint, Point
from shapely.geometry import Polygon as ShapelyPolygon

from sandbox.geometry import Circle, Polygon, ShapeError
from sandbox.sat import TIE_TOLERANCE, sat

# -- random shapes -------------------------------------------------------------------


def valtr_convex(rng: np.random.Generator, n: int) -> np.ndarray:
    """n vertices of a random convex polygon in the unit square (Valtr's algorithm),
    in counter-clockwise order (y up), centred on their vertex mean."""

    def chain(values: np.ndarray) -> list[float]:
        lo, hi = values[0], values[-1]
        top = bottom = lo
        steps = []
        for v in values[1:-1]:
            if rng.random() < 0.5:
                steps.append(v - top)
                top = v
            else:
                steps.append(bottom - v)
                bottom = v
        steps.append(hi - top)
        steps.append(bottom - hi)
        return steps

    xs = np.sort(rng.random(n))
    ys = np.sort(rng.random(n))
    dx = np.array(chain(xs))
    dy = np.array(chain(ys))
    rng.shuffle(dy)
    steps = np.column_stack([dx, dy])
    steps = steps[np.argsort(np.arctan2(steps[:, 1], steps[:, 0]))]
    points = np.cumsum(steps, axis=0)
    return points - points.mean(axis=0)


def random_local_vertices(rng: np.random.Generator, n: int | None = None) -> np.ndarray:
    """Local vertices of a random valid convex polygon with 3..12 vertices, 10..150 px
    across, sometimes thin, sometimes off-centre, in a random winding."""
    while True:
        count = int(rng.integers(3, 13)) if n is None else n
        v = valtr_convex(rng, count)
        aspect = math.exp(rng.uniform(-1.5, 1.5))
        size = rng.uniform(10, 150)
        v = v * np.array([size * aspect**0.5, size / aspect**0.5])
        if rng.random() < 0.3:
            v = v + rng.uniform(-40, 40, size=2)  # local origin away from the centroid
        if rng.random() < 0.5:
            v = v[::-1]  # the other winding
        try:
            Polygon(v)
        except ShapeError:
            continue  # (rare) nearly collinear corner from the generator: draw again
        return v


def random_polygon(rng: np.random.Generator, position=None, kind: str | None = None) -> Polygon:
    """A random convex polygon, box or regular polygon at a random angle."""
    if position is None:
        position = tuple(rng.uniform(0, 400, size=2))
    angle = float(rng.uniform(-math.pi, math.pi))
    kind = kind or rng.choice(["convex", "convex", "convex", "box", "regular"])
    if kind == "box":
        w, h = rng.uniform(5, 160, size=2)
        # A quarter of the boxes stay axis-aligned, where parallel axes coincide exactly.
        return Polygon.box(w, h, position, angle if rng.random() < 0.75 else 0.0)
    if kind == "regular":
        return Polygon.regular(int(rng.integers(3, 13)), rng.uniform(5, 90), position, angle)
    return Polygon(random_local_vertices(rng), position, angle)


def random_circle(rng: np.random.Generator, position=None) -> Circle:
    if position is None:
        position = tuple(rng.uniform(0, 400, size=2))
    return Circle(rng.uniform(3, 90), position)


def circumradius(shape) -> float:
    """Largest distance from the centroid to the shape's outline."""
    if isinstance(shape, Circle):
        return shape.radius
    return float(np.max(np.hypot(*(shape.vertices - np.asarray(shape.centroid)).T)))


def inradius_at(polygon: Polygon, point) -> float:
    """Distance from an interior `point` to the nearest edge line of `polygon`."""
    offsets = np.einsum("ij,ij->i", polygon.normals, polygon.vertices - np.asarray(point))
    return float(offsets.min())


def translated(shape, offset):
    x, y = shape.position
    return shape.placed((x + float(offset[0]), y + float(offset[1])))


# -- independent oracle -------------------------------------------------------------


def to_shapely(polygon: Polygon) -> ShapelyPolygon:
    return ShapelyPolygon(np.asarray(polygon.vertices))


def minkowski_difference(a: Polygon, b: Polygon):
    """B ⊕ (−A): the convex hull of every b_j − a_i (shapely), so that
    A and B intersect exactly when the origin lies in it, and moving A by t
    shifts it by −t."""
    diffs = (b.vertices[None, :, :] - a.vertices[:, None, :]).reshape(-1, 2)
    return MultiPoint(diffs).convex_hull


def signed_distance_polygons(a: Polygon, b: Polygon) -> float:
    """Distance between A and B when apart; minus the exact penetration depth
    (origin to the Minkowski difference's boundary) when they overlap."""
    hull = minkowski_difference(a, b)
    origin = Point(0.0, 0.0)
    distance = hull.exterior.distance(origin)
    return -distance if hull.contains(origin) else distance


def signed_distance_to_polygon(point, polygon: ShapelyPolygon) -> float:
    """Distance from `point` to the polygon's outline, negative inside."""
    p = Point(float(point[0]), float(point[1]))
    d = polygon.exterior.distance(p)
    return -d if polygon.contains(p) else d


def signed_distance_circle_polygon(circle: Circle, polygon: Polygon) -> float:
    """Closed form: (distance from the centre to the polygon, signed) − radius."""
    return signed_distance_to_polygon(circle.position, to_shapely(polygon)) - circle.radius


def signed_distance_circles(a: Circle, b: Circle) -> float:
    return math.dist(a.position, b.position) - a.radius - b.radius


def signed_distance(a, b) -> float:
    """Gap between two shapes (> 0) or minus their exact penetration depth (< 0)."""
    if isinstance(a, Polygon) and isinstance(b, Polygon):
        return signed_distance_polygons(a, b)
    if isinstance(a, Circle) and isinstance(b, Circle):
        return signed_distance_circles(a, b)
    circle, polygon = (a, b) if isinstance(a, Circle) else (b, a)
    return signed_distance_circle_polygon(circle, polygon)


def inside(inner, outer) -> tuple[bool, float]:
    """(inner ⊆ outer, margin): the margin is how far the outermost point of `inner`
    is from `outer`'s outline (negative = strictly inside), for skipping near-ties."""
    if isinstance(outer, Circle):
        if isinstance(inner, Circle):
            margin = math.dist(inner.position, outer.position) + inner.radius - outer.radius
        else:
            d = np.hypot(*(inner.vertices - np.asarray(outer.position)).T)
            margin = float(d.max()) - outer.radius
    else:
        sp = to_shapely(outer)
        if isinstance(inner, Circle):
            margin = signed_distance_to_polygon(inner.position, sp) + inner.radius
        else:
            margin = max(signed_distance_to_polygon(v, sp) for v in inner.vertices)
    return margin <= 0, margin


def overlap_area(a: Polygon, b: Polygon) -> float:
    return to_shapely(a).intersection(to_shapely(b)).area


# -- both argument orders -------------------------------------------------------------


def _parallel(u, v) -> bool:
    return abs(u[0] * v[1] - u[1] * v[0]) <= 1e-9


def mtv_is_tied(result, a, b) -> bool:
    """True when the rule for choosing the MTV has a genuine tie that the order of the
    arguments breaks (so sat(a, b) and sat(b, a) may legitimately disagree on its
    direction): two non-parallel axes of (nearly) equal least depth, or an axis whose
    two ways out are equal with the centroids level along it. `result` must come from
    all_axes=True or be colliding (so that every axis was tested)."""
    if not result.colliding:
        return False
    depths = [t.depth for t in result.axes]
    least = min(depths)
    slack = 1e3 * TIE_TOLERANCE * max(1.0, abs(least)) + 1e-9
    near = [t for t in result.axes if t.depth <= least + slack]
    if any(not _parallel(near[0].axis, t.axis) for t in near[1:]):
        return True
    ca, cb = a.centroid, b.centroid
    for t in near:
        lo_way = t.a_interval[1] - t.b_interval[0]
        hi_way = t.b_interval[1] - t.a_interval[0]
        offset = t.axis[0] * (ca[0] - cb[0]) + t.axis[1] * (ca[1] - cb[1])
        if abs(lo_way - hi_way) <= slack and abs(offset) <= slack:
            return True
    return False


def assert_close(u, v, tol, what=""):
    assert len(u) == len(v), what
    for x, y in zip(u, v, strict=True):
        assert abs(x - y) <= tol, f"{what}: {u} != {v} (tol {tol})"


def assert_intervals_swapped(ab, ba, tol):
    """Every axis tested in both reports carries the same two intervals, swapped
    (negated and reversed when the two reports use opposite signs of the axis)."""
    compared = 0
    for t in ab.axes:
        match = [s for s in ba.axes if _parallel(t.axis, s.axis)]
        if not match:
            continue
        s = match[0]
        sign = 1.0 if t.axis[0] * s.axis[0] + t.axis[1] * s.axis[1] > 0 else -1.0

        def oriented(interval, sign=sign):
            lo, hi = interval
            return (lo, hi) if sign > 0 else (-hi, -lo)

        assert_close(oriented(s.b_interval), t.a_interval, tol, f"axis {t.axis}: A's interval")
        assert_close(oriented(s.a_interval), t.b_interval, tol, f"axis {t.axis}: B's interval")
        assert abs(s.overlap - t.overlap) <= tol
        assert abs(s.depth - t.depth) <= tol
        compared += 1
    return compared


def both_orders(a, b, *, all_axes: bool = False, tol: float = 1e-9, antisymmetric=None):
    """sat(a, b) and sat(b, a), after asserting that they tell the same story:
    colliding equal, depth equal, mtv and normal negated (unless the MTV choice is a
    genuine tie, see `mtv_is_tied`; pass antisymmetric=True/False to insist),
    a_in_b / b_in_a swapped, the same axis intervals swapped.
    Returns (sat(a, b), sat(b, a))."""
    ab = sat(a, b, all_axes=all_axes)
    ba = sat(b, a, all_axes=all_axes)
    scale = tol * max(1.0, ab.depth)
    assert ab.colliding == ba.colliding, (ab, ba)
    assert abs(ab.depth - ba.depth) <= scale, (ab.depth, ba.depth)
    assert ab.a_in_b == ba.b_in_a and ab.b_in_a == ba.a_in_b, (ab, ba)
    if antisymmetric is None:
        full = ab if (all_axes or ab.colliding) else sat(a, b, all_axes=True)
        antisymmetric = not mtv_is_tied(full, a, b)
    if antisymmetric:
        assert_close(ab.mtv, (-ba.mtv[0], -ba.mtv[1]), scale, "mtv negated")
        assert_close(ab.normal, (-ba.normal[0], -ba.normal[1]), tol, "normal negated")
    if all_axes or ab.colliding:
        assert assert_intervals_swapped(ab, ba, scale) == len(ab.axes) == len(ba.axes)
    else:
        assert_intervals_swapped(ab, ba, scale)
    return ab, ba


def assert_not_colliding_result(r):
    """The documented shape of a non-colliding SatResult."""
    assert r.colliding is False
    assert r.mtv == (0.0, 0.0)
    assert r.depth == 0.0
    assert r.normal == (0.0, 0.0)
    assert r.contacts == ()
    assert r.a_in_b is False and r.b_in_a is False
    assert r.separating is not None and r.separating.separates
    assert r.mtv_axis is None


def convex_hull(points) -> np.ndarray:
    """Andrew's monotone chain: the hull's corners, counter-clockwise (y up), without
    collinear points. Independent of the library (used to build test polygons)."""
    pts = sorted({(float(x), float(y)) for x, y in points})
    if len(pts) < 3:
        return np.array(pts).reshape(-1, 2)

    def turn(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    def half(sequence):
        out: list = []
        for p in sequence:
            while len(out) >= 2 and turn(out[-2], out[-1], p) <= 0:
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(reversed(pts))
    return np.array(lower[:-1] + upper[:-1])
