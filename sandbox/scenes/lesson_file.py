"""Lesson files: a title and an ordered list of stages, read as TOML data and validated.

A lesson is what a teacher prepares at home: each stage opens a scene the way the class
should see it (the overlays, which bodies are A and B, the speed, paused or not, the
step-through at an axis), says what the teacher says, may play scripted input as it
opens, and may ask the class to predict before it shows the answer::

    title = "Shadows and the separating axis"
    summary = "From the dot product to the first axis with a gap."   # optional

    [[stage]]
    title = "Six axes, one separates"              # required
    say = "Two triangles: three edges each ..."    # required: the narration band shows it
    scene = "six-axes"          # built-in name | a .toml path (beside the lesson) | a table
    a = "A"                     # optional: the bodies shown as shape A and shape B
    b = "B"
    overlays = { projections = true, minkowski = false }   # on / off; the rest: defaults
    speed = "1/4x"              # 1x, 1/2x, 1/4x or 1/10x (default 1x)
    paused = true               # after the opening input (default false)
    view = "pair"               # the camera frames the pair on show and follows shape A
                                #   (the default); "fit": the whole scene; or a zoom about
                                #   a world point: { zoom = 2.5, centre = [400, 300] }
    axis = 3                    # the step-through open at step 3 (it pauses)
    hold = ["right:0-29"]       # scripted input, as --hold / --drag / --click / --shift-click,
    drag = []                   #   its steps counted from the stage's opening
    steps = 30                  # the steps the opening plays (default: the script's last + 1)
                                #   at most MAX_OPENING_STEPS (1,800), and no script item
                                #   may name a step past it (the opening would be any length)

    [stage.predict]             # optional: the world freezes until the class answers
    question = "Which axis separates them?"
    kind = "axis"               # axis: which axis separates them? (keys 1..n: the axes
                                #   in test order) | mtv: which axis gives the MTV?
                                # | collide: will they touch within `steps` steps? (y / n)
                                # | choice (keys and choices your own)
    answer = "3"
    explain = "Only on A's e2 do the shadows leave a gap."
    keys = ["1", "2"]           # choice: the keys that answer (one letter or digit each;
                                #   not q, e, r: see KEY_CLASHES); choices: a label each
    choices = ["yes", "no"]
    steps = 10                  # collide: steps to look ahead (and to run as evidence)
    hold = ["right:0-9"]        # keys held while they run (as --hold, counted from the answer)
    counted = "the normals"     # optional: what the class counts on screen to answer; the
                                #   answer may be drawn before it is asked only if so

Every error is one line naming the file, the stage and the field:
``lesson.toml: stage 3: predict.answer: must be one of the keys 1..6, got '7'``. What
needs the world to check (an axis beyond the pair's steps, an answer the scene proves
wrong, a script the command line would refuse) is checked by the app when it rehearses
the lesson (app/lesson_run.py), in the same words.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.locales import N_
from ..core.worded import Phrase
from . import limits
from .base import Scene, SceneError
from .lesson_fields import _strings, _text, _unknown
from .lesson_languages import translated
from .lesson_predict import NUMBERED_KINDS, Prediction, read_prediction
from .registry import SCENES, load_scene
from .scene_fields import _fail, _flag, _shown, _whole
from .scene_file import read_toml, read_view, scene_from_table

MAX_LESSON_BYTES = 1 << 20
MAX_STAGES = 60
MAX_SAY = 320  # characters: what a teacher says while a stage is on show
MAX_OPENING_STEPS = 1800  # 30 s: an opening longer than this is not an opening
SPEED_LABELS = ("1x", "1/2x", "1/4x", "1/10x")  # the session's speeds, by their labels
# A stage's overlay names (the words a teacher writes) -> render.overlays.Overlays fields.
OVERLAY_NAMES = {
    "normals": "show_normals",
    "labels": "show_vertex_indices",
    "projections": "show_projections",
    "separating_axis": "show_separating_axis",
    "mtv": "show_mtv",
    "contacts": "show_contacts",
    "impulses": "show_impulses",
    "boxes": "show_aabbs",
    "minkowski": "show_minkowski",
    "hud": "show_hud",
}
SCRIPT_FIELDS = ("hold", "drag", "click", "shift_click")
_TOP_KEYS = {"title", "summary", "stage"}
_STAGE_KEYS = {"title", "say", "scene", "a", "b", "overlays", "speed", "paused", "axis", "steps"}
_STAGE_KEYS |= {"view"}
_STAGE_KEYS |= set(SCRIPT_FIELDS) | {"predict"}


@dataclass(frozen=True)
class Stage:
    """One stage as authored (plain data; the app opens it)."""

    title: str
    say: str
    scene: Scene
    a: str | None = None
    b: str | None = None
    overlays: tuple[tuple[str, bool], ...] = ()  # (Overlays field, on?) as written
    speed: str = "1x"
    paused: bool = False
    axis: int | None = None  # 1-based step of the step-through
    script: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (field, texts) as written
    steps: int | None = None  # None: as long as the script
    predict: Prediction | None = None
    view: str | tuple[float, float, float] = "pair"  # scene_file.read_view's values


@dataclass(frozen=True)
class Lesson:
    name: str
    title: str
    summary: str
    stages: tuple[Stage, ...]
    source: str  # the file it was read from


def load_lesson_file(path: Path, name: str | None = None, code: str = "en") -> Lesson:
    """Read and validate a TOML lesson file; SceneError (one line) when it is wrong. `code`:
    the language to read it in (its translation tables, where the file has them)."""
    data = read_toml(path, MAX_LESSON_BYTES, N_("lesson file"))
    return lesson_from_table(translated(data, code, str(path)), path, name or path.stem)


def lesson_from_table(data: dict, path: Path, name: str) -> Lesson:
    where = str(path)
    _unknown(data, _TOP_KEYS, where, "")
    title = _text(data.get("title"), where, "title", limits.MAX_TITLE)
    summary = _text(data.get("summary"), where, "summary", MAX_SAY, required=False, default="")
    stages = data.get("stage")
    if not isinstance(stages, list) or not stages:
        _fail(where, "stage", N_("a lesson needs at least one [[stage]] table"))
    if len(stages) > MAX_STAGES:
        _fail(
            where,
            "stage",
            N_("at most {max_stages} stages, got {stages_count}"),
            max_stages=MAX_STAGES,
            stages_count=len(stages),
        )
    return Lesson(
        name=name,
        title=title,
        summary=summary,
        stages=tuple(_stage(s, path, k + 1) for k, s in enumerate(stages)),
        source=str(path),
    )


def _stage(table, path: Path, number: int) -> Stage:
    where = f"{path}: stage {number}"
    if not isinstance(table, dict):
        raise SceneError.words(N_("{where}: must be a table ([[stage]])"), where=where)
    _unknown(table, _STAGE_KEYS, where, "")
    title = _text(table.get("title"), where, "title", limits.MAX_TITLE)
    say = _text(table.get("say"), where, "say", MAX_SAY)
    scene = _scene(table.get("scene"), path, where)
    roles = _roles(table, scene, where)
    shown_overlays = _overlays(table, where)
    speed = table.get("speed", "1x")
    if speed not in SPEED_LABELS:
        _fail(
            where,
            "speed",
            N_("must be one of {speed_labels}, got {speed}"),
            speed_labels=", ".join(SPEED_LABELS),
            speed=_shown(speed),
        )
    axis = table.get("axis")
    if axis is not None:
        axis = _whole(axis, where, "axis", 1, 64)
    steps = table.get("steps")
    if steps is not None:
        steps = _whole(steps, where, "steps", 0, MAX_OPENING_STEPS)
    script = _script(table, where)
    predict = table.get("predict")
    predict = read_prediction(predict, where) if predict is not None else None
    if scene.demo is not None:  # its own picture: no step-through, no rulers to answer on
        why = Phrase(
            N_("scene {name!r} draws its {demo} demo, not the step-through's rulers"),
            {"name": scene.name, "demo": scene.demo},
        )
        if axis is not None:
            _fail(where, "axis", N_("{why}; leave axis out"), why=why)
        if predict is not None and predict.kind in NUMBERED_KINDS:
            _fail(
                where,
                "predict.kind",
                N_("{why}: an {kind} question cannot be shown"),
                why=why,
                kind=predict.kind,
            )
    return Stage(
        title=title,
        say=say,
        scene=scene,
        a=roles.get("a"),
        b=roles.get("b"),
        overlays=shown_overlays,
        speed=speed,
        paused=_flag(table.get("paused", False), where, "paused"),
        axis=axis,
        script=script,
        steps=steps,
        predict=predict,
        view=read_view(table.get("view", "pair"), where, "view"),
    )


def _roles(table: dict, scene: Scene, where: str) -> dict[str, str]:
    """The stage's shape A and shape B ("a", "b"), when given: bodies of its scene."""
    names = [body.name for body in scene.world(0).bodies]
    roles = {}
    for role in ("a", "b"):
        value = table.get(role)
        if value is None:
            continue
        _text(value, where, role, limits.MAX_NAME)
        if value not in names:
            shown = ", ".join(repr(n) for n in names[:12]) + (" ..." if len(names) > 12 else "")
            _fail(
                where,
                role,
                N_("no body named {value!r} in scene {name!r} ({shown})"),
                value=value,
                name=scene.name,
                shown=shown,
            )
        roles[role] = value
    if roles.get("a") is not None and roles.get("a") == roles.get("b"):
        _fail(where, "b", N_("shape B must be another body than shape A ({a!r})"), a=roles["a"])
    return roles


