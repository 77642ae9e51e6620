"""Lesson mode: a teacher-paced run through a lesson's stages, with predictions.

A stage opens the same way every time, so a stage is a recording you can replay::

    open stage k:  build its scene afresh (seed of the session), set the overlays, A and
                   B, the speed; play its scripted input for `steps` steps (opening)
        settle:    pause if asked, open the step-through at `axis`, or ask the question
    asking:        the world is frozen; only an answer key, the stage keys, the help,
                   the theme and the overlays act; a first wrong answer (of three or
                   more choices) is said, and the class tries once more, the answer
                   still hidden
    answered:      right or wrong in words and colour, with the evidence: the step-through
                   jumps to the separating axis (axis), or the world runs the steps it
                   asked about (collide), or the steps the author gave (choice)

An answer key stays the question's until the next stage: after the reveal it never
switches the scene or runs its usual action (a digit is a scene key, N the normals).

Page Down / Page Up (what presenter clickers send) go to the next / previous stage while
a lesson runs; End leaves the lesson to explore the stage freely (every key does what it
always does) and Home returns to the stage as authored (so does R while in the lesson).
The stage's script comes back as commands (`script_for_step`), which the dispatcher runs
as the script's (unrecorded: a replay reopens the stage, which plays it again).

The run's state, `LessonRun` (Session.lesson_run), is plain data the dispatcher changes here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.locales import N_
from ..core.walk import walkthrough
from ..render.overlays import Overlays
from ..render.words import LABEL, axis_name
from ..scenes.lesson_file import NUMBERED_KINDS, SPEED_LABELS
from .commands import ACT, LessonMove, Mouse, Press, Say
from .framing import open_view
from .key_names import answer_keys_said, key_name
from .lesson_plan import Plan, StagePlan
from .lesson_words import evidence_words
from .scene_control import EXPLORING, explain_now, open_scene, say
from .state import Session

# An answer key pressed once the question is answered: it stays the question's.
ANSWERED = N_("answered · {page_down}: next stage")

# What a question hides until it is answered (the rulers count the axes, show the gaps
# and mark the MTV: they would answer "how many axes", "which axis", "will they touch").
HIDDEN = ("show_projections", "show_separating_axis", "show_mtv", "show_minkowski")
# While a question waits, only these act (besides its answer keys).
WHILE_ASKING = {"explore", "back_to_lesson", "lessons", "help"}
WHILE_ASKING |= {"theme", "quit", "fullscreen", "read_frame", "speech"}


@dataclass
class Verdict:
    """The class's answer and what it showed."""

    key: str
    right: bool
    evidence: str  # what the world showed, in words ("" until it has)
    tried: str | None = None  # the first, wrong, try before this answer (None: none)


@dataclass(eq=False)
class LessonRun:
    """Where a session stands in a lesson (Session.lesson_run)."""

    plan: Plan
    index: int = 0
    exploring: bool = False
    phase: str = "opening"  # opening, open, asking, showing, answered
    opened_at: int = 0  # Session.step_on_show when the stage opened
    verdict: Verdict | None = None
    tried: str | None = None  # a first wrong answer, while the class tries once more
    run_left: int = 0  # evidence steps still to run
    touched_at: int | None = None  # collide evidence: the step of first contact
    kept_overlays: Overlays | None = None  # the stage's overlays, while a question hides some

    @property
    def stage(self) -> StagePlan:
        return self.plan.stages[self.index]

    @property
    def active(self) -> bool:
        """Leading the session (not exploring)."""
        return not self.exploring

    @property
    def asking(self) -> bool:
        """Leading, and a question waits for the class."""
        return self.active and self.phase == "asking"

    @property
    def hiding(self) -> bool:
        """A question is on screen and waits (its card shows from the opening's first
        frame): its answer is kept off the screen."""
        waiting = self.phase in ("opening", "asking")
        return self.active and waiting and self.kept_overlays is not None

    def status_line(self, tr=N_) -> str:
        """Where the lesson stands: "stage 3 of 7 · title", or "stage 3 of 7, exploring ·
        title". The status line keeps the part before the first " · ", so the mode shows
        wherever the stage does. `tr`: the words' language."""
        where = tr("stage {n} of {count}").format(n=self.index + 1, count=len(self.plan.stages))
        mode = tr(", exploring") if self.exploring else ""
        return f"{where}{mode} · {self.plan.lesson.title}"

    def to_dict(self) -> dict:
        """Where the lesson stands, for --dump-state."""
        verdict = self.verdict
        return {
            "title": self.plan.lesson.title,
            "stage": self.index + 1,
            "stages": len(self.plan.stages),
            "exploring": self.exploring,
            "phase": self.phase,
            "answer": verdict.key if verdict else None,
            "right": verdict.right if verdict else None,
        }


# -- opening a stage ----------------------------------------------------------------


def start(session: Session, plan: Plan, stage: int = 0) -> None:
    """Run a lesson (already read) from stage `stage` (0-based)."""
    session.menu = None
    session.lesson_run = LessonRun(plan)
    open_stage(session, stage)


