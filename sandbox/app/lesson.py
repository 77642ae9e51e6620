"""Lesson mode: a teacher-paced run through a lesson's stages, with predictions.

A stage opens the same way every time, so a stage is a recording you can replay::

    open stage k:  build its scene afresh (seed of the session), set the overlays, A and
                   B, the speed; play its scripted input for `steps` steps (running)
        settle:    pause if asked, open the step-through at `axis`, or ask the question
    asking:        the world is frozen; only an answer key, the stage keys, the help,
                   the theme and the overlays act
    answered:      right or wrong in words and colour, with the evidence: the step-through
                   jumps to the separating axis (axis), or the world runs the steps it
                   asked about (collide), or the steps the author gave (choice)

Page Down / Page Up (what presenter clickers send) go to the next / previous stage while
a lesson runs; End leaves the lesson to explore the stage freely (every key does what it
always does) and Home returns to the stage as authored (so does R while in the lesson).
Scripted input is not recorded: a replay reopens the stage, which plays it again.

`rehearse` opens every stage once when the lesson is loaded, headless, and checks what
only the world can tell: the step-through has the stage's `axis`, the answer of an axis
question is an axis that separates, the answer of a collide question is what happens.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..scenes.base import SceneError
from ..scenes.lesson_file import NUMBERED_KINDS, SPEED_LABELS, Lesson, Stage, load_lesson_file
from .errors import UsageError
from .keymap import KEY_ACTIONS
from .pointer import parse_click, parse_drag

# Lessons shipped with the program, in teaching order (assets/lessons/NAME.toml).
BUILT_IN = ("shadows", "pushing-out", "needs-help")
LESSON_FOLDER_NAME = "lessons"
# Keys a stage's script may not press: they would leave the stage or the lesson.
SCRIPT_REFUSED = {
    "quit",
    "fullscreen",
    "previous_scene",
    "next_scene",
    "scene",
    "reset",
    "rewind",
    "rewind_second",
    "forward_second",
    "lessons",
    "explore",
    "back_to_lesson",
    "help",
    "theme",
}
# What an axis or MTV question hides until it is answered (the rulers would answer it).
HIDDEN = ("show_projections", "show_separating_axis", "show_mtv", "show_minkowski")
# While a question waits, only these act (besides its answer keys).
WHILE_ASKING = {"explore", "back_to_lesson", "lessons", "help"}
WHILE_ASKING |= {"theme", "quit", "fullscreen"}


def lesson_folder() -> Path:
    """assets/lessons: in the package once installed, else in the clone beside it."""
    installed = Path(__file__).resolve().parents[1] / "assets" / LESSON_FOLDER_NAME
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[2] / "assets" / LESSON_FOLDER_NAME


def built_in_lessons() -> list[Lesson]:
    """The shipped lessons, read (not rehearsed), in teaching order."""
    return [load_lesson_file(lesson_folder() / f"{name}.toml", name) for name in BUILT_IN]


def load_lesson(name_or_path: str, seed: int = 0) -> Plan:
    """A built-in lesson by name or a lesson file, read, planned and rehearsed; UsageError
    (one line naming the file, the stage and the field) when anything is wrong."""
    if name_or_path in BUILT_IN:
        path, name = lesson_folder() / f"{name_or_path}.toml", name_or_path
    else:
        path, name = Path(name_or_path), None
        if path.suffix.lower() != ".toml":
            raise UsageError(
                f"unknown lesson {name_or_path!r}; built-in lessons: {', '.join(BUILT_IN)} "
                "(or give a path to a .toml lesson file)"
            )
    try:
        lesson = load_lesson_file(path, name)
    except SceneError as error:
        raise UsageError(str(error)) from None
    plan = Plan(
        lesson,
        tuple(_stage_plan(stage, lesson.source, k + 1) for k, stage in enumerate(lesson.stages)),
    )
    rehearse(plan, seed)
    return plan


@dataclass(frozen=True)
class StagePlan:
    """A stage with its script parsed: per step of the opening, keys held, keys pressed
    and mouse events."""

    stage: Stage
    where: str  # "file: stage k", for messages
    holds: tuple[tuple[str, int, int], ...]  # (key, first, last) of held controls
    presses: dict = field(default_factory=dict)  # step -> [key]
    mouse: dict = field(default_factory=dict)  # step -> [MouseEvent]
    opening: int = 0  # steps the opening plays
    evidence_holds: tuple[tuple[str, int, int], ...] = ()  # (key, first, last) after an answer


@dataclass(frozen=True)
class Plan:
    lesson: Lesson
    stages: tuple[StagePlan, ...]


def _stage_plan(stage: Stage, source: str, number: int) -> StagePlan:
    from .options import parse_hold

    where = f"{source}: stage {number}"
    holds, presses, mouse = [], {}, {}
    last = -1
    for name, texts in stage.script:
        for k, text in enumerate(texts):
            at = f"{where}: {name}[{k}]"
            try:
                if name == "hold":
                    hold = parse_hold(text)
                    action = KEY_ACTIONS[hold.key].action
                    if action in SCRIPT_REFUSED:
                        raise UsageError(f"{hold.key!r} ({action}) would leave the stage")
                    if KEY_ACTIONS[hold.key].held:
                        holds.append((hold.key, hold.first, hold.last))
                        last = max(last, hold.last)
                    else:
                        presses.setdefault(hold.first, []).append(hold.key)
                        last = max(last, hold.first)
                    continue
                parse = parse_drag if name == "drag" else parse_click
                shift = name == "shift_click"
                parsed = parse(text) if name == "drag" else parse(text, shift=shift)
            except (UsageError, ValueError) as error:
                raise UsageError(f"{at}: {str(error).removeprefix('--hold ')}") from None
            for step, events in parsed.items():
                mouse.setdefault(step, []).extend(events)
                last = max(last, step)
    evidence_holds = []
    predict = stage.predict
    for k, text in enumerate(predict.hold if predict is not None else ()):
        try:
            hold = parse_hold(text)
        except UsageError as error:
            message = str(error).removeprefix("--hold ")
            raise UsageError(f"{where}: predict.hold[{k}]: {message}") from None
        if not KEY_ACTIONS[hold.key].held:
            raise UsageError(f"{where}: predict.hold[{k}]: only the arrows, Q and E are held")
        if hold.last >= predict.steps:
            raise UsageError(
                f"{where}: predict.hold[{k}]: runs to step {hold.last}, past the "
                f"{predict.steps} steps the evidence runs"
            )
        evidence_holds.append((hold.key, hold.first, hold.last))
    opening = stage.steps if stage.steps is not None else last + 1
    if last >= opening:
        raise UsageError(
            f"{where}: steps: the script runs to step {last}, past the opening's {opening} steps"
        )
    return StagePlan(stage, where, tuple(holds), presses, mouse, opening, tuple(evidence_holds))


@dataclass
class Verdict:
    """The class's answer and what it showed."""

    key: str
    right: bool
    evidence: str  # what the world showed, in words ("" until it has)


