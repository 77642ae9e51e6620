"""The clickable controls (issue 21): the toolbar, the Scenes / Show / Tune panels, the
sliders, zoom and pan; each checked against an independent expectation (the key it stands
for, a value worked out by hand, the world point under the pointer), and recorded and
replayed like keys."""

import json
import math
import os
from pathlib import Path

import numpy as np
import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from driving import (  # noqa: E402
    UiChange,
    advance,
    dispatch,
    draw_session,
    dump_state,
    layout_for,
    open_session,
    press,
    world_point,
)
from replaying import replay_of_one_line, replayed  # noqa: E402

from sandbox.app import (
    panels,  # noqa: E402
    tune,  # noqa: E402
)
from sandbox.app import toolbar as controls  # noqa: E402
from sandbox.app.headless import init_pygame  # noqa: E402
from sandbox.app.panels import SHOWN_OVERLAYS, SLIDERS, TOOLBAR  # noqa: E402
from sandbox.app.recording import Recorder  # noqa: E402
from sandbox.app.state import SPEEDS  # noqa: E402
from sandbox.app.toolbar import Gesture as Pointer  # noqa: E402
from sandbox.app.view_model import control_state  # noqa: E402
from sandbox.render.controls import layout_controls, track  # noqa: E402
from sandbox.render.language import language  # noqa: E402
from sandbox.render.layout import Camera, world_transform  # noqa: E402
from sandbox.render.view import text_size  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SIZES = [(1024, 768), (1280, 720), (1920, 1080)]


@pytest.fixture(autouse=True)
def _pygame():
    init_pygame(headless=True)


def _controls(session, size):
    return layout_controls(layout_for(session, size), control_state(session))


def _centre(control):
    x, y, w, h = control.rect
    return (x + w / 2, y + h / 2)


def _click(session, size, name, pointer=None):
    """Press and release the left button on the control called `name`."""
    control = next(c for c in _controls(session, size) if c.name == name)
    pointer = pointer or Pointer()
    assert controls.press(session, pointer, size, _centre(control), 1)
    controls.release(session, pointer, 1)
    return control


def _visible(session):
    """What a key or a click may change that a user sees: the session's own state."""
    return (
        session.paused,
        session.speed_index,
        session.overlays,
        session.theme,
        session.camera,
        session.menu is not None,
        session.step_on_show,
        json.dumps(dump_state(session), sort_keys=True),
    )


