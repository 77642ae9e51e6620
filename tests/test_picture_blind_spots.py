"""Issue 36, items 10 and 11: two blind spots of the picture tests, each shown by a
mutation that survived the whole suite. (10) The dot-product demo's polygon dropped onto
b's axis: its shadow's ends, checked against a projection worked out here by hand.
(11) The separating axis drawn across the scene: poses where it is the third, the fifth
or one of B's axes in test order, so that drawing the first axis tested is caught."""

from __future__ import annotations

import math
import os

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from test_picture import _frame  # noqa: E402

from sandbox.core.geometry import Polygon  # noqa: E402
from sandbox.scenes.builtin import DOT_ORIGIN  # noqa: E402

# -- item 10: the polygon's shadow on b -----------------------------------------------------


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("size", ["1280x720", "1024x768"])
def test_the_polygons_shadow_on_b_is_its_vertices_projected_by_hand(seed, size):
    """The dot-product scene after random arrow presses: the polygon's shadow drawn on
    b's axis runs from origin + t_min u to origin + t_max u, where t = (vertex - origin)
    . u for u = b / |b|, each written out here, mapped through the view; the min and max
    labels say those t."""
    rng = np.random.default_rng(3600 + seed)
    keys = rng.choice(["left", "right", "up", "down"], 2, replace=False)
    held = [f"{keys[0]}:0-{int(rng.integers(1, 60))}", f"{keys[1]}:0-{int(rng.integers(1, 60))}"]
    session, view, marks = _frame("dot-product", 60, held, size)
    world = session.world
    tip = world.centres()[world.controlled]
    ox, oy = DOT_ORIGIN
    bx, by = float(tip[0]) - ox, float(tip[1]) - oy
    length = math.hypot(bx, by)
    ux, uy = bx / length, by / length
    polygon = next(world.shape(i) for i in range(len(world.bodies))
                   if isinstance(world.shape(i), Polygon))  # fmt: skip
    t = [(float(x) - ox) * ux + (float(y) - oy) * uy for x, y in polygon.vertices]
    (shadow,) = marks["polygon shadow"]
    for end, at in zip(shadow, (min(t), max(t)), strict=True):
        assert end == pytest.approx(view.p(ox + at * ux, oy + at * uy), abs=1e-6)
    frame = session.draw(pygame.Surface(view.surface.get_size()), fps=None)
    words = {text.text for text in frame.texts}
    assert f"min {min(t):.1f}" in words and f"max {max(t):.1f}" in words, words