class LessonRun:
    """Where a session stands in a lesson (Session.lesson)."""

    def __init__(self, plan: Plan):
        self.plan = plan
        self.index = 0
        self.exploring = False
        self.phase = "opening"  # opening, open, asking, showing, answered
        self.opened_steps = 0  # Session.steps when the stage opened
        self.verdict: Verdict | None = None
        self.run_left = 0  # evidence steps still to run
        self.touched_at: int | None = None  # collide evidence: the step of first contact
        self.kept_overlays = None  # the stage's overlays, while a question hides some

    @property
    def stage(self) -> StagePlan:
        return self.plan.stages[self.index]

    @property
    def active(self) -> bool:
        """Leading the session (not exploring)."""
        return not self.exploring

    def status_line(self) -> str:
        where = f"stage {self.index + 1} of {len(self.plan.stages)}"
        mode = "exploring (Home: back) · " if self.exploring else ""
        return f"{where} · {mode}{self.plan.lesson.title}"

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

    # -- opening a stage ----------------------------------------------------------

    def open_stage(self, session, index: int) -> None:
        """Open stage `index` as authored: the same way every time."""
        from dataclasses import replace

        from ..render.overlays import Overlays

        self.index = index
        self.exploring = False
        self.verdict = None
        self.run_left = 0
        self.touched_at = None
        self.kept_overlays = None
        stage = self.stage.stage
        session.open(stage.scene)
        session.speed_index = SPEED_LABELS.index(stage.speed)
        help_on = session.overlays.show_help
        session.overlays = replace(Overlays(), show_help=help_on, **dict(stage.overlays))
        world = session.world
        if stage.a is not None:
            world.focus = world.index(stage.a)
        if stage.b is not None:
            world.partner = world.index(stage.b)
        if stage.a is not None or stage.b is not None:
            session.record = world.explain_now()
        session.paused = False
        session.walk = None
        session.message = None
        self.opened_steps = session.steps
        self.phase = "opening"
        if self.stage.opening == 0:
            self.settle(session)

    def settle(self, session) -> None:
        """The opening has played: pause, open the step-through or ask, as authored.
        An axis or MTV question hides what would give its answer away until answered."""
        from dataclasses import replace

        stage = self.stage.stage
        self.phase = "open"
        if stage.paused or stage.axis is not None or stage.predict is not None:
            session.paused = True
        if stage.axis is not None:
            session.walk = stage.axis - 1
        if stage.predict is not None:
            self.phase = "asking"
            if stage.predict.kind in NUMBERED_KINDS:  # the answer is not on screen yet
                self.kept_overlays = session.overlays
                session.overlays = replace(session.overlays, **dict.fromkeys(HIDDEN, False))

    # -- the session's hooks ------------------------------------------------------

    def scripted(self, session) -> frozenset[str]:
        """Before a step of the opening: act on its scripted presses and mouse events
        (unrecorded) and return the keys it holds."""
        plan = self.stage
        if self.exploring:
            return frozenset()
        if self.phase == "showing":  # the evidence: the keys the prediction holds
            local = plan.stage.predict.steps - self.run_left
            return frozenset(k for k, first, last in plan.evidence_holds if first <= local <= last)
        if self.phase != "opening":
            return frozenset()
        local = session.steps - self.opened_steps
        for key in plan.presses.get(local, ()):
            session.act(key, frozenset())
        for event in plan.mouse.get(local, ()):
            session.handle_mouse(event)
        return frozenset(key for key, first, last in plan.holds if first <= local <= last)

    def stepped(self, session) -> None:
        """After a step: end the opening, or count the evidence down."""
        if self.exploring:
            return
        if self.phase == "opening" and session.steps - self.opened_steps >= self.stage.opening:
            self.settle(session)
        elif self.phase == "showing":
            shown = session.record.shown if session.record is not None else None
            if self.touched_at is None and shown is not None and shown.report.colliding:
                self.touched_at = self.stage.stage.predict.steps - self.run_left + 1
            self.run_left -= 1
            if self.run_left <= 0:
                self._shown(session)

    def handles(self, session, key: str, action: str) -> bool:
        """Act on `key` if the lesson owns it now; False: the session's usual action."""
        stages = len(self.plan.stages)
        if action == "forward_second" and self.active:
            if self.index + 1 < stages:
                self.open_stage(session, self.index + 1)
            else:
                session.say("the last stage: Page Up goes back")
            return True
        if action == "rewind_second" and self.active:
            if self.index > 0:
                self.open_stage(session, self.index - 1)
            else:
                session.say("the first stage")
            return True
        if action == "back_to_lesson" or (action == "reset" and self.active):
            self.open_stage(session, self.index)
            return True
        if action == "explore":
            if not self.exploring:
                self.exploring = True
                session.say(f"exploring stage {self.index + 1}: every key is yours; Home: back")
            return True
        if self.exploring:
            return False
        if self.phase == "asking":
            keys = self.answer_keys(session)
            if key in keys:
                self._answer(session, key)
                return True
            if action in WHILE_ASKING or action.startswith("show_"):
                return False
            session.say(f"answer first ({_keys_said(keys)}), or End to explore")
            return True
        if action in ("scene", "previous_scene", "next_scene"):
            self.exploring = True  # another scene: the lesson waits
        return False

    # -- predictions --------------------------------------------------------------

    def answer_keys(self, session) -> tuple[str, ...]:
        predict = self.stage.stage.predict
        if predict is None:
            return ()
        if predict.kind in NUMBERED_KINDS:
            shown = session.record.shown if session.record is not None else None
            count = len(shown.report.axes) if shown is not None else 0
            return tuple(str(k) for k in range(1, min(count, 9) + 1))
        return predict.keys

    def choices(self, session) -> tuple[tuple[str, str], ...]:
        """(key, label) of each answer, as the card lists them."""
        from ..render.rulers import axis_name

        predict = self.stage.stage.predict
        keys = self.answer_keys(session)
        if predict.kind in NUMBERED_KINDS:
            axes = session.record.shown.report.axes
            return tuple((k, axis_name(axes[int(k) - 1])) for k in keys)
        if predict.kind == "collide":
            return (("y", "yes"), ("n", "no"))
        labels = predict.choices or ("",) * len(keys)
        return tuple(zip(keys, labels, strict=True))

    def right_keys(self, session) -> set[str]:
        predict = self.stage.stage.predict
        if predict.kind in NUMBERED_KINDS:
            report = session.record.shown.report
            if predict.kind == "mtv":  # the least depth (way out): the MTV's axis (ties: each)
                if not report.colliding or report.mtv_axis is None:
                    return set()
                least = report.mtv_axis.depth
                return {str(k + 1) for k, a in enumerate(report.axes[:9]) if a.depth == least}
            return {str(k + 1) for k, axis in enumerate(report.axes[:9]) if axis.separates}
        return {predict.answer}

    @property
    def hiding(self) -> bool:
        """An axis or MTV question waits: its answer is kept off the screen."""
        return self.active and self.phase == "asking" and self.kept_overlays is not None

    def _answer(self, session, key: str) -> None:
        predict = self.stage.stage.predict
        self.verdict = Verdict(key, key in self.right_keys(session), "")
        if self.kept_overlays is not None:
            session.overlays = self.kept_overlays
            self.kept_overlays = None
        if predict.kind in NUMBERED_KINDS:
            session.walk = _evidence_step(session.record.shown, predict.kind)
            self._shown(session)
        elif predict.steps > 0:
            self.phase = "showing"
            self.run_left = predict.steps
            self.touched_at = None
            session.walk = None
            session.paused = False
        else:
            self._shown(session)

    def _shown(self, session) -> None:
        """The evidence is on screen: freeze there and say what it showed."""
        predict = self.stage.stage.predict
        session.paused = True
        self.phase = "answered"
        if predict.kind == "collide":
            if self.touched_at is not None:
                evidence = f"they touched at step {self.touched_at} of {predict.steps}"
            else:
                evidence = f"no contact in {predict.steps} steps"
        elif predict.kind == "axis":
            evidence = "the step-through stops at the first axis with a gap"
        elif predict.kind == "mtv":
            evidence = "the step-through's last step: the shortest way out is the MTV"
        else:
            evidence = f"{predict.steps} steps run" if predict.steps else ""
        self.verdict = Verdict(self.verdict.key, self.verdict.right, evidence)

    def card(self, session):
        """What the prediction card shows now (render.overlays.LessonCard), or None."""
        from ..render.overlays import LessonCard

        predict = self.stage.stage.predict
        if self.exploring or predict is None or self.phase not in ("asking", "showing", "answered"):
            return None
        choices = self.choices(session)
        if self.verdict is None:
            return LessonCard(predict.question, choices, None, None, None, "")
        labels = dict(choices)
        right = sorted(self.right_keys(session))
        said = _with_label(self.verdict.key, labels)
        answer = " or ".join(_with_label(k, labels) for k in right)
        if self.verdict.right:
            verdict = f"Right: {said}."
        else:
            verdict = f"Not quite: you said {said}; the answer is {answer}."
        if self.phase == "showing":
            evidence = "watch: the world runs on …"
        else:
            evidence = self.verdict.evidence
        return LessonCard(
            predict.question, choices, verdict, self.verdict.right, predict.explain, evidence
        )


