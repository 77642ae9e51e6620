"""What a frame keeps from the frames before to draw faster (issue 44, item 6: the
toolbar's pixels, the wrapped lines, the static layer) never shows: each frame drawn with
everything kept is, byte for byte and text for text, the frame drawn with nothing kept,
while the scene moves, the toolbar's state changes and the size changes."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from sandbox.app.commands import OpenLesson, Step  # noqa: E402
from sandbox.app.dispatcher import dispatch  # noqa: E402
from sandbox.app.headless import init_pygame  # noqa: E402
from sandbox.app.lesson_plan import plan_lesson  # noqa: E402
from sandbox.app.scene_control import open_session  # noqa: E402
from sandbox.app.view_model import drawn  # noqa: E402
from sandbox.render import controls, frame  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

KEPT = (frame._layers, controls._toolbars)  # every cache that holds pixels


def _fresh(surface, session):
    """The frame drawn with no cache kept (the caches as they were after)."""
    saved = [dict(cache) for cache in KEPT]
    for cache in KEPT:
        cache.clear()
    try:
        return drawn(surface, session, fps=60.0)[0]
    finally:
        for cache, before in zip(KEPT, saved, strict=True):
            cache.clear()
            cache.update(before)


def _same(session, kept, fresh) -> None:
    report = drawn(kept, session, fps=60.0)[0]
    again = _fresh(fresh, session)
    assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh, "RGB")
    assert (report.texts, report.help_texts, report.marks) == (
        again.texts,
        again.help_texts,
        again.marks,
    )


# (frame, what changes then): the toolbar's tip, its focus ring, a panel open and shut
TOOLBAR = {
    3: ("hover", "reset"),
    5: ("hover", None),
    7: ("focus", "pause"),
    9: ("focus", None),
    11: ("panel", "show"),
    13: ("panel", None),
    15: ("paused", True),
    17: ("paused", False),
}


@pytest.mark.parametrize(("size", "theme"), [((1024, 768), "projector"), ((1920, 1080), "dark")])
@pytest.mark.parametrize("scene", ["pile", "concave", "classic"])
def test_a_frame_drawn_with_what_was_kept_is_a_frame_drawn_from_nothing(scene, size, theme):
    init_pygame(headless=True)
    session = open_session(SCENES[scene], theme=theme)
    kept, fresh = pygame.Surface(size), pygame.Surface(size)
    for k in range(24):
        if k in TOOLBAR:
            setattr(session, *TOOLBAR[k])
        dispatch(session, Step())
        _same(session, kept, fresh)


def test_a_lesson_and_a_new_size_keep_nothing_that_shows():
    """A lesson's stage (its card, its narration) at both sizes in turn."""
    init_pygame(headless=True)
    session = open_session(SCENES["classic"], theme="projector")
    dispatch(session, OpenLesson(plan_lesson("pushing-out"), 2))
    for k in range(16):
        size = (1024, 768) if k % 8 < 4 else (1280, 720)
        dispatch(session, Step())
        _same(session, pygame.Surface(size), pygame.Surface(size))
