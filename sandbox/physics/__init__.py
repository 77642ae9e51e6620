"""The physics layer: a World of bodies that changes over time (numpy only, no pygame)."""

from .body import NO_CONTROLS, Body, Controls
from .broadphase import BroadPhaseResult, brute_force_pairs, sort_and_sweep
from .records import Contact, ShownPair, StepRecord, SweepEvent
from .world import World

__all__ = [
    "NO_CONTROLS",
    "Body",
    "BroadPhaseResult",
    "Contact",
    "Controls",
    "ShownPair",
    "StepRecord",
    "SweepEvent",
    "World",
    "brute_force_pairs",
    "sort_and_sweep",
]
