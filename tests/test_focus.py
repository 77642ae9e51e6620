"""Every control by keyboard alone (issue 43, item 1): F10 puts a focus ring on the
toolbar, Tab / Shift+Tab move it in reading order, Enter / Space press the control, a
focused slider takes PhET's keys, Escape leaves the focus. Each control driven by keys
is checked against what a click on it does (an independent source: the toolbar's
hit-test on the drawn rectangles), slider values against numbers worked out by hand,
the ring's contrast against WCAG's 3:1 from the theme's colours and from drawn pixels,
and a recording with focus moves replays to the same state and the same last frame."""

import io
import json
import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from driving import (  # noqa: E402
    UiChange,
    advance,
    draw_session,
    dump_state,
    layout_for,
    open_session,
    press,
    record_and_replay,
)

from sandbox.app import focus, tune  # noqa: E402
from sandbox.app import toolbar as clicks  # noqa: E402
from sandbox.app.commands import parse_ui, ui_change_from  # noqa: E402
from sandbox.app.describe import Announcer  # noqa: E402
from sandbox.app.headless import init_pygame  # noqa: E402
from sandbox.app.keymap import help_pages  # noqa: E402
from sandbox.app.lesson_plan import BUILT_IN, built_in_lessons  # noqa: E402
from sandbox.app.panels import SHOWN_OVERLAYS, SLIDERS, TOOLBAR  # noqa: E402
from sandbox.app.toolbar import Gesture  # noqa: E402
from sandbox.app.view_model import control_state, frame_in_words  # noqa: E402
from sandbox.render.controls import layout_controls, track  # noqa: E402
from sandbox.render.language import language  # noqa: E402
from sandbox.render.theme import THEMES  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

SIZE = (1024, 768)  # the projector's


@pytest.fixture(autouse=True)
def _pygame():
    init_pygame(headless=True)


def _luminance(colour) -> float:
    """WCAG 2's relative luminance, written out here (not the app's)."""

    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a, b) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _controls(session):
    return layout_controls(layout_for(session, SIZE), control_state(session))


def _click(session, name):
    control = next(c for c in _controls(session) if c.name == name)
    x, y, w, h = control.rect
    gesture = Gesture()
    assert clicks.press(session, gesture, SIZE, (x + w / 2, y + h / 2), 1)
    clicks.release(session, gesture, 1)


def _tab_to(session, name: str, back: bool = False) -> int:
    """F10 (if nothing has focus), then Tab (or Shift+Tab) until `name` has it; the
    number of Tabs it took."""
    if session.focus is None:
        press(session, "f10")
    for count in range(len(focus.focus_order(session)) + 1):
        if session.focus == name:
            return count
        press(session, "shift tab" if back else "tab")
    raise AssertionError(f"Tab never reached {name}: {focus.focus_order(session)}")


def _visible(session):
    """What a key or a click changes that the class sees: the session's own state."""
    return (
        session.paused,
        session.speed_index,
        session.overlays,
        session.help_page,
        session.theme,
        session.camera,
        session.panel,
        session.mode,
        session.menu is not None,
        session.lesson_run is not None,
        session.step_on_show,
        json.dumps(dump_state(session), sort_keys=True),
    )


def _pair(scene="gravity"):
    """Two sessions run 30 steps with the right arrow held: one for the mouse, one
    for the keys."""
    sessions = open_session(SCENES[scene]), open_session(SCENES[scene])
    for session in sessions:
        for _ in range(30):
            advance(session, frozenset({"right"}))
    return sessions


# ---------------------------------------------------------------- the ring is seen


@pytest.mark.parametrize("theme", list(THEMES))
def test_the_focus_colour_is_3_to_1_on_what_it_sits_on(theme):
    """WCAG 2.4.7 / 1.4.11: the ring is 3:1 or more against the toolbar and a panel (the
    theme's panel colour), a button's face and the scene (its background) and the
    divider it is drawn beside."""
    t = THEMES[theme]
    for ground in (t.panel, t.background, t.divider):
        assert _contrast(t.focus, ground) >= 3.0, (theme, ground)


