"""The classroom: layout for any surface, no stretching, text sizes, labels that never
overlap, help that fits. Every built-in scene at its golden tick, in both themes."""

import itertools
import math

import pytest

pygame = pytest.importorskip("pygame")

from driving import advance, draw_session, frame_model, open_scene, open_session, press  # noqa: E402

from sandbox.app.headless import init_pygame, simulate  # noqa: E402
from sandbox.app.keymap import help_pages  # noqa: E402
from sandbox.app.options import parse_options  # noqa: E402
from sandbox.render.layout import WORLD_SIZE, compute_layout  # noqa: E402
from sandbox.render.theme import THEMES  # noqa: E402
from tests.test_golden import CASES, SCENE_TICKS  # noqa: E402

SIZES = [(1280, 720), (1024, 768), (1920, 1080), (800, 600), (1600, 900)]
SCENE_CASES = {name: case for name, case in CASES.items() if name in SCENE_TICKS}


def _frame(scene, theme, frames, holds, size, extra=()):
    init_pygame(headless=True)
    argv = ["--headless", "--scene", scene, "--theme", theme, "--frames", str(frames), *extra]
    for hold in holds:
        argv += ["--hold", hold]
    session, _ = simulate(parse_options(argv))
    surface = pygame.Surface(size)
    return session, surface, draw_session(surface, session)


def _overlaps(texts):
    return [
        (a.text, b.text)
        for a, b in itertools.combinations(texts, 2)
        if pygame.Rect(a.rect).colliderect(pygame.Rect(b.rect))
    ]


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("case", list(SCENE_CASES))
def test_no_two_texts_overlap(case, theme):
    """Every scene's golden case, after its input, drawn at 1280x720, 1024x768 and
    1920x1080 from one simulation (the steps do not depend on the size): no two texts
    overlap, every text is inside the frame, the narration is whole, no scene label
    covers a marker."""
    scene, _theme, frames, holds = SCENE_CASES[case]
    session, _, _ = _frame(scene, theme, frames, holds, (1280, 720))
    for size in [(1280, 720), (1024, 768), (1920, 1080)]:
        surface = pygame.Surface(size)
        report = draw_session(surface, session)
        assert report.texts, "the frame drew no text at all"
        assert _overlaps(report.texts) == [], size
        bounds = surface.get_rect()
        assert all(bounds.contains(pygame.Rect(t.rect)) for t in report.texts), size
        # the title, the lesson and what is happening now fit their band: nothing cut short
        assert not [t.text for t in report.texts if t.where == "narration" and "…" in t.text]
        covered = [
            t.text
            for t in report.texts
            if t.where == "scene" and pygame.Rect(t.rect).collidelist(report.markers) >= 0
        ]
        assert covered == [], size
        if case in ("classic", "six-axes", "squares"):  # pairs of polygons: markers drawn
            assert report.markers


def test_the_overlap_check_can_fail():
    from sandbox.render.view import PlacedText

    texts = [PlacedText("a", (0, 0, 10, 10), "scene"), PlacedText("b", (5, 5, 10, 10), "scene")]
    assert _overlaps(texts) == [("a", "b")]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("theme", list(THEMES))
def test_layout_bands_never_overlap_and_world_is_not_stretched(size, theme):
    lay = compute_layout(size, THEMES[theme], ("A title", "Some words. " * 12), toolbar=True)
    rects = {k: pygame.Rect(getattr(lay, k)) for k in ("narration", "scene", "panel", "toolbar")}
    for (ka, a), (kb, b) in itertools.combinations(rects.items(), 2):
        assert not a.colliderect(b), (ka, kb)
    for r in rects.values():
        assert pygame.Rect(0, 0, *size).contains(r)
    assert rects["narration"].contains(pygame.Rect(lay.status))  # the title's row's end
    # the world keeps its aspect ratio (to a pixel) and sits inside the scene area
    world = pygame.Rect(lay.world)
    assert abs(world.width / world.height - WORLD_SIZE[0] / WORLD_SIZE[1]) < 2 / world.height
    assert rects["scene"].contains(world)
    assert world.width == pytest.approx(WORLD_SIZE[0] * lay.scale, abs=1)
    assert world.height == pytest.approx(WORLD_SIZE[1] * lay.scale, abs=1)


def test_projector_text_sizes_at_1024x768():
    lay = compute_layout((1024, 768), THEMES["projector"])
    assert lay.small >= 20
    assert lay.body >= 24  # HUD, narration and ruler labels
    assert lay.title >= 24


def test_text_grows_with_the_window_height():
    small = compute_layout((1280, 720), THEMES["dark"])
    big = compute_layout((1920, 1080), THEMES["dark"])
    assert big.body == round(THEMES["dark"].font * 1080 / 768)
    assert big.body > small.body


