"""The built-in scenes: one small builder per tutorial idea, each from a seed."""

from __future__ import annotations

import math
import random

from ..core.compound import from_outline
from ..core.geometry import Circle, Polygon
from ..core.portable import cos_sin
from ..physics.body import Body
from ..physics.world import World
from .base import SCENE_WIDTH, boundary_walls, with_gravity, zero_g

# Tutorial 003's polygon, vertex for vertex (its FreeBASIC listing builds it from these 7).
TUTORIAL_003_POLYGON = [
    (90, 110),
    (-60, 120),
    (-130, 30),
    (-120, -10),
    (-90, -50),
    (130, -10),
    (100, 100),
]


def classic(seed: int) -> World:
    """Tutorial 003: the 7-vertex polygon and a regular triangle of radius 50."""
    del seed
    return zero_g(
        [
            Body("polygon", Polygon(TUTORIAL_003_POLYGON, position=(470, 420)), static=True),
            Body("triangle", Polygon.regular(3, 50, position=(230, 420)), controlled=True),
        ]
    )


def six_axes(seed: int) -> World:
    """Tutorial 004: two triangles, six axes, and only one (A's third edge) separates them."""
    del seed
    return zero_g(
        [
            Body(
                "A", Polygon([(0, 0), (160, -40), (60, 120)], position=(420, 380)), controlled=True
            ),
            Body("B", Polygon([(0, -60), (90, 30), (-50, 50)], position=(320, 385)), static=True),
        ],
        resolve=False,
    )


def squares(seed: int) -> World:
    """Tutorial 001: two squares; their projections overlap on every axis when they collide."""
    del seed
    return zero_g(
        [
            Body("square", Polygon.box(160, 160, position=(470, 420)), static=True),
            Body(
                "moving square",
                Polygon.box(120, 120, position=(345, 330), angle=0.35),
                controlled=True,
            ),
        ],
        resolve=False,
    )


def circle_polygon(seed: int) -> World:
    """Tutorial 004's circle case: the axis toward the polygon's closest vertex."""
    del seed
    return zero_g(
        [
            Body(
                "pentagon",
                Polygon.regular(5, 110, position=(470, 420), angle=-math.pi / 2),
                static=True,
            ),
            Body("circle", Circle(60, position=(250, 290)), controlled=True),
        ]
    )


def circles(seed: int) -> World:
    """Tutorial 004: circle against circle has one axis, the line through both centres."""
    del seed
    return zero_g(
        [
            Body("big circle", Circle(110, position=(480, 420)), static=True),
            Body("circle", Circle(65, position=(255, 300)), controlled=True),
        ]
    )


# Tutorial 003's dot-product demo: both vectors start at this origin; a is fixed.
DOT_ORIGIN = (230.0, 470.0)
DOT_A = (260.0, 0.0)


def dot_product(seed: int) -> World:
    """Tutorial 003's second demo: vector b's tip is the shape the arrows (or a drag)
    move; a pentagon is dropped onto the axis along b, as SAT drops every shape."""
    del seed
    tip = (DOT_ORIGIN[0] + 160.0, DOT_ORIGIN[1] - 150.0)
    return zero_g(
        [
            Body(
                "pentagon",
                Polygon.regular(5, 70, position=(640, 300), angle=-math.pi / 2),
                static=True,
            ),
            Body("tip of b", Circle(9, position=tip), controlled=True),
        ]
    )


