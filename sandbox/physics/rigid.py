"""The rigid-body contact solver: Box2D v3's soft step, vectorised by colour (numpy only).

One step of dt (Erin Catto, "Solver2D", box2d.org 2024: *soft step*)::

    prepare      per contact point: lever arms rA, rB from each centre of mass,
                 effective masses along the normal and the tangent, warm-start
                 impulses matched by feature id from the last step
    substeps     (h = dt / substeps) each:
                   v += g h                        forces
                   warm start                      the impulses found so far
                   solve  (with bias)              soft contacts push the overlap out,
                                                   at most `push_speed` (bounded)
                   hold                            only under a body resting on a much
                                                   lighter one: its support cone, bottom
                                                   up, each lower body held (`support`)
                   x += v h, angle += omega h      integrate (a turn of at most
                                                   MAX_TURN a step: Box2D v3's clamp)
                   relax  (no bias)                remove the push velocity again
                                                   (`relax_iterations` >= 1 passes)
    restitution  once: contacts that closed faster than the threshold bounce
    shock        once, only under a body resting on a much lighter one: bottom up,
                 nothing leaves its support faster than restitution allows
                 (`_shock_propagation`: Gauss-Seidel cannot carry an 80:1 chain)

The penetration bias is the SAT separation (minus the MTV depth) measured at each
contact point and updated as the bodies move within the step: the anchors are
turned exactly by each body's turn so far (Box2D v3's b2RotateVector(dq, r)), so a
fast spin meets a wall where it really is; because the bias acts at the contact
points it can turn the bodies.

One file per concern, as Box2D v3 splits solver.c and contact_solver.c: this one runs the
step (the block above, `_solve_step`); `contact_constraints` gathers each contact's rows
and masses and cuts them into colours; `contact_solver` solves them (warm start, the
passes, restitution); `support` holds a heavy body's support cone and propagates the
shock; `materials` keeps the contact laws (friction and restitution mixing, Coulomb's
clamp, the bounce threshold) that the MTV world's `solver` reads too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..core.portable import _TWO_OVER_PI, _kernels, cos_sin
from . import contact_solver
from .colouring import colour_constraints
from .cone_hold import bounce, hold
from .contact_constraints import (
    Constraints,
    ContactSet,
    colour_blocks,
    prepare,
    soften,
    split_masses,
)
from .materials import BOUNCE_THRESHOLD
from .support import hold_for, shock_propagation

if TYPE_CHECKING:
    from .world import World

# The most a body turns in one step (rad): Box2D v3's B2_MAX_ROTATION, 0.25 pi, "to
# prevent numerical problems": 47 rad/s at 60 steps a second.
MAX_TURN = 0.25 * math.pi

__all__ = ["ContactSet", "contact_hertz", "soft", "solve_rigid"]


def soft(hertz: float, zeta: float, h: float) -> tuple[float, float, float]:
    """Box2D's soft constraint coefficients (bias rate, mass scale, impulse scale)."""
    if hertz == 0.0:
        return 0.0, 1.0, 0.0
    omega = 2.0 * math.pi * hertz
    a1 = 2.0 * zeta + h * omega
    a2 = h * omega * a1
    a3 = 1.0 / (1.0 + a2)
    return omega / a1, a2 * a3, a3


def solve_rigid(world: World, dt: float, contacts: ContactSet, moving: np.ndarray) -> None:
    """Advance velocities and poses of the `moving` bodies by dt, resolving `contacts`.

    Only the moving bodies and the fixed (static or sleeping) ones their contacts touch
    are in the step's arrays, renumbered 0..k-1 in body order: an island asleep costs
    nothing here. (Each body's arithmetic is the same whatever else is in the arrays.)"""
    a, b = contacts.a, contacts.b
    active = (moving[a] | moving[b]) & (contacts.count > 0)
    rows = np.flatnonzero(active)
    touched = moving.copy()
    touched[a[rows]] = True
    touched[b[rows]] = True
    act = np.flatnonzero(touched)
    local = np.full(len(moving), -1)
    local[act] = np.arange(len(act))
    bodies = _Bodies(
        world.friction_of[act],
        world.restitution_of[act],
        world.gravity,
        world.colour_cache,
        world.extent[act],
    )
    mine = ContactSet(
        local[a], local[b], contacts.normal, contacts.points, contacts.separation,
        contacts.ids, contacts.count, contacts.normal_impulse, contacts.tangent_impulse,
    )  # fmt: skip
    inv_m = np.where(moving, world.inv_mass, 0.0)[act]
    inv_i = np.where(moving, world.inv_inertia, 0.0)[act]
    centres = world.centres()
    velocity = np.concatenate([world.velocity[act], world.omega[act, None]], axis=1)
    delta = _solve_step(
        world, bodies, dt, mine, rows, moving[act], inv_m, inv_i, centres[act], velocity
    )
    world.colour_cache = bodies.colour_cache
    contacts.normal_impulse = mine.normal_impulse
    contacts.tangent_impulse = mine.tangent_impulse
    free = act[moving[act]]
    world.velocity[free] = velocity[moving[act], 0:2]
    world.omega[free] = velocity[moving[act], 2]
    centres[act] += delta[:, 0:2]
    angles = world.angle.copy()
    angles[act] += delta[:, 2]
    world.move_centres(centres, angles, moving)


