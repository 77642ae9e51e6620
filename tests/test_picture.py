"""The picture checked against the numbers, without goldens: a label or an arrow drawn in
the wrong place fails here whatever the golden images say (issue 20, item 2, in part)."""

from __future__ import annotations

import os

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

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
    report = session.draw(surface, fps=None)
    view = View(surface, THEMES[session.theme])
    shown = session.record.shown
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
