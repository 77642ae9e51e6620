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

from driving import draw_session  # noqa: E402
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
    frame = draw_session(pygame.Surface(view.surface.get_size()), session, fps=None)
    words = {text.text for text in frame.texts}
    assert f"min {min(t):.1f}" in words and f"max {max(t):.1f}" in words, words


# -- item 11: the separating axis is the report's, whichever it is --------------------------

# Poses found by a seeded search: A a regular polygon, B another, apart; the first axis in
# test order with a gap is A's third (index 2), A's fifth (index 4), or one of B's.
POSES = {
    "A's third": ((6, 102.67, (496.18, 324.54), 3.4774), (4, 66.47, (342.73, 340.62), 3.7152)),
    "A's fifth": ((5, 79.84, (393.30, 386.14), 2.7383), (5, 50.88, (309.86, 482.05), 1.0227)),
    "one of B's": ((6, 87.44, (414.10, 417.61), 4.5303), (5, 79.58, (573.88, 465.98), 5.2625)),
}
EXPECTED = {"A's third": ("a", 2), "A's fifth": ("a", 4), "one of B's": ("b", None)}


def _scene_file(folder, pose) -> str:
    lines = ['title = "pose"', 'lesson = "the separating axis"', "gravity = [0.0, 0.0]"]
    lines += ["rigid = false", 'focus = "A"', 'partner = "B"']
    for name, (sides, radius, (x, y), angle) in zip("AB", pose, strict=True):
        lines += ["[[body]]", f'name = "{name}"', 'shape = "regular"', f"sides = {sides}"]
        lines += [f"radius = {radius}", f"position = [{x}, {y}]", f"angle = {angle}"]
        lines += ["static = true"] if name == "B" else ["controlled = true"]
    path = folder / "pose.toml"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


@pytest.mark.parametrize("size", ["1280x720", "1024x768", "640x480"])
@pytest.mark.parametrize("pose", list(POSES))
def test_the_axis_drawn_is_the_separating_one_when_it_is_not_the_first(pose, size, tmp_path):
    """A's third axis, A's fifth, one of B's separates them (the axes before it overlap):
    the axis drawn across the scene runs along the report's separating axis, not the
    first axis tested, and the A and B bars on it are its intervals."""
    session, view, marks = _frame(_scene_file(tmp_path, POSES[pose]), 1, (), size)
    report = session.step_record.shown.report
    owner, index = EXPECTED[pose]
    separating = report.separating
    assert not report.colliding and separating is not None
    assert separating.owner == owner and (index is None or separating.index == index)
    assert separating.index > 0 and separating is not report.axes[0]
    first = np.asarray(report.axes[0].axis)
    assert abs(float(np.dot(first, separating.axis))) < 0.999  # another direction
    (axis,) = marks["axis"]
    along = (axis[1] - axis[0]) / view.s
    assert along == pytest.approx(np.asarray(separating.axis), abs=1e-9)
    unit = along / np.hypot(*along)
    for name, interval in (("A", separating.a_interval), ("B", separating.b_interval)):
        (bar,) = marks[f"{name} interval"]
        t = [float(np.dot(p - axis[0], unit)) / view.s for p in bar]
        assert t == pytest.approx(list(interval), abs=1e-6), name