def broad_phase(seed: int, overlapping: bool = False) -> World:
    """Tutorial 004's broad phase at work: 40 boxes and polygons in a bin. With
    `overlapping`, they start piled into one another (the tutorial's warning: an
    unbounded push would make the world explode; ours is bounded, so it settles)."""
    rng = random.Random(seed)
    bodies = boundary_walls()
    for k in range(40):
        if overlapping:
            x, y = 430 + rng.uniform(-90, 90), 560 + rng.uniform(-70, 70)
        else:
            x, y = 110 + (k % 10) * 70 + rng.uniform(-8, 8), 330 + (k // 10) * 70
        size = rng.uniform(14, 26)
        if k % 3:
            shape = Polygon.box(size * 1.6, size, position=(x, y), angle=rng.uniform(0, 3))
        else:
            shape = Polygon.regular(
                rng.randint(3, 6), size, position=(x, y), angle=rng.uniform(0, 3)
            )
        bodies.append(Body(f"body {k}", shape, restitution=0.1))
    bodies.append(Body("player", Polygon.box(36, 36, position=(430, 180)), controlled=True))
    # Heaps two or three bodies high need no column's stiffness: 6 substeps (half the
    # default's cost) rest with 0.15 px of overlap, Box2D v3 (4) with 0.16 (issue 44).
    return with_gravity(bodies, iterations=4, substeps=6)


def sat_3d(seed: int) -> World:
    """The 3D scene keeps its own state (scenes/space.py); its World only keeps time."""
    del seed
    return World([Body("3D view", Polygon.box(1, 1, position=(-100, -100)), static=True)])


def engulfed(seed: int) -> World:
    """Tutorial 001's engulfed case: the depth is the shorter way out, not the overlap."""
    del seed
    return zero_g(
        [
            Body("large", Polygon.regular(6, 220, position=(440, 420)), static=True),
            Body("small", Polygon.box(70, 50, position=(520, 380), angle=0.3), controlled=True),
        ],
        resolve=False,
    )


def gravity(seed: int) -> World:
    """Tutorial 002's live demo: polygons fall on a floor; G reverses gravity."""
    rng = random.Random(seed)
    bodies = boundary_walls()
    bodies.append(
        Body("player", Polygon.box(60, 60, position=(200, 560)), controlled=True, restitution=0.1)
    )
    for k in range(7):
        sides = rng.randint(3, 7)
        shape = Polygon.regular(
            sides,
            rng.uniform(28, 45),
            position=(300 + 70 * k, 200 + 40 * (k % 3)),
            angle=rng.uniform(0, math.pi),
        )
        bodies.append(Body(f"falling {k}", shape, restitution=0.3))
    bodies.append(Body("ball", Circle(26, position=(700, 180)), restitution=0.5))
    # Nine bodies, none on another's top for long: Box2D v3's own 4 substeps (a step of
    # 3.3 ms, not 9.2). At rest from 3.5 s, overlapping 0.006 px; Box2D v3 3.8 s, 0.013.
    return with_gravity(bodies, iterations=4, substeps=4)


def pile(seed: int, count: int = 120) -> World:
    """A pile of many bodies: sort-and-sweep keeps SAT to the pairs that might touch."""
    rng = random.Random(seed)
    bodies = boundary_walls()  # with a ceiling: reversed gravity (G) piles them up there
    # 120 bodies of radius 16 fill the box well; more bodies get smaller, in more columns.
    size = 16.0 * min(1.0, math.sqrt(120 / count))
    columns = max(12, int((SCENE_WIDTH - 160) / (2.6 * size)))
    for k in range(count):
        x = 80 + (k % columns) * ((SCENE_WIDTH - 160) / (columns - 1))
        y = 640 - (k // columns) * 2.6 * size - rng.uniform(0, size / 2)
        sides = rng.randint(3, 7)
        shape = Polygon.regular(
            sides,
            size * rng.uniform(0.85, 1.15),
            position=(x, y),
            angle=rng.uniform(0, math.pi),
        )
        bodies.append(Body(f"body {k}", shape, restitution=0.1))
    bodies.append(Body("player", Polygon.box(40, 40, position=(430, 200)), controlled=True))
    # A pile of small bodies a few high: Box2D v3's own 4 substeps (a third of the
    # default's solver cost; 60 fps). At rest it overlaps 0.9 px, Box2D v3 1.0 (issue 44).
    return with_gravity(bodies, iterations=4, substeps=4)


def tunnelling(seed: int) -> World:
    """A fast thin bullet against a thin wall: without the swept test it tunnels through.

    No body is steered here; the overlay explains the swept bullet against its wall
    (Tab shows it against the other bodies, R fires again).
    """
    del seed
    speed = 3600.0  # px/s: 60 px per tick, ten times the wall's thickness
    world = zero_g(
        [
            Body(
                "bullet, swept test",
                Polygon.box(24, 4, position=(100, 540)),
                velocity=(speed, 0.0),
                restitution=0.5,
                bullet=True,
            ),
            Body(
                "bullet, discrete test",
                Polygon.box(24, 4, position=(100, 300)),
                velocity=(speed, 0.0),
                restitution=0.5,
            ),
            Body("wall (bottom)", Polygon.box(6, 150, position=(600, 540)), static=True),
            Body("wall (top)", Polygon.box(6, 150, position=(600, 300)), static=True),
            # Thick backstops keep both bullets in the world once they have flown.
            Body("backstop (left)", Polygon.box(200, 600, position=(-60, 420)), static=True),
            Body("backstop (right)", Polygon.box(200, 600, position=(920, 420)), static=True),
        ],
        damping=0.0,
    )
    return world


def _floor_top() -> float:
    return 680.0  # boundary_walls(): a 40 px floor along the bottom of the 720 px canvas


def tumble(seed: int) -> World:
    """Rotation from the contact point: a tilted box lands flat; a box past a ledge tips off."""
    del seed
    bodies = boundary_walls()
    bodies.append(Body("ledge", Polygon.box(240, 20, position=(230, 470)), static=True))
    # Its centre is 10 px past the ledge's right end (x = 350): gravity acts beyond the
    # corner it rests on, so it tips over that corner and falls to the floor.
    bodies.append(Body("box past the ledge", Polygon.box(40, 40, position=(360, 440))))
    bodies.append(
        Body(
            "tilted box",
            Polygon.box(40, 40, position=(600, 360), angle=math.radians(20)),
            controlled=True,
        )
    )
    world = with_gravity(bodies)
    return world


def stack_column(x: float, count: int, size: float = 30.0, prefix: str = "column") -> list[Body]:
    """`count` boxes of `size` standing on the floor at x, just touching."""
    top = _floor_top()
    return [
        Body(f"{prefix} {k}", Polygon.box(size, size, position=(x, top - size / 2 - k * size)))
        for k in range(count)
    ]


def stack_pyramid(x: float, base: int, size: float = 30.0, prefix: str = "pyramid") -> list[Body]:
    """A pyramid of boxes on the floor centred on x: `base` boxes in the bottom row."""
    top = _floor_top()
    out = []
    for row in range(base):
        for k in range(base - row):
            cx = x + (k - (base - row - 1) / 2) * size
            cy = top - size / 2 - row * size
            out.append(Body(f"{prefix} {row}.{k}", Polygon.box(size, size, position=(cx, cy))))
    return out


def stack(seed: int) -> World:
    """A 10-box column beside a base-10 pyramid; the player box can knock them over."""
    del seed
    bodies = boundary_walls()
    bodies += stack_column(150, 10)
    bodies += stack_pyramid(470, 10)
    bodies.append(
        Body("player", Polygon.box(40, 40, position=(760, 650)), controlled=True, density=4.0)
    )
    # Box2D v3's own 4 substeps (issue 44; a step while the class pushes it of 6.2 ms, not
    # 11.1): the column sinks 2.3 px, the deepest overlap is 0.44 px, all asleep from 0.72
    # s; Box2D v3 on the same boxes: 2.8 px, 0.56 px, 0.72 s (bench_physics --only substeps).
    world = with_gravity(bodies, substeps=4)
    # The pair on show: the column's two lowest boxes, whose contact carries the weight of
    # the nine above (its impulse arrows show it until the column falls asleep).
    return world


def spin(seed: int) -> World:
    """An off-centre hit (no gravity): the target leaves spinning; momentum is conserved."""
    del seed
    bodies = [
        # Its path passes 56.25 px below the target's centre (3/8 of its side): the lever
        # arm of the hit. 150 px boxes with 230 px between their faces: both large on a
        # projector, and the whole run to the hit (23 steps at 10 px a step) in one view.
        Body("projectile", Polygon.box(150, 150, position=(150, 445)), velocity=(600.0, 0.0)),
        Body("target", Polygon.box(150, 150, position=(530, 388.75))),
        *boundary_walls(),
    ]
    world = World(bodies, gravity=(0.0, 0.0), bounds=(0, 0, SCENE_WIDTH, 720), rigid=True)
    return world


def _star_corner(k: int) -> tuple[float, float]:
    """Corner k of the star: 95 px out at even k, 40 at odd, k * 36 degrees from up."""
    reach = 95 if k % 2 == 0 else 40
    c, s = cos_sin(k * math.pi / 5)
    return (round(reach * s, 3), round(-reach * c, 3))


# The learner's outlines in scene `concave`, in the order F switches them (local vertices,
# y down, about the body's position). Only the last is convex: the others are split.
OUTLINES = (
    ("L", ((-70, -100), (-20, -100), (-20, 50), (80, 50), (80, 100), (-70, 100))),
    ("arrow", ((-90, -60), (90, 0), (-90, 60), (-45, 0))),
    ("star", tuple(_star_corner(k) for k in range(10))),
    (
        "T",
        ((-90, -70), (90, -70), (90, -25), (22, -25), (22, 70), (-22, 70), (-22, -25), (-90, -25)),
    ),
    ("box", ((-70, -70), (70, -70), (70, 70), (-70, 70))),
)
# The cup: a U, open at the top, standing on the floor: 300 wide, 150 tall, 36 px walls.
CUP = (
    (-150, -75),
    (-114, -75),
    (-114, 39),
    (114, 39),
    (114, -75),
    (150, -75),
    (150, 75),
    (-150, 75),
)


def concave(seed: int, outline: int = 0) -> World:
    """Tutorials 001 and 004: a concave outline is split into convex pieces, one rigid body.

    The learner's shape (`OUTLINES[outline]`) falls beside a cup whose hollow holds a
    box: SAT on the cup's convex hull would push the box out; on its pieces it rests."""
    del seed
    name, vertices = OUTLINES[outline % len(OUTLINES)]
    bodies = boundary_walls()
    bodies.append(Body("cup", from_outline(CUP, position=(620, _floor_top() - 75)), static=True))
    bodies.append(
        Body("box in the cup", Polygon.box(110, 60, position=(620, 520)), restitution=0.1)
    )
    bodies.append(
        Body(name, from_outline(vertices, position=(250, 330)), controlled=True, restitution=0.1)
    )
    return with_gravity(bodies)
