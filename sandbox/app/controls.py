"""The clickable controls' side of the app: what a click on the toolbar, a panel, a slider,
a right-drag or a Ctrl+wheel does, and how it is recorded.

A button that stands for a key (Pause, Step, Speed, an overlay's check box …) acts by
pressing that key (`Session.apply`), so it is recorded and replayed as that key. What no
key does is a `UiEvent`, one plain-data recording line:

    {"step": 40, "ui": "panel", "value": "tune"}           a panel opened (null: closed)
    {"step": 41, "ui": "scene", "value": "pile"}           a scene chosen from the list
    {"step": 42, "ui": "set", "value": ["gravity", 450]}   a slider set to a value
    {"step": 43, "ui": "view", "value": [2.5, 310, 420]}   zoom 2.5 about world (310, 420)
                                                           (null: the fitted view)
    {"step": 44, "ui": "mode", "value": "edit"}            edit mode on (null: off)
    {"step": 45, "ui": "draft", "value": [[x, y], ...]}    the outline being drawn
    {"step": 46, "ui": "edit", "value": {"op": "spawn", ...}, "show": null, "merge": false}
                                                           an editor command (app/editor.py)

The window hands the pointer in pixels to `press`, `move`, `release` and `wheel`; these
hit-test the very rectangles the renderer drew (render/controls.layout_controls) and
return False when the pointer was not on a control, so the world gets it (grab, throw).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# The render layer (pygame) is imported where it is used: a recording is read, and the
# command line checked, before pygame starts (app/headless.init_pygame).

PANELS = ("scenes", "show", "tune")
MAX_DRAFT = 64  # vertices of an outline being drawn (a scene file's polygon has as many)
ZOOM_STEP = 1.25  # one notch of Ctrl+wheel, or one press of = or -

# A toolbar button that stands for a key: the click presses it.
BUTTON_KEYS = {
    "pause": "space",
    "back": "backspace",
    "step": "o",
    "speed": "s",
    "reset": "r",
    "lessons": "f2",
    "help": "h",
    "zoom_out": "-",
    "zoom_in": "=",
    "fit": "0",
    "edit": "f3",
}

# The Show panel's rows: (overlay flag, words); the key is the keymap's.
SHOWN_OVERLAYS = (
    ("show_normals", "edge normals"),
    ("show_vertex_indices", "vertex and edge labels"),
    ("show_projections", "axis rulers"),
    ("show_separating_axis", "separating axis"),
    ("show_mtv", "MTV arrow"),
    ("show_contacts", "contact points"),
    ("show_impulses", "impulses and spin"),
    ("show_aabbs", "bounding boxes"),
    ("show_minkowski", "Minkowski difference"),
    ("show_hud", "words and numbers (HUD)"),
)

# The Tune panel's sliders: name -> (words, low, high, step)
SLIDERS = {
    "gravity": ("Gravity", 0.0, 2000.0, 50.0),
    "friction": ("Friction (all)", 0.0, 1.0, 0.05),
    "restitution": ("Bounce (all)", 0.0, 1.0, 0.05),
    "density": ("Density of A", 0.1, 5.0, 0.1),
    "speed": ("Speed", 0.0, 3.0, 1.0),
}


@dataclass(frozen=True)
class UiEvent:
    """A recorded control that no key stands for (see the module docstring)."""

    kind: str  # "panel", "scene", "set", "view", "mode", "draft", "edit"
    value: object = None

    def to_json(self, step: int) -> dict:
        value = self.value
        if self.kind == "edit":  # flat, so that a drawn outline is 4 levels deep at most
            return {"step": step, "ui": "edit", "value": value["command"]} | {
                "show": value["show"],
                "merge": value["merge"],
            }
        if self.kind == "draft" and value is not None:
            value = [list(p) for p in value]
        elif isinstance(value, tuple):
            value = list(value)
        return {"step": step, "ui": self.kind, "value": value}


def ui_event_from(item: dict) -> UiEvent:
    """A recorded `ui` line as an event, or ValueError saying what is wrong (data only)."""
    from ..render.layout import ZOOM_RANGE
    from ..scenes.registry import SCENES

    kind = item.get("ui")
    fields = {"step", "ui", "value"} | ({"show", "merge"} if kind == "edit" else set())
    if set(item) != fields:
        raise ValueError(f"a ui {kind} line has exactly the fields {', '.join(sorted(fields))}")
    value = item["value"]
    if kind == "panel":
        if value is not None and value not in PANELS:
            raise ValueError(f"panel must be none (null) or one of {', '.join(PANELS)}")
        return UiEvent("panel", value)
    if kind == "scene":
        if not isinstance(value, str) or value not in SCENES:
            raise ValueError("scene must name a built-in scene")
        return UiEvent("scene", value)
    if kind == "set":
        if not (isinstance(value, list) and len(value) == 2 and value[0] in SLIDERS):
            raise ValueError(f"set wants [name, number], name one of {', '.join(SLIDERS)}")
        name, number = value
        _, low, high, _ = SLIDERS[name]
        number = _number(number, name)
        if not low <= number <= high:
            raise ValueError(f"{name} must be from {low:g} to {high:g}")
        return UiEvent("set", (name, number))
    if kind == "mode":
        if value not in (None, "edit"):
            raise ValueError("mode must be none (null) or edit")
        return UiEvent("mode", value)
    if kind == "draft":
        if value is None:
            return UiEvent("draft", None)
        if not (isinstance(value, list) and len(value) <= MAX_DRAFT):
            raise ValueError(f"draft wants a list of at most {MAX_DRAFT} points [x, y], or null")
        points = []
        for point in value:
            if not (isinstance(point, list) and len(point) == 2):
                raise ValueError("draft wants points [x, y]")
            x, y = (_number(v, "draft") for v in point)
            if max(abs(x), abs(y)) > 1e6:
                raise ValueError("draft: x and y within 1e6")
            points.append((x, y))
        return UiEvent("draft", tuple(points))
    if kind == "edit":
        from .editor import check_command

        if item["show"] not in (None, "A", "B") or not isinstance(item["merge"], bool):
            raise ValueError("edit: show is null, A or B; merge true or false")
        check_command(value)
        return UiEvent("edit", {"command": value, "show": item["show"], "merge": item["merge"]})
    if kind == "view":
        if value is None:
            return UiEvent("view", None)
        if not (isinstance(value, list) and len(value) == 3):
            raise ValueError("view wants [zoom, x, y] or null")
        zoom, x, y = (_number(v, "view") for v in value)
        if not ZOOM_RANGE[0] <= zoom <= ZOOM_RANGE[1] or max(abs(x), abs(y)) > 1e6:
            raise ValueError(
                f"view: zoom from {ZOOM_RANGE[0]:g} to {ZOOM_RANGE[1]:g}, x and y within 1e6"
            )
        return UiEvent("view", (zoom, x, y))
    raise ValueError("ui must be panel, scene, set, view, mode, draft or edit")


def parse_ui(text: str) -> dict[int, list[UiEvent]]:
    """--ui KIND=VALUE:STEP (headless scripting of the controls) as that step's event,
    checked as a replay's ui line is; ValueError saying what is wrong."""
    import re

    match = re.fullmatch(r"(panel|scene|set|view|mode|draft)=([^:]+):(\d{1,7})", text)
    if not match:
        raise ValueError(
            "--ui wants KIND=VALUE:STEP, KIND one of panel, scene, set, view, mode, draft "
            f"(e.g. panel=tune:0, set=gravity,450:10, view=2.5,400,300:0), got {text!r}"
        )
    kind, value, step = match.group(1), match.group(2), int(match.group(3))
    parsed: object = value
    if value == "none" and kind in ("panel", "mode", "draft") or kind == "view" and value == "fit":
        parsed = None
    elif kind == "draft":  # x,y;x,y;...
        parsed = [[_float(v, text) for v in point.split(",")] for point in value.split(";")]
    elif kind == "set":
        name, _, number = value.partition(",")
        parsed = [name, _float(number, text)]
    elif kind == "view":
        parsed = [_float(part, text) for part in value.split(",")]
    try:
        return {step: [ui_event_from({"step": step, "ui": kind, "value": parsed})]}
    except ValueError as error:
        raise ValueError(f"--ui {text!r}: {error}") from None


