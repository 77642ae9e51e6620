"""Drive a session from the tests as every source does: each input a command for the
one dispatcher (app/dispatcher.py), the picture and the dump through the view model."""

from sandbox.app.commands import Control, Edit, Mouse, OpenLesson, Press, Save, Step
from sandbox.app.dispatcher import dispatch
from sandbox.app.dump import dump_state
from sandbox.app.editing import corner_handles
from sandbox.app.scene_control import open_scene, open_session
from sandbox.app.view_model import draw_session, hud_status, layout_for, world_point

__all__ = [
    "Control",
    "Edit",
    "corner_handles",
    "dispatch",
    "draw_session",
    "dump_state",
    "hud_status",
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
