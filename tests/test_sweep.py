"""The swept test (sandbox.sweep, in sandbox/core/swept.py): does A, translated by
`motion` over one step, touch the static B, and at what fraction of the step?

Oracles: for two polygons, A + t*d meets B exactly when the point t*d lies in the
Minkowski difference B ⊕ (−A), so the first touch is where the segment from the
origin to d enters that hull (shapely). With a circle, the distance from the moving
centre to the other shape is convex in t, so its first crossing of the radius is
found by a golden-section search for the minimum and a bisection before it.
Every case is checked in both orders: sweep(a, b, d) against sweep(b, a, -d).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from shapely.geometry import LineString, Point
from shapely.geometry.polygon import orient
from shapes import ShapePool, circumradius, minkowski_difference, to_shapely, translated

from sandbox.core.geometry import Circle, Polygon
from sandbox.core.pair import sat
from sandbox.core.swept import sweep

SEED = 8675309


def moved(shape, d, t):
    return translated(shape, (t * d[0], t * d[1]))


def sweep_both_orders(a, b, d, tol=1e-9):
    """sweep(a, b, d) and sweep(b, a, -d): the same hit, fraction and overlap flag,
    opposite normals (B moving by -d meets A at the same moment, from the other side)."""
    forward = sweep(a, b, d)
    backward = sweep(b, a, (-d[0], -d[1]))
    assert forward.hit == backward.hit
    assert forward.initially_overlapping == backward.initially_overlapping
    if forward.hit:
        assert forward.fraction == pytest.approx(backward.fraction, abs=tol)
        assert forward.normal == pytest.approx((-backward.normal[0], -backward.normal[1]), abs=1e-9)
        assert math.hypot(*forward.normal) == pytest.approx(1.0)
    else:
        assert forward.fraction is None and backward.fraction is None
        assert forward.normal is None and backward.normal is None
    return forward, backward


def assert_touches_at(a, b, d, t, scale=1.0):
    """At the fraction t the shapes touch (sat: colliding at depth ~0 or a gap ~0),
    and 1e-4 px earlier along the motion they are apart."""
    at = sat(moved(a, d, t), b)
    if at.colliding:
        assert at.depth <= 1e-9 * scale
    else:
        assert at.separating.gap <= 1e-9 * scale
    back = 1e-4 / math.hypot(*d)
    if t > back:
        assert not sat(moved(a, d, t - back), b).colliding


# -- hand cases -------------------------------------------------------------------------


def test_fast_thin_box_cannot_tunnel_through_a_thin_wall():
    """A 10x4 box jumping 200 px in one step over a 2 px wall: sat at both ends says
    no collision, the sweep catches it at the exact fraction (100 - 1 - 5) / 200."""
    bullet = Polygon.box(10, 4, position=(0, 0))
    wall = Polygon.box(2, 100, position=(100, 0))
    d = (200.0, 0.0)
    assert not sat(bullet, wall).colliding
    assert not sat(moved(bullet, d, 1.0), wall).colliding
    forward, backward = sweep_both_orders(bullet, wall, d)
    assert forward.hit and not forward.initially_overlapping
    assert forward.fraction == pytest.approx(94 / 200, abs=1e-12)
    assert 0 < forward.fraction < 1
    assert forward.normal == (-1.0, 0.0) and backward.normal == (1.0, 0.0)
    assert_touches_at(bullet, wall, d, forward.fraction)


def test_fast_small_circle_cannot_tunnel_through_a_thin_wall():
    """A radius-3 circle moving 300 px diagonally across a 2 px wall is caught where
    its edge meets the wall's face."""
    bullet = Circle(3, (0, 0))
    wall = Polygon.box(2, 400, position=(100, 0))
    d = (300.0, 150.0)
    assert not sat(bullet, wall).colliding
    assert not sat(moved(bullet, d, 1.0), wall).colliding
    forward, _ = sweep_both_orders(bullet, wall, d)
    assert forward.hit and forward.fraction == pytest.approx((99 - 3) / 300, abs=1e-12)
    assert forward.normal == pytest.approx((-1.0, 0.0))
    assert_touches_at(bullet, wall, d, forward.fraction)


