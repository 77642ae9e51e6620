"""Issue 35: colours beyond `rigid.MAX_COLOURS` are one Jacobi colour with mass splitting.

A body touching many others (a heavy hammer in a grid of boxes, a plank under a row of
them) needs one Gauss-Seidel colour per contact: 40 colours, 40 x 45 numpy calls a pass.
Beyond the cap, those constraints are solved together, each on its share of each body
(Tonge et al. 2012), and each body gets the average of its copies' changes. Checked
here: that colour is used when the colours overflow and only then; momentum is exact
in it; and a hub's contacts hold (no overlap grows, nothing gains energy).
"""

from __future__ import annotations

import numpy as np
import pytest

from sandbox.core.geometry import Polygon
from sandbox.core.pair import sat
from sandbox.physics import contact_solver, rigid
from sandbox.physics.body import Body
from sandbox.physics.colouring import colour_constraints
from sandbox.physics.world import World

STEP = 1 / 60


def hammer_in_a_grid(side=8):
    bodies = [
        Body(f"g{r}.{k}", Polygon.box(12, 12, position=(200.0 + 16 * k, 100.0 + 16 * r)))
        for r in range(side)
        for k in range(side)
    ]
    y = 100.0 + 8.0 * (side - 1)
    hammer = Polygon.box(80, 80, position=(150.0, y))
    bodies.append(Body("hammer", hammer, density=20.0, velocity=(800.0, 0.0), restitution=0.0))
    for body in bodies[:-1]:
        body.restitution = 0.0
    return World(bodies, gravity=(0.0, 0.0), bounds=(-1e5, -1e5, 1e5, 1e5), rigid=True)


def momentum(world):
    mass = 1.0 / world.inv_mass
    return (mass[:, None] * world.velocity).sum(axis=0)


def solves(monkeypatch):
    seen = []
    real = contact_solver.solve

    def spy(col, *args, **kwargs):
        seen.append(col.split is not None)
        return real(col, *args, **kwargs)

    monkeypatch.setattr(contact_solver, "solve", spy)
    return seen


def test_the_hammer_overflows_the_colours_and_gets_the_jacobi_colour(monkeypatch):
    monkeypatch.setattr(rigid, "MAX_COLOURS", 2)
    seen = solves(monkeypatch)
    world = hammer_in_a_grid()
    for _ in range(10):
        world.step(STEP)
    assert any(seen)
    assert max(len(world.contact_set.a), 0) > 0


def test_without_overflow_every_colour_is_gauss_seidel(monkeypatch):
    monkeypatch.setattr(rigid, "MAX_COLOURS", 1000)
    seen = solves(monkeypatch)
    world = hammer_in_a_grid()
    for _ in range(10):
        world.step(STEP)
    assert seen and not any(seen)


@pytest.mark.parametrize("cap", [1, 2, 4])
def test_the_jacobi_colour_keeps_momentum_and_makes_no_energy(monkeypatch, cap):
    monkeypatch.setattr(rigid, "MAX_COLOURS", cap)
    world = hammer_in_a_grid()
    before = momentum(world)
    mass = 1.0 / world.inv_mass
    energy0 = 0.5 * float((mass * (world.velocity * world.velocity).sum(axis=1)).sum())
    for _ in range(40):
        world.step(STEP)
        p = momentum(world)
        assert np.abs(p - before).max() <= 1e-9 * np.abs(before).max()
        inertia = np.where(world.inv_inertia > 0, 1.0 / np.maximum(world.inv_inertia, 1e-300), 0)
        energy = 0.5 * float(
            (mass * (world.velocity * world.velocity).sum(axis=1)).sum()
            + (inertia * world.omega * world.omega).sum()
        )
        assert energy <= energy0 * (1.0 + 1e-9)


def test_a_plank_under_a_row_of_boxes_stands_with_the_jacobi_colour(monkeypatch):
    """A 400 px plank on the floor carrying 12 boxes: its 12 contacts with them are 12
    colours, so at a cap of 2 most of them are in the Jacobi colour; the row stands."""
    monkeypatch.setattr(rigid, "MAX_COLOURS", 2)
    floor = Body("floor", Polygon.box(3000, 40, position=(400, 700)), static=True)
    plank = Body("plank", Polygon.box(400, 20, position=(400, 670)))
    boxes = [
        Body(f"b{k}", Polygon.box(30, 30, position=(400 - 5.5 * 33 + 33 * k, 645)))
        for k in range(12)
    ]
    world = World([floor, plank, *boxes], gravity=(0.0, 900.0), bounds=(-1e5, -1e5, 1e5, 1e5))
    start = world.centres()
    for _ in range(300):
        world.step(STEP)
    assert np.abs(world.centres() - start).max() < 1.0
    shapes = world.shapes()
    assert max(sat(shapes[1], s).depth for s in shapes[2:]) < 0.5


def test_a_colour_limit_keeps_the_first_colours_and_pools_the_rest():
    rng = np.random.default_rng(3)
    a = rng.integers(0, 30, 400)
    b = (a + rng.integers(1, 30, 400)) % 30
    moving = np.ones(30, dtype=bool)
    full = colour_constraints(a, b, moving)
    capped = colour_constraints(a, b, moving, limit=3)
    assert full.max() > 3
    assert np.array_equal(capped[full < 3], full[full < 3])
    assert (capped[full >= 3] == 3).all()