def _evidence_step(shown, kind: str) -> int:
    """The step-through's step that answers the question: where the algorithm meets its
    first separating axis (axis), or its verdict, the MTV (mtv: the last step)."""
    from ..core.walk import walkthrough

    steps = walkthrough(shown.report)
    for k, step in enumerate(steps):
        if kind == "axis" and step.kind == "test" and step.axis.separates:
            return k
    return len(steps) - 1


def _check_numbered(run, session, shown, predict, where: str) -> None:
    """An axis or mtv question: at most 9 axes, and the author's answer is right here."""
    from ..render.rulers import axis_name

    axes = shown.report.axes
    if len(axes) > 9:
        raise UsageError(f"{where}: predict.kind: {len(axes)} axes; keys 1-9 reach 9")
    right = run.right_keys(session)
    names = {str(k + 1): axis for k, axis in enumerate(axes)}
    if not right:
        why = (
            "no axis separates the pair at this pose (they collide)"
            if predict.kind == "axis"
            else "the pair does not collide at this pose: there is no MTV"
        )
        raise UsageError(f"{where}: predict.answer: {why}; ask another question")
    if predict.answer not in right:
        said = names.get(predict.answer)
        what = f"axis {predict.answer} ({axis_name(said)})" if said else "that axis"
        does = "separate them" if predict.kind == "axis" else "give the MTV"
        rights = ", ".join(f"{k} ({axis_name(names[k])})" for k in sorted(right))
        raise UsageError(
            f"{where}: predict.answer: {what} does not {does}; the answer here: {rights}"
        )


