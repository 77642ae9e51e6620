"""The frame in words, for a learner who cannot see it (issue 43, item 2): built from the
same state the picture is drawn from (the frame model and the pair's SAT report), never
from pixels, in reading order:

    Scene: The classic SAT demo (tutorial 003).     (in a lesson: Lesson: ... Stage: ...)
    <the narration band's words>
    Question: How many axes does SAT test? Answers: 1 7, 2 10, 3 21.
    A is the triangle with 3 sides; B is the polygon with 7 sides.
    Colliding: the least overlap, 3.2 on B's e3, is the MTV (-2.6, -1.9).
    <what the pair's words on screen say now>

Every number is written as the screen writes it (render/words.py). While a question
waits, what would answer it is held back, as on screen. `changes` turns two descriptions
into the short alerts a screen reader announces ("now touching").
"""

from __future__ import annotations

import sys

from ..core.locales import N_
from ..render.language import ENGLISH_WORDS, Language
from ..render.pair_words import frame_narration
from ..render.words import SENTENCE, amount, axis_name, collision_state, vector
from .focus import focus_said
from .lesson_card import VERDICTS
from .state import Session

# The first word of a verdict line (`verdict`): the kinds an alert says changed.
_KINDS = (N_("Apart"), N_("Touching"), N_("Resting"), N_("Inside"), N_("Colliding"))


def verdict(report, rigid: bool, tr: Language = ENGLISH_WORDS) -> str:
    """SAT's answer for the pair in one sentence, with the axis that decides it; it
    begins with its kind (_KINDS) and a colon."""
    state = collision_state(report, rigid)
    if state == "apart":
        axis = report.separating
        said = tr("{axis} leaves a gap of {gap}.")
        said = said.format(axis=axis_name(axis, SENTENCE, tr), gap=amount(axis.overlap))
        return f"{tr('Apart')}: {said}"
    if state == "touching":
        said = tr("the shapes meet with no overlap (depth 0).")  # (babel reads no f-string)
        return f"{tr('Touching')}: {said}"
    axis = report.mtv_axis
    mtv = vector(*report.mtv)
    depth, on = amount(report.depth), axis_name(axis, SENTENCE, tr)
    if state == "resting":
        said = tr("{depth} of overlap on {axis}.").format(depth=depth, axis=on)
        return f"{tr('Resting')}: {said}"
    if state == "inside":
        said = tr(
            "one shape is inside the other; the shortest way out, {depth} on {axis}, "
            "is the MTV {mtv}."
        )
        return f"{tr('Inside')}: {said.format(depth=depth, axis=on, mtv=mtv)}"
    said = tr("the least overlap, {depth} on {axis}, is the MTV {mtv}.")
    return f"{tr('Colliding')}: {said.format(depth=depth, axis=on, mtv=mtv)}"


def _shape_words(world, index: int, letter: str, tr: Language) -> str:
    """ "the triangle with 3 sides", "body 119 with 5 sides", "the big circle"; a body
    named by its letter: "a polygon of 3 sides", "a circle".
    The sides are said: a learner who cannot see them counts the axes from them."""
    name = world.bodies[index].name.strip()
    shape = world.shape(index)
    sides = len(getattr(shape, "vertices", ()))
    # "body 119", not "the body 119"
    named = tr.name(name) if name[-1:].isdigit() else tr("the {name}").format(name=tr(name))
    if shape.kind == "circle":
        return tr("a circle") if name.upper() == letter else named
    if name.upper() == letter:
        return tr("a polygon of {sides} sides").format(sides=sides)
    return tr("{named} with {sides} sides").format(named=named, sides=sides)


