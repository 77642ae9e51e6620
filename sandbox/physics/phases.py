"""The phases of `World.step`, for both kinds of world (see `world` for which is which).

Conventions are those of `sandbox.core.geometry`: pixels, y down, gravity +y.

MTV step (`step_mtv`)::

    1. steer        the controlled body follows the arrow keys (and Q/E turn it)
    2. forces       v += g dt
    3. velocities   sequential impulses on last step's contacts (still touching:
                    the MTV left them so): no closing speed, restitution, friction
    4. integrate    x += v dt                          (semi-implicit Euler)
    5. sweep        bullets: cut the motion at the first touch (swept SAT),
                    so a fast thin body cannot tunnel through a thin wall
    6. broad phase  sort-and-sweep on the bounding boxes -> candidate pairs
    7. narrow phase sat_many on polygon pairs, sat on pairs with a circle
    8. resolve      push apart along the MTV, split by inverse mass; new contacts
                    also get an impulse along the normal (so impacts bounce)
                    (6-8 run `iterations` times, so stacks settle)
    9. record       the pair the app asked to explain (`AskedPair`): its full SAT
                    report (every axis), as the narrow phase tested it

Rigid step (`step_rigid`)::

    0. rest         a world that began and stays fully asleep repeats its last record
    1. steer, pull  the arrow keys, the mouse's hold
    2. solve        last pose's manifolds: Box2D v3's soft step, substeps (`rigid`)
    3. sweep        bullets, from where the step began
    4. manifolds    found at the new pose (kept for the next step and the renderer)
    5. sleep        settled islands fall asleep; woken ones get their contacts now
    6. record       the asked pair, as the narrow phase tested it; the touching pairs
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..core.portable import hypot
from .body import NO_STEERING, Steering
from .bullets import sweep_bullets
from .contacts import PairCounts, collide, find_manifolds, point_slots
from .finite import check_finite
from .mouse import pull
from .records import AskedPair, Contact, ManifoldContacts, StepRecord, explain
from .rigid import solve_rigid
from .sleeping import rest_key, rest_step, still_resting, update_sleep
from .solver import push_apart, solve_velocities


def step_mtv(world, dt: float, steering: Steering, asked: AskedPair | None) -> StepRecord:
    """One MTV step (the module docstring's steps 1-9)."""
    _steer(world, dt, steering)
    if world.grab is not None:
        pull(world, world.grab, dt)
    _apply_forces(world, dt)
    if world.resolve:
        solve_velocities(world, world._contacts)
    _integrate(world, dt)
    check_finite(world)  # before the shapes are placed there
    sweeps = sweep_bullets(world, dt) if world.swept else ()
    contacts: list[tuple] = []
    counts = PairCounts(0, 0, 0)
    # The pair on show is explained exactly as the narrow phase is about to test it.
    tested = _tested(world, asked)
    for iteration in range(max(1, world.iterations)):
        found = collide(world)
        if iteration == 0:
            counts = found.counts
        if not found.contacts:
            break
        if not world.resolve:
            contacts = found.contacts
            break
        if iteration == 0:
            contacts = found.contacts
            known = {(c[0], c[1]) for c in world._contacts}
            fresh = {(c[0], c[1]) for c in contacts} - known
            push_apart(world, contacts, impulse_for=fresh)
        else:
            push_apart(world, found.contacts, impulse_for=())
    world._contacts = contacts if world.resolve else []
    check_finite(world)
    world.tick += 1
    shown = None if tested is None else explain(*tested)
    records = tuple(Contact(a, b, (nx, ny), d) for a, b, nx, ny, d in contacts)
    world.record = StepRecord(
        world.tick, counts.candidates, counts.swept, counts.all, records, shown, sweeps
    )
    return world.record


def step_rigid(world, dt: float, steering: Steering, asked: AskedPair | None) -> StepRecord:
    """One rigid step: solve last pose's manifolds (soft step, substeps), sweep
    bullets, then find the manifolds at the new pose (kept for the next step and
    for the renderer), then let settled islands sleep. A world that stays fully
    asleep skips all of it (`sleeping.rest_key`)."""
    if (
        world.rest_key is not None
        and (steering == NO_STEERING or world.controlled is None)
        and rest_key(world, asked) == world.rest_key
    ):
        return _rest_step(world, dt)
    _steer(world, dt, steering)
    if world.grab is not None:
        pull(world, world.grab, dt)
    if world.controlled is not None and steering != NO_STEERING:
        world.sleep_timer[world.controlled] = 0.0
        world.sleeping[world.controlled] = False
    if world.contact_set is None:
        world.contact_set = find_manifolds(world, dt).contact_set
    moving = ~world.static & ~world.sleeping
    began_asleep = not moving.any()
    begun = world.position.copy()  # the bullets sweep from here (`sweep_bullets`)
    if world.resolve:
        solve_rigid(world, dt, world.contact_set, moving)
    else:
        world.velocity[moving] += np.asarray(world.gravity) * dt
        world.position[moving] += world.velocity[moving] * dt
        world.angle[moving] += world.omega[moving] * dt
        world.pose_changed()
    _keep_controlled_inside(world)
    check_finite(world)  # before the shapes are placed there
    sweeps = sweep_bullets(world, dt, begun) if world.swept else ()
    tested = _tested(world, asked)
    found = find_manifolds(world, dt)
    world.contact_set = found.contact_set
    if world.sleep:
        was_asleep = world.sleeping
        update_sleep(world, world.contact_set, dt)
        world.resting = still_resting(world, world.resting, found.contact_set, was_asleep)
        if (was_asleep & ~world.sleeping).any():
            # Woken bodies were left out of the narrow phase against static ones
            # (a sleeping pair cannot move): find their contacts now, or the next
            # solve pushes a woken box through the floor it rests on.
            world.contact_set = find_manifolds(world, dt).contact_set
    world.tick += 1
    shown = None if tested is None else explain(*tested)
    counts = found.counts
    world.record = StepRecord(
        world.tick,
        counts.candidates,
        counts.swept,
        counts.all,
        _contact_records(world),
        shown,
        sweeps,
    )
    world.rest_key = rest_key(world, asked) if began_asleep else None
    return world.record


def _tested(world, asked: AskedPair | None):
    """(a, b, a's shape, b's shape) of the asked pair at this pose (b None: a's nearest
    body now), or None."""
    if asked is None:
        return None
    b = world.nearest(asked.a) if asked.b is None else asked.b
    return asked.a, b, world.shape(asked.a), world.shape(b)


def _rest_step(world, dt: float) -> StepRecord:
    """The last step again, in a world that stays fully asleep: the same pose, no
    contact to solve, the same pair on show; only the tick and the timers move."""
    rest_step(world, dt)
    world.tick += 1
    world.record = replace(world.record, tick=world.tick)
    return world.record


def _contact_records(world) -> ManifoldContacts:
    """Touching pairs of the current manifolds, as the renderer draws them (lazy)."""
    cs = world.contact_set
    valid = point_slots(cs.count)
    ahead = np.where(valid, cs.separation, np.inf)
    deepest = np.minimum(ahead[:, 0], ahead[:, 1])  # (.min(axis=1): 30 x slower)
    k = np.flatnonzero(deepest <= 0.0)
    return ManifoldContacts(
        cs.a[k],
        cs.b[k],
        cs.normal[k],
        np.maximum(-deepest[k], 0.0),
        cs.points[k],
        cs.normal_impulse[k],
        cs.count[k],
    )


def _keep_controlled_inside(world) -> None:
    c = world.controlled
    if c is None:
        return
    x0, y0, x1, y1 = world.bounds
    for axis, lo, hi in ((0, x0, x1), (1, y0, y1)):
        if not lo <= world.position[c, axis] <= hi:
            world.position[c, axis] = min(max(world.position[c, axis], lo), hi)
            world.velocity[c, axis] = 0.0
            world.pose_changed()


def _steer(world, dt: float, steering: Steering) -> None:
    """The controlled body follows the arrow keys (and Q/E turn it)."""
    c = world.controlled
    if c is None:
        return
    dx = float(steering.right) - float(steering.left)
    dy = float(steering.down) - float(steering.up)
    speed = world.control_speed
    if world.gravity == (0.0, 0.0):
        # Tutorial 003: the arrows move the shape directly; it stops when released.
        world.velocity[c] = (dx * speed, dy * speed)
    else:
        # Under gravity: left/right push toward a running speed, up thrusts.
        vx = world.velocity[c, 0] + dx * 4 * speed * dt
        world.velocity[c, 0] = max(-speed, min(speed, vx)) if dx else vx * (1 - min(1, 4 * dt))
        g = hypot(*world.gravity)
        world.velocity[c, 1] += dy * 2.2 * g * dt
    turn = float(steering.turn_right) - float(steering.turn_left)
    if world.rigid and world.gravity != (0.0, 0.0):
        # Under gravity Q/E apply a torque: spin up toward the turning speed.
        if turn and world.inv_inertia[c] > 0.0:
            w = world.omega[c] + turn * 4.0 * world.turn_speed * dt
            world.omega[c] = max(-2 * world.turn_speed, min(2 * world.turn_speed, w))
    elif turn:
        world.angle[c] += turn * world.turn_speed * dt
        world.pose_changed()


def _apply_forces(world, dt: float) -> None:
    moving = ~world.static
    world.velocity[moving] += np.asarray(world.gravity) * dt
    if world.damping:
        keep = max(0.0, 1.0 - world.damping * dt)
        others = moving.copy()
        if world.controlled is not None:
            others[world.controlled] = False
        world.velocity[others] *= keep


def _integrate(world, dt: float) -> None:
    moving = ~world.static
    world.position[moving] += world.velocity[moving] * dt
    c = world.controlled
    if c is not None:  # the learner's whole shape stays inside the world's bounds
        world.pose_changed()
        box = world.shape(c).aabb()
        p = world.position[c]
        reach = ((p[0] - box.min_x, box.max_x - p[0]), (p[1] - box.min_y, box.max_y - p[1]))
        x0, y0, x1, y1 = world.bounds
        for axis, lo, hi in ((0, x0, x1), (1, y0, y1)):
            lo, hi = lo + reach[axis][0], hi - reach[axis][1]
            if not lo <= world.position[c, axis] <= hi:
                world.position[c, axis] = min(max(world.position[c, axis], lo), max(lo, hi))
                world.velocity[c, axis] = 0.0
    world.pose_changed()