def test_rotated_polygon_hits_at_the_oracle_fraction():
    """A turned triangle thrown at a turned box: the sweep's fraction is where the
    motion segment enters the Minkowski difference."""
    a = Polygon.regular(3, 20, position=(0, 0), angle=0.3)
    b = Polygon.box(40, 30, position=(120, 35), angle=-0.4)
    d = (160.0, 40.0)
    forward, _ = sweep_both_orders(a, b, d)
    assert forward.hit
    assert forward.fraction == pytest.approx(polygon_first_touch(a, b, d), abs=1e-9)
    assert_touches_at(a, b, d, forward.fraction)


@pytest.mark.parametrize(
    ("a", "b", "d"),
    [
        (Polygon.box(10, 10, (0, 0)), Polygon.box(10, 10, (30, 0)), (-50.0, 0.0)),
        (Polygon.box(10, 10, (0, 0)), Polygon.box(10, 10, (30, 0)), (0.0, 80.0)),
        (Polygon.box(10, 10, (0, 0)), Polygon.box(10, 10, (30, 0)), (14.0, 0.0)),
        (Circle(5, (0, 0)), Polygon.box(10, 10, (30, 0)), (-40.0, 3.0)),
        (Circle(5, (0, 0)), Circle(5, (30, 0)), (-40.0, 3.0)),
        (Polygon.regular(5, 10, (0, 0), 0.2), Circle(5, (30, 30)), (10.0, -30.0)),
    ],
    ids=["box-away", "box-across", "box-short", "circle-box-away", "circles-away", "penta-away"],
)
def test_no_hit_when_moving_away_across_or_stopping_short(a, b, d):
    """Moving away, moving sideways past B, or stopping short of it: no hit."""
    forward, _ = sweep_both_orders(a, b, d)
    assert not forward.hit


@pytest.mark.parametrize("gap", [1.0, 1e-6])
def test_no_hit_when_sliding_parallel_past_a_face(gap):
    """A box sliding along a floor with a gap below it never touches it, however
    small the gap; a circle rolling along the same line neither."""
    floor = Polygon.box(400, 20, position=(0, 10))
    box = Polygon.box(20, 20, position=(-150, -10 - gap))
    circle = Circle(10, (-150, -10 - gap))
    for shape in (box, circle):
        forward, _ = sweep_both_orders(shape, floor, (300.0, 0.0))
        assert not forward.hit


def test_sliding_while_touching_is_a_hit_at_zero():
    """A box resting exactly on the floor and sliding along it touches from the start."""
    floor = Polygon.box(400, 20, position=(0, 10))
    box = Polygon.box(20, 20, position=(-150, -10))
    forward, _ = sweep_both_orders(box, floor, (300.0, 0.0))
    assert forward.hit and forward.fraction == 0.0 and forward.initially_overlapping


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (Polygon.box(20, 20, (0, 0)), Polygon.box(20, 20, (10, 5))),
        (Circle(10, (0, 0)), Polygon.box(20, 20, (10, 5))),
        (Circle(10, (0, 0)), Circle(4, (3, 0))),
    ],
    ids=["boxes", "circle-box", "circles"],
)
@pytest.mark.parametrize("d", [(50.0, 0.0), (0.0, 0.0), (-3.0, 7.0)])
def test_already_overlapping_is_fraction_zero(a, b, d):
    """Shapes that overlap at the start of the step hit at fraction 0, flagged as
    initially overlapping, with the start's SAT normal."""
    forward, _ = sweep_both_orders(a, b, d)
    assert forward.hit and forward.fraction == 0.0 and forward.initially_overlapping
    assert forward.normal == sat(a, b).normal


def test_zero_motion_apart_is_no_hit():
    """Not moving and not touching: no hit."""
    forward, _ = sweep_both_orders(Polygon.box(10, 10), Circle(3, (40, 0)), (0.0, 0.0))
    assert not forward.hit


def test_touching_exactly_at_the_end_of_the_step_is_a_hit():
    """A step that ends exactly on contact is a hit at fraction 1."""
    a, b = Polygon.box(10, 10, (0, 0)), Polygon.box(10, 10, (30, 0))
    forward, _ = sweep_both_orders(a, b, (20.0, 0.0))
    assert forward.hit and forward.fraction == 1.0


