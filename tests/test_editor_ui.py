"""Issue 19 in the window: edit mode's handles and drawing with the mouse, spawn and
delete keys at the pointer, undo / redo, Ctrl+S's save, and a recording of all of it
replaying to the same world. The model (app/editor.py) has its own oracle tests
(tests/test_editor.py); these check that the mouse and keys reach it as they should,
against independent values (the Polygon of the clicked corners, shapely, the dump)."""

import json
import os
from pathlib import Path

import numpy as np
import pytest
from shapely.geometry import Polygon as ShapelyPolygon

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from driving import (  # noqa: E402
    UiChange,
    advance,
    corner_handles,
    dispatch,
    dump_state,
    layout_for,
    open_session,
    press,
    save,
    undo,
)
from replaying import replay_of_one_line, replayed  # noqa: E402

from sandbox import Polygon, sat  # noqa: E402
from sandbox.app import toolbar as controls  # noqa: E402
from sandbox.app.headless import init_pygame, new_session  # noqa: E402
from sandbox.app.options import parse_options  # noqa: E402
from sandbox.app.toolbar import Gesture as Pointer  # noqa: E402
from sandbox.render.layout import world_transform  # noqa: E402
from sandbox.scenes.registry import SCENES, load_scene  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def _pygame():
    init_pygame(headless=True)


def _pixel(session, point):
    """The window pixel where world point `point` is drawn."""
    s, ox, oy = world_transform(layout_for(session, SIZE), session.camera)
    return (point[0] * s + ox, point[1] * s + oy)


def _click(session, point, shift=False):
    pointer = Pointer()
    assert controls.press(session, pointer, SIZE, _pixel(session, point), 1, shift=shift)
    controls.release(session, pointer, 1)


def _dump(session):
    return json.dumps(dump_state(session), sort_keys=True)


def _edit_mode(scene="classic"):
    session = open_session(SCENES[scene])
    press(session, "f3")
    assert session.mode == "edit"
    return session


@pytest.mark.parametrize("clockwise", [True, False])
def test_clicked_corners_closed_on_the_first_become_that_polygon_as_shape_a(clockwise):
    """In edit mode four clicks in the empty part of the scene and a fifth on the first
    corner make a body equal to Polygon(those corners), in either winding, and it is
    shape A of the pair on show (its SAT report is sat(it, B))."""
    session = _edit_mode()
    corners = [(520.0, 120.0), (640.0, 130.0), (660.0, 230.0), (540.0, 220.0)]
    if not clockwise:
        corners.reverse()
    for corner in corners:
        _click(session, corner)
    assert len(session.draft) == 4
    _click(session, corners[0])
    assert session.draft is None
    world = session.world
    new = world.index("drawn 1")
    expected = Polygon(corners)
    got = world.shape(new)
    assert np.allclose(sorted(map(tuple, got.vertices)), sorted(map(tuple, expected.vertices)))
    assert ShapelyPolygon(got.vertices).area == pytest.approx(expected.area)
    shown = session.step_record.shown
    assert shown.a == new
    report = sat(got, world.shape(shown.b))
    assert dump_state(session)["sat"]["colliding"] == report.colliding


def test_shift_click_on_the_first_corner_makes_the_drawn_body_shape_b():
    """Closing with shift makes the new body shape B (the pair on show is A against it)."""
    session = _edit_mode()
    corners = [(520.0, 120.0), (640.0, 130.0), (600.0, 230.0)]
    for corner in corners:
        _click(session, corner)
    _click(session, corners[0], shift=True)
    assert session.step_record.shown.b == session.world.index("drawn 1")


def test_enter_backspace_and_escape_while_drawing():
    """Backspace drops the last corner, Escape drops the outline (the window stays and
    edit mode too), Enter closes what there is."""
    session = _edit_mode()
    for corner in [(520.0, 120.0), (640.0, 130.0), (600.0, 230.0), (700.0, 300.0)]:
        _click(session, corner)
    assert not press(session, "backspace").quit and len(session.draft) == 3
    assert not press(session, "escape").quit and session.draft is None and session.mode == "edit"
    for corner in [(520.0, 120.0), (640.0, 130.0), (600.0, 230.0)]:
        _click(session, corner)
    assert not press(session, "return").quit and "drawn 1" in [b.name for b in session.world.bodies]


