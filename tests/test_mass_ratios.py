"""Issue 35: extreme mass ratios hold (support cones, `sandbox.physics.support`).

A heavy box on a light one on the floor is a chain Gauss-Seidel cannot carry (each pass
moves the heavy box by the light one's share): before the support cones, a 1000:1 box
sank 3.3 px into the box under it and a 10^6:1 box went through it to the floor. Every
expected value here is geometry: resting boxes touch (no overlap), the light box keeps
its 30 px, a body on a slope gentler than its friction angle stays put.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from sandbox.core.geometry import Polygon
from sandbox.core.pair import sat
from sandbox.physics import support
from sandbox.physics.body import Body
from sandbox.physics.world import World

STEP = 1 / 60
FLOOR_TOP = 680.0


def floor() -> Body:
    return Body("floor", Polygon.box(3000, 40, position=(400, FLOOR_TOP + 20)), static=True)


def run(bodies, ticks=600):
    """The world after `ticks` steps, and the deepest overlap of any two bodies on the way."""
    world = World(bodies, gravity=(0.0, 900.0), bounds=(-1e5, -1e5, 1e5, 1e5))
    deepest = 0.0
    for _ in range(ticks):
        world.step(STEP)
        shapes = world.shapes()
        for i in range(len(shapes)):
            for j in range(i + 1, len(shapes)):
                if not (world.static[i] and world.static[j]):
                    deepest = max(deepest, sat(shapes[i], shapes[j]).depth)
    return world, deepest


def heavy_on_light(density, drop=0.0):
    return [
        floor(),
        Body("light", Polygon.box(30, 30, position=(400, FLOOR_TOP - 15))),
        Body("heavy", Polygon.box(30, 30, position=(400, FLOOR_TOP - 45 - drop)), density=density),
    ]


@pytest.mark.parametrize("drop", [0.0, 100.0], ids=["placed", "dropped 100 px"])
def test_a_1000_to_1_box_rests_on_a_box_with_under_1_px_overlap(drop):
    world, deepest = run(heavy_on_light(1000.0, drop))
    assert deepest < 1.0
    heavy_bottom = FLOOR_TOP - (world.centres()[2, 1] + 15.0)
    assert heavy_bottom == pytest.approx(30.0, abs=1.0)
    assert world.sleeping[1:].all()


@pytest.mark.parametrize("drop", [0.0, 100.0], ids=["placed", "dropped 100 px"])
def test_a_density_ratio_of_a_million_holds(drop):
    world, deepest = run(heavy_on_light(1e6, drop))
    assert deepest < 1.0
    heavy_bottom = FLOOR_TOP - (world.centres()[2, 1] + 15.0)
    assert heavy_bottom == pytest.approx(30.0, abs=1.0)  # the light box is not crushed


def test_before_the_support_cones_the_heavy_box_sank(monkeypatch):
    """The same set-up without the cones (the ratio above which they act, here and in
    the shock pass after the substeps, set out of reach): the 1000:1 box sinks more
    than 2 px into the light one."""
    monkeypatch.setattr(support, "HEAVY_RATIO", 1e300)
    monkeypatch.setattr(support, "HOLD_RATIO", 1e300)
    _, deepest = run(heavy_on_light(1000.0), ticks=120)
    assert deepest > 2.0


def test_a_tower_of_two_light_boxes_holds_a_1000_to_1_box():
    bodies = [floor()] + [
        Body(f"b{k}", Polygon.box(30, 30, position=(400, FLOOR_TOP - 15 - 30 * k)))
        for k in range(2)
    ]
    bodies.append(Body("heavy", Polygon.box(30, 30, position=(400, FLOOR_TOP - 75)), density=1e3))
    world, deepest = run(bodies)
    assert deepest < 1.0
    assert np.abs(world.centres()[1:, 0] - 400.0).max() < 0.5


def test_a_1000_to_1_pair_stays_on_a_slope_gentler_than_its_friction():
    """10 degrees, mu 0.5 (friction angle 26.6 degrees): the light box and the heavy one
    on it stay where they were put (the hold's friction grips as the solver's does)."""
    t = math.radians(10.0)
    up = np.array([math.sin(t), -math.cos(t)])

    def box(name, height, density):
        centre = np.array([400.0, 400.0]) + height * up
        shape = Polygon.box(30, 30, position=tuple(centre), angle=t)
        return Body(name, shape, friction=0.5, density=density)

    slab = Polygon.box(3000, 40, position=(400, 400), angle=t)
    bodies = [Body("slab", slab, static=True, friction=0.5), box("a", 35, 1.0), box("b", 65, 1e3)]
    world = World(bodies, gravity=(0.0, 900.0), bounds=(-1e5, -1e5, 1e5, 1e5))
    start = world.centres()
    for _ in range(600):
        world.step(STEP)
    assert np.abs(world.centres() - start).max() < 0.5


def test_a_heavy_box_off_its_supports_edge_still_tips_off():
    """The hold only stops closing: a 1000:1 box with its centre past the light box's
    edge falls off it to the floor."""
    bodies = heavy_on_light(1000.0)
    bodies[2] = Body("heavy", Polygon.box(30, 30, position=(420, FLOOR_TOP - 45)), density=1e3)
    world, _ = run(bodies)
    assert world.centres()[2, 1] > FLOOR_TOP - 30.0  # down on the floor beside it


@pytest.mark.parametrize("e", [0.0, 0.2])
def test_a_heavy_box_landing_on_a_box_on_the_floor_rebounds_at_e(e):
    """80:1 dropped 430 px: the light box stands on the floor, so the heavy one leaves
    it as it would leave the floor, at e times its impact speed (the light box is not
    driven down into the floor by the bounce: before, 0.36 of it at e = 0.2)."""
    bodies = [
        Body("floor", Polygon.box(3000, 40, position=(400, FLOOR_TOP + 20)), static=True),
        Body("light", Polygon.box(30, 30, position=(400, FLOOR_TOP - 15))),
        Body("heavy", Polygon.box(60, 60, position=(400, FLOOR_TOP - 460)), density=20.0),
    ]
    for body in bodies:
        body.restitution = e
    world = World(bodies, gravity=(0.0, 900.0), bounds=(-1e5, -1e5, 1e5, 1e5))
    impact, rebound, before = None, 0.0, 0.0
    for _ in range(120):
        world.step(STEP)
        vy = float(world.velocity[2, 1])
        if impact is None and vy < before - 1.0 and before > 100.0:
            impact = before
        if impact is not None:
            rebound = max(rebound, -vy)
        before = vy
    assert impact is not None
    assert rebound / impact == pytest.approx(e, abs=0.02)
