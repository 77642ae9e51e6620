"""The prediction card a lesson's stage shows: its question and answers, from the stage's
first frame (marked while the opening plays), then right or wrong and what the world
showed. A view of app.lesson_run's state for the renderer (render.lesson.draw_card)."""

from __future__ import annotations

from ..core.locales import N_
from ..render.overlays import LessonCard
from ..scenes.lesson_predict import NUMBERED_KINDS
from .lesson_run import choices, right_keys
from .lesson_words import fill
from .state import Session

# What the card says of an answer (`describe` announces each when it appears).
ONE_MORE_TRY = N_("Not {answer}: one more try.")
RIGHT = N_("Right: {said}.")
RIGHT_SECOND = N_("Right at the second try: {second}; {first} was not.")
NOT_QUITE = N_("Not quite: you said {said}; the answer is {answer}.")
VERDICTS = (ONE_MORE_TRY, RIGHT, RIGHT_SECOND, NOT_QUITE)


def card(session: Session) -> LessonCard | None:
    """What the prediction card shows now, or None."""
    run = session.lesson_run
    predict = run.stage.stage.predict
    shown = ("opening", "asking", "showing", "answered")
    if run.exploring or predict is None or run.phase not in shown:
        return None
    tr = session.language
    listed = choices(session)
    question = fill(predict.question, session)  # its live values, at this frame
    if run.phase == "opening":  # the question shows from the first frame, marked as waiting
        left = max(run.stage.opening - (session.step_on_show - run.opened_at), 1)
        return LessonCard(question, listed, None, None, None, "", left)
    labels = dict(listed)
    if run.verdict is None:
        tried = ""
        if run.tried is not None:
            tried = tr(ONE_MORE_TRY).format(answer=_with_label(run.tried, labels))
        name = session.focus or ""
        focus = name.removeprefix("answer:") if name.startswith("answer:") else ""
        return LessonCard(question, listed, None, None, None, "", tried=tried, focus=focus)
    right = sorted(right_keys(session))
    key = _with_label(run.verdict.key, labels)
    said = key
    if run.verdict.tried is not None:  # the second try: both answers, in order
        first = _with_label(run.verdict.tried, labels)
        said = tr("{first}, then {second}").format(first=first, second=key)
    answer_said = tr(" or ").join(_with_label(k, labels) for k in right)
    if run.verdict.right and run.verdict.tried is not None:  # never "Right: 6, then 3"
        verdict = tr(RIGHT_SECOND).format(second=key, first=first)
    elif run.verdict.right:
        verdict = tr(RIGHT).format(said=said)
    else:
        verdict = tr(NOT_QUITE).format(said=said, answer=answer_said)
    if run.phase == "showing":
        left = run.run_left
        evidence = tr.plural(
            "watch: {n} more step of the world", "watch: {n} more steps of the world", left
        ).format(n=left)
    elif predict.kind in NUMBERED_KINDS:  # the step-through's own words say it, below
        evidence = ""
    else:
        evidence = run.verdict.evidence
    # Answered, the card gives way to the evidence: the verdict names the answers, so the
    # list of choices goes and the rulers the narration points to keep their rows.
    return LessonCard(question, (), verdict, run.verdict.right, predict.explain, evidence)


def _with_label(key: str, labels: dict) -> str:
    label = labels.get(key, "")
    return f"{key.upper()} ({label})" if label else key.upper()