def test_a_self_crossing_outline_is_refused_with_the_reason_and_nothing_added():
    """A bow-tie outline is refused: the reason is on screen, no body is added, and the
    outline stays to be mended (Backspace)."""
    session = _edit_mode()
    before = len(session.world.bodies)
    for corner in [(500.0, 120.0), (650.0, 250.0), (650.0, 120.0), (500.0, 250.0)]:
        _click(session, corner)
    press(session, "return")
    assert len(session.world.bodies) == before
    assert "cross" in session.message
    assert session.draft is not None


def test_dragging_a_handle_moves_the_corner_and_the_report_follows():
    """Drag corner 0 of shape A by its handle: the body is the polygon of the moved
    corners and the SAT report on show is sat() of that polygon against B (shapely
    agrees on whether they touch). One undo puts the whole drag back, bit for bit."""
    session = _edit_mode()
    start = _dump(session)
    world = session.world
    a = session.step_record.shown.a
    name = world.bodies[a].name
    corner = tuple(float(v) for v in world.shape(a).vertices[0])
    target = (corner[0] + 90.0, corner[1] + 10.0)
    pointer = Pointer()
    assert controls.press(session, pointer, SIZE, _pixel(session, corner), 1)
    for t in (0.3, 0.6, 1.0):
        point = (corner[0] + t * 90.0, corner[1] + t * 10.0)
        assert controls.move(session, pointer, SIZE, _pixel(session, point))
    controls.release(session, pointer, 1)
    moved = world.shape(world.index(name))
    assert np.allclose(moved.vertices[0], target, atol=1e-6)
    b = world.shape(session.step_record.shown.b)
    report = sat(moved, b)
    assert session.step_record.shown.report.colliding == report.colliding
    shapely_touch = ShapelyPolygon(moved.vertices).intersects(ShapelyPolygon(b.vertices))
    assert report.colliding == shapely_touch
    undo(session)
    assert json.loads(_dump(session))["bodies"] == json.loads(start)["bodies"]


def test_entering_edit_mode_pauses_a_world_under_gravity():
    """Corners are dragged on a still world: F3 in a rigid scene pauses it."""
    session = open_session(SCENES["stack"])
    assert not session.paused
    press(session, "f3")
    assert session.paused


def test_spawn_keys_drop_a_box_a_polygon_and_a_circle_at_the_pointer_and_delete_removes():
    """Insert, F5 and F6 drop a box, a regular polygon of `sides` corners and a circle,
    each centred at the pointer's world point; Delete over one removes it."""
    session = open_session(SCENES["stack"])
    session.sides = 7
    for key, point in (("insert", (300.0, 150.0)), ("f5", (420.0, 150.0)), ("f6", (540.0, 150.0))):
        session.cursor = point
        press(session, key)
    world = session.world
    box, polygon, circle = (world.index(n) for n in ("box 1", "polygon 1", "circle 1"))
    assert np.allclose(world.shape(box).centroid, (300.0, 150.0))
    assert len(world.shape(polygon).vertices) == 7
    assert np.allclose(world.shape(polygon).centroid, (420.0, 150.0))
    assert np.allclose(world.shape(circle).position, (540.0, 150.0))
    count = len(world.bodies)
    session.cursor = (540.0, 150.0)
    press(session, "delete")
    assert len(world.bodies) == count - 1 and "circle 1" not in [b.name for b in world.bodies]
    session.cursor = (5.0, 360.0)  # the left wall: a boundary, never deleted
    press(session, "delete")
    assert len(world.bodies) == count - 1 and session.message


