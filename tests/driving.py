"""Drive a session from the tests as every source does: each input a command for the
one dispatcher (app/dispatcher.py), the picture and the dump through the view model."""

import copy
import functools
import json
import subprocess
import sys
from pathlib import Path

import pygame

from sandbox.app import lesson_run
from sandbox.app.commands import Edit, Mouse, OpenLesson, Press, Save, Step, UiChange
from sandbox.app.dispatcher import dispatch
from sandbox.app.dump import dump_state
from sandbox.app.editing import corner_handles
from sandbox.app.lesson_plan import BUILT_IN, plan_lesson
from sandbox.app.scene_control import open_scene, open_session
from sandbox.app.view_model import draw_session, frame_model, layout_for, world_point
from sandbox.render.language import language
from sandbox.scenes.registry import SCENES

ROOT = Path(__file__).resolve().parent.parent

__all__ = [
    "UiChange",
    "Edit",
    "corner_handles",
    "dispatch",
    "draw_session",
    "dump_state",
    "frame_model",
    "layout_for",
    "open_scene",
    "open_session",
    "world_point",
]


def press(session, key: str, held=frozenset()):
    """A key pressed (with these control keys down); the dispatcher's Outcome."""
    return dispatch(session, Press(key, frozenset(held)))


def advance(session, held=frozenset()) -> None:
    """One step of the world with these keys held."""
    dispatch(session, Step(frozenset(held)))


def mouse(session, event) -> None:
    dispatch(session, Mouse(event))


def undo(session, redo: bool = False):
    return dispatch(session, Edit({"op": "redo" if redo else "undo"})).edit


def save(session):
    return dispatch(session, Save()).saved


def start_lesson(session, plan, stage: int = 0) -> None:
    dispatch(session, OpenLesson(plan, stage))


def every_frame(theme: str = "projector", steps: int = 20, code: str = "en"):
    """(where, session) at the moments the screen tests look at: every built-in scene
    `steps` steps in, then every built-in lesson stage (`every_stage`); in the language
    `code` (render/language.py). Each session is the caller's own (a copy)."""
    for where, moment in _scene_moments(theme, steps, code):
        yield where, copy_session(moment)
    yield from every_stage(theme, code)


def every_stage(theme: str = "projector", code: str = "en"):
    """(where, session) for every built-in lesson stage as it asks ("<lesson> <n>") and,
    with a question, once answered rightly and its evidence played ("... answered").
    Each session is the caller's own (a copy)."""
    for where, moment in _stage_moments(theme, code):
        yield where, copy_session(moment)


def copy_session(session):
    """A session of its own, the same to the bit: a deep copy that shares what the app
    shares by identity (the registry's scenes, the lesson's plan, the language's words),
    as `scene is session.scene` asks."""
    shared = [*SCENES.values(), session.scene, session.language]
    if session.lesson_run is not None:
        shared.append(session.lesson_run.plan)
    return copy.deepcopy(session, {id(thing): thing for thing in shared})


# The moments are played once a worker and handed out as copies: six screen tests read
# the same 50 (the stages' evidence alone is 11 s of stepping each time; a copy, 10 ms).
# test_driving checks that a copy draws and steps as the session it was taken from.


@functools.cache
def _scene_moments(theme: str, steps: int, code: str) -> tuple:
    moments = []
    for scene in SCENES.values():
        session = open_session(scene, theme=theme, words=language(code))
        for _ in range(steps):
            advance(session)
        moments.append((scene.name, copy_session(session)))
    return tuple(moments)


@functools.cache
def _stage_moments(theme: str, code: str) -> tuple:
    return tuple((where, copy_session(session)) for where, session in play_stages(theme, code))


def play_stages(theme: str = "projector", code: str = "en"):
    """Every built-in lesson stage played now (what `every_stage` hands out copies of):
    one session a stage, yielded as it asks and again once answered."""
    for name in BUILT_IN:
        plan = plan_lesson(name, code)
        for index, stage_plan in enumerate(plan.stages):
            session = open_session(SCENES["classic"], theme=theme, words=language(code))
            start_lesson(session, plan, index)
            while session.lesson_run.phase == "opening":
                advance(session)
            yield f"{name} {index + 1}", session
            if stage_plan.stage.predict is not None:
                press(session, sorted(lesson_run.right_keys(session))[0])
                while session.lesson_run.phase == "showing":
                    advance(session)
                yield f"{name} {index + 1} answered", session


def run_main(*args) -> subprocess.CompletedProcess:
    """`python main.py --headless ARGS` as a user runs it; it must exit 0."""
    done = subprocess.run(
        [sys.executable, "main.py", "--headless", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done


def record_and_replay(folder: Path, args: list[str], holds: list[str], frames: int, size: str):
    """`python main.py --headless ARGS` with each of `holds` held (--hold), `frames` steps,
    recorded; then the recording replayed at the same size. Both runs must end in the same
    state dump and the same last frame, pixel for pixel. Returns the recording's lines
    (JSON), the run's dump (JSON) and its last frame (a Surface)."""
    run, again = folder / "run", folder / "again"
    for hold in holds:
        args = [*args, "--hold", hold]
    run_main(*args, "--size", size, "--frames", str(frames), "--record", f"{run}.jsonl",
             "--screenshot", f"{run}.png", "--dump-state", f"{run}.json")  # fmt: skip
    run_main("--replay", f"{run}.jsonl", "--size", size, "--screenshot", f"{again}.png",
             "--dump-state", f"{again}.json")  # fmt: skip
    dumped = Path(f"{run}.json").read_text()
    assert dumped == Path(f"{again}.json").read_text()
    first, second = pygame.image.load(f"{run}.png"), pygame.image.load(f"{again}.png")
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(second, "RGB")
    lines = [json.loads(line) for line in Path(f"{run}.jsonl").read_text().splitlines()]
    return lines, json.loads(dumped), first


def run_with_imports(argv: list[str], env: dict) -> tuple[int, str, list[str], set[str]]:
    """`python -X importtime ARGV` from the repository with `env`: (exit status, stdout,
    stderr without importtime's lines, the modules it imported)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", *argv],
        cwd=ROOT,
        env={**env, "COLUMNS": "80", "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    lines = done.stderr.splitlines()
    modules = {line.rsplit("|", 1)[1].strip() for line in lines if line.startswith("import time:")}
    said = [line for line in lines if not line.startswith("import time:")]
    return done.returncode, done.stdout, said, modules