def test_contrast_by_hand():
    """The formula on known pairs: black on white 21:1, a colour on itself 1:1."""
    assert _contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert _contrast((0, 114, 178), (0, 114, 178)) == pytest.approx(1.0)


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("name", ["pause", "panel:tune", "slider:gravity", "lesson:0"])
def test_the_ring_is_drawn_round_the_focused_control(theme, name):
    """In both themes, at 1024 x 768, the drawn frame has the focus colour all round the
    focused control (on its four sides, just outside it), with 3:1 or more against the
    pixels just outside the ring; and no pixel of that colour anywhere near without focus."""
    session = open_session(SCENES["stack"], theme=theme)
    if name == "lesson:0":
        press(session, "f2")
    if name == "slider:gravity":
        _tab_to(session, "panel:tune")
        press(session, "return")
    _tab_to(session, name)
    surface = pygame.Surface(SIZE)
    rings = [m[1] for m in draw_session(surface, session).marks if m[0] == "focus ring"]
    assert len(rings) == 1
    colour = THEMES[theme].focus
    (x0, y0), (x1, y1) = rings[0]
    rect = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
    if name != "lesson:0":  # round the control as laid out
        control = next(c for c in _controls(session) if c.name == name)
        assert rect.contains(control.rect) and rect.center == pygame.Rect(control.rect).center
    cx, cy = rect.center
    sides = [(cx, rect.top + 1), (cx, rect.bottom - 2), (rect.left + 1, cy), (rect.right - 2, cy)]
    for point in sides:
        assert surface.get_at(point)[:3] == colour, (point, surface.get_at(point))
    outside = surface.get_at((cx, rect.top - 2))[:3]
    assert _contrast(colour, outside) >= 3.0
    press(session, "escape")
    draw_session(surface, session)
    assert all(surface.get_at(point)[:3] != colour for point in sides)


# ---------------------------------------------------------------- the order


def test_tab_goes_through_the_toolbar_in_reading_order_and_round():
    """F10 puts the ring on the first button; Tab visits every toolbar button left to
    right (their drawn x grows), and after the last comes the first again; Shift+Tab
    goes the other way."""
    session = open_session(SCENES["classic"])
    press(session, "f10")
    assert session.focus == TOOLBAR[0].name
    seen = [session.focus]
    for _ in range(len(TOOLBAR)):
        press(session, "tab")
        seen.append(session.focus)
    assert seen == [b.name for b in TOOLBAR] + [TOOLBAR[0].name]
    xs = {c.name: c.rect[0] for c in _controls(session)}
    assert [xs[name] for name in seen[:-1]] == sorted(xs[b.name] for b in TOOLBAR)
    press(session, "shift tab")
    assert session.focus == TOOLBAR[-1].name
    press(session, "shift tab")
    assert session.focus == TOOLBAR[-2].name


@pytest.mark.parametrize("panel", ["scenes", "show", "tune"])
def test_an_open_panels_rows_follow_its_button_top_to_bottom(panel):
    """An open panel's rows come right after its button, in their drawn order (top to
    bottom, a column at a time), then the next toolbar button."""
    session = open_session(SCENES["stack"])
    _tab_to(session, f"panel:{panel}")
    press(session, "space")
    assert session.panel == panel
    rows = [
        c for c in _controls(session) if c.name.partition(":")[0] in ("scene", "overlay", "slider")
    ]
    order = focus.focus_order(session)
    start = order.index(f"panel:{panel}") + 1
    assert list(order[start : start + len(rows)]) == [c.name for c in rows]
    columns = [(c.rect[0], c.rect[1]) for c in rows]
    assert columns == sorted(columns)
    after = TOOLBAR[[b.name for b in TOOLBAR].index(f"panel:{panel}") + 1].name
    assert order[start + len(rows)] == after


# ---------------------------------------------------------------- every control by keys


@pytest.mark.parametrize("name", [b.name for b in TOOLBAR])
def test_every_toolbar_button_by_keys_does_what_its_click_does(name):
    """For each toolbar button: Tab to it and press Return (Space for every other one);
    the session is in the very state a click on it leaves (pause, step back, step, speed,
    reset, edit, the panels, lessons, help, zoom, fit)."""
    clicked, keyed = _pair()
    for session in (clicked, keyed):
        if name in ("back", "step"):  # they act while paused
            press(session, "p")
        if name in ("zoom_out", "fit"):  # they act on a view zoomed in
            press(session, "=")
    before = _visible(keyed)
    _click(clicked, name)
    _tab_to(keyed, name)
    press(keyed, "space" if TOOLBAR.index(focus.panels.button(name)) % 2 else "return")
    assert _visible(keyed) == _visible(clicked)
    assert _visible(keyed) != before  # it did something
    assert keyed.focus == name  # the ring stays on the button


