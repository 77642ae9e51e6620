"""render/ where the mutation run found it unchecked (issue 20, item 4): the colour roles
are the published Okabe-Ito colours, the world is centred in the scene, the panel holds its
characters, the step-through's swept sentence, and the numbers the 3D panel prints. Each
expected value comes from a published table, the layout's own statement, or the SAT
report computed independently of the renderer; pixels stay the goldens' job."""

from __future__ import annotations

import os
from types import SimpleNamespace

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from driving import advance, draw_session, frame_model, open_session, press  # noqa: E402
from swept_bullet import swept_bullet_at_tick_9  # noqa: E402

from sandbox.app.headless import init_pygame  # noqa: E402
from sandbox.core.walk import WalkOnShow, walkthrough  # noqa: E402
from sandbox.render.layout import (  # noqa: E402
    PANEL_CHARS,
    PANEL_SHARE,
    WORLD_SIZE,
    compute_layout,
)
from sandbox.render.theme import THEMES  # noqa: E402
from sandbox.render.walk import step_words, swept_words  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

# Okabe & Ito (2008), "Color Universal Design": the published 0-255 RGB of each colour.
ORANGE, SKY_BLUE, BLUISH_GREEN = (230, 159, 0), (86, 180, 233), (0, 158, 115)
YELLOW, BLUE, REDDISH_PURPLE = (240, 228, 66), (0, 114, 178), (204, 121, 167)


@pytest.mark.parametrize("name", list(THEMES))
def test_the_pair_is_orange_and_sky_blue_in_every_theme(name):
    """DESIGN: shape A orange, shape B sky blue, in both themes (the Okabe-Ito values)."""
    theme = THEMES[name]
    assert theme.shape_a == ORANGE
    assert theme.shape_b == SKY_BLUE


def test_the_dark_themes_roles_are_the_okabe_ito_colours():
    """On the dark background the roles use Okabe-Ito unchanged: gap and separating axis
    bluish green, MTV reddish purple, contacts yellow, A's and B's words in their shape's
    colour."""
    dark = THEMES["dark"]
    assert dark.gap == dark.separating == BLUISH_GREEN
    assert dark.mtv == REDDISH_PURPLE
    assert dark.contact == YELLOW
    assert (dark.text_a, dark.text_b) == (ORANGE, SKY_BLUE)


def test_the_projector_themes_contacts_are_okabe_ito_blue():
    """On the projector's light background yellow does not show: contacts are Okabe-Ito
    blue."""
    assert THEMES["projector"].contact == BLUE