def describe(session: Session, status) -> list[str]:
    """The frame on show, one sentence group a line (see the module docstring), from the
    session and its frame model `status` (view_model.frame_in_words builds it), in the
    session's language."""
    tr = session.language
    if status.lesson_line is not None:
        lines = [
            tr("Lesson: {lesson}.").format(lesson=status.lesson_line),
            tr("Stage: {stage}.").format(stage=status.scene_title),
        ]
    else:
        lines = [tr("Scene: {scene}.").format(scene=status.scene_title)]
    if status.caption:
        lines.append(status.caption)
    card = status.card
    if card is not None:
        if card.verdict is None and not card.opening:
            answers = ", ".join(f"{key.upper()} {label}".strip() for key, label in card.choices)
            said = tr("Question: {question} Answers: {answers}.")
            lines.append(said.format(question=card.question, answers=answers))
            if card.tried:  # a first wrong try, as the card says it
                lines.append(card.tried)
        elif card.verdict is not None:
            lines.append(card.verdict)
    record = session.step_record
    shown = record.shown if record is not None and status.demo is None else None
    world = session.world
    if shown is not None:
        a, b = _shape_words(world, shown.a, "A", tr), _shape_words(world, shown.b, "B", tr)
        lines.append(tr("A is {a}; B is {b}.").format(a=a, b=b))
        if status.hiding:
            lines.append(tr("SAT's answer is held back until the class answers."))
        else:
            lines.append(verdict(shown.report, world.rigid, tr))
    if not status.hiding:
        live, _ = frame_narration(world, record, status, tr)
        kinds = {tr(kind) for kind in _KINDS}
        said = {line.split(":")[0] for line in lines}
        if live and live.split(":")[0] not in said & kinds:  # not the verdict once more
            lines.append(live)
    focus = focus_said(session)
    if focus is not None:  # the ring, which a learner who cannot see it hears instead
        lines.append(tr(FOCUS).format(control=focus))
    return lines


# The keyboard focus's line: where the ring is (F10, Tab), and each change it makes
# (a slider's new value, a check box turned) announced as the ring moves or acts.
FOCUS = N_("Focus: {control}.")


def changes(before: list[str], after: list[str], tr: Language = ENGLISH_WORDS) -> list[str]:
    """What a screen reader announces between two descriptions: a new scene, a new
    question or verdict, where the focus ring is and what it changed, and the pair's
    verdict when its kind changes ("now touching")."""
    said = []
    kinds = {tr(kind) for kind in _KINDS}
    old_verdict = next((line for line in before if line.split(":")[0] in kinds), None)
    new_verdict = next((line for line in after if line.split(":")[0] in kinds), None)
    heads = tuple(tr(head) for head in (N_("Scene: {scene}."), N_("Stage: {stage}.")))
    heads += (tr("Question: {question} Answers: {answers}."), tr(FOCUS))
    heads += tuple(tr(said) for said in VERDICTS)  # the card's verdict on an answer
    starts = tuple(head.split("{")[0] for head in heads)
    for line in after:
        if line.startswith(starts) and line not in before:
            said.append(line)
    if new_verdict is not None and old_verdict is None:
        said.append(new_verdict)  # the first frame, or a pair newly on show
    elif new_verdict is not None and new_verdict.split(":")[0] != old_verdict.split(":")[0]:
        said.append(
            tr("Now {verdict}").format(verdict=f"{new_verdict[0].lower()}{new_verdict[1:]}")
        )
    return said


class Announcer:
    """--announce: each change a screen reader should say, printed as one line to a
    stream as it happens ("tick 37: Now touching: ..."), from one frame's description to
    the next; speech on (--speak or F9, `session.speech`): said aloud too (app/speech.py)
    by `speaker`, with or without the lines. F8 (`session.reads` grows) has the whole
    frame read once. The first frame announces the scene and what is on show, and so does
    the first frame after speech is turned on."""

    def __init__(self, words, stream=None, speaker=None, printing: bool = True) -> None:
        self.words = words  # session -> the frame in words (view_model.frame_in_words)
        self.stream = stream if stream is not None else sys.stdout
        self.speaker = speaker
        self.printing = printing
        self.last: list[str] = []
        self.reads = 0  # the F8 presses read so far

    def __call__(self, session: Session) -> None:
        speaking = session.speech and self.speaker is not None
        read = session.reads != self.reads
        self.reads = session.reads
        if not (self.printing or speaking or read):
            self.last = []  # nothing listens: no words built this frame
            return
        now = self.words(session)
        alerts = changes(self.last, now, session.language) if self.printing or speaking else []
        self.last = now
        tick, tr = session.world.tick, session.language
        for alert in alerts if self.printing else ():
            said = tr("tick {tick}: {alert}").format(tick=tick, alert=alert)
            print(said, file=self.stream, flush=True)
        if read and self.printing:
            for line in now:
                said = tr("tick {tick}: frame: {line}").format(tick=tick, line=line)
                print(said, file=self.stream, flush=True)
        said = now if read else alerts if speaking else []
        if said and self.speaker is not None:
            self.speaker.say(" ".join(said))
