"""A world's state saved and put back: what rewind and undo need, owned by physics.

A saved state copies what a step changes (the world's arrays, its contact manifolds,
its warm starts, its record) and shares what no step changes (the bodies' definitions,
the solver's colouring cache, which is a pure function of its key, and the per-body
arrays the World packs once from its bodies). Putting a state back and stepping on
gives bit for bit what stepping on from there gave the first time: the same arrays in,
the same arithmetic. The app keeps saved states (rewind, undo); it never reads a World's
attributes by name.
"""

from __future__ import annotations

import copy

import numpy as np

from .world import World

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


def save_state(world: World) -> dict:
    """The world's state now, to put back later with `restore_state`."""
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
    return state


def restore_state(world: World, saved: dict) -> None:
    """Put the world back as it was (copies again: the saved state stays reusable)."""
    for name, value in saved.items():
        if name in SHARED or name in DROPPED:
            setattr(world, name, value)
        elif isinstance(value, np.ndarray):
            setattr(world, name, value.copy())
        else:
            setattr(world, name, copy.deepcopy(value))


def saved_tick(saved: dict) -> int:
    """The world tick a saved state was taken at."""
    return saved["tick"]
