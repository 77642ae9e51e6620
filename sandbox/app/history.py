"""Rewind: the world as it was after each of the last steps, to step back through.

Each snapshot copies what a step changes (the world's arrays, its contact manifolds,
its warm starts, its record) and shares what no step changes (the bodies' definitions,
the solver's colouring cache, which is a pure function of its key). Restoring a
snapshot and stepping on gives bit for bit what stepping on from there gave the first
time: the same arrays in, the same arithmetic.

    snapshots:  [s0 s1 s2 ... s(k) ... s(n)]     s(i) = the world after step i
                          rewound to ^ k          backspace / page up: back
                                                  O / page down: forward
    stepping on from k drops s(k+1)..s(n): the future is gone. A recording keeps the
    rewind itself (the key pressed), and its replay restores the same snapshot.
"""

from __future__ import annotations

import copy
from collections import deque

import numpy as np

from ..physics.world import World

KEEP_STEPS = 12 * 60  # 12 s at 60 steps/s
# Never changed in place by a step: the bodies, the solver's colouring cache, the last
# record (frozen), and what World._pack_local_shapes and __init__ set once per body.
SHARED = {"bodies", "colour_cache", "record", "broad"} | {
    "local_vertices",
    "local_normals",
    "local_own_lo",
    "local_own_hi",
    "local_centroid",
    "vertex_count",
    "radius",
    "extent",
    "is_polygon",
    "inv_mass",
    "inv_inertia",
    "static",
    "friction_of",
    "restitution_of",
    "is_compound",
    "piece_body",
    "piece_index",
    "piece_vertex_count",
    "piece_local_vertices",
    "piece_local_normals",
    "pieces_of",
    "part_count",
    "part_start",
    "part_rows",
}
DROPPED = {"_shapes", "_geometry"}  # caches rebuilt on demand


def snapshot(world: World, steps: int) -> tuple[int, dict]:
    """(session steps, the world's state) after `steps` steps."""
    state = {}
    for name, value in vars(world).items():
        if name in SHARED:
            state[name] = value
        elif name in DROPPED:
            state[name] = None
        elif isinstance(value, np.ndarray):
            state[name] = value.copy()
        else:
            state[name] = copy.deepcopy(value)
    return steps, state


def restore(world: World, saved: dict) -> None:
    """Put the world back as it was (copies again: the snapshot stays reusable)."""
    for name, value in saved.items():
        if name in SHARED or name in DROPPED:
            setattr(world, name, value)
        elif isinstance(value, np.ndarray):
            setattr(world, name, value.copy())
        else:
            setattr(world, name, copy.deepcopy(value))


def snapshot_bytes(saved: dict) -> int:
    """The memory a snapshot's arrays take (the figure the rewind's cost is judged by)."""
    total = 0
    for name, value in saved.items():
        if name in SHARED:
            continue
        if isinstance(value, np.ndarray):
            total += value.nbytes
        elif hasattr(value, "__dict__"):
            total += sum(v.nbytes for v in vars(value).values() if isinstance(v, np.ndarray))
    return total


class History:
    """The last KEEP_STEPS snapshots and where the learner stands among them."""

    def __init__(self, keep: int = KEEP_STEPS):
        self.snapshots: deque[tuple[int, dict]] = deque(maxlen=keep + 1)
        self.at: int | None = None  # index of the snapshot on show; None: the present

    def record(self, world: World, steps: int) -> None:
        """The world after a step: drop any future we were rewound from, keep this."""
        if self.at is not None:
            while len(self.snapshots) > self.at + 1:
                self.snapshots.pop()
            self.at = None
        self.snapshots.append(snapshot(world, steps))

    def move(self, world: World, delta: int) -> int | None:
        """Step back (delta < 0) or forward through the snapshots; the world shows the
        one reached. Returns its session step count, or None when there is none."""
        if not self.snapshots:
            return None
        here = len(self.snapshots) - 1 if self.at is None else self.at
        there = min(max(here + delta, 0), len(self.snapshots) - 1)
        steps, saved = self.snapshots[there]
        restore(world, saved)
        self.at = None if there == len(self.snapshots) - 1 else there
        return steps

    def span(self) -> tuple[int, int, int] | None:
        """(first, current, last) world ticks kept, for the timeline bar."""
        if not self.snapshots:
            return None
        here = len(self.snapshots) - 1 if self.at is None else self.at
        tick = [s[1]["tick"] for s in (self.snapshots[0], self.snapshots[here], self.snapshots[-1])]
        return tick[0], tick[1], tick[2]
