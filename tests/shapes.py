"""Shared helpers for the geometry / SAT tests: seeded random shapes, an independent
oracle (shapely and the Minkowski difference), and the both-argument-orders check.

Everything random here takes a `numpy.random.Generator` from the caller, so every
test decides its own seed and runs the same way every time.
"""

from __future__ import annotations

import math

import numpy as np
import shapely
from shapely.geometry import MultiPoint, Point
from shapely.geometry import Polygon as ShapelyPolygon

from sandbox.core.geometry import Circle, Polygon, ShapeError
from sandbox.core.pair import sat
from sandbox.core.tolerances import TIE_TOLERANCE

# -- polygons as the World packs them ------------------------------------------------


def padded_rows(polygons, width: int = 12):
    """(C, W, 2) vertex and normal rows and (C,) counts, padded as the World pads them
    (the last vertex and the first normal repeated), for the batched manifolds."""
    v, n = np.zeros((len(polygons), width, 2)), np.zeros((len(polygons), width, 2))
    for i, p in enumerate(polygons):
        k = len(p.vertices)
        v[i, :k], v[i, k:] = p.vertices, p.vertices[-1]
        n[i, :k], n[i, k:] = p.normals, p.normals[0]
    return v, n, np.array([len(p.vertices) for p in polygons])


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


class ShapePool:
    """Validated polygons at the origin (random convex, boxes, regular polygons, from a
    few px to 150 px across), placed at random with `placed()`. Building a Polygon
    validates it, which is what makes thousands of fresh ones slow; placing a pooled
    one is cheap, and random angles, positions and pairings keep the variety."""

    def __init__(self, rng: np.random.Generator, size: int = 600):
        shapes = []
        for _ in range(size):
            kind = rng.choice(["convex", "convex", "convex", "box", "regular"])
            if kind == "box":
                shapes.append(Polygon.box(*rng.uniform(5, 160, size=2)))
            elif kind == "regular":
                shapes.append(Polygon.regular(int(rng.integers(3, 13)), rng.uniform(5, 90)))
            else:
                shapes.append(Polygon(random_local_vertices(rng)))
        # Smaller copies, so that there is always something that fits inside.
        for shape in shapes[: size // 3]:
            shapes.append(Polygon(shape.local_vertices * rng.uniform(0.05, 0.4)))
        self.shapes = shapes
        self.radii = np.array([circumradius(s) for s in shapes])

    def polygon(self, rng: np.random.Generator, position=None, max_radius=None) -> Polygon:
        """A pooled polygon at `position` (random if None) and a random angle: one in
        ten is axis-aligned (angle a multiple of pi/2), where parallel axes coincide."""
        if max_radius is None:
            shape = self.shapes[rng.integers(len(self.shapes))]
        else:
            fits = np.flatnonzero(self.radii <= max_radius)
            shape = self.shapes[fits[rng.integers(len(fits))]]
        if position is None:
            position = tuple(rng.uniform(0, 400, size=2))
        if rng.random() < 0.1:
            angle = float(rng.integers(4)) * math.pi / 2
        else:
            angle = float(rng.uniform(-math.pi, math.pi))
        return shape.placed(position, angle)


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
        return margin <= 0, margin
    region = to_shapely(outer)
    if isinstance(inner, Circle):
        points, extra = np.array([inner.position]), inner.radius
    else:
        points, extra = np.asarray(inner.vertices), 0.0
    distance = shapely.distance(region.exterior, shapely.points(points))
    signed = np.where(shapely.contains_xy(region, points[:, 0], points[:, 1]), -distance, distance)
    margin = float(signed.max()) + extra
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


def _records_array(result) -> np.ndarray:
    """(k, 8): axis x, axis y, a_lo, a_hi, b_lo, b_hi, overlap, depth per tested axis."""
    return np.array(
        [(*t.axis, *t.a_interval, *t.b_interval, t.overlap, t.depth) for t in result.axes]
    ).reshape(-1, 8)


def assert_intervals_swapped(ab, ba, tol) -> int:
    """Every axis tested in both reports carries the same two intervals, swapped
    (negated and reversed when the two reports use opposite signs of the axis), and
    the same overlap and depth. Returns how many axes were compared."""
    x, y = _records_array(ab), _records_array(ba)
    if not len(x) or not len(y):
        return 0
    cross = x[:, None, 0] * y[None, :, 1] - x[:, None, 1] * y[None, :, 0]
    parallel = np.abs(cross) <= 1e-9
    shared = parallel.any(axis=1)
    if not shared.any():
        return 0
    x, y = x[shared], y[parallel[shared].argmax(axis=1)]
    same_sign = np.einsum("ij,ij->i", x[:, :2], y[:, :2]) > 0
    # y's B interval is x's A interval, y's A interval is x's B interval.
    a_from_y = np.where(same_sign[:, None], y[:, 4:6], -y[:, [5, 4]])
    b_from_y = np.where(same_sign[:, None], y[:, 2:4], -y[:, [3, 2]])
    for got, want, what in (
        (a_from_y, x[:, 2:4], "A's interval"),
        (b_from_y, x[:, 4:6], "B's interval"),
        (y[:, 6:8], x[:, 6:8], "overlap and depth"),
    ):
        worst = float(np.abs(got - want).max())
        assert worst <= tol, f"{what} differs by {worst} between the orders: {ab} / {ba}"
    return int(shared.sum())


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
        # A miss has mtv = normal = (0, 0) in both orders; a hit tested every axis.
        antisymmetric = not mtv_is_tied(ab, a, b)
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
