"""Issue 41, item 5: no question shows its answer. For every built-in question, from its
stage's first frame to the answer, at 1024x768 in the projector theme and 1920x1080 in
the dark one: no text outside the card holds the number that answers it (needs-help 6
printed "all pairs n(n-1)/2: 990" under "how many pairs?"), no normal is marked as a
parallel repeat (shadows 6 drew 4 solid and 4 dashed under "how many axes?"), unless the
lesson file says what the class counts on purpose (predict.counted: shadows 3 counts the
normals drawn). After the answer, the evidence comes back."""

import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from driving import advance, draw_session, open_session, press, start_lesson  # noqa: E402

from sandbox.app import lesson_run  # noqa: E402
from sandbox.app.lesson_plan import BUILT_IN, plan_lesson  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

PLANS = {name: plan_lesson(name) for name in BUILT_IN}
QUESTIONS = [
    (name, index)
    for name, plan in PLANS.items()
    for index, stage in enumerate(plan.stages)
    if stage.stage.predict is not None
]
SIZES = [((1024, 768), "projector"), ((1920, 1080), "dark")]


def _frame(session, size):
    return draw_session(pygame.Surface(size), session)


def _right_label(session) -> str | None:
    """The label of the right answer of a choice question, or None."""
    labels = dict(lesson_run.choices(session))
    (key,) = lesson_run.right_keys(session)
    return labels.get(key) or None


@pytest.mark.parametrize(("size", "theme"), SIZES, ids=["1024-projector", "1920-dark"])
@pytest.mark.parametrize(("name", "index"), QUESTIONS)
def test_no_question_shows_the_number_that_answers_it(name, index, size, theme):
    """On the stage's first frame and when it asks: the right answer's number is in no
    text but the card's, and no normal is drawn as a parallel repeat; unless the file
    declares what is counted. Then the answer brings the stage's overlays back."""
    pygame.display.init()
    pygame.font.init()
    predict = PLANS[name].stages[index].stage.predict
    session = open_session(SCENES["classic"], theme=theme)
    start_lesson(session, PLANS[name], index)
    frames = [_frame(session, size)]  # the first frame: the card already asks
    while session.lesson_run.phase == "opening":
        advance(session)
    frames.append(_frame(session, size))
    label = _right_label(session) if predict.kind == "choice" else None
    number = re.compile(rf"(?<![\w.]){re.escape(label)}(?![\w.])") if label else None
    for frame in frames:
        outside = [t.text for t in frame.texts if t.where != "card"]
        if number is not None and number.pattern and label[0].isdigit():
            shown = [text for text in outside if number.search(text)]
            assert predict.counted or not shown, f"{name} {index + 1} shows {label}: {shown}"
        repeats = [what for what, _ in frame.marks if what == "repeat normal"]
        assert not repeats, f"{name} {index + 1}: {len(repeats)} normals marked as repeats"
    if predict.kind == "choice" and predict.counted is None and label and label[0].isdigit():
        press(session, predict.answer)
        while session.lesson_run.phase == "showing":
            advance(session)
        assert session.lesson_run.phase == "answered"


def test_the_evidence_comes_back_with_the_answer():
    """shadows 6 answered: the 4 parallel normals are dashed again; needs-help 6 answered:
    the panel gives all 990 pairs."""
    pygame.display.init()
    pygame.font.init()
    for name, index, check in (
        ("shadows", 5, lambda f: sum(w == "repeat normal" for w, _ in f.marks) == 4),
        ("needs-help", 5, lambda f: any("990" in t.text for t in f.texts if t.where != "card")),
    ):
        session = open_session(SCENES["classic"], theme="projector")
        start_lesson(session, PLANS[name], index)
        while session.lesson_run.phase == "opening":
            advance(session)
        assert not check(_frame(session, (1024, 768)))
        press(session, PLANS[name].stages[index].stage.predict.answer)
        assert check(_frame(session, (1024, 768))), name
