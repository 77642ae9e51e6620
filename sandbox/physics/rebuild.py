"""A world rebuilt after an edit, or after one body is swapped for another, carrying on.

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


def swap_body(world: World, index: int, body: Body) -> None:
    """Body `index` becomes `body` (F: the learner's next outline; another name, shape and
    mass), turned to the old body's angle with its centre of mass where the old one's
    was, moving as it moved; every other body, edited or not, goes on as it was (the
    world is rebuilt from the bodies it holds now, so an edit since it was built stays).
    A density the Tune slider set is kept, as a reshape keeps it."""
    bodies = bodies_now(world)
    old = bodies[index]
    density = body.density
    if world.inv_mass[index] != old.inv_mass:  # the Tune slider set it: keep it
        density = world.density(index)
    p = world.position[index]
    bodies[index] = replace(
        body,
        shape=body.shape.placed((float(p[0]), float(p[1])), float(world.angle[index])),
        velocity=old.velocity,
        angular_velocity=old.angular_velocity,
        density=density,
    )
    centres = world.centres()
    rebuild(world, bodies, list(range(len(bodies))), moved_body=index)
    # The new shape's own centre of mass lies elsewhere in its frame: move it onto the
    # old one's (the world's own arithmetic, as every centre it reports).
    world.move_centres(centres, world.angle, np.arange(len(bodies)) == index)
