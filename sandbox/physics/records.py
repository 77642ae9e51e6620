"""What one step did, kept for the renderer and the HUD: contacts, sweeps, the pair on show."""

from __future__ import annotations

from dataclasses import dataclass, field

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


@dataclass(frozen=True)
class SweepEvent:
    """A bullet's swept test this tick: where it started, its motion, and the first touch."""

    body: int
    start: Vec2
    motion: Vec2
    fraction: float | None  # None: nothing in the way
    other: int | None


@dataclass(frozen=True)
class ShownPair:
    """The pair the overlay explains, with the shapes exactly as the narrow phase tested them."""

    a: int
    b: int
    a_shape: Polygon | Circle
    b_shape: Polygon | Circle
    report: SatResult  # all axes tested


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
    """The pair on show with its full SAT report (every axis tested, for the rulers)."""
    return ShownPair(a, b, a_shape, b_shape, sat(a_shape, b_shape, all_axes=True))
