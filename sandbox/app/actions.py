"""What each key's action does: one table, action name -> the function that carries it out.

The dispatcher (app/dispatcher.py) has already looked the key up (its binding), recorded
it and passed it through the gates; `act` only executes. An action that leads to another
command (O steps the world; F3 and the editor's keys become the mode or edit they stand
for) returns it, and the dispatcher takes that command in turn: nothing here calls back
into the dispatcher.
"""

from __future__ import annotations

import dataclasses

from ..core.locales import N_
from .commands import Step
from .editing import command_for_key
from .keymap import EDIT_ACTIONS, Binding, help_pages
from .lesson_plan import built_in_lessons
from .scene_control import (
    next_pair,
    open_scene,
    restart_overlapping,
    say,
    scene_switch,
)
from .speech import find_engine
from .state import SPEEDS, Session
from .stepping import rewind, walk
from .tune import zoom_key


def _pause(session: Session, binding: Binding, key: str, held):
    session.paused = not session.paused


def _step(session: Session, binding: Binding, key: str, held):
    """O while paused: forward through the rewound steps, else one step of the world."""
    if session.paused and session.history.at is not None:
        rewind(session, 1)
    elif session.paused:
        return Step(held)
    return None


def _rewind(session: Session, binding: Binding, key: str, held):
    session.paused = True
    steps = {"rewind": -1, "rewind_second": -60, "forward_second": 60}
    rewind(session, steps[binding.action])


def _slow(session: Session, binding: Binding, key: str, held):
    session.speed_index = (session.speed_index + 1) % len(SPEEDS)
    say(session, session.language.tr("speed {label}").format(label=SPEEDS[session.speed_index][1]))


def _reset(session: Session, binding: Binding, key: str, held):
    open_scene(session, session.scene, keep_speed=True)
    say(session, N_("reset"))


def _scene(session: Session, binding: Binding, key: str, held):
    """1..9 open that scene; [ and ] the previous and the next."""
    scenes = session.scenes
    action = binding.action
    if action == "scene":
        open_scene(session, scenes[int(key) - 1])
        return
    here = scenes.index(session.scene) if session.scene in scenes else -1
    delta = -1 if action == "previous_scene" else 1
    open_scene(session, scenes[(here + delta) % len(scenes)])


def _lessons(session: Session, binding: Binding, key: str, held):
    """F2 opens and closes the lesson list (while it is open, 1..9 start a lesson: the
    dispatcher's menu gate turns them into the lesson they start)."""
    code = session.language.code
    session.menu = None if session.menu is not None else tuple(built_in_lessons(code))


def _next_pair(session: Session, binding: Binding, key: str, held):
    next_pair(session)


def _walk(session: Session, binding: Binding, key: str, held):
    walk(session, binding.action)


def _orbit(session: Session, binding: Binding, key: str, held):
    if session.space is not None:
        left = binding.action == "orbit_left"
        session.space = session.space.orbited(-1 if left else 1)
    else:
        say(session, N_("J and L turn the view in the 3D scene only"))


def _scene_switch(session: Session, binding: Binding, key: str, held):
    scene_switch(session)


def _overlap_start(session: Session, binding: Binding, key: str, held):
    restart_overlapping(session)


def _reverse_gravity(session: Session, binding: Binding, key: str, held):
    world = session.world
    world.reverse_gravity()
    say(session, N_("gravity reversed") if world.gravity != (0.0, 0.0) else N_("no gravity here"))


def _toggle_resolve(session: Session, binding: Binding, key: str, held):
    session.world.resolve = not session.world.resolve
    tr = session.language
    say(session, tr("MTV resolution on") if session.world.resolve else tr("MTV resolution off"))


def _toggle_swept(session: Session, binding: Binding, key: str, held):
    session.world.swept = not session.world.swept
    tr = session.language
    say(session, tr("swept test on") if session.world.swept else tr("swept test off"))


def _edit(session: Session, binding: Binding, key: str, held):
    return command_for_key(session, binding.action)


def _zoom(session: Session, binding: Binding, key: str, held):
    zoom_key(session, binding.action)


def _theme(session: Session, binding: Binding, key: str, held):
    themes = session.themes
    session.theme = themes[(themes.index(session.theme) + 1) % len(themes)]


def _help(session: Session, binding: Binding, key: str, held):
    """H: page 1, 2, 3, closed."""
    last = len(help_pages()) - 1
    if session.overlays.show_help and session.help_page < last:
        session.help_page += 1
    else:
        session.help_page = 0
        shown = not session.overlays.show_help
        session.overlays = dataclasses.replace(session.overlays, show_help=shown)


def _overlay(session: Session, binding: Binding, key: str, held):
    value = not getattr(session.overlays, binding.action)
    session.overlays = dataclasses.replace(session.overlays, **{binding.action: value})
    tr = session.language
    what = tr(binding.description).removeprefix(tr("overlay: "))
    say(session, (tr("{what}: on") if value else tr("{what}: off")).format(what=what))


# What F8 and F9 say when no text-to-speech is installed: short enough for the status
# line of a 1024x768 projector; the full how-to is --speak's line (app/speech.py).
NO_SPEECH = N_("no speech: install espeak-ng (F7: the words)")


def _speech(session: Session, binding: Binding, key: str, held):
    """F9: the announcements said aloud, or no longer (with --announce they are printed
    either way)."""
    if not session.speech and find_engine() is None:
        say(session, NO_SPEECH)
        return
    session.speech = not session.speech
    say(session, N_("speech on (F8: read the frame)") if session.speech else N_("speech off"))


def _read_frame(session: Session, binding: Binding, key: str, held):
    """F8: the whole frame in words, once, said aloud (and printed with --announce)."""
    session.reads += 1
    say(session, N_("reading the frame aloud") if find_engine() is not None else NO_SPEECH)


ACTIONS = {
    "pause": _pause,
    "step": _step,
    "rewind": _rewind,
    "rewind_second": _rewind,
    "forward_second": _rewind,
    "slow": _slow,
    "reset": _reset,
    "previous_scene": _scene,
    "next_scene": _scene,
    "scene": _scene,
    "lessons": _lessons,
    "next_pair": _next_pair,
    "walk": _walk,
    "walk_next": _walk,
    "walk_back": _walk,
    "orbit_left": _orbit,
    "orbit_right": _orbit,
    "scene_switch": _scene_switch,
    "overlap_start": _overlap_start,
    "reverse_gravity": _reverse_gravity,
    "toggle_resolve": _toggle_resolve,
    "toggle_swept": _toggle_swept,
    "zoom_in": _zoom,
    "zoom_out": _zoom,
    "fit": _zoom,
    "theme": _theme,
    "help": _help,
    "speech": _speech,
    "read_frame": _read_frame,
} | dict.fromkeys(EDIT_ACTIONS, _edit)


def act(session: Session, binding: Binding | None, key: str, held: frozenset[str] = frozenset()):
    """Carry out `binding`, the action the dispatcher found for `key` (its one look-up
    in the keymap); the command it leads to, or None. None, a held control's binding and
    actions with nothing here (the lesson's, quit, fullscreen) do nothing."""
    if binding is None or binding.held:
        return None
    action = ACTIONS.get(binding.action)
    if action is None and binding.action.startswith("show_"):
        action = _overlay
    return action(session, binding, key, held) if action is not None else None
