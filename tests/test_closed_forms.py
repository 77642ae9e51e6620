"""Physics against closed forms, not goldens (issue 12), and bounded push-out (issue 11).

* free fall: the integrator's own discrete formula, exactly (to rounding);
* a bounce: the apex after one bounce is e^2 times the drop height;
* friction on an incline: sticks when tan(theta) < mu, else slides with
  a = g (sin(theta) - mu cos(theta));
* deep overlaps separate at a bounded speed and never through a static body.
"""

import math

import numpy as np
import pytest

from sandbox.core.geometry import Circle, Polygon
from sandbox.physics.body import Body
from sandbox.physics.world import World
from sandbox.scenes.builtin import pile

STEP = 1 / 60
G = 900.0
FLOOR_TOP = 680.0


def floor():
    return Body("floor", Polygon.box(1600, 40, position=(400, FLOOR_TOP + 20)), static=True)


@pytest.mark.parametrize("v0", [0.0, -300.0, 120.0])
def test_free_fall_follows_the_discrete_formula_of_the_integrator(v0):
    """Semi-implicit Euler with S substeps of h = dt / S: after k substeps
    v_k = v0 + k g h and y_k = y0 + k v0 h + g h^2 k (k + 1) / 2."""
    box = Body("box", Polygon.box(20, 20, position=(100, 0)), velocity=(0.0, v0))
    world = World([box], gravity=(0, G), bounds=(-1e6, -1e6, 1e6, 1e6))
    substeps = world.substeps
    h = STEP / substeps
    for n in range(1, 61):
        world.step(STEP)
        k = n * substeps
        assert world.velocity[0, 1] == pytest.approx(v0 + k * G * h, rel=1e-12, abs=1e-9)
        expected = k * v0 * h + G * h * h * k * (k + 1) / 2
        assert world.position[0, 1] == pytest.approx(expected, rel=1e-12, abs=1e-9)
        assert world.position[0, 0] == 100.0


@pytest.mark.parametrize("e", [0.3, 0.5, 0.8])
def test_bounce_apex_is_e_squared_times_the_drop_height(e):
    """A ball dropped from 300 px (restitution e on both sides) rises to e^2 * 300 (3%)."""
    drop = 300.0
    radius = 10.0
    ball = Body("ball", Circle(radius, position=(400, FLOOR_TOP - radius - drop)), restitution=e)
    ground = floor()
    ground.restitution = e
    world = World([ground, ball], gravity=(0, G), sleep=False)
    bounced, apex = False, None
    for _ in range(240):
        world.step(STEP)
        vy = world.velocity[1, 1]
        if not bounced and vy < 0:
            bounced = True
        if bounced and vy >= 0:
            apex = FLOOR_TOP - radius - world.position[1, 1]
            break
    assert apex is not None
    assert apex == pytest.approx(e * e * drop, rel=0.03)


def _incline(theta_degrees: float, mu: float):
    """A long static slab turned by theta (its top face descends to the right, y down)
    and a 40 box resting on it, just touching, both with friction mu."""
    theta = math.radians(theta_degrees)
    slab = Body(
        "slab",
        Polygon.box(3000, 40, position=(400, 400), angle=theta),
        static=True,
        friction=mu,
    )
    up = np.array([math.sin(theta), -math.cos(theta)])  # the top face's outward normal
    centre = np.array([400.0, 400.0]) + (20 + 20) * up
    box = Body(
        "box",
        Polygon.box(40, 40, position=tuple(centre), angle=theta),
        friction=mu,
    )
    world = World([slab, box], gravity=(0, G), bounds=(-1e5, -1e5, 1e5, 1e5))
    along = np.array([math.cos(theta), math.sin(theta)])  # down the slope
    return world, along


def test_box_sticks_on_a_20_degree_incline_with_mu_half():
    """tan 20 deg = 0.36 < 0.5: static friction holds it (no creep beyond 0.5 px in 3 s)."""
    world, along = _incline(20, 0.5)
    start = world.position[1].copy()
    for _ in range(180):
        world.step(STEP)
    assert abs((world.position[1] - start) @ along) < 0.5


@pytest.mark.parametrize("theta", [30.0, 35.0])
def test_box_slides_on_a_steeper_incline_as_the_closed_form_says(theta):
    """tan theta > 0.5: it slides with a = g (sin - mu cos); distance a t^2 / 2 within 3%."""
    world, along = _incline(theta, 0.5)
    t = math.radians(theta)
    a = G * (math.sin(t) - 0.5 * math.cos(t))
    start = world.position[1].copy()
    ticks = 90
    for _ in range(ticks):
        world.step(STEP)
    moved = (world.position[1] - start) @ along
    assert moved == pytest.approx(a * (ticks * STEP) ** 2 / 2, rel=0.03)


def test_deeply_overlapping_boxes_separate_upward_at_a_bounded_speed():
    """Thirty boxes spawned into each other and up to 15 px into the floor: they come
    out above the floor (never through it). Each contact pushes out at most at
    `push_speed`; chains of overlaps add up, but stay within a few times that."""
    rng = np.random.default_rng(11)
    bodies = [floor()]
    for x in (180.0, 620.0):  # walls, so that what is pushed sideways stays in view
        bodies.append(Body(f"wall {x}", Polygon.box(40, 600, position=(x, 400)), static=True))
    for k in range(30):
        x = 400 + rng.uniform(-60, 60)
        y = FLOOR_TOP + 15 - 20 - rng.uniform(0, 60)
        bodies.append(Body(f"box {k}", Polygon.box(40, 40, position=(x, y))))
    world = World(bodies, gravity=(0, G))
    fastest = 0.0
    for _ in range(240):
        world.step(STEP)
        fastest = max(fastest, float(np.hypot(*world.velocity[1:].T).max()))
    assert np.isfinite(world.position).all()
    boxes = world.position[~world.static]
    assert (boxes[:, 1] < FLOOR_TOP - 19).all()  # every centre above the floor
    assert ((boxes[:, 0] > 200) & (boxes[:, 0] < 600)).all()  # and between the walls
    assert fastest < 5 * world.push_speed


def test_two_thousand_bodies_never_go_through_the_floor_or_walls():
    """A 2,000-body pile: after 3 s every body is inside the box the walls make, and no
    position, speed or spin is NaN or infinite (this test also stands for the 1,000-body
    one test_rigid had: the same pile, half the bodies, 150 steps)."""
    world = pile(0, 2000)
    for _ in range(180):
        world.step(STEP)
    moving = ~world.static
    x, y = world.position[moving].T
    assert np.isfinite(world.position).all() and np.isfinite(world.velocity).all()
    assert np.isfinite(world.omega).all() and world.escaped() == []
    assert (y < FLOOR_TOP).all()
    assert ((x > 40) & (x < 820)).all()