def _with_label(key: str, labels: dict) -> str:
    label = labels.get(key, "")
    return f"{key.upper()} ({label})" if label else key.upper()


def _keys_said(keys: tuple[str, ...]) -> str:
    if len(keys) > 2 and all(k.isdigit() for k in keys):
        return f"keys {keys[0]}–{keys[-1]}"
    return "keys " + " / ".join(k.upper() for k in keys)


def rehearse(plan: Plan, seed: int = 0) -> None:
    """Open every stage once, headless, and check what only the world can tell; a
    UsageError names the file, the stage and the field."""
    from ..scenes.registry import DEFAULT_SCENE, SCENES
    from .session import Session

    session = Session(SCENES[DEFAULT_SCENE], seed)
    run = LessonRun(plan)
    session.lesson = run
    for index, stage_plan in enumerate(plan.stages):
        run.open_stage(session, index)
        while run.phase == "opening":
            session.advance(frozenset())
        stage = stage_plan.stage
        where = stage_plan.where
        shown = session.record.shown if session.record is not None else None
        if stage.axis is not None:
            if shown is None:
                raise UsageError(f"{where}: axis: no pair on show for the step-through")
            from ..core.walk import walkthrough

            count = len(walkthrough(shown.report))
            if stage.axis > count:
                raise UsageError(
                    f"{where}: axis: the step-through of this pair has {count} steps, "
                    f"got {stage.axis}"
                )
        predict = stage.predict
        if predict is None:
            continue
        if predict.kind != "choice" and shown is None:
            raise UsageError(f"{where}: predict.kind: no pair on show to ask about")
        if predict.kind in NUMBERED_KINDS:
            _check_numbered(run, session, shown, predict, where)
        if predict.kind == "collide":
            run._answer(session, predict.answer)
            while run.phase == "showing":
                session.advance(frozenset())
            happened = "y" if run.touched_at is not None else "n"
            if happened != predict.answer:
                did = "do touch" if happened == "y" else "do not touch"
                raise UsageError(
                    f"{where}: predict.answer: {predict.answer!r} is wrong: they {did} "
                    f"within {predict.steps} steps"
                )
