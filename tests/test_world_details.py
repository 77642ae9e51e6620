"""World bookkeeping a mutation run found unguarded, each against a hand-derived value:
centres of mass, gravity reversal, Tab order, the nearest partner, the MTV mode's forces,
the state dump, the escape test, the sleep rule and the contact-graph colouring."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from sandbox.app.pair_choice import PairChoice, cycled, shown_pair
from sandbox.core.geometry import Circle, Polygon
from sandbox.physics.body import Body, Steering
from sandbox.physics.colouring import colour_constraints
from sandbox.physics.dump import world_dump
from sandbox.physics.records import AskedPair
from sandbox.physics.sleeping import update_sleep
from sandbox.physics.world import World
from sandbox.scenes.registry import SCENES


@pytest.mark.parametrize("name", list(SCENES))
def test_centres_of_mass_are_the_placed_shapes_centroids(name):
    """world.centres() must be where each shape's own centroid is (geometry computes it
    from the vertices): classic's polygon is not centred on its position."""
    world = SCENES[name].world(0)
    for i in range(len(world.bodies)):
        assert tuple(world.centres()[i]) == pytest.approx(tuple(world.shape(i).centroid))


def test_reversing_gravity_turns_both_components():
    box = Body("box", Polygon.box(10, 10, position=(50, 50)))
    world = World([box], gravity=(300.0, 900.0))
    world.reverse_gravity()
    assert world.gravity == (-300.0, -900.0)


def row(*positions):
    return [Body(f"b{k}", Polygon.box(10, 10, position=p)) for k, p in enumerate(positions)]


def test_tab_goes_through_the_other_bodies_in_order():
    """A is body 0 (no controlled body); B starts at the nearest (1) then Tab: 2, 3, 1."""
    world = World(row((0, 0), (20, 0), (300, 0), (600, 0)))
    seen, choice = [], PairChoice()
    for _ in range(3):
        choice = cycled(choice, world)
        seen.append(shown_pair(choice, world))
    assert seen == [(0, 2), (0, 3), (0, 1)]


def test_the_nearest_partner_is_measured_by_box_gaps_on_both_axes():
    """From box 0 at (0, 0) (10 x 10 boxes): box 1 at (40, 0) is 30 px away in x, box 2
    at (0, 30) is 20 px away in y: box 2 is nearer. Moved to (0, 50) (40 px), box 1 is."""
    world = World(row((0, 0), (40, 0), (0, 30)))
    assert world.nearest(0) == 2
    world.position[2] = (0, 50)
    world.pose_changed()
    assert world.nearest(0) == 1


def test_the_nearest_of_two_overlapping_boxes_is_the_closer_centre():
    """Both overlap box 0's box (gap 0): the closer centre wins, by the distance in x and
    y together: box 2 at (0, 2.8) is 2.8 away, box 1 at (2.9, 0) is 2.9 away."""
    world = World(row((0, 0), (2.9, 0), (0, 2.8)))
    assert world.nearest(0) == 2


def test_mtv_mode_under_gravity_falls_and_damps_as_written():
    """rigid=False: a free box gains g dt each step; with damping d its velocity is also
    scaled by (1 - d dt); a static body never moves."""
    box = Body("box", Polygon.box(10, 10, position=(100, 100)), velocity=(60.0, 0.0))
    wall = Body("wall", Polygon.box(10, 10, position=(600, 600)), static=True)
    world = World([box, wall], gravity=(0, 900), rigid=False, damping=3.0)
    world.step(1 / 60)
    keep = 1 - 3.0 / 60
    assert world.velocity[0] == pytest.approx([60.0 * keep, 15.0 * keep])
    assert tuple(world.position[1]) == (600.0, 600.0)
    assert tuple(world.velocity[1]) == (0.0, 0.0)


def test_explaining_before_any_step_reports_whole_number_counts():
    world = SCENES["classic"].world(0)
    record = world.explain_now(AskedPair(0))
    assert (record.candidate_pairs, record.swept_pairs, record.all_pairs) == (0, 0, 0)


def test_the_state_dump_names_static_bodies_and_circle_radii():
    ball = Body("ball", Circle(7.5, position=(10, 10)))
    floor = Body("floor", Polygon.box(100, 10, position=(50, 100)), static=True)
    dump = world_dump(World([ball, floor]))
    assert dump["bodies"][0]["radius"] == 7.5 and dump["bodies"][0]["static"] is False
    assert dump["bodies"][1]["static"] is True and "vertices" in dump["bodies"][1]


