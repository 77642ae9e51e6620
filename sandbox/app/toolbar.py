"""The window's pointer on the clickable controls: a source of commands.

The window hands the pointer in pixels to `press`, `move`, `release` and `wheel`; these
hit-test the very rectangles the renderer drew (render/controls.layout_controls) and turn
what was hit into commands for the dispatcher: a button that stands for a key presses
it (recorded and replayed as that key), a panel's button opens it, a slider sets its
value, a right-drag pans, Ctrl+wheel zooms, and in edit mode a press in the scene takes a
corner or adds one to the outline being drawn. Each returns False when the pointer was
not on a control, so the world gets it (grab, throw).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.portable import hypot
from ..render.controls import hit, slider_value
from ..render.layout import panned, screen_to_world, world_transform, zoomed
from . import panels
from .commands import Cursor, Edit, Hover, Press, UiChange
from .dispatcher import dispatch, refusal
from .edit_commands import draw_command, move_vertex_command
from .editing import corner_handles
from .keymap import KEY_FOR_ACTION
from .state import Session
from .tune import TUNED, ZOOM_STEP
from .view_model import OnScreen, laid_out

HANDLE_REACH = 12  # screen px: a press this near a corner's handle takes the corner
CLOSE_REACH = 12  # screen px: a press this near the first corner closes the outline


@dataclass
class Gesture:
    """What the window's pointer is doing with the controls: a slider held, a pan, a
    corner dragged."""

    slider: str | None = None  # the slider being dragged
    pan_from: tuple[float, float] | None = None  # right button down at this pixel
    corner: tuple[str, int] | None = None  # edit mode: the (body, corner) being dragged
    screen: OnScreen | None = None  # the frame on screen (the window's, set as it draws)


def on_screen(session: Session, gesture: Gesture, size) -> OnScreen:
    """The frame the pointer is on: the one the window drew, else one laid out now."""
    screen = gesture.screen
    if screen is None or screen.size != tuple(size):
        return laid_out(session, size)
    return screen


def world_at(session: Session, gesture: Gesture, size, pixel) -> tuple[float, float]:
    """A window pixel as a world point, on the frame on screen."""
    return screen_to_world(on_screen(session, gesture, size).layout, session.camera, pixel)


def press(
    session: Session, gesture: Gesture, size, pixel, button: int, held=frozenset(), shift=False
) -> bool:
    """A button press at window pixel `pixel`; True when a control took it."""
    screen = on_screen(session, gesture, size)
    lay = screen.layout
    if button == 3:  # right: pan, when zoomed, inside the scene
        sx, sy, sw, sh = lay.scene
        if sx <= pixel[0] < sx + sw and sy <= pixel[1] < sy + sh:
            gesture.pan_from = (float(pixel[0]), float(pixel[1]))
            return True
        return False
    if button != 1 or session.slide:
        return False
    control = hit(screen.controls, pixel)
    if control is not None and control.name.startswith("slider:"):
        gesture.slider = control.name.removeprefix("slider:")
        _slide(session, gesture, screen, control, pixel[0], pressed=True)
        return True
    gesture.screen = None  # what the press does shows from the next frame on
    if control is None:
        if session.panel is not None:  # a click elsewhere closes the panel
            dispatch(session, UiChange("panel", None))
            return True
        if session.mode == "edit":
            return _edit_press(session, gesture, lay, pixel, shift)
        return False
    name = control.name
    pressed = panels.button(name)
    if pressed is not None and pressed.key is not None:
        dispatch(session, Press(pressed.key, held))
    elif pressed is not None:
        dispatch(
            session, UiChange("panel", None if session.panel == pressed.panel else pressed.panel)
        )
    elif name.startswith("scene:"):
        chosen = session.scenes[int(name.removeprefix("scene:"))].name
        dispatch(session, UiChange("scene", chosen))
    elif name.startswith("overlay:"):
        dispatch(session, Press(KEY_FOR_ACTION[name.removeprefix("overlay:")], held))
    return True  # the panel's own area takes the click too


def _edit_press(session: Session, gesture: Gesture, lay, pixel, shift: bool) -> bool:
    """Edit mode, a press in the scene: on a corner's handle, take the corner; else a
    corner of the outline being drawn (on its first corner: close it)."""
    scale, ox, oy = world_transform(lay, session.camera)
    sx, sy, sw, sh = lay.scene
    if not (sx <= pixel[0] < sx + sw and sy <= pixel[1] < sy + sh):
        return False
    x, y = screen_to_world(lay, session.camera, pixel)
    if session.draft is None:
        for name, k, hx, hy in corner_handles(session):
            if hypot(hx * scale + ox - pixel[0], hy * scale + oy - pixel[1]) <= HANDLE_REACH:
                gesture.corner = (name, k)
                return True
    draft = session.draft or ()
    if len(draft) >= 3:
        fx, fy = draft[0]
        if hypot(fx * scale + ox - pixel[0], fy * scale + oy - pixel[1]) <= CLOSE_REACH:
            points = [list(p) for p in draft]
            dispatch(session, Edit(draw_command(points), "B" if shift else "A"))
            return True
    dispatch(session, UiChange("draft", (*draft, (float(x), float(y)))))
    return True


def _slide(session: Session, gesture: Gesture, screen, control, x: float, pressed=False) -> None:
    """The held slider set where the pointer is, through the dispatcher's gate: held back
    (a disabled slider, a question waiting), it says why and the drag ends. A value the
    slider has already is not set again (that would wake the world), unless a press on a
    slider the gate refuses: then the refusal is still said (and recorded)."""
    name = gesture.slider
    held = next(s for s in screen.sliders if s.name == name)  # its range, from the frame
    value = slider_value(screen.layout, control, held, x)
    command = UiChange("set", (name, value))
    if value == TUNED[name].read(session) and not (pressed and refusal(session, command)):
        return
    if dispatch(session, command).refused:
        gesture.slider = None


def move(session: Session, gesture: Gesture, size, pixel) -> bool:
    """The pointer moved; True when a slider or a pan took it. Sets the hovered control."""
    screen = on_screen(session, gesture, size)  # the frame on screen: no model built
    lay, controls = screen.layout, screen.controls
    if gesture.pan_from is not None:
        dx, dy = pixel[0] - gesture.pan_from[0], pixel[1] - gesture.pan_from[1]
        gesture.pan_from = (float(pixel[0]), float(pixel[1]))
        camera = panned(lay, session.camera, dx, dy)
        if camera != session.camera:
            dispatch(session, UiChange("view", (camera.zoom, camera.x, camera.y)))
        return True
    cursor = screen_to_world(lay, session.camera, pixel)
    dispatch(session, Cursor(cursor))
    if gesture.corner is not None:  # a corner dragged: the overlays follow it live
        name, k = gesture.corner
        command = move_vertex_command(name, k, [float(v) for v in cursor])
        dispatch(session, Edit(command, None, merge=True))
        return True
    under = hit(controls, pixel)
    dispatch(session, Hover(under.name if under is not None else None))
    if gesture.slider is not None:
        control = next((c for c in controls if c.name == f"slider:{gesture.slider}"), None)
        if control is not None:
            _slide(session, gesture, screen, control, pixel[0])
        return True
    return False


def release(session: Session, gesture: Gesture, button: int) -> bool:
    """A button let go; True when it ends a slider's drag or a pan."""
    if button == 3 and gesture.pan_from is not None:
        gesture.pan_from = None
        return True
    if button == 1 and (gesture.slider is not None or gesture.corner is not None):
        gesture.slider = gesture.corner = None
        return True
    return False


def wheel(session: Session, size, pixel, notches: int, gesture: Gesture | None = None) -> None:
    """Ctrl+wheel: zoom by ZOOM_STEP a notch about the pointer (its world point stays)."""
    lay = on_screen(session, gesture or Gesture(), size).layout
    factor = 1.0
    for _ in range(abs(notches)):
        factor = factor * ZOOM_STEP if notches > 0 else factor / ZOOM_STEP
    camera = zoomed(lay, session.camera, factor, pixel)
    if camera != session.camera:
        value = None if camera is None else (camera.zoom, camera.x, camera.y)
        dispatch(session, UiChange("view", value))
