"""The tests' own driver (tests/driving.py): the screen tests read copies of moments
played once, so a copy must be the session it was taken from, to the pixel and the bit."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from driving import (  # noqa: E402
    advance,
    copy_session,
    draw_session,
    dump_state,
    every_stage,
    open_session,
    play_stages,
    press,
)

from sandbox.scenes.registry import SCENES  # noqa: E402

SIZE = (1024, 768)


def _pixels(session) -> bytes:
    surface = pygame.Surface(SIZE)
    draw_session(surface, session)
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("scene", ["stack", "pile", "concave", "broad-phase"])
def test_a_copied_session_draws_and_steps_as_the_original(scene):
    """A deep copy of a session 20 steps in draws the same pixels; then the original and
    the copy, driven by the same keys for 40 steps, dump the same state and draw the
    same pixels (the original is not disturbed by the copy, nor the copy by it)."""
    pygame.display.init()
    pygame.font.init()
    session = open_session(SCENES[scene], theme="projector")
    for _ in range(20):
        advance(session)
    twin = copy_session(session)
    assert twin.scene is session.scene and twin.world is not session.world
    assert _pixels(twin) == _pixels(session)
    for both in (session, twin):
        press(both, "a")
        for step in range(40):
            advance(both, frozenset({"right"} if step < 20 else {"up"}))
    assert dump_state(twin) == dump_state(session)
    assert _pixels(twin) == _pixels(session)


def test_every_stage_hands_out_copies_that_match_a_fresh_play():
    """The cached moments of every_stage are the same as a stage played now, and a
    caller's change to one does not reach the next caller's."""
    pygame.display.init()
    pygame.font.init()
    first = dict(every_stage("projector"))
    assert len(first) > 30
    fresh = {}
    for where, session in play_stages("projector"):  # (a session: used before the next)
        fresh[where] = (dump_state(session), _pixels(session))
    assert first.keys() == fresh.keys()
    for where, moment in first.items():
        assert (dump_state(moment), _pixels(moment)) == fresh[where], where
    advance(first["shadows 1"])
    again = dict(every_stage("projector"))["shadows 1"]
    assert dump_state(again) == fresh["shadows 1"][0]