def _float(text: str, whole: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"--ui {whole!r}: {text!r} is not a number") from None


def _number(value, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{name} must be a number")
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"{name} must be finite")
    return value


# -- what the controls show --------------------------------------------------------


def shape_a(session) -> int | None:
    """The body the pair on show has as shape A (the density slider's body)."""
    shown = session.record.shown if session.record is not None else None
    return shown.a if shown is not None else None


def sliders(session) -> tuple:
    """The Tune panel's sliders (render.controls.Slider) at the world's current values."""
    from ..render.controls import Slider
    from .session import SPEEDS

    world = session.world
    rigid = world.rigid and session.scene.demo is None
    why = "none in the tutorials' MTV scenes"
    a = shape_a(session)
    out = []
    for name, (words, low, high, step) in SLIDERS.items():
        enabled, note = rigid, why
        if name == "gravity":
            value = math.hypot(*world.gravity)
            shown = f"{value:.0f} px/s²"
        elif name == "friction":
            value = float(world.friction_of[a if a is not None else 0])
            shown = f"{value:.2f}"
        elif name == "restitution":
            value = float(world.restitution_of[a if a is not None else 0])
            shown = f"{value:.2f}"
        elif name == "density":
            fixed = a is None or bool(world.static[a])
            value = world.density(a) if a is not None else 1.0
            shown = f"{value:.1f}"
            if rigid and fixed:
                enabled, note = False, "shape A is fixed"
        else:
            value = float(len(SPEEDS) - 1 - session.speed_index)
            shown = SPEEDS[session.speed_index][1]
            enabled = True
        out.append(Slider(name, words, value, low, high, step, shown, enabled, note))
    return tuple(out)


