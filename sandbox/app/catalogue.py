"""What the quick options answer from: built-in scene names and titles, the built-in lessons.

`--list-scenes` and `--list-lessons` answer from here without building a world, so that
they never import numpy's heavier users, the physics or pygame (the app's start-up). The
scene table mirrors `scenes.registry.SCENES` (name, title, lesson, in order) and the
lesson names and folder mirror `app.lesson_plan`; tests/test_quick_options.py checks
that each equals its source, so an edit there that is not copied here fails a test.
"""

from __future__ import annotations

import tomllib
from gettext import NullTranslations
from pathlib import Path

DEFAULT_SCENE = "classic"  # scenes.registry.DEFAULT_SCENE
# (name, title, lesson) of every built-in scene, in the registry's order.
SCENE_TABLE: tuple[tuple[str, str, str], ...] = (
    (
        "classic",
        "The classic SAT demo (tutorial 003)",
        "Arrows move the triangle. Push it into the polygon: the MTV slides it back out.",
    ),
    (
        "six-axes",
        "Six axes, one separates (tutorial 004)",
        "Six axes to test. At the start only A's third edge (e2 here) has a gap: no collision.",
    ),
    (
        "squares",
        "Two squares (tutorial 001)",
        "Move the square with the arrows, turn it with Q and E. Watch each axis's shadows.",
    ),
    (
        "circle",
        "Circle against polygon (tutorial 004)",
        "A circle adds one axis: from the polygon's nearest corner to the circle's centre.",
    ),
    (
        "engulfed",
        "One shape inside another (tutorial 001)",
        "A shape inside another: the depth is the shortest way out, not the shared length.",
    ),
    (
        "gravity",
        "Falling polygons (tutorial 002)",
        "Shapes fall, turn and rest: impulses act at the contact points. G turns gravity.",
    ),
    (
        "pile",
        "A pile: broad phase first (tutorial 004)",
        "Many shapes: a quick box test picks the few pairs that SAT needs to check.",
    ),
    (
        "tunnelling",
        "Tunnelling, swept test (tutorial 003)",
        "Each bullet moves 60 px a step; the wall is 6 px thick. The top one skips it.",
    ),
    (
        "tumble",
        "Tumbling: force at the contact point (tutorial 002)",
        "An impulse at a contact point away from the centre turns the body: it lands flat.",
    ),
    (
        "stack",
        "Stacks: a column and a pyramid at rest",
        "Contacts pass the weight down; arrows drive the heavy box into them. Q/E: torque.",
    ),
    (
        "spin",
        "An off-centre hit: spin from the lever arm",
        "It hits at 600 px/s off centre: both turn, momentum is kept. I: arrows.",
    ),
    (
        "circles",
        "Circle against circle (tutorial 004)",
        "Two circles need one axis only: the line through both centres.",
    ),
    (
        "dot-product",
        "The dot product (tutorial 003)",
        "Move b's tip (arrows or drag): a·b, the angle, a's shadow on b; the sign says the side.",
    ),
    (
        "broad-phase",
        "The broad phase at work (tutorial 004)",
        "F: sort and sweep, grid, quadtree. Y: start overlapping. Lines: pairs for SAT.",
    ),
    (
        "sat-3d",
        "SAT in 3D: edge x edge axes (tutorial 004)",
        "Arrows move B, Q/E turn it, F: next pose, J/L: the view.",
    ),
    (
        "concave",
        "Concave shapes: split into convex pieces (tutorials 001, 004)",
        "SAT needs convex shapes: concave ones are split (dashed). F: the next outline.",
    ),
)
BUILT_IN_LESSONS = ("shadows", "pushing-out", "needs-help")  # lesson_plan.BUILT_IN
LESSON_FOLDER_NAME = "lessons"


def lesson_folder() -> Path:
    """assets/lessons: in the package once installed, else in the clone beside it."""
    installed = Path(__file__).resolve().parents[1] / "assets" / LESSON_FOLDER_NAME
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[2] / "assets" / LESSON_FOLDER_NAME


def scene_lines(words: NullTranslations | None = None) -> list[str]:
    """`--list-scenes`: one line per built-in scene, its title and words in `words`'
    language (the scenes' msgids, N_ in the registry)."""
    tr = (words or NullTranslations()).gettext
    return [f"{name:<12} {tr(title)} - {tr(lesson)}" for name, title, lesson in SCENE_TABLE]


def lesson_lines(words: NullTranslations | None = None, code: str = "en") -> list[str]:
    """`--list-lessons`: one line per built-in lesson, read from its TOML file as data
    (its title, in `code`'s table where it has one, its stages, how many of them ask the
    class to predict)."""
    plural = (words or NullTranslations()).ngettext
    lines = []
    for name in BUILT_IN_LESSONS:
        data = tomllib.loads((lesson_folder() / f"{name}.toml").read_text(encoding="utf-8"))
        title = data.get(code, {}).get("title", data["title"])
        stages = len(data["stage"])
        asked = sum("predict" in stage for stage in data["stage"])
        counts = ", ".join(
            (
                plural("{n} stage", "{n} stages", stages).format(n=stages),
                plural("{n} prediction", "{n} predictions", asked).format(n=asked),
            )
        )
        lines.append(f"{name:<12} {title} - {counts}")
    return lines
