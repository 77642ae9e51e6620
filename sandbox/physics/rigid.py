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
                   x += v h, angle += omega h      integrate
                   relax  (no bias)                remove the push velocity again
    restitution  once: contacts that closed faster than the threshold bounce

The penetration bias is the SAT separation (minus the MTV depth) measured at each
contact point and updated as the bodies move within the step (to first order in
the turn); because it acts at the contact points it can turn the bodies.

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

from ..core.portable import sum_of_products
from .colouring import colour_constraints

if TYPE_CHECKING:
    from .world import World

# Below this closing speed (px/s) a contact does not bounce: resting contacts stay at rest.
BOUNCE_THRESHOLD = 60.0


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
    without reshaping; a colour's rows are tuples of views into the whole set."""

    __slots__ = (
        "rows",
        "pairs",
        "index",
        "jn",
        "jn_both",
        "mjn",
        "jt",
        "mjt",
        "sjn",
        "sjn_rigid",
        "sjt",
        "nmass",
        "tmass",
        "adjusted",
        "relative",
        "mu",
        "e",
        "rate",
        "msn",
        "iscale",
        "pn",
        "pt",
        "pmax",
        "bias",
        "mass",
        "keep",
        "offset",
        "scratch",
        "pboth",
        "pnboth",
        "bounces",
        "keep2",
        "relative2",
        "offset2",
    )


def solve_rigid(world: World, dt: float, contacts: ContactSet, moving: np.ndarray) -> None:
    """Advance velocities and poses of the `moving` bodies by dt, resolving `contacts`."""
    n = len(world.bodies)
    substeps = max(1, int(world.substeps))
    h = dt / substeps
    inv_h = 1.0 / h
    inv_m = np.where(moving, world.inv_mass, 0.0)
    inv_i = np.where(moving, world.inv_inertia, 0.0)
    centre = world.centres()
    state = np.empty((n, 3))  # vx, vy, omega
    state[:, 0:2] = world.velocity
    state[:, 2] = world.omega
    flat = state.reshape(-1)  # a view: body i's velocity is flat[3i : 3i + 3]
    delta = np.zeros((n, 3))  # how far each body moved and turned since the step began
    delta_flat = delta.reshape(-1)

    a, b = contacts.a, contacts.b
    active = (moving[a] | moving[b]) & (contacts.count > 0)
    rows = np.flatnonzero(active)
    hertz = min(world.contact_hertz, world.hertz_cap * substeps / dt)
    soft_dynamic = soft(hertz, world.contact_damping_ratio, h)
    soft_static = soft(2.0 * hertz, world.contact_damping_ratio, h)
    colours: list[_Colour] = []
    whole = None
    if len(rows):
        # Static (and sleeping) bodies never move: they may appear in every constraint
        # of a colour, so a pile on a floor needs no more colours than its own contacts.
        ca = _colours(world, a[rows], b[rows], moving)
        order = np.argsort(ca, kind="stable")
        rows = rows[order]
        # Every constraint prepared at once; each colour is a slice (views) of it.
        whole = _prepare(world, contacts, rows, centre, inv_m, inv_i, state)
        static = (inv_m[contacts.a[rows]] == 0.0) | (inv_m[contacts.b[rows]] == 0.0)
        _soften(whole, soft_static, soft_dynamic, static)
        ends = np.flatnonzero(np.diff(ca[order])) + 1
        starts = np.concatenate([[0], ends]).tolist()
        stops = np.concatenate([ends, [len(rows)]]).tolist()
        colours = [_view(whole, slice(i, j)) for i, j in zip(starts, stops, strict=True)]

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
    for sub in range(substeps):
        # The two points of a manifold take turns going first: a fixed order would
        # give the first a little more impulse every time, a torque that tips stacks.
        first = sub % 2
        if everyone:
            state += gravity
        else:
            state[free] += gravity
        if world.damping or world.angular_damping:
            state[free] *= keep
        if whole is not None:
            _warm_start(whole, flat)
            _targets(whole, delta_flat, inv_h, push, True)
        for col in colours:
            _solve(col, flat, first)
        if everyone:
            delta += state * h
        else:
            delta[free] += state[free] * h
        for _ in range(world.relax_iterations):
            if whole is not None:
                _targets(whole, delta_flat, inv_h, push, False)
            for col in colours:
                _solve(col, flat, 1 - first, True)
    for col in colours:
        if col.bounces:
            _restitute(col, flat)

    # Store the impulses for the next step's warm start and for the overlays.
    contacts.normal_impulse = np.zeros_like(contacts.separation)
    contacts.tangent_impulse = np.zeros_like(contacts.separation)
    if whole is not None:
        contacts.normal_impulse[whole.rows] = whole.pn.T
        contacts.tangent_impulse[whole.rows] = whole.pt.T
    world.velocity[free] = state[free, 0:2]
    world.omega[free] = state[free, 2]
    world.move_centres(centre + delta[:, 0:2], world.angle + delta[:, 2], moving)


