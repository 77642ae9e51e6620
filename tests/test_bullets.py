"""A bullet stops at the earliest thing in its path (tutorial 003's swept test), whatever
the order of the bodies: two and three walls in one step's path, by hand."""

from __future__ import annotations

import itertools

import pytest

from sandbox.core.geometry import Polygon
from sandbox.physics.body import Body
from sandbox.physics.world import World

STEP = 1 / 60
SPEED = 9000.0  # px/s: 150 px a step, past any of the 6 px walls below in one step


def _walls(xs):
    return [Body(f"wall{x}", Polygon.box(6, 200, (x, 360)), static=True) for x in xs]


@pytest.mark.parametrize("xs", [(170, 200), (170, 200, 230)], ids=["two walls", "three walls"])
def test_a_bullet_stops_at_the_first_of_several_walls_in_any_body_order(xs):
    """A 10 px box at x = 100 moving 150 px this step; walls 6 px thick at x = 170, 200
    (and 230): its right face (105) meets the first wall's left face (167) after 62 px,
    a fraction 62 / 150 of the step, so it ends at x = 162, the first wall's neighbour;
    the recorded hit names that wall. Every order of the bodies in the world."""
    for order in itertools.permutations(range(len(xs) + 1)):
        bullet = Body("bullet", Polygon.box(10, 10, (100, 360)), velocity=(SPEED, 0), bullet=True)
        bodies = [([bullet] + _walls(xs))[k] for k in order]
        world = World(bodies, gravity=(0.0, 0.0))
        b = world.index("bullet")
        world.step(STEP)
        (event,) = world.record.sweeps
        assert event.fraction == pytest.approx(62 / 150, abs=1e-12), order
        assert world.bodies[event.other].name == "wall170", order
        assert world.position[b, 0] == pytest.approx(162.0, abs=1e-9), order
