"""Broad phase, physics world and the built-in scenes, run headless (no pygame)."""

import functools
import math

import numpy as np
import pytest

from sandbox.app.pair_choice import PairChoice, asked, cycled, shown_pair
from sandbox.core.compound import piece_pairs
from sandbox.core.geometry import Circle, Polygon
from sandbox.core.pair import sat
from sandbox.physics.body import Body, Steering
from sandbox.physics.broadphase import brute_force_pairs, sort_and_sweep
from sandbox.physics.dump import world_dump
from sandbox.physics.records import AskedPair
from sandbox.physics.world import World
from sandbox.scenes.builtin import pile
from sandbox.scenes.registry import SCENES

STEP = 1 / 60
# After a step, resting bodies may still overlap by at most this much (pixels).
SLOP = 0.5


def test_sort_and_sweep_equals_brute_force_on_random_boxes():
    """Sort-and-sweep finds exactly the overlapping pairs a brute-force test finds."""
    rng = np.random.default_rng(7)
    checked = 0
    for trial in range(200):
        n = int(rng.integers(0, 60))
        lo = rng.uniform(0, 500, size=(n, 2))
        size = rng.uniform(0, 80, size=(n, 2)) * (rng.random((n, 1)) < 0.9)
        boxes = np.concatenate([lo, lo + size], axis=1)
        if trial % 10 == 0 and n > 3:  # exact touching edges and identical boxes
            boxes[1] = boxes[0]
            boxes[2, 0], boxes[2, 2] = boxes[0, 2], boxes[0, 2] + 5
        found = sort_and_sweep(boxes).pairs
        expected = brute_force_pairs(boxes)
        assert {tuple(p) for p in found} == {tuple(p) for p in expected}
        assert len(found) == len(expected)  # no duplicates
        checked += len(expected)
    assert checked > 1000


def test_sort_and_sweep_skips_static_pairs_and_is_sorted():
    """Pairs of two static bodies are dropped; pairs come out sorted, i < j."""
    boxes = np.array([[0, 0, 10, 10], [5, 5, 15, 15], [8, 8, 20, 20]], dtype=float)
    result = sort_and_sweep(boxes, fixed=np.array([True, True, False]))
    assert result.pairs.tolist() == [[0, 2], [1, 2]]
    assert result.all_pairs == 3


def test_resolution_leaves_shapes_touching_and_splits_by_inverse_mass():
    """An overlapping pair is pushed apart along the MTV, by shares of inverse mass."""
    a = Body("a", Polygon.box(20, 20, position=(0, 0)), density=1.0)
    b = Body("b", Polygon.box(20, 20, position=(15, 0)), density=3.0)
    world = World([a, b], iterations=1)
    world.step(STEP)
    pa, pb = world.position
    assert pa[0] == pytest.approx(-3.75) and pb[0] == pytest.approx(16.25)  # 5 px split 3:1
    after = sat(world.shape(0), world.shape(1))
    assert after.depth == pytest.approx(0.0, abs=1e-9)


def test_static_body_never_moves():
    """A static body has zero inverse mass: the other body takes the whole MTV."""
    floor = Body("floor", Polygon.box(200, 20, position=(0, 100)), static=True)
    box = Body("box", Polygon.box(20, 20, position=(0, 85)))
    world = World([floor, box], gravity=(0, 900))
    for _ in range(120):
        world.step(STEP)
    assert world.position[0].tolist() == [0.0, 100.0]
    assert world.position[1, 1] == pytest.approx(80.0, abs=SLOP)
    assert abs(world.velocity[1, 1]) < 20


def test_controls_move_the_controlled_body_like_tutorial_003():
    """Without gravity the arrows set the velocity directly; releasing them stops the body."""
    world = SCENES["classic"].world(0)
    c = world.controlled
    start = world.position[c].copy()
    for _ in range(10):
        world.step(STEP, Steering(up=True))
    assert world.position[c, 1] == pytest.approx(start[1] - 40)
    world.step(STEP)
    assert world.position[c, 1] == pytest.approx(start[1] - 40)


def test_pushing_into_a_static_shape_slides_along_it():
    """Holding right into the tutorial polygon: the MTV keeps the triangle on its surface
    (touching every tick, never inside) and turns the push into a slide along it."""
    world = SCENES["classic"].world(0)
    c = world.controlled
    start_y = world.position[c, 1]
    touching_ticks = 0
    for _ in range(40):
        record = world.step(STEP, Steering(right=True), AskedPair(c, 0))
        if record.shown.report.colliding:
            touching_ticks += 1
            after = sat(world.shape(c), world.shape(0), all_axes=True)
            assert after.depth < 1e-6  # touching, not inside
            assert after.colliding or after.separating.gap < 1e-6
    assert touching_ticks > 15
    assert world.position[c, 1] < start_y - 10  # slid up along the slanted edge


def test_turning_keys_rotate_the_controlled_body():
    world = SCENES["classic"].world(0)
    world.step(STEP, Steering(turn_right=True))
    assert world.angle[world.controlled] == pytest.approx(1.5 * STEP)


def test_reverse_gravity_flips_the_vector():
    world = SCENES["gravity"].world(0)
    world.reverse_gravity()
    assert world.gravity == (0.0, -900.0)


