"""Issue 41, item 8: nothing under the toolbar or off the panel, and no text dropped
without a "+N more" of its own. At 1024x768 in the projector theme, over every built-in
scene and every lesson stage (asking and answered): no text outside the toolbar's own
touches the toolbar; the help box leaves the toolbar's pixels as they were; no list ends
in "..."; the dot product's panel and the 3D axis list, cut under a lesson's card, say
how many lines they left out (and the 3D list what those axes show). Before: the
toolbar hid half the panel's last line (needs-help 1), the help box covered the
toolbar's top rows, the dot product's panel dropped its last sentence without a word
(shadows 1) and the 3D list ended in "..." (needs-help 7)."""

import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from driving import advance, draw_session, every_frame, open_session, press, start_lesson  # noqa: E402

from sandbox.app import lesson_run  # noqa: E402
from sandbox.app.lesson_plan import plan_lesson  # noqa: E402
from sandbox.app.view_model import layout_for  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

SIZE = (1024, 768)
OWN = {"toolbar", "controls", "menu", "help"}  # what may be drawn on or over the toolbar


def _stage(name, index, answer=False):
    session = open_session(SCENES["classic"], theme="projector")
    start_lesson(session, plan_lesson(name), index)
    while session.lesson_run.phase == "opening":
        advance(session)
    if answer and session.lesson_run.stage.stage.predict is not None:
        press(session, sorted(lesson_run.right_keys(session))[0])
        while session.lesson_run.phase == "showing":
            advance(session)
    return session


def _texts(session, where=None):
    frame = draw_session(pygame.Surface(SIZE), session)
    return [t for t in frame.texts if where is None or t.where == where]


def test_no_text_under_the_toolbar_and_no_dots():
    """See the module docstring: every text's box outside the toolbar's own stays off the
    toolbar's rectangle, and no text is "..." or ends in "..."."""
    pygame.display.init()
    pygame.font.init()
    seen = 0
    for where, session in every_frame("projector"):
        toolbar = pygame.Rect(layout_for(session, SIZE).toolbar)
        assert toolbar.height > 0, where
        for text in _texts(session):
            assert not text.text.endswith("..."), (where, text)
            if text.where not in OWN:
                assert not toolbar.colliderect(pygame.Rect(text.rect)), (where, text)
            seen += 1
    assert seen > 2000, seen


def test_the_help_box_leaves_the_toolbar_alone():
    """H over a scene and over a lesson stage: the toolbar's pixels are the same as
    without the help box, and the box's texts are all above it."""
    pygame.display.init()
    pygame.font.init()
    for session in (open_session(SCENES["classic"], theme="projector"), _stage("shadows", 3)):
        toolbar = pygame.Rect(layout_for(session, SIZE).toolbar)
        plain = pygame.Surface(SIZE)
        draw_session(plain, session)
        press(session, "h")
        helped = pygame.Surface(SIZE)
        frame = draw_session(helped, session)
        assert session.overlays.show_help
        helps = frame.help_texts
        assert len(helps) > 10 and all(t.rect[1] + t.rect[3] <= toolbar.top for t in helps)
        before = pygame.image.tobytes(plain.subsurface(toolbar), "RGB")
        assert pygame.image.tobytes(helped.subsurface(toolbar), "RGB") == before


def _panel_lines(session):
    return [t.text for t in _texts(session, "panel")]


def _dot_lines(session):
    """The dot product's own lines in the panel: from "a = (...)" on."""
    lines = _panel_lines(session)
    return lines[next(k for k, line in enumerate(lines) if line.startswith("a = (")) :]


def test_the_dot_product_panel_counts_what_it_leaves_out():
    """shadows 1 (the dot product under its question card): the panel ends in "+N more
    lines", and N is the count of lines the same panel draws with the HUD hidden (U,
    room for all of them) less those it drew."""
    pygame.display.init()
    pygame.font.init()
    session = _stage("shadows", 0)
    cut = _dot_lines(session)
    found = re.fullmatch(r"\+(\d+) more lines( \(U: room\))?", cut[-1])
    assert found, cut
    press(session, "u")
    whole = _dot_lines(session)
    assert not any("more lines" in line for line in whole)
    assert cut[:-1] == whole[: len(cut) - 1]
    assert int(found.group(1)) == len(whole) - (len(cut) - 1)
    assert "vertex matter." in whole[-1]


def test_the_3d_list_sums_what_it_leaves_out():
    """needs-help 7 (SAT in 3D under the lesson): the axis list keeps the deciding axis
    and ends in "+N more: <verdicts>", N and the verdicts those of the axes not listed
    (by the report's overlaps: negative is a gap)."""
    pygame.display.init()
    pygame.font.init()
    session = _stage("needs-help", 6)
    report = session.space.report()
    lines = _panel_lines(session)
    found = re.fullmatch(r"\+(\d+) more: (.+)", lines[-1])
    assert found, lines
    listed = len([t for t in lines if re.search(r"(overlap|gap) -?[\d.]+$", t)])
    assert listed + int(found.group(1)) == len(report.axes)
    gaps = sum(1 for t in report.axes if t.overlap < 0)
    assert gaps == 1 and found.group(2) == "all overlap"  # the one gap is the deciding row
    assert report.separating is not None
