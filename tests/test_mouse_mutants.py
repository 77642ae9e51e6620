"""The hand (physics/mouse.py) where the mutation run found it unchecked (issue 20, item 4):
which worlds get the spring and which the direct drag, the damper's view of a spinning
body, the spin kept by a grab, and the rest clock a pull restarts. `pull` is called on
its own (no step), so each expected value follows from mouse.py's docstring by hand."""

from __future__ import annotations

import math

import numpy as np
import pytest

from sandbox.core.geometry import Polygon
from sandbox.physics.body import Body
from sandbox.physics.mouse import (
    DAMPING_RATIO,
    HERTZ,
    anchor_point,
    body_at,
    grab_at,
    moved_to,
    pull,
)
from sandbox.physics.world import World

W0 = 2 * math.pi * HERTZ
DT = 1 / 60


def box_world(**kwargs) -> World:
    """One 40 x 20 box at (300, 300), at rest, angle 0; `kwargs` go to World."""
    return World([Body("box", Polygon.box(40, 20, position=(300, 300)))], **kwargs)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"gravity": (0, 0), "rigid": True},
        {"gravity": (0, 900), "rigid": False},
        {"gravity": (0, 1), "rigid": False},
        {"gravity": (1, 0), "rigid": False},
    ],
    ids=["rigid-no-gravity", "mtv-world-gravity", "mtv-world-g-0-1", "mtv-world-g-1-0"],
)
def test_the_spring_is_only_for_rigid_bodies_under_gravity(kwargs):
    """The spring needs both a rigid world and gravity; in every other world the drag is
    direct: the velocity is set to reach the pointer in this step, 10 px in dt gives
    exactly (10 / dt, 0) = (600, 0) px/s (a spring would give w0^2 10 dt = 164.5)."""
    world = box_world(**kwargs)
    pull(world, moved_to(grab_at(world, 0, (300, 300)), (310, 300)), DT)
    assert tuple(world.velocity[0]) == pytest.approx((10 / DT, 0.0), rel=1e-12)


def test_the_damper_sees_the_anchor_moving_with_the_spin():
    """A box spinning at w = 1 rad/s, not moving, held 10 px above its centre
    (r = (0, -10)) with the pointer on that point (no stretch): the spring gives nothing
    and the damper acts on the anchor's velocity v + w x r = w (-r_y, r_x) = (10, 0), so
    F = -c (10, 0), c = 2 m zeta w0: the velocity changes by (-2 zeta w0 10 dt, 0) and
    the spin by (r x F) dt / I = (10 F_x) dt / I, added to the spin it had."""
    world = box_world(gravity=(0, 900))
    world.omega[0] = 1.0
    pull(world, grab_at(world, 0, (300, 290)), DT)
    mass, inertia = 1 / world.inv_mass[0], 1 / world.inv_inertia[0]
    fx = -2 * mass * DAMPING_RATIO * W0 * 10.0
    assert world.velocity[0, 0] == pytest.approx(fx * DT / mass, rel=1e-12)
    assert world.velocity[0, 1] == pytest.approx(0.0, abs=1e-12)
    assert world.omega[0] == pytest.approx(1.0 + 10 * fx * DT / inertia, rel=1e-12)


def test_a_grab_at_the_centre_keeps_the_spin():
    """Held by its centre (r = 0) the spring has no lever arm: the spin it had
    (2 rad/s) is unchanged by a pull, whatever the pointer does."""
    world = box_world(gravity=(0, 900))
    world.omega[0] = 2.0
    pull(world, moved_to(grab_at(world, 0, (300, 300)), (330, 280)), DT)
    assert world.omega[0] == 2.0


@pytest.mark.parametrize("kwargs", [{"gravity": (0, 900)}, {"gravity": (0, 0)}])
def test_a_pull_wakes_the_body_and_restarts_its_rest_clock(kwargs):
    """A held body is awake and has been at rest for no time: after a pull, sleeping is
    False and the sleep timer is exactly 0 (it had slept after 0.3 s of rest)."""
    world = box_world(**kwargs)
    world.sleeping[0] = True
    world.sleep_timer[0] = 0.3
    pull(world, grab_at(world, 0, (300, 300)), DT)
    assert not world.sleeping[0]
    assert world.sleep_timer[0] == 0.0


def test_a_turned_body_is_held_by_the_point_in_its_own_frame():
    """The box turned a quarter turn (angle pi/2: its +x points down the screen), grabbed
    10 px below its centre: that point is 10 along the body's own +x, anchor (10, 0); the
    target is the pointer itself; and anchor_point gives the grabbed point back."""
    world = box_world(gravity=(0, 900))
    world.angle[0] = math.pi / 2
    world.pose_changed()
    grab = grab_at(world, 0, (300, 310))
    assert grab.anchor == pytest.approx((10.0, 0.0), abs=1e-12)
    assert grab.target == (300.0, 310.0)
    assert np.allclose(anchor_point(world, grab), (300, 310), atol=1e-12)


def test_a_grab_beside_the_centre_pulled_down_turns_the_body_clockwise():
    """Held 10 px right of the centre (r = (10, 0)), pointer 10 px below that point:
    F = (0, m w0^2 10), torque r x F = r_x F_y = 10 m w0^2 10 > 0 (clockwise on screen),
    I = m (40^2 + 20^2) / 12: omega = 100 w0^2 dt 12 / 2000 after one pull."""
    world = box_world(gravity=(0, 900))
    pull(world, moved_to(grab_at(world, 0, (310, 300)), (310, 310)), DT)
    assert world.omega[0] == pytest.approx(100 * W0 * W0 * DT * 12 / 2000, rel=1e-9)


def two_boxes_world(static_first: bool) -> World:
    """A static box and a moving box both covering (300, 300); the static one first in
    the list when `static_first`."""
    wall = Body("wall", Polygon.box(100, 100, position=(300, 300)), static=True)
    box = Body("box", Polygon.box(40, 20, position=(300, 300)))
    return World([wall, box] if static_first else [box, wall], gravity=(0, 900))


@pytest.mark.parametrize("static_first", [True, False])
def test_the_pointer_picks_the_moving_body_over_a_static_one(static_first):
    """Under the pointer a moving body comes before a static one, whatever their order;
    where only the static one is, it is picked; where there is none, None."""
    world = two_boxes_world(static_first)
    moving = 1 if static_first else 0
    assert body_at(world, (300, 300)) == moving
    assert body_at(world, (340, 340)) == 1 - moving  # inside the wall only
    assert body_at(world, (600, 600)) is None
