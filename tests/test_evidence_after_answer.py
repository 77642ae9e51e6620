"""Issue 41, item 6: after a question is answered the evidence stays. At 1024x768 in the
projector theme (and at 1920x1080 dark), every answered stage whose rulers show, its
evidence played, draws the row of every axis its narration names, and every row — or,
where ten rows cannot fit under the card at 1024x768 (shadows 3 and 7), all it can and a
"+N more: all overlap" line that says what the rows left out show. The pair block's live
words give way to the rows (the narration band says them). Before: shadows 4 and 6,
pushing-out 1 and 3 dropped 1-3 rows behind "+N more of N (U: see all)", pushing-out 3
among them the e0 B its narration quotes."""

import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from driving import advance, draw_session, open_session, press, start_lesson  # noqa: E402

from sandbox.app import lesson_run  # noqa: E402
from sandbox.app.lesson_plan import BUILT_IN, plan_lesson  # noqa: E402
from sandbox.render.words import axis_name  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

PLANS = {name: plan_lesson(name) for name in BUILT_IN}
QUESTIONS = [
    (name, index)
    for name, plan in PLANS.items()
    for index, stage_plan in enumerate(plan.stages)
    if stage_plan.stage.predict is not None
]
MORE = r"\+(\d+) more(?: of (\d+))?: (.+?)(?: \(U: (?:see )?all\))?"
SIZES = {"1024-projector": ((1024, 768), "projector"), "1920-dark": ((1920, 1080), "dark")}


def _answered(name, index, theme):
    session = open_session(SCENES["classic"], theme=theme)
    start_lesson(session, PLANS[name], index)
    while session.lesson_run.phase == "opening":
        advance(session)
    press(session, sorted(lesson_run.right_keys(session))[0])
    while session.lesson_run.phase == "showing":
        advance(session)
    return session


def _verdict(axis) -> str:
    """A row's verdict from the report's numbers, by hand: a negative overlap is a gap,
    zero touching, a depth past the shared length inside, else overlap."""
    if axis.overlap < 0:
        return "gap"
    if axis.overlap == 0:
        return "touching"
    return "inside" if axis.depth > axis.overlap + 1e-9 else "overlap"


@pytest.mark.parametrize("size_name", list(SIZES))
def test_every_ruler_row_shows_after_the_answer(size_name):
    """See the module docstring. For each answered stage with rulers on: every axis the
    narration names has its row drawn; a row not drawn is counted in a "+N more: ..."
    line whose verdicts are the hidden rows' own (from the report's numbers); and where
    the narration speaks of the rulers or of each axis, all rows are drawn or summed so."""
    pygame.display.init()
    pygame.font.init()
    size, theme = SIZES[size_name]
    checked, summed = 0, 0
    for name, index in QUESTIONS:
        session = _answered(name, index, theme)
        if not session.overlays.show_projections or session.scene.demo is not None:
            continue
        record = session.step_record
        if record is None or record.shown is None:
            continue
        frame = draw_session(pygame.Surface(size), session)
        panel = [t.text for t in frame.texts if t.where == "panel"]
        narration = " ".join(t.text for t in frame.texts if t.where == "narration")
        where = f"{name} stage {index + 1} at {size_name}"
        axes = record.shown.report.axes
        hidden = [axis for axis in axes if axis_name(axis) not in panel]
        for axis in axes:
            if re.search(rf"\b{re.escape(axis_name(axis))}\b", narration):
                assert axis not in hidden, (where, "named, not drawn", axis_name(axis))
        more = [k for k, t in enumerate(panel) if re.match(r"\+\d+ more", t)]
        if not hidden:
            assert not more, (where, more)
        else:
            assert len(more) == 1, (where, panel)
            said = " ".join(panel[more[0] :])  # the line, and its second if it wrapped
            found = re.fullmatch(MORE, said)
            assert found, (where, said)
            count, of, verdicts = found.groups()
            assert int(count) == len(hidden) and of in (None, str(len(axes))), (where, said)
            words = [_verdict(axis) for axis in hidden]
            expected = {word: words.count(word) for word in dict.fromkeys(words)}
            if len(expected) == 1:
                assert verdicts == f"all {words[0]}", (where, verdicts)
            else:
                assert verdicts == ", ".join(f"{n} {w}" for w, n in expected.items()), where
            summed += 1
        checked += 1
    assert checked >= 12, checked
    assert summed <= 2, summed  # only the ten-axis stages at 1024x768 sum rows up