def _overlays(table: dict, where: str) -> tuple[tuple[str, bool], ...]:
    """The stage's overlays turned on or off: (Overlays field, on) pairs."""
    overlays = table.get("overlays", {})
    if not isinstance(overlays, dict):
        _fail(
            where,
            "overlays",
            N_("must be a table of name = true/false, got {overlays}"),
            overlays=_shown(overlays),
        )
    _unknown(overlays, set(OVERLAY_NAMES), where, "overlays.")
    return tuple((OVERLAY_NAMES[k], _flag(v, where, f"overlays.{k}")) for k, v in overlays.items())


def _script(table: dict, where: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The stage's opening script (hold, drag, click, shift_click), none past the opening."""
    script = tuple(
        (field, _strings(table[field], where, field)) for field in SCRIPT_FIELDS if field in table
    )
    for field, texts in script:
        for k, text in enumerate(texts):
            last = _last_step(text)
            if last is not None and last >= MAX_OPENING_STEPS:
                _fail(
                    where,
                    f"{field}[{k}]",
                    N_(
                        "runs to step {last}; an opening plays at most {max_opening_steps} "
                        "steps (0 to {last_step})"
                    ),
                    last=last,
                    max_opening_steps=MAX_OPENING_STEPS,
                    last_step=MAX_OPENING_STEPS - 1,
                )
    return script


def _last_step(text: str) -> int | None:
    """The last step a script item names (KEY:FIRST-LAST, X,Y:STEP, X0,Y0:X1,Y1:FIRST-LAST:
    the numbers after the last colon), or None when they are no numbers (the app's parser
    then says what is wrong with the item). Read here so that no script can make a stage's
    opening, and its rehearsal on load, longer than MAX_OPENING_STEPS."""
    numbers = []
    for part in text.rpartition(":")[2].split("-"):
        try:
            numbers.append(int(part))
        except ValueError:
            pass
    return max(numbers, default=None)


def _scene(value, path: Path, where: str) -> Scene:
    """A built-in scene by name, a scene file beside the lesson, or an inline table."""
    if value is None:
        _fail(where, "scene", N_("missing: a built-in scene name, a .toml path or a table"))
    if isinstance(value, dict):
        return scene_from_table(value, f"{where}: scene", f"stage scene of {path.stem}", str(path))
    if not isinstance(value, str) or not value.strip():
        _fail(
            where,
            "scene",
            N_("must be a scene name, a .toml path or a table, got {value}"),
            value=_shown(value),
        )
    if value in SCENES:
        return SCENES[value]
    if not value.lower().endswith(".toml"):
        _fail(
            where,
            "scene",
            N_("unknown scene {value!r}; built-in scenes: {scenes}"),
            value=value,
            scenes=", ".join(SCENES),
        )
    try:
        return load_scene(str(path.parent / value))
    except SceneError as error:
        raise SceneError.words(N_("{where}: scene: {error}"), where=where, error=error) from None