@pytest.mark.parametrize("size", SIZES + [(640, 480)])
@pytest.mark.parametrize("theme", list(THEMES))
def test_help_fits(size, theme):
    """Every page of the help (H, H again, ... to its last page) fits, overlap nothing,
    and together list every key and mouse action of the keymap."""
    from sandbox.app.keymap import help_lines

    drawn = set()
    for holds in (["h:0-0"] * page for page in range(1, len(help_pages()) + 1)):
        _, surface, report = _frame("classic", theme, 1, holds, size)
        assert report.help_fits
        drawn |= {t.text for t in report.help_texts}
        bounds = surface.get_rect()
        assert all(bounds.contains(pygame.Rect(t.rect)) for t in report.help_texts)
        assert _overlaps(report.help_texts) == []
    for keys, action in help_lines():
        assert keys in drawn and action in drawn, (keys, action)


def test_help_on_a_1024_projector_is_20_px_or_more():
    """Issue 21: the help was ~12 px on a 1024 x 768 projector. Each page's text is at
    least as tall as 20 px text (measured from the FrameReport's rectangles)."""
    from sandbox.render.view import text_size

    least = text_size("Mg", 20)[1]
    for holds in (["h:0-0"] * page for page in range(1, len(help_pages()) + 1)):
        _, _, report = _frame("classic", "projector", 1, holds, (1024, 768))
        assert min(t.rect[3] for t in report.help_texts) >= least
    closing = ["h:0-0"] * (len(help_pages()) + 1)
    _, _, report = _frame("classic", "projector", 1, closing, (1024, 768))
    assert report.help_texts == ()  # one H more than the pages closes it


def test_projector_1024_texts_are_large_enough():
    _, _, report = _frame("classic", "projector", 60, ["right:0-29", "up:30-44"], (1024, 768))
    heights = [t.rect[3] for t in report.texts]
    assert min(heights) >= 20  # a 20 px font's line is taller than 20 px


@pytest.mark.parametrize("theme", list(THEMES))
def test_touching_at_depth_zero_is_drawn_as_touching(theme):
    """Pushed into the polygon and let go: colliding at depth 0, so no MTV arrow."""
    session, surface, report = _frame("classic", theme, 80, ["right:0-40"], (1280, 720))
    shown = session.step_record.shown.report
    assert shown.colliding and shown.depth == 0.0
    texts = [t.text for t in report.texts]
    assert "touching" in texts and "◪ collision: touching" in texts
    assert "MTV" not in [t.text for t in report.texts if t.where == "scene"]
    # not one pixel of the MTV arrow's colour in the scene
    import numpy as np

    from sandbox.render.view import View

    scene = View(surface, THEMES[theme]).scene_rect
    pixels = pygame.surfarray.pixels3d(surface)[scene.left : scene.right, scene.top : scene.bottom]
    mtv = np.array(THEMES[theme].mtv)
    assert not np.any(np.all(pixels == mtv, axis=-1))


def test_headless_size_sets_the_screenshot_size(tmp_path):
    from sandbox.app.cli import main

    out = tmp_path / "s.png"
    argv = ["--headless", "--frames", "1", "--size", "1024x768", "--screenshot", str(out)]
    assert main(argv) == 0
    assert pygame.image.load(str(out)).get_size() == (1024, 768)


@pytest.mark.parametrize("bad", ["1024", "0x0", "axb", "1024x-5", "99999x10"])
def test_bad_size_is_one_line_and_exit_2(bad, capsys, tmp_path):
    from sandbox.app.cli import main

    argv = ["--headless", "--frames", "1", "--size", bad]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--size" in err


def test_tunnelling_keeps_its_moment_and_draws_the_skipped_step():
    """60 px per step (3600 px/s at 60 steps/s) across a wall 6 px thick (its box)."""
    session, _, report = _frame("tunnelling", "dark", 30, [], (1280, 720))
    moment = frame_model(session, None).moment
    assert moment is not None and moment.tick == 9  # 100 + 60 * 8 = 580 < wall < 640
    texts = [t.text for t in report.texts]
    assert "tick 9: moved 60 px in one step;" in texts
    assert "the wall is 6 px thick: no overlap seen" in texts
    assert "tick 9: the swept test stopped it here" in texts


def test_tunnelling_starts_in_slow_motion_and_tab_shows_either_bullet():
    from sandbox.app.state import SPEEDS
    from sandbox.scenes.registry import SCENES

    session = open_session(SCENES["tunnelling"])
    assert SPEEDS[session.speed_index][1] == "1/10x"

    def names():
        shown = session.step_record.shown
        return tuple(session.world.bodies[i].name for i in (shown.a, shown.b))

    assert names() == ("bullet, swept test", "wall (bottom)")
    press(session, "tab")
    assert names() == ("bullet, discrete test", "wall (top)")
    advance(session, frozenset())
    assert names() == ("bullet, discrete test", "wall (top)")
    press(session, "tab")
    assert names() == ("bullet, swept test", "wall (bottom)")
    open_scene(session, SCENES["classic"])
    assert SPEEDS[session.speed_index][1] == "1x"


@pytest.mark.parametrize("key", ["b", "k", "u", "n", "v"])
def test_toasts_use_the_words_of_the_help(key):
    from sandbox.app.keymap import KEY_ACTIONS
    from sandbox.scenes.registry import SCENES

    session = open_session(SCENES["classic"])
    press(session, key)
    words = KEY_ACTIONS[key].description.removeprefix("overlay: ")
    assert session.message in (f"{words}: on", f"{words}: off")


