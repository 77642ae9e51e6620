"""Scenes: the built-in registry (one small builder per tutorial idea) and TOML scene files.

A scene is a title, a one-line lesson and a builder that makes a fresh `World`
from a seed, so that reset (R) and every headless run start from the same state.
Scene files are data, read with `tomllib`; every error names the file and field.

World coordinates are screen pixels at zoom 1 (y down) on a 1280 x 720 canvas
whose left part (x < SCENE_WIDTH) shows the world and whose right part is the
renderer's axis rulers.
"""

from __future__ import annotations

import math
import random
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .geometry import Circle, Polygon, ShapeError
from .physics import Body, World

CANVAS = (1280, 720)
SCENE_WIDTH = 860  # the world is drawn in x < SCENE_WIDTH; rulers to the right
GRAVITY = 900.0  # px / s^2

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


class SceneError(ValueError):
    """A scene name or scene file that cannot be loaded; the message says where and why."""


@dataclass(frozen=True)
class Scene:
    """A named, reproducible starting state with its lesson."""

    name: str
    title: str
    lesson: str
    build: Callable[[int], World]
    source: str = "built-in"

    def world(self, seed: int = 0) -> World:
        return self.build(seed)


# -- helpers used by several builders ------------------------------------------------


def _walls(thickness: float = 40.0, ceiling: bool = True) -> list[Body]:
    """A static box around the scene area: floor, side walls and (optionally) a ceiling."""
    w, h = SCENE_WIDTH, CANVAS[1]
    t = thickness
    walls = [
        Body("floor", Polygon.box(w, t, position=(w / 2, h - t / 2)), static=True),
        Body("left wall", Polygon.box(t, h, position=(t / 2, h / 2)), static=True),
        Body("right wall", Polygon.box(t, h, position=(w - t / 2, h / 2)), static=True),
    ]
    if ceiling:
        walls.append(Body("ceiling", Polygon.box(w, t, position=(w / 2, 110 + t / 2)), static=True))
    return walls


def _zero_g(bodies, **options) -> World:
    options.setdefault("damping", 3.0)
    return World(bodies, gravity=(0.0, 0.0), bounds=(0, 0, SCENE_WIDTH, CANVAS[1]), **options)


def _with_gravity(bodies, **options) -> World:
    options.setdefault("slop", 0.1)
    options.setdefault("correction", 0.8)
    return World(bodies, gravity=(0.0, GRAVITY), bounds=(0, 0, SCENE_WIDTH, CANVAS[1]), **options)


# -- the built-in scenes --------------------------------------------------------------


def classic(seed: int) -> World:
    """Tutorial 003: the 7-vertex polygon and a regular triangle of radius 50."""
    del seed
    return _zero_g(
        [
            Body("polygon", Polygon(TUTORIAL_003_POLYGON, position=(470, 420)), static=True),
            Body("triangle", Polygon.regular(3, 50, position=(230, 420)), controlled=True),
        ]
    )


