"""The one dispatcher: every command, from every source, takes the same path.

    window keys, mouse ─┐
    toolbar, panels ────┤                  ┌─ interpret  what the command means now (a
    headless options ───┼─> commands ──> dispatch       key the focus ring takes, Escape
    a replay ───────────┤                  │              closes, a key draws, an edit key
                                           │              becomes the edit it stands for)
    a lesson's script ──┘                  ├─ record     into the recording (not a script's)
                                           ├─ gates      Escape, the lesson list, the
                                           │             lesson and a waiting question
                                           └─ execute    actions, stepping, editing, tune,
                                                         the mouse on the world, the lesson

in that order, here and nowhere else. A command that leads to another (O steps the
world, an edit key makes an edit, a stage's script presses keys) hands it back to
`dispatch`, which takes it the same way. Sources never call the behaviour modules.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.locales import N_
from ..render.layout import Camera
from ..scenes.registry import SCENES
from . import actions, editing, focus, lesson_run, stepping, tune
from .commands import (
    ACT,
    SCRIPT,
    USER,
    Command,
    Cursor,
    Edit,
    Hover,
    LessonMove,
    Mouse,
    OpenLesson,
    Press,
    Save,
    Say,
    Sides,
    Step,
    UiChange,
)
from .edit_words import Said
from .editor import EditResult
from .keymap import EDIT_ACTIONS, KEY_ACTIONS, Binding
from .lesson_plan import plan_lesson
from .panels import SLIDERS
from .scene_control import MESSAGE_STEPS, open_scene, say
from .state import Session
from .world_mouse import handle_mouse

MIN_SIDES, MAX_SIDES = 3, 12  # shift+wheel's range for F5's polygon
# A second Escape quits while the question is on screen: for the message's 2 s of steps,
# and never past 2 s of real time, paused or not (the window's clock: QuitTimer; a
# headless run presses no Escape, a replay's lapse is in its file). What the class sees
# is what the key does.
QUIT_STEPS = MESSAGE_STEPS
QUIT_SECONDS = 2.0
QUIT_ASK = N_("{escape} again to quit")  # short: uncut on a 1024x768 projector's status line


@dataclass
class QuitTimer:
    """A source's real time since Escape asked: when QUIT_SECONDS have passed, the command
    that takes the question back (recorded, so that a replay lapses where the run did)."""

    waited: float = 0.0

    def elapse(self, session: Session, seconds: float) -> UiChange | None:
        """`seconds` of real time passed (a frame's; not a world step, World.tick's)."""
        if session.quit_asked is None:
            self.waited = 0.0
            return None
        self.waited += seconds
        if self.waited < QUIT_SECONDS:
            return None
        self.waited = 0.0
        return UiChange("expire", "quit")


@dataclass(frozen=True)
class Outcome:
    """What a command did that its source needs to know."""

    quit: bool = False  # Escape with nothing open: the window closes
    edit: EditResult | None = None  # an edit's result (refused or not)
    saved: str | None = None  # Ctrl+S: the file written
    refused: str = ""  # why a gate held the command back, in words ("": it did not)


def dispatch(session: Session, command: Command, source: str = USER) -> Outcome:
    """Interpret, record, gate and execute `command` on the session (see the module
    docstring). `source`: USER (recorded, gated) or SCRIPT (a lesson stage's own input)."""
    handler = _HANDLERS[type(command)]
    return handler(session, command, source) or Outcome()


def _press(session: Session, press: Press, source: str) -> Outcome | None:
    if source == USER:  # interpret, first: a key the focus ring takes (app/focus.py)
        command = focus.key_command(session, press.key, press.held)
        if command is not None:
            return _focused(session, command, source)
    return _key_press(session, press, source)


def _focused(session: Session, command: Command, source: str) -> Outcome | None:
    """A focus key's command: a move, the focused control pressed (a key press taken as
    the key, past the focus), a slider set; then, if the focused row has left the
    screen, the focus back to the button that opened it."""
    session.quit_asked = None
    if isinstance(command, Press):
        outcome = _key_press(session, command, source)
    else:
        outcome = dispatch(session, command, source)
    settled = focus.settle(session)
    if settled is not None:
        dispatch(session, settled, source)
    return outcome


def _key_press(session: Session, press: Press, source: str) -> Outcome | None:
    binding = KEY_ACTIONS.get(press.key)  # interpret: the press's one look-up in the keymap
    if binding is not None and binding.held:
        binding = None  # (a held control steers in the step; pressed, it does nothing)
    recorder = session.recorder if source == USER else None
    if recorder is None or binding is None or binding.action not in EDIT_ACTIONS:
        return _interpret_press(session, press, binding, source)
    # An edit key is recorded as the edit it makes; one that makes none but says why
    # (Return with no outline drawn, Insert while a question waits) as its press, so
    # that a replay shows what the run showed.
    written, message = recorder.written, (session.message, session.message_left)
    outcome = _interpret_press(session, press, binding, source)
    if recorder.written == written and (session.message, session.message_left) != message:
        recorder.press_that_only_said(session.steps_taken, press.key)
        _recorder_stopped(session)
    return outcome


def _interpret_press(
    session: Session, press: Press, binding: Binding | None, source: str
) -> Outcome | None:
    key, held = press.key, press.held
    if source == SCRIPT:  # the stage's script: its keys act, unrecorded and ungated
        return _then(session, actions.act(session, binding, key, held), source)
    # interpret
    if session.draft is not None and key in ("return", "backspace", "escape"):
        command, said = editing.command_for_draft_key(session, key)
        if command is not None:
            dispatch(session, command, source)
        if said is not None:
            say(session, said)
        return None
    if binding is None:
        return None
    action = binding.action
    asked, session.quit_asked = session.quit_asked, None  # any other key: no quitting
    closes = action == "quit" and (session.menu is not None or session.overlays.show_help)
    if action == "quit" and session.mode is not None:  # Escape leaves edit mode first
        return dispatch(session, UiChange("mode", None), source)
    if action == "quit" and not closes and session.panel is not None:  # then the panel
        return dispatch(session, UiChange("panel", None), source)
    if action == "quit" and not closes and asked is not None:
        if session.steps_taken - asked <= QUIT_STEPS:  # the second Escape, in time: quit
            return Outcome(quit=True)
    # record
    recorder = session.recorder
    if recorder is not None:
        if action == "step":
            recorder.held(session.steps_taken, frozenset(held))  # before the press: O's keys
        recorder.press(session.steps_taken, key)
        _recorder_stopped(session)
    # gates: Escape closes the lesson list or the help, or asks before it quits; the
    # lesson list takes its keys; the lesson
    if closes:
        if session.menu is not None:
            session.menu = None
        else:
            session.overlays = replace(session.overlays, show_help=False)
        return None
    if action == "quit":  # nothing open: a stray Escape never ends a class
        session.quit_asked = session.steps_taken
        say(session, QUIT_ASK)
        return None
    for gate in (_menu_gate, _lesson_gate):
        verdict = gate(session, key, action)
        if verdict is None:
            continue
        for command in verdict:
            if command is ACT:
                break
            dispatch(session, command, source)
        else:
            return None  # the gate took the key (an empty verdict: held back)
        break
    # execute
    return _then(session, actions.act(session, binding, key, held), source)


# -- the gates on a key press: each decides and returns what the press becomes ---------
# None: no say (the next gate decides); else a tuple of commands, dispatched in turn
# (empty: the key is held back), ending in ACT when the key's own action follows, past
# the gates after it. Behaviour modules execute the commands; a gate changes nothing.


def _menu_gate(session: Session, key: str, action: str):
    """F2 opens and closes the lesson list; while it is open, 1..9 start a lesson."""
    if action == "lessons":
        return (ACT,)
    if session.menu is None or not key.isdigit():
        return None
    number = int(key)
    if not 1 <= number <= len(session.menu):
        return ()
    return (OpenLesson(plan_lesson(session.menu[number - 1].name, session.language.code)),)


def _lesson_gate(session: Session, key: str, action: str):
    """The lesson's gate (app/lesson_run.key_verdict): its stage keys, an answer, or a
    key held back while a question waits."""
    if session.lesson_run is None:
        return None
    return lesson_run.key_verdict(session, key, action)


def _lesson_move(session: Session, command: LessonMove, source: str) -> None:
    lesson_run.move(session, command)


def _step(session: Session, step: Step, source: str) -> None:
    step = Step(focus.free_held(session, frozenset(step.held)))  # a focused slider's arrows
    recorder = session.recorder
    if recorder is not None and source == USER:
        recorder.held(session.steps_taken, frozenset(step.held))
        _recorder_stopped(session)
    scripted, scripted_held = lesson_run.script_for_step(session)
    for command in scripted:  # a stage's opening: its presses and mouse, before the step
        dispatch(session, command, SCRIPT)
    stepping.advance(session, frozenset(step.held) | scripted_held)


def _mouse(session: Session, mouse: Mouse, source: str) -> None:
    if source == USER:
        if session.recorder is not None:
            session.recorder.mouse(session.steps_taken, mouse.event)
            _recorder_stopped(session)
        if session.lesson_run is not None and session.lesson_run.asking:
            return  # the world is frozen until the class answers
    handle_mouse(session, mouse.event)


def refusal(session: Session, command: UiChange) -> str:
    """What the dispatcher's gate would say to a slider set now ("": it lets it), asked by
    a source before it sends a set that would change nothing (a click on a slider at the
    value it has), so that the refusal is still said."""
    return _slider_refused(session, command.value[0]) if command.kind == "set" else ""


def _slider_refused(session: Session, name: str) -> str:
    """The gate on a slider set: a question waits (the speed still moves), or the slider
    cannot move here (tune.refusal: the MTV scenes, a fixed shape A); "" lets it."""
    run = session.lesson_run
    if name != "speed" and run is not None and run.asking:
        return N_("the world waits for the answer")
    why = tune.refusal(session, name)
    return f"{session.language(SLIDERS[name][0])}: {why}" if why else ""


def _ui_change(session: Session, change: UiChange, source: str) -> Outcome | None:
    _record_ui(session, change, source)
    run = session.lesson_run
    kind, value = change.kind, change.value
    if kind == "focus":  # the keyboard's focus ring moves (the world waits for nothing)
        pressed = value is not None and value == session.focus and value.startswith("slider:")
        session.focus = value
        refused = _slider_refused(session, value.removeprefix("slider:")) if pressed else ""
        if refused:  # Enter on a slider that cannot move: the sliders' gate says why
            say(session, refused)
            return Outcome(refused=refused)
        return
    if kind == "expire":  # the quit question lapses, and leaves the screen
        session.quit_asked = None
        if session.message == QUIT_ASK:
            session.message, session.message_left = None, 0
        return
    if kind == "scene" and run is not None:
        refused = lesson_run.scene_change_refused(session)
        if refused:
            say(session, refused)
            return
        dispatch(session, LessonMove("let_go"), source)  # the lesson waits (as a scene key)
    if kind == "set":
        refused = _slider_refused(session, value[0])
        if refused:  # the sliders' gate: held back, and said
            say(session, refused)
            return Outcome(refused=refused)
    editing_on = kind == "mode" and value is not None or kind == "draft"
    refused = lesson_run.scene_change_refused(session) if editing_on else ""
    if refused:  # no editing the stage's world while it opens or asks
        say(session, refused)
        return
    if kind == "panel":
        session.panel = value
    elif kind == "view":  # the class takes the view in hand: the camera follows no more
        session.camera = None if value is None else Camera(*value)
        session.framing = None
    elif kind == "scene":
        session.panel = None
        open_scene(session, SCENES[value])
    elif kind == "set":
        tune.set_slider(session, *value)
    elif kind == "mode":
        editing.set_mode(session, value)
    elif kind == "draft":
        session.draft = value


def _edit(session: Session, edit: Edit, source: str) -> Outcome:
    _record_ui(session, edit, source)
    refused = lesson_run.scene_change_refused(session)  # the lesson's gate: its world holds
    if refused:
        say(session, refused)
        return Outcome(edit=EditResult(False, Said(refused)))
    return Outcome(edit=editing.apply_edit(session, edit))


def _save(session: Session, save: Save, source: str) -> Outcome:
    return Outcome(saved=editing.save(session))


def _open_lesson(session: Session, command: OpenLesson, source: str) -> None:
    lesson_run.start(session, command.plan, command.stage)


def _hover(session: Session, hover: Hover, source: str) -> None:
    session.hover = hover.name


def _cursor(session: Session, cursor: Cursor, source: str) -> None:
    session.cursor = cursor.point


def _sides(session: Session, sides: Sides, source: str) -> None:
    session.sides = min(MAX_SIDES, max(MIN_SIDES, session.sides + sides.delta))
    said = session.language.tr("F5 drops a polygon of {n} sides")
    say(session, said.format(n=session.sides))


def _say(session: Session, said: Say, source: str) -> None:
    say(session, said.text)


_HANDLERS = {
    Press: _press,
    Step: _step,
    Mouse: _mouse,
    UiChange: _ui_change,
    Edit: _edit,
    Save: _save,
    OpenLesson: _open_lesson,
    LessonMove: _lesson_move,
    Hover: _hover,
    Cursor: _cursor,
    Sides: _sides,
    Say: _say,
}


def _then(session: Session, command, source: str) -> Outcome | None:
    """The command an action led to, taken in turn (None: there is none)."""
    return dispatch(session, command, source) if command is not None else None


def _record_ui(session: Session, command: UiChange | Edit, source: str) -> None:
    if session.recorder is not None and source == USER:
        session.recorder.ui(session.steps_taken, command)
        _recorder_stopped(session)


def _recorder_stopped(session: Session) -> None:
    """Say so, once, when the recording has just stopped (a replay's limit reached)."""
    stopped = session.recorder.stopped
    if stopped is not None and not session.recorder_said:
        session.recorder_said = True
        say(session, stopped.said(session.language.tr))
