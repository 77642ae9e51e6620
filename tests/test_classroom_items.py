"""Issue 34, items 8-10 and the smaller ones: new shapes read on a projector, a drawn
concave body's corners drag, the pause button's tip covers no status, a slider on a
resting stack says why nothing moves, a saved path keeps its file name, and every
length on screen is said the same way."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from driving import (  # noqa: E402
    UiChange,
    advance,
    corner_handles,
    dispatch,
    draw_session,
    layout_for,
    open_session,
    press,
)

from sandbox.app import toolbar  # noqa: E402
from sandbox.app.commands import Hover  # noqa: E402
from sandbox.app.editing import NEW_SIZE  # noqa: E402
from sandbox.app.headless import init_pygame  # noqa: E402
from sandbox.render.hud import _message_in  # noqa: E402
from sandbox.render.layout import world_transform  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

PROJECTOR = (1024, 768)


def _on_screen_size(session, index) -> float:
    """Body `index`'s longer side on a 1024x768 screen, in pixels."""
    scale, _, _ = world_transform(layout_for(session, PROJECTOR), session.camera)
    box = session.world.shape(index).aabb()
    return max(box.max_x - box.min_x, box.max_y - box.min_y) * scale


@pytest.mark.parametrize("key,kind", [("insert", "box"), ("f5", "polygon"), ("f6", "circle")])
def test_a_new_shape_reads_on_a_projector(key, kind):
    """Item 8: Insert, F5 and F6 dropped 25-35 px shapes on a 1024x768 screen. A new
    shape is NEW_SIZE in the world at the fitted view (a box's side, a polygon's or a
    circle's radius), at least 70 px across on screen; zoomed in twice as close it is
    half as large in the world, as large on the screen."""
    sizes = []
    for zoom in (None, 2.0):
        session = open_session(SCENES["pile"], theme="projector")
        if zoom is not None:
            dispatch(session, UiChange("view", (zoom, 430.0, 400.0)))
        dispatch(session, UiChange("mode", "edit"))
        count = len(session.world.bodies)
        press(session, key)
        assert len(session.world.bodies) == count + 1
        box = session.world.shape(count).aabb()
        world_size = max(box.max_x - box.min_x, box.max_y - box.min_y)
        expected = NEW_SIZE[kind] * (1 if kind == "box" else 2) / (zoom or 1.0)
        assert world_size == pytest.approx(expected, rel=0.06)  # a pentagon is a bit under
        sizes.append(_on_screen_size(session, count))
    assert sizes[0] >= 70
    assert sizes[1] == pytest.approx(sizes[0], rel=0.02)


def test_a_drawn_concave_body_s_corners_drag():
    """Item 9: an L drawn with the mouse in edit mode (closed on its first corner) becomes
    shape A; a press on one of its corners takes that corner (no new outline starts) and
    a drag moves it, the body still concave."""
    init_pygame(headless=True)
    session = open_session(SCENES["classic"], theme="projector")
    dispatch(session, UiChange("mode", "edit"))
    gesture = toolbar.Gesture()

    def pixel(x, y):
        scale, ox, oy = world_transform(layout_for(session, PROJECTOR), session.camera)
        return (x * scale + ox, y * scale + oy)

    outline = [(100, 100), (200, 100), (200, 150), (150, 150), (150, 250), (100, 250)]
    for point in [*outline, outline[0]]:
        toolbar.press(session, gesture, PROJECTOR, pixel(*point), 1)
        toolbar.release(session, gesture, 1)
    assert session.draft is None and "concave" in session.message
    drawn = session.world.bodies[session.shown.a].name
    handles = [h for h in corner_handles(session) if h[0] == drawn]
    assert [(x, y) for _, _, x, y in handles] == [tuple(map(float, p)) for p in outline]
    toolbar.press(session, gesture, PROJECTOR, pixel(150, 150), 1)
    assert gesture.corner == (drawn, 3) and session.draft is None
    toolbar.move(session, gesture, PROJECTOR, pixel(170, 160))
    toolbar.release(session, gesture, 1)
    moved = [h for h in corner_handles(session) if h[0] == drawn][3]
    assert (moved[2], moved[3]) == pytest.approx((170, 160), abs=1.0)
    assert "concave" in session.message


def test_the_pause_button_s_tip_covers_no_status_word():
    """Item 10: the tip of the pause button covered the status line's tick. The status
    line is now the right end of the title's row, far from the toolbar: no tip of any
    toolbar button overlaps a status or narration word, at 1024x768."""
    init_pygame(headless=True)
    session = open_session(SCENES["classic"], theme="projector")
    advance(session)
    for name in ("pause", "back", "step", "speed", "fit"):
        dispatch(session, Hover(name))
        frame = draw_session(pygame.Surface(PROJECTOR), session)
        tips = [pygame.Rect(t.rect) for t in frame.texts if t.where == "toolbar"]
        words = [pygame.Rect(t.rect) for t in frame.texts if t.where in ("status", "narration")]
        assert any(t.text.startswith("tick ") for t in frame.texts if t.where == "status")
        assert not any(tip.collidelist(words) >= 0 for tip in tips), name


@pytest.mark.parametrize(
    "name,value,words", [("friction", 0.1, "shows once pushed"), ("restitution", 0.8, "impact")]
)
def test_a_slider_on_a_resting_stack_says_why_nothing_moves(name, value, words):
    """Item 10: friction on a stack at rest changes nothing the class can see; the
    slider's message says so (and running, not paused, it says no more)."""
    session = open_session(SCENES["stack"])
    for _ in range(240):
        advance(session)
    assert session.world.sleeping[~session.world.static].all()
    dispatch(session, UiChange("set", (name, value)))
    assert words in session.message and len(session.message) <= 32
    moving = open_session(SCENES["pile"])
    for _ in range(5):  # falling
        advance(moving)
    dispatch(moving, UiChange("set", (name, value)))
    assert words not in moving.message


def test_a_saved_path_keeps_its_file_name():
    """Issue 34: "saved: …/sav…" hid the file name. A message too long for the status
    line keeps a path's file name (the folders give way); other words are cut at the end
    only when nothing else fits."""
    long_path = "saved: /home/teacher/.local/share/sat-sandbox/saves/classic-017.toml"
    assert _message_in(long_path, 30) == "saved: …/classic-017.toml"
    assert _message_in(long_path, 200) == long_path
    assert _message_in("friction 0.50 for every body", 40) == "friction 0.50 for every body"


def test_resting_depth_reads_the_same_in_words_rulers_and_mtv():
    """Issue 34: the narration said "0.051 px deep" where the MTV and the rulers said
    "0.1". Every length is said by words.amount now: the resting contact's depth in the
    pair's words, the MTV's y and the ruler's overlap are the same string."""
    from sandbox.render.words import amount

    init_pygame(headless=True)
    session = open_session(SCENES["stack"], theme="projector")
    for _ in range(120):
        advance(session)
    report = session.shown.report
    assert 0 < report.depth < 0.45
    depth = amount(report.depth)
    frame = draw_session(pygame.Surface(PROJECTOR), session)
    texts = " ".join(t.text for t in frame.texts if t.where == "panel")
    assert f"Resting contact, {depth} px" in texts
    assert f"overlap {depth}" in texts
    assert f"{depth})" in texts  # the MTV's last component
