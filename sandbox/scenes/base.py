"""What a scene is, the canvas it is laid out on, and the walls and gravity scenes share.

A scene is a title, a one-line lesson and a builder that makes a fresh `World`
from a seed, so that reset (R) and every headless run start from the same state.
Scene files are data, read with `tomllib`; every error names the file and field.

World coordinates are screen pixels at zoom 1 (y down) on a 1280 x 720 canvas
whose left part (x < SCENE_WIDTH) shows the world and whose right part is the
renderer's axis rulers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core.geometry import Polygon
from ..core.worded import WordedError
from ..physics.body import Body
from ..physics.world import World

CANVAS = (1280, 720)
SCENE_WIDTH = 860  # the world is drawn in x < SCENE_WIDTH; rulers to the right
GRAVITY = 900.0  # px / s^2


class SceneError(WordedError, ValueError):
    """A scene name or scene file that cannot be loaded; the message says where and why,
    as words said in the class's language where it is printed (core.worded)."""


@dataclass(frozen=True)
class Scene:
    """A named, reproducible starting state with its lesson."""

    name: str
    title: str
    lesson: str
    build: Callable[[int], World]
    source: str = "built-in"
    # Tab cycles through these (A name, B name) pairs when given (else: the next partner)
    tab_pairs: tuple[tuple[str, str], ...] = ()
    # The pair on show when the scene opens, by name: (shape A or None: the controlled
    # body, shape B or None: the body nearest A). The app keeps it (app/pair_choice.py).
    pair: tuple[str | None, str | None] = (None, None)
    slow_start: bool = False  # open in slow motion (a moment a class must be able to watch)
    demo: str | None = None  # a scene drawn by its own lesson ("dot-product"), not SAT's
    # Tutorial 004's convexity test drawn on the learner's shape; F: the next outline
    # (the builder then takes `outline=k`, see builtin.OUTLINES).
    outline_test: bool = False
    # Pause on the step the pair on show first meets with an impact (physics.records.
    # impact_speed): a moment a class would otherwise see for one frame.
    hold_at_impact: bool = False
    # How the camera opens: "fit" (the whole scene), "pair" (framed on the pair on show,
    # following shape A) or (zoom, x, y): that zoom about world point (x, y).
    view: str | tuple[float, float, float] = "fit"

    def world(self, seed: int = 0) -> World:
        return self.build(seed)


def boundary_walls(thickness: float = 40.0, ceiling: bool = True) -> list[Body]:
    """A static box around the scene area: floor, side walls and (optionally) a ceiling."""
    w, h = SCENE_WIDTH, CANVAS[1]
    t = thickness
    walls = [
        Body("floor", Polygon.box(w, t, position=(w / 2, h - t / 2)), static=True),
        Body("left wall", Polygon.box(t, h, position=(t / 2, h / 2)), static=True),
        Body("right wall", Polygon.box(t, h, position=(w - t / 2, h / 2)), static=True),
    ]
    if ceiling:
        walls.append(Body("ceiling", Polygon.box(w, t, position=(w / 2, 110 + t / 2)), static=True))
    return walls


def zero_g(bodies, **options) -> World:
    options.setdefault("damping", 3.0)
    return World(bodies, gravity=(0.0, 0.0), bounds=(0, 0, SCENE_WIDTH, CANVAS[1]), **options)


def with_gravity(bodies, **options) -> World:
    options.setdefault("slop", 0.1)
    options.setdefault("correction", 0.8)
    return World(bodies, gravity=(0.0, GRAVITY), bounds=(0, 0, SCENE_WIDTH, CANVAS[1]), **options)