def test_velocity_extended_projections():
    """Each polygon-pair axis record holds tutorial 003's velocity-extended interval:
    A's interval stretched by its speed along the axis; on the axis that decides, the
    intervals start to overlap at the reported fraction."""
    a = Polygon.regular(5, 15, position=(0, 0), angle=0.1)
    b = Polygon.box(30, 60, position=(100, 10), angle=0.2)
    d = (150.0, 20.0)
    result = sweep(a, b, d)
    assert result.hit and len(result.axes) == 5 + 2  # the box has two directions
    for record in result.axes:
        speed = record.axis[0] * d[0] + record.axis[1] * d[1]
        lo, hi = record.a_interval
        assert record.a_interval == pytest.approx(a.project(record.axis))
        assert record.b_interval == pytest.approx(b.project(record.axis))
        assert record.a_swept == pytest.approx((min(lo, lo + speed), max(hi, hi + speed)))
        if record.enter <= 1:  # the moving interval reaches B's at `enter`
            lo_t, hi_t = lo + record.enter * speed, hi + record.enter * speed
            b_lo, b_hi = record.b_interval
            assert min(abs(hi_t - b_lo), abs(b_hi - lo_t)) == pytest.approx(0, abs=1e-9)
    assert result.fraction == pytest.approx(max(r.enter for r in result.axes))


def test_bad_motion_is_refused():
    """A motion with NaN or inf in it is a ValueError."""
    with pytest.raises(ValueError, match="motion must be finite"):
        sweep(Polygon.box(1, 1), Polygon.box(1, 1, (5, 0)), (float("nan"), 0))
    with pytest.raises(ValueError, match="motion must be finite"):
        sweep(Circle(1), Circle(1, (5, 0)), (0, float("inf")))


# -- seeded random comparison with the oracles -------------------------------------------------


def polygon_first_touch(a, b, d):
    """Oracle: the first t in [0, 1] with t*d in B ⊕ (−A), or None."""
    hull = minkowski_difference(a, b)
    path = LineString([(0.0, 0.0), (float(d[0]), float(d[1]))])
    inside = path.intersection(hull)
    if inside.is_empty:
        return None
    length = math.hypot(*d)
    return min(math.hypot(x, y) for x, y in np.asarray(inside.coords)) / length


def hull_normal_at(a, b, t, d):
    """Oracle normal at first touch: the outward normal of the hull edge the motion
    enters through (None when it enters through a corner)."""
    hull = orient(minkowski_difference(a, b), 1.0)
    corners = np.asarray(hull.exterior.coords)
    point = np.array([t * d[0], t * d[1]])
    distances = [
        LineString([corners[i], corners[i + 1]]).distance(Point(point))
        for i in range(len(corners) - 1)
    ]
    order = np.argsort(distances)
    if distances[order[1]] <= 1e-7:
        return None
    e = corners[order[0] + 1] - corners[order[0]]
    return np.array([e[1], -e[0]]) / np.hypot(*e)  # positive-area winding: outward (e.y, -e.x)


def circle_first_touch(centre, radius, d, distance_to):
    """Oracle: first t in [0, 1] with distance_to(centre + t*d) = radius, or None.
    distance_to is convex along the line, so: golden-section minimum, then bisection."""
    c, d = np.asarray(centre, dtype=float), np.asarray(d, dtype=float)

    def f(t):
        return distance_to(c + t * d) - radius

    lo, hi = 0.0, 1.0
    g = (math.sqrt(5) - 1) / 2
    for _ in range(90):
        m1, m2 = hi - g * (hi - lo), lo + g * (hi - lo)
        if f(m1) <= f(m2):
            hi = m2
        else:
            lo = m1
    t_min = min((0.0, (lo + hi) / 2, 1.0), key=f)
    if f(t_min) > 0:
        return None
    lo, hi = 0.0, t_min
    for _ in range(80):
        mid = (lo + hi) / 2
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    return hi


def oracle_first_touch(a, b, d):
    """First-touch fraction of A moving by d against B, from the oracles above."""
    if isinstance(a, Polygon) and isinstance(b, Polygon):
        return polygon_first_touch(a, b, d)
    if isinstance(b, Circle) and isinstance(a, Polygon):  # the same as B moving by -d
        return oracle_first_touch(b, a, (-d[0], -d[1]))
    if isinstance(b, Circle):
        return circle_first_touch(
            a.position, a.radius + b.radius, d, lambda p: math.dist(p, b.position)
        )
    region = to_shapely(b)
    return circle_first_touch(a.position, a.radius, d, lambda p: region.distance(Point(p)))


