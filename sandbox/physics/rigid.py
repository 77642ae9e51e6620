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

Both points of a manifold are solved together, as one 2 x 2 linear complementarity
problem (Box2D v2.4's block solver, b2ContactSolver::SolveVelocityConstraints): the
normal impulses (x1, x2) >= 0 that leave both points' target met, or one point
alone, or neither; the first of the four cases that holds is the exact answer. A
manifold whose two rows are all but parallel (condition number over 1e12: two points
on top of each other) falls back to its first point alone. v2.4 falls back from 1000
on, a guard for its float32; in float64 the block is exact far beyond that (the four
cases keep both impulses >= 0, and two such impulses on nearly equal rows sum to what
one row needs, so neither can grow large), and the end of a thin card (0.18 px: its
two points 0.16 px apart, condition 1e4 to 1e10) needs both points: held at its first
point alone, a card's end pivots and sinks into the card it stands on, deeper than
that card is thick, and Box2D v3's card house falls from its first second. Solved
one point after the other instead, the first point takes more than its share each
pass: a face-to-face hit starts a spin and gains or loses energy, and a flat landing
turns and slips. The soft contact (mass scale ms, bias b) enters the
block unchanged: per point, w = ms (vn_after) + b + (1 - ms) (K x) >= 0, which is
w = K x + q with q = ms (vn - K x_old) + b; for one point it is Box2D v3's update.
Friction stays one point after the other (v2.4 and v3 do the same).

Each constraint row is a Jacobian J over the pair's six velocities
(va_x, va_y, omega_a, vb_x, vb_y, omega_b) = (-n, -(rA x n), n, rB x n); an
impulse lambda changes them by lambda * M^-1 J, so a row costs a handful of
array operations whatever the number of contacts. Each constraint is a Gauss-Seidel
update; constraints of one colour touch different bodies and are solved together
as one set of numpy operations (see `colouring`). No Python loop runs per contact.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..core.portable import _TWO_OVER_PI, _kernels, cos_sin, sum_of_products
from .colouring import colour_constraints
from .support import (
    bounce,
    groups_of,
    hold,
    hold_for,
    midpoint_rows,
    support_cones,
    touching,
    uneven_pairs,
)

if TYPE_CHECKING:
    from .world import World

# Below this closing speed (px/s) a contact does not bounce: resting contacts stay at rest.
BOUNCE_THRESHOLD = 60.0
# The most a body turns in one step (rad): Box2D v3's B2_MAX_ROTATION, 0.25 pi, "to
# prevent numerical problems": 47 rad/s at 60 steps a second.
MAX_TURN = 0.25 * math.pi

# The ufuncs of the hot loop (`_solve`), called with positional outputs: the same
# arithmetic as the operators, with less of Python's overhead on a few hundred numbers.
_add, _sub, _mul, _neg = np.add, np.subtract, np.multiply, np.negative
_max, _min, _ge, _not, _or = np.maximum, np.minimum, np.greater_equal, np.logical_not, np.logical_or
_where, _reduce = np.where, np.add.reduce


@dataclass
class ContactSet:
    """Contact manifolds of one step (row = colliding or nearly colliding pair)."""

    a: np.ndarray  # (M,) body indices, a < b
    b: np.ndarray
    normal: np.ndarray  # (M, 2) from a toward b
    points: np.ndarray  # (M, 2, 2)
    separation: np.ndarray  # (M, 2)
    ids: np.ndarray  # (M, 2) feature ids
    count: np.ndarray  # (M,) 1 or 2
    normal_impulse: np.ndarray  # (M, 2) accumulated this step (for warm starting, overlays)
    tangent_impulse: np.ndarray  # (M, 2)

    def keys(self, n: int) -> np.ndarray:
        """(M, 2) warm-start keys: pair and feature id."""
        pair = (self.a.astype(np.int64) * n + self.b)[:, None]
        return (pair << 32) | (self.ids & 0xFFFFFFFF)


def soft(hertz: float, zeta: float, h: float) -> tuple[float, float, float]:
    """Box2D's soft constraint coefficients (bias rate, mass scale, impulse scale)."""
    if hertz == 0.0:
        return 0.0, 1.0, 0.0
    omega = 2.0 * math.pi * hertz
    a1 = 2.0 * zeta + h * omega
    a2 = h * omega * a1
    a3 = 1.0 / (1.0 + a2)
    return omega / a1, a2 * a3, a3


def _cross(rx, ry, x, y):
    return rx * y - ry * x


class _Colour:
    """Constraints gathered once per step (M pairs, 2 points each), stored row-major as
    (6, M) Jacobian columns so that one colour is a slice and every update broadcasts
    without reshaping; a colour's arrays are views into the whole set's."""

    __slots__ = (
        "rows",
        "index",
        "jn",
        "mjn",
        "jt",
        "mjt",
        "sjt",
        "nmass",
        "kd",
        "ko",
        "invd",
        "invo",
        "nra",
        "nrb",
        "ia",
        "ib",
        "adjusted",
        "relative",
        "mu",
        "e",
        "rate",
        "soft_mass",
        "pn",
        "pt",
        "pmax",
        "ms",
        "bias",
        "bounces",
        "neg_nmass",
        "at",
        "at3",
        "gather",
        "pn3",
        "pt_b",
        "ms_b",
        "bias_b",
        "ko2",
        "invo2",
        "mu2",
        "block2",
        "solve_args",
        "split",
        "anchors",
        "speed",
    )

    @staticmethod
    def impulses(blocked, at) -> np.ndarray:
        """(2, M) impulses of the whole set, from a blocked buffer."""
        return blocked.take(at).reshape(2, -1)


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
    colours: list[_Colour] = []
    whole = None
    if len(rows):
        # Static (and sleeping) bodies never move: they may appear in every constraint
        # of a colour, so a pile on a floor needs no more colours than its own contacts.
        ca = _colours(bodies, a[rows], b[rows], moving)  # colour MAX_COLOURS: Jacobi
        overflow = MAX_COLOURS is not None and int(ca.max()) >= MAX_COLOURS
        order = np.argsort(ca, kind="stable")
        rows = rows[order]
        # Every constraint prepared at once; each colour is a slice (views) of it.
        whole = _prepare(bodies, contacts, rows, centre, inv_m, inv_i, state)
        # Each body's fastest point as the step begins, |v| + |omega| extent: a body
        # holds up no faster one in a support cone (`support.support_cones`).
        speed = np.sqrt(state[:, 0] * state[:, 0] + state[:, 1] * state[:, 1])
        whole.speed = speed + np.abs(state[:, 2]) * bodies.extent
        static = (inv_m[contacts.a[rows]] == 0.0) | (inv_m[contacts.b[rows]] == 0.0)
        _soften(whole, soft_static, soft_dynamic, static)
        ends = np.flatnonzero(np.diff(ca[order])) + 1
        starts = np.concatenate([[0], ends]).tolist()
        stops = np.concatenate([ends, [len(rows)]]).tolist()
        split = _split(whole, starts[-1], inv_m, inv_i) if overflow else None
        colours = _blocks(whole, starts, stops, split)

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
    now = None if whole is None else _separations(whole, turn_flat, versine)
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
            _warm_start(whole, flat)
            _targets(whole, now, inv_h, push, True)
        for col in colours:
            _solve(col, flat, first, True)
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
            now = _separations(whole, turn_flat, versine)
        for _ in range(relax_passes):
            if whole is not None:
                _targets(whole, now, inv_h, push, False)
            for col in colours:
                _solve(col, flat, 1 - first, False)
    for col in colours:
        if col.bounces:
            _restitute(col, flat)
    if held is not None:
        pmax = np.concatenate([c.pmax for c in colours], axis=1)  # (2, M), whole's order
        bounce(held, flat, whole.relative, whole.e, BOUNCE_THRESHOLD, pmax > 0.0, now, inv_h)
    if whole is not None:
        _shock_propagation(whole, colours, flat, inv_m, inv_i, substeps)

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


def _colours(world, a, b, moving) -> np.ndarray:
    """`colour_constraints`, reused from the last step when its input is the same."""
    key = a.tobytes() + b.tobytes() + np.packbits(moving).tobytes() + repr(MAX_COLOURS).encode()
    cache = getattr(world, "colour_cache", None)
    if cache is not None and cache[0] == key:
        return cache[1]
    colour = colour_constraints(a, b, moving, MAX_COLOURS)
    world.colour_cache = (key, colour)
    return colour


def _prepare(world, contacts, group, centre, inv_m, inv_i, state) -> _Colour:
    col = _Colour()
    col.rows = group
    ia, ib = contacts.a[group], contacts.b[group]
    col.ia, col.ib = ia, ib
    # Where each of the six velocities of a pair lives in the flat (3n,) state: (6, m).
    pairs = np.stack([ia, ib])
    col.index = (3 * pairs)[[0, 0, 0, 1, 1, 1]] + np.array([0, 1, 2, 0, 1, 2])[:, None]
    nx, ny = contacts.normal[group, 0][:, None], contacts.normal[group, 1][:, None]
    # Lever arms of each point (2, m), constraint-minor as the rows are: zero on an
    # empty slot; the normal as (1, m).
    valid = np.arange(2)[:, None] < contacts.count[group][None, :]  # (2, m)
    p = contacts.points[group].transpose(2, 1, 0)  # (2 coordinates, 2 points, m)
    nx, ny = nx.T, ny.T
    rax = (p[0] - centre[ia, 0][None, :]) * valid
    ray = (p[1] - centre[ia, 1][None, :]) * valid
    rbx = (p[0] - centre[ib, 0][None, :]) * valid
    rby = (p[1] - centre[ib, 1][None, :]) * valid
    col.anchors = (nx, ny, valid, rax, ray, rbx, rby)
    _jacobians(col, ia, ib, inv_m, inv_i)
    # n . r at each anchor: with the cross products in jn, how a turn moves it along n.
    # The anchors' reach along the normal at each body's own surface, half the gap either
    # side of the point midway (a turn swings the surface, not the middle of the gap).
    half = 0.5 * contacts.separation[group].T * valid
    col.nra = rax * nx + ray * ny - half
    col.nrb = rbx * nx + rby * ny + half
    # The separation at the step's start; the solver adds how far the anchors moved since.
    col.adjusted = np.ascontiguousarray(contacts.separation[group].T * valid)
    # Closing speed at each point before this step: it alone decides whether it bounces.
    x = state.reshape(-1)[col.index]  # (6, m)
    relative = sum_of_products(col.jn, x[None], axis=1)
    # A speculative point (still apart) closes under gravity before it touches: bounce
    # with the speed it will have then, sqrt(v^2 + 2 a s), not the speed it has now.
    g = np.asarray(world.gravity)
    falls_a = (inv_m[ia] > 0.0)[:, None]
    falls_b = (inv_m[ib] > 0.0)[:, None]
    along = ((falls_b * g) - (falls_a * g)) * contacts.normal[group]
    # (its .sum(axis=1), bit for bit: a0 + (0.0 + a1), at a tenth of the cost of
    # numpy's reduction over a last axis of two)
    closing = -(along[:, 0] + (along[:, 1] + 0.0))
    gap = np.maximum(col.adjusted, 0.0)
    speed_then = np.sqrt(relative * relative + 2.0 * np.maximum(closing, 0.0) * gap)
    col.relative = np.where(relative < 0.0, -speed_then, relative)
    fr = world.friction_of
    re = world.restitution_of
    col.mu = np.sqrt(fr[ia] * fr[ib])
    col.e = np.minimum(re[ia], re[ib])
    col.pn = np.ascontiguousarray(contacts.normal_impulse[group].T * valid)
    col.pt = np.ascontiguousarray(contacts.tangent_impulse[group].T * valid)
    col.pmax = np.zeros_like(col.pn)
    col.bounces = (col.relative < -BOUNCE_THRESHOLD).any(axis=0)  # per constraint
    col.ms = np.ones_like(col.pn)
    col.bias = np.zeros_like(col.pn)
    return col


def _jacobians(col, ia, ib, inv_m, inv_i) -> None:
    """The normal and tangent rows of `col`'s constraints from its anchors (`_prepare`:
    the normal (1, m) and the lever arms (2, m)) and the bodies' inverse masses: jn,
    mjn (M^-1 jn), nmass, jt, mjt, sjt, and the 2 x 2 block (`_block`)."""
    nx, ny, valid, rax, ray, rbx, rby = col.anchors
    tx, ty = ny, -nx  # Box2D's tangent: the normal turned a quarter right
    inv = np.stack([inv_m[ia], inv_m[ia], inv_i[ia], inv_m[ib], inv_m[ib], inv_i[ib]])

    def rows_for(dx, dy):
        # (2, 6, m): point-major, then the six velocities, then the constraints; the
        # anchors are (2, m) and the direction (1, m), so each row is written in place.
        j = np.empty((2, 6, len(ia)))
        np.multiply(-dx, valid, out=j[:, 0])
        np.multiply(-dy, valid, out=j[:, 1])
        np.negative(_cross(rax, ray, dx, dy), out=j[:, 2])
        np.multiply(dx, valid, out=j[:, 3])
        np.multiply(dy, valid, out=j[:, 4])
        j[:, 5] = _cross(rbx, rby, dx, dy)
        mj = j * inv[None]
        k = np.add.reduce(j * mj, axis=1)
        mass = np.where(valid & (k > 0), 1.0 / np.where(k > 0, k, 1.0), 0.0)
        return j, mj, mass, k

    col.jn, col.mjn, col.nmass, k = rows_for(nx, ny)
    col.jt, col.mjt, tmass, _ = rows_for(tx, ty)
    col.sjt = col.jt * tmass[:, None, :]
    _block(col, k)


# Beyond this the two rows are too close to parallel for the 2 x 2 inverse (float64);
# the manifold is then solved at its first point alone. Box2D v2.4's
# b2_maxConditionNumber is 1000, for float32: it drops the second point of a thin
# card's end (condition 1e4 to 1e10), and card houses fall (see the module's docstring).
MAX_CONDITION = 1e12


def _block(col, k) -> None:
    """The 2 x 2 effective mass K = J M^-1 J^T of each manifold's two normal rows:
    diagonal `kd` (2, m), off-diagonal `ko` (m), and its inverse's (`invd`, `invo`),
    zero where the block cannot be used (one point, or ill-conditioned)."""
    col.kd = k * (col.nmass > 0.0)
    col.ko = np.add.reduce(col.jn[0] * col.mjn[1], axis=0)
    k11, k22, k12 = col.kd[0], col.kd[1], col.ko
    det = k11 * k22 - k12 * k12
    ok = (col.nmass > 0.0).all(axis=0) & (k11 * k11 < MAX_CONDITION * det)
    safe = np.where(ok, det, 1.0)
    col.invd = np.where(ok, np.stack([k22, k11]) / safe, 0.0)
    col.invo = np.where(ok, -k12 / safe, 0.0)
    # Ill-conditioned: the second point leaves the normal solve (its impulse stays 0).
    drop = (col.nmass[1] > 0.0) & ~ok
    col.nmass[1] = np.where(drop, 0.0, col.nmass[1])
    col.kd[1] = np.where(drop, 0.0, col.kd[1])
    col.ko = np.where(drop, 0.0, col.ko)
    col.jn[1][:, drop] = 0.0
    col.mjn[1][:, drop] = 0.0


def _soften(col, soft_static, soft_dynamic, static) -> None:
    """Softness of each constraint: contacts with a fixed body are twice as stiff.
    Box2D v3's solve: bias = max(ms * rate * s, -push speed), mass scale ms."""
    ms = np.where(static, soft_static[1], soft_dynamic[1])
    col.soft_mass = ms
    col.rate = np.where(static, soft_static[0], soft_dynamic[0]) * ms


# At most this many Gauss-Seidel colours a pass; the constraints of the colours beyond
# are solved together as one more colour, by Jacobi with mass splitting (`_split`).
# None: every colour Gauss-Seidel.
MAX_COLOURS: int | None = 8


def _split(whole, start, inv_m, inv_i) -> _Colour:
    """The Jacobi colour's constraints, `whole`'s from `start` on, with split masses
    (Tonge, Benevolenski and Voroshilov 2012): a body in c of them is c copies of mass
    m / c, one per constraint; each constraint is solved on its copies (as if alone,
    with the inverse masses c / m), and the copies' velocities are averaged after the
    pass. The average of the copies' changes, (1/c) sum (c / m) J^T lambda = (1/m) sum
    J^T lambda, is the sum of every impulse on the real body: momentum is exact and, as
    each constraint sees only its share of the body, the sum does not overshoot.
    `split` (6, m): each row's c, by which `_solve` divides the changes it adds up. The
    anchors are `whole`'s (the same numbers); only the rows that hold masses are new."""
    n = len(inv_m)
    a, b = whole.ia[start:], whole.ib[start:]
    share = np.bincount(a, minlength=n) + np.bincount(b, minlength=n)
    share = np.maximum(share, 1)
    col = _Colour()
    col.anchors = tuple(part[:, start:] for part in whole.anchors)
    _jacobians(col, a, b, inv_m * share, inv_i * share)
    pairs = np.stack([a, b])
    col.split = share[pairs][[0, 0, 0, 1, 1, 1]].astype(float)
    return col


def _blocks(whole: _Colour, starts: list[int], stops: list[int], split=None) -> list[_Colour]:
    """The colours, each with its own contiguous (2, m) arrays: a numpy call on a
    contiguous block costs half as much as on a strided view or a broadcast, and a
    colour solve is some forty calls on a few hundred numbers.

    What the step writes lives in flat buffers, colour after colour ("blocked"):
    colour c's (2, m) is a contiguous slice. `whole.at` says where each (point,
    constraint) of the whole set's (2, M) layout sits in such a buffer, so the
    whole-set passes (`_targets`, `_warm_start`) gather or scatter with one `take`.
    The normal impulses keep a third row per colour, a copy of the first, so that the
    two points swapped is a contiguous (2, m) slice too (rows 1, 2)."""
    m_total = len(whole.rows)
    at = np.empty((2, m_total), dtype=np.intp)  # position in a (2, m)-blocked buffer
    at3 = np.empty((2, m_total), dtype=np.intp)  # the same in the (3, m)-blocked one
    for i, j in zip(starts, stops, strict=True):
        local = np.arange(j - i)
        at[0, i:j] = 2 * i + local
        at[1, i:j] = 2 * i + (j - i) + local
        at3[0, i:j] = 3 * i + local
        at3[1, i:j] = 3 * i + (j - i) + local
    whole.at, whole.at3 = at.ravel(), at3.ravel()
    # blocked = whole.ravel().take(gather)
    gather = np.empty(2 * m_total, dtype=np.intp)
    gather[whole.at] = np.arange(2 * m_total)
    whole.gather = gather
    whole.pn3 = np.empty(3 * m_total)
    whole.pn3[whole.at3] = whole.pn.ravel()
    whole.pt_b = whole.pt.ravel().take(gather)
    whole.ms_b = np.ones(2 * m_total)
    whole.bias_b = np.zeros(2 * m_total)
    colours = []
    for i, j in zip(starts, stops, strict=True):
        sl, m = slice(i, j), j - i
        col = _Colour()
        col.rows = whole.rows[sl]
        col.index = np.ascontiguousarray(whole.index[:, sl])
        col.bounces = bool(whole.bounces[sl].any())
        for name in ("jn", "mjn", "mjt", "sjt"):  # (jt: only the whole set's is read)
            setattr(col, name, np.ascontiguousarray(getattr(whole, name)[:, :, sl]))
        for name in ("nmass", "kd", "invd", "relative"):
            setattr(col, name, np.ascontiguousarray(getattr(whole, name)[:, sl]))
        col.ko, col.invo = whole.ko[sl].copy(), whole.invo[sl].copy()
        col.split = None
        if split is not None and i == starts[-1]:  # the Jacobi colour: split masses
            for name in ("jn", "mjn", "mjt", "sjt", "nmass", "kd", "invd", "ko", "invo"):
                setattr(col, name, getattr(split, name))
            col.split = split.split
        col.e = whole.e[sl].copy()
        # Views into the blocked buffers (writes go through).
        col.pn3 = whole.pn3[3 * i : 3 * j].reshape(3, m)
        col.pn3[2] = col.pn3[0]
        col.pn = col.pn3[:2]
        col.pt = whole.pt_b[2 * i : 2 * j].reshape(2, m)
        col.ms = whole.ms_b[2 * i : 2 * j].reshape(2, m)
        col.bias = whole.bias_b[2 * i : 2 * j].reshape(2, m)
        col.pmax = np.zeros((2, m))
        # What `_solve` reads as it is: -nmass, per-constraint values as (2, m), whether
        # the block is used, friction's rows, and scratch rows for the swapped points.
        col.neg_nmass = -col.nmass
        col.ko2 = np.stack([col.ko, col.ko])
        col.invo2 = np.stack([col.invo, col.invo])
        col.mu2 = np.stack([whole.mu[sl], whole.mu[sl]])
        col.block2 = np.stack([col.invd[0] != 0.0] * 2)
        qbuf, abuf, obuf = np.empty((3, m)), np.empty((3, m)), np.empty((3, m))
        ok3, pick = np.empty((3, m), dtype=bool), np.empty((2, m), dtype=bool)
        upper, lower = np.empty((2, m)), np.empty((2, m))
        rows = [(col.pt[k], upper[k], lower[k], col.sjt[k], col.mjt[k]) for k in (0, 1)]
        friction = ((rows[0], rows[1]), (rows[1], rows[0]))
        col.solve_args = (
            col.index, col.jn, col.kd, col.ko2, col.ms, col.bias, col.invd, col.invo2,
            col.neg_nmass, col.block2, col.mjn[0], col.mjn[1], col.pmax, col.mu2,
            friction, col.pn3, col.pn3[:2], col.pn3[1:],
            qbuf, qbuf[:2], qbuf[1:], abuf, abuf[:2], abuf[1:], obuf, obuf[:2], obuf[1:],
            ok3, ok3[:2], ok3[1:], pick, pick[0], pick[1], upper, lower,
            np.empty((2, 6, m)), np.empty((2, m)), np.empty((2, m)), np.empty((6, m)),
            np.empty((6, m)), np.empty(m), np.empty(m),
        )  # fmt: skip
        colours.append(col)
    return colours


def _warm_start(whole, flat) -> None:
    """Apply every constraint's accumulated impulses (a sum: order does not matter)."""
    pn = whole.impulses(whole.pn3, whole.at3)
    pt = whole.impulses(whole.pt_b, whole.at)
    change = pn[0] * whole.mjn[0]
    change += pn[1] * whole.mjn[1]
    change += pt[0] * whole.mjt[0]
    change += pt[1] * whole.mjt[1]
    flat += np.bincount(whole.index.ravel(), change.ravel(), minlength=len(flat))


def _separations(whole, turn_flat, versine) -> np.ndarray:
    """(2, M) separation at every point now: at the step's start + how far the anchors
    moved along the normal, each turned exactly by its body's turn (Box2D v3's
    contact_solver.c):
    s = s0 + n . (dpB - dpA) + [sin_B (rB x n) + (cos_B - 1) n . rB] - [same for A],
    where n . rB is taken at B's own surface, half the gap beyond the point (and n . rA
    at A's, half the gap short of it): Box2D's points are at most 2 cm apart, ours are
    speculative hundreds of px out, and a turn swings a body's surface, not the middle
    of the gap in front of it (`_prepare`)."""
    s = sum_of_products(whole.jn, turn_flat.take(whole.index)[None], axis=1)
    s += whole.adjusted
    s += versine[whole.ib] * whole.nrb
    s -= versine[whole.ia] * whole.nra
    return s


def _targets(whole, s, inv_h, push_speed, use_bias) -> None:
    """Mass scale `ms` and bias velocity `bias` of every point for this pass, from the
    separations `s` now (`_separations`)."""
    if use_bias:
        ahead = s > 0.0  # speculative: close the gap within the substep, not faster
        soft = np.maximum(s * whole.rate, -push_speed)
        np.take(np.where(ahead, s * inv_h, soft), whole.gather, out=whole.bias_b)
        np.take(np.where(ahead, 1.0, whole.soft_mass), whole.gather, out=whole.ms_b)
    else:  # relax: rigid, without the push (a gap may still close by its width); the
        # mass scale is 1 (`_solve` then skips it: x * 1.0 is x, bit for bit)
        bias = np.multiply(s, inv_h)
        np.maximum(bias, 0.0, out=bias)
        np.take(bias, whole.gather, out=whole.bias_b)


def _solve(col, flat, first=0, soft=True) -> None:
    """One Gauss-Seidel pass over one colour: both normal points as one block, then
    friction point by point. x is the colour's (6, m) pair velocities (one gather,
    one scatter); no moving body appears twice in a colour. `soft`: the solve pass
    (mass scale ms); the relax pass has ms = 1.

    The same arithmetic as `_lcp_offset` and `_lcp` (every product and sum with the
    same operands in the same order, so the same bits), written for speed: a colour
    holds some tens of constraints, so each numpy call costs more than its arithmetic,
    and this runs 2 x substeps x colours times a step. So: about half as many calls,
    each on contiguous (2, m) arrays (no broadcasting, no reversed views: a (3, m)
    buffer whose third row copies the first holds both orders of the two points)."""
    (index, jn, kd, ko2, ms, bias, invd, invo2, neg_nmass, block2, mjn0, mjn1, pmax, mu2,
     friction, pn3, old, old_swapped, qbuf, q, q_swapped, abuf, alone, alone_swapped,
     obuf, other, other_swapped, ok3, ok, ok_swapped, pick, pick0, pick1, upper,
     lower, jx, kx, t2, t6, t6b, r, d) = col.solve_args  # fmt: skip
    x = flat.take(index)
    split = col.split
    if split is not None:
        x0 = x.copy()
    # q = ms (vn - K x_old) + bias  (_lcp_offset); `_add(a, b, out)` is `out = a + b`
    _reduce(_mul(jn, x, jx), 1, None, q)  # vn
    _mul(kd, old, kx)
    _add(kx, _mul(ko2, old_swapped, t2), kx)
    _sub(q, kx, q)
    if soft:
        _mul(q, ms, q)
    _add(q, bias, q)
    qbuf[2] = q[0]
    # the four cases (_lcp): both points, the first alone, the second alone, neither
    both = _mul(invd, q)
    _add(both, _mul(invo2, q_swapped, t2), both)
    _neg(both, both)
    _mul(q, neg_nmass, alone)  # -q * nmass, bit for bit
    abuf[2] = alone[0]
    _mul(ko2, alone_swapped, other)
    _add(other, q, other)
    obuf[2] = other[0]
    fits = _ge(alone, 0.0)
    fits &= _ge(other_swapped, 0.0)  # (first alone fits, second alone fits)
    first_fits = fits[0]
    _ge(both, 0.0, ok)
    ok3[2] = ok3[0]
    use_both = ok & ok_swapped  # in both rows: both impulses >= 0
    use_both &= block2
    # first alone: (a0, 0 a1); else second alone: (0 a0, a1); neither: (0, 0)
    pick0[...] = first_fits
    _not(first_fits, pick1)
    single = _where(pick, alone, _mul(alone, 0.0, t2))
    _or(first_fits, fits[1], pick0)
    pick1[...] = pick0
    new = _where(use_both, both, _where(pick, single, 0.0))
    change = _sub(new, old, t2)
    _add(_mul(change[0], mjn0, t6), _mul(change[1], mjn1, t6b), t6)
    _add(x, t6, x)
    old[...] = new
    pn3[2] = new[0]
    _max(pmax, new, out=pmax)  # (keyword: a positional out costs np.maximum 1 us)
    _mul(new, mu2, upper)
    _neg(upper, lower)
    # friction, point `first` then the other: (impulse, bounds, rows) of each
    for was, up, low, sjt, mjt in friction[first]:
        now = _sub(was, _reduce(_mul(sjt, x, t6), 0, None, r), r)
        _min(now, up, out=now)
        _max(now, low, out=now)
        _add(x, _mul(_sub(now, was, d), mjt, t6), x)
        was[...] = now
    if split is None:
        flat[index] = x  # (as flat.put, in the same order, in a third of the time)
    else:  # Jacobi: each body gets the average of its copies' changes
        x -= x0
        x /= split
        flat += np.bincount(index.ravel(), x.ravel(), minlength=len(flat))


def _shock_propagation(whole, colours, flat, inv_m, inv_i, substeps) -> None:
    """No rebound under a heavy body: shock propagation (Guendelman, Bridson and Fedkiw
    2003) of the step's final velocities, bottom up.

    A heavy box landing on a light one on the floor is a chain that Gauss-Seidel passes
    cannot carry: each pass moves the heavy box by the light one's share (1/80 of the
    way at 80:1), so the light box is pressed into the floor, the contacts store the
    heavy box's momentum, and the next step hands it back as a bounce (e = 0: 0.42 of
    the impact speed; Box2D v3 0.48). Physically the floor holds the light box, and the
    light box, held, holds the heavy one.

    So, after the last substep and restitution: levels count contacts from the fixed
    (and sleeping) bodies, over the contacts that pushed this step::

        level 0   floor                       level k+1 rests on level k
        level 1   light box   <- held
        level 2   heavy box   <- may not leave the light box faster than it may

    Under each body that rests on one more than `HEAVY_RATIO` times lighter (its support
    cone, down to the floor), level by level upward, each contact is solved with its
    lower body held fixed, on the upper body alone: it may not leave the lower one
    faster than restitution says (e times the closing speed, for a contact that closed
    faster than the bounce threshold) or than it was already leaving when the step
    began, and no more impulse is taken back than the contact gave this step. A lower
    body moving away from it (down, into its own support, which Gauss-Seidel left
    unfinished) counts as standing still: the upper body is never pulled after it (that
    would make energy). The pass never pushes (closing is the solver's business), so a
    pile cannot gain height from it; a body on equal ones, or anything in free space
    (no fixed body), is left alone. The stored impulses stay as solved, for the warm
    start."""
    uneven = uneven_pairs(whole.ia, whole.ib, inv_m)
    if not uneven.any():
        return  # the common case: a few array operations a step
    pmax = np.concatenate([c.pmax for c in colours], axis=1)  # (2, M), whole's order
    pushed = (pmax[0] + pmax[1]) > 0.0
    uneven &= pushed
    if not uneven.any():
        return
    near = touching(whole)
    cones = support_cones(
        whole.ia, whole.ib, inv_m, uneven, pushed, near, whole.speed, BOUNCE_THRESHOLD
    )
    if cones is None:
        return
    rows = cones.rows
    valid, ju, jl, flat_u, flat_l, inv_u, k_u = midpoint_rows(whole, cones, inv_m, inv_i)
    count = valid.sum(axis=0)
    relative = whole.relative[:, rows]  # closing speed as the step began (< 0: closing)
    closing = -np.where(valid, relative, np.inf).min(axis=0)
    bounce = np.where(closing > BOUNCE_THRESHOLD, whole.e[rows] * closing, 0.0)
    opening = (relative[0] * valid[0] + relative[1] * valid[1]) / count
    leave_at_most = np.maximum(bounce, opening)
    given = (pmax[0, rows] + pmax[1, rows]) * substeps  # at most this much impulse pushed
    # A body on two supports has two rows: one after the other (lower bodies are held,
    # so only the upper body may not repeat within a group).
    for k in groups_of(cones, len(inv_m)):
        # The lower body is held: where it moves away from the upper one (into what
        # it rests on), the upper one is measured against it standing still.
        lower_part = np.add.reduce(jl[:, k] * flat.take(flat_l[:, k]), axis=0)
        vn = np.add.reduce(ju[:, k] * flat.take(flat_u[:, k]), axis=0)
        vn += np.minimum(lower_part, 0.0)
        change = (np.minimum(vn, leave_at_most[k]) - vn) / k_u[k]  # <= 0: holds back
        change = np.maximum(change, -given[k])
        flat[flat_u[:, k]] += change * inv_u[:, k] * ju[:, k]


def _lcp_offset(col, vn, old, ms, bias):
    """q of the 2 x 2 problem w = K x + q: ms (vn - K x_old) + bias."""
    kx = col.kd * old
    kx += col.ko * old[::-1]
    q = vn - kx
    q *= ms
    q += bias
    return q


def _lcp(col, q):
    """The impulses x >= 0 with w = K x + q >= 0 and x . w = 0 (Box2D v2.4's four
    cases, vectorised): both points, the first alone, the second alone, neither."""
    both = -(col.invd * q + col.invo * q[::-1])
    alone = -q * col.nmass  # each point by itself (the other at 0)
    other = col.ko * alone[::-1] + q  # w of each point when only the other one pushes
    use_both = (both >= 0.0).all(axis=0) & (col.invd[0] != 0.0)
    use_first = (alone[0] >= 0.0) & (other[1] >= 0.0)
    use_second = (alone[1] >= 0.0) & (other[0] >= 0.0)
    single = np.where(use_first, np.stack([alone[0], 0.0 * alone[1]]), 0.0)
    single = np.where(use_second & ~use_first, np.stack([0.0 * alone[0], alone[1]]), single)
    return np.where(use_both, both, single)


def _restitute(col, flat) -> None:
    """Box2D v3's b2ApplyRestitution, both points at once: a point that closed faster
    than the threshold and pushed during the step gets vn = -e * (its closing speed);
    two such points of one manifold are solved together (the 2 x 2 problem above),
    so a face-to-face bounce neither spins nor gains energy."""
    relative = col.relative
    bounce = (relative < -BOUNCE_THRESHOLD) & (col.pmax > 0.0)
    if not bounce.any():
        return
    x = flat.take(col.index)
    old = col.pn
    vn = np.add.reduce(col.jn * x, axis=1)
    target = col.e * relative
    q = _lcp_offset(col, vn, old, 1.0, target)
    both = _lcp(col, q)
    alone = np.maximum(old - col.nmass * (vn + target), 0.0)
    new = np.where(bounce.all(axis=0), both, np.where(bounce, alone, old))
    change = new - old
    dx = change[0] * col.mjn[0] + change[1] * col.mjn[1]
    old[...] = new
    col.pn3[2] = new[0]
    if col.split is None:
        flat.put(col.index, x + dx)
    else:  # Jacobi (see `_split`)
        flat += np.bincount(col.index.ravel(), (dx / col.split).ravel(), minlength=len(flat))
