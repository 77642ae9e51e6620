"""The registry of built-in scenes, and `load_scene`: a built-in name or a TOML file path."""

from __future__ import annotations

from pathlib import Path

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
            "The classic SAT demo (tutorial 003)",
            "Arrows move the triangle. Push it into the polygon: the MTV slides it back out.",
            classic,
        ),
        Scene(
            "six-axes",
            "Six axes, one separates (tutorial 004)",
            "Six axes to test. At the start only A's third edge (e2 here) has a gap: no collision.",
            six_axes,
        ),
        Scene(
            "squares",
            "Two squares (tutorial 001)",
            "Move the square with the arrows, turn it with Q and E. Watch each axis's shadows.",
            squares,
        ),
        Scene(
            "circle",
            "Circle against polygon (tutorial 004)",
            "A circle adds one axis: from the polygon's nearest corner to the circle's centre.",
            circle_polygon,
        ),
        Scene(
            "engulfed",
            "One shape inside another (tutorial 001)",
            "A shape inside another: the depth is the shortest way out, not the shared length.",
            engulfed,
        ),
        Scene(
            "gravity",
            "Falling polygons (tutorial 002)",
            "Shapes fall, turn and rest: impulses act at the contact points. G turns gravity.",
            gravity,
        ),
        Scene(
            "pile",
            "A pile: broad phase first (tutorial 004)",
            "Many shapes: a quick box test picks the few pairs that SAT needs to check.",
            pile,
        ),
        Scene(
            "tunnelling",
            "Tunnelling, swept test (tutorial 003)",
            "Each bullet moves 60 px a step; the wall is 6 px thick. The top one skips it.",
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
            "Tumbling: force at the contact point (tutorial 002)",
            "An impulse at a contact point away from the centre turns the body: it lands flat.",
            tumble,
            pair=(None, "floor"),
        ),
        Scene(
            "stack",
            "Stacks: a column and a pyramid at rest",
            "Contacts pass the weight down; arrows drive the heavy box into them. Q/E: torque.",
            stack,
            pair=("column 1", "column 0"),
        ),
        Scene(
            "spin",
            "An off-centre hit: spin from the lever arm",
            "It hits at 600 px/s off centre: both turn, momentum is kept. I: arrows.",
            spin,
            hold_at_impact=True,
            pair=(None, "target"),
        ),
        Scene(
            "circles",
            "Circle against circle (tutorial 004)",
            "Two circles need one axis only: the line through both centres.",
            circles,
        ),
        Scene(
            "dot-product",
            "The dot product (tutorial 003)",
            "Move b's tip (arrows or drag): a·b, the angle, a's shadow on b; "
            "the sign says the side.",
            dot_product,
            demo="dot-product",
        ),
        Scene(
            "broad-phase",
            "The broad phase at work (tutorial 004)",
            "F: sort and sweep, grid, quadtree. Y: start overlapping. Lines: pairs for SAT.",
            broad_phase,
            demo="broad-phase",
        ),
        Scene(
            "sat-3d",
            "SAT in 3D: edge x edge axes (tutorial 004)",
            "Arrows move B, Q/E turn it, F: next pose, J/L: the view.",
            sat_3d,
            demo="sat-3d",
        ),
        Scene(
            "concave",
            "Concave shapes: split into convex pieces (tutorials 001, 004)",
            "SAT needs convex shapes: concave ones are split (dashed). F: the next outline.",
            concave,
            outline_test=True,
            pair=(None, "cup"),  # piece against piece
        ),
    )
}
DEFAULT_SCENE = "classic"


def load_scene(name_or_path: str) -> Scene:
    """A built-in scene by name, or a scene from a .toml file."""
    if name_or_path in SCENES:
        return SCENES[name_or_path]
    path = Path(name_or_path)
    if path.suffix.lower() != ".toml" and not _exists(path):
        raise SceneError(
            f"unknown scene {name_or_path!r}; built-in scenes: {', '.join(SCENES)} "
            "(or give a path to a .toml scene file)"
        )
    return load_scene_file(path)


def _exists(path: Path) -> bool:
    """Whether something is at `path`; False for a name no file could have (too long, NUL)."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False
