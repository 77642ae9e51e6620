"""A lesson read, planned and rehearsed: what a teacher's file must pass before a class.

`rehearse` opens every stage once, headless, through the same dispatcher as a class's
run, and checks what only the world can tell: the step-through has the stage's `axis`,
the answer of an axis question is an axis that separates, the answer of a collide
question is what happens; and the words against the frame they are drawn in (when the
stage has opened; `explain` once answered rightly, the evidence shown): every
placeholder says something, a quoted number is on screen, a colour is the theme's, the
rulers or contact points named are drawn (app/lesson_words.py). A UsageError names
the file, the stage and the field.
"""

from __future__ import annotations

import pygame

from ..core.locales import N_, translations
from ..core.walk import walkthrough
from ..core.worded import Phrase
from ..render.words import axis_name
from ..scenes.lesson_predict import NUMBERED_KINDS
from ..scenes.registry import DEFAULT_SCENE, SCENES
from . import lesson_run
from .commands import OpenLesson, Press, Step
from .dispatcher import dispatch
from .errors import UsageError
from .lesson_plan import BUILT_IN, Plan, plan_lesson
from .lesson_words import PlaceholderError, fill, problems
from .progress import Progress
from .scene_control import open_session
from .view_model import draw_session

LONG_REHEARSAL = 3_600  # steps: a rehearsal that plays more shows a progress bar
CHECKED_SIZE = (1024, 768)  # the words are checked against the projector's frame
REHEARSED_SEED = 0  # the seed the suite rehearses the built-in lessons at


def load_lesson(
    name_or_path: str, seed: int = 0, words: bool | None = None, code: str = "en"
) -> Plan:
    """A built-in lesson by name or a lesson file, read, planned and rehearsed; UsageError
    (one line naming the file, the stage and the field) when anything is wrong. `words`:
    check the words against their frames too, which plays every question's evidence (a
    built-in lesson's load took 4x as long); by default for a teacher's file only: the
    built-in lessons' words are checked by the tests (test_lesson_words, test_lesson_paths).
    A built-in lesson at REHEARSED_SEED is not rehearsed at all: the suite rehearses it
    there; at another seed (the broad-phase bin's boxes move with it) it is."""
    plan = plan_lesson(name_or_path, code)
    built_in = name_or_path in BUILT_IN
    if built_in and seed == REHEARSED_SEED and not words:
        return plan  # the suite rehearses it so (test_lesson_words): a class waits 0.4 s less
    rehearse(plan, seed, words=not built_in if words is None else words, code=code)
    return plan


def rehearse(plan: Plan, seed: int = 0, stream=None, words: bool = True, code: str = "en") -> None:
    """Open every stage once, headless, and check what only the world can tell (and with
    `words`, the words against their frames). A long rehearsal (its openings and evidence
    more than LONG_REHEARSAL steps: 60 stages of 30 s openings take minutes) shows its
    progress on a terminal (`stream`, stderr), labelled in the language `code`."""
    session = open_session(SCENES[DEFAULT_SCENE], seed)
    label = translations(code).gettext(N_("rehearsing the lesson"))
    progress = Progress(len(plan.stages), label, stream)
    progress.visible = progress.visible and rehearsal_steps(plan, words) > LONG_REHEARSAL
    try:
        for index, stage_plan in enumerate(plan.stages):
            progress.advance(stage_plan.stage.title)
            dispatch(session, OpenLesson(plan, index))
            run = session.lesson_run
            while run.phase == "opening":
                dispatch(session, Step())
            stage = stage_plan.stage
            where = stage_plan.where
            shown = session.shown
            if stage.axis is not None:
                if shown is None:
                    raise UsageError.words(
                        N_("{where}: axis: no pair on show for the step-through"), where=where
                    )
                count = len(walkthrough(shown.report))
                if stage.axis > count:
                    raise UsageError.words(
                        N_(
                            "{where}: axis: the step-through of this pair has {count} steps, "
                            "got {axis}"
                        ),
                        where=where,
                        count=count,
                        axis=stage.axis,
                    )
            predict = stage.predict
            asked = (("say", stage.say),) + (
                () if predict is None else (("predict.question", predict.question),)
            )
            if words:
                check_words(session, asked, where)
            if predict is None:
                continue
            if predict.kind != "choice" and shown is None:
                raise UsageError.words(
                    N_("{where}: predict.kind: no pair on show to ask about"), where=where
                )
            if predict.kind in NUMBERED_KINDS:
                _check_numbered(session, shown, predict, where)
            if not (words or predict.kind == "collide"):
                continue  # (only a collide answer needs its evidence played to be checked)
            dispatch(session, Press(sorted(lesson_run.right_keys(session))[0]))  # as a class
            while run.phase == "showing":
                dispatch(session, Step())
            if predict.kind == "collide":
                happened = "y" if run.touched_at is not None else "n"
                if happened != predict.answer:
                    did = Phrase(N_("do touch") if happened == "y" else N_("do not touch"))
                    raise UsageError.words(
                        N_(
                            "{where}: predict.answer: {answer!r} is wrong: they {did} within "
                            "{steps} steps"
                        ),
                        where=where,
                        answer=predict.answer,
                        did=did,
                        steps=predict.steps,
                    )
            if words:
                check_words(session, (("predict.explain", predict.explain),), where)
    finally:  # the bar ends its line, so that an error starts on its own
        progress.finish()


