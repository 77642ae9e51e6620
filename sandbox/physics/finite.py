"""A world whose state is no longer numbers a world can hold: found, and named (numpy only).

The step checks its state where a bad number would first be used (after the solver
moved the bodies, and at the end): a speed, place or angle that is not finite, or a place
beyond the shapes' range (`core.geometry.LARGEST`), is a `NotFiniteError` naming the
bodies, not a NaN carried on into the shapes and the screen (where it ended the app:
'attempt to get argmin of an empty sequence'). A world that stays finite is the goal;
this is the guard for the day it does not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..core.geometry import LARGEST

if TYPE_CHECKING:
    from .world import World

NAMED = 3  # bodies named in the message; the rest are counted


class NotFiniteError(ArithmeticError):
    """The world's state left the numbers a world can hold at step `tick`; `bodies`
    names the bodies whose speed, place or angle did."""

    def __init__(self, tick: int, bodies: list[str]):
        self.tick, self.bodies = tick, bodies
        shown = ", ".join(repr(name) for name in bodies[:NAMED])
        more = f" and {len(bodies) - NAMED} more" if len(bodies) > NAMED else ""
        super().__init__(
            f"the world stopped being finite at step {tick}: {shown}{more} "
            "went past the numbers a world can hold"
        )


def check_finite(world: World) -> None:
    """Raise NotFiniteError naming the bodies whose state is not finite (or lies beyond
    LARGEST); a handful of array operations when all is well."""
    p, v = world.position, world.velocity
    if (
        np.isfinite(v).all()
        and np.isfinite(world.omega).all()
        and np.isfinite(world.angle).all()
        and np.abs(p).max() <= LARGEST  # (NaN and inf compare False)
    ):
        return
    fine = np.isfinite(v).all(axis=1) & np.isfinite(world.omega) & np.isfinite(world.angle)
    fine &= (np.abs(p) <= LARGEST).all(axis=1)
    bad = np.flatnonzero(~fine).tolist()
    raise NotFiniteError(world.tick + 1, [world.bodies[i].name for i in bad])