def test_plain_words_in_the_frames():
    """No field names (a_in_b), no "A = A", no "scene 0/8" for a scene file."""
    seen = []
    for scene, (frames, holds) in SCENE_TICKS.items():
        _, _, report = _frame(scene, "dark", frames, holds, (1280, 720))
        seen += [t.text for t in report.texts]
    text = "\n".join(seen)
    for jargon in ("a_in_b", "b_in_a", "A = A", "B = B", "scene 0/"):
        assert jargon not in text
    assert "A = a triangle" in seen  # six-axes names its bodies "A" and "B"


def test_nice_steps():
    from sandbox.render.rulers import nice_step

    assert [nice_step(x) for x in (0.7, 1.0, 1.5, 3, 7, 12, 49, 51, 230)] == [
        1,
        1,
        2,
        5,
        10,
        20,
        50,
        100,
        500,
    ]


def test_every_ruler_row_shares_one_scale():
    """Classic at tick 60: the widest row (both intervals) sets pixels per unit for all."""
    from sandbox.core.pair import sat
    from sandbox.render.rulers import ruler_scale
    from sandbox.scenes.registry import SCENES

    world = SCENES["classic"].world(0)
    report = sat(world.shape(1), world.shape(0), all_axes=True)
    spans = [
        max(a.a_interval[1], a.b_interval[1]) - min(a.a_interval[0], a.b_interval[0])
        for a in report.axes
    ]
    ppu, step = ruler_scale(report.axes, 400.0, 48.0)
    assert ppu == pytest.approx(400.0 / (max(spans) * 1.04))
    assert step * ppu >= 48.0 and step / 10 ** math.floor(math.log10(step)) in (1, 2, 5)


def test_labels_give_way_by_importance_and_never_cover_a_marker():
    from sandbox.render.view import EDGE_LABEL, KEY_LABEL, VERTEX_INDEX, View

    init_pygame(headless=True)
    view = View(pygame.Surface((1280, 720)), THEMES["dark"])
    spot = view.scene_rect.center
    view.block((spot[0] + 200, spot[1]), 6)
    view.label("vertex", [(spot, "center")], 15, (255, 255, 255), VERTEX_INDEX, world=False)
    view.label("MTV", [(spot, "center")], 15, (255, 255, 255), KEY_LABEL, world=False)
    view.label(
        "edge",
        [((spot[0] + 200, spot[1]), "center"), ((spot[0], spot[1] + 60), "center")],
        15,
        (255, 255, 255),
        EDGE_LABEL,
        world=False,
    )
    dropped = view.place_labels()
    placed = {p.text: pygame.Rect(p.rect) for p in view.placed}
    assert dropped == 1 and set(placed) == {"MTV", "edge"}  # the vertex index gave way
    assert placed["MTV"].center == spot  # asked first place: it got it
    assert placed["edge"].centery == spot[1] + 60  # its first place covered the marker


def test_a_scene_file_and_two_circles_in_plain_words(tmp_path):
    """A scene file is named, not numbered "scene 0/8"; two circles have one axis, the
    line through both centres (B's duplicate of it is not "a parallel axis")."""
    scene = tmp_path / "two-circles.toml"
    scene.write_text(
        'title = "Two circles"\nlesson = "Circles"\ngravity = [0, 0]\n'
        '[[body]]\nname = "left"\nshape = "circle"\nradius = 60\n'
        "position = [300, 400]\ncontrolled = true\n"
        '[[body]]\nname = "right"\nshape = "circle"\nradius = 60\n'
        "position = [500, 400]\nstatic = true\n"
    )
    _, _, report = _frame(str(scene), "dark", 1, [], (1280, 720))
    texts = [t.text for t in report.texts]
    assert "scene file two-circles" in texts
    assert "1 axis: centre to centre" in texts
    assert not any("parallel" in t or "/8" in t for t in texts)


def test_ruler_numbers_never_read_minus_zero():
    """A ruler value that rounds to zero is printed "0.0", not "-0.0" (hand cases)."""
    from sandbox.render.ruler_rows import _fmt

    assert [_fmt(v) for v in (-0.04, -0.0, 0.04, -0.06, 859.96, -679.99)] == [
        "0.0",
        "0.0",
        "0.0",
        "-0.1",
        "860.0",
        "-680.0",
    ]


@pytest.mark.parametrize("case", list(SCENE_CASES))
def test_no_text_reads_minus_zero(case):
    """No number on screen reads "-0" or "-0.00": a value that rounds to zero is shown
    unsigned (the pile's resting player once read "v (-0, -0)  ω -0.00 rad/s")."""
    import re

    scene, theme, frames, holds = SCENE_CASES[case]
    _, _, report = _frame(scene, theme, frames, holds, (1280, 720))
    minus_zero = re.compile(r"(?<![\d.])-0(\.0+)?(?![\d.])")
    assert not [t.text for t in report.texts if minus_zero.search(t.text)]
