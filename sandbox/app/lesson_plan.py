"""A lesson read and planned: each stage with its script parsed into steps.

A lesson file (scenes/lesson_file.py reads it) becomes a Plan: per stage, the keys its
opening holds, the keys it presses and the mouse events it makes at each step, and the
opening's length. The run (app/lesson_run.py) plays it; the rehearsal
(app/rehearsal.py) checks it against the world before a class sees it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from ..core.locales import N_
from ..render.language import PSEUDO, pseudo
from ..scenes.base import SceneError
from ..scenes.lesson_file import Lesson, Stage, load_lesson_file
from .errors import UsageError
from .holds import parse_hold
from .keymap import KEY_ACTIONS
from .mouse_input import parse_click, parse_drag

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
    "read_frame",
    "speech",
}


def lesson_folder() -> Path:
    """assets/lessons: in the package once installed, else in the clone beside it."""
    installed = Path(__file__).resolve().parents[1] / "assets" / LESSON_FOLDER_NAME
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[2] / "assets" / LESSON_FOLDER_NAME


def built_in_lessons(code: str = "en") -> list[Lesson]:
    """The shipped lessons, read (not rehearsed) in language `code`, in teaching order."""
    return [
        _in(load_lesson_file(lesson_folder() / f"{name}.toml", name, code), code)
        for name in BUILT_IN
    ]


def _in(lesson: Lesson, code: str) -> Lesson:
    """`lesson` as read in language `code`; in the pseudo-locale, its texts accented and
    longer (after the file's limits were checked: they are the author's, not the test's)."""
    if code != PSEUDO:
        return lesson
    stages = []
    for stage in lesson.stages:
        predict = stage.predict
        if predict is not None:
            predict = replace(
                predict,
                question=pseudo(predict.question),
                explain=pseudo(predict.explain),
                choices=tuple(pseudo(choice) for choice in predict.choices),
                counted=pseudo(predict.counted) if predict.counted else predict.counted,
            )
        stages.append(
            replace(stage, title=pseudo(stage.title), say=pseudo(stage.say), predict=predict)
        )
    return replace(
        lesson, title=pseudo(lesson.title), summary=pseudo(lesson.summary), stages=tuple(stages)
    )


def plan_lesson(name_or_path: str, code: str = "en") -> Plan:
    """A built-in lesson by name or a lesson file, read and planned (not rehearsed: see
    app/rehearsal.load_lesson); UsageError (one line naming the file, the stage and the
    field) when anything is wrong."""
    if name_or_path in BUILT_IN:
        path, name = lesson_folder() / f"{name_or_path}.toml", name_or_path
    else:
        path, name = Path(name_or_path), None
        if path.suffix.lower() != ".toml":
            raise UsageError.words(
                N_(
                    "unknown lesson {name_or_path!r}; built-in lessons: {built_in} (or give a path "
                    "to a .toml lesson file)"
                ),
                name_or_path=name_or_path,
                built_in=", ".join(BUILT_IN),
            )
    try:
        lesson = _in(load_lesson_file(path, name, code), code)
    except SceneError as error:
        raise UsageError.from_error(error) from None
    return Plan(
        lesson,
        tuple(_stage_plan(stage, lesson.source, k + 1) for k, stage in enumerate(lesson.stages)),
    )


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
                        raise UsageError.words(
                            N_("{key!r} ({action}) would leave the stage"),
                            key=hold.key,
                            action=action,
                        )
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
                raise UsageError.words(
                    N_("{at}: {problem}"), at=at, problem=str(error).removeprefix("--hold ")
                ) from None
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
            raise UsageError.words(
                N_("{where}: predict.hold[{k}]: {message}"), where=where, k=k, message=message
            ) from None
        if not KEY_ACTIONS[hold.key].held:
            raise UsageError.words(
                N_("{where}: predict.hold[{k}]: only the arrows, Q and E are held"),
                where=where,
                k=k,
            )
        if hold.last >= predict.steps:
            raise UsageError.words(
                N_(
                    "{where}: predict.hold[{k}]: runs to step {last}, past the {steps} steps the "
                    "evidence runs"
                ),
                where=where,
                k=k,
                last=hold.last,
                steps=predict.steps,
            )
        evidence_holds.append((hold.key, hold.first, hold.last))
    opening = stage.steps if stage.steps is not None else last + 1
    if last >= opening:
        raise UsageError.words(
            N_(
                "{where}: steps: the script runs to step {last}, past the opening's {opening} steps"
            ),
            where=where,
            last=last,
            opening=opening,
        )
    return StagePlan(stage, where, tuple(holds), presses, mouse, opening, tuple(evidence_holds))