SIZES = [
    (320, 240),
    (640, 480),
    (800, 600),
    (1024, 768),
    (1280, 720),
    (1920, 1080),
    (400, 3000),
    (7680, 240),
    (1000, 1000),
]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize(
    "bands",
    [((), True), (("A title", "words " * 40), True), (("A title", "words " * 40), False)],
    ids=["plain", "lesson", "no-hud"],
)
def test_the_world_is_centred_in_the_scene(size, bands):
    """The world (WORLD_SIZE at the layout's scale) is centred in the scene area, both
    ways (to the pixel the rounding of its rectangle allows), and touches two opposite
    sides of it: the largest uniform scale that fits."""
    layout = compute_layout(size, THEMES["dark"], *bands)
    sx, sy, sw, sh = layout.scene
    wx, wy, ww, wh = layout.world
    assert abs((wx + ww / 2) - (sx + sw / 2)) <= 1.0
    assert abs((wy + wh / 2) - (sy + sh / 2)) <= 1.0
    ox, oy = layout.origin
    assert ox + WORLD_SIZE[0] * layout.scale / 2 == pytest.approx(sx + sw / 2, abs=1e-9)
    assert oy + WORLD_SIZE[1] * layout.scale / 2 == pytest.approx(sy + sh / 2, abs=1e-9)
    fits_width = WORLD_SIZE[0] * layout.scale == pytest.approx(sw, abs=1e-9)
    fits_height = WORLD_SIZE[1] * layout.scale == pytest.approx(sh, abs=1e-9)
    assert fits_width or fits_height


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("said", [(), ("Short words.",), ("word " * 30, "other words " * 12)])
def test_the_bands_are_as_tall_as_their_lines(size, said):
    """The narration band (the whole width) holds the title's line, one body line per line
    of its longest text wrapped at the band's width (counted here by hand, word by word),
    a pad above and below and the rewind bar's strip, no more; the status line is the
    title's row; the scene and the panel share the rest of the height above the toolbar."""
    texts = ("Title", *said)
    layout = compute_layout(size, THEMES["dark"], texts, True, True)
    w, h = layout.size
    body_line, title_line = layout.line(layout.body), layout.line(layout.title)
    chars = int((w - 3 * layout.pad) // round(layout.body * 0.602))  # hinted: whole px
    longest = 0
    for text in said:
        lines, used = 1, 0
        for word in text.split():
            if used and used + 1 + len(word) > chars:
                lines, used = lines + 1, len(word)
            else:
                used = used + 1 + len(word) if used else len(word)
        longest = max(longest, lines)
    assert layout.narration_lines == min(longest, 6)
    narration_h = layout.narration[3]
    assert layout.narration[2] == w
    timeline = round(6 * layout.text_scale)  # the rewind's bar at the foot
    below = layout.pad // 2 + timeline
    assert narration_h == title_line + layout.narration_lines * body_line + layout.pad + below
    assert layout.status[1] == layout.pad and layout.status[3] == title_line
    toolbar_h = layout.toolbar[3]
    assert layout.scene[1] == narration_h == layout.panel[1]
    assert layout.scene[3] == h - narration_h - toolbar_h == layout.panel[3]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_panel_holds_its_characters_between_pads(size):
    """The right panel is at least PANEL_CHARS characters of its small text plus a pad
    and a half each side, unless that is more than 46 % of the width (the cap); never
    less than PANEL_SHARE of the width. The advance is DejaVu Sans Mono's design advance,
    1233 / 2048 em (the hinted advance at small sizes is a pixel more)."""
    layout = compute_layout(size, THEMES["dark"])
    w = layout.size[0]
    panel_w = layout.panel[2]
    wanted = PANEL_CHARS * layout.small * 1233 / 2048 + 3 * layout.pad
    assert panel_w >= min(wanted, 0.46 * w) - 1.5
    assert PANEL_SHARE * w - 1 <= panel_w <= 0.46 * w + 1


def test_the_swept_sentence_follows_the_steps_own_words():
    """With a swept projection, a tested axis's narration is its own words (the same as
    without one) followed by the swept sentence, nothing lost."""
    session = open_session(SCENES["classic"])
    steps = walkthrough(session.step_record.shown.report)
    swept = SimpleNamespace(a_swept=(1.0, 2.0), enter=0.25, leave=0.75)
    k = next(i for i, step in enumerate(steps) if step.kind == "test")
    alone, role = step_words(steps, k)
    words, role_swept = step_words(steps, k, swept)
    assert words == alone + swept_words(swept)
    assert role_swept == role


@pytest.mark.parametrize(
    "enter,leave,said",
    [
        (0.25, 0.75, "from 0.25 to 0.75"),
        (-0.5, 0.5, "from 0.00 to 0.50"),  # met already at the start of the step
        (0.5, 1.7, "from 0.50 to 1.00"),  # still met at its end
        (-2.0, 3.0, "from 0.00 to 1.00"),
        (0.5, 0.5, "from 0.50 to 0.50"),  # touching for an instant counts (DESIGN)
    ],
)
def test_the_swept_sentence_says_the_part_of_the_step_they_meet(enter, leave, said):
    """Tutorial 003's swept test: the times of entry and exit are fractions of the step,
    clamped to the step itself [0, 1] (a time outside the step is not in it)."""
    swept = SimpleNamespace(a_swept=(-3.0, 4.25), enter=enter, leave=leave)
    assert swept_words(swept) == f" Moving, A sweeps -3.0..4.2: meets B {said} of the step."


@pytest.mark.parametrize("downs", [0, 3, 7])
def test_the_3d_panel_prints_each_axis_gap_or_overlap_as_the_report_has_it(downs):
    """sat-3d after `downs` steps of B moving down: each panel row naming an axis carries,
    on the same line, 'gap g' with g = -overlap > 0 for an axis with a gap, else
    'overlap o', from the 3D report (one decimal)."""
    from sandbox.render.space import axis_tag

    init_pygame(headless=True)
    session = open_session(SCENES["sat-3d"])
    for _ in range(downs):
        advance(session, frozenset({"down"}))
    surface = pygame.Surface((1280, 720))
    frame = draw_session(surface, session)
    report = session.space.report()
    panel = [t for t in frame.texts if t.where == "panel"]
    rows = 0
    for axis in report.axes:
        (tag,) = [t for t in panel if t.text == axis_tag(axis)] or [None]
        if tag is None:
            continue  # below the panel's last row
        (value,) = [t for t in panel if t.rect[1] == tag.rect[1] and t is not tag]
        if axis.overlap < 0:
            assert value.text == f"gap {abs(axis.overlap):.1f}"
        else:
            assert value.text == f"overlap {axis.overlap:.1f}"
        rows += 1
    assert rows >= 6
    if downs == 0:
        assert any(axis.overlap < 0 for axis in report.axes)


def _view_of(session, surface):
    """The view the session's frame is drawn with (its bands, toolbar and zoom)."""
    from sandbox.render.layout import bands
    from sandbox.render.view import View

    laid = bands(frame_model(session, None), session.overlays)
    return View(surface, THEMES[session.theme], *laid, camera=session.camera)


def _texts(session, size=(1280, 720)):
    init_pygame(headless=True)
    surface = pygame.Surface(size)
    return surface, draw_session(surface, session)


@pytest.mark.parametrize("size", [(1280, 720), (1001, 641)])
def test_the_lesson_list_names_each_lesson_with_its_number_and_length(size):
    """F2: a box titled 'Lessons', centred on the surface, with one row per built-in lesson
    in order, 'k  title (n stages)', rows one line apart under the title, left-aligned,
    and under them the keys, whole (the box is sized to its longest line: nothing cut)."""
    from sandbox.app.lesson_plan import built_in_lessons

    session = open_session(SCENES["classic"])
    press(session, "f2")
    surface, frame = _texts(session, size)
    menu = [t for t in frame.help_texts if t.where == "menu"]
    lessons = tuple(built_in_lessons())
    assert len(lessons) >= 2
    title, rows = menu[0], menu[1 : 1 + len(lessons)]
    assert title.text == "Lessons"
    tx, _, tw, _ = title.rect
    assert abs(tx + tw / 2 - size[0] / 2) <= 1
    assert [r.text for r in rows] == [
        f"{k}  {lesson.title} ({len(lesson.stages)} stages)" for k, lesson in enumerate(lessons, 1)
    ]
    assert len({r.rect[0] for r in rows}) == 1
    tops = [r.rect[1] for r in rows]
    steps = {b - a for a, b in zip(tops, tops[1:], strict=False)}
    assert len(steps) == 1 and steps.pop() > 0
    assert tops[0] > title.rect[1]
    foot = menu[1 + len(lessons)]
    assert foot.text.startswith("1..9 starts a lesson") and foot.text.endswith("closes")


@pytest.mark.parametrize("seed", range(4))
def test_the_dot_panel_prints_the_numbers_worked_out_by_hand(seed):
    """The dot-product scene after seeded arrow presses: the panel prints a and b, a . b
    = ax bx + ay by, theta in degrees from acos(a . b / (|a| |b|)), and a's shadow length
    a . b / |b|, each computed here from DOT_A and the tip's centre; a blank line, then
    the note on SAT."""
    import math

    import numpy as np

    from sandbox.app.headless import simulate
    from sandbox.app.options import parse_options
    from sandbox.scenes.builtin import DOT_A, DOT_ORIGIN

    rng = np.random.default_rng(300 + seed)
    keys = rng.choice(["left", "right", "up", "down"], 2, replace=False)
    held = [f"{keys[0]}:0-{int(rng.integers(1, 40))}", f"{keys[1]}:0-{int(rng.integers(1, 40))}"]
    argv = ["--headless", "--scene", "dot-product", "--frames", "40"]
    session, _ = simulate(parse_options(argv + [a for h in held for a in ("--hold", h)]))
    _, frame = _texts(session)
    panel = [t.text for t in frame.texts if t.where == "panel"]
    tip = session.world.centres()[session.world.controlled]
    ax, ay = DOT_A
    bx, by = tip[0] - DOT_ORIGIN[0], tip[1] - DOT_ORIGIN[1]
    dot = ax * bx + ay * by
    la, lb = math.hypot(ax, ay), math.hypot(bx, by)
    theta = math.degrees(math.acos(max(-1.0, min(1.0, dot / (la * lb)))))
    assert f"a = ({ax:.0f}, {ay:.0f})" in panel
    assert f"b = ({bx:.0f}, {by:.0f})" in panel
    assert f"= {dot:.0f}" in panel  # (the panel's wrap drops the leading spaces)
    assert f"= {la:.1f} × {lb:.1f} × {dot / (la * lb):.3f}" in panel
    sign = "positive" if dot > 0 else ("negative" if dot < 0 else "zero")
    assert f"sign: {sign}" in panel
    assert f"θ = {theta:.1f}°" in panel
    assert f"a's shadow on b: {dot / lb:.1f}" in panel
    # then one blank line, and the note on what SAT keeps of the pentagon
    rows = [t for t in frame.texts if t.where == "panel"]
    k = next(i for i, t in enumerate(rows) if t.text.startswith("a's shadow on b"))
    step = rows[k].rect[1] - rows[k - 1].rect[1]
    assert rows[k + 1].text.startswith("SAT drops the pentagon")
    assert rows[k + 1].rect[1] - rows[k].rect[1] == 2 * step


MANY_AXES = """title = "many axes"
gravity = [0, 0]
[[body]]
name = "dodecagon"
shape = "regular"
sides = 12
radius = 100
position = [300, 360]
controlled = true
[[body]]
name = "post"
shape = "box"
width = 60
height = 600
position = [431, 360]
static = true
"""


@pytest.mark.parametrize("size", ["1024x768"])
def test_the_deciding_row_is_drawn_when_not_all_rows_fit(tmp_path, size):
    """A dodecagon (6 distinct axes) 1 px left of a tall post: only the post's own x axis,
    the last of the 8 tested, separates them. On a projector, under the pair's words, not
    every row fits: the
    rows drawn are the first ones in test order plus the separating one ('the row that
    decides always among them'), and '+N more of 8' counts the others."""
    from sandbox.app.headless import simulate
    from sandbox.app.options import parse_options

    scene = tmp_path / "many.toml"
    scene.write_text(MANY_AXES)
    argv = ["--headless", "--scene", str(scene), "--frames", "1", "--theme", "projector"]
    options = parse_options([*argv, "--size", size])
    session, _ = simulate(options)
    init_pygame(headless=True)
    frame = draw_session(pygame.Surface(options.size), session, fps=None)
    report = session.step_record.shown.report
    assert len(report.axes) == 8 and report.separating is report.axes[-1]
    rows = {
        int(w.split()[1]) for w, _ in frame.marks if w.startswith("ruler ") and "scale" not in w
    }
    assert report.separating.index in rows
    missing = len(report.axes) - len(rows)
    assert missing > 0  # the case under test: not all rows fit
    assert rows - {report.separating.index} == {a.index for a in report.axes[: len(rows) - 1]}
    assert any(t.text.startswith(f"+{missing} more of 8") for t in frame.texts)


def test_a_translucent_patch_has_the_size_asked_for():
    """The halo behind a label is a patch of exactly the (width, height) asked for, at
    least 1 x 1, filled with the colour asked for."""
    from sandbox.render.view import translucent_patch

    init_pygame(headless=True)
    patch = translucent_patch((37.9, 11.2), (10, 20, 30, 200))
    assert patch.get_size() == (37, 11)
    assert tuple(patch.get_at((36, 10))) == (10, 20, 30, 200)
    assert translucent_patch((0, -3), (0, 0, 0, 0)).get_size() == (1, 1)


def test_the_step_through_narration_adds_the_swept_sentence():
    """tunnelling, tick 9, step-through on a tested axis of the swept bullet's pair: the
    narration is that step's words followed by what A's shadow does over the whole step,
    A's interval at the step's start stretched by the motion along the axis (computed
    here from the vertices)."""
    from sandbox.render.pair_words import narration

    bullet = swept_bullet_at_tick_9()
    steps = bullet.steps
    k = next(i for i, step in enumerate(steps) if step.kind == "test")
    lo, hi = bullet.swept_interval(steps[k].axis.axis)
    words, _ = narration(bullet.session.world, bullet.record, walk=WalkOnShow(tuple(steps), k))
    assert words.startswith(step_words(steps, k)[0])
    assert f" Moving, A sweeps {lo:.1f}..{hi:.1f}: " in words


@pytest.mark.parametrize("outline", range(4))
def test_the_filled_discs_of_the_convexity_test_are_the_reflex_corners(outline):
    """The concave scene's corner test (tutorial 004): a reflex corner's marker is a disc
    filled in the overlap colour, a convex corner's a ring. The markers whose ring is
    overlap-coloured all round are exactly as many as the outline's reflex corners,
    counted here from the signs of the cross products of its edges (against its winding).
    (A colour role, read from four pixels on each marker's ring, not a golden.)"""
    import numpy as np

    session = open_session(SCENES["concave"])
    for _ in range(outline):
        press(session, "f")
    surface, frame = _texts(session)
    theme = THEMES[session.theme]
    v = np.asarray(session.world.shape(session.world.controlled).vertices)
    before, after = v - np.roll(v, 1, axis=0), np.roll(v, -1, axis=0) - v
    turn = before[:, 0] * after[:, 1] - before[:, 1] * after[:, 0]
    winding = np.sum(v[:, 0] * np.roll(v[:, 1], -1) - np.roll(v[:, 0], -1) * v[:, 1])
    reflex = int(np.sum(turn * winding < -1e-9))
    assert reflex >= 1
    filled = 0
    for x, y, w, h in frame.markers:
        cx, cy, r = x + w / 2, y + h / 2, w / 2 - 2
        ring = [(0, 1 - r), (0, r - 1), (1 - r, 0), (r - 1, 0)]
        colours = [tuple(surface.get_at((round(cx + dx), round(cy + dy))))[:3] for dx, dy in ring]
        filled += colours.count(theme.overlap) >= 2
    assert filled == reflex


@pytest.mark.parametrize("small_first", [True, False])
def test_the_pair_words_name_which_shape_is_inside_which(small_first):
    """A 20 x 20 box wholly inside a 200 x 200 box: the HUD sentence says 'A is inside B'
    when the small box is A, 'B is inside A' when it is B; the depth printed is the
    shortest way out, 10 + 100 = 110 px (centres shared)."""
    from sandbox.core.geometry import Polygon
    from sandbox.core.pair import sat
    from sandbox.render.hud import _pair_words

    small, big = (
        Polygon.box(20, 20, position=(300, 300)),
        Polygon.box(200, 200, position=(300, 300)),
    )
    report = sat(small, big) if small_first else sat(big, small)
    words, role = _pair_words(report)
    who = "A is inside B" if small_first else "B is inside A"
    assert words.startswith(f"{who}: the shortest way out, 110.0")
    assert role == "overlap"


def test_each_grid_cells_count_sits_at_the_cells_centre():
    """Broad phase on the uniform grid (F once), after 30 steps: each cell shared by two or
    more bodies is labelled with their number, centred on the cell (the cell's bounds
    from the grid, mapped through the view), to the pixel; a label pushed inside the
    scene's edge is the only exception."""
    import numpy as np

    session = open_session(SCENES["broad-phase"])
    press(session, "f")
    assert session.world.broad_phase == "grid"
    for _ in range(30):
        advance(session, frozenset())
    surface, frame = _texts(session)
    view = _view_of(session, surface)
    _, result = session.world.broad
    centres: dict[str, list] = {}
    for cell in result.cells:
        if len(cell.bodies) > 1:
            x0, y0, x1, y1 = result.cell_bounds(cell)
            centres.setdefault(str(len(cell.bodies)), []).append(
                view.p((x0 + x1) / 2, (y0 + y1) / 2)
            )
    inner = view.scene_inner
    checked = 0
    for label in frame.texts:
        if label.where != "scene" or not label.text.isdigit():
            continue
        x, y, w, h = label.rect
        if x <= inner.left or y <= inner.top or x + w >= inner.right or y + h >= inner.bottom:
            continue  # clamped inside the scene
        centre = np.array([x + w / 2, y + h / 2])
        nearest = min(float(np.hypot(*(centre - p))) for p in centres[label.text])
        assert nearest <= 1.1, f"count {label.text} at {label.rect}"
        checked += 1
    assert checked >= 10


PANEL_SIZES = [(1280, 720), (1024, 768), (640, 480), (1920, 1080), (320, 240)]


def _panel_case(name, size):
    # sat-3d at 320 x 240 ran 'faces alone: a false positive' off the panel: now wrapped
    return pytest.param(name, size)


@pytest.mark.parametrize(
    "name,size",
    [_panel_case(name, size) for name in SCENES for size in PANEL_SIZES],
    ids=[f"{name}-{w}x{h}" for name in SCENES for w, h in PANEL_SIZES],
)
def test_panel_text_keeps_inside_the_panels_margins(name, size):
    """Every text of the right panel (pair numbers, rulers, a demo's numbers) lies between
    the panel's left edge plus a pad and its right edge less one and a half pads (the
    column the panel writes in), every scene, after 3 steps, at five window sizes."""

    session = open_session(SCENES[name])
    for _ in range(3):
        advance(session, frozenset())
    surface, frame = _texts(session, size)
    view = _view_of(session, surface)
    panel, pad = view.panel_rect, view.layout.pad
    texts = [t for t in frame.texts if t.where == "panel"]
    assert texts
    for text in texts:
        x, _, w, _ = text.rect
        assert panel.x + pad <= x and x + w <= panel.right - 1.5 * pad + 0.5, text


def _inks(surface, rect) -> set:
    """The colours present in a text's rectangle (its glyphs' full-coverage pixels carry
    the text's own colour exactly)."""
    x, y, w, h = rect
    return {tuple(surface.get_at((i, j)))[:3] for i in range(x, x + w) for j in range(y, y + h)}


def test_the_3d_panel_colours_each_axis_name_by_its_role():
    """sat-3d's false-positive pose: the deciding (separating) axis's name is written in
    the gap colour, the other edge x edge axes' names in the text colour, the face axes'
    names dimmed (they are not the lesson of this scene). Read from the glyphs' colour."""
    from sandbox.render.space import axis_tag

    session = open_session(SCENES["sat-3d"])
    surface, frame = _texts(session)
    theme = THEMES[session.theme]
    report = session.space.report()
    assert report.separating is not None
    by_text = {t.text: t for t in frame.texts if t.where == "panel"}
    seen = set()
    for axis in report.axes:
        label = by_text.get(axis_tag(axis))
        if label is None:
            continue
        if axis.index == report.separating.index:
            role = "gap"
        else:
            role = "text" if axis.feature == "edge x edge" else "text_dim"
        inks = _inks(surface, label.rect)
        assert getattr(theme, role) in inks, (label.text, role)
        others = {"gap", "text", "text_dim"} - {role}
        assert not any(getattr(theme, other) in inks for other in others), label.text
        seen.add(role)
    assert seen == {"gap", "text", "text_dim"}


def test_the_step_through_footer_counts_the_axes_tested_so_far():
    """six-axes, step-through (A, then '.' each step): under the rulers, 'k of 6 axes
    tested' where k is the number of axes the walk has tested up to and including the
    current step (from core's walkthrough); once SAT stops early, ': early exit'. Rows
    not reached yet say 'not yet'; after the early exit the rest say 'not tested'."""
    session = open_session(SCENES["six-axes"])
    report = session.step_record.shown.report
    steps = walkthrough(report)
    n = len(report.axes)
    press(session, "a")
    for k in range(len(steps)):
        _, frame = _texts(session)
        panel = [t.text for t in frame.texts if t.where == "panel"]
        tested = len({s.axis.index for s in steps[: k + 1] if s.kind == "test"})
        untested = {a.index for s in steps[: k + 1] for a in s.untested}
        footer = f"{tested} of {n} axes tested" + (": early exit" if untested else "")
        assert footer in panel, (k, panel)
        reached = {s.axis.index for s in steps[: k + 1] if s.axis is not None}
        assert panel.count("not tested") == len(untested)
        assert panel.count("not yet") == n - len(reached | untested)
        press(session, ".")
    assert untested  # the walk did end early


def test_the_broad_phase_scene_draws_each_method_and_names_it():
    """F cycles sort-and-sweep, the uniform grid and the quadtree: after a step with each,
    it is drawn (the quadtree's nodes too, never drawn outside the goldens before) and
    the panel's first line names the method in use."""
    from sandbox.render.broadview import SAID

    session = open_session(SCENES["broad-phase"])
    for _ in range(10):
        advance(session, frozenset())
    seen = []
    for _ in range(3):
        advance(session, frozenset())
        _, frame = _texts(session)
        panel = [t.text for t in frame.texts if t.where == "panel"]
        assert SAID[session.world.broad_phase] in panel
        seen.append(session.world.broad_phase)
        press(session, "f")
    assert sorted(seen) == ["grid", "quadtree", "sweep"]


def test_switching_the_broad_phase_while_paused_draws():
    """Paused in the broad-phase scene, F (the next method) and the frame drawn before
    any step: the window draws every frame while paused, so this must not fail. (It
    failed: the last step's result of the old method was drawn as the new one's.)"""
    session = open_session(SCENES["broad-phase"])
    advance(session, frozenset())
    press(session, "space")
    assert session.paused
    from sandbox.render.broadview import SAID

    for method in ("grid", "quadtree", "sweep"):
        press(session, "f")
        assert session.world.broad_phase == method
        _, frame = _texts(session)
        assert SAID[method] in [t.text for t in frame.texts if t.where == "panel"]
        assert type(session.world.broad[1]).__name__ != "BroadPhaseResult" or method == "sweep"


def _classic_colliding():
    from sandbox.app.headless import simulate
    from sandbox.app.options import parse_options

    argv = ["--headless", "--scene", "classic", "--frames", "45", "--hold", "right:0-44"]
    session, _ = simulate(parse_options(argv))
    return session


def test_the_rulers_key_writes_a_and_b_in_their_shapes_text_colours():
    """The rulers' key: the word 'A' is written in A's text colour and 'B' in B's, not in
    the plain text colour (read from the glyphs)."""
    session = _classic_colliding()
    surface, frame = _texts(session)
    theme = THEMES[session.theme]
    panel = {t.text: t for t in frame.texts if t.where == "panel"}
    for word, role in (("A", theme.text_a), ("B", theme.text_b)):
        inks = _inks(surface, panel[word].rect)
        assert role in inks and theme.text not in inks, word


def test_the_mtv_row_is_tagged_mtv():
    """Colliding (classic, the triangle pushed into the polygon): the ruler row of the
    report's MTV axis carries the tag 'MTV' on its line, and no other row does."""
    from sandbox.render.rulers import axis_name

    session = _classic_colliding()
    _, frame = _texts(session)
    report = session.step_record.shown.report
    assert report.colliding and report.mtv_axis is not None
    panel = [t for t in frame.texts if t.where == "panel"]
    (tag,) = [t for t in panel if t.text == "MTV"]
    middle = tag.rect[1] + tag.rect[3] / 2
    on_line = [
        t.text for t in panel if abs(t.rect[1] + t.rect[3] / 2 - middle) <= 1 and t is not tag
    ]
    assert axis_name(report.mtv_axis) in on_line


def test_the_status_line_says_how_far_back_a_rewind_went():
    """60 steps run, then Backspace 30 times (one step each, 1/60 s a step): the status
    line says 'rewound 0.50 s' (30 / 60), and the tick shown is 30."""
    session = open_session(SCENES["classic"])
    for _ in range(60):
        advance(session, frozenset())
    for _ in range(30):
        press(session, "backspace")
    _, frame = _texts(session)
    status = " ".join(t.text for t in frame.texts if t.where == "status")
    assert "rewound 0.50 s" in status
    assert "tick 30" in status