def six_axes(seed: int) -> World:
    """Tutorial 004: two triangles, six axes, and only one (A's third edge) separates them."""
    del seed
    return _zero_g(
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
    return _zero_g(
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
    return _zero_g(
        [
            Body(
                "pentagon",
                Polygon.regular(5, 110, position=(470, 420), angle=-math.pi / 2),
                static=True,
            ),
            Body("circle", Circle(45, position=(270, 280)), controlled=True),
        ]
    )


def engulfed(seed: int) -> World:
    """Tutorial 001's engulfed case: the depth is the shorter way out, not the overlap."""
    del seed
    return _zero_g(
        [
            Body("large", Polygon.regular(6, 220, position=(440, 420)), static=True),
            Body("small", Polygon.box(70, 50, position=(520, 380), angle=0.3), controlled=True),
        ],
        resolve=False,
    )


def gravity(seed: int) -> World:
    """Tutorial 002's live demo: polygons fall on a floor; G reverses gravity."""
    rng = random.Random(seed)
    bodies = _walls()
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
    return _with_gravity(bodies, iterations=4)


def pile(seed: int, count: int = 120) -> World:
    """A pile of many bodies: sort-and-sweep keeps SAT to the pairs that might touch."""
    rng = random.Random(seed)
    bodies = _walls(ceiling=False)
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
    bodies.append(Body("player", Polygon.box(40, 40, position=(430, 150)), controlled=True))
    return _with_gravity(bodies, iterations=4)


def tunnelling(seed: int) -> World:
    """A fast thin bullet against a thin wall: without the swept test it tunnels through.

    No body is steered here; the overlay explains the swept bullet against its wall
    (Tab shows it against the other bodies, R fires again).
    """
    del seed
    speed = 3600.0  # px/s: 60 px per tick, ten times the wall's thickness
    world = _zero_g(
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
    world.partner = world.index("wall (bottom)")
    return world


SCENES: dict[str, Scene] = {
    s.name: s
    for s in (
        Scene(
            "classic",
            "The classic SAT demo (tutorial 003)",
            "Arrows move the triangle. 10 axes are tested; the MTV slides it along the polygon.",
            classic,
        ),
        Scene(
            "six-axes",
            "Six axes, one separates (tutorial 004)",
            "Six axes; only A's third edge (e2 here, the tutorial's e3) has a gap: no collision.",
            six_axes,
        ),
        Scene(
            "squares",
            "Two squares (tutorial 001)",
            "Colliding: the projections overlap on every axis. The least overlap is the MTV.",
            squares,
        ),
        Scene(
            "circle",
            "Circle against polygon (tutorial 004)",
            "A circle adds one axis: from the polygon's closest vertex to the circle's centre.",
            circle_polygon,
        ),
        Scene(
            "engulfed",
            "One shape inside another (tutorial 001)",
            "Inside: the depth is the shorter way out, not the interval overlap.",
            engulfed,
        ),
        Scene(
            "gravity",
            "Falling polygons (tutorial 002)",
            "Contacts resolved by the MTV plus an impulse. G reverses gravity.",
            gravity,
        ),
        Scene(
            "pile",
            "A pile: broad phase first (tutorial 004)",
            "Sort-and-sweep on bounding boxes hands SAT only the pairs that might touch.",
            pile,
        ),
        Scene(
            "tunnelling",
            "Tunnelling and the swept test (tutorial 003)",
            "At 60 px a tick the top bullet skips its wall; the swept test stops the bottom one.",
            tunnelling,
        ),
    )
}
DEFAULT_SCENE = "classic"


# -- scene files ----------------------------------------------------------------------

_SHAPES = ("polygon", "regular", "box", "circle")
_BODY_KEYS = {
    "name",
    "shape",
    "vertices",
    "sides",
    "radius",
    "width",
    "height",
    "position",
    "angle",
    "velocity",
    "static",
    "density",
    "restitution",
    "friction",
    "controlled",
    "bullet",
}
_TOP_KEYS = {"title", "lesson", "gravity", "resolve", "swept", "damping", "body"}


def load_scene(name_or_path: str) -> Scene:
    """A built-in scene by name, or a scene from a .toml file."""
    if name_or_path in SCENES:
        return SCENES[name_or_path]
    path = Path(name_or_path)
    if path.suffix.lower() != ".toml" and not path.exists():
        raise SceneError(
            f"unknown scene {name_or_path!r}; built-in scenes: {', '.join(SCENES)} "
            "(or give a path to a .toml scene file)"
        )
    return load_scene_file(path)


def load_scene_file(path: Path) -> Scene:
    """Read and validate a TOML scene file; build it once so errors surface now."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise SceneError(f"{path}: cannot read scene file ({error.strerror or error})") from None
    except UnicodeDecodeError:
        raise SceneError(f"{path}: scene file is not UTF-8 text") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise SceneError(f"{path}: not valid TOML: {error}") from None
    spec = _validate_scene(data, str(path))
    scene = Scene(
        name=path.stem,
        title=spec["title"],
        lesson=spec["lesson"],
        build=lambda seed: _build_from_spec(spec, str(path)),
        source=str(path),
    )
    scene.world(0)  # any remaining error (e.g. two controlled bodies) is raised here
    return scene


def _fail(where: str, field: str, message: str):
    raise SceneError(f"{where}: {field}: {message}")


def _number(value, where, field, *, positive=False, minimum=None, maximum=None) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        _fail(where, field, f"must be a number, got {value!r}")
    value = float(value)
    if not math.isfinite(value):
        _fail(where, field, f"must be finite, got {value}")
    if positive and value <= 0:
        _fail(where, field, f"must be positive, got {value:g}")
    if minimum is not None and value < minimum:
        _fail(where, field, f"must be at least {minimum:g}, got {value:g}")
    if maximum is not None and value > maximum:
        _fail(where, field, f"must be at most {maximum:g}, got {value:g}")
    return value


def _pair(value, where, field) -> tuple[float, float]:
    if not isinstance(value, list) or len(value) != 2:
        _fail(where, field, f"must be a pair [x, y], got {value!r}")
    return (_number(value[0], where, f"{field}[0]"), _number(value[1], where, f"{field}[1]"))


def _flag(value, where, field) -> bool:
    if not isinstance(value, bool):
        _fail(where, field, f"must be true or false, got {value!r}")
    return value


def _text(value, where, field) -> str:
    if not isinstance(value, str) or not value.strip():
        _fail(where, field, f"must be a non-empty string, got {value!r}")
    return value


def _validate_scene(data: dict, where: str) -> dict:
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        _fail(where, unknown[0], f"unknown field (allowed: {', '.join(sorted(_TOP_KEYS))})")
    spec = {
        "title": _text(data.get("title", Path(where).stem), where, "title"),
        "lesson": _text(data.get("lesson", "A scene from a file."), where, "lesson"),
        "gravity": _pair(data.get("gravity", [0, 0]), where, "gravity"),
        "resolve": _flag(data.get("resolve", True), where, "resolve"),
        "swept": _flag(data.get("swept", True), where, "swept"),
        "damping": _number(data.get("damping", 0.0), where, "damping", minimum=0, maximum=60),
    }
    bodies = data.get("body")
    if not isinstance(bodies, list) or not bodies:
        _fail(where, "body", "a scene needs at least one [[body]] table")
    if len(bodies) > 2000:
        _fail(where, "body", f"at most 2000 bodies, got {len(bodies)}")
    spec["bodies"] = [_validate_body(b, where, f"body[{i}]") for i, b in enumerate(bodies)]
    names = [b["name"] for b in spec["bodies"]]
    for i, name in enumerate(names):
        if name in names[:i]:
            _fail(where, f"body[{i}].name", f"duplicate name {name!r}")
    if sum(b["controlled"] for b in spec["bodies"]) > 1:
        _fail(where, "body", "at most one body can have controlled = true")
    return spec


def _validate_body(body, where: str, at: str) -> dict:
    if not isinstance(body, dict):
        _fail(where, at, "must be a table")
    unknown = sorted(set(body) - _BODY_KEYS)
    if unknown:
        _fail(
            where, f"{at}.{unknown[0]}", f"unknown field (allowed: {', '.join(sorted(_BODY_KEYS))})"
        )
    kind = body.get("shape")
    if kind not in _SHAPES:
        _fail(where, f"{at}.shape", f"must be one of {', '.join(_SHAPES)}, got {kind!r}")
    position = _pair(body.get("position", [0, 0]), where, f"{at}.position")
    angle = _number(body.get("angle", 0.0), where, f"{at}.angle")
    try:
        if kind == "polygon":
            vertices = body.get("vertices")
            if not isinstance(vertices, list):
                _fail(where, f"{at}.vertices", "must be a list of [x, y] pairs")
            points = [_pair(v, where, f"{at}.vertices[{k}]") for k, v in enumerate(vertices)]
            shape = Polygon(points, position, angle)
        elif kind == "regular":
            sides = body.get("sides")
            if isinstance(sides, bool) or not isinstance(sides, int) or not 3 <= sides <= 64:
                _fail(where, f"{at}.sides", f"must be a whole number from 3 to 64, got {sides!r}")
            radius = _number(body.get("radius"), where, f"{at}.radius", positive=True)
            shape = Polygon.regular(sides, radius, position, angle)
        elif kind == "box":
            width = _number(body.get("width"), where, f"{at}.width", positive=True)
            height = _number(body.get("height"), where, f"{at}.height", positive=True)
            shape = Polygon.box(width, height, position, angle)
        else:
            radius = _number(body.get("radius"), where, f"{at}.radius", positive=True)
            shape = Circle(radius, position, angle)
    except ShapeError as error:
        field = {"polygon": "vertices", "regular": "sides", "box": "width"}.get(kind, "radius")
        raise SceneError(f"{where}: {at}.{field}: {error}") from None
    return {
        "name": _text(body.get("name", at), where, f"{at}.name"),
        "shape": shape,
        "velocity": _pair(body.get("velocity", [0, 0]), where, f"{at}.velocity"),
        "static": _flag(body.get("static", False), where, f"{at}.static"),
        "density": _number(body.get("density", 1.0), where, f"{at}.density", positive=True),
        "restitution": _number(
            body.get("restitution", 0.2), where, f"{at}.restitution", minimum=0, maximum=1
        ),
        "friction": _number(
            body.get("friction", 0.3), where, f"{at}.friction", minimum=0, maximum=10
        ),
        "controlled": _flag(body.get("controlled", False), where, f"{at}.controlled"),
        "bullet": _flag(body.get("bullet", False), where, f"{at}.bullet"),
    }


def _build_from_spec(spec: dict, where: str) -> World:
    bodies = [Body(**b) for b in spec["bodies"]]
    try:
        return World(
            bodies,
            gravity=spec["gravity"],
            bounds=(0, 0, SCENE_WIDTH, CANVAS[1]),
            resolve=spec["resolve"],
            swept=spec["swept"],
            damping=spec["damping"],
        )
    except ValueError as error:
        raise SceneError(f"{where}: {error}") from None
