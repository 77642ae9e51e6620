"""The pair on show, as the learner chose it: the app's choice, never the world's.

Shape A is the body a shift-click (or a lesson's stage) picked; None: the controlled
body, else body 0. Shape B is the body Tab or a click picked; None: the body nearest to
A, which physics finds at the pose it tests. The app asks physics to explain the pair
(`World.step(dt, keys, asked)`, `World.explain_now(asked)`) and keeps the choice beside
the world's saved states (the rewind's `History`, the editor's undo), as the world kept
it before. A scene names the pair it opens on (`Scene.pair`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..physics.records import AskedPair
from ..physics.world import World
from ..scenes.base import Scene


@dataclass(frozen=True)
class PairChoice:
    """Shape A and shape B as chosen (body indices; None: the default, above)."""

    a: int | None = None
    b: int | None = None


def opening(scene: Scene, world: World) -> PairChoice:
    """The pair `scene` opens on, in its world."""
    a, b = scene.pair
    return PairChoice(None if a is None else world.index(a), None if b is None else world.index(b))


def asked(choice: PairChoice, world: World) -> AskedPair | None:
    """What to ask physics to explain: shape A, and shape B unless it is A itself or gone
    (then the body nearest A); None in a world of one body."""
    n = len(world.bodies)
    if n < 2:
        return None
    a = world.controlled if world.controlled is not None else 0
    if choice.a is not None and 0 <= choice.a < n:
        a = choice.a
    if choice.b is not None and choice.b != a and 0 <= choice.b < n:
        return AskedPair(a, choice.b)
    return AskedPair(a, None)


def shown_pair(choice: PairChoice, world: World) -> tuple[int, int] | None:
    """The pair on show at the world's current pose: (shape A, shape B), or None."""
    pair = asked(choice, world)
    if pair is None:
        return None
    return pair.a, world.nearest(pair.a) if pair.b is None else pair.b


def cycled(choice: PairChoice, world: World, step: int = 1) -> PairChoice:
    """Tab: shape A against the next body in the list after the one on show."""
    pair = shown_pair(choice, world)
    if pair is None:
        return choice
    a, b = pair
    n = len(world.bodies)
    candidate = b
    for _ in range(n):
        candidate = (candidate + step) % n
        if candidate != a:
            break
    return replace(choice, b=candidate)


def picked(choice: PairChoice, world: World, body: int, as_a: bool) -> PairChoice | None:
    """A click on `body`: it becomes shape A (shift; a shape B that is the same body is
    dropped), or shape B (None when it is shape A already: nothing to show)."""
    if as_a:
        return PairChoice(body, None if choice.b == body else choice.b)
    pair = shown_pair(choice, world)
    if pair is None or body == pair[0]:
        return None
    return replace(choice, b=body)


def without(choice: PairChoice, deleted: int) -> PairChoice:
    """The choice after body `deleted` left the world: a choice of it is dropped, the
    bodies after it move up one."""

    def renumbered(index: int | None) -> int | None:
        if index is None or index == deleted:
            return None
        return index - 1 if index > deleted else index

    return PairChoice(renumbered(choice.a), renumbered(choice.b))


def names(choice: PairChoice, world: World) -> tuple[str | None, str | None]:
    """The choice by body name (a scene file keeps it so), a choice out of range None."""

    def name(index: int | None) -> str | None:
        return world.bodies[index].name if index is not None and index < len(world.bodies) else None

    return name(choice.a), name(choice.b)