def control_state(session):
    """The toolbar's state (render.controls.ControlState) for this session."""
    from ..render.controls import ControlState
    from .keymap import KEY_FOR_ACTION
    from .session import SPEEDS

    scenes = tuple(
        (str(k + 1) if k < 9 else "", scene.title) for k, scene in enumerate(session.scenes)
    )
    here = session.scenes.index(session.scene) if session.scene in session.scenes else -1
    overlays = tuple(
        (flag, words, KEY_FOR_ACTION[flag], getattr(session.overlays, flag))
        for flag, words in SHOWN_OVERLAYS
    )
    return ControlState(
        paused=session.paused,
        speed_label=SPEEDS[session.speed_index][1],
        panel=session.panel,
        overlays=overlays,
        scenes=scenes,
        scene_index=here,
        sliders=sliders(session) if session.panel == "tune" else (),
        zoom=session.camera.zoom if session.camera is not None else 1.0,
        hover=session.hover,
        editing=session.mode == "edit",
    )


# -- what they do --------------------------------------------------------------------


def apply_ui(session, event: UiEvent):
    """The event's effect on the session, unrecorded (Session.ui records, then acts); an
    edit returns the editor's result (app/editor.EditResult), the others None."""
    from ..render.layout import Camera

    if event.kind == "panel":
        session.panel = event.value
    elif event.kind == "view":
        session.camera = None if event.value is None else Camera(*event.value)
    elif event.kind == "scene":
        from ..scenes.registry import SCENES

        lesson = session.lesson
        if lesson is not None and lesson.active and lesson.phase == "asking":
            session.say("answer first, or End to explore")
            return
        if lesson is not None:
            lesson.exploring = True  # another scene: the lesson waits (as a scene key)
        session.panel = None
        session.open(SCENES[event.value])
    elif event.kind == "set":
        _set(session, *event.value)
    elif event.kind == "mode":
        session.set_mode(event.value)
    elif event.kind == "draft":
        session.draft = event.value
    elif event.kind == "edit":
        value = event.value
        return session.apply_edit(value["command"], value["show"], value["merge"])
    return None


