"""The headless runner: exactly N steps, no clock, then the outputs."""

from __future__ import annotations

import os

from .keymap import KEY_ACTIONS
from .options import Options
from .outputs import write_outputs
from .recording import Recorder
from .session import Session


def init_pygame(headless: bool):
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()  # display and font only: no mixer, no audio errors
    pygame.font.init()
    return pygame


def run_headless(options: Options) -> int:
    """Exactly `frames` steps, then the outputs (the screenshot at `options.size`)."""
    pygame = init_pygame(headless=True)
    session, recorder = simulate(options)
    surface = pygame.Surface(options.size)
    session.draw(surface, fps=None)
    write_outputs(options, session, surface, recorder)
    return 0


def simulate(options: Options) -> tuple[Session, Recorder | None]:
    """Exactly `frames` steps; before each, the presses due then; during it, the keys held.
    The recording is kept on the session's clock (`session.steps`), which a rewind turns
    back, exactly as in the window."""
    session = Session(options.scene, options.seed, options.theme)
    replay = options.replay
    frames = options.frames if options.frames is not None else replay.end
    recorder = Recorder(options.scene, options.seed, options.theme) if options.record else None
    session.recorder = recorder
    replay_held: frozenset[str] = frozenset()
    for step in range(frames + 1):
        pressed = list(replay.presses.get(step, [])) if replay else []
        pressed += options.mouse.get(step, [])
        if replay:
            replay_held = replay.holds.get(step, replay_held)
        held = set(replay_held)
        for hold in options.holds:
            if not KEY_ACTIONS[hold.key].held:
                if hold.first == step:
                    pressed.append(hold.key)
            elif hold.first <= step <= hold.last:
                held.add(hold.key)
        for key in pressed:
            if not isinstance(key, str):  # a MouseEvent
                if recorder:
                    recorder.mouse(session.steps, key)
                session.mouse(key)
                continue
            if recorder:
                recorder.action(session.steps, key)
            session.apply(key)
        if step == frames:
            break
        if recorder:
            recorder.held(session.steps, frozenset(held))
        session.advance(frozenset(held))
    return session, recorder
