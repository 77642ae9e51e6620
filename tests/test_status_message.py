"""A message on the status line is said whole (DESIGN: nothing is cut with "…").

The status line shares the title's row. A message too long for the room beside the title
used to be cut ("drew 'drawn 1' (concave: 3 pi…" at 1024x768 in the projector theme).
Now the title steps down to make room (never below the body size); where even that is
not enough, the title and the status line's other words give way while the message
shows, and the message takes the row, on as many lines as the row is tall.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from driving import Edit, dispatch, draw_session, open_session  # noqa: E402

from sandbox.app.edit_commands import draw_command  # noqa: E402
from sandbox.app.headless import init_pygame  # noqa: E402
from sandbox.app.view_model import frame_model  # noqa: E402
from sandbox.render.language import language  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

SIZE = (1024, 768)
# Eleven words, 55 characters in English, 77 in the pseudo-locale: longer than any message
# the app says (the German editor's "'gezeichnet 1' gezeichnet (konkav: 3 Teile)" is 43).
WORDS = "drew the shape on the left edge of the polygon in pieces".split()


def _joined(frame, where) -> str:
    """The drawn texts of `where` in reading order, as one line of words."""
    texts = sorted((t for t in frame.texts if t.where == where), key=lambda t: t.rect[1::-1])
    return " ".join(" ".join(t.text for t in texts).split())


def _check(session, message):
    """Draw the session with `message` on show; what is wrong with its top rows."""
    session.message, session.message_left = message, 100
    said = frame_model(session, None)  # the words as the screen has them (translated)
    surface = pygame.Surface(SIZE)
    frame = draw_session(surface, session)
    status, narration = _joined(frame, "status"), _joined(frame, "narration")
    caption = " ".join(said.caption.split())
    problems = []
    if not status.endswith(said.message) or "…" in status:  # whole, after the bits kept
        problems.append(f"{said.message!r} drawn as {status!r}")
    if narration not in (f"{' '.join(said.scene_title.split())} {caption}", caption):
        problems.append(f"the title or the caption is not whole: {narration!r}")
    rects = [pygame.Rect(t.rect) for t in frame.texts if t.where in ("narration", "status")]
    for i, rect in enumerate(rects):
        if rect.collidelist(rects[i + 1 :]) >= 0 or not surface.get_rect().contains(rect):
            problems.append(f"{said.message!r}: texts overlap or leave the window")
    return problems


@pytest.mark.parametrize("code", ["en", "de", "en-XA"])
def test_a_message_is_said_whole_beside_every_title(code):
    """On every scene, in English, German and the pseudo-locale, messages of 2 to 11
    words are drawn whole (no "…", no word lost), the title whole or not at all, and no
    text overlaps another or leaves the window."""
    init_pygame(headless=True)
    problems = []
    for scene in SCENES.values():
        session = open_session(scene, theme="projector", words=language(code))
        for count in range(2, len(WORDS) + 1, 3):  # 2, 5, 8, 11
            problems += _check(session, " ".join(WORDS[:count]))
    assert problems == [], "\n".join(problems[:10])


def test_the_editors_long_message_in_german_is_whole():
    """The case that was cut: a concave outline drawn in the classic scene, said in
    German ("'gezeichnet 1' gezeichnet (konkav: 3 Teile)") at 1024x768, is drawn whole."""
    init_pygame(headless=True)
    session = open_session(SCENES["classic"], theme="projector", words=language("de"))
    outline = [[500, 150], [620, 150], [620, 260], [570, 200], [500, 260]]
    dispatch(session, Edit(draw_command(outline)))
    message = session.message
    assert message.startswith("'gezeichnet 1' gezeichnet (konkav"), message
    assert _check(session, message) == []
