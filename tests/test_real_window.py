"""The app in a real X window (Xvfb), driven with real key events from xdotool.

Hold Right, then press Escape: the window quits and writes its recording and state;
replaying that recording headless must give the identical state. Needs Debian's
xvfb and xdotool (.ci/run installs them); without them the test skips, except
under CI, where a skip would hide a broken install and so fails instead.
"""

import contextlib
import json
import math
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import require_tool
from driving import layout_for, open_scene, open_session, press
from replaying import replayed

from sandbox.app.headless import init_pygame
from sandbox.app.panels import TOOLBAR

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def x_display(xvfb_display):
    """A private Xvfb server that xdotool can drive; yields its DISPLAY name."""
    require_tool("xdotool")
    return xvfb_display


def _launch(display: str, *args: str) -> subprocess.Popen:
    """The app in a real window on `display`, with `args` on its command line."""
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.Popen(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _xdotool(display: str, *args: str) -> str:
    env = {**os.environ, "DISPLAY": display}
    done = subprocess.run(
        ["xdotool", *args], env=env, capture_output=True, text=True, timeout=30, check=True
    )
    return done.stdout.strip()


def _search_by_pid(display: str, app: subprocess.Popen) -> str:
    """The first window of the app's process. `xdotool search --sync` waits for one, but
    it has exited 1 instead (once, in a suite of 3 workers on 2 cores, the app still
    starting): then it searches again, while the app runs, 30 s at most."""
    for _ in range(30):
        try:
            found = _xdotool(display, "search", "--sync", "--pid", str(app.pid))
            return found.splitlines()[0]
        except subprocess.CalledProcessError:
            if app.poll() is not None:
                pytest.fail(f"the app ended before its window showed: {app.communicate()[1]}")
            time.sleep(1.0)
    pytest.fail("no window of the app's process in 30 s")


def _app_window(display: str, app: subprocess.Popen) -> str:
    """The app's window, once it carries the app's title (SDL maps the window before
    the app names it, so a window found at once may still be called "pygame window")."""
    # SDL titles its window with a UTF-8 property that `search --name` does not match.
    window = _search_by_pid(display, app)
    for _ in range(100):
        if _xdotool(display, "getwindowname", window) == "SAT Sandbox":
            break
        time.sleep(0.1)
    return window


@contextlib.contextmanager
def _running(display: str, *args: str):
    """(the app's process, its focused window); killed at the end if still running."""
    app = _launch(display, *args)
    try:
        window = _app_window(display, app)
        _xdotool(display, "windowfocus", "--sync", window)
        time.sleep(0.3)
        yield app, window
    finally:
        if app.poll() is None:
            app.kill()
            app.communicate()


@contextlib.contextmanager
def _window(display: str, *args: str):
    """The app in a focused window; Escape twice when the block ends (the first asks),
    then a clean exit."""
    with _running(display, *args) as (app, window):
        yield window
        _xdotool(display, "key", "Escape")
        time.sleep(0.2)
        _xdotool(display, "key", "Escape")
        _, err = app.communicate(timeout=30)
    assert app.returncode == 0, err


def _replayed(recording: Path, tmp_path: Path) -> dict:
    """The state a headless replay of `recording` ends in."""
    return replayed(recording, tmp_path)


def test_window_driven_by_real_keys_replays_to_the_identical_state(x_display, tmp_path):
    recording = tmp_path / "window.jsonl"
    window_state = tmp_path / "window.json"
    window_shot = tmp_path / "window.png"
    args = ("--record", str(recording), "--dump-state", str(window_state))
    with _window(x_display, *args, "--screenshot", str(window_shot)) as window:
        assert _xdotool(x_display, "getwindowname", window) == "SAT Sandbox"
        time.sleep(0.2)  # let the first frames run (0.5 s in all since the focus)
        _xdotool(x_display, "keydown", "Right")
        time.sleep(1.0)
        _xdotool(x_display, "keyup", "Right")
        time.sleep(0.3)

    state = json.loads(window_state.read_text())
    triangle = next(b for b in state["bodies"] if b["name"] == "triangle")
    assert triangle["position"][0] > 230 + 40  # Right really arrived: it moved >= 10 ticks
    assert window_shot.read_bytes()[:4] == b"\x89PNG"
    lines = [json.loads(line) for line in recording.read_text().splitlines()]
    assert {"step": lines[1]["step"], "hold": ["right"]} in lines

    assert _replayed(recording, tmp_path) == state


def test_window_draws_at_its_own_size_after_resize_and_f11(x_display, tmp_path):
    """--size opens the window at that size; after a resize (and F11 twice) the frame is
    drawn at the new size, not stretched from another: the last frame's PNG has it."""
    shot = tmp_path / "resized.png"
    with _running(x_display, "--size", "800x600", "--screenshot", str(shot)) as (app, window):
        geometry = _xdotool(x_display, "getwindowgeometry", window)
        assert "800x600" in geometry
        _xdotool(x_display, "windowsize", "--sync", window, "1000", "640")
        time.sleep(0.5)
        _xdotool(x_display, "windowfocus", "--sync", window)
        _xdotool(x_display, "key", "F11")  # fullscreen (the screen is 1280x720) ...
        time.sleep(0.8)
        window = _xdotool(x_display, "search", "--sync", "--pid", str(app.pid)).splitlines()[0]
        _xdotool(x_display, "windowfocus", "--sync", window)
        _xdotool(x_display, "key", "F11")  # ... and back to the resized window
        time.sleep(0.8)
        window = _xdotool(x_display, "search", "--sync", "--pid", str(app.pid)).splitlines()[0]
        _xdotool(x_display, "windowfocus", "--sync", window)
        _xdotool(x_display, "key", "Escape")
        time.sleep(0.2)
        _xdotool(x_display, "key", "Escape")
        out, err = app.communicate(timeout=30)
    assert app.returncode == 0, err
    import pygame

    assert pygame.image.load(str(shot)).get_size() == (1000, 640)


def test_window_driven_by_a_real_mouse_drag_replays_to_the_identical_state(x_display, tmp_path):
    """xdotool grabs the top box of the stack's column with the left button, drags it up
    and right and lets go; the recording holds the mouse in world coordinates, so the
    headless replay ends in the identical state, and the box really moved."""
    from sandbox.render.layout import compute_layout
    from sandbox.render.theme import THEMES

    layout = compute_layout((1280, 720), THEMES["dark"], toolbar=True)

    def pixel(x, y):
        return [
            str(round(v * layout.scale + o)) for v, o in zip((x, y), layout.origin, strict=True)
        ]

    recording, state_path = tmp_path / "mouse.jsonl", tmp_path / "mouse.json"
    args = ("--scene", "stack", "--record", str(recording), "--dump-state", str(state_path))
    with _window(x_display, *args) as window:
        _xdotool(x_display, "mousemove", "--window", window, *pixel(150, 395))
        _xdotool(x_display, "mousedown", "1")
        for k in range(1, 11):
            _xdotool(x_display, "mousemove", "--window", window, *pixel(150 + 20 * k, 395 - 15 * k))
            time.sleep(0.05)
        time.sleep(1.0)  # held there, the grab pulls the box on
        _xdotool(x_display, "mouseup", "1")
        time.sleep(0.3)
    state = json.loads(state_path.read_text())
    top = next(b for b in state["bodies"] if b["name"] == "column 9")
    # The drag really moved it: how far depends on how many frames the window drew while
    # the button was down (29.1 px once, with the machine loaded 6 deep, where 30 was asked), so
    # the test asks for a move no resting box makes; the replay below checks the rest.
    assert abs(top["position"][0] - 150) > 10
    lines = [json.loads(line) for line in recording.read_text().splitlines()]
    kinds = [line["mouse"] for line in lines if "mouse" in line]
    assert kinds[0] == "press" and "move" in kinds and "release" in kinds

    assert _replayed(recording, tmp_path) == state


def test_window_rewinds_with_the_real_keys_and_the_recording_replays(x_display, tmp_path):
    """Right for a while, then Backspace and Page Up (real X key names, as pygame names
    them: "backspace", "page up"): the world goes back 61 steps, paused; stepping on
    with O goes forward through them, and the recording keeps those keys, so its replay
    ends in the same state."""
    recording, state_path = tmp_path / "rewind.jsonl", tmp_path / "rewind.json"
    with _window(x_display, "--record", str(recording), "--dump-state", str(state_path)):
        _xdotool(x_display, "keydown", "Right")
        time.sleep(2.0)
        _xdotool(x_display, "keyup", "Right")
        _xdotool(x_display, "key", "space")  # pause, then rewind
        time.sleep(0.3)
        _xdotool(x_display, "key", "BackSpace", "Prior")
        time.sleep(0.3)
        _xdotool(x_display, "key", "o", "o")  # step on from the past
        time.sleep(0.3)
    state = json.loads(state_path.read_text())
    lines = [json.loads(line) for line in recording.read_text().splitlines()]
    presses = [line["press"] for line in lines if "press" in line]
    # the last: the first of the two Escapes that end the window, which asks (issue 34)
    assert presses == ["space", "backspace", "page up", "o", "o", "escape"]
    # The recording's end counts every step taken; the state shows 61 - 2 fewer.
    assert lines[-1]["end"] == state["steps"] + 59 and state["tick"] == state["steps"]
    assert state["steps"] > 10  # (the run was long enough to go back 61 steps)
    assert _replayed(recording, tmp_path) == state


def test_window_random_keys_and_mouse_with_rewinds_replay_to_the_identical_state(
    x_display, tmp_path
):
    """The issue's real-window session: 20 s of seeded random keys (rewinds, O, pause,
    reset, scene keys, F, Y, ...), held arrows and mouse drags; whatever the timing gave,
    the recording replays headless to the identical state."""
    rng = random.Random(7)
    presses = ["BackSpace", "Prior", "Next", "o", "p", "space", "r", "f", "y", "g", "Tab"]
    presses += ["a", "period", "j", "l", "s", "1", "3", "5", "bracketright", "t"]
    recording, state_path = tmp_path / "random.jsonl", tmp_path / "random.json"
    args = ("--scene", "gravity", "--record", str(recording), "--dump-state", str(state_path))
    with _window(x_display, *args) as window:
        deadline, turn = time.monotonic() + 20.0, 0  # (30 s: the suite's longest test)
        while time.monotonic() < deadline:
            turn += 1
            kind = rng.random()
            if turn % 20 == 0:  # a reset, then a rewind across it
                _xdotool(x_display, "key", "r", "Right", "Prior")
            elif kind < 0.45:
                _xdotool(x_display, "key", rng.choice(presses))
            elif kind < 0.75:
                key = rng.choice(["Left", "Right", "Up", "Down", "q", "e"])
                _xdotool(x_display, "keydown", key)
                time.sleep(rng.random() * 0.3)
                _xdotool(x_display, "keyup", key)
            else:
                points = [(rng.randint(100, 1100), rng.randint(100, 600)) for _ in range(4)]
                _xdotool(x_display, "mousemove", "--window", window, *map(str, points[0]))
                _xdotool(x_display, "mousedown", "1")
                for point in points[1:]:
                    _xdotool(x_display, "mousemove", "--window", window, *map(str, point))
                    time.sleep(0.03)
                _xdotool(x_display, "mouseup", "1")
            time.sleep(rng.random() * 0.1)
    state = json.loads(state_path.read_text())
    lines = [json.loads(line) for line in recording.read_text().splitlines()]
    pressed = {line["press"] for line in lines if "press" in line}
    assert {"backspace", "page up", "r"} <= pressed  # the rewinds and a reset were recorded
    steps = [line["step"] for line in lines[1:-1]]
    assert steps == sorted(steps) and lines[-1]["end"] >= steps[-1]
    assert _replayed(recording, tmp_path) == state


def test_window_lesson_with_a_clicker_a_prediction_and_exploring_replays(x_display, tmp_path):
    """Issue 18: F2 and 1 start the first lesson; Page Down (a clicker's Next) goes
    through its stages; a prediction answered with a key; End to explore (Right moves
    the triangle), Home back to the stage as authored, Next on. The state says where the
    lesson stands, and the recording replays headless to the identical state."""
    recording, state_path = tmp_path / "lesson.jsonl", tmp_path / "lesson.json"
    shot = tmp_path / "lesson.png"
    args = ("--record", str(recording), "--dump-state", str(state_path), "--screenshot", str(shot))
    with _window(x_display, *args):
        _xdotool(x_display, "key", "F2")
        time.sleep(0.3)
        _xdotool(x_display, "key", "1")  # lesson 1, stage 1: its opening plays
        time.sleep(1.0)
        _xdotool(x_display, "key", "Next")  # stage 2
        time.sleep(1.0)
        _xdotool(x_display, "key", "Next")  # stage 3: a prediction, the world frozen
        time.sleep(0.5)
        _xdotool(x_display, "key", "2")  # the answer: 10 axes
        time.sleep(0.5)
        _xdotool(x_display, "key", "End")  # explore: the arrows move the triangle
        _xdotool(x_display, "keydown", "Right")
        time.sleep(0.6)
        _xdotool(x_display, "keyup", "Right")
        _xdotool(x_display, "key", "Home")  # back to stage 3 as authored
        time.sleep(0.3)
        _xdotool(x_display, "key", "Next")  # stage 4
        time.sleep(0.5)
    state = json.loads(state_path.read_text())
    assert state["lesson"]["title"] == "Shadows and the separating axis"
    assert state["lesson"]["stage"] == 4 and state["lesson"]["phase"] == "asking"
    assert not state["lesson"]["exploring"] and state["scene"] == "six-axes"
    lines = [json.loads(line) for line in recording.read_text().splitlines()]
    presses = [line["press"] for line in lines if "press" in line]
    presses_then = ["f2", "1", "page down", "page down", "2", "end", "home", "page down"]
    assert presses == [*presses_then, "escape"]  # the Escape that asked is recorded
    assert _replayed(recording, tmp_path) == state


def test_window_escape_closes_the_help_first_then_quits(x_display, tmp_path):
    """Issue 21: Escape with the help open closes the help and the window stays; so it
    does with the lesson list (F2). Issue 34: with nothing open, one Escape only asks
    ("Escape again to quit"), another key takes the question back, and only two Escapes
    in a row quit (exit 0, outputs written)."""
    state_path = tmp_path / "escape.json"
    with _running(x_display, "--dump-state", str(state_path)) as (app, _):
        for opener in ("h", "F2"):
            _xdotool(x_display, "key", opener)
            time.sleep(0.3)
            _xdotool(x_display, "key", "Escape")  # closes it: the app runs on
            time.sleep(0.5)
            assert app.poll() is None, f"Escape after {opener} quit the app"
        for between in ("Escape", "space", "Escape"):  # asks; another key: stays; asks
            _xdotool(x_display, "key", between)
            time.sleep(0.5)
            assert app.poll() is None, f"{between} (one Escape at a time) quit the app"
        _xdotool(x_display, "key", "Escape")  # the second in a row: quits
        _, err = app.communicate(timeout=30)
    assert app.returncode == 0, err
    assert json.loads(state_path.read_text())["scene"] == "classic"


def test_window_the_issues_rewind_recording_replays_exactly(x_display, tmp_path):
    """Issue 21's steps: record, hold Down, pause, Page Up, resume, quit; the headless
    replay ends in the state shown (it once ended 2.7-4 px away)."""
    recording, state_path = tmp_path / "down.jsonl", tmp_path / "down.json"
    args = ("--scene", "gravity", "--record", str(recording), "--dump-state", str(state_path))
    with _window(x_display, *args):
        _xdotool(x_display, "keydown", "Down")
        time.sleep(1.5)
        _xdotool(x_display, "key", "space")  # pause while Down is still held
        _xdotool(x_display, "key", "Prior")
        time.sleep(0.3)
        _xdotool(x_display, "key", "space")  # resume
        time.sleep(0.8)
        _xdotool(x_display, "keyup", "Down")
        time.sleep(0.3)
    state = json.loads(state_path.read_text())
    presses = [json.loads(line).get("press") for line in recording.read_text().splitlines()]
    assert ["space", "page up", "space", "escape"] == [p for p in presses if p]
    assert _replayed(recording, tmp_path) == state


def test_window_toolbar_panels_sliders_zoom_and_pan_with_a_real_mouse_replay(x_display, tmp_path):
    """Issue 21: with the real mouse, click the toolbar's Tune ▾, drag the gravity
    slider, click Bounce's track, open Scenes ▾ and pick "An off-centre hit" (scene 11,
    no number key), pause and step with the buttons, Ctrl+wheel to zoom, pan with the
    right button, open Show ▾ and tick bounding boxes, close the panel with Escape. The
    window's state has it all (gravity, restitution, the scene) and the recording, with
    its ui lines, replays headless to the identical state."""
    from sandbox.app.view_model import control_state
    from sandbox.render.controls import layout_controls, track
    from sandbox.scenes.registry import SCENES

    size = (1280, 720)
    # a model session laid out as the window is, to find where each control is drawn
    model = open_session(SCENES["stack"])

    def where(name, fraction=None):
        lay = layout_for(model, size)
        control = next(c for c in layout_controls(lay, control_state(model)) if c.name == name)
        if fraction is None:
            x, y, w, h = control.rect
            return [str(round(x + w / 2)), str(round(y + h / 2))]
        x, y, w, h = track(lay, control)
        return [str(round(x + fraction * w)), str(round(y + h / 2))]

    def click(window, point):
        _xdotool(x_display, "mousemove", "--window", window, *point)
        time.sleep(0.05)
        _xdotool(x_display, "click", "1")
        time.sleep(0.15)

    recording, state_path = tmp_path / "controls.jsonl", tmp_path / "controls.json"
    args = ("--scene", "stack", "--record", str(recording), "--dump-state", str(state_path))
    with _window(x_display, *args) as window:
        time.sleep(0.3)
        click(window, where("panel:tune"))
        model.panel = "tune"
        _xdotool(x_display, "mousemove", "--window", window, *where("slider:gravity", 0.5))
        _xdotool(x_display, "mousedown", "1")
        for k in range(1, 6):
            point = where("slider:gravity", 0.5 - 0.05 * k)  # down to a quarter: 500
            _xdotool(x_display, "mousemove", "--window", window, *point)
            time.sleep(0.05)
        _xdotool(x_display, "mouseup", "1")
        click(window, where("slider:restitution", 1.0))
        time.sleep(0.3)
        click(window, where("panel:scenes"))
        model.panel = "scenes"
        click(window, where("scene:10"))
        model.panel = None
        open_scene(model, SCENES["spin"])
        time.sleep(0.4)
        click(window, where("pause"))
        click(window, where("step"))
        click(window, where("pause"))
        _xdotool(x_display, "mousemove", "--window", window, "400", "400")
        _xdotool(x_display, "keydown", "ctrl")
        _xdotool(x_display, "click", "4")
        _xdotool(x_display, "click", "4")
        _xdotool(x_display, "keyup", "ctrl")
        time.sleep(0.1)
        _xdotool(x_display, "mousedown", "3")
        for k in range(1, 6):
            _xdotool(x_display, "mousemove", "--window", window, str(400 + 12 * k), "400")
            time.sleep(0.03)
        _xdotool(x_display, "mouseup", "3")
        click(window, where("panel:show"))
        model.panel = "show"
        click(window, where("overlay:show_aabbs"))
        _xdotool(x_display, "key", "Escape")  # closes the panel; the next two quit
        time.sleep(0.3)
    state = json.loads(state_path.read_text())
    assert state["scene"] == "spin"
    lines = [json.loads(line) for line in recording.read_text().splitlines()]
    sets = [line["value"] for line in lines if line.get("ui") == "set"]
    assert ["restitution", 1.0] in sets
    gravity = [value for name, value in sets if name == "gravity"]
    assert gravity and gravity[-1] == 500.0  # the slider's quarter mark: 2000 / 4
    views = [line["value"] for line in lines if line.get("ui") == "view"]
    assert [v[0] for v in views[:2]] == pytest.approx([1.25, 1.5625])  # a notch: x 1.25
    assert len({tuple(v[1:]) for v in views}) > 1  # the pan moved the view
    pressed = [line["press"] for line in lines if "press" in line]
    assert pressed.count("space") == 2 and "o" in pressed and "b" in pressed
    assert {"ui": "panel", "value": None} in [
        {k: line[k] for k in ("ui", "value")} for line in lines if "ui" in line
    ]
    assert _replayed(recording, tmp_path) == state


def test_window_editor_draw_drag_spawn_delete_undo_save_and_replay(x_display, tmp_path):
    """Issue 19 with the real mouse and keys: F3, click the five corners of a concave
    outline and close it on the first, drag one of its corners by the handle, Insert a
    box at the pointer, Delete it, Ctrl+Z brings it back, Ctrl+S saves. The saved file
    opens to the very bodies the window ended with; the recording replays to the
    identical state."""
    from sandbox.render.layout import world_transform
    from sandbox.scenes.registry import SCENES

    model = open_session(SCENES["stack"])
    press(model, "f3")  # laid out as the window is in edit mode (paused)
    scale, ox, oy = world_transform(layout_for(model, (1280, 720)), None)

    def at(x, y):
        return [str(round(x * scale + ox)), str(round(y * scale + oy))]

    corners = [(400, 100), (520, 100), (520, 220), (470, 150), (400, 220)]
    saves = tmp_path / "saves"
    recording, state_path = tmp_path / "edit.jsonl", tmp_path / "edit.json"
    args = ("--scene", "stack", "--record", str(recording), "--dump-state", str(state_path))
    with _window(x_display, *args, "--save-dir", str(saves)) as window:
        _xdotool(x_display, "key", "F3")
        time.sleep(0.2)
        for corner in [*corners, corners[0]]:
            _xdotool(x_display, "mousemove", "--window", window, *at(*corner))
            time.sleep(0.05)
            _xdotool(x_display, "click", "1")
            time.sleep(0.1)
        _xdotool(x_display, "mousemove", "--window", window, *at(520, 100))
        _xdotool(x_display, "mousedown", "1")
        for k in range(1, 6):
            _xdotool(x_display, "mousemove", "--window", window, *at(520 + 4 * k, 100 - 2 * k))
            time.sleep(0.04)
        _xdotool(x_display, "mouseup", "1")
        _xdotool(x_display, "mousemove", "--window", window, *at(300, 150))
        time.sleep(0.1)
        _xdotool(x_display, "key", "Insert")
        time.sleep(0.1)
        _xdotool(x_display, "key", "Delete")
        time.sleep(0.1)
        _xdotool(x_display, "key", "ctrl+z")
        time.sleep(0.1)
        _xdotool(x_display, "key", "ctrl+s")
        time.sleep(0.2)
        _xdotool(x_display, "key", "Escape")  # leaves edit mode; the next two quit
        time.sleep(0.2)
    state = json.loads(state_path.read_text())
    names = [b["name"] for b in state["bodies"]]
    assert "drawn 1" in names and "box 1" in names  # drawn; the delete was undone
    drawn = next(b for b in state["bodies"] if b["name"] == "drawn 1")
    assert drawn["kind"] == "compound" and len(drawn["pieces"]) >= 2  # concave: in pieces
    # the corner at (520, 100) was dragged to (540, 90) (to a pixel: 1/scale px of world)
    assert min(math.dist(p, (540.0, 90.0)) for p in drawn["vertices"]) < 1.5 / scale
    assert min(math.dist(p, (520.0, 100.0)) for p in drawn["vertices"]) > 10.0
    lines = [json.loads(line) for line in recording.read_text().splitlines()]
    ops = [line["value"]["op"] for line in lines if line.get("ui") == "edit"]
    assert ops[0] == "draw" and {"move_vertex", "spawn", "delete", "undo"} <= set(ops)

    saved = saves / "stack-001.toml"
    assert saved.is_file()
    reopened = tmp_path / "reopened.json"
    done = subprocess.run(
        [sys.executable, "main.py", "--headless", "--scene", str(saved), "--frames", "0"]
        + ["--dump-state", str(reopened)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(reopened.read_text())["bodies"] == state["bodies"]
    assert _replayed(recording, tmp_path) == state


def test_window_driven_by_the_focus_keys_alone_replays_to_the_identical_state(x_display, tmp_path):
    """Issue 43: F10, Tab to Tune ▾, Return opens it, Tab to gravity, Right twice (900 to
    1000 px/s², the shape stays: the arrows are the slider's), Shift+Tab back to the
    button (the window's Shift), F10 off, Escape closes the panel. The recording holds
    the focus moves and the sets, no arrow held, and replays to the same state."""
    recording = tmp_path / "focus.jsonl"
    window_state = tmp_path / "focus.json"
    args = ("--scene", "stack", "--record", str(recording), "--dump-state", str(window_state))
    with _window(x_display, *args):
        keys = ["F10", *["Tab"] * 9, "Return", "Tab", "Right", "Right", "shift+Tab", "F10"]
        for key in [*keys, "Escape"]:
            _xdotool(x_display, "key", key)
            time.sleep(0.1)
        time.sleep(0.3)
    state = json.loads(window_state.read_text())
    lines = [json.loads(line) for line in recording.read_text().splitlines()]
    focused = [line["value"] for line in lines if line.get("ui") == "focus"]
    assert focused[:10] == [b.name for b in TOOLBAR[:10]]
    assert focused[10:] == ["slider:gravity", "panel:tune", None]
    sets = [line["value"] for line in lines if line.get("ui") == "set"]
    assert sets == [["gravity", 950.0], ["gravity", 1000.0]]
    assert state["gravity"] == [0.0, 1000.0]  # the world took it
    assert not any(line.get("hold") for line in lines)
    assert _replayed(recording, tmp_path) == state


def test_the_window_shows_its_frame_through_sdls_own_framebuffer(monkeypatch):
    """The frame is drawn in software, so the window shows it through SDL's own
    framebuffer (X11's shared memory): SDL_FRAMEBUFFER_ACCELERATION is "0" once pygame
    is started, unless the user set it (then it is left as set). Through a renderer's
    texture, Xvfb's software OpenGL redrew the whole window every flip."""
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    init_pygame(headless=True)
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "1")
    init_pygame(headless=True)
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "1"
