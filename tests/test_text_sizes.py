"""Issue 41, item 7: README's promise about text sizes is true. In the projector theme at
1024x768, over every scene and every lesson stage as it asks, the only texts under 20 px
(a text box under 24 px tall) are the rulers' small print that README lists: interval
numbers, the legend, the MTV and separates tags and the "+N more" line; and nothing is
under 17 px (20 px tall)."""

import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from driving import advance, draw_session, open_session, start_lesson  # noqa: E402

from sandbox.app.lesson_plan import BUILT_IN, plan_lesson  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

SMALL_PRINT = re.compile(
    r"-?[\d.]+( \.\. -?[\d.]+)?|[AB]( -?\d+\.\.-?\d+)?|gap|overlap|MTV|separates|\+\d+ more of .*"
)


def _frames():
    for scene in SCENES.values():
        session = open_session(scene, theme="projector")
        for _ in range(30):
            advance(session)
        yield scene.name, session
    for name in BUILT_IN:
        plan = plan_lesson(name)
        for index in range(len(plan.stages)):
            session = open_session(SCENES["classic"], theme="projector")
            start_lesson(session, plan, index)
            while session.lesson.phase == "opening":
                advance(session)
            yield f"{name} {index + 1}", session


def test_only_the_rulers_small_print_is_under_20_px():
    """Box heights: DejaVu Sans Mono at 20 px draws 24 px tall, at 17 px 20 tall."""
    pygame.display.init()
    pygame.font.init()
    small_print = 0
    for where, session in _frames():
        for text in draw_session(pygame.Surface((1024, 768)), session).texts:
            height = text.rect[3]
            assert height >= 20, (where, text)
            if height < 24:
                assert text.where == "panel" and SMALL_PRINT.fullmatch(text.text), (where, text)
                small_print += 1
    assert small_print > 0  # the small print was seen (README names it)
