"""The World's narrow phase against the core's sat(), one pair at a time.

The World packs every polygon into padded arrays (so that sat_many can test many pairs
at once). Whatever the packing does, the contacts a step reports must be exactly the
pairs that sat() on the bodies' own shapes finds colliding, with sat()'s normal and depth.
These tests read only the step's record (World.step with resolve off, nothing moving),
so they hold whatever solver sits behind it.
"""

import itertools
import math

import numpy as np
import pytest

from sandbox.core.geometry import Circle, Polygon
from sandbox.core.pair import sat
from sandbox.physics.body import Body
from sandbox.physics.world import World

STEP = 1 / 60


def contacts_of(bodies):
    """{(a, b): (normal, depth)} reported by one step of a world where nothing moves."""
    world = World(bodies, resolve=False, swept=False)
    record = world.step(STEP)
    assert np.array_equal(world.position, [b.shape.position for b in bodies])  # nothing moved
    found = {(c.a, c.b): (c.normal, c.depth) for c in record.contacts}
    assert len(found) == len(record.contacts)  # each pair once
    return found


def expected_contacts(bodies):
    """{(i, j): (normal, depth)} from the core's sat() on every pair (not both static)."""
    out = {}
    for i, j in itertools.combinations(range(len(bodies)), 2):
        if bodies[i].static and bodies[j].static:
            continue
        report = sat(bodies[i].shape, bodies[j].shape)
        if report.colliding:
            out[(i, j)] = (report.normal, report.depth)
    return out


def assert_same_contacts(found, expected):
    assert set(found) == set(expected)
    for pair, (normal, depth) in expected.items():
        got_normal, got_depth = found[pair]
        assert got_depth == pytest.approx(depth, abs=1e-9), pair
        assert got_normal[0] == pytest.approx(normal[0], abs=1e-9), pair
        assert got_normal[1] == pytest.approx(normal[1], abs=1e-9), pair


def offset_triangle(position, angle=0.0):
    """A triangle whose own origin (its position) lies 40 px outside it."""
    return Polygon([(40, -10), (60, -10), (50, 10)], position=position, angle=angle)


def test_triangle_whose_origin_lies_inside_a_box_does_not_touch_it():
    """The triangle spans x 440..460, the box x 380..420: a 20 px gap, no contact.

    The triangle's origin (400, 300) is the box's centre. Padding the triangle's
    three vertices to the box's four with the origin would add a phantom vertex
    there, and a phantom contact 20 px deep.
    """
    bodies = [
        Body("box", Polygon.box(40, 40, position=(400, 300))),
        Body("triangle", offset_triangle((400, 300))),
    ]
    assert sat(bodies[0].shape, bodies[1].shape).colliding is False
    assert contacts_of(bodies) == {}


def test_offset_triangle_touching_a_box_reports_the_true_depth_and_normal():
    """Box x 380..420; triangle's left edge at x = 415: 5 px deep along -x (box pushed left)."""
    bodies = [
        Body("box", Polygon.box(40, 40, position=(400, 300))),
        Body("triangle", offset_triangle((375, 300))),
    ]
    found = contacts_of(bodies)
    assert set(found) == {(0, 1)}
    normal, depth = found[(0, 1)]
    assert depth == pytest.approx(5.0, abs=1e-9)
    assert normal[0] == pytest.approx(-1.0, abs=1e-12) and normal[1] == pytest.approx(0, abs=1e-12)
    # The other argument order: the triangle pushed out of the box, along +x.
    swapped = contacts_of(list(reversed(bodies)))
    normal, depth = swapped[(0, 1)]
    assert depth == pytest.approx(5.0, abs=1e-9)
    assert normal[0] == pytest.approx(1.0, abs=1e-12) and normal[1] == pytest.approx(0, abs=1e-12)


def random_shape(rng, centre):
    """A shape of 3 to 7 vertices (or a circle), often placed with its origin outside it."""
    kind = int(rng.integers(0, 6))
    angle = float(rng.uniform(-math.pi, math.pi))
    if kind == 0:
        return Circle(float(rng.uniform(8, 30)), position=centre)
    sides = kind + 2  # 3..7
    radius = float(rng.uniform(10, 35))
    t = 2 * math.pi * np.arange(sides) / sides + rng.uniform(0, 0.3, sides)
    local = np.column_stack([np.cos(t), np.sin(t)]) * radius
    if rng.random() < 0.6:  # move the shape beyond its circumradius from its origin
        phi = rng.uniform(-math.pi, math.pi)
        local = local + np.array([math.cos(phi), math.sin(phi)]) * (radius + rng.uniform(5, 40))
    return Polygon(local, position=centre, angle=angle)


@pytest.mark.parametrize("seed", range(12))
def test_world_contacts_equal_sat_on_every_pair_of_mixed_shapes(seed):
    """Shapes of 3..7 vertices and circles, many with their origin outside them, in a heap."""
    rng = np.random.default_rng(seed)
    bodies = []
    for k in range(14):
        centre = tuple(float(v) for v in rng.uniform(300, 420, 2))
        bodies.append(Body(f"b{k}", random_shape(rng, centre), static=k < 2))
    expected = expected_contacts(bodies)
    found = contacts_of(bodies)
    assert_same_contacts(found, expected)
    # The heap is dense enough for both answers to matter: hits and misses alike.
    pairs = len(bodies) * (len(bodies) - 1) // 2 - 1
    assert 3 <= len(expected) <= pairs - 3