def test_undo_and_redo_of_a_spawn_restore_the_dump_bit_for_bit():
    """Ctrl+Z after a spawn gives the dump from before it; Ctrl+Y gives it back."""
    session = open_session(SCENES["stack"])
    before = _dump(session)
    session.cursor = (300.0, 150.0)
    press(session, "insert")
    after = _dump(session)
    undo(session)
    assert _dump(session) == before
    undo(session, redo=True)
    assert _dump(session) == after


def test_a_slider_setting_survives_an_edit():
    """Friction set by the slider is the world's: a spawn (which rebuilds the world from
    its bodies) keeps it for every body that was there."""
    session = open_session(SCENES["stack"])
    dispatch(session, UiChange("set", ("friction", 0.9)))
    count = len(session.world.bodies)
    session.cursor = (300.0, 150.0)
    press(session, "insert")
    assert np.all(session.world.friction_of[:count] == 0.9)


def test_ctrl_s_saves_a_scene_file_that_loads_to_the_same_world(tmp_path):
    """Save after drawing and spawning: the file is in the save folder, named after the
    scene, its path is said on screen, and loading it gives the same bodies (dump)."""
    session = _edit_mode("stack")
    session.save_dir = tmp_path
    for corner in [(520.0, 120.0), (640.0, 130.0), (600.0, 230.0)]:
        _click(session, corner)
    press(session, "return")
    session.cursor = (300.0, 150.0)
    press(session, "insert")
    path = save(session)
    assert path == str(tmp_path / "stack-001.toml") and path in session.message
    assert save(session) == str(tmp_path / "stack-002.toml")  # never overwrites
    loaded = open_session(load_scene(path))
    assert dump_state(loaded)["bodies"] == dump_state(session)["bodies"]


def test_edits_with_the_mouse_are_recorded_and_replay_to_the_same_world(tmp_path):
    """A recording of edit mode, a drawn outline, a corner dragged, a spawn, a delete,
    an undo and a redo, with steps between: the headless replay ends in the same state."""
    recording = tmp_path / "edits.jsonl"
    session, recorder = new_session(parse_options(["--scene", "stack", "--record", str(recording)]))

    def run(steps):
        for _ in range(steps):
            advance(session, frozenset())

    run(10)
    press(session, "f3")
    for corner in [(520.0, 120.0), (640.0, 130.0), (600.0, 230.0)]:
        _click(session, corner)
    _click(session, (520.0, 120.0))
    name, k, x, y = corner_handles(session)[0]
    pointer = Pointer()
    assert controls.press(session, pointer, SIZE, _pixel(session, (x, y)), 1)
    controls.move(session, pointer, SIZE, _pixel(session, (x + 15.0, y - 5.0)))
    controls.release(session, pointer, 1)
    press(session, "space")
    run(20)
    session.cursor = (300.0, 150.0)
    press(session, "f5")
    run(10)
    session.cursor = (300.0, 150.0)
    press(session, "delete")
    undo(session)
    undo(session, redo=True)
    undo(session)
    run(15)
    assert recorder.stopped is None
    recording.write_text("\n".join(recorder.lines(session.steps_taken)) + "\n")
    lines = [json.loads(line) for line in recording.read_text().splitlines()]
    ops = [line["value"]["op"] for line in lines if line.get("ui") == "edit"]
    assert {"draw", "move_vertex", "spawn", "delete", "undo", "redo"} <= set(ops)
    assert replayed(recording, tmp_path) == json.loads(json.dumps(dump_state(session)))


@pytest.mark.parametrize(
    "line, words",
    [
        (
            {"value": {"op": "spawn", "kind": "star", "at": [1, 2]}, "show": None, "merge": False},
            "kind",
        ),
        ({"value": {"op": "undo"}, "show": "C", "merge": False}, "show is null"),
        ({"value": {"op": "undo"}}, "exactly the fields"),
    ],
)
def test_a_bad_edit_line_in_a_replay_is_one_line_and_status_2(tmp_path, line, words):
    """An edit line is data, checked by the editor's own command check: one line, exit 2."""
    done = replay_of_one_line(tmp_path, {"step": 1, "ui": "edit"} | line)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert words in done.stderr and "Traceback" not in done.stderr
