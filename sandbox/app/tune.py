"""The Tune panel's sliders and the view's zoom: what they show and what setting them does.

Functions of the session's state; the dispatcher calls them (a slider moved, = and -).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core.portable import hypot
from ..render.controls import Slider
from ..render.layout import Camera, zoom_by
from .panels import SLIDERS
from .scene_control import say
from .state import SPEEDS, Session

ZOOM_STEP = 1.25  # one notch of Ctrl+wheel, or one press of = or -


def shape_a(session: Session) -> int | None:
    """The body the pair on show has as shape A (the density slider's body)."""
    pair = session.shown
    return pair.a if pair is not None else None


@dataclass(frozen=True)
class Tuned:
    """One slider of the Tune panel, whole: its value now (`read`), that value in words
    (`words`), what setting it does and says (`write`, handed whether the world was at
    rest), and whether it needs the rigid solver. Its words and range are panels.SLIDERS'."""

    read: Callable[[Session], float]
    words: Callable[[Session, float], str]
    write: Callable[[Session, float, bool], str]
    rigid_only: bool = True


def _gravity(session: Session, value: float, still: bool) -> str:
    session.world.set_gravity_strength(value)
    return session.language.tr("gravity {value} px/s²").format(value=f"{value:.0f}")


def _friction(session: Session, value: float, still: bool) -> str:
    session.world.set_friction(value)  # (a status line holds about 30 characters)
    tr = session.language.tr
    said = (
        tr("friction {value}: shows once pushed")
        if still
        else tr("friction {value} for every body")
    )
    return said.format(value=f"{value:.2f}")


def _restitution(session: Session, value: float, still: bool) -> str:
    session.world.set_restitution(value)
    tr = session.language.tr
    said = (
        tr("bounce {value}: shows at an impact") if still else tr("bounce {value} for every body")
    )
    return said.format(value=f"{value:.2f}")


def _density(session: Session, value: float, still: bool) -> str:
    world, a = session.world, shape_a(session)
    world.set_density(a, value)
    said = session.language.tr("density of {name}: {value}")
    return said.format(name=session.language.name(world.bodies[a].name), value=f"{value:.1f}")


def _speed(session: Session, value: float, still: bool) -> str:
    session.speed_index = len(SPEEDS) - 1 - round(value)
    said = session.language.tr("speed {label}")
    return said.format(label=SPEEDS[session.speed_index][1])


def _a_or_first(session: Session) -> int:
    a = shape_a(session)
    return a if a is not None else 0


TUNED = {
    "gravity": Tuned(lambda s: hypot(*s.world.gravity), lambda s, v: f"{v:.0f} px/s²", _gravity),
    "friction": Tuned(
        lambda s: float(s.world.friction_of[_a_or_first(s)]), lambda s, v: f"{v:.2f}", _friction
    ),
    "restitution": Tuned(
        lambda s: float(s.world.restitution_of[_a_or_first(s)]),
        lambda s, v: f"{v:.2f}",
        _restitution,
    ),
    "density": Tuned(
        lambda s: s.world.density(shape_a(s)) if shape_a(s) is not None else 1.0,
        lambda s, v: f"{v:.1f}",
        _density,
    ),
    "speed": Tuned(
        lambda s: float(len(SPEEDS) - 1 - s.speed_index),
        lambda s, v: SPEEDS[s.speed_index][1],
        _speed,
        rigid_only=False,
    ),
}


def refusal(session: Session, name: str) -> str:
    """Why slider `name` cannot move now, in words ("" when it can): the dispatcher's gate
    on a slider set (app/dispatcher.py) and the slider's note."""
    tr = session.language
    if TUNED[name].rigid_only and not (session.world.rigid and session.scene.demo is None):
        return tr.tr("none in the tutorials' MTV scenes")
    if name == "density":
        a = shape_a(session)
        if a is None or bool(session.world.static[a]):
            return tr.tr("shape A is fixed")
    return ""


def sliders(session: Session) -> tuple[Slider, ...]:
    """The Tune panel's sliders at the world's current values (derived once a frame)."""
    out = []
    for name, (words, low, high, step) in SLIDERS.items():
        tuned = TUNED[name]
        value = tuned.read(session)
        note = refusal(session, name)
        value_words = tuned.words(session, value)
        label = session.language(words)
        out.append(Slider(name, label, value, low, high, step, value_words, not note, note))
    return tuple(out)


def slider(session: Session, name: str) -> Slider:
    return next(s for s in sliders(session) if s.name == name)


def set_slider(session: Session, name: str, value: float) -> None:
    """Slider `name` set to `value` (the dispatcher's gate has let it: app/dispatcher.py):
    the speed, or the world's gravity, friction, bounce or shape A's density; said."""
    still = name != "speed" and _at_rest(session)  # before the change wakes every body
    say(session, TUNED[name].write(session, value, still))


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
