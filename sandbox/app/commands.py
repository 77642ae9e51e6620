"""The commands: every input, from every source, as one small family of plain data.

The window's keys and mouse, the toolbar, the headless options, a replay and a lesson's
script all turn what happened into these; one dispatcher (app/dispatcher.py) takes each
in turn. A command says what happened, never how to carry it out.

    Press(key, held)     a key pressed (held: the control keys down at the time)
    Step(held)           one fixed step of the world with these keys held
    Mouse(event)         a mouse event on the world (app/mouse_input.MouseEvent)
    UiChange(kind, value) a control no key stands for: a panel, a scene from the list,
                         a slider, the view, edit mode, the outline being drawn, a
                         question that lapsed ("expire": Escape's "again to quit?")
    Edit(command, ...)   an editor command (app/edit_commands.py)
    Save()               Ctrl+S: the world as a scene file
    OpenLesson(plan, k)  a lesson (read and rehearsed) from stage k
    Hover(name)          the window pointer is over this control (its tip is drawn)
    Cursor(point)        the window pointer's world point (spawns go there)
    Sides(delta)         shift+wheel: the next regular polygon's sides
    Say(text)            a line for the status bar (a control that cannot act says why)
    LessonMove(kind, v)  what the lesson's gate made of a key: a stage, explore, an answer

Controls and edits are recorded as one JSON line each (app/recording.py):

    {"step": 40, "ui": "panel", "value": "tune"}           a panel opened (null: closed)
    {"step": 41, "ui": "scene", "value": "pile"}           a scene chosen from the list
    {"step": 42, "ui": "set", "value": ["gravity", 450]}   a slider set to a value
    {"step": 43, "ui": "view", "value": [2.5, 310, 420]}   zoom 2.5 about world (310, 420)
                                                           (null: the fitted view)
    {"step": 44, "ui": "mode", "value": "edit"}            edit mode on (null: off)
    {"step": 45, "ui": "draft", "value": [[x, y], ...]}    the outline being drawn
    {"step": 45, "ui": "expire", "value": "quit"}          "again to quit?" lapsed (2 s)
    {"step": 45, "ui": "focus", "value": "slider:gravity"} the keyboard's focus moved
                                                           (null: left; app/focus.py)
    {"step": 46, "ui": "edit", "value": {"op": "spawn", ...}, "show": null, "merge": false}
                                                           an editor command
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ..core.locales import N_
from ..core.worded import WordedValueError
from ..render.layout import ZOOM_RANGE
from ..scenes.registry import SCENES
from .edit_commands import check_command
from .mouse_input import MouseEvent
from .panels import PANELS, SLIDERS, is_focusable

MAX_DRAFT = 64  # vertices of an outline being drawn (a scene file's polygon has as many)

# Where a command comes from: what a person did (recorded, and held to the lesson's
# gates), or a lesson stage's own script (neither: a replay reopens the stage, which
# plays its script again).
USER = "user"
SCRIPT = "script"
# A gate's verdict on a key press (app/dispatcher.py): the key's own action, now.
ACT = "act"


@dataclass(frozen=True)
class Press:
    key: str  # pygame's key name
    held: frozenset[str] = frozenset()  # control keys down at the time (O steps with them)


@dataclass(frozen=True)
class Step:
    held: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Mouse:
    event: MouseEvent


@dataclass(frozen=True)
class UiChange:
    """A recorded control that no key stands for (see the module docstring)."""

    kind: str  # "panel", "scene", "set", "view", "mode", "draft", "expire", "focus"
    value: object = None

    def to_json(self, step: int) -> dict:
        value = self.value
        if self.kind == "draft" and value is not None:
            value = [list(p) for p in value]
        elif isinstance(value, tuple):
            value = list(value)
        return {"step": step, "ui": self.kind, "value": value}


@dataclass(frozen=True)
class Edit:
    """An editor command; `show`: the body drawn becomes shape A or B; `merge`: a corner
    dragged on (one undo step for the whole drag)."""

    command: dict
    show: str | None = None
    merge: bool = False

    def to_json(self, step: int) -> dict:  # flat: a drawn outline is 4 levels deep at most
        return {"step": step, "ui": "edit", "value": self.command} | {
            "show": self.show,
            "merge": self.merge,
        }


@dataclass(frozen=True)
class Save:
    pass


@dataclass(frozen=True)
class OpenLesson:
    plan: object  # app.lesson_plan.Plan, read (and, from a file, rehearsed)
    stage: int = 0


@dataclass(frozen=True)
class LessonMove:
    """What the lesson's gate made of a key (app/lesson_run.key_verdict): open stage
    `value` ("stage"), explore ("explore"; "let_go": quietly, as a scene key does) or
    answer `value` ("answer"). Never recorded: its key press is."""

    kind: str
    value: object = None


@dataclass(frozen=True)
class Hover:
    name: str | None


@dataclass(frozen=True)
class Cursor:
    point: tuple[float, float] | None


@dataclass(frozen=True)
class Sides:
    delta: int


@dataclass(frozen=True)
class Say:
    text: str


Command = (
    Press
    | Step
    | Mouse
    | UiChange
    | Edit
    | Save
    | OpenLesson
    | LessonMove
    | Hover
    | Cursor
    | Sides
    | Say
)


def ui_change_from(item: dict) -> UiChange | Edit:
    """A recorded `ui` line as its command, or ValueError saying what is wrong (data only)."""
    kind = item.get("ui")
    fields = {"step", "ui", "value"} | ({"show", "merge"} if kind == "edit" else set())
    if set(item) != fields:
        raise WordedValueError.words(
            N_("a ui {kind} line has exactly the fields {fields}"),
            kind=kind,
            fields=", ".join(sorted(fields)),
        )
    value = item["value"]
    if kind == "panel":
        if value is not None and value not in PANELS:
            raise WordedValueError.words(
                N_("panel must be none (null) or one of {panels}"), panels=", ".join(PANELS)
            )
        return UiChange("panel", value)
    if kind == "scene":
        if not isinstance(value, str) or value not in SCENES:
            raise WordedValueError.words(N_("scene must name a built-in scene"))
        return UiChange("scene", value)
    if kind == "set":
        if not (isinstance(value, list) and len(value) == 2 and value[0] in SLIDERS):
            raise WordedValueError.words(
                N_("set wants [name, number], name one of {sliders}"), sliders=", ".join(SLIDERS)
            )
        return UiChange("set", _slider_value(value))
    if kind == "mode":
        if value not in (None, "edit"):
            raise WordedValueError.words(N_("mode must be none (null) or edit"))
        return UiChange("mode", value)
    if kind == "draft":
        if value is None:
            return UiChange("draft", None)
        if not (isinstance(value, list) and len(value) <= MAX_DRAFT):
            raise WordedValueError.words(
                N_("draft wants a list of at most {max_draft} points [x, y], or null"),
                max_draft=MAX_DRAFT,
            )
        return UiChange("draft", _draft_points(value))
    if kind == "expire":
        if value != "quit":
            raise WordedValueError.words(N_('expire must be "quit"'))
        return UiChange("expire", value)
    if kind == "focus":
        if value is not None and not (isinstance(value, str) and is_focusable(value)):
            raise WordedValueError.words(
                N_("focus must be none (null) or a control's name (e.g. slider:gravity)")
            )
        return UiChange("focus", value)
    if kind == "edit":
        if item["show"] not in (None, "A", "B") or not isinstance(item["merge"], bool):
            raise WordedValueError.words(N_("edit: show is null, A or B; merge true or false"))
        check_command(value)
        return Edit(value, item["show"], item["merge"])
    if kind == "view":
        if value is None:
            return UiChange("view", None)
        if not (isinstance(value, list) and len(value) == 3):
            raise WordedValueError.words(N_("view wants [zoom, x, y] or null"))
        return UiChange("view", _view_value(value))
    raise WordedValueError.words(
        N_("ui must be panel, scene, set, view, mode, draft, expire, focus or edit")
    )


def _slider_value(value: list) -> tuple[str, float]:
    """A `set` control's [name, number], the number within the slider's range."""
    name, number = value
    _, low, high, _ = SLIDERS[name]
    number = _number(number, name)
    if not low <= number <= high:
        raise WordedValueError.words(
            N_("{name} must be from {low:g} to {high:g}"), name=name, low=low, high=high
        )
    return name, number


def _draft_points(value: list) -> tuple[tuple[float, float], ...]:
    """A `draft` control's points [x, y], each within 1e6."""
    points = []
    for point in value:
        if not (isinstance(point, list) and len(point) == 2):
            raise WordedValueError.words(N_("draft wants points [x, y]"))
        x, y = (_number(v, "draft") for v in point)
        if max(abs(x), abs(y)) > 1e6:
            raise WordedValueError.words(N_("draft: x and y within 1e6"))
        points.append((x, y))
    return tuple(points)