def _colours(world, a, b, moving) -> np.ndarray:
    """`colour_constraints`, reused from the last step when its input is the same."""
    key = a.tobytes() + b.tobytes() + np.packbits(moving).tobytes()
    cache = getattr(world, "colour_cache", None)
    if cache is not None and cache[0] == key:
        return cache[1]
    colour = colour_constraints(a, b, moving)
    world.colour_cache = (key, colour)
    return colour


def _prepare(world, contacts, group, centre, inv_m, inv_i, state) -> _Colour:
    col = _Colour()
    col.rows = group
    ia, ib = contacts.a[group], contacts.b[group]
    col.pairs = np.stack([ia, ib], axis=1)
    # Where each of the six velocities of a pair lives in the flat (3n,) state: (6, m).
    col.index = (3 * col.pairs.T)[[0, 0, 0, 1, 1, 1]] + np.array([0, 1, 2, 0, 1, 2])[:, None]
    nx, ny = contacts.normal[group, 0][:, None], contacts.normal[group, 1][:, None]
    tx, ty = ny, -nx  # Box2D's tangent: the normal turned a quarter right
    valid = np.arange(2)[None, :] < contacts.count[group][:, None]  # (m, 2)
    p = contacts.points[group]  # (m, 2, 2)
    rax = (p[..., 0] - centre[ia, 0:1]) * valid
    ray = (p[..., 1] - centre[ia, 1:2]) * valid
    rbx = (p[..., 0] - centre[ib, 0:1]) * valid
    rby = (p[..., 1] - centre[ib, 1:2]) * valid
    inv = np.stack([inv_m[ia], inv_m[ia], inv_i[ia], inv_m[ib], inv_m[ib], inv_i[ib]])

    def rows_for(dx, dy):
        # (2, 6, m): point-major, then the six velocities, then the constraints.
        j = np.empty((2, 6, len(group)))
        j[:, 0], j[:, 1] = (-dx * valid).T, (-dy * valid).T
        j[:, 2] = -_cross(rax, ray, dx, dy).T
        j[:, 3], j[:, 4] = (dx * valid).T, (dy * valid).T
        j[:, 5] = _cross(rbx, rby, dx, dy).T
        mj = j * inv[None]
        k = (j * mj).sum(axis=1)
        mass = np.where(valid.T & (k > 0), 1.0 / np.where(k > 0, k, 1.0), 0.0)
        return j, mj, mass

    col.jn_both, col.mjn, col.nmass = rows_for(nx, ny)
    col.jt, col.mjt, col.tmass = rows_for(tx, ty)
    col.jn = col.jn_both
    col.sjt = col.jt * col.tmass[:, None, :]
    # The separation at the step's start; the solver adds how far the anchors moved since.
    col.adjusted = np.ascontiguousarray((contacts.separation[group] * valid).T)
    # Closing speed at each point before this step: it alone decides whether it bounces.
    x = state.reshape(-1)[col.index]  # (6, m)
    relative = sum_of_products(col.jn_both, x[None], axis=1)
    # A speculative point (still apart) closes under gravity before it touches: bounce
    # with the speed it will have then, sqrt(v^2 + 2 a s), not the speed it has now.
    g = np.asarray(world.gravity)
    falls_a = (inv_m[ia] > 0.0)[:, None]
    falls_b = (inv_m[ib] > 0.0)[:, None]
    closing = -(((falls_b * g) - (falls_a * g)) * np.concatenate([nx, ny], axis=1)).sum(axis=1)
    gap = np.maximum(col.adjusted, 0.0)
    speed_then = np.sqrt(relative * relative + 2.0 * np.maximum(closing, 0.0) * gap)
    col.relative = np.where(relative < 0.0, -speed_then, relative)
    fr = world.friction_of
    re = world.restitution_of
    col.mu = np.sqrt(fr[ia] * fr[ib])
    col.e = np.minimum(re[ia], re[ib])
    col.pn = np.ascontiguousarray((contacts.normal_impulse[group] * valid).T)
    col.pt = np.ascontiguousarray((contacts.tangent_impulse[group] * valid).T)
    col.pmax = np.zeros_like(col.pn)
    col.bounces = (col.relative < -BOUNCE_THRESHOLD).any(axis=0)  # per constraint
    col.bias = np.zeros_like(col.pn)
    col.mass = np.zeros_like(col.pn)
    col.keep = np.zeros_like(col.pn)
    col.offset = np.zeros_like(col.pn)
    col.sjn = np.zeros_like(col.jn_both)
    col.sjn_rigid = col.jn_both * col.nmass[:, None, :]
    return col


def _soften(col, soft_static, soft_dynamic, static) -> None:
    """Softness of each constraint: contacts with a fixed body are twice as stiff."""
    col.rate = np.where(static, soft_static[0], soft_dynamic[0])
    col.msn = np.where(static, soft_static[1], soft_dynamic[1]) * col.nmass
    col.iscale = np.where(static, soft_static[2], soft_dynamic[2])