@pytest.mark.parametrize("theme", ["dark", "projector"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_toolbar_button_fits_in_the_band_apart_from_the_others(size, theme):
    """All the toolbar's buttons are laid out at 1024 x 768 and up, each inside the toolbar band
    (the whole width, at the bottom), none overlapping another; the scene and the panel
    both end where the toolbar begins."""
    session = open_session(SCENES["classic"], theme=theme)
    lay = layout_for(session, size)
    buttons = _controls(session, size)
    assert [b.name for b in buttons] == [button.name for button in TOOLBAR]
    band = pygame.Rect(lay.toolbar)
    assert band.bottom == size[1] and band.width == size[0] and band.x == 0
    rects = [pygame.Rect(b.rect) for b in buttons]
    assert all(band.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    assert lay.scene[1] + lay.scene[3] == band.top
    assert lay.panel[1] + lay.panel[3] == band.top


@pytest.mark.parametrize("name", sorted(b.name for b in TOOLBAR if b.key))
def test_a_button_does_exactly_what_its_key_does(name):
    """Clicking a toolbar button leaves the session in the very state its key leaves it
    in (the same press recorded): pause, step back, step, speed, reset, lessons, help and
    the zoom buttons. Checked on a session that has run 30 steps, paused for O and <."""
    size = (1280, 720)
    clicked, keyed = open_session(SCENES["gravity"]), open_session(SCENES["gravity"])
    for session in (clicked, keyed):
        for _ in range(30):
            advance(session, frozenset({"right"}))
        if name in ("back", "step"):
            press(session, "space")
    _click(clicked, size, name)
    press(keyed, panels.button(name).key)
    assert _visible(clicked) == _visible(keyed)
    assert _visible(clicked) != _visible(open_session(SCENES["gravity"]))  # it did something


def test_the_pause_button_shows_what_a_click_will_do():
    """The pause button reads ‖ while running and ▶ while paused (its label is the action)."""
    session = open_session(SCENES["classic"])
    size = (1280, 720)
    assert _controls(session, size)[0].label == "‖"
    _click(session, size, "pause")
    assert session.paused and _controls(session, size)[0].label == "▶"


@pytest.mark.parametrize("flag", [f for f, _ in SHOWN_OVERLAYS])
def test_each_check_box_of_the_show_panel_flips_its_overlay(flag):
    """Show ▾ lists every overlay with a check box that says whether it is on; a click
    flips that one overlay and no other, and the box follows."""
    session = open_session(SCENES["classic"])
    size = (1024, 768)
    _click(session, size, "panel:show")
    assert session.panel == "show"
    before = session.overlays
    row = next(c for c in _controls(session, size) if c.name == f"overlay:{flag}")
    assert row.label.startswith("☑" if getattr(before, flag) else "☐")
    _click(session, size, f"overlay:{flag}")
    after = session.overlays
    changed = [f for f in vars(before) if getattr(before, f) != getattr(after, f)]
    assert changed == [flag]
    row = next(c for c in _controls(session, size) if c.name == f"overlay:{flag}")
    assert row.label.startswith("☑" if getattr(after, flag) else "☐")


@pytest.mark.parametrize("index", range(len(SCENES)))
def test_the_scene_list_opens_every_scene_even_those_no_number_key_reaches(index):
    """Scenes ▾ lists all the scenes in order; clicking row k opens scene k (rows 10 and
    on have no number key) at its start, and closes the list."""
    session = open_session(SCENES["classic"])
    size = (1024, 768)
    _click(session, size, "panel:scenes")
    _click(session, size, f"scene:{index}")
    expected = list(SCENES.values())[index]
    assert session.scene is expected and session.panel is None
    fresh = open_session(expected)
    assert dump_state(session)["bodies"] == dump_state(fresh)["bodies"]


def test_a_click_outside_an_open_panel_closes_it_and_goes_no_further():
    """With a panel open, a click in the scene closes the panel and grabs nothing."""
    session = open_session(SCENES["stack"])
    size = (1280, 720)
    _click(session, size, "panel:tune")
    lay = layout_for(session, size)
    middle = (lay.scene[0] + 20, lay.scene[1] + 20)
    assert controls.press(session, Pointer(), size, middle, 1)
    assert session.panel is None and session.hand is None


def _slider_press(session, size, name, fraction):
    """Press on slider `name`'s track at `fraction` of its length (0: left end)."""
    lay = layout_for(session, size)
    control = next(c for c in _controls(session, size) if c.name == f"slider:{name}")
    x, y, w, h = track(lay, control)
    pointer = Pointer()
    assert controls.press(session, pointer, size, (x + fraction * w, y + h / 2), 1)
    controls.release(session, pointer, 1)


@pytest.mark.parametrize("fraction", [0.0, 0.5, 1.0])
@pytest.mark.parametrize("name", ["gravity", "friction", "restitution", "density"])
def test_a_slider_sets_the_value_under_the_pointer_on_its_steps(name, fraction):
    """Pressing a slider's track at its left end, middle and right end sets low, the
    midpoint and high (worked out from SLIDERS by hand), and the world takes it: gravity's
    strength, every body's friction or restitution, shape A's mass = density x area."""
    session = open_session(SCENES["stack"])
    size = (1280, 720)
    _click(session, size, "panel:tune")
    _, low, high, step = SLIDERS[name]
    steps = round((high - low) / step)  # the value snaps to the nearest step
    expected = low + round(fraction * steps) * step
    _slider_press(session, size, name, fraction)
    world = session.world
    if name == "gravity":
        assert world.gravity == (0.0, pytest.approx(expected))
    elif name == "friction":
        assert np.allclose(world.friction_of, expected)
    elif name == "restitution":
        assert np.allclose(world.restitution_of, expected)
    else:
        a = tune.shape_a(session)
        area = world.bodies[a].shape.area
        assert world.inv_mass[a] == pytest.approx(1.0 / (expected * area))
        assert world.density(a) == pytest.approx(expected)


def test_the_speed_slider_sets_each_speed_from_slowest_to_full():
    """The speed slider's four steps are 1/10x, 1/4x, 1/2x, 1x from left to right."""
    session = open_session(SCENES["stack"])
    size = (1280, 720)
    _click(session, size, "panel:tune")
    said = []
    for step in range(4):
        _slider_press(session, size, "speed", step / 3)
        said.append(SPEEDS[session.speed_index][1])
    assert said == ["1/10x", "1/4x", "1/2x", "1x"]


def test_gravity_set_by_the_slider_is_the_free_fall_of_a_body_in_the_air():
    """Gravity 450 from the slider: a body in free fall gains 450 / 60 px/s a step
    (v = g t, by hand), and asleep bodies wake to feel it."""
    session = open_session(SCENES["gravity"])
    dispatch(session, UiChange("set", ("gravity", 450.0)))
    world = session.world
    falling = world.index("falling 0")  # in the air, touching nothing at the start
    v0 = world.velocity[falling, 1]
    advance(session, frozenset())
    assert world.velocity[falling, 1] - v0 == pytest.approx(450.0 / 60.0, rel=1e-9)


def test_sliders_are_disabled_with_the_reason_in_the_tutorials_mtv_scenes():
    """In a zero-gravity tutorial scene the physical sliders are disabled and say why
    in words; a press on one changes nothing and says so; speed still works."""
    session = open_session(SCENES["classic"])
    size = (1280, 720)
    _click(session, size, "panel:tune")
    by_name = {s.name: s for s in tune.sliders(session)}
    assert not by_name["gravity"].enabled and "MTV" in by_name["gravity"].note
    assert by_name["speed"].enabled
    before = json.dumps(dump_state(session), sort_keys=True)
    _slider_press(session, size, "gravity", 1.0)
    assert json.dumps(dump_state(session), sort_keys=True) == before
    assert "MTV" in session.message


def test_a_rewind_to_before_a_slider_change_brings_the_old_value_back():
    """The rewind's snapshots share the friction array; the slider builds a new one, so
    going back 1 s past the change restores the old friction exactly."""
    session = open_session(SCENES["stack"])
    for _ in range(10):
        advance(session, frozenset())
    old = session.world.friction_of.copy()
    dispatch(session, UiChange("set", ("friction", 0.9)))
    for _ in range(10):
        advance(session, frozenset())
    assert np.all(session.world.friction_of == 0.9)
    press(session, "page up")
    assert np.array_equal(session.world.friction_of, old)


@pytest.mark.parametrize("notches", [1, 3, -1])
def test_ctrl_wheel_zooms_about_the_pointer_which_stays_on_the_same_world_point(notches):
    """Ctrl+wheel zooms by 1.25 a notch about the pointer: the world point under it is
    the same after (the pointer's map, computed afresh), within [1, 8]."""
    session = open_session(SCENES["pile"])
    size = (1280, 720)
    pixel = (300.0, 420.0)
    controls.wheel(session, size, pixel, 2)  # start zoomed, so that -1 can zoom out
    before = world_point(session, size, pixel)
    zoom = session.camera.zoom
    controls.wheel(session, size, pixel, notches)
    expected_zoom = zoom * 1.25**notches
    assert session.camera.zoom == pytest.approx(expected_zoom)
    assert np.allclose(world_point(session, size, pixel), before, atol=1e-9)


def test_zoom_keys_and_fit():
    """= zooms in by 1.25 about the middle, - back out, 0 fits (no camera at all); the
    zoom stops at 16x."""
    session = open_session(SCENES["pile"])
    press(session, "=")
    assert session.camera == Camera(1.25)
    press(session, "-")
    assert session.camera is None
    for _ in range(20):
        press(session, "=")
    assert session.camera.zoom == 16.0
    press(session, "0")
    assert session.camera is None


def test_a_right_drag_pans_the_world_with_the_pointer():
    """Zoomed in, dragging with the right button by (dx, dy) pixels moves the world by
    the same pixels: the world point that was under the press is under the release."""
    session = open_session(SCENES["pile"])
    size = (1280, 720)
    dispatch(session, UiChange("view", (3.0, 400.0, 400.0)))
    start, end = (200.0, 300.0), (260.0, 250.0)
    grabbed = world_point(session, size, start)
    pointer = Pointer()
    assert controls.press(session, pointer, size, start, 3)
    for t in (0.25, 0.5, 1.0):
        point = (start[0] + t * (end[0] - start[0]), start[1] + t * (end[1] - start[1]))
        assert controls.move(session, pointer, size, point)
    assert controls.release(session, pointer, 3)
    assert np.allclose(world_point(session, size, end), grabbed, atol=1e-9)


def test_zoomed_the_mtv_arrow_is_still_the_reports_mtv_through_the_zoomed_map():
    """At 2.5x about the pair, the MTV arrow drawn runs from A's centre to A's centre +
    MTV, both mapped by the zoomed transform (scale x 2.5), and nothing is drawn as a
    scene label outside the scene area."""
    session = open_session(SCENES["squares"])
    for _ in range(40):
        advance(session, frozenset({"right"}))
    report = session.step_record.shown.report
    assert report.colliding and report.depth > 0
    a = session.step_record.shown.a_shape
    cx, cy = a.centroid if hasattr(a, "centroid") else a.position
    dispatch(session, UiChange("view", (2.5, float(cx), float(cy))))
    size = (1280, 720)
    surface = pygame.Surface(size)
    frame = draw_session(surface, session)
    s, ox, oy = world_transform(layout_for(session, size), session.camera)
    assert s == pytest.approx(layout_for(session, size).scale * 2.5)
    arrows = [points for what, points in frame.marks if what == "mtv"]
    assert arrows
    (tx, ty), (hx, hy) = arrows[0][0], arrows[0][-1]
    mx, my = report.mtv
    assert math.hypot((hx - tx) / s - mx, (hy - ty) / s - my) < 1.0 / s
    scene = pygame.Rect(layout_for(session, size).scene)
    assert all(scene.contains(pygame.Rect(t.rect)) for t in frame.texts if t.where == "scene")


def test_zoomed_where_nothing_is_no_label_is_pinned_to_the_edge():
    """Zoomed 8x on an empty corner, every body and its labels are out of view: no
    scene label is drawn (none is pinned to the edge of the view)."""
    session = open_session(SCENES["classic"])
    dispatch(session, UiChange("view", (8.0, 20.0, 20.0)))
    frame = draw_session(pygame.Surface((1280, 720)), session)
    assert [t.text for t in frame.texts if t.where == "scene"] == []
    dispatch(session, UiChange("view", None))
    frame = draw_session(pygame.Surface((1280, 720)), session)
    assert len([t for t in frame.texts if t.where == "scene"]) > 5


@pytest.mark.parametrize("panel", [None, "scenes", "show", "tune"])
def test_no_control_text_under_20_px_in_the_projector_theme_at_1024x768(panel):
    """The rule for the back row: every text of the toolbar and its panels is drawn at
    20 px or more in the projector theme at 1024 x 768 (the font's size, from the text
    rectangles' heights in the FrameReport, which are at least the size)."""

    session = open_session(SCENES["stack"], theme="projector")
    if panel:
        dispatch(session, UiChange("panel", panel))
    session.hover = "reset"
    frame = draw_session(pygame.Surface((1024, 768)), session)
    texts = [t for t in frame.texts if t.where in ("toolbar", "controls")]
    assert len(texts) >= 13
    twenty = text_size("Ag", 20)[1]
    assert min(t.rect[3] for t in texts) >= twenty


def test_controls_are_recorded_and_a_headless_replay_ends_in_the_same_state(tmp_path):
    """A session with a recorder: toolbar clicks, the Tune panel's sliders, a scene from
    the list (one past 9), Ctrl+wheel and a right-drag pan, Escape closing the panel.
    The file holds presses and ui lines; `--replay` headless ends in the same state,
    camera and panel included."""
    from sandbox.app.options import parse_options

    recording = tmp_path / "controls.jsonl"
    options = parse_options(["--scene", "stack", "--record", str(recording)])
    from sandbox.app.headless import new_session

    session, recorder = new_session(options)
    size = (1280, 720)
    pointer = Pointer()

    def run(steps):
        for _ in range(steps):
            advance(session, frozenset())

    run(20)
    _click(session, size, "panel:tune", pointer)
    _slider_press(session, size, "gravity", 0.25)
    run(15)
    _slider_press(session, size, "restitution", 0.9)
    _slider_press(session, size, "density", 1.0)
    run(15)
    _click(session, size, "pause", pointer)
    _click(session, size, "step", pointer)
    _click(session, size, "back", pointer)
    _click(session, size, "pause", pointer)
    run(5)
    _click(session, size, "panel:scenes", pointer)
    _click(session, size, "scene:10", pointer)  # the spin scene: no number key
    run(10)
    controls.wheel(session, size, (400.0, 300.0), 3)
    assert controls.press(session, pointer, size, (300.0, 300.0), 3)
    controls.move(session, pointer, size, (340.0, 280.0))
    controls.release(session, pointer, 3)
    _click(session, size, "panel:show", pointer)
    _click(session, size, "overlay:show_aabbs", pointer)
    assert not press(session, "escape").quit  # closes the panel, does not quit
    run(10)
    recording.write_text("\n".join(recorder.lines(session.steps_taken)) + "\n")
    lines = [json.loads(line) for line in recording.read_text().splitlines()]
    kinds = {line["ui"] for line in lines if "ui" in line}
    assert kinds == {"panel", "set", "scene", "view"}
    assert {"space", "o", "backspace", "b"} <= {line["press"] for line in lines if "press" in line}

    assert replayed(recording, tmp_path) == json.loads(json.dumps(dump_state(session)))
    assert session.scene.name == "spin" and session.camera is not None and session.panel is None


@pytest.mark.parametrize(
    "line, words",
    [
        ({"step": 1, "ui": "set", "value": ["gravity", 5000]}, "gravity must be from"),
        ({"step": 1, "ui": "set", "value": ["mass", 1]}, "set wants"),
        ({"step": 1, "ui": "scene", "value": "../x.toml"}, "built-in scene"),
        ({"step": 1, "ui": "view", "value": [100, 0, 0]}, "zoom from"),
        ({"step": 1, "ui": "panel", "value": "menu"}, "panel must be"),
        ({"step": 1, "ui": "zoom", "value": 1}, "ui must be"),
        ({"step": 1, "ui": "view", "value": [2, "NaN", 0]}, "must be a number"),
        ({"step": 1, "ui": "panel", "value": None, "x": 1}, "exactly the fields"),
    ],
)
def test_a_bad_ui_line_in_a_replay_is_one_clear_line_and_status_2(tmp_path, line, words):
    """A replay's ui line is data, checked: out of range, unknown names, a scene file
    path, a zoom past 8x, extra fields: one stderr line naming the line, exit 2."""
    done = replay_of_one_line(tmp_path, line)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert words in done.stderr and "bad.jsonl:2" in done.stderr


def test_a_new_button_is_one_entry_in_the_table(monkeypatch):
    """A toolbar button that presses a key is one Button in app/panels.TOOLBAR: with one
    entry added (and nothing else), the toolbar draws it and a click on it presses its
    key (the theme, here), recorded as that key."""
    theme = panels.Button("theme", "◐", "dark / projector theme", action="theme")
    monkeypatch.setattr(panels, "TOOLBAR", (*panels.TOOLBAR[:11], theme, *panels.TOOLBAR[11:]))
    session = open_session(SCENES["classic"])
    size = (1280, 720)
    names = [c.name for c in _controls(session, size)]
    assert names.index("theme") == names.index("help") + 1
    assert session.theme == "dark"
    _click(session, size, "theme")
    assert session.theme == "projector"
    recorded = Recorder(session.scene, session.seed, "dark")
    session.recorder = recorded
    _click(session, size, "theme")
    assert session.theme == "dark"
    assert '"press": "t"' in recorded.lines(session.steps_taken)[1]


@pytest.mark.parametrize("theme", ["dark", "projector"])
def test_a_german_toolbar_keeps_every_button_at_1024x768(theme):
    """German words are longer ("✎ Ändern", "Lektionen", "Alles"): at the classroom's
    1024x768 in the projector theme the row tightens the room inside its buttons instead
    of dropping ⊕ and Fit, and every label still fits inside its button; English keeps its
    roomier buttons (as German does in the dark theme's smaller text)."""
    widths = {}
    for code in ("en", "de"):
        session = open_session(SCENES["classic"], theme=theme, words=language(code))
        buttons = [c for c in _controls(session, (1024, 768)) if c.name in names(TOOLBAR)]
        assert [b.name for b in buttons] == names(TOOLBAR), code
        lay = layout_for(session, (1024, 768))
        for b in buttons:
            assert text_size(b.label, lay.small)[0] + 4 <= b.rect[2], (code, b.label)
        widths[code] = next(b.rect[2] for b in buttons if b.name == "help")
    assert widths["de"] < widths["en"] if theme == "projector" else widths["de"] == widths["en"]


def names(toolbar) -> list[str]:
    return [b.name for b in toolbar]