def open_stage(session: Session, index: int) -> None:
    """Open stage `index` as authored: the same way every time."""
    run = session.lesson_run
    run.index = index
    run.exploring = False
    run.verdict = None
    run.tried = None
    run.run_left = 0
    run.touched_at = None
    run.kept_overlays = None
    stage = run.stage.stage
    open_scene(session, stage.scene)
    session.speed_index = SPEED_LABELS.index(stage.speed)
    help_on = session.overlays.show_help
    session.overlays = replace(Overlays(), show_help=help_on, **dict(stage.overlays))
    world = session.world
    if stage.a is not None:
        session.pair_choice = replace(session.pair_choice, a=world.index(stage.a))
    if stage.b is not None:
        session.pair_choice = replace(session.pair_choice, b=world.index(stage.b))
    if stage.a is not None or stage.b is not None:
        session.step_record = explain_now(session)
    open_view(session, stage.view)
    if stage.predict is not None:  # the card asks from the first frame: hide its answer
        _hide_answer(session)
    session.paused = False
    session.walk = None
    session.message = None
    run.opened_at = session.step_on_show
    run.phase = "opening"
    if run.stage.opening == 0:
        settle(session)


def settle(session: Session) -> None:
    """The opening has played: pause, open the step-through or ask, as authored.
    A question, of any kind, hides what could give its answer away until answered: the
    rulers (their rows and their count of axes), the separating axis, the MTV, the
    Minkowski inset, and the HUD's words on the pair (render: FrameModel.hiding)."""
    run = session.lesson_run
    stage = run.stage.stage
    run.phase = "open"
    if session.framing is not None:  # framed anew on the pose the class is asked about
        open_view(session, "pair")
    if stage.paused or stage.axis is not None or stage.predict is not None:
        session.paused = True
    if stage.axis is not None:
        session.walk = stage.axis - 1
    if stage.predict is not None:
        run.phase = "asking"
        _hide_answer(session)


def _hide_answer(session: Session) -> None:
    """Keep what could give a question's answer away off the screen until it is answered
    (the stage's own overlays are kept, to come back with the answer)."""
    run = session.lesson_run
    if run.kept_overlays is None:
        run.kept_overlays = session.overlays  # the answer is not on screen yet
    session.overlays = replace(session.overlays, **dict.fromkeys(HIDDEN, False))


# -- the step's hooks ---------------------------------------------------------------


def script_for_step(session: Session) -> tuple[list, frozenset[str]]:
    """Before a step: the commands the stage's script gives now (its presses and mouse
    events, for the dispatcher to run as the script's) and the keys it holds."""
    run = session.lesson_run
    if run is None or run.exploring:
        return [], frozenset()
    plan = run.stage
    if run.phase == "showing":  # the evidence: the keys the prediction holds
        local = plan.stage.predict.steps - run.run_left
        held = frozenset(k for k, first, last in plan.evidence_holds if first <= local <= last)
        return [], held
    if run.phase != "opening":
        return [], frozenset()
    local = session.step_on_show - run.opened_at
    commands = [Press(key) for key in plan.presses.get(local, ())]
    commands += [Mouse(event) for event in plan.mouse.get(local, ())]
    held = frozenset(key for key, first, last in plan.holds if first <= local <= last)
    return commands, held


def stepped(session: Session) -> None:
    """After a step: end the opening, or count the evidence down."""
    run = session.lesson_run
    if run is None or run.exploring:
        return
    if run.phase == "opening" and session.step_on_show - run.opened_at >= run.stage.opening:
        settle(session)
    elif run.phase == "showing":
        shown = session.shown
        if run.touched_at is None and shown is not None and shown.report.colliding:
            run.touched_at = run.stage.stage.predict.steps - run.run_left + 1
        run.run_left -= 1
        if run.run_left <= 0:
            _shown(session)


# -- the lesson's keys ---------------------------------------------------------------


def key_verdict(session: Session, key: str, action: str):
    """The lesson's gate on a key, decided and returned, nothing changed (the dispatcher
    takes the verdict: app/dispatcher.py): None when the key keeps its usual action; else
    the commands it becomes (the stage keys, an answer, why it is held back while a
    question waits), ending in ACT when the key's own action follows."""
    run = session.lesson_run
    if action == "forward_second" and run.active:
        if run.index + 1 < len(run.plan.stages):
            return (LessonMove("stage", run.index + 1),)
        return (Say(N_("the last stage: {page_up} goes back")),)
    if action == "rewind_second" and run.active:
        if run.index > 0:
            return (LessonMove("stage", run.index - 1),)
        return (Say(N_("the first stage")),)
    if action == "back_to_lesson" or (action == "reset" and run.active):
        return (LessonMove("stage", run.index),)
    if action == "explore":
        return () if run.exploring else (LessonMove("explore"),)
    if run.exploring:
        return None
    if run.phase == "asking":
        keys = answer_keys(session)
        if key in keys:
            return (LessonMove("answer", key),)
        if action in WHILE_ASKING or (action.startswith("show_") and action not in HIDDEN):
            return None  # (the rulers, the MTV ... would answer it: they wait)
        words = session.language
        said = words.tr("answer first ({keys}), or {end} to explore")
        return (Say(said.format(keys=answer_keys_said(keys, words), end=key_name("end", words))),)
    if run.hiding and action in HIDDEN:  # (the opening of a stage that will ask)
        return (Say(N_("answer first, or {end} to explore")),)
    if run.verdict is not None and key in answer_keys(session):  # answered: still its key
        return (Say(ANSWERED),)
    if action in ("scene", "previous_scene", "next_scene"):
        refused = scene_change_refused(session)
        if refused:
            return (Say(refused),)
        # another scene: the lesson waits (open_scene says so), then the key's own action
        return (LessonMove("let_go"), ACT)
    return None


