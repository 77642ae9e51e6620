"""The headless runner: exactly N steps, no clock, then the outputs.

A source of commands like the window: the options' script (--hold, --drag, --click,
--ui, --edit) and a replay's lines become commands for the one dispatcher, due at their
step."""

from __future__ import annotations

import json
import os
from contextlib import contextmanager

import pygame  # (its prompt is hidden by sandbox.app's __init__, imported first)

from ..core.locales import N_
from ..render.language import language
from .commands import Edit, Mouse, OpenLesson, Press, Step, UiChange
from .dispatcher import dispatch
from .errors import UsageError
from .export import Film, export_lesson
from .keymap import KEY_ACTIONS
from .options import Options
from .outputs import write_outputs
from .recording import Recorder
from .scene_control import open_session
from .speech import announcer_for
from .state import Session
from .view_model import draw_session, frame_in_words

OFF_SCREEN = ("offscreen", "dummy")  # SDL's video drivers that show nothing


def init_pygame(headless: bool):
    """pygame with its display and font started (no mixer, no audio errors). A window
    that cannot be shown is a UsageError: SDL's driver failed to start, or, with no
    display to reach, SDL fell back to drawing off screen (unless that was asked for)."""
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # read when the display starts
    # The frame is drawn in software onto the window's surface; SDL's own way to show
    # it (X11's shared memory, GDI) copies what changed. SDL's default goes through a
    # renderer's texture instead, and under a software OpenGL (Xvfb, a VM, a remote
    # desktop) that redraws the whole window each flip: 12 ms at 1920x1080 on Xvfb,
    # 0.8 ms without. (A driver with no way of its own still takes the texture.)
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")

    asked = os.environ.get("SDL_VIDEODRIVER", "")
    try:
        with _sdl_quiet():
            pygame.display.init()
    except pygame.error as error:
        raise UsageError.words(
            N_(
                "cannot start SDL's video driver {asked!r} ({error}); unset SDL_VIDEODRIVER, "
                "or use --headless"
            ),
            asked=asked,
            error=error,
        ) from None
    if not headless and pygame.display.get_driver() in OFF_SCREEN and asked not in OFF_SCREEN:
        pygame.display.quit()
        raise UsageError.words(
            N_(
                "no display to open a window on (is DISPLAY set, and its X server running?); "
                "--headless writes screenshots without one"
            )
        )
    pygame.font.init()
    return pygame


@contextmanager
def _sdl_quiet():
    """SDL prints what each video driver it probes lacks (XDG_RUNTIME_DIR ...) straight
    to file descriptor 2; a failure reaches us as pygame.error all the same."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def run_headless(options: Options) -> int:
    """Exactly `frames` steps, then the outputs (the screenshot at `options.size`); or,
    with --export-lesson, the lesson's slides."""
    pygame = init_pygame(headless=True)
    try:
        if options.export is not None:
            export_lesson(options, pygame)
            return 0
        film = None
        if options.gif is not None or options.video is not None:
            film = Film(options, pygame)
        announcer = announcer_for(options, frame_in_words)
        try:
            session, recorder = simulate(options, _each_step(film, announcer))
            surface = pygame.Surface(options.size)
            draw_session(surface, session, fps=None)
            write_outputs(options, session, surface, recorder, film.outputs() if film else [])
            if options.describe:  # after the outputs: they are written all or none first
                print("\n".join(frame_in_words(session)), flush=True)
            if announcer.speaker is not None:
                announcer.speaker.wait()  # the last change is said before the run ends
        finally:
            if film is not None:  # a run stopped early: ffmpeg ends, its folder goes
                film.close()
    except MemoryError:
        raise _no_memory(options.size) from None
    except pygame.error as error:
        if "memory" not in str(error).lower():
            raise
        raise _no_memory(options.size) from None
    return 0


def _no_memory(size: tuple[int, int]) -> UsageError:
    w, h = size
    return UsageError.words(
        N_("out of memory for a {w}x{h} screenshot ({mib} MiB a frame); try --size"),
        w=w,
        h=h,
        mib=w * h * 4 >> 20,
    )


