"""The registry of built-in scenes, and `load_scene`: a built-in name or a TOML file path."""

from __future__ import annotations

from pathlib import Path

from .base import Scene, SceneError
from .builtin import circle_polygon, classic, engulfed, gravity, pile, six_axes, squares, tunnelling
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
            "Contacts resolved by the MTV plus an impulse. G reverses gravity.",
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