def move(session: Session, command: LessonMove) -> None:
    """Carry out what the lesson's gate decided (key_verdict): open a stage, explore
    (saying so; "let_go": quietly, a scene key's scene says it), or take an answer."""
    run = session.lesson_run
    if command.kind == "stage":
        open_stage(session, command.value)
    elif command.kind == "explore":
        run.exploring = True
        say(session, EXPLORING)
    elif command.kind == "let_go":
        run.exploring = True
    else:
        answer(session, command.value)


def scene_change_refused(session: Session) -> str:
    """Why the lesson holds on to its scene now (a key or the scene list asked for
    another), or "" when it lets go (it then waits while the class explores)."""
    run = session.lesson_run
    if run is None or run.exploring:
        return ""
    if run.phase == "asking":
        return N_("answer first, or {end} to explore")  # the key named when shown
    if run.phase == "opening":  # a stray key must not cut the stage short
        return N_("wait ({end}: explore)")  # short: uncut on a 1024x768 projector
    return ""


# -- predictions --------------------------------------------------------------------


def answer_keys(session: Session) -> tuple[str, ...]:
    predict = session.lesson_run.stage.stage.predict
    if predict is None:
        return ()
    if predict.kind in NUMBERED_KINDS:
        shown = session.shown
        count = len(shown.report.axes) if shown is not None else 0
        return tuple(str(k) for k in range(1, min(count, 9) + 1))
    return predict.keys


def choices(session: Session) -> tuple[tuple[str, str], ...]:
    """(key, label) of each answer, as the card lists them."""
    predict = session.lesson_run.stage.stage.predict
    keys, tr = answer_keys(session), session.language
    if predict.kind in NUMBERED_KINDS:
        axes = session.shown.report.axes
        return tuple((k, axis_name(axes[int(k) - 1], LABEL, tr)) for k in keys)
    if predict.kind == "collide":
        return (("y", tr("yes")), ("n", tr("no")))
    labels = predict.choices or ("",) * len(keys)
    return tuple(zip(keys, labels, strict=True))


def right_keys(session: Session) -> set[str]:
    predict = session.lesson_run.stage.stage.predict
    if predict.kind in NUMBERED_KINDS:
        report = session.shown.report
        if predict.kind == "mtv":  # the least depth (way out): the MTV's axis (ties: each)
            if not report.colliding or report.mtv_axis is None:
                return set()
            least = report.mtv_axis.depth
            return {str(k + 1) for k, a in enumerate(report.axes[:9]) if a.depth == least}
        return {str(k + 1) for k, axis in enumerate(report.axes[:9]) if axis.separates}
    return {predict.answer}


def answer(session: Session, key: str) -> None:
    """The class answers `key`: a first wrong answer of three or more choices is said and
    asks once more (the answer still hidden); else the verdict, then the evidence."""
    run = session.lesson_run
    predict = run.stage.stage.predict
    right = key in right_keys(session)
    # The class has answered: a status line from while it waited ("answer first (keys
    # 1-6)"), which stays while the stage is paused, would now contradict the card.
    session.message, session.message_left = None, 0
    if key == run.tried or not right and run.tried is None and len(answer_keys(session)) > 2:
        run.tried = key  # a second try (of two choices, the other would be a give-away)
        return
    run.verdict = Verdict(key, right, "", run.tried)
    run.tried = None
    if run.kept_overlays is not None:
        session.overlays = run.kept_overlays
        run.kept_overlays = None
    if predict.kind in NUMBERED_KINDS:
        session.walk = _evidence_step(session.shown, predict.kind)
        _shown(session)
    elif predict.steps > 0:
        run.phase = "showing"
        run.run_left = predict.steps
        run.touched_at = None
        session.walk = None
        session.paused = False
    else:
        _shown(session)


def _shown(session: Session) -> None:
    """The evidence is on screen: freeze there and say what it showed."""
    run = session.lesson_run
    predict = run.stage.stage.predict
    session.paused = True
    run.phase = "answered"
    evidence = evidence_words(predict, run.touched_at, session.language)
    run.verdict = replace(run.verdict, evidence=evidence)


def _evidence_step(shown, kind: str) -> int:
    """The step-through's step that answers the question: where the algorithm meets its
    first separating axis (axis), or its verdict, the MTV (mtv: the last step)."""
    steps = walkthrough(shown.report)
    for k, step in enumerate(steps):
        if kind == "axis" and step.kind == "test" and step.axis.separates:
            return k
    return len(steps) - 1
