"""Writing a World as a TOML scene file: the very format `scene_file` reads, bit for bit.

    world_to_toml(world, title=..., lesson=...) -> str     any world of plain bodies
    scene_to_toml(scene, world) -> str                      with the scene's own settings

The contract: reading the text back (`scene_file.scene_from_table`) builds a world whose
bodies, poses, speeds and settings are the world's, bit for bit; the world is as it
stands now, from tick 0 (its sleep, warm starts and contacts start afresh, as any
scene's do), its density, friction and restitution as Tune left them. Floats are written
with `repr` (the shortest text that reads back to the same float); strings as TOML basic
strings, escaped. Every polygon is written as its local vertices (a box or a regular
polygon too: the same vertices, so the same shape), a concave body as its outline (the
reader splits it again, the same way). Before the text is handed out it is read back and
the rebuilt world compared with the world: anything the format cannot hold (bounds other
than the scene canvas, a demo, a broad phase other than sort and sweep, a body outside
the scene file limits) is a SceneError naming it, never a file that loads as something
else. No third-party TOML writer: a small emitter.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import replace

import numpy as np

from ..core.compound import Compound
from ..core.geometry import Circle, Polygon
from ..core.locales import N_
from ..physics.packing import MATERIAL, PACKED
from ..physics.world import POSE, World
from ..physics.world import SETTINGS as WORLD_SETTINGS
from .base import Scene, SceneError
from .scene_bodies import BODY_DEFAULTS
from .scene_file import scene_from_table

# The world's settings (the World declares them: physics/settings.py), and the body it
# steers, each compared after the read-back.
CHECKED_SETTINGS = (*WORLD_SETTINGS, "controlled")
# The per-body arrays a world builds from its bodies (the World declares them: its pose,
# the packed shapes and the materials), each compared bit for bit.
BODY_ARRAYS = (*POSE, *PACKED, *MATERIAL)
# Fields of a Body compared one by one (its shape and speeds are in the arrays above).
BODY_FIELDS = ("name", "static", "density", "restitution", "friction", "controlled", "bullet")
BODY_FIELDS += ("fixed_rotation",)
# Built-in scenes drawn by a lesson of their own: the file would hold bodies only.
DEMOS = {
    "dot-product": "its vectors and their dot product are drawn by the demo, not held by bodies",
    "broad-phase": "its broad-phase panel, F (sort and sweep, grid, quadtree) and Y "
    "(restart overlapping) belong to the built-in scene",
    "sat-3d": "its two polyhedra live in the 3D view, not in the world's bodies",
}


def toml_string(text: str) -> str:
    """`text` as a TOML basic string: quotes and backslashes escaped, control characters
    (U+0000..U+001F, U+007F) written as escapes; everything else as itself (UTF-8)."""
    out = ['"']
    for character in text:
        code = ord(character)
        if character in ('"', "\\"):
            out.append("\\" + character)
        elif code < 0x20 or code == 0x7F:
            out.append(_SHORT_ESCAPES.get(character, f"\\u{code:04X}"))
        else:
            out.append(character)
    out.append('"')
    return "".join(out)


_SHORT_ESCAPES = {"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def toml_float(value) -> str:
    """A finite float as TOML, exactly (repr: the shortest text that reads back the same)."""
    number = float(value)
    if not math.isfinite(number):
        raise SceneError.words(
            N_("cannot save a number that is not finite ({number})"), number=number
        )
    return repr(number)


def _value(value) -> str:
    """A Python value (bool, float, str, or a list or tuple of them) as TOML."""
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, (float, np.floating)):
        return toml_float(value)
    if isinstance(value, str):
        return toml_string(value)
    return "[" + ", ".join(_value(v) for v in value) + "]"


def _same(value, default) -> bool:
    """Whether `value` is `default` exactly (0.0 is not -0.0: its text differs)."""
    return _value(value) == _value(default)


def world_to_toml(
    world: World,
    *,
    title: str = "A saved scene",
    lesson: str = "A scene saved from the sandbox.",
    tab_pairs: tuple[tuple[str, str], ...] = (),
    pair: tuple[str | None, str | None] = (None, None),
    slow_start: bool = False,
    hold_at_impact: bool = False,
    view: str | tuple[float, float, float] = "fit",
) -> str:
    """The world as the text of a TOML scene file; SceneError naming what cannot be held.
    `pair`: the pair on show by name (shape A, shape B; None: the default)."""
    lines = [
        "# A SAT Sandbox scene file (python main.py --scene FILE), saved by the program.",
        f"title = {toml_string(title)}",
        f"lesson = {toml_string(lesson)}",
        f"gravity = {_value(world.gravity)}",
        f"rigid = {_value(world.rigid)}",
        f"resolve = {_value(world.resolve)}",
        f"swept = {_value(world.swept)}",
        f"damping = {_value(float(world.damping))}",
        f"substeps = {_value(world.substeps)}",
        f"relax_iterations = {_value(world.relax_iterations)}",
        f"sleep = {_value(world.sleep)}",
        f"iterations = {_value(world.iterations)}",
        f"slop = {_value(float(world.slop))}",
        f"correction = {_value(float(world.correction))}",
    ]
    for key, name in zip(("focus", "partner"), pair, strict=True):
        if name is not None:
            lines.append(f"{key} = {toml_string(name)}")
    if tab_pairs:
        lines.append(f"tab_pairs = {_value([list(pair) for pair in tab_pairs])}")
    if slow_start:
        lines.append("slow_start = true")
    if hold_at_impact:
        lines.append("hold_at_impact = true")
    if view == "pair":
        lines.append('view = "pair"')
    elif view != "fit":
        zoom, x, y = view
        lines.append(f"view = {{ zoom = {_value(float(zoom))}, centre = {_value([x, y])} }}")
    for i, body in enumerate(world.bodies):
        lines.append("")
        lines.append("[[body]]")
        lines += [f"{key} = {text}" for key, text in _body_fields(world, i, body)]
    text = "\n".join(lines) + "\n"
    _check_read_back(world, text, pair)
    return text


def scene_to_toml(
    scene: Scene, world: World, pair: tuple[str | None, str | None] = (None, None)
) -> str:
    """`world` (a world of `scene`) as a scene file keeping the scene's title, lesson and
    own settings (Tab's pairs, slow start, the hold at impact) and `pair`, the pair on
    show by name; a demo scene is refused.
    A built-in scene's F switch of outlines (`concave`) is the built-in's: the file keeps
    the outline on show."""
    check_saveable(scene)
    return world_to_toml(
        world,
        title=scene.title,
        lesson=scene.lesson,
        tab_pairs=scene.tab_pairs,
        pair=pair,
        slow_start=scene.slow_start,
        hold_at_impact=scene.hold_at_impact,
        view=scene.view,
    )


def check_saveable(scene: Scene) -> None:
    """SceneError when `scene` is one a scene file cannot hold (a demo), saying why."""
    if scene.demo is not None:
        why = DEMOS.get(scene.demo, "it is drawn by a demo of its own")
        raise SceneError.words(
            N_("scene {name!r} cannot be saved as a scene file: it is a demo ({why})"),
            name=scene.name,
            why=why,
        )


def _body_fields(world: World, i: int, body) -> list[tuple[str, str]]:
    """(key, TOML text) of body i as it stands now, fields at their default left out."""
    shape = body.shape
    fields = [("name", toml_string(body.name))]
    if isinstance(shape, Circle):
        fields += [("shape", '"circle"'), ("radius", toml_float(shape.radius))]
    elif isinstance(shape, Polygon):
        fields += [("shape", '"polygon"'), ("vertices", _value(shape.local_vertices.tolist()))]
    elif isinstance(shape, Compound):
        fields += [("shape", '"polygon"'), ("vertices", _value(shape.local_outline.tolist()))]
    else:
        raise SceneError.words(
            N_("body {name!r}: a {kind} cannot be saved"), name=body.name, kind=type(shape).__name__
        )
    now = {
        "position": [float(v) for v in world.position[i]],
        "angle": float(world.angle[i]),
        "velocity": [float(v) for v in world.velocity[i]],
        "static": bool(body.static),
        **_material(world, i, body),
        "controlled": bool(body.controlled),
        "bullet": bool(body.bullet),
        "fixed_rotation": bool(body.fixed_rotation),
        "angular_velocity": float(world.omega[i]),
    }
    fields += [(k, _value(v)) for k, v in now.items() if not _same(v, BODY_DEFAULTS[k])]
    return fields


def _material(world: World, i: int, body) -> dict[str, float]:
    """Body i's density, restitution and friction as the world has them now: Tune's
    sliders (World.set_friction, set_restitution, set_density) change the world's arrays,
    not its Body records, and the file keeps what the world does."""
    return {
        "density": _density_now(world, i, body),
        "restitution": float(world.restitution_of[i]),
        "friction": float(world.friction_of[i]),
    }


def _density_now(world: World, i: int, body) -> float:
    """The density whose body has body i's inverse mass and inertia now, bit for bit.

    World keeps a tuned density only as inv_mass (and inv_inertia); world.density(i)
    inverts it, which may be an ulp off the value set. The density written is the
    shortest decimal near it (then its neighbouring floats) that rebuilds both exactly,
    as a scene file's body is built (Body.inv_mass, Body.inv_inertia)."""
    target = (float(world.inv_mass[i]), float(world.inv_inertia[i]))

    def fits(density: float) -> bool:
        tuned = replace(body, density=density)
        return _bits((tuned.inv_mass, tuned.inv_inertia)) == _bits(target)

    if fits(float(body.density)):
        return float(body.density)
    guess = world.density(i)
    shortest = [float(f"{guess:.{digits}g}") for digits in range(1, 18)]
    near, below, above = [], guess, guess
    for _ in range(16):
        below, above = math.nextafter(below, 0.0), math.nextafter(above, math.inf)
        near += [above, below]
    for density in (*shortest, guess, *near):
        if math.isfinite(density) and density > 0.0 and fits(density):
            return density
    raise SceneError.words(
        N_(
            "cannot save this world as a scene file: body {name!r}'s density ({guess!r}) "
            "is not one a scene file can rebuild exactly"
        ),
        name=body.name,
        guess=guess,
    )


def _check_read_back(world: World, text: str, pair: tuple) -> None:
    """SceneError unless `text` reads back (as `--scene` would) to the world, bit for
    bit, and to the pair on show `pair`."""
    where = "the saved scene"
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:  # the emitter's own fault: never a file
        raise SceneError.words(
            N_("{where}: the writer made text that is not TOML ({error})"), where=where, error=error
        ) from None
    try:
        scene = scene_from_table(data, where, "saved", "saved")
    except SceneError as error:
        raise SceneError.words(
            N_("cannot save this world as a scene file: {error}"), error=error
        ) from None
    if scene.pair != tuple(pair):
        raise SceneError.words(
            N_("cannot save this world as a scene file: the pair {pair!r}"), pair=pair
        )
    rebuilt = scene.world(0)
    for name in CHECKED_SETTINGS:
        if _bits(getattr(world, name)) != _bits(getattr(rebuilt, name)):
            raise SceneError.words(
                N_(
                    "cannot save this world as a scene file: its {name} ({value!r}) is not one a "
                    "scene file can hold"
                ),
                name=name,
                value=getattr(world, name),
            )
    for name in BODY_ARRAYS:
        if not _same_arrays(getattr(world, name), getattr(rebuilt, name)):
            raise SceneError.words(
                N_(
                    "cannot save this world as a scene file: its bodies' {name} would read back "
                    "differently"
                ),
                name=name,
            )
    for i, (mine, theirs) in enumerate(zip(world.bodies, rebuilt.bodies, strict=True)):
        material = _material(world, i, mine)  # Tune's values, not the Body's
        for field in BODY_FIELDS:
            have = material[field] if field in material else getattr(mine, field)
            if _bits(have) != _bits(getattr(theirs, field)):
                raise SceneError.words(
                    N_(
                        "cannot save this world as a scene file: body {name!r}'s {field} "
                        "would read back differently"
                    ),
                    name=mine.name,
                    field=field,
                )
        if type(mine.shape) is not type(theirs.shape):
            raise SceneError.words(
                N_(
                    "cannot save this world as a scene file: body {name!r} would read back as a "
                    "{kind}, not a {kind2}"
                ),
                name=mine.name,
                kind=theirs.shape.kind,
                kind2=mine.shape.kind,
            )


def _same_arrays(mine, theirs) -> bool:
    """The same shapes and bits: an array, or a list of them (`pieces_of`)."""
    if isinstance(mine, list):
        return len(mine) == len(theirs) and all(map(_same_arrays, mine, theirs))
    return mine.shape == theirs.shape and mine.tobytes() == theirs.tobytes()


def _bits(value) -> str:
    """A setting as exact text (floats by repr: -0.0 and 0.0 differ, as in a dump)."""
    if isinstance(value, (tuple, list)):
        return "(" + ",".join(_bits(v) for v in value) + ")"
    if isinstance(value, (float, np.floating)):
        return repr(float(value))
    if isinstance(value, (np.integer, np.bool_)):
        return repr(value.item())
    return repr(value)
