"""The command-line options: parsed and checked before anything runs (bad input: UsageError)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..core.locales import N_, system_code
from ..render.theme import THEMES
from ..scenes.base import Scene, SceneError
from ..scenes.registry import DEFAULT_SCENE, load_scene
from ..scenes.scene_writer import check_saveable
from .answers import answer
from .arguments import build_parser
from .cli_words import checked_language
from .commands import parse_ui
from .edit_commands import MAX_EDITS, EditError, parse_edit
from .errors import UsageError
from .holds import Hold, parse_hold
from .lesson_plan import BUILT_IN
from .limits import MAX_FRAMES, MAX_GIF_STEPS, MAX_SEED
from .mouse_input import drag_steps, parse_click, parse_drag
from .recording import Replay, check_recordable, load_replay
from .rehearsal import load_lesson
from .targets import check_distinct, export_folder, output_target, save_folder

SCRIPT_OPTIONS = ("--drag", "--click", "--shift-click", "--ui")  # _mouse_script's order


DEFAULT_SIZE = (1280, 720)


def parse_size(text: str | None) -> tuple[int, int]:
    """'1024x768' -> (1024, 768); 320x240 to 7680x4320."""
    if text is None:
        return DEFAULT_SIZE
    w, sep, h = text.lower().partition("x")
    try:
        size = (int(w), int(h))
    except ValueError:
        raise UsageError.words(
            N_("--size {size}: expected WIDTHxHEIGHT, e.g. 1024x768"), size=repr(text)
        ) from None
    if not sep or not (320 <= size[0] <= 7680 and 240 <= size[1] <= 4320):
        raise UsageError.words(
            N_("--size {size}: expected WIDTHxHEIGHT from 320x240 to 7680x4320"), size=repr(text)
        )
    return size


@dataclass(frozen=True)
class Options:
    scene: Scene
    headless: bool
    frames: int | None
    screenshot: Path | None
    holds: tuple[Hold, ...]
    dump_state: Path | None
    record: Path | None
    replay: Replay | None
    theme: str
    seed: int
    size: tuple[int, int] = DEFAULT_SIZE
    fullscreen: bool = False
    mouse: dict = field(default_factory=dict)  # step -> [MouseEvent] (--drag, --click)
    prog: str = "main.py"  # how the program was called: main.py, or sat-sandbox installed
    plan: object = None  # app.lesson_plan.Plan: --lesson (or the replay's), read and rehearsed
    lesson_name: str | None = None  # as given: a built-in name or the file's path
    stage: int = 0  # the stage to start at (0-based)
    export: Path | None = None  # --export-lesson DIR
    gif: Path | None = None
    video: Path | None = None
    save_scene: Path | None = None  # --save-scene FILE.toml
    save_dir: Path | None = None  # --save-dir: Ctrl+S saves here
    edits: dict = field(default_factory=dict)  # step -> [editor command] (--edit)
    describe: bool = False  # --describe: the last frame in words on stdout (headless)
    announce: bool = False  # --announce: each change in words on stdout, as it happens
    speak: bool = False  # --speak: each change said aloud (app/speech.py)
    language: str = "en"  # --lang, else the system locale's (render/language.py)


def parse_options(argv: list[str], prog: str = "main.py") -> Options | None:
    """Validated options, or None after --list-scenes (or --version) printed its answer."""
    args = build_parser(prog).parse_args(argv)
    if answer(args, argv, prog):
        return None
    _check_lesson_options(args)
    if args.replay is not None and args.scene is not None:
        raise UsageError.words(
            N_("--scene and --replay cannot be used together (a replay names its scene)")
        )
    replay = load_replay(Path(args.replay)) if args.replay is not None else None
    _check_run(args, replay)
    holds = tuple(parse_hold(h) for h in args.hold)
    mouse, starts = _mouse_script(args)
    edits = _edit_script(args)
    starts += [
        (hold.first, f"--hold {text!r}") for hold, text in zip(holds, args.hold, strict=True)
    ]
    starts += [(step, "--edit") for step in edits]
    _within_the_run(starts, args.frames)
    _check_gif_length(args, replay)
    if args.scene is not None and not args.scene.strip():
        raise UsageError.words(N_("--scene: needs a built-in scene name or a .toml file path"))
    code = _language(args.lang)
    lesson_name, plan, stage, scene = _lesson_and_scene(args, replay, code)
    theme = args.theme if args.theme is not None else (replay.theme if replay else "dark")
    seed = args.seed if args.seed is not None else (replay.seed if replay else 0)
    if theme not in THEMES:
        origin = "--theme" if args.theme is not None else f"{args.replay}:1: theme"
        raise UsageError.words(
            N_("{origin} {theme}: choose from {choices}"),
            origin=origin,
            theme=repr(theme),
            choices=", ".join(THEMES),
        )
    if args.record is not None:
        check_recordable(scene, seed, theme, lesson_name, stage)  # could a replay name them?
    if args.save_scene is not None:
        try:
            check_saveable(scene)
        except SceneError as error:
            raise UsageError.words(N_("--save-scene: {error}"), error=error) from None
    outputs, inputs = _files(args, scene, plan, lesson_name)
    export = export_folder(args.export_lesson) if args.export_lesson is not None else None
    check_distinct(outputs, inputs)
    return Options(
        scene=scene,
        headless=args.headless,
        frames=args.frames,
        screenshot=outputs.get("--screenshot"),
        describe=args.describe,
        announce=args.announce,
        speak=args.speak,
        holds=holds,
        dump_state=outputs.get("--dump-state"),
        record=outputs.get("--record"),
        replay=replay,
        theme=theme,
        seed=seed,
        size=parse_size(args.size),
        fullscreen=args.fullscreen,
        mouse=mouse,
        prog=prog,
        plan=plan,
        lesson_name=lesson_name,
        stage=stage,
        export=export,
        gif=outputs.get("--gif"),
        video=outputs.get("--video"),
        save_scene=outputs.get("--save-scene"),
        edits=edits,
        save_dir=save_folder(args.save_dir),
        language=code,
    )


def _check_gif_length(args, replay) -> None:
    """UsageError for a --gif run longer than a GIF can keep (a video streams any length)."""
    steps = args.frames if args.frames is not None else (replay.end if replay else None)
    if args.gif is not None and steps is not None and steps > MAX_GIF_STEPS:
        raise UsageError.words(
            N_(
                "--gif films at most {most} steps ({seconds} s: a GIF keeps its frames to "
                "the end); this run has {steps}: --video streams a longer one"
            ),
            most=f"{MAX_GIF_STEPS:,}",
            seconds=MAX_GIF_STEPS // 60,
            steps=f"{steps:,}",
        )


def _language(lang: str | None) -> str:
    """--lang's language, checked; without it the system locale's (English if not shipped)."""
    if lang is None:
        return system_code(os.environ)
    return checked_language(lang)


def _check_run(args, replay) -> None:
    """UsageError for a run's options that do not go together: --record with a replay,
    --frames out of range or without --headless, --headless without a length, --hold in
    a window, a --seed over 64 bits (checked in that order)."""
    if replay and args.record is not None:
        raise UsageError.words(N_("--record and --replay cannot be used together"))
    if args.frames is not None and args.frames < 0:
        raise UsageError.words(N_("--frames must be 0 or more, got {frames}"), frames=args.frames)
    if args.frames is not None and args.frames > MAX_FRAMES:
        raise UsageError.words(
            N_("--frames must be at most {most}, got {frames}"), most=MAX_FRAMES, frames=args.frames
        )
    if args.frames is not None and not args.headless:
        raise UsageError.words(N_("--frames is for --headless runs (a window runs until you quit)"))
    if args.describe and not args.headless:
        raise UsageError.words(N_("--describe is for --headless runs (in a window: --announce)"))
    if args.headless and args.frames is None and replay is None and args.export_lesson is None:
        raise UsageError.words(
            N_("--headless needs --frames N (or --replay, which knows its length)")
        )
    if args.hold and not args.headless:
        raise UsageError.words(
            N_("--hold is for --headless runs (in a window, hold the real keys)")
        )
    if args.seed is not None and abs(args.seed) > MAX_SEED:
        raise UsageError.words(
            N_("--seed must be a whole number of at most 64 bits, got {seed}"), seed=args.seed
        )


def _lesson_and_scene(args, replay, code: str = "en") -> tuple:
    """(lesson name or None, the lesson's plan or None, the stage index, the Scene): from
    the replay when there is one, else from --lesson, --stage and --scene (a lesson opens
    on its stage's built-in scene); UsageError naming the option or the replay's line."""
    lesson_name = replay.lesson_name if replay else args.lesson
    plan = None
    if lesson_name is not None:
        try:
            plan = load_lesson(lesson_name, args.seed if args.seed is not None else 0, code=code)
        except UsageError as error:
            where = f"{args.replay}:1: lesson: " if replay else ""
            raise UsageError.words(N_("{where}{error}"), where=where, error=error) from None
    stage = replay.stage if replay else (args.stage - 1 if args.stage is not None else 0)
    if plan is not None and not 0 <= stage < len(plan.stages):
        raise UsageError.words(
            N_("--stage {stage}: the lesson has stages 1 to {last}"),
            stage=stage + 1,
            last=len(plan.stages),
        )
    scene_name = replay.scene if replay else (args.scene or DEFAULT_SCENE)
    if plan is not None and not replay:
        first = plan.stages[stage].stage.scene
        scene_name = first.name if first.source == "built-in" else DEFAULT_SCENE
    try:
        scene = load_scene(scene_name)
    except SceneError as error:
        where = f"{args.replay}:1: scene: " if replay else ""
        raise UsageError.words(N_("{where}{error}"), where=where, error=error) from None
    return lesson_name, plan, stage, scene


def _files(args, scene, plan, lesson_name) -> tuple[dict, dict]:
    """(outputs, inputs): each output option given -> its checked target path, and each
    input the run reads ("scene file", "replay file", "lesson file") -> its path."""
    outputs = {
        option: output_target(value, option, suffix)
        for option, value, suffix in (
            ("--screenshot", args.screenshot, ".png"),
            ("--dump-state", args.dump_state, ".json"),
            ("--record", args.record, ".jsonl"),
            ("--gif", args.gif, ".gif"),
            ("--video", args.video, ".mp4"),
            ("--save-scene", args.save_scene, ".toml"),
        )
        if value is not None
    }
    inputs = {}
    if scene.source != "built-in":
        inputs["scene file"] = Path(scene.source)
    if args.replay is not None:
        inputs["replay file"] = Path(args.replay)
    if plan is not None and lesson_name not in BUILT_IN:
        inputs["lesson file"] = Path(plan.lesson.source)
    return outputs, inputs


def _check_lesson_options(args) -> None:
    """The lesson options' combinations, before anything is read."""
    if args.lesson is not None and not args.lesson.strip():
        raise UsageError.words(N_("--lesson: needs a built-in lesson name or a .toml file path"))
    if args.lesson is not None and args.scene is not None:
        raise UsageError.words(
            N_("--scene and --lesson cannot be used together (a lesson names its scenes)")
        )
    if args.lesson is not None and args.replay is not None:
        raise UsageError.words(
            N_("--lesson and --replay cannot be used together (a replay names its lesson)")
        )
    if args.stage is not None and args.lesson is None:
        raise UsageError.words(N_("--stage is for --lesson runs"))
    if args.stage is not None and args.stage < 1:
        raise UsageError.words(N_("--stage must be 1 or more, got {stage}"), stage=args.stage)
    for option, value in (("--gif", args.gif), ("--video", args.video)):
        if value is not None and not args.headless:
            raise UsageError.words(
                N_("{option} is for --headless runs (it films the steps run)"), option=option
            )
    if args.export_lesson is None:
        return
    if args.lesson is None:
        raise UsageError.words(N_("--export-lesson needs --lesson NAME_OR_FILE"))
    clashes = {
        "--frames": args.frames is not None,
        "--screenshot": args.screenshot is not None,
        "--dump-state": args.dump_state is not None,
        "--save-scene": args.save_scene is not None,
        "--edit": bool(args.edit),
        "--record": args.record is not None,
        "--hold": bool(args.hold),
        "--drag": bool(args.drag),
        "--click": bool(args.click or args.shift_click),
        "--ui": bool(args.ui),
        "--gif": args.gif is not None,
        "--video": args.video is not None,
        "--fullscreen": args.fullscreen,
        "--stage": args.stage is not None,
    }
    for option, given in clashes.items():
        if given:
            raise UsageError.words(
                N_("--export-lesson runs by itself (headless); leave out {option}"), option=option
            )


def _edit_script(args) -> dict:
    """--edit STEP:JSON as the editor commands of each step, in order, each checked."""
    if not args.edit:
        return {}
    if not args.headless:
        raise UsageError.words(
            N_("--edit is for --headless runs (in a window, edit with the mouse)")
        )
    if len(args.edit) > MAX_EDITS:
        raise UsageError.words(
            N_("--edit: at most {most} edits in a run, got {count}"),
            most=f"{MAX_EDITS:,}",
            count=f"{len(args.edit):,}",
        )
    edits: dict = {}
    for text in args.edit:
        try:
            step, command = parse_edit(text)
        except EditError as error:
            raise UsageError.words(
                N_("--edit {text!r}: {error}"), text=text[:60], error=error
            ) from None
        if step > MAX_FRAMES:
            raise UsageError.words(
                N_("--edit {edit}: STEP must be at most {most}"),
                edit=repr(text[:60]),
                most=MAX_FRAMES,
            )
        edits.setdefault(step, []).append(command)
    return edits


def _within_the_run(starts: list[tuple[int, str]], frames: int | None) -> None:
    """One rule for every scripted input (--hold, --drag, --click, --shift-click, --ui,
    --edit): it begins within the run, at step 0 to --frames, or it is refused (an input
    due after the last step would never happen)."""
    if frames is None or not starts:
        return
    step, what = max(starts, key=lambda start: start[0])
    if step > frames:
        raise UsageError.words(
            N_("{what} at step {step}: the run has {frames} steps (input at 0 to {frames})"),
            what=what,
            step=step,
            frames=frames,
        )


def _mouse_script(args) -> tuple[dict, list[tuple[int, str]]]:
    """--drag, --click, --shift-click and --ui as the events of each step, in order, and
    (first step, the option) of each."""
    scripted = [(args.drag, parse_drag), (args.click, parse_click)]
    scripted.append((args.shift_click, lambda text: parse_click(text, shift=True)))
    scripted.append((args.ui, parse_ui))
    if any(values for values, _ in scripted) and not args.headless:
        raise UsageError.words(
            N_("--drag, --click and --ui are for --headless runs (in a window, use the mouse)")
        )
    # A drag is an event a step: all of them together within a run's length, checked
    # before any is made (ten drags of a million steps would be ten million events).
    total = sum(drag_steps(text) for text in args.drag)
    if total > MAX_FRAMES:
        raise UsageError.words(
            N_("--drag: the drags span {total} steps in all; at most {most}"),
            total=f"{total:,}",
            most=f"{MAX_FRAMES:,}",
        )
    events: dict = {}
    starts = []
    for (values, parse), option in zip(scripted, SCRIPT_OPTIONS, strict=True):
        for text in values:
            try:
                parsed = parse(text)
            except ValueError as error:
                raise UsageError.from_error(error) from None
            for step, step_events in parsed.items():
                if step > MAX_FRAMES:
                    raise UsageError.words(
                        N_("{text!r}: steps must be at most {max_frames}"),
                        text=text,
                        max_frames=MAX_FRAMES,
                    )
                events.setdefault(step, []).extend(step_events)
            starts.append((min(parsed), f"{option} {text!r}"))
    return events, starts