def test_swept_test_stops_the_bullet_that_the_discrete_test_lets_through():
    """Tunnelling scene: the discrete bullet passes the thin wall, the swept one does not."""
    world = SCENES["tunnelling"].world(0)
    wall_x = world.position[world.index("wall (top)"), 0]
    discrete = world.index("bullet, discrete test")
    swept = world.index("bullet, swept test")
    hits = []
    for _ in range(30):
        record = world.step(STEP)
        hits += [e for e in record.sweeps if e.fraction is not None]
    assert world.position[discrete, 0] > wall_x  # tunnelled
    assert world.position[swept, 0] < wall_x  # stopped, bounced back
    assert hits and hits[0].other == world.index("wall (bottom)")
    assert 0 < hits[0].fraction < 1


def _resting_penetration(world: World) -> float:
    """Deepest overlap (after the step) between bodies that are nearly at rest."""
    deepest = 0.0
    speed = np.hypot(*world.velocity.T)
    for contact in world.record.contacts:
        if speed[contact.a] < 30 and speed[contact.b] < 30:
            # a concave body: its deepest piece pair (pieces are what SAT tests)
            report = piece_pairs(world.shape(contact.a), world.shape(contact.b)).report
            deepest = max(deepest, report.depth)
    return deepest


def _run(scene_name: str, ticks: int, seed: int = 0, keep_at: int | None = None):
    """The scene's world after `ticks` steps of the script; with `keep_at`, also its
    snapshot and positions at that tick."""
    world = SCENES[scene_name].world(seed)
    kept = None
    for tick in range(ticks):
        if tick == keep_at:
            kept = (world_dump(world), world.position.copy())
        world.step(STEP, Steering(right=tick < 40, up=60 <= tick < 70))
    return world if keep_at is None else (world, kept)


@functools.cache
def _three_hundred_ticks(name: str):
    """(the world after 300 ticks, its snapshot and positions at tick 200): once a worker
    for both tests below, which each ran the scene for themselves."""
    return _run(name, 300, keep_at=200)


@pytest.mark.parametrize("name", list(SCENES))
def test_every_scene_runs_300_ticks_sanely(name):
    """No NaN, nothing escapes the world, resting bodies penetrate less than the slop."""
    world, _ = _three_hundred_ticks(name)
    assert np.isfinite(world.position).all() and np.isfinite(world.velocity).all()
    assert world.escaped() == []
    if world.resolve:
        assert _resting_penetration(world) < SLOP
    assert world.record.tick == 300


@pytest.mark.parametrize("name", list(SCENES))
def test_every_scene_is_deterministic(name):
    """Same scene, same input, same tick: bit-identical state (a run of 200 ticks against
    tick 200 of another run, which went on to 300)."""
    _, (snapshot, position) = _three_hundred_ticks(name)
    second = _run(name, 200)
    assert world_dump(second) == snapshot
    assert np.array_equal(second.position, position)


def test_pile_scene_has_at_least_100_bodies_and_the_broad_phase_prunes():
    """The pile exercises the broad phase: far fewer candidates than all pairs."""
    world = SCENES["pile"].world(0)
    assert len(world.bodies) >= 100
    record = world.step(STEP)
    assert record.candidate_pairs < record.all_pairs / 10


def test_large_pile_stays_sane():
    """A 300-body pile after 200 ticks: finite, contained, resting overlap below the slop."""
    world = pile(0, 300)
    for _ in range(200):
        world.step(STEP)
    assert np.isfinite(world.position).all()
    assert world.escaped() == []
    assert _resting_penetration(world) < SLOP


def test_circles_collide_with_polygons_in_the_world():
    ball = Body("ball", Circle(10, position=(0, 0)))
    floor = Body("floor", Polygon.box(100, 10, position=(0, 30)), static=True)
    world = World([ball, floor], gravity=(0, 900))
    for _ in range(120):
        world.step(STEP)
    assert world.position[0, 1] == pytest.approx(15.0, abs=SLOP)


def test_shown_pair_defaults_to_controlled_and_nearest_and_tab_cycles():
    world = SCENES["gravity"].world(0)
    choice = PairChoice()
    a, b = shown_pair(choice, world)
    assert a == world.controlled
    choice = cycled(choice, world)
    assert shown_pair(choice, world)[1] != b
    record = world.explain_now(asked(choice, world))
    assert record.shown.a == a and record.shown.report.all_axes


def test_world_refuses_bad_construction():
    with pytest.raises(ValueError, match="unique"):
        World([Body("x", Circle(1)), Body("x", Circle(1))])
    with pytest.raises(ValueError, match="at most one"):
        World([Body("a", Circle(1), controlled=True), Body("b", Circle(1), controlled=True)])
    with pytest.raises(ValueError, match="dt"):
        World([Body("a", Circle(1))]).step(math.nan)


def test_controlled_body_stays_inside_the_world():
    """Holding an arrow for a long time parks the shape at the edge, not off screen."""
    world = SCENES["classic"].world(0)
    for _ in range(600):
        world.step(STEP, Steering(left=True, up=True))
    x0, y0, x1, y1 = world.bounds
    box = world.shape(world.controlled).aabb()
    assert (box.min_x, box.min_y) == pytest.approx((x0, y0), abs=1e-9)  # the whole shape
    for _ in range(600):
        world.step(STEP, Steering(right=True, down=True))
    box = world.shape(world.controlled).aabb()
    assert (box.max_x, box.max_y) == pytest.approx((x1, y1), abs=1e-9)
    # a regular triangle of radius 50: its vertices lie 50 from the centre
    assert max(box.max_x - box.min_x, box.max_y - box.min_y) <= 100
