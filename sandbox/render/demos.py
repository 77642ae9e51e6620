"""One table of the scenes drawn by a lesson of their own instead of SAT's pair.

A scene names its demo (`Scene.demo`); everything the renderer does for it is one entry
here: what it draws in the scene, what it writes in the right column, what the narration
says. The frame, the HUD and the lessons all read this table, and no demo module imports
the HUD (their words come from `words`), so there is no import circle::

    frame ─┬─> demos ─> dotproduct, broadview, space ─> view, words
    hud ───┘
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .broadview import draw_broad_numbers, draw_broad_phase
from .broadview import narration_words as broad_words
from .dotproduct import draw_dot_numbers, draw_dot_product
from .dotproduct import narration_words as dot_words
from .space import draw_space, draw_space_numbers
from .space import narration_words as space_words


@dataclass(frozen=True)
class Demo:
    """A demo's three parts. Each takes the world and `space`, the scene state the world
    does not hold (the 3D scene's `scenes.space.Space`, else None); `panel` also the y to
    start at, and whether a lesson's question hides its answer. `ready(world, space)` says
    whether it can draw now."""

    scene: Callable  # (view, world, space) -> None: drawn over the bodies
    panel: Callable  # (view, world, space, top, hiding) -> None: the right column
    narration: Callable  # (world, space, tr) -> (words, colour role), in tr's language
    ready: Callable = lambda world, space: True


DEMOS: dict[str, Demo] = {
    "dot-product": Demo(
        scene=lambda view, world, space: draw_dot_product(view, world),
        panel=lambda view, world, space, top, hiding: draw_dot_numbers(view, world, top),
        narration=lambda world, space, tr: dot_words(world, tr),
        ready=lambda world, space: world.controlled is not None,
    ),
    "broad-phase": Demo(
        scene=lambda view, world, space: draw_broad_phase(view, world),
        panel=lambda view, world, space, top, hiding: draw_broad_numbers(view, world, top, hiding),
        narration=lambda world, space, tr: broad_words(world, tr),
    ),
    "sat-3d": Demo(
        scene=lambda view, world, space: draw_space(view, space),
        panel=lambda view, world, space, top, hiding: draw_space_numbers(view, space, top),
        narration=lambda world, space, tr: space_words(space, tr),
        ready=lambda world, space: space is not None,
    ),
}


def demo_for(name: str | None, world, space) -> Demo | None:
    """The entry of demo `name` (a scene's `demo`), if there is one and it can draw now."""
    demo = DEMOS.get(name) if name is not None else None
    return demo if demo is not None and demo.ready(world, space) else None