def apart_start(rng, pool, kind):
    """(A, B, d): A well clear of B, thrown roughly at it (about half of them hit)."""
    shapes = {
        "polygons": lambda: (pool.polygon(rng), pool.polygon(rng)),
        "circle-polygon": lambda: (Circle(rng.uniform(3, 60)), pool.polygon(rng)),
        "polygon-circle": lambda: (pool.polygon(rng), Circle(rng.uniform(3, 60))),
        "circles": lambda: (Circle(rng.uniform(3, 60)), Circle(rng.uniform(3, 60))),
    }
    a, b = shapes[kind]()
    b = translated(b, np.asarray((200.0, 200.0)) - np.asarray(b.centroid))
    t = rng.uniform(0, 2 * math.pi)
    u = np.array([math.cos(t), math.sin(t)])
    reach = circumradius(a) + circumradius(b)
    start = np.asarray(b.centroid) + u * reach * rng.uniform(1.05, 2.0)
    a = translated(a, start - np.asarray(a.centroid))
    aim = np.asarray(b.centroid) + rng.normal(0, 1.1 * reach, size=2) - start
    d = aim * rng.uniform(0.3, 2.0)
    return a, b, (float(d[0]), float(d[1]))


@pytest.fixture(scope="module")
def sweep_cases():
    rng = np.random.default_rng(SEED)
    pool = ShapePool(rng, size=150)
    counts = {"polygons": 500, "circle-polygon": 250, "polygon-circle": 250, "circles": 200}
    return [(kind, *apart_start(rng, pool, kind)) for kind, n in counts.items() for _ in range(n)]


def test_random_sweeps_match_the_oracle(sweep_cases):
    """On 1,200 seeded throws (polygons, circle against polygon, polygon against circle,
    circles), in both orders: hit and fraction agree with the oracle (grazing throws,
    whose closest approach is within 1e-7 px, are only checked for touching), the
    shapes touch at the fraction and are apart 1e-4 px before it, and the polygon
    normal is the outward normal of the Minkowski-difference edge entered."""
    tally = {"hit": 0, "miss": 0, "grazing": 0, "normals": 0}
    for _kind, a, b, d in sweep_cases:
        assert not sat(a, b).colliding
        forward, _ = sweep_both_orders(a, b, d)
        truth = oracle_first_touch(a, b, d)
        scale = max(1.0, math.hypot(*d))
        if forward.hit != (truth is not None):
            # Only a graze (the paths just meet) may go either way.
            t = forward.fraction if forward.hit else truth
            assert abs(sat(moved(a, d, t), b).depth) <= 1e-7 and grazes(a, b, d, t)
            tally["grazing"] += 1
            continue
        if truth is None:
            tally["miss"] += 1
            continue
        tally["hit"] += 1
        assert forward.fraction == pytest.approx(truth, abs=1e-6 / scale + 1e-9)
        assert_touches_at(a, b, d, forward.fraction)
        if isinstance(a, Polygon) and isinstance(b, Polygon):
            expected = hull_normal_at(a, b, forward.fraction, d)
            if expected is not None:
                assert forward.normal == pytest.approx(tuple(expected), abs=1e-7)
                tally["normals"] += 1
        elif isinstance(a, Circle) and isinstance(b, Circle):
            centre = np.asarray(a.position) + forward.fraction * np.asarray(d)
            expected = (centre - b.position) / np.hypot(*(centre - b.position))
            assert forward.normal == pytest.approx(tuple(expected), abs=1e-7)
        # Moving into B against the contact normal.
        assert forward.normal[0] * d[0] + forward.normal[1] * d[1] <= 1e-9 * scale
    assert tally["hit"] >= 400 and tally["miss"] >= 400 and tally["normals"] >= 200
    assert tally["grazing"] <= 3


def grazes(a, b, d, t) -> bool:
    """The motion at t is tangent to the contact: a hair further along they are apart
    or barely overlapping."""
    step = 1e-3 / math.hypot(*d)
    later = sat(moved(a, d, min(1.0, t + step)), b)
    return not later.colliding or later.depth <= 1e-5
