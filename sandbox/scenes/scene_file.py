"""TOML scene files: read as data with `tomllib` and validated; errors name file and field."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import numpy as np

from ..core.locales import N_
from ..core.parse_words import ParseError, toml_error
from ..physics.body import Body
from ..physics.broadphase import sort_and_sweep
from ..physics.world import World
from . import limits
from .base import CANVAS, SCENE_WIDTH, Scene, SceneError
from .files import InputFileError, read_text_file
from .scene_bodies import validate_body
from .scene_fields import _fail, _flag, _key, _number, _pair, _shown, _text, _whole

_TOP_KEYS = {"title", "lesson", "gravity", "resolve", "swept", "damping", "body"}
# Optional solver settings; absent ones take World's defaults, the same as the built-in
# scenes get. Rigid worlds: substeps, relax_iterations (from 1: the relax pass takes the
# push-out velocity away again; without it the pushes stay in the bodies and a pyramid
# blows apart). MTV worlds: iterations (push-out passes a step).
_SOLVER_KEYS = {"substeps": (1, 32), "relax_iterations": (1, 16), "iterations": (1, 16)}
# MTV worlds: the overlap (px) left in place, and the share of the MTV applied per pass.
_MTV_NUMBERS = {"slop": (0.0, 100.0), "correction": (1e-3, 1.0)}
# The scene's own behaviour: the pair on show (body names), the pairs Tab steps through,
# opening in slow motion, pausing on the first impact of the pair on show.
_SHOW_KEYS = {"focus", "partner", "tab_pairs", "slow_start", "hold_at_impact", "view"}
_TOP_KEYS |= set(_SOLVER_KEYS) | set(_MTV_NUMBERS) | _SHOW_KEYS | {"sleep", "rigid"}
MAX_TAB_PAIRS = 32


def read_toml(path: Path, limit: int, what: str) -> dict:
    """The TOML table of an input file (a scene or a lesson), read as data; SceneError
    naming the file when it cannot be read or is not TOML."""
    try:
        text = read_text_file(path, limit, what)
    except InputFileError as error:
        raise SceneError.words(N_("{path}: {error}"), path=path, error=error) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise _not_toml(path, toml_error(error)) from None
    except RecursionError:
        raise SceneError.words(N_("{path}: not valid TOML: nested too deeply"), path=path) from None
    except ValueError:  # an integer of more than 4,300 digits (int()'s limit)
        raise SceneError.words(
            N_("{path}: not valid TOML: a whole number of more than {most:,} digits"),
            path=path,
            most=sys.get_int_max_str_digits(),
        ) from None


def _not_toml(path: Path, where: ParseError) -> SceneError:
    """A TOML file's syntax error: the place (line and column, or the end of the file)
    and tomllib's reason, said in the class's language (core.parse_words)."""
    if where.line is not None:
        return SceneError.words(
            N_("{path}: not valid TOML at line {line}, column {column}: {reason}"),
            path=path,
            line=where.line,
            column=where.column,
            reason=where.reason,
        )
    if where.at_end:
        return SceneError.words(
            N_("{path}: not valid TOML at the end of the file: {reason}"),
            path=path,
            reason=where.reason,
        )
    return SceneError.words(N_("{path}: not valid TOML: {reason}"), path=path, reason=where.reason)


def load_scene_file(path: Path) -> Scene:
    """Read and validate a TOML scene file; build it once so errors surface now."""
    data = read_toml(path, limits.MAX_SCENE_BYTES, N_("scene file"))
    return scene_from_table(data, str(path), path.stem, str(path))


def scene_from_table(data: dict, where: str, name: str, source: str) -> Scene:
    """A scene from the TOML table of a scene file (or a lesson's inline scene), checked;
    built once so that any remaining error (e.g. two controlled bodies) is raised now.
    Errors read "{where}: {field}: why"."""
    if not isinstance(data, dict):
        raise SceneError.words(
            N_("{where}: must be a table (a scene), got {data}"), where=where, data=_shown(data)
        )
    spec = _validate_scene(data, where)
    scene = Scene(
        name=name,
        title=spec["title"],
        lesson=spec["lesson"],
        build=lambda seed: _build_from_spec(spec, where),
        source=source,
        tab_pairs=spec["tab_pairs"],
        pair=(spec["focus"], spec["partner"]),
        slow_start=spec["slow_start"],
        hold_at_impact=spec["hold_at_impact"],
        view=spec["view"],
    )
    scene.world(0)
    return scene


def _default_title(where: str) -> str:
    stem = Path(where).stem[: limits.MAX_TITLE]
    return stem if stem.strip() and stem.isprintable() else "A scene file"


def _validate_scene(data: dict, where: str) -> dict:
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        _fail(
            where,
            _key(unknown[0]),
            N_("unknown field (allowed: {allowed})"),
            allowed=", ".join(sorted(_TOP_KEYS)),
        )
    spec = {
        "title": _text(data.get("title", _default_title(where)), where, "title", limits.MAX_TITLE),
        "lesson": _text(
            data.get("lesson", "A scene from a file."), where, "lesson", limits.MAX_LESSON
        ),
        "gravity": _pair(data.get("gravity", [0, 0]), where, "gravity", limits.MAX_GRAVITY),
        "resolve": _flag(data.get("resolve", True), where, "resolve"),
        "swept": _flag(data.get("swept", True), where, "swept"),
        "damping": _number(data.get("damping", 0.0), where, "damping", minimum=0, maximum=60),
    }
    solver = {}
    for key, (low, high) in _SOLVER_KEYS.items():
        if key in data:
            solver[key] = _whole(data[key], where, key, low, high)
    for key, (low, high) in _MTV_NUMBERS.items():
        if key in data:
            solver[key] = _number(data[key], where, key, minimum=low, maximum=high)
    if "sleep" in data:
        solver["sleep"] = _flag(data["sleep"], where, "sleep")
    # rigid = true: bodies that turn and bounce (the soft-step solver) even without
    # gravity (billiards, a cradle); false: the MTV push-out of the tutorials even under
    # gravity. Absent: rigid exactly when there is gravity, as the built-in scenes.
    if "rigid" in data:
        solver["rigid"] = _flag(data["rigid"], where, "rigid")
    spec["solver"] = solver
    bodies = data.get("body")
    if not isinstance(bodies, list) or not bodies:
        _fail(where, "body", N_("a scene needs at least one [[body]] table"))
    if len(bodies) > limits.MAX_BODIES:
        _fail(
            where,
            "body",
            N_("at most {max_bodies} bodies, got {bodies_count}"),
            max_bodies=limits.MAX_BODIES,
            bodies_count=len(bodies),
        )
    spec["bodies"] = [validate_body(b, where, f"body[{i}]") for i, b in enumerate(bodies)]
    names = [b["name"] for b in spec["bodies"]]
    for i, name in enumerate(names):
        if name in names[:i]:
            _fail(where, f"body[{i}].name", N_("duplicate name {name!r}"), name=name)
    if sum(b["controlled"] for b in spec["bodies"]) > 1:
        _fail(where, "body", N_("at most one body can have controlled = true"))
    for key in ("focus", "partner"):
        spec[key] = _body_name(data[key], names, where, key) if key in data else None
    spec["tab_pairs"] = _tab_pairs(data.get("tab_pairs", []), names, where)
    spec["slow_start"] = _flag(data.get("slow_start", False), where, "slow_start")
    spec["hold_at_impact"] = _flag(data.get("hold_at_impact", False), where, "hold_at_impact")
    spec["view"] = read_view(data.get("view", "fit"), where, "view")
    return spec


def read_view(value, where: str, field: str) -> str | tuple[float, float, float]:
    """How the camera opens: "fit", "pair", or a table { zoom = Z, centre = [X, Y] }
    (zoom 1..MAX_ZOOM about that world point)."""
    if value in ("fit", "pair"):
        return value
    if not isinstance(value, dict):
        _fail(
            where,
            field,
            N_('must be "fit", "pair" or {{ zoom = 2, centre = [X, Y] }}, got {value}'),
            value=_shown(value),
        )
    unknown = sorted(set(value) - {"zoom", "centre"})
    if unknown or "zoom" not in value or "centre" not in value:
        _fail(where, field, N_("a view table has zoom and centre, nothing else"))
    zoom = _number(value["zoom"], where, f"{field}.zoom", minimum=1.0, maximum=limits.MAX_ZOOM)
    x, y = _pair(value["centre"], where, f"{field}.centre", limits.MAX_COORDINATE)
    return (zoom, x, y)


def _body_name(value, names: list[str], where: str, field: str) -> str:
    """`value` when it names one of the scene's bodies."""
    if not isinstance(value, str) or value not in names:
        _fail(
            where,
            field,
            N_("must name one of the scene's bodies, got {value}"),
            value=_shown(value),
        )
    return value


def _tab_pairs(value, names: list[str], where: str) -> tuple[tuple[str, str], ...]:
    """[[A name, B name], ...]: the pairs Tab shows in turn, two different bodies each."""
    if not isinstance(value, list) or len(value) > MAX_TAB_PAIRS:
        _fail(
            where,
            "tab_pairs",
            N_("must be a list of at most {max_tab_pairs} [A, B] name pairs"),
            max_tab_pairs=MAX_TAB_PAIRS,
        )
    pairs = []
    for k, pair in enumerate(value):
        field = f"tab_pairs[{k}]"
        if not isinstance(pair, list) or len(pair) != 2:
            _fail(
                where,
                field,
                N_("must be a pair of body names [A, B], got {pair}"),
                pair=_shown(pair),
            )
        a, b = (_body_name(name, names, where, f"{field}[{j}]") for j, name in enumerate(pair))
        if a == b:
            _fail(where, field, N_("names {a!r} twice; a pair is two bodies"), a=a)
        pairs.append((a, b))
    return tuple(pairs)


def _build_from_spec(spec: dict, where: str) -> World:
    bodies = [Body(**b) for b in spec["bodies"]]
    _refuse_heaps(bodies, where)
    try:
        world = World(
            bodies,
            gravity=spec["gravity"],
            bounds=(0, 0, SCENE_WIDTH, CANVAS[1]),
            resolve=spec["resolve"],
            swept=spec["swept"],
            damping=spec["damping"],
            **spec["solver"],
        )
    except ValueError as error:
        raise SceneError.words(N_("{where}: {error}"), where=where, error=error) from None
    return world


def _refuse_heaps(bodies: list[Body], where: str) -> None:
    """SceneError if more than MAX_START_OVERLAPS body pairs start with overlapping boxes
    (found by the world's own sort and sweep, before any world is built)."""
    if len(bodies) < 2:
        return
    boxes = [body.shape.aabb() for body in bodies]
    boxes = np.array([(b.min_x, b.min_y, b.max_x, b.max_y) for b in boxes])
    fixed = np.array([body.static for body in bodies])
    pairs = len(sort_and_sweep(boxes, fixed).pairs)
    if pairs > limits.MAX_START_OVERLAPS:
        raise SceneError.words(
            N_(
                "{where}: {pairs:,} pairs of bodies start overlapping (at most "
                "{max_start_overlaps:,}): spread them out, the solver cannot untangle a heap"
            ),
            where=where,
            pairs=pairs,
            max_start_overlaps=limits.MAX_START_OVERLAPS,
        )
