"""The mouse on the world: grab a body and drag it, throw it on release, turn it with
the wheel; a click (a press and release in place) picks the pair on show.

Events arrive in world coordinates (app/mouse_input.MouseEvent), from the window, a
--drag or --click, a replay or a lesson's script, always through the dispatcher.
"""

from __future__ import annotations

from ..core.portable import hypot
from ..physics.mouse import body_at, grab_at, moved_to, turn
from .mouse_input import MouseEvent
from .scene_control import pick
from .state import Hand, Session

CLICK_SLOP = 4.0  # world px: a press and release closer than this is a click, not a drag


def handle_mouse(session: Session, event: MouseEvent) -> None:
    """The mouse event's effect on the world."""
    world = session.world
    point = (event.x, event.y)
    if event.kind == "wheel":
        if world.grab is not None:
            turn(world, world.grab, event.notches)
        return
    if event.kind == "press":
        body = body_at(world, point)
        session.hand = Hand(body, point, False, event.shift)
        if body is not None and not world.static[body] and not event.shift:
            world.grab = grab_at(world, body, point)
        return
    hand = session.hand
    if hand is not None:
        far = hypot(point[0] - hand.start[0], point[1] - hand.start[1]) > CLICK_SLOP
        hand.moved = hand.moved or far
    if world.grab is not None:
        world.grab = moved_to(world.grab, point)
    if event.kind == "release":
        if hand is not None and not hand.moved and hand.body is not None:
            pick(session, hand.body, hand.shift)
        session.hand = None
        world.grab = None