def test_a_body_exactly_at_the_margin_has_not_escaped():
    world = World(row((0, 0)), bounds=(0, 0, 100, 100))
    world.position[0] = (-200.0, -200.0)
    assert world.escaped(200.0) == []
    world.position[0] = (-200.001, 50.0)
    assert world.escaped(200.0) == ["b0"]


def test_holding_a_key_wakes_the_sleeping_controlled_body():
    world = SCENES["stack"].world(0)
    player = world.controlled
    for _ in range(120):
        world.step(1 / 60)
    assert world.sleeping[player]
    world.step(1 / 60, Steering(left=True))
    assert not world.sleeping[player]


# -- sleeping, on hand-made worlds --


def sleepy(velocities, omegas=None, extent=10.0, touching=()):
    """A stand-in world for update_sleep: n moving bodies, their speeds, contacts."""
    n = len(velocities)
    world = SimpleNamespace(
        bodies=[None] * n,
        static=np.zeros(n, dtype=bool),
        velocity=np.array(velocities, dtype=float),
        omega=np.array(omegas if omegas is not None else [0.0] * n, dtype=float),
        extent=np.full(n, extent),
        sleep_speed=4.0,
        sleep_time=0.5,
        sleep_timer=np.full(n, 0.49),
        sleeping=np.zeros(n, dtype=bool),
        sleep_island=np.arange(n),
    )
    a = np.array([p[0] for p in touching], dtype=np.intp)
    b = np.array([p[1] for p in touching], dtype=np.intp)
    return world, SimpleNamespace(a=a, b=b)


def test_a_body_slow_enough_for_long_enough_sleeps_and_its_velocity_is_zeroed():
    world, contacts = sleepy([[3.0, 0.0], [0.0, 3.0]])
    update_sleep(world, contacts, 0.02)
    assert world.sleeping.tolist() == [True, True]
    assert not world.velocity.any()


@pytest.mark.parametrize(
    "velocity, omega",
    [
        ([5.0, 0.0], 0.0),  # fast in x only
        ([0.0, 5.0], 0.0),  # fast in y only
        ([2.0, 0.0], 0.3),  # slow, but its far point moves 2 + 0.3 x 10 = 5
        ([4.0, 0.0], 0.0),  # exactly at the limit: not under it
    ],
)
def test_speed_from_either_axis_or_from_spin_keeps_a_body_awake(velocity, omega):
    world, contacts = sleepy([velocity], [omega])
    update_sleep(world, contacts, 0.02)
    assert world.sleep_timer.tolist() == [0.0]
    assert not world.sleeping[0]


def test_a_slow_body_touching_a_fast_one_stays_awake_with_its_island():
    """Bodies 0 and 1 touch; 1 moves fast, so their island is not settled: neither
    sleeps. Body 2, slow and alone, sleeps."""
    world, contacts = sleepy([[1.0, 0.0], [50.0, 0.0], [1.0, 0.0]], touching=[(0, 1)])
    update_sleep(world, contacts, 0.02)
    assert world.sleeping.tolist() == [False, False, True]


# -- colouring --


def random_graph(rng, n_bodies, m):
    a = rng.integers(0, n_bodies, m)
    b = (a + rng.integers(1, n_bodies, m)) % n_bodies
    moving = rng.random(n_bodies) < 0.8
    keep = moving[a] | moving[b]
    return a[keep], b[keep], moving


def test_colours_are_numbered_from_zero_none_empty_each_maximal():
    """Colours 0..k-1, each used; a constraint in colour c could not have gone in any
    earlier colour (it shares a moving body with a constraint there), so the colouring
    wastes no colour; and no moving body is in two constraints of one colour."""
    rng = np.random.default_rng(3)
    for _ in range(200):
        a, b, moving = random_graph(rng, int(rng.integers(2, 30)), int(rng.integers(1, 80)))
        colour = colour_constraints(a, b, moving)
        k = colour.max() + 1
        assert sorted(set(colour.tolist())) == list(range(k))
        for c in range(k):
            members = np.flatnonzero(colour == c)
            bodies = [x for i in members for x in (a[i], b[i]) if moving[x]]
            assert len(bodies) == len(set(bodies))
            later = np.flatnonzero(colour > c)
            for i in later:
                mine = {x for x in (a[i], b[i]) if moving[x]}
                assert mine & set(bodies), "could have gone in an earlier colour"


def test_one_constraint_gets_colour_zero():
    colour = colour_constraints(np.array([0]), np.array([1]), np.array([True, False]))
    assert colour.tolist() == [0]
