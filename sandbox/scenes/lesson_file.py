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

from . import limits
from .base import Scene, SceneError
from .lesson_languages import translated
from .registry import SCENES, load_scene
from .scene_fields import _fail, _flag, _key, _shown, _whole
from .scene_file import read_toml, read_view, scene_from_table

MAX_LESSON_BYTES = 1 << 20
MAX_STAGES = 60
MAX_SAY = 320  # characters: what a teacher says while a stage is on show
MAX_QUESTION = 160
MAX_EXPLAIN = 320
MAX_SCRIPT_ITEMS = 40  # per script list (hold, drag, click, shift_click)
MAX_OPENING_STEPS = 1800  # 30 s: an opening longer than this is not an opening
MAX_LOOK_AHEAD = 600  # a collide prediction looks at most 10 s ahead
SPEED_LABELS = ("1x", "1/2x", "1/4x", "1/10x")  # the session's speeds, by their labels
PREDICTION_KINDS = ("axis", "mtv", "collide", "choice")
NUMBERED_KINDS = ("axis", "mtv")  # answered by an axis's number, 1..9 in test order
AXIS_NUMBERS = tuple("123456789")  # the answers of those: the keys 1..9, ASCII digits only
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
# A choice key is one letter or digit, as pygame names the key a keyboard sends; these
# keys never reach a question: the lesson or the window acts on them first, or they are
# held controls (app/keymap.py binds them; a test holds the two tables together).
ANSWER_KEYS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
KEY_CLASHES = {
    "page down": "the lesson's next-stage key",
    "page up": "the lesson's previous-stage key",
    "home": "the lesson's key for the stage as authored",
    "r": "the lesson's key for the stage as authored",
    "end": "the lesson's key to explore the stage",
    "escape": "the window's quit key",
    "f2": "the window's lesson-list key",
    "q": "a held key: it turns the shape",
    "e": "a held key: it turns the shape",
    **dict.fromkeys(("left", "right", "up", "down"), "a held key: it moves the shape"),
}
_TOP_KEYS = {"title", "summary", "stage"}
_STAGE_KEYS = {"title", "say", "scene", "a", "b", "overlays", "speed", "paused", "axis", "steps"}
_STAGE_KEYS |= {"view"}
_STAGE_KEYS |= set(SCRIPT_FIELDS) | {"predict"}
_PREDICT_KEYS = {"question", "kind", "answer", "explain", "keys", "choices", "steps", "hold"}
_PREDICT_KEYS |= {"counted"}


@dataclass(frozen=True)
class Prediction:
    """A question the class answers with a key before the stage shows the answer."""

    question: str
    kind: str  # "axis", "collide" or "choice"
    answer: str  # the right key (axis, mtv: the axis's number; collide: y or n)
    explain: str
    keys: tuple[str, ...] = ()  # choice: the keys that answer (axis, collide: set by the app)
    choices: tuple[str, ...] = ()  # a label for each key (optional)
    steps: int = 0  # collide: the steps looked ahead; choice: steps run as the evidence
    hold: tuple[str, ...] = ()  # keys held while those steps run (as --hold, from step 0)
    counted: str | None = None  # what the class counts on screen to answer, drawn on purpose


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
    data = read_toml(path, MAX_LESSON_BYTES, "lesson file")
    return lesson_from_table(translated(data, code, str(path)), path, name or path.stem)


def _text(value, where, field, longest, required=True, default=None) -> str | None:
    if value is None and not required:
        return default
    if not isinstance(value, str) or not value.strip():
        _fail(where, field, f"must be a non-empty string, got {_shown(value)}")
    if len(value) > longest:
        _fail(where, field, f"must be at most {longest} characters, got {len(value)}")
    bad = next((c for c in value if not c.isprintable()), None)
    if bad is not None:
        _fail(where, field, f"must be printable text on one line, got the character {bad!r}")
    return value


