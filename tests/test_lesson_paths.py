"""Issue 41, item 10: every built-in stage under every answer path, at 1024x768 in the
projector theme and 1920x1080 in the dark one. Right; wrong then right (a second try of
three or more choices; of two, the first answer reveals); wrong twice; and
while it asks, a stray digit, N, Y, Escape, a scene key and Ctrl+Z: the class stays in the
lesson at its stage, nothing that answers the question is on screen before the answer,
and the words (say, question, explain) pass the rehearsal's checks at that size: every
number on screen, colours the theme's, the evidence named drawn."""

import functools
import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from driving import (  # noqa: E402
    Edit,
    advance,
    copy_session,
    dispatch,
    draw_session,
    open_session,
    press,
    start_lesson,
)

from sandbox.app import lesson_run  # noqa: E402
from sandbox.app.lesson_plan import BUILT_IN, plan_lesson  # noqa: E402
from sandbox.app.rehearsal import check_words  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

PLANS = {name: plan_lesson(name) for name in BUILT_IN}
STAGES = [(name, index) for name, plan in PLANS.items() for index in range(len(plan.stages))]
SIZES = {"1024-projector": ((1024, 768), "projector"), "1920-dark": ((1920, 1080), "dark")}
# Words that would answer a waiting question: a count of axes, a gap, the MTV, a verdict.
ANSWERING = re.compile(
    r"\b\d+ axes\b|more of \d+|repeats skipped|MTV \(|gap \d|separates|✓|✗ Not q"
)


def _opened(name, index):
    """The stage opened and asking: a copy of it played once (each path starts afresh
    from it; a copy draws and steps as the original, test_driving)."""
    return copy_session(_played_opening(name, index))


@functools.cache
def _played_opening(name, index):
    session = open_session(SCENES["classic"], theme="projector")
    start_lesson(session, PLANS[name], index)
    while session.lesson_run.phase == "opening":
        advance(session)
    return session


def _held(session, name, index) -> None:
    """Still in the lesson, at its stage, leading."""
    run = session.lesson_run
    assert run is not None and run.index == index and not run.exploring, (name, index)
    assert session.scene is PLANS[name].stages[index].stage.scene


def _asking_texts(session, size, theme) -> list[str]:
    kept, session.theme = session.theme, theme
    try:
        frame = draw_session(pygame.Surface(size), session)
    finally:
        session.theme = kept
    return [t.text for t in frame.texts if t.where != "card"]


def _check_words_at_every_size(session, fields, where) -> None:
    for size_name, (size, theme) in SIZES.items():
        check_words(session, fields, f"{where} at {size_name}", size, theme)


def _stray_keys(session) -> list:
    keys = lesson_run.answer_keys(session)
    digit = next(d for d in "123456789" if d not in keys)
    return [digit, "n", "y", "escape", "2", Edit({"op": "undo"})]


@pytest.mark.parametrize(("name", "index"), STAGES)
def test_every_stage_under_every_path(name, index):
    """See the module docstring; a stage without a question checks its say where it
    opens. Each path is played once and its frames checked at both sizes (the lesson's
    world does not depend on the window: each size played them again before)."""
    pygame.display.init()
    pygame.font.init()
    stage = PLANS[name].stages[index].stage
    where = f"{name} stage {index + 1}"
    session = _opened(name, index)
    predict = stage.predict
    if predict is None:
        _check_words_at_every_size(session, (("say", stage.say),), where)
        return
    _check_words_at_every_size(session, (("say", stage.say), ("question", predict.question)), where)
    keys = lesson_run.answer_keys(session)
    right = sorted(lesson_run.right_keys(session))
    wrong = [k for k in keys if k not in right]
    paths = {"right": [right[0]], "wrong then right": [*wrong[:1], right[0]]}
    if len(wrong) > 1:
        paths["wrong twice"] = wrong[:2]
    for stray in _stray_keys(session):
        session = _opened(name, index)
        if isinstance(stray, Edit):
            dispatch(session, stray)
        elif stray not in keys:
            press(session, stray)
        _held(session, name, index)
        assert session.lesson_run.phase == "asking", (where, stray)
        for size_name, (size, theme) in SIZES.items():
            shown = [t for t in _asking_texts(session, size, theme) if ANSWERING.search(t)]
            assert not shown, (where, size_name, stray, shown)
    for path, presses in paths.items():
        session = _opened(name, index)
        for key in presses:
            press(session, key)
            _held(session, name, index)
        while session.lesson_run.phase == "showing":
            advance(session)
        assert session.lesson_run.phase == "answered", (where, path)
        second_try = len(keys) > 2  # of two choices, the first answer reveals
        expected = path == "right" or (path == "wrong then right" and second_try)
        assert session.lesson_run.verdict.right is expected, (where, path)
        press(session, presses[-1])  # pressed again: still the question's
        _held(session, name, index)
        if session.lesson_run.verdict.right:
            _check_words_at_every_size(session, (("explain", predict.explain),), where)


def test_answering_clears_the_answer_first_line():
    """A stray key while the question waits says "answer first (keys 1-6) ..." on the
    status line, and the stage stays paused, so the line stayed; once the class answers
    (a wrong first try or the right key) it is gone from the status line the class reads
    (a real window in German showed "erst antworten" over the answered card)."""
    pygame.display.init()
    pygame.font.init()
    for keys in (["3"], ["1"]):  # shadows stage 4: 3 is right, 1 a first wrong try
        session = _opened("shadows", 3)
        press(session, "9")
        assert session.message.startswith("answer first"), session.message
        for key in keys:
            press(session, key)
        frame = draw_session(pygame.Surface((1024, 768)), session)
        status = [t.text for t in frame.texts if t.where == "status"]
        assert not [text for text in status if "answer first" in text], (keys, status)