def new_session(options: Options) -> tuple[Session, Recorder | None]:
    """The session a run starts with (its lesson's stage open), and its recorder."""
    session = open_session(options.scene, options.seed, options.theme, language(options.language))
    session.save_dir = options.save_dir
    session.speech = options.speak
    recorder = None
    if options.record:
        recorder = Recorder(
            options.scene, options.seed, options.theme, options.lesson_name, options.stage
        )
    if options.plan is not None:
        dispatch(session, OpenLesson(options.plan, options.stage))
    session.recorder = recorder
    return session, recorder


def _each_step(*watchers):
    """One callable for simulate's `each_step` from those given (None: left out)."""
    watching = [watcher for watcher in watchers if watcher is not None]
    if not watching:
        return None

    def each(session: Session) -> None:
        for watcher in watching:
            watcher(session)

    return each


def simulate(options: Options, each_step=None) -> tuple[Session, Recorder | None]:
    """Exactly `frames` steps (and one more for each press of O while paused); before
    each, the input due then; during it, the keys held.

    The scripted input (--hold, --drag, --click, --ui, --edit) is due at the loop's step;
    while the session is paused (P, a rewind, the step-through, a lesson's question), a
    step of the script passes and the world waits, as it does in a window. A replay's
    input is due at its stamp (app/replay_lines.event_of): version 2, Session.steps_taken
    (rewound or not, so a press of O that steps moves it on), and the replay runs until
    that count reaches its end; version 1, the loop's step, as it was recorded. The
    dispatcher records what it takes (Session.recorder). `each_step(session)`, if given,
    is called before the first step and after each (a film's frames)."""
    session, recorder = new_session(options)
    replay = options.replay
    frames = options.frames if options.frames is not None else replay.end
    if each_step is not None:
        each_step(session)
    events = replay.events if replay else ()
    by_taken = replay is not None and replay.version >= 2
    replay_held: frozenset[str] = frozenset()
    due = 0  # the next replay event
    loop_step = 0
    while True:
        while due < len(events) and events[due][0] <= (
            session.steps_taken if by_taken else loop_step  # (a press of O moves it on)
        ):
            what = events[due][1]
            due += 1
            if isinstance(what, frozenset):
                replay_held = what
            else:
                held = replay_held if by_taken else frozenset()
                dispatch(session, _replayed(what, held))
        pressed = list(options.mouse.get(loop_step, []))
        held = set(replay_held)
        for hold in options.holds:
            if not KEY_ACTIONS[hold.key].held:
                if hold.first == loop_step:
                    pressed.append(hold.key)
            elif hold.first <= loop_step <= hold.last:
                held.add(hold.key)
        for what in pressed:
            dispatch(session, _replayed(what, frozenset(held)))
        for command in options.edits.get(loop_step, ()):
            edit_session(session, command)
        if recorder is not None and recorder.stopped is not None:
            raise UsageError.words(
                N_("--record: {stopped} (script less input or fewer steps)"),
                stopped=recorder.stopped,
            )
        if (session.steps_taken if by_taken else loop_step) >= frames:
            break
        if replay is not None or not session.paused:  # paused: the world waits, as in a window
            dispatch(session, Step(frozenset(held)))
            if session.failed is not None:  # the world could not step: one line, exit 2
                raise UsageError.from_error(session.failed)
        loop_step += 1
        if each_step is not None:
            each_step(session)
    return session, recorder


def _replayed(what, held: frozenset[str]):
    """A replay's or the script's event as its command: a key pressed (with the keys
    held), a control or an edit as it is, a mouse event."""
    if isinstance(what, str):
        return Press(what, held)
    if isinstance(what, (UiChange, Edit)):
        return what
    return Mouse(what)


def edit_session(session: Session, command: dict) -> None:
    """Apply an editor command (--edit) to the session's world as the window's editor
    does, through the dispatcher: recorded when recording (as an `edit` line), then
    applied through the edit history (Session.edits, begun again when the world is
    replaced: a reset, another scene). A refused edit is a UsageError saying why (the
    run stops, so no recording is written)."""
    result = dispatch(session, Edit(command)).edit
    if not result.ok:
        shown = json.dumps(command)
        shown = shown if len(shown) <= 80 else shown[:77] + "..."
        raise UsageError.words(
            N_("--edit {shown}: refused at step {step_on_show}: {reason}"),
            shown=shown,
            step_on_show=session.step_on_show,
            reason=result.reason,
        )