def _set(session, name: str, value: float) -> None:
    from .session import SPEEDS

    world = session.world
    if name == "speed":
        session.speed_index = len(SPEEDS) - 1 - round(value)
        session.say(f"speed {SPEEDS[session.speed_index][1]}")
        return
    lesson = session.lesson
    if lesson is not None and lesson.active and lesson.phase == "asking":
        session.say("the world waits for the answer")
        return
    slider = next(s for s in sliders(session) if s.name == name)
    if not slider.enabled:
        session.say(f"{slider.label}: {slider.note}")
        return
    if name == "gravity":
        world.set_gravity_strength(value)
        session.say(f"gravity {value:.0f} px/s²")
    elif name == "friction":
        world.set_friction(value)
        session.say(f"friction {value:.2f} for every body")
    elif name == "restitution":
        world.set_restitution(value)
        session.say(f"bounce (restitution) {value:.2f} for every body")
    elif name == "density":
        a = shape_a(session)
        world.set_density(a, value)
        session.say(f"density of {world.bodies[a].name}: {value:.1f}")


def zoom_key(session, action: str) -> None:
    """= and - zoom about the middle of the view; 0 fits the whole scene."""
    from ..render.layout import Camera, zoom_by

    camera = session.camera
    if action == "fit":
        session.camera = None
        return
    zoom = zoom_by(camera, ZOOM_STEP if action == "zoom_in" else 1 / ZOOM_STEP)
    base = camera if camera is not None else Camera()
    session.camera = None if zoom is None else Camera(zoom, base.x, base.y)
    session.say(f"zoom {zoom or 1.0:.1f}x" + (" (0: fit)" if session.camera else ""))


@dataclass
class Pointer:
    """What the window's pointer is doing with the controls: a slider held, a pan."""

    slider: str | None = None  # the slider being dragged
    pan_from: tuple[float, float] | None = None  # right button down at this pixel
    corner: tuple[str, int] | None = None  # edit mode: the (body, corner) being dragged


def press(
    session, pointer: Pointer, size, pixel, button: int, held=frozenset(), shift=False
) -> bool:
    """A button press at window pixel `pixel`; True when a control took it."""
    from ..render.controls import hit, layout_controls

    lay = session.layout(size)
    if button == 3:  # right: pan, when zoomed, inside the scene
        sx, sy, sw, sh = lay.scene
        if sx <= pixel[0] < sx + sw and sy <= pixel[1] < sy + sh:
            pointer.pan_from = (float(pixel[0]), float(pixel[1]))
            return True
        return False
    if button != 1 or not session.toolbar:
        return False
    controls = layout_controls(lay, control_state(session))
    control = hit(controls, pixel)
    if control is None:
        if session.panel is not None:  # a click elsewhere closes the panel
            session.ui(UiEvent("panel", None))
            return True
        if session.mode == "edit":
            return _edit_press(session, pointer, size, pixel, shift)
        return False
    name = control.name
    if name in BUTTON_KEYS:
        session.apply(BUTTON_KEYS[name], held)
    elif name.startswith("panel:"):
        wanted = name.removeprefix("panel:")
        session.ui(UiEvent("panel", None if session.panel == wanted else wanted))
    elif name.startswith("scene:"):
        session.ui(UiEvent("scene", session.scenes[int(name.removeprefix("scene:"))].name))
    elif name.startswith("overlay:"):
        from .keymap import KEY_FOR_ACTION

        session.apply(KEY_FOR_ACTION[name.removeprefix("overlay:")], held)
    elif name.startswith("slider:"):
        slider = next(s for s in sliders(session) if s.name == name.removeprefix("slider:"))
        if slider.enabled:
            pointer.slider = slider.name
            _slide(session, lay, control, slider, pixel[0])
        else:
            session.say(f"{slider.label}: {slider.note}")
    return True  # the panel's own area takes the click too


HANDLE_REACH = 12  # screen px: a press this near a corner's handle takes the corner
CLOSE_REACH = 12  # screen px: a press this near the first corner closes the outline


