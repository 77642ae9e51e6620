"""A world rebuilt after an edit, or swapped for another build of its scene, carrying on.

The editor changes the body list (a body drawn, reshaped, spawned or deleted); the world
is then built again from its bodies (`World(...)`, every setting kept) and each kept
body's pose and speeds are copied bit for bit, so every per-body array and cache matches
the new list. The app asks for these through this module and never reads a World's
attributes by name.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from .body import Body
from .world import World

# World's settings, passed again to the rebuilt world (each its own attribute).
SETTINGS = (
    "gravity",
    "bounds",
    "resolve",
    "swept",
    "iterations",
    "damping",
    "slop",
    "correction",
    "control_speed",
    "turn_speed",
    "rigid",
    "substeps",
    "relax_iterations",
    "contact_hertz",
    "contact_damping_ratio",
    "push_speed",
    "angular_damping",
    "sleep",
    "sleep_time",
    "sleep_speed",
)
# Set after __init__, kept as they are.
KEPT = ("velocity_iterations", "hertz_cap", "tick", "broad_phase")
# What goes on when a scene's learner shape is swapped (F: the next outline).
MOTION = ("position", "angle", "velocity", "omega", "sleep_timer", "sleeping")


def bodies_now(world: World) -> list[Body]:
    """New Body records of the world's bodies as they stand: shape at the current pose,
    current speeds (the old records, shared with saved states, are never changed)."""
    return [
        replace(
            body,
            shape=world.shape(i),
            velocity=(float(world.velocity[i, 0]), float(world.velocity[i, 1])),
            angular_velocity=float(world.omega[i]),
        )
        for i, body in enumerate(world.bodies)
    ]


def rebuild(world: World, bodies: list[Body], origin: list, moved_body=None) -> None:
    """`world` becomes a world of `bodies` (origin[j]: body j's old index, None when new),
    every setting kept, kept bodies' poses and speeds bit for bit (but `moved_body`'s
    pose, which its new shape gives), every body awake. The contacts, warm starts and
    colouring are found afresh by the next step (the MTV solver's last contacts and warm
    starts are kept, renumbered). The pair on show, the controlled body and a held body
    keep theirs; a deleted one is let go."""
    fresh = World(bodies, **{name: getattr(world, name) for name in SETTINGS})
    for name in KEPT:
        setattr(fresh, name, getattr(world, name))
    new_of = {old: new for new, old in enumerate(origin) if old is not None}
    kept = list(new_of.items())  # (old, new) of every body kept
    unmoved = [(old, new) for old, new in kept if new != moved_body]
    # Poses and speeds; and what the sliders set (Tune), which is the world's, not the
    # bodies': friction and bounce for every kept body, mass for the unmoved ones (a
    # reshaped body's mass follows its new area from its own density).
    for names, pairs in (
        (("position", "angle", "velocity", "omega"), unmoved),
        (("friction_of", "restitution_of"), kept),
        (("inv_mass", "inv_inertia"), unmoved),
    ):
        if not pairs:
            continue
        old, new = (np.array(side, dtype=int) for side in zip(*pairs, strict=True))
        for name in names:
            values = getattr(fresh, name).copy()
            values[new] = getattr(world, name)[old]
            setattr(fresh, name, values)
    for name in ("partner", "focus"):
        old = getattr(world, name)
        setattr(fresh, name, None if old is None else new_of.get(old))
    if world.grab is not None and world.grab.body in new_of:
        fresh.grab = replace(world.grab, body=new_of[world.grab.body])
    fresh._contacts = [
        (new_of[c[0]], new_of[c[1]], *c[2:])
        for c in world._contacts
        if c[0] in new_of and c[1] in new_of
    ]
    fresh.warm_impulses = {
        (new_of[a], new_of[b]): impulse
        for (a, b), impulse in world.warm_impulses.items()
        if a in new_of and b in new_of
    }
    fresh.pose_changed()
    state = vars(world)
    state.clear()
    state.update(vars(fresh))


def carry_on(world: World, old: World) -> None:
    """`world`, a new build of `old`'s scene with another shape for the controlled body,
    goes on from `old`: every pose and speed, the controlled body's centre of mass (its
    new shape's centre lands where the old one's was), the tick and the broad phase."""
    for name in MOTION:
        getattr(world, name)[:] = getattr(old, name)
    c = world.controlled
    centres = world.centres()
    centres[c] = old.centres()[c]
    world.move_centres(centres, world.angle, np.arange(len(world.bodies)) == c)
    world.tick = old.tick
    world.broad_phase = old.broad_phase
