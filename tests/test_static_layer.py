"""The draw's static parts (issue 44, item 6): the background, the panels and the static
bodies are one layer kept while nothing of them changes; while the camera follows the
pair, the background alone is kept and the static bodies are drawn on it. Either way the
pixels are the ones a frame drawn from nothing has."""

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
from sandbox.app.view_model import draw_session  # noqa: E402
from sandbox.render import frame  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402


@pytest.mark.parametrize(("size", "theme"), [((1024, 768), "projector"), ((1920, 1080), "dark")])
def test_a_following_camera_draws_the_static_bodies_as_a_fresh_frame_does(monkeypatch, size, theme):
    """Lesson pushing-out's stage 5: the camera follows the hit; each of 40 frames drawn
    with the layers kept from the frames before is the frame drawn with none kept, and
    the camera's frames took the background's path."""
    init_pygame(headless=True)
    session = open_session(SCENES["classic"], theme=theme)
    dispatch(session, OpenLesson(plan_lesson("pushing-out"), 4))
    calls = []
    background = frame._background
    monkeypatch.setattr(frame, "_background", lambda *a: calls.append(1) or background(*a))
    kept, fresh = pygame.Surface(size), pygame.Surface(size)
    for _ in range(40):
        dispatch(session, Step())
        draw_session(kept, session, fps=60.0)
        layers = dict(frame._layers)
        frame._layers.clear()
        draw_session(fresh, session, fps=60.0)
        frame._layers.clear()
        frame._layers.update(layers)
        assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh, "RGB")
    assert len(calls) > 10  # the camera moved, and the static bodies were drawn on it
