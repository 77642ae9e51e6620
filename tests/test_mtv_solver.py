"""The MTV-mode solver (the zero-gravity tutorial scenes) against the closed forms of a
two-body impact: momentum is conserved, the closing speed along the normal comes back
times -e (or stops, below the bounce threshold), friction takes away the sliding speed
up to mu times the normal impulse, and the MTV push splits by inverse mass.

The functions are called on hand-made contacts (a, b, nx, ny, depth) with an oblique
normal and two moving bodies, so that each term of the formulas shows; a last test
runs whole steps of a world and follows the impact through the MTV.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from sandbox.core.geometry import Polygon
from sandbox.physics.body import Body
from sandbox.physics.solver import BOUNCE_THRESHOLD, push_apart, solve_velocities
from sandbox.physics.world import World

NORMAL = (0.6, 0.8)  # from B toward A
TANGENT = (-0.8, 0.6)  # the normal turned a quarter


def two_bodies(va, vb, *, mass_a=400.0, mass_b=1200.0, e=(0.5, 0.8), mu=(0.04, 0.01), **kw):
    """A (20x20) and B (20x20, denser) far apart: the solver only reads their arrays."""
    a = Body("a", Polygon.box(20, 20, position=(100, 100)), velocity=va, density=mass_a / 400)
    b = Body("b", Polygon.box(20, 20, position=(400, 100)), velocity=vb, density=mass_b / 400)
    a.restitution, b.restitution = e
    a.friction, b.friction = mu
    return World([a, b], **kw)


def relative(world, direction):
    """(v_a - v_b) . direction."""
    d = world.velocity[0] - world.velocity[1]
    return float(d @ np.array(direction))


def momentum(world):
    return world.velocity[0] / world.inv_mass[0] + world.velocity[1] / world.inv_mass[1]


# An approach at 300 px/s along the normal and 50 px/s sliding along the tangent:
# v_a - v_b = -300 n + 50 t, split between two bodies that both move.
VB = (7.0, -11.0)
VA = tuple(VB[i] - 300.0 * NORMAL[i] + 50.0 * TANGENT[i] for i in range(2))


def impact_expectations(closing, sliding, e, mu, ia, ib):
    """The hand derivation. Normal impulse P = -(1 + e) closing / (ia + ib); the tangent
    impulse wants -sliding / (ia + ib) and is clamped to mu P."""
    k = 1.0 / (ia + ib)
    p = -(1.0 + e) * closing * k
    pt = max(-mu * p, min(mu * p, -sliding * k))
    return p, pt, -e * closing, sliding + pt * (ia + ib)


@pytest.mark.parametrize("solver", ["solve_velocities", "push_apart"])
@pytest.mark.parametrize("mu", [(0.04, 0.01), (1.0, 0.9)], ids=["slides", "sticks"])
def test_oblique_impact_of_two_moving_bodies_matches_the_closed_form(solver, mu):
    """e = min(0.5, 0.8) = 0.5 above the threshold; mu = sqrt(mu_a mu_b): 0.02 (the
    tangent impulse is clamped: it slides on) or 0.949 (it sticks: sliding speed 0)."""
    world = two_bodies(VA, VB, mu=mu)
    before = momentum(world).copy()
    closing, sliding = relative(world, NORMAL), relative(world, TANGENT)
    assert closing == pytest.approx(-300.0) and sliding == pytest.approx(50.0)
    contact = (0, 1, *NORMAL, 0.0)
    if solver == "solve_velocities":
        solve_velocities(world, [contact])
    else:
        push_apart(world, [contact], impulse_for={(0, 1)})
    ia, ib = 1 / 400, 1 / 1200
    p, pt, normal_after, sliding_after = impact_expectations(
        closing, sliding, 0.5, math.sqrt(mu[0] * mu[1]), ia, ib
    )
    assert relative(world, NORMAL) == pytest.approx(normal_after, abs=1e-9)  # +150
    assert relative(world, TANGENT) == pytest.approx(sliding_after, abs=1e-9)
    assert (sliding_after == 0.0) == (mu[0] == 1.0)
    np.testing.assert_allclose(momentum(world), before, atol=1e-7)
    # Each body's own change: impulse times its inverse mass, along n and t.
    change = p * np.array(NORMAL) + pt * np.array(TANGENT)
    np.testing.assert_allclose(world.velocity[0], np.array(VA) + ia * change, atol=1e-9)
    np.testing.assert_allclose(world.velocity[1], np.array(VB) - ib * change, atol=1e-9)
    if solver == "solve_velocities":
        assert world.warm_impulses[(0, 1)] == pytest.approx((p, pt), abs=1e-9)


@pytest.mark.parametrize("solver", ["solve_velocities", "push_apart"])
@pytest.mark.parametrize(
    "speed, bounces", [(BOUNCE_THRESHOLD, False), (BOUNCE_THRESHOLD + 1.0, True)]
)
def test_bounce_only_above_the_threshold(solver, speed, bounces):
    """At exactly 60 px/s the contact stops (e = 0); at 61 it comes back at 0.5 x 61."""
    world = two_bodies((0.0, speed), (0.0, 0.0), mu=(0.0, 0.0))
    contact = (0, 1, 0.0, -1.0, 0.0)  # A above B, approaching downward
    if solver == "solve_velocities":
        solve_velocities(world, [contact])
    else:
        push_apart(world, [contact], impulse_for={(0, 1)})
    assert relative(world, (0.0, -1.0)) == pytest.approx(0.5 * speed if bounces else 0.0)


@pytest.mark.parametrize("solver", ["solve_velocities", "push_apart"])
def test_separating_bodies_get_no_impulse(solver):
    """Moving apart along the normal (and sliding): nothing changes, no pull."""
    world = two_bodies((0.0, -30.0), (5.0, 0.0))
    solve = {"solve_velocities": lambda c: solve_velocities(world, c)}
    solve["push_apart"] = lambda c: push_apart(world, c, impulse_for={(0, 1)})
    solve[solver]([(0, 1, 0.0, -1.0, 0.0)])
    np.testing.assert_array_equal(world.velocity, [[0.0, -30.0], [5.0, 0.0]])


def test_solve_velocities_skips_pairs_it_cannot_move_and_solves_the_rest():
    """A pair of two statics comes first in the list: it is skipped, the next is solved.
    A unit-mass body (1x1 box, density 1: inv_mass 1) against a static one is solved."""
    wall = Body("wall", Polygon.box(10, 10, position=(0, 0)), static=True)
    floor = Body("floor", Polygon.box(10, 10, position=(50, 0)), static=True)
    speck = Body("speck", Polygon.box(1, 1, position=(90, 0)), velocity=(0.0, 20.0))
    speck.friction = wall.friction = 0.0
    world = World([wall, floor, speck])
    assert world.inv_mass[2] == 1.0
    solve_velocities(world, [(0, 1, 0.0, -1.0, 0.0), (2, 0, 0.0, -1.0, 0.0)])
    np.testing.assert_array_equal(world.velocity[2], [0.0, 0.0])  # 20 < 60: stops dead
    assert set(world.warm_impulses) == {(2, 0)}
    assert world.warm_impulses[(2, 0)] == (20.0, 0.0)  # P = 20 px/s x 1 mass


def test_no_contacts_clears_the_warm_start():
    world = two_bodies((0.0, 0.0), (0.0, 0.0))
    world.warm_impulses = {(0, 1): (5.0, 1.0)}
    solve_velocities(world, [])
    assert world.warm_impulses == {}


@pytest.mark.parametrize("gravity, solved", [((0.0, 0.0), False), ((0.0, 900.0), True)])
def test_the_steered_shape_is_left_to_the_mtv_only_without_gravity(gravity, solved):
    """Tutorial 003: with no gravity the arrows set the controlled shape's velocity and
    its contacts are not given impulses; under gravity (rigid off) they are."""
    hand = Body("hand", Polygon.box(20, 20, position=(100, 100)), controlled=True)
    block = Body("block", Polygon.box(20, 20, position=(120, 100)), velocity=(-100.0, 0.0))
    hand.velocity = (0.0, 0.0)
    world = World([hand, block], gravity=gravity, rigid=False)
    solve_velocities(world, [(1, 0, 1.0, 0.0, 0.0)])  # normal from hand toward block
    moved = not np.array_equal(world.velocity[1], [-100.0, 0.0])
    assert moved == solved


@pytest.mark.parametrize("masses", [(400.0, 1200.0), (1200.0, 400.0)])
def test_push_apart_splits_the_mtv_by_inverse_mass(masses):
    """depth 3, slop 0.5, correction 0.8: push (3 - 0.5) x 0.8 = 2 px along n, A takes
    ia / (ia + ib) of it (3/4 when A is the lighter), B the rest, the other way."""
    world = two_bodies((0.0, 0.0), (0.0, 0.0), mass_a=masses[0], mass_b=masses[1])
    world.slop, world.correction = 0.5, 0.8
    push_apart(world, [(0, 1, *NORMAL, 3.0)], impulse_for=set())
    share_a = 2.0 * masses[1] / (masses[0] + masses[1])
    np.testing.assert_allclose(world.position[0], [100 + 0.6 * share_a, 100 + 0.8 * share_a])
    share_b = 2.0 - share_a
    np.testing.assert_allclose(world.position[1], [400 - 0.6 * share_b, 100 - 0.8 * share_b])
    np.testing.assert_array_equal(world.velocity, 0.0)  # no impulse unless asked


def test_push_apart_skips_two_statics_and_goes_on():
    """Two statics in contact come first: not moved; the next pair is pushed."""
    s1 = Body("s1", Polygon.box(10, 10, position=(0, 0)), static=True)
    s2 = Body("s2", Polygon.box(10, 10, position=(5, 0)), static=True)
    box = Body("box", Polygon.box(10, 10, position=(50, 0)))
    world = World([s1, s2, box])
    push_apart(world, [(0, 1, 1.0, 0.0, 5.0), (2, 0, 0.0, -1.0, 4.0)], impulse_for={(2, 0)})
    np.testing.assert_array_equal(world.position[:2], [[0, 0], [5, 0]])
    np.testing.assert_array_equal(world.position[2], [50, -4])


@pytest.mark.parametrize("density_b", [1.0, 3.0])
def test_head_on_impact_through_whole_steps(density_b):
    """A (20x20, 400) at x 100 moving +600 px/s towards B (20x20) at x 127, at rest.
    One step of 1/60 s: A moves 10 px, overlapping B by 3 px. The MTV (normal (-1, 0))
    moves A back by 3 mB / (mA + mB) and B on by the rest; the impact (e = 0.5) leaves
    A at 600 - 1.5 x 600 mB / (mA + mB) and B at 1.5 x 600 mA / (mA + mB). The next
    step the pair separates: nothing more, both coast."""
    a = Body("a", Polygon.box(20, 20, position=(100, 300)), velocity=(600.0, 0.0))
    b = Body("b", Polygon.box(20, 20, position=(127, 300)), density=density_b)
    a.restitution = b.restitution = 0.5
    world = World([a, b])
    ma, mb = 400.0, 400.0 * density_b
    world.step(1 / 60)
    va = 600.0 - 1.5 * 600.0 * mb / (ma + mb)
    vb = 1.5 * 600.0 * ma / (ma + mb)
    np.testing.assert_allclose(world.velocity, [[va, 0.0], [vb, 0.0]], atol=1e-9)
    xa, xb = 110.0 - 3.0 * mb / (ma + mb), 127.0 + 3.0 * ma / (ma + mb)
    np.testing.assert_allclose(world.position, [[xa, 300.0], [xb, 300.0]], atol=1e-9)
    assert [c.depth for c in world.record.contacts] == [pytest.approx(3.0)]
    world.step(1 / 60)
    np.testing.assert_allclose(
        world.position, [[xa + va / 60, 300.0], [xb + vb / 60, 300.0]], atol=1e-9
    )
