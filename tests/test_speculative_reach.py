"""Speculative contacts only between shapes the step can bring together (issue 44).

`reach.circles_reachable` drops a candidate pair when the two bodies' bounding
circles stay apart over the whole step. The oracle here is shapely: the region b sweeps
relative to a in the step (the convex hull of b, b moved by the relative velocity's
step and b moved by gravity's as well) and a's distance to it, on thousands of seeded
pairs of polygons and circles, moving and static, near and far, in both argument
orders."""

from __future__ import annotations

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import LineString, Point
from shapely.geometry import Polygon as ShapelyPolygon

from sandbox.core.geometry import Circle, Polygon
from sandbox.physics import reach
from sandbox.physics.body import Body
from sandbox.physics.world import World

DT = 1.0 / 60.0
GRAVITY = (0.0, 900.0)


def _random_pairs(seed: int, count: int):
    """`count` pairs (bodies 2k, 2k + 1) of random circles and convex polygons, b within
    0-400 px of a, speeds up to 3e4 px/s (500 px a step), one pair in six with a static
    a; no spin (the oracle below sweeps without turning)."""
    rng = np.random.default_rng(seed)
    bodies = []
    for k in range(count):
        home = np.array([k * 5000.0, 0.0])
        for side in (0, 1):
            size = rng.uniform(2.0, 40.0)
            offset = (
                rng.uniform(0.0, 400.0) * np.array([np.cos(t := rng.uniform(0, 6.3)), np.sin(t)])
                if side
                else np.zeros(2)
            )
            position = tuple(home + offset)
            if rng.random() < 0.4:
                shape = Circle(size, position)
            else:
                sides = int(rng.integers(3, 9))
                shape = Polygon.regular(sides, size, position, rng.uniform(0, 6.3))
            static = side == 0 and rng.random() < 1 / 6
            speed = 0.0 if static else rng.uniform(0.0, 3e4) * rng.random() ** 2
            heading = rng.uniform(0.0, 2 * np.pi)
            velocity = (speed * np.cos(heading), speed * np.sin(heading))
            bodies.append(Body(f"b{k}.{side}", shape, velocity=velocity, static=static))
    world = World(bodies, gravity=GRAVITY, rigid=True, bounds=(-1e7, -1e7, 1e7, 1e7))
    return world


def _shapely(shape) -> shapely.Geometry:
    if isinstance(shape, Circle):
        return Point(*shape.position).buffer(shape.radius, quad_segs=64)  # inside the circle
    return ShapelyPolygon(shape.world_vertices().tolist())


def _kept(world: World, a, b) -> np.ndarray:
    a, b = np.asarray(a), np.asarray(b)
    motion = reach.pair_motion(world, DT, a, b)
    return reach.circles_reachable(world.geometry()["centroid"], world.extent, motion, a, b)


def test_every_pair_whose_shapes_meet_within_the_step_is_kept_in_both_orders():
    """For 3,000 seeded pairs: whenever b's sweep relative to a (shapely: the hull of b
    at its start, moved by (v_b - v_a) dt, and moved by gravity's dt^2 as well when one
    of the two is static) comes within the speculative floor of a, the pair is kept;
    the answer is the same with a and b swapped; and pairs are dropped too (far more
    than are kept: the path of a fast body passes close to few of the shapes in its
    reach)."""
    count = 3000
    world = _random_pairs(seed=44, count=count)
    a, b = np.arange(0, 2 * count, 2), np.arange(1, 2 * count, 2)
    kept = _kept(world, a, b)
    assert (kept == _kept(world, b, a)).all()
    must_keep = 0
    for k in range(count):
        i, j = 2 * k, 2 * k + 1
        body_a, body_b = world.bodies[i], world.bodies[j]
        moving_a, moving_b = not body_a.static, not body_b.static
        va = np.asarray(body_a.velocity) if moving_a else np.zeros(2)
        vb = np.asarray(body_b.velocity) if moving_b else np.zeros(2)
        step = (vb - va) * DT  # b's motion as a sees it
        fall = (moving_b - moving_a) * np.asarray(GRAVITY) * DT * DT
        shape_b = _shapely(world.shape(j))
        swept = shapely.union_all(
            [
                shape_b,
                affinity.translate(shape_b, *step),
                affinity.translate(shape_b, *(step + fall)),
            ]
        ).convex_hull
        floor = reach.SPECULATIVE * (1 + moving_a + moving_b)
        if _shapely(world.shape(i)).distance(swept) <= floor:
            must_keep += 1
            assert kept[k], (k, world.bodies[i], world.bodies[j])
    assert must_keep > 300
    assert (~kept).sum() > 1000 and kept.sum() > must_keep


def test_two_moving_circles_are_kept_exactly_when_their_centres_pass_close_enough():
    """Two moving circles (no gravity term between them): the pair is kept exactly when
    b's centre's path relative to a (a segment, shapely) comes within r_a + r_b + 3 px
    (the floor: 1 px per moving body and 1 for the pair) of a's centre; cases within
    1e-6 px of that line are left out."""
    count = 3000
    world = _random_pairs(seed=7, count=count)
    a, b = np.arange(0, 2 * count, 2), np.arange(1, 2 * count, 2)
    kept = _kept(world, a, b)
    checked = {True: 0, False: 0}
    for k in range(count):
        body_a, body_b = world.bodies[2 * k], world.bodies[2 * k + 1]
        if body_a.static or not (
            isinstance(body_a.shape, Circle) and isinstance(body_b.shape, Circle)
        ):
            continue
        start = np.asarray(body_b.shape.position)
        end = start + (np.asarray(body_b.velocity) - np.asarray(body_a.velocity)) * DT
        path = LineString([start, end]) if (end != start).any() else Point(start)
        closest = Point(*body_a.shape.position).distance(path)
        limit = body_a.shape.radius + body_b.shape.radius + 3 * reach.SPECULATIVE
        if abs(closest - limit) < 1e-6:
            continue
        assert kept[k] == (closest <= limit), (k, closest, limit)
        checked[closest <= limit] += 1
    assert checked[True] > 50 and checked[False] > 200
