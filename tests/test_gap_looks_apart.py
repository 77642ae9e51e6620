"""Issue 41, item 2: what the words call apart looks apart. The pair's outlines are
stroked inside their edges, so a world gap between A and B stays background between
the strokes at any zoom: along the shortest segment between the shapes (shapely's
nearest points, the oracle), no pixel more than a pixel from its ends is A's or B's
stroke colour (with the rulers' guides and the vertex dots, which lie on the outline
itself, turned off). Before, the strokes straddled the edges and a gap narrower than a
line (words: "gap 2.0") was drawn as outlines that touch."""

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from driving import UiChange, dispatch, draw_session, open_session, press  # noqa: E402
from shapely.geometry import Polygon as ShapelyPolygon  # noqa: E402
from shapely.ops import nearest_points  # noqa: E402

from sandbox.app.view_model import layout_for  # noqa: E402
from sandbox.render.layout import world_transform  # noqa: E402
from sandbox.render.theme import THEMES  # noqa: E402
from sandbox.scenes.registry import load_scene  # noqa: E402

SIZE = (1024, 768)


def _scene(tmp_path, gap: float, angle: float):
    """A 120 px box A left of a 100 px box B turned by `angle` degrees, B's nearest
    corner `gap` px from A's right face; no gravity, nothing moves."""
    half = 50 * (abs(math.cos(math.radians(angle))) + abs(math.sin(math.radians(angle))))
    text = f"""title = "gap"
gravity = [0, 0]

[[body]]
name = "A"
shape = "box"
width = 120
height = 120
position = [300, 360]
controlled = true

[[body]]
name = "B"
shape = "box"
width = 100
height = 100
position = [{360 + gap + half!r}, 360]
angle = {math.radians(angle)!r}
"""
    path = tmp_path / f"gap-{gap}-{angle}.toml"
    path.write_text(text, encoding="utf-8")
    return load_scene(str(path))


@pytest.mark.parametrize("angle", [0.0, 30.0, 45.0])
@pytest.mark.parametrize("gap", [1.0, 2.0, 4.0])
@pytest.mark.parametrize("zoom", [1.0, 2.0, 4.0])
def test_a_world_gap_stays_background_between_the_strokes(tmp_path, gap, angle, zoom):
    """See the module docstring: boxes `gap` world px apart, B turned `angle` degrees, at
    `zoom` (the gap is 0.8-13 px on screen): the gap's pixels are neither stroke colour."""
    pygame.display.init()
    pygame.font.init()
    session = open_session(_scene(tmp_path, gap, angle), theme="projector")
    dispatch(session, UiChange("view", (zoom, 360.0 + gap / 2, 360.0)))
    for key in ("x", "v"):  # the rulers' guides and the vertex dots lie on the outline itself
        press(session, key)
    assert not session.overlays.show_projections and not session.overlays.show_vertex_indices
    theme = THEMES["projector"]
    surface = pygame.Surface(SIZE)
    draw_session(surface, session)
    shapes = [session.world.shape(k) for k in (0, 1)]
    a, b = (ShapelyPolygon([tuple(map(float, p)) for p in s.vertices]) for s in shapes)
    assert a.distance(b) == pytest.approx(gap, abs=1e-9)
    pa, pb = nearest_points(a, b)
    scale, ox, oy = world_transform(layout_for(session, SIZE), session.camera)
    x0, y0 = pa.x * scale + ox, pa.y * scale + oy
    x1, y1 = pb.x * scale + ox, pb.y * scale + oy
    length = math.hypot(x1 - x0, y1 - y0)
    strokes = {theme.shape_a[:3], theme.shape_b[:3]}
    samples = 0
    for k in range(1, 64):
        t = k / 64
        if t * length < 1.0 or (1 - t) * length < 1.0:
            continue  # within a pixel of a shape's edge: the stroke's anti-aliasing
        pixel = surface.get_at((math.floor(x0 + t * (x1 - x0)), math.floor(y0 + t * (y1 - y0))))
        assert tuple(pixel)[:3] not in strokes, (gap, angle, zoom, t, tuple(pixel))
        samples += 1
    assert samples > 0 or length < 2.0, (length, samples)