def _edit_press(session, pointer: Pointer, size, pixel, shift: bool) -> bool:
    """Edit mode, a press in the scene: on a corner's handle, take the corner; else a
    corner of the outline being drawn (on its first corner: close it)."""
    from ..render.layout import screen_to_world, world_transform

    lay = session.layout(size)
    scale, ox, oy = world_transform(lay, session.camera)
    sx, sy, sw, sh = lay.scene
    if not (sx <= pixel[0] < sx + sw and sy <= pixel[1] < sy + sh):
        return False
    x, y = screen_to_world(lay, session.camera, pixel)
    if session.draft is None:
        for name, k, hx, hy in session.handles():
            if math.hypot(hx * scale + ox - pixel[0], hy * scale + oy - pixel[1]) <= HANDLE_REACH:
                pointer.corner = (name, k)
                return True
    draft = session.draft or ()
    if len(draft) >= 3:
        fx, fy = draft[0]
        if math.hypot(fx * scale + ox - pixel[0], fy * scale + oy - pixel[1]) <= CLOSE_REACH:
            session.close_draft("B" if shift else "A")
            return True
    session.ui(UiEvent("draft", (*draft, (float(x), float(y)))))
    return True


def _slide(session, lay, control, slider, x: float) -> None:
    from ..render.controls import slider_value

    value = slider_value(lay, control, slider, x)
    if value != slider.value:
        session.ui(UiEvent("set", (slider.name, value)))


def move(session, pointer: Pointer, size, pixel) -> bool:
    """The pointer moved; True when a slider or a pan took it. Sets the hovered control."""
    from ..render.controls import hit, layout_controls
    from ..render.layout import panned, screen_to_world

    lay = session.layout(size)  # once an event: it takes the session's whole status
    if pointer.pan_from is not None:
        dx, dy = pixel[0] - pointer.pan_from[0], pixel[1] - pointer.pan_from[1]
        pointer.pan_from = (float(pixel[0]), float(pixel[1]))
        camera = panned(lay, session.camera, dx, dy)
        if camera != session.camera:
            session.ui(UiEvent("view", (camera.zoom, camera.x, camera.y)))
        return True
    session.pointer = screen_to_world(lay, session.camera, pixel)
    if pointer.corner is not None:  # a corner dragged: the overlays follow it live
        from .editor import move_vertex_command

        name, k = pointer.corner
        command = move_vertex_command(name, k, [float(v) for v in session.pointer])
        session.ui(UiEvent("edit", {"command": command, "show": None, "merge": True}))
        return True
    controls = layout_controls(lay, control_state(session)) if session.toolbar else ()
    under = hit(controls, pixel)
    session.hover = under.name if under is not None else None
    if pointer.slider is not None:
        control = next((c for c in controls if c.name == f"slider:{pointer.slider}"), None)
        slider = next((s for s in sliders(session) if s.name == pointer.slider), None)
        if control is not None and slider is not None and slider.enabled:
            _slide(session, lay, control, slider, pixel[0])
        return True
    return False


def release(session, pointer: Pointer, button: int) -> bool:
    """A button let go; True when it ends a slider's drag or a pan."""
    if button == 3 and pointer.pan_from is not None:
        pointer.pan_from = None
        return True
    if button == 1 and (pointer.slider is not None or pointer.corner is not None):
        pointer.slider = pointer.corner = None
        return True
    return False


def wheel(session, size, pixel, notches: int) -> None:
    """Ctrl+wheel: zoom by ZOOM_STEP a notch about the pointer (its world point stays)."""
    from ..render.layout import zoomed

    lay = session.layout(size)
    factor = 1.0
    for _ in range(abs(notches)):
        factor = factor * ZOOM_STEP if notches > 0 else factor / ZOOM_STEP
    camera = zoomed(lay, session.camera, factor, pixel)
    if camera != session.camera:
        value = None if camera is None else (camera.zoom, camera.x, camera.y)
        session.ui(UiEvent("view", value))