def _strings(value, where, field, longest=60, most=MAX_SCRIPT_ITEMS) -> tuple[str, ...]:
    if not isinstance(value, list):
        _fail(where, field, f"must be a list of strings, got {_shown(value)}")
    if len(value) > most:
        _fail(where, field, f"at most {most} items, got {len(value)}")
    return tuple(_text(v, where, f"{field}[{k}]", longest) for k, v in enumerate(value))


def _unknown(table: dict, allowed: set[str], where: str, prefix: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        field = f"{prefix}{_key(unknown[0])}"
        _fail(where, field, f"unknown field (allowed: {', '.join(sorted(allowed))})")


def lesson_from_table(data: dict, path: Path, name: str) -> Lesson:
    where = str(path)
    _unknown(data, _TOP_KEYS, where, "")
    title = _text(data.get("title"), where, "title", limits.MAX_TITLE)
    summary = _text(data.get("summary"), where, "summary", MAX_SAY, required=False, default="")
    stages = data.get("stage")
    if not isinstance(stages, list) or not stages:
        _fail(where, "stage", "a lesson needs at least one [[stage]] table")
    if len(stages) > MAX_STAGES:
        _fail(where, "stage", f"at most {MAX_STAGES} stages, got {len(stages)}")
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
        raise SceneError(f"{where}: must be a table ([[stage]])")
    _unknown(table, _STAGE_KEYS, where, "")
    title = _text(table.get("title"), where, "title", limits.MAX_TITLE)
    say = _text(table.get("say"), where, "say", MAX_SAY)
    scene = _scene(table.get("scene"), path, where)
    names = [body.name for body in scene.world(0).bodies]
    roles = {}
    for role in ("a", "b"):
        value = table.get(role)
        if value is None:
            continue
        _text(value, where, role, limits.MAX_NAME)
        if value not in names:
            shown = ", ".join(repr(n) for n in names[:12]) + (" ..." if len(names) > 12 else "")
            _fail(where, role, f"no body named {value!r} in scene {scene.name!r} ({shown})")
        roles[role] = value
    if roles.get("a") is not None and roles.get("a") == roles.get("b"):
        _fail(where, "b", f"shape B must be another body than shape A ({roles['a']!r})")
    overlays = table.get("overlays", {})
    if not isinstance(overlays, dict):
        _fail(where, "overlays", f"must be a table of name = true/false, got {_shown(overlays)}")
    _unknown(overlays, set(OVERLAY_NAMES), where, "overlays.")
    shown_overlays = tuple(
        (OVERLAY_NAMES[k], _flag(v, where, f"overlays.{k}")) for k, v in overlays.items()
    )
    speed = table.get("speed", "1x")
    if speed not in SPEED_LABELS:
        _fail(where, "speed", f"must be one of {', '.join(SPEED_LABELS)}, got {_shown(speed)}")
    axis = table.get("axis")
    if axis is not None:
        axis = _whole(axis, where, "axis", 1, 64)
    steps = table.get("steps")
    if steps is not None:
        steps = _whole(steps, where, "steps", 0, MAX_OPENING_STEPS)
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
                    f"runs to step {last}; an opening plays at most {MAX_OPENING_STEPS} steps "
                    f"(0 to {MAX_OPENING_STEPS - 1})",
                )
    predict = table.get("predict")
    predict = _prediction(predict, where) if predict is not None else None
    if scene.demo is not None:  # its own picture: no step-through, no rulers to answer on
        why = f"scene {scene.name!r} draws its {scene.demo} demo, not the step-through's rulers"
        if axis is not None:
            _fail(where, "axis", f"{why}; leave axis out")
        if predict is not None and predict.kind in NUMBERED_KINDS:
            _fail(where, "predict.kind", f"{why}: an {predict.kind} question cannot be shown")
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
        _fail(where, "scene", "missing: a built-in scene name, a .toml path or a table")
    if isinstance(value, dict):
        return scene_from_table(value, f"{where}: scene", f"stage scene of {path.stem}", str(path))
    if not isinstance(value, str) or not value.strip():
        _fail(where, "scene", f"must be a scene name, a .toml path or a table, got {_shown(value)}")
    if value in SCENES:
        return SCENES[value]
    if not value.lower().endswith(".toml"):
        _fail(where, "scene", f"unknown scene {value!r}; built-in scenes: {', '.join(SCENES)}")
    try:
        return load_scene(str(path.parent / value))
    except SceneError as error:
        raise SceneError(f"{where}: scene: {error}") from None


