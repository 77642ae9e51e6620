"""The registry of built-in scenes, and `load_scene`: a built-in name or a TOML file path."""

from __future__ import annotations

from pathlib import Path

from ..core.locales import N_
from .base import Scene, SceneError
from .builtin import (
    broad_phase,
    circle_polygon,
    circles,
    classic,
    concave,
    dot_product,
    engulfed,
    gravity,
    pile,
    sat_3d,
    six_axes,
    spin,
    squares,
    stack,
    tumble,
    tunnelling,
)
from .scene_file import load_scene_file

SCENES: dict[str, Scene] = {
    s.name: s
    for s in (
        Scene(
            "classic",
            N_("The classic SAT demo (tutorial 003)"),
            N_("Arrows move the triangle. Push it into the polygon: the MTV slides it back out."),
            classic,
        ),
        Scene(
            "six-axes",
            N_("Six axes, one separates (tutorial 004)"),
            N_(
                "Six axes to test. At the start only A's third edge (e2 here) has a gap: "
                "no collision."
            ),
            six_axes,
        ),
        Scene(
            "squares",
            N_("Two squares (tutorial 001)"),
            N_("Move the square with the arrows, turn it with Q and E. Watch each axis's shadows."),
            squares,
        ),
        Scene(
            "circle",
            N_("Circle against polygon (tutorial 004)"),
            N_("A circle adds one axis: from the polygon's nearest corner to the circle's centre."),
            circle_polygon,
        ),
        Scene(
            "engulfed",
            N_("One shape inside another (tutorial 001)"),
            N_("A shape inside another: the depth is the shortest way out, not the shared length."),
            engulfed,
        ),
        Scene(
            "gravity",
            N_("Falling polygons (tutorial 002)"),
            N_("Shapes fall, turn and rest: impulses act at the contact points. G turns gravity."),
            gravity,
        ),
        Scene(
            "pile",
            N_("A pile: broad phase first (tutorial 004)"),
            N_("Many shapes: a quick box test picks the few pairs that SAT needs to check."),
            pile,
        ),
        Scene(
            "tunnelling",
            N_("Tunnelling, swept test (tutorial 003)"),
            N_("Each bullet moves 60 px a step; the wall is 6 px thick. The top one skips it."),
            tunnelling,
            tab_pairs=(
                ("bullet, swept test", "wall (bottom)"),
                ("bullet, discrete test", "wall (top)"),
            ),
            slow_start=True,
            pair=(None, "wall (bottom)"),
        ),
        Scene(
            "tumble",
            N_("Tumbling: force at the contact point (tutorial 002)"),
            N_("An impulse at a contact point away from the centre turns the body: it lands flat."),
            tumble,
            pair=(None, "floor"),
        ),
        Scene(
            "stack",
            N_("Stacks: a column and a pyramid at rest"),
            N_("Contacts pass the weight down; arrows drive the heavy box into them. Q/E: torque."),
            stack,
            pair=("column 1", "column 0"),
        ),
        Scene(
            "spin",
            N_("An off-centre hit: spin from the lever arm"),
            N_("It hits at 600 px/s off centre: both turn, momentum is kept. I: arrows."),
            spin,
            hold_at_impact=True,
            pair=(None, "target"),
        ),
        Scene(
            "circles",
            N_("Circle against circle (tutorial 004)"),
            N_("Two circles need one axis only: the line through both centres."),
            circles,
        ),
        Scene(
            "dot-product",
            N_("The dot product (tutorial 003)"),
            N_(
                "Move b's tip (arrows or drag): a·b, the angle, a's shadow on b; "
                "the sign says the side."
            ),
            dot_product,
            demo="dot-product",
        ),
        Scene(
            "broad-phase",
            N_("The broad phase at work (tutorial 004)"),
            N_("F: sort and sweep, grid, quadtree. Y: start overlapping. Lines: pairs for SAT."),
            broad_phase,
            demo="broad-phase",
        ),
        Scene(
            "sat-3d",
            N_("SAT in 3D: edge x edge axes (tutorial 004)"),
            N_("Arrows move B, Q/E turn it, F: next pose, J/L: the view."),
            sat_3d,
            demo="sat-3d",
        ),
        Scene(
            "concave",
            N_("Concave shapes: split into convex pieces (tutorials 001, 004)"),
            N_("SAT needs convex shapes: concave ones are split (dashed). F: the next outline."),
            concave,
            outline_test=True,
            pair=(None, "cup"),  # piece against piece
        ),
    )
}
DEFAULT_SCENE = "classic"

# The built-in bodies' names (scenes/builtin.py), for the catalogues: the screen and the
# frame in words say them in the class's language ("A = Dreieck"); one-letter ones stay
# as they are. The swept test's bullets are also
# said the other way round ("the swept test bullet").
BODY_NAMES = (
    N_("backstop (left)"), N_("backstop (right)"), N_("ball"), N_("big circle"),
    N_("box in the cup"), N_("box past the ledge"), N_("bullet, discrete test"),
    N_("bullet, swept test"), N_("ceiling"), N_("circle"), N_("cup"), N_("floor"),
    N_("large"), N_("ledge"), N_("left wall"), N_("moving square"), N_("pentagon"),
    N_("player"), N_("polygon"), N_("projectile"), N_("right wall"), N_("small"),
    N_("square"), N_("target"), N_("tilted box"), N_("tip of b"), N_("triangle"),
    N_("wall (bottom)"), N_("wall (top)"), N_("discrete test bullet"),
    N_("swept test bullet"),
)  # fmt: skip
# The numbered ones' patterns (Language.name says "column 3" by "column {number}").
NUMBERED_NAMES = (
    N_("body {number}"), N_("falling {number}"), N_("column {number}"), N_("pyramid {number}"),
)  # fmt: skip


def load_scene(name_or_path: str) -> Scene:
    """A built-in scene by name, or a scene from a .toml file."""
    if name_or_path in SCENES:
        return SCENES[name_or_path]
    path = Path(name_or_path)
    if path.suffix.lower() != ".toml" and not _exists(path):
        raise SceneError.words(
            N_(
                "unknown scene {name_or_path!r}; built-in scenes: {scenes} (or give a path to "
                "a .toml scene file)"
            ),
            name_or_path=name_or_path,
            scenes=", ".join(SCENES),
        )
    return load_scene_file(path)


def _exists(path: Path) -> bool:
    """Whether something is at `path`; False for a name no file could have (too long, NUL)."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False