@pytest.mark.parametrize("flag", [flag for flag, _ in SHOWN_OVERLAYS])
def test_every_show_row_by_keys_flips_what_its_click_flips(flag):
    clicked, keyed = _pair()
    _click(clicked, "panel:show")
    _click(clicked, f"overlay:{flag}")
    _tab_to(keyed, "panel:show")
    press(keyed, "return")
    _tab_to(keyed, f"overlay:{flag}")
    press(keyed, "return")
    assert getattr(keyed.overlays, flag) != getattr(open_session(SCENES["gravity"]).overlays, flag)
    assert _visible(keyed) == _visible(clicked)


@pytest.mark.parametrize("k", range(len(SCENES)))
def test_every_scene_in_the_list_by_keys_opens_what_its_click_opens(k):
    """Return on a scene's row opens it as a click does (the panel closes), and the ring
    goes back to the Scenes button."""
    clicked, keyed = _pair("classic")
    _click(clicked, "panel:scenes")
    _click(clicked, f"scene:{k}")
    _tab_to(keyed, "panel:scenes", back=True)  # Shift+Tab reaches it too
    press(keyed, "return")
    _tab_to(keyed, f"scene:{k}")
    press(keyed, "return")
    assert keyed.scene.name == list(SCENES)[k]
    assert _visible(keyed) == _visible(clicked)
    assert keyed.focus == "panel:scenes"


# The values by hand, the stack scene's sliders at the start: gravity 900 px/s² on
# steps of 50 (0..2000), friction 0.30 and bounce 0.20 on steps of 0.05 (0..1), shape
# A's density 1.0 on steps of 0.1 (0.1..5), speed 1x = 3 (0: 1/10x). Page Up / Down: a
# tenth of the range, in whole steps (gravity 200, friction 0.10, density 0.5, speed 1).
BY_HAND = {
    "gravity": {
        "right": 950,
        "up": 950,
        "left": 850,
        "down": 850,
        "page up": 1100,
        "page down": 700,
        "home": 0,
        "end": 2000,
    },
    "friction": {"right": 0.35, "left": 0.25, "page up": 0.4, "home": 0.0, "end": 1.0},
    "restitution": {"up": 0.25, "down": 0.15, "page down": 0.1, "end": 1.0},
    "density": {"right": 1.1, "left": 0.9, "page up": 1.5, "page down": 0.5, "home": 0.1},
    "speed": {"left": 2, "down": 2, "page down": 2, "home": 0, "end": 3},
}


@pytest.mark.parametrize(
    "name,key", [(name, key) for name, keys in BY_HAND.items() for key in keys]
)
def test_every_slider_by_keys_sets_the_value_by_hand_as_a_click_there_would(name, key):
    """Tab to the slider, press the key: the slider reads the value worked out by hand,
    and the session is in the state a click on the track at that value leaves."""
    clicked, keyed = open_session(SCENES["stack"]), open_session(SCENES["stack"])
    _tab_to(keyed, "panel:tune")
    press(keyed, "return")
    _tab_to(keyed, f"slider:{name}")
    press(keyed, key)
    expected = BY_HAND[name][key]
    value = tune.slider(keyed, name).value
    assert value == pytest.approx(expected)
    _click(clicked, "panel:tune")
    _, low, high, _ = SLIDERS[name]
    control = next(c for c in _controls(clicked) if c.name == f"slider:{name}")
    x, y, w, h = track(layout_for(clicked, SIZE), control)
    gesture = Gesture()
    fraction = (expected - low) / (high - low)
    assert clicks.press(clicked, gesture, SIZE, (x + fraction * w, y + h / 2), 1)
    clicks.release(clicked, gesture, 1)
    assert _visible(keyed) == _visible(clicked)


def test_a_disabled_slider_says_why_and_changes_nothing():
    """In a tutorial (MTV) scene gravity cannot be set: its keys say why, nothing moves."""
    session = open_session(SCENES["classic"])
    _tab_to(session, "panel:tune")
    press(session, "return")
    _tab_to(session, "slider:gravity")
    before = json.dumps(dump_state(session), sort_keys=True)
    press(session, "end")
    assert json.dumps(dump_state(session), sort_keys=True) == before
    assert "MTV" in session.message