def _view_value(value: list) -> tuple[float, float, float]:
    """A `view` control's [zoom, x, y], the zoom within the view's range."""
    zoom, x, y = (_number(v, "view") for v in value)
    if not ZOOM_RANGE[0] <= zoom <= ZOOM_RANGE[1] or max(abs(x), abs(y)) > 1e6:
        raise WordedValueError.words(
            N_("view: zoom from {low:g} to {high:g}, x and y within 1e6"),
            low=ZOOM_RANGE[0],
            high=ZOOM_RANGE[1],
        )
    return zoom, x, y


def parse_ui(text: str) -> dict[int, list[UiChange]]:
    """--ui KIND=VALUE:STEP (headless scripting of the controls) as that step's event,
    checked as a replay's ui line is; ValueError saying what is wrong."""
    match = re.fullmatch(r"(panel|scene|set|view|mode|draft|focus)=(.+):(\d{1,7})", text)
    if not match:
        raise WordedValueError.words(
            N_(
                "--ui wants KIND=VALUE:STEP, KIND one of panel, scene, set, view, mode, draft, "
                "focus (e.g. panel=tune:0, set=gravity,450:10, focus=slider:gravity:5), got "
                "{text!r}"
            ),
            text=text,
        )
    kind, value, step = match.group(1), match.group(2), int(match.group(3))
    parsed: object = value
    nothing = value == "none" and kind in ("panel", "mode", "draft", "focus")
    if nothing or kind == "view" and value == "fit":
        parsed = None
    elif kind == "draft":  # x,y;x,y;...
        parsed = [[_float(v, text) for v in point.split(",")] for point in value.split(";")]
    elif kind == "set":
        name, _, number = value.partition(",")
        parsed = [name, _float(number, text)]
    elif kind == "view":
        parsed = [_float(part, text) for part in value.split(",")]
    try:
        return {step: [ui_change_from({"step": step, "ui": kind, "value": parsed})]}
    except ValueError as error:
        raise WordedValueError.words(N_("--ui {text!r}: {error}"), text=text, error=error) from None


def _float(text: str, whole: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise WordedValueError.words(
            N_("--ui {whole!r}: {text!r} is not a number"), whole=whole, text=text
        ) from None


def _number(value, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise WordedValueError.words(N_("{name} must be a number"), name=name)
    value = float(value)
    if not math.isfinite(value):
        raise WordedValueError.words(N_("{name} must be finite"), name=name)
    return value