@dataclass
class _Bodies:
    """What the step reads of the bodies in its arrays (renumbered), and the colouring
    cache it keeps on the world."""

    friction_of: np.ndarray
    restitution_of: np.ndarray
    gravity: tuple
    colour_cache: tuple | None
    extent: np.ndarray  # each body's farthest point from its centre of mass


def _solve_step(world, bodies, dt, contacts, rows, moving, inv_m, inv_i, centre, state):
    """The soft step on the step's arrays: `state` (k, 3) velocities, updated in place;
    returns how far each body moved and turned, (k, 3)."""
    n = len(state)
    substeps = max(1, int(world.substeps))
    relax_passes = int(world.relax_iterations)
    if relax_passes < 1:
        raise ValueError(f"relax_iterations must be at least 1, got {relax_passes}")
    h = dt / substeps
    inv_h = 1.0 / h
    flat = state.reshape(-1)  # a view: body i's velocity is flat[3i : 3i + 3]
    delta = np.zeros((n, 3))  # how far each body moved and turned since the step began
    # The same motion as (dx, dy, sin turn) and cos turn - 1: what the separations need.
    turn = np.zeros((n, 3))
    turn_flat = turn.reshape(-1)
    versine = np.zeros(n)
    a, b = contacts.a, contacts.b
    hertz = contact_hertz(world, h)
    soft_dynamic = soft(hertz, world.contact_damping_ratio, h)
    soft_static = soft(2.0 * hertz, world.contact_damping_ratio, h)
    colours: list[Constraints] = []
    whole = None
    if len(rows):
        # Static (and sleeping) bodies never move: they may appear in every constraint
        # of a colour, so a pile on a floor needs no more colours than its own contacts.
        ca = _colours(bodies, a[rows], b[rows], moving)  # colour MAX_COLOURS: Jacobi
        overflow = MAX_COLOURS is not None and int(ca.max()) >= MAX_COLOURS
        order = np.argsort(ca, kind="stable")
        rows = rows[order]
        # Every constraint prepared at once; each colour is a slice (views) of it.
        whole = prepare(bodies, contacts, rows, centre, inv_m, inv_i, state)
        # Each body's fastest point as the step begins, |v| + |omega| extent: a body
        # holds up no faster one in a support cone (`support.support_cones`).
        speed = np.sqrt(state[:, 0] * state[:, 0] + state[:, 1] * state[:, 1])
        whole.speed = speed + np.abs(state[:, 2]) * bodies.extent
        static = (inv_m[contacts.a[rows]] == 0.0) | (inv_m[contacts.b[rows]] == 0.0)
        soften(whole, soft_static, soft_dynamic, static)
        ends = np.flatnonzero(np.diff(ca[order])) + 1
        starts = np.concatenate([[0], ends]).tolist()
        stops = np.concatenate([ends, [len(rows)]]).tolist()
        split = split_masses(whole, starts[-1], inv_m, inv_i) if overflow else None
        colours = colour_blocks(whole, starts, stops, split)

    gravity = np.array([world.gravity[0], world.gravity[1], 0.0]) * h
    keep = np.array(
        [
            1.0 / (1.0 + h * world.damping),
            1.0 / (1.0 + h * world.damping),
            1.0 / (1.0 + h * world.angular_damping),
        ]
    )
    free = np.flatnonzero(moving)
    everyone = len(free) == n
    push = world.push_speed
    spin = state[:, 2]  # a view: the angular velocities (`MAX_TURN`)
    turn_cap = MAX_TURN / dt
    # The separations change only when the bodies move (between the solve and the
    # relax pass): the relax pass's serve the next substep's solve pass as they are.
    now = None if whole is None else contact_solver.separations(whole, turn_flat, versine)
    # A heavy body on a light one: its support cone is held after each solve pass.
    held = None if whole is None else hold_for(whole, inv_m, inv_i, whole.speed, BOUNCE_THRESHOLD)
    for sub in range(substeps):
        # Friction's two points take turns going first (a fixed order would give the
        # first a little more every time); the normal points are solved as one block.
        first = sub % 2
        if everyone:
            state += gravity
        else:
            state[free] += gravity
        if world.damping or world.angular_damping:
            state[free] *= keep
        _cap(spin, turn_cap)  # (`MAX_TURN`: before the solve too, as Box2D v3 does)
        if whole is not None:
            contact_solver.warm_start(whole, flat)
            contact_solver.targets(whole, now, inv_h, push, True)
        for col in colours:
            contact_solver.solve(col, flat, first, True)
        if held is not None:
            hold(held, flat, now, inv_h, push)
        # At most MAX_TURN a step, clamped as Box2D v3 clamps it, before integrating: the
        # solver turns each contact's anchors with their bodies within the step, and the
        # contacts were found where the step began, a model for turns well under a half;
        # a 4,760 px plank at 513 rad/s (8 rad a step) struck a dense hexagon as the
        # contacts found at its start said, and the scene's energy grew twelvefold.
        _cap(spin, turn_cap)
        if everyone:
            delta += state * h
        else:
            delta[free] += state[free] * h
        if whole is not None:
            _turns(delta, turn, versine)
            now = contact_solver.separations(whole, turn_flat, versine)
        for _ in range(relax_passes):
            if whole is not None:
                contact_solver.targets(whole, now, inv_h, push, False)
            for col in colours:
                contact_solver.solve(col, flat, 1 - first, False)
    for col in colours:
        if col.bounces:
            contact_solver.restitute(col, flat)
    if held is not None:
        pmax = np.concatenate([c.pmax for c in colours], axis=1)  # (2, M), whole's order
        bounce(held, flat, whole.relative, whole.e, BOUNCE_THRESHOLD, pmax > 0.0, now, inv_h)
    if whole is not None:
        shock_propagation(whole, colours, flat, inv_m, inv_i, substeps)

    # Store the impulses for the next step's warm start and for the overlays.
    contacts.normal_impulse = np.zeros_like(contacts.separation)
    contacts.tangent_impulse = np.zeros_like(contacts.separation)
    if whole is not None:
        contacts.normal_impulse[whole.rows] = whole.impulses(whole.pn3, whole.at3).T
        contacts.tangent_impulse[whole.rows] = whole.impulses(whole.pt_b, whole.at).T
    return delta


