"""The physics layer: a World of bodies that changes over time (numpy only, no pygame).

`quadtree` is imported from sandbox.physics.quadtree (a name is a module or a function).
"""

from .body import NO_STEERING, Body, Steering
from .broadphase import BroadPhaseResult, brute_force_pairs, sort_and_sweep
from .finite import NotFiniteError
from .grid import GridCell, GridResult, uniform_grid
from .quadtree import QuadNode, QuadtreeResult
from .records import Contact, ShownPair, StepRecord, SweepEvent
from .settings import WorldSettings
from .world import World

__all__ = [
    "NO_STEERING",
    "Body",
    "BroadPhaseResult",
    "Contact",
    "Steering",
    "GridCell",
    "GridResult",
    "NotFiniteError",
    "QuadNode",
    "QuadtreeResult",
    "ShownPair",
    "StepRecord",
    "SweepEvent",
    "World",
    "WorldSettings",
    "brute_force_pairs",
    "sort_and_sweep",
    "uniform_grid",
]
