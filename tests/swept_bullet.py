"""The tunnelling scene's swept bullet at tick 9, as the walk's and the narration's tests
read it: the pair on show, its sweep, and A's shadow over the whole step worked out here
from the vertices (not from the sandbox's swept test)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from driving import advance, open_session

from sandbox.app.state import Session
from sandbox.core.walk import walkthrough
from sandbox.scenes.registry import SCENES


@dataclass(frozen=True)
class SweptBullet:
    session: Session
    record: object  # the step's StepRecord
    shown: object  # its explained pair (A: the bullet)
    event: object  # A's sweep this step
    start: object  # A placed where the step began
    steps: list  # the walk through the pair's axes

    def swept_interval(self, axis) -> tuple[float, float]:
        """A's shadow on `axis` over the whole step: its interval at the step's start,
        stretched by the motion along the axis."""
        u = np.asarray(axis)
        along = np.asarray(self.start.vertices) @ u
        lo, hi = float(along.min()), float(along.max())
        shift = float(np.dot(u, self.event.motion))
        return min(lo, lo + shift), max(hi, hi + shift)


def swept_bullet_at_tick_9() -> SweptBullet:
    session = open_session(SCENES["tunnelling"])
    for _ in range(9):
        advance(session, frozenset())
    record = session.step_record
    shown = record.shown
    (event,) = [e for e in record.sweeps if e.body == shown.a]
    start = session.world.bodies[shown.a].shape.placed(event.start, 0.0)
    return SweptBullet(session, record, shown, event, start, walkthrough(shown.report))