def _cap(spin, cap: float) -> None:
    """Each angular velocity within +-cap, in place (np.clip's wrapper costs 9 us a call)."""
    np.minimum(spin, cap, out=spin)
    np.maximum(spin, -cap, out=spin)


def contact_hertz(world: World, h: float) -> float:
    """Stiffness of a contact between two moving bodies for substeps of h seconds (a
    contact with a fixed body: twice this). Box2D v3 (b2PrepareStagesTask's caller,
    physics_world.c): min(contactHertz, 0.125 / h), so that omega h stays at most
    pi / 4 (pi / 2 against a fixed body): stiffer than that, one solve and one relax
    pass a substep ring instead of damping and stacks never settle."""
    return min(world.contact_hertz, world.hertz_cap / h)


def _turns(delta, turn, versine) -> None:
    """Each body's motion since the step began as the separations use it: (dx, dy,
    sin dtheta) in `turn` and cos dtheta - 1 in `versine` (an anchor r turns to
    r + (cos - 1) r + sin perp(r): exactly, whatever the turn)."""
    cos, sin = _cos_sin_within_a_step(delta[:, 2])
    turn[:, 0:2] = delta[:, 0:2]
    turn[:, 2] = sin
    np.subtract(cos, 1.0, out=versine)


def _cos_sin_within_a_step(angle: np.ndarray):
    """`portable.cos_sin`, bit for bit, for the turns bodies make within one step: where
    every |angle| is under pi / 4 its range reduction is the identity (k = 0: angle -
    0 * pi/2 is the angle) and its quadrant swap keeps (cos, sin), so only the kernels
    run (about half of cos_sin's numpy calls, every substep)."""
    if float(np.abs(angle).max(initial=0.0)) * _TWO_OVER_PI < 0.5:
        cos, sin = _kernels(angle)
        return cos + 0.0, sin + 0.0
    return cos_sin(angle)


def _colours(bodies, a, b, moving) -> np.ndarray:
    """`colour_constraints`, reused from the last step when its input is the same."""
    key = a.tobytes() + b.tobytes() + np.packbits(moving).tobytes() + repr(MAX_COLOURS).encode()
    cache = getattr(bodies, "colour_cache", None)
    if cache is not None and cache[0] == key:
        return cache[1]
    colour = colour_constraints(a, b, moving, MAX_COLOURS)
    bodies.colour_cache = (key, colour)
    return colour


# At most this many Gauss-Seidel colours a pass; the constraints of the colours beyond
# are solved together as one more colour, by Jacobi with mass splitting (`_split`).
# None: every colour Gauss-Seidel.
MAX_COLOURS: int | None = 8
