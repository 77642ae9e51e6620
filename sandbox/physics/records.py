"""What one step did, kept for the renderer and the HUD: contacts, sweeps, the pair on show."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ..core.compound import piece_pairs
from ..core.geometry import Circle, Polygon, Vec2
from ..core.pair import sat
from ..core.report import SatResult


@dataclass(frozen=True)
class Contact:
    """A colliding pair resolved this tick (normal from body b toward body a)."""

    a: int
    b: int
    normal: Vec2
    depth: float
    points: tuple[Vec2, ...] = ()  # rigid worlds: the manifold's contact points
    impulses: tuple[float, ...] = ()  # rigid worlds: normal impulse at each point (px mass/s)


class ManifoldContacts(Sequence):
    """The touching pairs of a rigid step as `Contact`s, built only when first read
    (the step itself keeps them as arrays: no Python loop per contact)."""

    def __init__(self, a, b, normal, depth, points, impulses, count):
        self._arrays = (a, b, normal, depth, points, impulses, count)
        self._items: tuple[Contact, ...] | None = None

    def _built(self) -> tuple[Contact, ...]:
        if self._items is None:
            a, b, normal, depth, points, impulses, count = (x.tolist() for x in self._arrays)
            self._items = tuple(
                Contact(i, j, (-nx + 0.0, -ny + 0.0), d, tuple(map(tuple, p[:c])), tuple(q[:c]))
                for i, j, (nx, ny), d, p, q, c in zip(
                    a, b, normal, depth, points, impulses, count, strict=True
                )
            )
        return self._items

    def __getitem__(self, index):
        return self._built()[index]

    def __len__(self) -> int:
        return len(self._arrays[0])

    def __eq__(self, other) -> bool:
        return tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(tuple(self))


@dataclass(frozen=True)
class SweepEvent:
    """A bullet's swept test this tick: where it started, its motion, and the first touch."""

    body: int
    start: Vec2
    motion: Vec2
    fraction: float | None  # None: nothing in the way
    other: int | None
    # per body tested: (its index, the velocity-extended projections on each axis)
    swept_axes: tuple = ()


@dataclass(frozen=True)
class ShownPair:
    """The pair the overlay explains, with the shapes exactly as the narrow phase tested them.

    For a compound body the shape is its piece in the pair shown (`a_piece`, `b_piece`:
    its index, else None) and `colliding_pieces` lists every colliding piece pair."""

    a: int
    b: int
    a_shape: Polygon | Circle
    b_shape: Polygon | Circle
    report: SatResult  # all axes tested
    a_piece: int | None = None
    b_piece: int | None = None
    colliding_pieces: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class AskedPair:
    """The pair the app asks physics to explain (the app chooses it; physics never does):
    body `a` against body `b`, or, with `b` None, against the body nearest to a's shape
    at the pose the narrow phase tests (`World.nearest`)."""

    a: int
    b: int | None = None


@dataclass(frozen=True)
class StepRecord:
    """What one step did, for the renderer and the HUD (drawn, never recomputed)."""

    tick: int
    candidate_pairs: int  # pairs the broad phase handed to SAT
    swept_pairs: int  # pairs whose x ranges overlapped
    all_pairs: int  # pairs a brute-force narrow phase would have tested
    contacts: tuple[Contact, ...]
    shown: ShownPair | None
    sweeps: tuple[SweepEvent, ...] = field(default=())


def explain(a: int, b: int, a_shape, b_shape) -> ShownPair:
    """The pair on show with its full SAT report (every axis tested, for the rulers).
    A compound body is shown by its piece that collides deepest (or is nearest)."""
    if "compound" in (a_shape.kind, b_shape.kind):
        shown = piece_pairs(a_shape, b_shape, all_axes=True)
        return ShownPair(
            a,
            b,
            shown.a_shape,
            shown.b_shape,
            shown.report,
            shown.a_piece,
            shown.b_piece,
            shown.colliding,
        )
    return ShownPair(a, b, a_shape, b_shape, sat(a_shape, b_shape, all_axes=True))


IMPACT_SPEED = 30.0  # px/s: a step that changes the pair's closing speed more is an impact
# (resting or falling together, their closing speed hardly changes from step to step)


def impact_speed(before, after, a: int, b: int, normal) -> float:
    """How much a step changed the speed at which bodies a and b close along `normal`
    (px/s), from their velocities before and after it: what the contact did to them."""
    n = np.asarray(normal, dtype=float)
    closing_before = (before[a][0] - before[b][0]) * n[0] + (before[a][1] - before[b][1]) * n[1]
    closing_after = (after[a][0] - after[b][0]) * n[0] + (after[a][1] - after[b][1]) * n[1]
    return abs(float(closing_after - closing_before))
