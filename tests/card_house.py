"""Box2D v3's card house (samples/sample_stacking.cpp, CardHouse) in the sandbox's units:
90 px a metre, y down, the ground's top at FLOOR_TOP. Cards are 0.4 m x 2 mm (36 px x
0.18 px), friction 0.7, density 1; rows of Λ pairs with a flat card across each pair's
tops, `levels` Λs in the bottom row (2: the 7-card house, 5: the 40-card house).
Shared by the tests and bench/bench_physics.py."""

from __future__ import annotations

import math

from sandbox.core.geometry import Polygon
from sandbox.physics.body import Body

PX_PER_M = 90.0
FLOOR_TOP = 680.0
CARD_HEIGHT = 0.4  # m
CARD_THICKNESS = 0.002  # m


def card_poses(levels: int) -> list[tuple[float, float, float]]:
    """(x, y, angle) of every card in Box2D's metres and radians (y up, counter-clockwise),
    in the sample's order."""
    h = CARD_HEIGHT / 2
    lean_left, lean_right, flat = math.radians(25.0), math.radians(-25.0), 0.5 * math.pi
    poses = []
    z0, y = 0.0, h - 0.02
    for count in range(levels, 0, -1):
        z = z0
        for i in range(count):
            if i != count - 1:
                poses.append((z + 0.25, y + h - 0.015, flat))
            poses.append((z, y, lean_right))
            z += 0.175
            poses.append((z, y, lean_left))
            z += 0.175
        y += 2 * h - 0.03
        z0 += 0.175
    return poses


def card_house(levels: int, friction: float = 0.7, thickness: float = CARD_THICKNESS):
    """The ground (static, 80 m x 4 m) and the cards as sandbox bodies (px, y down)."""
    ground = Polygon.box(80 * PX_PER_M, 4 * PX_PER_M, position=(400.0, FLOOR_TOP + 2 * PX_PER_M))
    bodies = [Body("ground", ground, static=True, friction=friction)]
    for k, (x, y, angle) in enumerate(card_poses(levels)):
        shape = Polygon.box(
            thickness * PX_PER_M,
            CARD_HEIGHT * PX_PER_M,
            position=(400.0 + x * PX_PER_M, FLOOR_TOP - y * PX_PER_M),
            angle=-angle,  # y down: Box2D's counter-clockwise is our clockwise
        )
        bodies.append(Body(f"card {k}", shape, friction=friction))
    return bodies
