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
from .commands import Cursor, Edit, Hover, Press, Say, UiChange
from .dispatcher import dispatch
from .edit_commands import draw_command, move_vertex_command
from .editing import corner_handles
from .keymap import KEY_FOR_ACTION
from .state import Session
from .tune import ZOOM_STEP, slider
from .view_model import laid_out, layout_for

HANDLE_REACH = 12  # screen px: a press this near a corner's handle takes the corner
CLOSE_REACH = 12  # screen px: a press this near the first corner closes the outline


@dataclass
class Gesture:
    """What the window's pointer is doing with the controls: a slider held, a pan, a
    corner dragged."""

    slider: str | None = None  # the slider being dragged
    pan_from: tuple[float, float] | None = None  # right button down at this pixel
    corner: tuple[str, int] | None = None  # edit mode: the (body, corner) being dragged


def press(
    session: Session, gesture: Gesture, size, pixel, button: int, held=frozenset(), shift=False
) -> bool:
    """A button press at window pixel `pixel`; True when a control took it."""
    lay, controls = laid_out(session, size)
    if button == 3:  # right: pan, when zoomed, inside the scene
        sx, sy, sw, sh = lay.scene
        if sx <= pixel[0] < sx + sw and sy <= pixel[1] < sy + sh:
            gesture.pan_from = (float(pixel[0]), float(pixel[1]))
            return True
        return False
    if button != 1 or session.slide:
        return False
    control = hit(controls, pixel)
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
    elif name.startswith("slider:"):
        held_slider = slider(session, name.removeprefix("slider:"))
        if held_slider.enabled:
            gesture.slider = held_slider.name
            _slide(session, lay, control, held_slider, pixel[0])
        else:
            dispatch(session, Say(f"{held_slider.label}: {held_slider.note}"))
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


def _slide(session: Session, lay, control, held_slider, x: float) -> None:
    value = slider_value(lay, control, held_slider, x)
    if value != held_slider.value:
        dispatch(session, UiChange("set", (held_slider.name, value)))


def move(session: Session, gesture: Gesture, size, pixel) -> bool:
    """The pointer moved; True when a slider or a pan took it. Sets the hovered control."""
    lay, controls = laid_out(session, size)  # once an event: the session's whole status
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
        held_slider = slider(session, gesture.slider)
        if control is not None and held_slider.enabled:
            _slide(session, lay, control, held_slider, pixel[0])
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


def wheel(session: Session, size, pixel, notches: int) -> None:
    """Ctrl+wheel: zoom by ZOOM_STEP a notch about the pointer (its world point stays)."""
    lay = layout_for(session, size)
    factor = 1.0
    for _ in range(abs(notches)):
        factor = factor * ZOOM_STEP if notches > 0 else factor / ZOOM_STEP
    camera = zoomed(lay, session.camera, factor, pixel)
    if camera != session.camera:
        value = None if camera is None else (camera.zoom, camera.x, camera.y)
        dispatch(session, UiChange("view", value))
