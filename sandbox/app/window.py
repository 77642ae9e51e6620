"""The window loop: real time into fixed 1/60 s steps, keys read per step.

The loop owns the window, the clock and fullscreen (F11); everything else it turns into
commands for the one dispatcher: a key press, a mouse event on the world, the toolbar's
controls (app/toolbar.py), Ctrl+S, Ctrl+Z / Ctrl+Y, and a step with the keys held.

Every frame is drawn straight onto the window at its own size (no canvas, no scaling):
the renderer lays the frame out for whatever size the window has.
"""

from __future__ import annotations

import gc
import sys
import warnings

from . import toolbar
from .commands import Edit, Mouse, Press, Save, Sides, Step
from .dispatcher import QuitTimer, dispatch
from .headless import init_pygame, new_session
from .keymap import KEYMAP
from .limits import one_line
from .mouse_input import MAX_NOTCHES, MouseEvent
from .options import Options
from .outputs import write_outputs
from .speech import announcer_for
from .state import SPEEDS, STEP, Session
from .view_model import drawn, frame_in_words


def run_window(options: Options) -> int:
    pygame = init_pygame(headless=False)
    windowed_size = options.size
    pygame.display.set_caption("SAT Sandbox")
    window = _open(pygame, windowed_size, options.fullscreen)
    session, recorder = new_session(options)
    # What start-up built (the scene, fonts, catalogues, the keymap) lives as long as the
    # window: frozen out of the collector's full passes, which walked it each time (a
    # full pass in the pile: 13 ms, most of a frame; 3 ms frozen).
    gc.collect()
    gc.freeze()
    clock = pygame.time.Clock()
    accumulator = 0.0
    running = True
    held_names = {k for b in KEYMAP if b.held for k in b.keys}
    mouse_events = (
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.MOUSEMOTION,
        pygame.MOUSEWHEEL,
    )
    gesture = toolbar.Gesture()  # a slider held, a right-drag pan, a corner dragged
    quit_timer = QuitTimer()  # Escape's "again to quit?" lapses in 2 s of real time
    announcer = announcer_for(options, frame_in_words, window=True)  # a screen reader, speech
    while running:
        elapsed = min(clock.tick(60) / 1000.0, 0.25)  # the clock is read here only
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                running = False
            elif event.type == pygame.VIDEORESIZE and not _is_fullscreen(pygame):
                windowed_size = (event.w, event.h)
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                fullscreen = not _is_fullscreen(pygame)
                window = _open(pygame, windowed_size, fullscreen)
            elif event.type in mouse_events:
                held = _held_keys(pygame, held_names)
                if _on_controls(pygame, event, session, gesture, window.get_size(), held):
                    continue  # the toolbar, a panel, a slider, a pan or a zoom took it
                mouse = _mouse_event(pygame, event, session, gesture, window)
                if mouse is not None:
                    dispatch(session, Mouse(mouse))
            elif _ctrl(pygame, event, pygame.K_s):
                dispatch(session, Save())  # the path (or why not) is said on screen
            elif _ctrl(pygame, event, pygame.K_z, pygame.K_y):
                dispatch(session, Edit({"op": "redo" if event.key == pygame.K_y else "undo"}))
            elif event.type == pygame.KEYDOWN:
                key = pygame.key.name(event.key)
                if key == "tab" and event.mod & pygame.KMOD_SHIFT:
                    key = "shift tab"  # the focus ring's way back (app/focus.py)
                held = _held_keys(pygame, held_names)  # a single step (O) uses these keys
                running = not dispatch(session, Press(key, held)).quit and running
                gesture.screen = None  # a key may open a panel: laid out afresh till drawn
        lapsed = quit_timer.elapse(session, elapsed)
        if lapsed is not None:
            dispatch(session, lapsed)
        if not session.paused:
            accumulator += elapsed * SPEEDS[session.speed_index][0]
        while accumulator >= STEP and running:
            dispatch(session, Step(_held_keys(pygame, held_names)))
            accumulator -= STEP
        window = pygame.display.get_surface()
        _, gesture.screen = drawn(window, session, fps=clock.get_fps())  # hit-tested till the next
        pygame.display.flip()
        announcer(session)
    write_outputs(options, session, window, recorder)
    pygame.display.quit()
    if recorder is not None and recorder.stopped is not None:  # what was written replays
        stopped = recorder.stopped.said(session.language.tr)
        print(f"{options.prog}: note: {one_line(stopped)}", file=sys.stderr)
    return 0


