"""A rigid step's record says what happened, checked by hand on a box at rest on a floor:
one contact, its normal from b toward a, two points at the box's bottom corners, and
normal impulses that carry the box's weight: m g h per substep of h = dt / substeps."""

from __future__ import annotations

import math

import numpy as np
import pytest

from sandbox.core.geometry import Polygon
from sandbox.physics.body import Body
from sandbox.physics.world import World


@pytest.mark.parametrize("floor_first", [True, False])
@pytest.mark.parametrize("gravity", ["down", "right"])
def test_a_resting_box_records_one_two_point_contact_carrying_its_weight(floor_first, gravity):
    """Box 40x20 (mass 800) centred at x 150 on a floor whose top is y 400: the points
    are at x 130 and 170 on the floor's top (within the contact's depth), the normal is
    (0, 1) from the box toward the floor when the floor is a, (0, -1) otherwise, and
    the two impulses share 800 x 900 x (1/60) / substeps (1000 at 12) equally. Turned a quarter
    (gravity to the right, a wall at x 400): the same with x and y swapped."""
    turn = (lambda x, y: (x, y)) if gravity == "down" else (lambda x, y: (y, x))
    w, h = turn(400, 20)
    floor = Body("floor", Polygon.box(w, h, position=turn(200, 410)), static=True)
    w, h = turn(40, 20)
    box = Body("box", Polygon.box(w, h, position=turn(150, 390)))
    bodies = [floor, box] if floor_first else [box, floor]
    world = World(bodies, gravity=turn(0, 900), sleep=False)
    for _ in range(120):
        record = world.step(1 / 60)
    assert len(record.contacts) == 1
    (contact,) = record.contacts
    floor_index, box_index = world.index("floor"), world.index("box")
    assert (contact.a, contact.b) == (
        (floor_index, box_index) if floor_first else (box_index, floor_index)
    )
    normal = turn(0.0, 1.0) if floor_first else turn(0.0, -1.0)
    assert contact.normal == pytest.approx(normal, abs=1e-12)
    assert all(math.copysign(1.0, c) == 1.0 for c in contact.normal if c == 0.0)  # no -0
    assert 0.0 <= contact.depth < 0.01
    points = np.array(sorted(turn(*p) for p in contact.points))  # back to the floor's frame
    np.testing.assert_allclose(points[:, 0], [130.0, 170.0], atol=1e-6)
    np.testing.assert_allclose(points[:, 1], 400.0, atol=contact.depth)
    assert len(contact.impulses) == 2
    share = 800 * 900 / 60 / world.substeps / 2
    np.testing.assert_allclose(contact.impulses, [share, share], rtol=1e-9)
    assert record.contacts == (contact,)  # the lazy sequence compares as a tuple
    assert hash(record.contacts) == hash((contact,))


def test_a_tilted_box_first_touches_by_its_lowest_corner():
    """Turned 30 degrees and dropped, the box first touches by one corner: the point
    carrying impulse is that corner; a second (speculative) point above the floor, if
    listed, carries none. Read from the step's manifolds (what the record is made of):
    turned exactly within the step, the pivoting corner may end a few thousandths of
    a pixel above the floor, which the record does not list as touching."""
    floor = Body("floor", Polygon.box(400, 20, position=(200, 410)), static=True)
    box = Body("box", Polygon.box(40, 20, position=(150, 370), angle=0.5236))
    world = World([floor, box], gravity=(0, 900), sleep=False)
    world.step(1 / 60)
    while not (world.contact_set.normal_impulse > 0).any():
        world.step(1 / 60)
        assert world.tick < 60
    cs = world.contact_set
    (row,) = range(len(cs.a))
    points = cs.points[row, : cs.count[row]]
    impulses = cs.normal_impulse[row, : cs.count[row]]
    lowest = max(world.shape(1).vertices, key=lambda v: v[1])
    gap = float(np.abs(cs.separation[row, : cs.count[row]]).max())
    pushing = [tuple(p) for p, q in zip(points, impulses, strict=True) if q > 0]
    assert pushing == [pytest.approx(tuple(lowest), abs=gap + 1e-6)]
    for point, impulse in zip(points, impulses, strict=True):
        assert impulse > 0 or point[1] < 400.0
