"""The picture checked against the numbers, without goldens: a label or an arrow drawn in
the wrong place fails here whatever the golden images say (issue 20, item 2, in part)."""

from __future__ import annotations

import os

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from driving import draw_session, frame_model  # noqa: E402

from sandbox.app.headless import init_pygame, simulate  # noqa: E402
from sandbox.app.options import parse_options  # noqa: E402
from sandbox.core.geometry import Polygon  # noqa: E402
from sandbox.render.theme import THEMES  # noqa: E402
from sandbox.render.view import View  # noqa: E402

SIZES = [(320, 240), (400, 3000), (7680, 240), (1024, 768), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_world_is_scaled_alike_in_x_and_y(size):
    """A world length of 100 is the same number of pixels along x and along y, and the
    layout's scale, at every window size; View.pts maps each point as View.p does."""
    init_pygame(headless=True)
    view = View(pygame.Surface(size), THEMES["dark"])
    x0, y0 = view.p(0.0, 0.0)
    along_x = view.p(100.0, 0.0)[0] - x0
    along_y = view.p(0.0, 100.0)[1] - y0
    assert along_x == pytest.approx(along_y, rel=1e-12)
    assert along_x == pytest.approx(100.0 * view.layout.scale, rel=1e-12)
    points = np.random.default_rng(1).uniform(-500, 1500, (20, 2))
    assert np.allclose(view.pts(points), [view.p(*p) for p in points])


@pytest.mark.parametrize(
    "scene,holds",
    [("classic", ["right:0-29", "up:30-44"]), ("six-axes", []), ("squares", ["e:0-20"])],
)
def test_each_edge_label_sits_by_its_own_edge(scene, holds):
    """Every 'ek' label drawn in the scene is centred (to a pixel) on one of the four
    places features.py offers edge k of shape A or B: beyond the tip of that edge's
    normal, or beside it. (The planted bug 'e0 drawn at e2's midpoint' fails here.)"""
    init_pygame(headless=True)
    argv = ["--headless", "--scene", scene, "--frames", "60"]
    options = parse_options(argv + [a for h in holds for a in ("--hold", h)])
    session, _ = simulate(options)
    surface = pygame.Surface(options.size)
    report = draw_session(surface, session, fps=None)
    view = _view_of(session, surface)
    shown = session.step_record.shown
    shapes = [s for s in (shown.a_shape, shown.b_shape) if isinstance(s, Polygon)]
    theme = THEMES[session.theme]
    gap = 10 * view.k / view.s

    def places(shape, k):
        """Screen points where edge k's label may be centred (features.py's four)."""
        verts, normals = np.asarray(shape.vertices), np.asarray(shape.normals)
        if k >= len(verts):
            return []
        m, n = (verts[k] + verts[(k + 1) % len(verts)]) / 2, normals[k]
        box = shape.aabb()
        length = min(theme.normal_length, max(12.0, max(box.width, box.height) * 0.45))
        base = m + n * length + n * gap
        t = np.array([-n[1], n[0]])
        world = [base + n * gap, base + t * 3 * gap, base - t * 3 * gap, base + n * 3 * gap]
        return [np.array(view.p(*w)) for w in world]

    labels = [t for t in report.texts if t.where == "scene" and t.text[:1] == "e"]
    labels = [t for t in labels if t.text[1:].isdigit()]
    assert len(labels) >= 6
    for label in labels:
        k = int(label.text[1:])
        x, y, w, h = label.rect
        centre = np.array([x + w / 2, y + h / 2])
        nearest = min(
            (float(np.hypot(*(centre - p))) for shape in shapes for p in places(shape, k)),
            default=np.inf,
        )
        assert nearest <= 1.5, f"{label.text} at {label.rect}: {nearest:.1f} px from edge {k}"


def _frame(scene: str, frames: int, holds=(), size="1280x720"):
    init_pygame(headless=True)
    argv = ["--headless", "--scene", scene, "--frames", str(frames), "--size", size]
    options = parse_options(argv + [a for h in holds for a in ("--hold", h)])
    session, _ = simulate(options)
    surface = pygame.Surface(options.size)
    report = draw_session(surface, session, fps=None)
    marks = {}
    for what, points in report.marks:
        marks.setdefault(what, []).append(np.asarray(points, dtype=float))
    return session, _view_of(session, surface), marks


def _view_of(session, surface) -> View:
    """The view the session's frame was drawn with (its bands, toolbar and zoom)."""
    from sandbox.render.layout import bands

    bands_now = bands(frame_model(session, None), session.overlays)
    return View(surface, THEMES[session.theme], *bands_now, camera=session.camera)


@pytest.mark.parametrize("size", ["1280x720", "1024x768", "640x480"])
@pytest.mark.parametrize("seed", range(6))
def test_the_axis_drawn_is_the_reports_separating_axis_with_its_intervals(seed, size):
    """Random seeded poses of the classic pair, apart: the axis drawn across the scene
    runs along the report's separating axis, and the A and B bars drawn on it are the
    report's intervals on that axis (screen points mapped back through the view)."""
    rng = np.random.default_rng(seed)
    held = [f"left:0-{int(rng.integers(5, 40))}", f"up:0-{int(rng.integers(0, 30))}"]
    session, view, marks = _frame("classic", 45, held, size)
    report = session.step_record.shown.report
    assert not report.colliding and report.separating is not None
    (axis,) = marks["axis"]
    along = (axis[1] - axis[0]) / view.s  # one world unit along the drawn axis
    assert along == pytest.approx(np.asarray(report.separating.axis), abs=1e-9)
    unit = along / np.hypot(*along)
    for name, interval in (
        ("A", report.separating.a_interval),
        ("B", report.separating.b_interval),
    ):
        (bar,) = marks[f"{name} interval"]
        t = [float(np.dot(p - axis[0], unit)) / view.s for p in bar]
        assert t == pytest.approx(list(interval), abs=1e-6), name


@pytest.mark.parametrize("seed", range(6))
def test_the_mtv_arrow_is_the_reports_mtv_from_a_s_centre(seed):
    """Random seeded pushes of the triangle into the polygon (colliding): the MTV arrow
    starts at A's centroid and is the report's MTV (or its normal 16 units long, when
    the MTV is shorter), mapped through the view."""
    rng = np.random.default_rng(100 + seed)
    frames = int(rng.integers(30, 60))
    session, view, marks = _frame("classic", frames, [f"right:0-{frames - 1}"])
    shown = session.step_record.shown
    report = shown.report
    assert report.colliding and report.depth > 0.05
    (arrow,) = marks["mtv"]
    expect_tail = np.asarray(view.p(*shown.a_shape.centroid))
    mtv = np.asarray(report.mtv if report.depth >= 16.0 else np.asarray(report.normal) * 16.0)
    assert arrow[0] == pytest.approx(expect_tail, abs=1e-9)
    assert (arrow[1] - arrow[0]) / view.s == pytest.approx(mtv, abs=1e-9)


@pytest.mark.parametrize("seed", range(8))
def test_the_dot_products_shadow_is_a_projected_onto_b_by_hand(seed):
    """The dot-product scene after random arrow presses: the shadow drawn runs from the
    origin to (a . b / |b|^2) b, computed here by hand from a = DOT_A and b = the tip's
    centre minus DOT_ORIGIN, mapped through the view."""
    from sandbox.scenes.builtin import DOT_A, DOT_ORIGIN

    rng = np.random.default_rng(200 + seed)
    keys = rng.choice(["left", "right", "up", "down"], 2, replace=False)
    held = [f"{keys[0]}:0-{int(rng.integers(1, 40))}", f"{keys[1]}:0-{int(rng.integers(1, 40))}"]
    session, view, marks = _frame("dot-product", 40, held)
    world = session.world
    tip = world.centres()[world.controlled]
    ax, ay = DOT_A
    bx, by = tip[0] - DOT_ORIGIN[0], tip[1] - DOT_ORIGIN[1]
    scale = (ax * bx + ay * by) / (bx * bx + by * by)
    if abs(ax * bx + ay * by) < 1e-6 * np.hypot(ax, ay) * np.hypot(bx, by):
        assert "dot shadow" not in marks  # perpendicular: no shadow to draw
        return
    (shadow,) = marks["dot shadow"]
    assert shadow[0] == pytest.approx(view.p(*DOT_ORIGIN), abs=1e-9)
    end = (DOT_ORIGIN[0] + scale * bx, DOT_ORIGIN[1] + scale * by)
    assert shadow[1] == pytest.approx(view.p(*end), abs=1e-6)


@pytest.mark.parametrize(
    "scene,frames,holds",
    [
        ("classic", 45, ["right:0-44"]),
        ("classic", 30, ["left:0-20", "up:0-10"]),
        ("six-axes", 1, []),
        ("squares", 30, ["e:0-20", "right:0-25"]),
        ("engulfed", 20, ["right:0-9"]),
    ],
)
def test_each_ruler_row_is_its_axis_in_the_report(scene, frames, holds):
    """One ruler row per tested axis of the report, in its order; on each, A's and B's bars
    are the report's intervals on that axis: lengths and the offset between them, at the
    row's scale (one scale for every row)."""
    session, view, marks = _frame(scene, frames, holds)
    report = session.step_record.shown.report
    rows = {int(w.split()[1]) for w in marks if w.startswith("ruler ") and "scale" not in w}
    assert rows == {axis.index for axis in report.axes}
    scales = {float(marks[f"ruler {axis.index} scale"][0][0][0]) for axis in report.axes}
    assert len(scales) == 1
    ppu = scales.pop()
    for axis in report.axes:
        (bars,) = marks[f"ruler {axis.index}"]
        (a_lo, a_hi), (b_lo, b_hi) = axis.a_interval, axis.b_interval
        xs = bars[:, 0] / ppu
        assert xs[1] - xs[0] == pytest.approx(a_hi - a_lo, abs=1e-6)
        assert xs[3] - xs[2] == pytest.approx(b_hi - b_lo, abs=1e-6)
        assert xs[2] - xs[0] == pytest.approx(b_lo - a_lo, abs=1e-6)