def answer_key_problem(key: str) -> str | None:
    """Why `key` (lower case) cannot answer a choice question, or None when it can."""
    if key in KEY_CLASHES:
        return f"{key!r} is {KEY_CLASHES[key]}, so it would never answer; use a letter or digit"
    if key not in ANSWER_KEYS:
        return (
            f"{key!r} is not a key the class can answer with: a choice key is one letter "
            "or digit (a-z, 0-9; not q, e or r)"
        )
    return None


def _prediction(table, where: str) -> Prediction:
    if not isinstance(table, dict):
        _fail(where, "predict", f"must be a table ([stage.predict]), got {_shown(table)}")
    _unknown(table, _PREDICT_KEYS, where, "predict.")
    question = _text(table.get("question"), where, "predict.question", MAX_QUESTION)
    kind = table.get("kind", "choice")
    if kind not in PREDICTION_KINDS:
        _fail(where, "predict.kind", f"must be one of {', '.join(PREDICTION_KINDS)}, got {kind!r}")
    if "answer" not in table:
        _fail(where, "predict.answer", "missing: the key of the right answer")
    answer = _text(table.get("answer"), where, "predict.answer", 20).lower()
    explain = _text(table.get("explain"), where, "predict.explain", MAX_EXPLAIN)
    keys = tuple(k.lower() for k in _strings(table.get("keys", []), where, "predict.keys", 20, 9))
    choices = _strings(table.get("choices", []), where, "predict.choices", 40, 9)
    if kind == "choice" and len(keys) < 2:
        _fail(where, "predict.keys", "a choice needs at least two keys, e.g. ['1', '2']")
    if kind != "choice" and "keys" in table:
        _fail(where, "predict.keys", f"a {kind} prediction sets its own keys; leave keys out")
    for k, key in enumerate(keys):
        problem = answer_key_problem(key)
        if problem is not None:
            _fail(where, f"predict.keys[{k}]", problem)
    if len(set(keys)) != len(keys):
        _fail(where, "predict.keys", f"a key is listed twice: {list(keys)}")
    if choices and kind in NUMBERED_KINDS:
        _fail(where, "predict.choices", f"an {kind} prediction names its axes itself")
    if kind == "collide":
        keys = ("y", "n")
    if choices and len(choices) != len(keys):
        _fail(
            where, "predict.choices", f"needs one label per key ({len(keys)}), got {len(choices)}"
        )
    if kind in NUMBERED_KINDS:
        if answer not in AXIS_NUMBERS:  # not isdigit(): "³" and "①" are digits to it
            _fail(where, "predict.answer", f"must be an axis number from 1 to 9, got {answer!r}")
    elif answer not in keys:
        _fail(where, "predict.answer", f"must be one of the keys {', '.join(keys)}, got {answer!r}")
    if kind in NUMBERED_KINDS and ("steps" in table or "hold" in table):
        field = "predict.steps" if "steps" in table else "predict.hold"
        _fail(where, field, f"an {kind} question answers with the step-through; no steps run")
    steps = 0
    if kind == "collide":
        if "steps" not in table:
            _fail(where, "predict.steps", "missing: how many steps to look ahead")
        steps = _whole(table["steps"], where, "predict.steps", 1, MAX_LOOK_AHEAD)
    elif "steps" in table:
        steps = _whole(table["steps"], where, "predict.steps", 0, MAX_LOOK_AHEAD)
    hold = _strings(table.get("hold", []), where, "predict.hold")
    if hold and steps == 0:
        _fail(where, "predict.hold", "keys are held while the evidence runs: give steps too")
    counted = _text(table.get("counted"), where, "predict.counted", MAX_QUESTION, False)
    return Prediction(question, kind, answer, explain, keys, choices, steps, hold, counted)
