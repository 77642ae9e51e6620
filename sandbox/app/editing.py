"""Edit mode in a session: the mode, the outline being drawn, edits applied, the save.

The editor's model (app/editor.py) changes a world; this module keeps the session in
step with it: the pair on show explained afresh, the rewind's present replaced, what was
done said on screen. A key that edits (F3, Insert, F5, F6, Delete, and Enter, Backspace
and Escape while an outline is drawn) turns into the command it stands for here, which
the dispatcher then takes like any other (recorded as what it did: a replay has no
pointer).
"""

from __future__ import annotations

from pathlib import Path

from ..core.geometry import Circle
from ..core.locales import N_
from ..scenes.base import SceneError
from ..scenes.scene_writer import scene_to_toml
from .atomic import write_all
from .commands import Edit, UiChange
from .edit_commands import delete_command, draw_command, spawn_command
from .editor import MIN_SPAWN, EditResult, is_boundary_wall
from .errors import UsageError
from .pair_choice import names
from .saving import next_save_path
from .scene_control import explain_now, pick, say
from .state import Session

NO_POINTER = (430.0, 200.0)  # where a key's spawn or delete goes with no window pointer


def set_mode(session: Session, mode: str | None) -> None:
    """Edit mode on (a world under gravity pauses: corners are dragged on a still
    world) or off (the outline being drawn is dropped)."""
    session.mode = mode
    session.draft = None
    if mode == "edit":
        if session.world.rigid and not session.paused:
            session.paused = True
        say(session, N_("edit: drag a corner, or click corners to draw (Enter closes)"))
    else:
        say(session, N_("edit mode off"))


def command_for_key(session: Session, action: str):
    """F3, Insert/F4, F5, F6, Delete as the command each stands for (at the pointer's
    world point; headless, with no pointer, NO_POINTER), or None (said why)."""
    if action == "edit_mode":
        return UiChange("mode", None if session.mode == "edit" else "edit")
    if action == "close_outline":  # (with an outline being drawn, Enter closes it)
        say(session, N_("Enter closes a shape being drawn (F3: edit mode, then click corners)"))
        return None
    at = session.cursor if session.cursor is not None else NO_POINTER
    at = [float(at[0]), float(at[1])]
    if action == "delete_body":
        command = delete_command(at=at)
    elif action == "spawn_polygon":
        size = _new_size(session, "polygon")
        command = spawn_command("polygon", at, sides=session.sides, size=size)
    else:
        kind = "box" if action == "spawn_box" else "circle"
        command = spawn_command(kind, at, size=_new_size(session, kind))
    return Edit(command)


# A new shape's size (a box's side, a polygon's or a circle's radius) at the fitted view:
# about 70-100 px on a 1024 x 768 screen, where the library's defaults (40, 25, 20) drew
# 25-35 px shapes; zoomed in, as many screen pixels (the world size over the zoom).
NEW_SIZE = {"box": 100.0, "polygon": 60.0, "circle": 50.0}


def _new_size(session: Session, kind: str) -> float:
    """The size a key's new shape gets in the view on show (recorded with the command)."""
    zoom = session.camera.zoom if session.camera is not None else 1.0
    return max(MIN_SPAWN, round(NEW_SIZE[kind] / zoom, 1))


def command_for_draft_key(session: Session, key: str):
    """Enter, Backspace or Escape while an outline is drawn: close it, drop its last
    corner, or cancel it. (the command or None, what to say once it is done or None)"""
    if key == "escape":
        return UiChange("draft", None), N_("drawing cancelled")
    if key == "backspace":
        return UiChange("draft", session.draft[:-1] or None), None
    return close_draft(session, "A"), None


def close_draft(session: Session, show: str):
    """The outline drawn so far as the edit that makes it a body (shape A, or B), or
    None, said why (fewer than three corners)."""
    points = [list(p) for p in session.draft or ()]
    if len(points) < 3:
        say(session, N_("a shape needs three corners at least"))
        return None
    return Edit(draw_command(points), show)


def apply_edit(session: Session, edit: Edit) -> EditResult:
    """An editor command on the world, through the edit history (undo / redo); a
    refusal says why on screen and changes nothing."""
    result = session.edits.apply(session.world, edit.command, edit.merge, session.pair_choice)
    if not result.ok:
        say(session, result.message(session.language))
        return result
    if result.choice is not None:
        session.pair_choice = result.choice
    session.pair_index = None  # Tab's pair may name a body gone
    session.walk = None
    session.step_record = explain_now(session)
    session.history.replace_present(session.world, session.step_on_show, session.pair_choice)
    if edit.command["op"] == "draw":  # the outline drawn is a body now
        session.draft = None
        if edit.show is not None:
            pick(session, session.world.index(result.body), edit.show == "A")
    say(session, result.message(session.language))
    return result


def corner_handles(session: Session) -> tuple[tuple[str, int, float, float], ...]:
    """Edit mode: the corners of the pair on show that can be dragged, as (body name,
    corner, x, y) in world points (no circles, no boundary walls)."""
    shown = session.shown
    if session.mode != "edit" or shown is None:
        return ()
    world = session.world
    out = []
    for i in dict.fromkeys((shown.a, shown.b)):
        shape = world.shape(i)
        if isinstance(shape, Circle) or is_boundary_wall(world, i):
            continue
        name = world.bodies[i].name
        out += [(name, k, float(x), float(y)) for k, (x, y) in enumerate(shape.vertices)]
    return tuple(out)


def save(session: Session) -> str | None:
    """Ctrl+S: the world as a scene file in the save folder; its path, said on screen
    (None, and why said, when it cannot be saved)."""
    try:
        path = next_save_path(session.save_dir, session.scene.name)
        write_scene_file(
            path, session.scene, session.world, names(session.pair_choice, session.world)
        )
    except (SceneError, UsageError, OSError) as error:
        say(session, session.language.tr("not saved: {error}").format(error=error))
        return None
    say(session, session.language.tr("saved: {path}").format(path=path))
    return str(path)


def scene_bytes(scene, world, pair=(None, None)) -> bytes:
    """The world (of `scene`, `pair` on show by name) as a TOML scene file's bytes;
    UsageError saying what a scene file cannot hold."""
    try:
        return scene_to_toml(scene, world, pair).encode("utf-8")
    except SceneError as error:
        raise UsageError.from_error(error) from None


def write_scene_file(path: Path, scene, world, pair=(None, None)) -> None:
    """Save the world as a scene file at `path` (the editor's save), atomically: the
    whole file or the old one. UsageError (one line, for the screen) on failure. Not the
    run's last act: the signals work again once the file is in place."""
    write_all([(Path(path), scene_bytes(scene, world, pair))], last_act=False)