def test_enter_on_a_slider_is_the_gates_to_refuse():
    """Enter on a focused slider keeps the ring on it; the dispatcher's gate, not the
    focus, says why one cannot move (a tutorial scene's gravity, and any slider but the
    speed while a question waits) and stays silent on one that can."""
    tutorial = open_session(SCENES["classic"])
    _tab_to(tutorial, "panel:tune")
    press(tutorial, "return")
    _tab_to(tutorial, "slider:gravity")
    press(tutorial, "return")
    assert tutorial.focus == "slider:gravity"
    assert tutorial.message == f"{tune.slider(tutorial, 'gravity').label}: " + (
        tune.refusal(tutorial, "gravity")
    )
    rigid = open_session(SCENES["gravity"])
    _tab_to(rigid, "panel:tune")
    press(rigid, "return")
    _tab_to(rigid, "slider:gravity")
    said = rigid.message
    press(rigid, "return")
    assert rigid.focus == "slider:gravity" and rigid.message == said


@pytest.mark.parametrize("k", range(len(BUILT_IN)))
def test_every_lesson_in_the_list_by_keys_starts_as_its_number_does(k):
    """The Lessons button, then Tab to a lesson's row and Return: the lesson starts as
    pressing its number in the list does; the ring goes back to the Lessons button."""
    keyed, numbered = open_session(SCENES["classic"]), open_session(SCENES["classic"])
    _tab_to(keyed, "lessons")
    press(keyed, "return")
    assert keyed.menu is not None
    _tab_to(keyed, f"lesson:{k}")
    press(keyed, "return")
    press(numbered, "f2")
    press(numbered, str(k + 1))
    assert keyed.lesson_run is not None and keyed.menu is None
    title = built_in_lessons()[k].title
    assert keyed.lesson_run.plan.lesson.title == numbered.lesson_run.plan.lesson.title == title
    assert _visible(keyed) == _visible(numbered)
    assert keyed.focus == "lessons"


# ---------------------------------------------------------------- keys keep their meaning


def test_without_focus_tab_still_shows_the_next_pair_and_escape_still_asks():
    """Nothing focused: Tab (and Shift+Tab) show the shape against the next body, as
    before; Escape asks before quitting. With focus, Escape only leaves the focus."""
    plain, shifted = open_session(SCENES["pile"]), open_session(SCENES["pile"])
    press(plain, "tab")
    press(shifted, "shift tab")
    assert plain.pair_choice.b is not None
    assert plain.pair_choice.b == shifted.pair_choice.b
    session = open_session(SCENES["classic"])
    press(session, "f10")
    assert not press(session, "escape").quit
    assert session.focus is None and session.quit_asked is None
    press(session, "escape")
    assert session.quit_asked is not None  # its meaning with nothing focused
    assert press(session, "escape").quit


def test_f10_again_leaves_the_focus():
    session = open_session(SCENES["classic"])
    press(session, "f10")
    press(session, "tab")
    press(session, "f10")
    assert session.focus is None


def test_arrows_steer_the_shape_unless_a_slider_has_the_focus():
    """With the ring on a button the arrows still move the shape; on a slider they are
    the slider's, and the shape stays."""
    on_button, on_slider, free = (open_session(SCENES["classic"]) for _ in range(3))
    press(on_button, "f10")
    _tab_to(on_slider, "panel:tune")
    press(on_slider, "return")
    _tab_to(on_slider, "slider:speed")

    def where(session):
        return [body["position"] for body in dump_state(session)["bodies"]]

    start = where(free)
    for session in (on_button, on_slider, free):
        for _ in range(20):
            advance(session, frozenset({"right"}))
    assert where(free) != start
    assert where(on_button) == where(free)
    assert where(on_slider) == start


def test_other_keys_keep_their_meaning_while_focused():
    """R resets, N flips the normals, H opens the help while the ring is on a button."""
    session = open_session(SCENES["classic"])
    press(session, "f10")
    normals = session.overlays.show_normals
    press(session, "n")
    press(session, "h")
    assert session.overlays.show_normals != normals and session.overlays.show_help
    assert session.focus == "pause"


