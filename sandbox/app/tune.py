"""The Tune panel's sliders and the view's zoom: what they show and what setting them does.

Functions of the session's state; the dispatcher calls them (a slider moved, = and -).
"""

from __future__ import annotations

from ..core.portable import hypot
from ..render.controls import Slider
from ..render.layout import Camera, zoom_by
from .panels import SLIDERS
from .scene_control import say
from .state import SPEEDS, Session

ZOOM_STEP = 1.25  # one notch of Ctrl+wheel, or one press of = or -


def shape_a(session: Session) -> int | None:
    """The body the pair on show has as shape A (the density slider's body)."""
    shown = session.shown
    return shown.a if shown is not None else None


def sliders(session: Session) -> tuple[Slider, ...]:
    """The Tune panel's sliders at the world's current values."""
    world = session.world
    rigid = world.rigid and session.scene.demo is None
    tr = session.language
    why = tr.tr("none in the tutorials' MTV scenes")
    a = shape_a(session)
    out = []
    for name, (words, low, high, step) in SLIDERS.items():
        enabled, note = rigid, why
        if name == "gravity":
            value = hypot(*world.gravity)
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
                enabled, note = False, tr.tr("shape A is fixed")
        else:
            value = float(len(SPEEDS) - 1 - session.speed_index)
            shown = SPEEDS[session.speed_index][1]
            enabled = True
        out.append(Slider(name, tr(words), value, low, high, step, shown, enabled, note))
    return tuple(out)


def slider(session: Session, name: str) -> Slider:
    return next(s for s in sliders(session) if s.name == name)


def set_slider(session: Session, name: str, value: float) -> None:
    """A slider set to `value`: the speed, or the world's gravity, friction, bounce or
    shape A's density (a disabled slider says why instead)."""
    world = session.world
    if name == "speed":
        session.speed_index = len(SPEEDS) - 1 - round(value)
        said = session.language.tr("speed {label}")
        say(session, said.format(label=SPEEDS[session.speed_index][1]))
        return
    shown = slider(session, name)
    if not shown.enabled:
        say(session, f"{shown.label}: {shown.note}")
        return
    still = _at_rest(session)  # before the change wakes every body
    tr = session.language.tr
    if name == "gravity":
        world.set_gravity_strength(value)
        words = tr("gravity {value} px/s²").format(value=f"{value:.0f}")
    elif name == "friction":  # (a status line holds about 30 characters on a projector)
        world.set_friction(value)
        said = (
            tr("friction {value}: shows once pushed")
            if still
            else tr("friction {value} for every body")
        )
        words = said.format(value=f"{value:.2f}")
    elif name == "restitution":
        world.set_restitution(value)
        said = (
            tr("bounce {value}: shows at an impact")
            if still
            else tr("bounce {value} for every body")
        )
        words = said.format(value=f"{value:.2f}")
    else:
        a = shape_a(session)
        world.set_density(a, value)
        said = tr("density of {name}: {value}")
        words = said.format(name=session.language.name(world.bodies[a].name), value=f"{value:.1f}")
    say(session, words)


def _at_rest(session: Session) -> bool:
    """Nothing moves: every body that can is asleep or all but still (0.5 px/s), so a
    change of friction or bounce shows nothing until something is pushed (the slider's
    words say so, where the class would see nothing happen and wonder why)."""
    world = session.world
    moving = ~world.static
    if not moving.any():
        return True
    velocity = world.velocity[moving]
    speed = (velocity * velocity).sum(axis=1)
    return bool((world.sleeping[moving] | (speed < 0.25)).all())


def zoom_key(session: Session, action: str) -> None:
    """= and - zoom about the middle of the view; 0 fits the whole scene. Either takes
    the view in hand: a framed camera follows no more."""
    camera = session.camera
    session.framing = None
    if action == "fit":
        session.camera = None
        return
    zoom = zoom_by(camera, ZOOM_STEP if action == "zoom_in" else 1 / ZOOM_STEP)
    base = camera if camera is not None else Camera()
    session.camera = None if zoom is None else Camera(zoom, base.x, base.y)
    said = session.language.tr("zoom {zoom:.1f}x").format(zoom=zoom or 1.0)
    say(session, said + (session.language.tr(" (0: fit)") if session.camera else ""))