def _view(whole: _Colour, sl: slice) -> _Colour:
    """One colour: views into the arrays of every constraint (writes go through)."""
    col = _Colour()
    col.rows = whole.rows[sl]
    col.pairs = whole.pairs[sl]
    col.index = np.ascontiguousarray(whole.index[:, sl])
    col.scratch = np.empty((6, len(col.rows)))
    col.pboth, col.pnboth = whole.pmax[:, sl], whole.pn[:, sl]
    col.keep2, col.offset2 = whole.keep[:, sl], whole.offset[:, sl]
    col.relative2 = whole.relative[:, sl]
    col.bounces = bool(whole.bounces[sl].any())
    for name in ("jn", "mjn", "jt", "mjt", "sjn", "sjn_rigid", "sjt"):
        setattr(col, name, tuple(array[:, sl] for array in getattr(whole, name)))
    for name in ("nmass", "relative", "pn", "pt", "pmax", "keep", "offset"):
        setattr(col, name, tuple(getattr(whole, name)[:, sl]))
    col.mu, col.e = whole.mu[sl], whole.e[sl]
    return col


def _warm_start(whole, flat) -> None:
    """Apply every constraint's accumulated impulses (a sum: order does not matter)."""
    change = whole.pn[0] * whole.mjn[0]
    change += whole.pn[1] * whole.mjn[1]
    change += whole.pt[0] * whole.mjt[0]
    change += whole.pt[1] * whole.mjt[1]
    flat += np.bincount(whole.index.ravel(), change.ravel(), minlength=len(flat))


def _targets(whole, delta_flat, inv_h, push_speed, use_bias) -> None:
    """Bias velocity, effective mass and leak of every point for this pass: they depend
    on the separation now, which changes only when the bodies move (between passes).
    The pass then needs, per point, new = max(keep * old + offset - (mass J) . v, 0)."""
    # Separation now, to first order: the anchors moved with their bodies.
    s = sum_of_products(whole.jn_both, delta_flat.take(whole.index)[None], axis=1)
    s += whole.adjusted
    if use_bias:
        ahead = s > 0.0
        soft = s * whole.rate
        np.maximum(soft, -push_speed, out=soft)
        np.copyto(whole.bias, np.where(ahead, s * inv_h, soft))
        np.copyto(whole.mass, np.where(ahead, whole.nmass, whole.msn))
        np.copyto(whole.keep, np.where(ahead, 1.0, 1.0 - whole.iscale))
        np.multiply(whole.jn_both, whole.mass[:, None, :], out=whole.sjn)
    else:  # relax: rigid, without the push (a gap may still close by its width)
        np.multiply(s, inv_h, out=whole.bias)
        np.maximum(whole.bias, 0.0, out=whole.bias)
        np.copyto(whole.mass, whole.nmass)
        whole.keep.fill(1.0)  # and the colours use sjn_rigid = J nmass, made once
    np.multiply(whole.mass, whole.bias, out=whole.offset)
    np.negative(whole.offset, out=whole.offset)


def _solve(col, flat, first=0, relax=False) -> None:
    """One Gauss-Seidel pass over one colour: normal points, then friction.
    x is the colour's (6, m) pair velocities; no body appears twice in a colour."""
    x = flat.take(col.index)
    tmp = col.scratch
    pn, pt = col.pn, col.pt
    sjn, mjn = (col.sjn_rigid if relax else col.sjn), col.mjn
    order = (first, 1 - first)
    add_up = np.add.reduce  # core.portable.sum_of_products inlined (the hot loop): no BLAS
    # Each point starts from its own old impulse (the other point does not change it).
    base = col.pnboth + col.offset2 if relax else col.pnboth * col.keep2 + col.offset2
    for k in order:
        new = base[k]
        new -= add_up(np.multiply(sjn[k], x, out=tmp), 0)
        np.maximum(new, 0.0, out=new)
        old = pn[k]
        new -= old
        x += np.multiply(new, mjn[k], out=tmp)
        old += new
    np.maximum(col.pboth, col.pnboth, out=col.pboth)
    sjt, mjt = col.sjt, col.mjt
    upper = col.pnboth * col.mu
    lower = -upper
    for k in order:
        old = pt[k]
        new = old - add_up(np.multiply(sjt[k], x, out=tmp), 0)
        np.minimum(new, upper[k], out=new)
        np.maximum(new, lower[k], out=new)
        new -= old
        x += np.multiply(new, mjt[k], out=tmp)
        old += new
    flat.put(col.index, x)


def _restitute(col, flat) -> None:
    relative = col.relative2
    bounce = (relative < -BOUNCE_THRESHOLD) & (col.pboth > 0.0)
    if not bounce.any():
        return
    x = flat.take(col.index)
    target = col.e * relative
    for k in (0, 1):
        vn = sum_of_products(col.jn[k], x)
        old = col.pn[k]
        new = np.maximum(old - col.nmass[k] * (vn + target[k]), 0.0)
        change = np.where(bounce[k], new - old, 0.0)
        x += change * col.mjn[k]
        old += change
    flat.put(col.index, x)