def _ctrl(pygame, event, *keys) -> bool:
    """A key press of one of `keys` with Ctrl down."""
    return event.type == pygame.KEYDOWN and bool(event.mod & pygame.KMOD_CTRL) and event.key in keys


def _on_controls(pygame, event, session: Session, gesture, size, held) -> bool:
    """Hand the event to the clickable controls first (app/toolbar.py); True when they
    took it. Ctrl+wheel zooms, shift+wheel sets F5's sides; a body held by the left
    button keeps its drag."""
    if event.type == pygame.MOUSEWHEEL:
        mods = pygame.key.get_mods()
        if mods & pygame.KMOD_SHIFT and session.world.grab is None:  # F5's sides
            dispatch(session, Sides(1 if event.y > 0 else -1))
            return True
        if not mods & pygame.KMOD_CTRL:
            return False
        notches = max(-MAX_NOTCHES, min(MAX_NOTCHES, int(event.y)))
        if notches:
            toolbar.wheel(session, size, pygame.mouse.get_pos(), notches, gesture)
        return True
    if session.hand is not None:  # a drag of a body goes on to its release
        return False
    if event.type == pygame.MOUSEBUTTONDOWN:
        shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        return toolbar.press(session, gesture, size, event.pos, event.button, held, shift)
    if event.type == pygame.MOUSEMOTION:
        return toolbar.move(session, gesture, size, event.pos)
    return toolbar.release(session, gesture, event.button)


def _mouse_event(pygame, event, session: Session, gesture, window):
    """A window mouse event as a MouseEvent in world coordinates, or None to ignore it:
    the left button presses and releases, motion while it is down, the wheel."""
    if event.type == pygame.MOUSEWHEEL:
        notches = max(-MAX_NOTCHES, min(MAX_NOTCHES, int(event.y)))  # what a replay reads
        return MouseEvent("wheel", notches=notches) if notches else None
    if event.type == pygame.MOUSEMOTION and session.hand is None:
        return None
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button != 1:
        return None
    if event.type == pygame.MOUSEBUTTONUP and session.hand is None:
        return None
    x, y = toolbar.world_at(session, gesture, window.get_size(), event.pos)
    if event.type == pygame.MOUSEBUTTONDOWN:
        shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        return MouseEvent("press", x, y, shift)
    return MouseEvent("move" if event.type == pygame.MOUSEMOTION else "release", x, y)


def _held_keys(pygame, names: set[str]) -> frozenset[str]:
    pressed = pygame.key.get_pressed()
    return frozenset(name for name in names if pressed[pygame.key.key_code(name)])


def _is_fullscreen(pygame) -> bool:
    surface = pygame.display.get_surface()
    return bool(surface is not None and surface.get_flags() & pygame.FULLSCREEN)


def _open(pygame, size: tuple[int, int], fullscreen: bool):
    """The window at `size`, resizable; or fullscreen at the desktop's size."""
    if fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    with warnings.catch_warnings():  # pygame-ce's "window was forcibly resized by the OS"
        warnings.simplefilter("ignore", RuntimeWarning)
        window = pygame.display.set_mode(size, pygame.RESIZABLE)
    if window.get_size() != size:
        # Back from fullscreen with SDL's own framebuffer (`init_pygame`) and no window
        # manager to restore it (Xvfb), the window keeps the screen's size: asked
        # again, it takes the size it had.
        window = pygame.display.set_mode(size, pygame.RESIZABLE)
    return window
