"""The registry of built-in scenes, and `load_scene`: a built-in name or a TOML file path."""

from __future__ import annotations

from pathlib import Path

from .base import Scene, SceneError
from .builtin import (
    circle_polygon,
    classic,
    engulfed,
    gravity,
    pile,
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
            "Arrows move the triangle. 10 axes are tested; the MTV slides it along the polygon.",
            classic,
        ),
        Scene(
            "six-axes",
            "Six axes, one separates (tutorial 004)",
            "Six axes; only A's third edge (e2 here, the tutorial's e3) has a gap: no collision.",
            six_axes,
        ),
        Scene(
            "squares",
            "Two squares (tutorial 001)",
            "Colliding: the projections overlap on every axis. The least overlap is the MTV.",
            squares,
        ),
        Scene(
            "circle",
            "Circle against polygon (tutorial 004)",
            "A circle adds one axis: from the polygon's closest vertex to the circle's centre.",
            circle_polygon,
        ),
        Scene(
            "engulfed",
            "One shape inside another (tutorial 001)",
            "Inside: the depth is the shorter way out, not the interval overlap.",
            engulfed,
        ),
        Scene(
            "gravity",
            "Falling polygons (tutorial 002)",
            "Impulses at the SAT contact points push and turn the bodies. G reverses gravity.",
            gravity,
        ),
        Scene(
            "pile",
            "A pile: broad phase first (tutorial 004)",
            "Sort-and-sweep on bounding boxes hands SAT only the pairs that might touch.",
            pile,
        ),
        Scene(
            "tunnelling",
            "Tunnelling and the swept test (tutorial 003)",
            "At 60 px a tick the top bullet skips its wall; the swept test stops the bottom one.",
            tunnelling,
        ),
        Scene(
            "tumble",
            "Tumbling: force at the contact point (tutorial 002)",
            "An impulse at a contact point away from the centre turns the body: it lands flat.",
            tumble,
        ),
        Scene(
            "stack",
            "Stacks: a column and a pyramid at rest",
            "Contacts pass the weight down; arrows drive the heavy box into them. Q/E: torque.",
            stack,
        ),
        Scene(
            "spin",
            "An off-centre hit: spin from the lever arm",
            "Before: 600 px/s, no spin. After (labels): both turn; momentum is kept. I: arrows.",
            spin,
        ),
    )
}
DEFAULT_SCENE = "classic"


def load_scene(name_or_path: str) -> Scene:
    """A built-in scene by name, or a scene from a .toml file."""
    if name_or_path in SCENES:
        return SCENES[name_or_path]
    path = Path(name_or_path)
    if path.suffix.lower() != ".toml" and not path.exists():
        raise SceneError(
            f"unknown scene {name_or_path!r}; built-in scenes: {', '.join(SCENES)} "
            "(or give a path to a .toml scene file)"
        )
    return load_scene_file(path)