# ---------------------------------------------------------------- recorded, replayed, listed


def test_focus_moves_are_ui_lines_and_bad_ones_are_refused():
    assert ui_change_from({"step": 1, "ui": "focus", "value": "slider:gravity"}) == UiChange(
        "focus", "slider:gravity"
    )
    assert ui_change_from({"step": 1, "ui": "focus", "value": None}) == UiChange("focus", None)
    for bad in ("slider:mass", "nothing", 3, "scene:-1", "scene:²", "overlay:show_help"):
        with pytest.raises(ValueError, match="focus"):
            ui_change_from({"step": 1, "ui": "focus", "value": bad})
    assert parse_ui("focus=slider:gravity:5") == {5: [UiChange("focus", "slider:gravity")]}
    assert parse_ui("focus=none:0") == {0: [UiChange("focus", None)]}


def test_a_recording_with_focus_replays_to_the_same_state_and_last_frame(tmp_path):
    """F10, Tab to Tune, open it, Tab to gravity, End (the arrows, Page Up / Down and
    Home are a window's presses; End is a pressed key in a script too): the recording
    holds the focus moves and the set, and its replay ends in the same state and the
    same last frame, the ring drawn round the slider."""
    holds = ["f10:1-1", *(f"tab:{k}-{k}" for k in range(2, 11)), "return:11-11"]
    holds += ["tab:12-12", "end:13-13"]
    args = ["--scene", "stack", "--theme", "projector"]
    lines, _, first = record_and_replay(tmp_path, args, holds, 30, "1024x768")
    focused = [line["value"] for line in lines if line.get("ui") == "focus"]
    assert focused[0] == "pause" and focused[-1] == "slider:gravity"
    assert {"step": 13, "ui": "set", "value": ["gravity", 2000.0]} in lines
    ring = THEMES["projector"].focus
    width, height = first.get_size()
    assert any(first.get_at((x, y))[:3] == ring for x in range(width) for y in range(height))


def test_the_help_lists_the_focus_keys_on_its_last_page():
    title, rows = help_pages()[-1]
    assert title == "keyboard alone"
    keys = {k for k, _ in rows}
    assert {"F10", "Shift+Tab", "Tab", "Return Space", "Arrows", "Home End", "Escape"} <= keys


def test_the_focus_is_said_where_it_goes_and_what_it_changes():
    """A learner who cannot see the ring hears it: each move of the focus, and each value
    it changes, is an --announce line ("Focus: ..."), with the button's tip, the slider's
    value (worked by hand: 900 px/s² and a step of 50) or the check box's state; Escape
    leaves it, and the next frames say no focus line."""
    printed = io.StringIO()
    session = open_session(SCENES["stack"])
    announcer = Announcer(frame_in_words, stream=printed, speaker=None, printing=True)
    announcer(session)

    def said_after(*keys) -> list[str]:
        printed.truncate(0), printed.seek(0)
        for key in keys:
            press(session, key)
        announcer(session)
        return [line.split(": ", 1)[1] for line in printed.getvalue().splitlines()]

    assert said_after("f10") == ["Focus: button: pause / resume · Space."]
    assert said_after("tab") == ["Focus: button: one step back (pauses) · Backspace."]
    _tab_to(session, "panel:tune")
    press(session, "return")
    _tab_to(session, "slider:gravity")
    announcer(session)
    assert said_after("right") == ["Focus: slider: Gravity, 950 px/s²."]
    assert said_after("end") == ["Focus: slider: Gravity, 2000 px/s²."]
    assert said_after() == []  # nothing changed, nothing said
    press(session, "escape")
    _tab_to(session, "panel:show")
    press(session, "return")
    _tab_to(session, "overlay:show_normals")
    announcer(session)
    assert said_after("return") == ["Focus: check box: edge normals, off."]
    assert said_after("escape") == []
    assert not [line for line in frame_in_words(session) if line.startswith("Focus:")]


def test_the_focus_is_said_in_the_sessions_language():
    """German: the same line from the catalogue, the key named as a German keyboard prints
    it (key_names)."""
    session = open_session(SCENES["stack"])
    session.language = language("de")
    press(session, "f10")
    assert frame_in_words(session)[-1] == "Fokus: Schaltfläche: Pause / weiter · Leertaste."