def check_words(session, fields, where: str, size=CHECKED_SIZE, theme="projector") -> None:
    """The words of `fields` ((field, text), ...) against the frame the class sees now (by
    default at 1024x768 in the projector theme): every placeholder says something, every
    quoted number is on screen, colours come from the theme, the evidence named is drawn."""
    kept, session.theme = session.theme, theme
    try:
        frame = draw_session(pygame.Surface(size), session)
        drawn = [t.text for t in frame.texts if t.where != "narration"]
        shown = session.shown
        overlays = session.overlays
        evidence = {  # what the frame draws that a narration may name
            "rulers": overlays.show_projections
            and session.scene.demo is None
            and not session.lesson_run.hiding,
            "contacts": overlays.show_contacts
            and shown is not None
            and shown.report.colliding
            and bool(shown.report.contacts),
        }
        for field, text in fields:
            try:
                filled = fill(text, session, strict=True)
            except PlaceholderError as error:
                raise UsageError.words(
                    N_("{where}: {field}: {error}"), where=where, field=field, error=error
                ) from None
            wrong = problems(text, filled, drawn, evidence)
            if wrong:
                raise UsageError.words(
                    N_("{where}: {field}: {wrong}"), where=where, field=field, wrong=wrong[0]
                )
    finally:
        session.theme = kept


def rehearsal_steps(plan: Plan, words: bool = True) -> int:
    """The steps a rehearsal plays: every opening, and the evidence of every question
    (with `words`) or of every collide question (without: only those must be played)."""
    evidence = sum(
        s.stage.predict.steps
        for s in plan.stages
        if s.stage.predict is not None and (words or s.stage.predict.kind == "collide")
    )
    return sum(s.opening for s in plan.stages) + evidence


def _check_numbered(session, shown, predict, where: str) -> None:
    """An axis or mtv question: at most 9 axes, and the author's answer is right here."""
    axes = shown.report.axes
    if len(axes) > 9:
        raise UsageError.words(
            N_("{where}: predict.kind: {axes} axes; keys 1-9 reach 9"), where=where, axes=len(axes)
        )
    right = lesson_run.right_keys(session)
    names = {str(k + 1): axis for k, axis in enumerate(axes)}
    if not right:
        why = (
            "no axis separates the pair at this pose (they collide)"
            if predict.kind == "axis"
            else "the pair does not collide at this pose: there is no MTV"
        )
        raise UsageError.words(
            N_("{where}: predict.answer: {why}; ask another question"), where=where, why=why
        )
    if predict.answer not in right:
        said = names.get(predict.answer)
        what = f"axis {predict.answer} ({axis_name(said)})" if said else "that axis"
        does = "separate them" if predict.kind == "axis" else "give the MTV"
        rights = ", ".join(f"{k} ({axis_name(names[k])})" for k in sorted(right))
        raise UsageError.words(
            N_("{where}: predict.answer: {what} does not {does}; the answer here: {rights}"),
            where=where,
            what=what,
            does=does,
            rights=rights,
        )
