"""The contact constraints of a rigid step (Box2D v3's contact_solver.c, its prepare half):
each contact point's Jacobian rows, effective masses and the 2 x 2 block, gathered for
the whole step at once and cut into colours (`colour_blocks`) that `contact_solver`
solves. Numpy only; no Python loop runs per contact.

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

from dataclasses import dataclass, fields

import numpy as np

from ..core.portable import sum_of_products
from .materials import BOUNCE_THRESHOLD, mixed_friction, mixed_restitution
from .scratch import Scratch


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

    def copy(self) -> ContactSet:
        """A copy with arrays of its own (what a saved state keeps: `World.save_state`),
        in a fifth of the time of deepcopy's walk."""
        return ContactSet(*(getattr(self, field.name).copy() for field in fields(self)))

    def keys(self, n: int) -> np.ndarray:
        """(M, 2) warm-start keys: pair and feature id."""
        pair = (self.a.astype(np.int64) * n + self.b)[:, None]
        return (pair << 32) | (self.ids & 0xFFFFFFFF)


def _cross(rx, ry, x, y):
    return rx * y - ry * x


class Constraints:
    """The contact constraints of a step, or of one colour of them: gathered once per
    step (M pairs, 2 points each), stored row-major as (6, M) Jacobian columns so that
    one colour is a slice and every update broadcasts without reshaping; a colour's
    arrays are views into the whole set's."""

    __slots__ = (
        # which: rows of the ContactSet, the pair's bodies, where their six velocities
        # sit in the flat (3n,) state (6, m)
        "rows", "ia", "ib", "index",
        # the rows: normal jn (2, 6, m), M^-1 jn; tangent jt, M^-1 jt, jt times its mass
        "jn", "mjn", "jt", "mjt", "sjt",
        # effective masses: per point, and the 2 x 2 block K (diagonal kd, off-diagonal
        # ko) with its inverse (invd, invo); block2: whether the block is used
        "nmass", "neg_nmass", "kd", "ko", "ko2", "invd", "invo", "invo2", "block",
        # the separation at the step's start; how a turn moves each anchor along n
        "adjusted", "nra", "nrb", "anchors",
        # materials and softness: friction, restitution, closing speed, bias rate, mass scale
        "mu", "mu2", "e", "relative", "bounces", "rate", "soft_mass",
        # impulses: normal, tangent, the largest normal this step; this pass's ms and bias
        "pn", "pt", "pmax", "ms", "bias",
        # the whole set's blocked buffers, and where each point sits in them
        "at", "at3", "gather", "pn3", "pt_b", "ms_b", "bias_b",
        # the Jacobi colour's split counts; the buffers `contact_solver.solve` writes
        "split", "scratch",
        # each body's fastest point as the step began: who may hold up whom
        "speed",
    )  # fmt: skip

    @staticmethod
    def impulses(blocked, at) -> np.ndarray:
        """(2, M) impulses of the whole set, from a blocked buffer."""
        return blocked.take(at).reshape(2, -1)


def prepare(bodies, contacts, group, centre, inv_m, inv_i, state) -> Constraints:
    col = Constraints()
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
    g = np.asarray(bodies.gravity)
    falls_a = (inv_m[ia] > 0.0)[:, None]
    falls_b = (inv_m[ib] > 0.0)[:, None]
    along = ((falls_b * g) - (falls_a * g)) * contacts.normal[group]
    # (its .sum(axis=1), bit for bit: a0 + (0.0 + a1), at a tenth of the cost of
    # numpy's reduction over a last axis of two)
    closing = -(along[:, 0] + (along[:, 1] + 0.0))
    gap = np.maximum(col.adjusted, 0.0)
    speed_then = np.sqrt(relative * relative + 2.0 * np.maximum(closing, 0.0) * gap)
    col.relative = np.where(relative < 0.0, -speed_then, relative)
    col.mu = mixed_friction(bodies.friction_of[ia], bodies.friction_of[ib])
    col.e = mixed_restitution(bodies.restitution_of[ia], bodies.restitution_of[ib])
    col.pn = np.ascontiguousarray(contacts.normal_impulse[group].T * valid)
    col.pt = np.ascontiguousarray(contacts.tangent_impulse[group].T * valid)
    col.pmax = np.zeros_like(col.pn)
    col.bounces = (col.relative < -BOUNCE_THRESHOLD).any(axis=0)  # per constraint
    col.ms = np.ones_like(col.pn)
    col.bias = np.zeros_like(col.pn)
    return col


def _jacobians(col, ia, ib, inv_m, inv_i) -> None:
    """The normal and tangent rows of `col`'s constraints from its anchors (`prepare`:
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


def soften(col, soft_static, soft_dynamic, static) -> None:
    """Softness of each constraint: contacts with a fixed body are twice as stiff.
    Box2D v3's solve: bias = max(ms * rate * s, -push speed), mass scale ms."""
    ms = np.where(static, soft_static[1], soft_dynamic[1])
    col.soft_mass = ms
    col.rate = np.where(static, soft_static[0], soft_dynamic[0]) * ms


def split_masses(whole, start, inv_m, inv_i) -> Constraints:
    """The Jacobi colour's constraints, `whole`'s from `start` on, with split masses
    (Tonge, Benevolenski and Voroshilov 2012): a body in c of them is c copies of mass
    m / c, one per constraint; each constraint is solved on its copies (as if alone,
    with the inverse masses c / m), and the copies' velocities are averaged after the
    pass. The average of the copies' changes, (1/c) sum (c / m) J^T lambda = (1/m) sum
    J^T lambda, is the sum of every impulse on the real body: momentum is exact and, as
    each constraint sees only its share of the body, the sum does not overshoot.
    `split` (6, m): each row's c, by which `solve` divides the changes it adds up. The
    anchors are `whole`'s (the same numbers); only the rows that hold masses are new."""
    n = len(inv_m)
    a, b = whole.ia[start:], whole.ib[start:]
    share = np.bincount(a, minlength=n) + np.bincount(b, minlength=n)
    share = np.maximum(share, 1)
    col = Constraints()
    col.anchors = tuple(part[:, start:] for part in whole.anchors)
    _jacobians(col, a, b, inv_m * share, inv_i * share)
    pairs = np.stack([a, b])
    col.split = share[pairs][[0, 0, 0, 1, 1, 1]].astype(float)
    return col


def colour_blocks(
    whole: Constraints, starts: list[int], stops: list[int], split=None
) -> list[Constraints]:
    """The colours, each with its own contiguous (2, m) arrays: a numpy call on a
    contiguous block costs half as much as on a strided view or a broadcast, and a
    colour solve is some forty calls on a few hundred numbers.

    Every array lives in a flat buffer, colour after colour ("blocked"): colour c's
    (2, m) is a contiguous slice, and a colour's arrays are views of such slices (one
    gather per array for all colours, not one copy per colour). `whole.at` says where
    each (point, constraint) of the whole set's (2, M) layout sits in such a buffer,
    so the whole-set passes (`targets`, `warm_start`) gather or scatter with one `take`.
    The normal impulses keep a third row per colour, a copy of the first, so that the
    two points swapped is a contiguous (2, m) slice too (rows 1, 2)."""
    m_total = len(whole.rows)
    sizes = np.subtract(stops, starts)
    start, size = np.repeat(starts, sizes), np.repeat(sizes, sizes)
    whole.at, whole.gather = _blocked_order(2, start, size)
    # in a (3, m)-blocked buffer each point sits one colour start further on
    whole.at3 = np.concatenate([whole.at[:m_total] + start, whole.at[m_total:] + start])
    whole.pn3 = np.empty(3 * m_total)
    whole.pn3[whole.at3] = whole.pn.ravel()
    whole.pn3[whole.at3[:m_total] + 2 * size] = whole.pn[0]  # each colour's third row
    whole.pt_b = whole.pt.ravel().take(whole.gather)
    whole.ms_b = np.ones(2 * m_total)
    whole.bias_b = np.zeros(2 * m_total)
    pmax = np.zeros(2 * m_total)
    index = whole.index.ravel().take(_blocked_order(6, start, size)[1])
    by_12 = _blocked_order(12, start, size)[1]  # (2, 6, M) as (12, M)
    rows = [getattr(whole, name).ravel().take(by_12) for name in ("jn", "mjn", "mjt", "sjt")]
    pairs = [
        part.ravel().take(whole.gather)
        for part in (whole.nmass, whole.kd, whole.invd, whole.relative, -whole.nmass)
        + (_twice(whole.ko), _twice(whole.invo), _twice(whole.mu))
    ]
    bounces = np.logical_or.reduceat(whole.bounces, starts).tolist()
    block = whole.invd[0] != 0.0
    colours = []
    for i, j, bounce in zip(starts, stops, bounces, strict=True):
        m = j - i
        col = Constraints()
        col.rows, col.index, col.bounces = (
            whole.rows[i:j],
            index[6 * i : 6 * j].reshape(6, m),
            bounce,
        )
        col.jn, col.mjn, col.mjt, col.sjt = (
            part[12 * i : 12 * j].reshape(2, 6, m) for part in rows
        )
        (col.nmass, col.kd, col.invd, col.relative, col.neg_nmass, col.ko2, col.invo2, col.mu2) = (
            part[2 * i : 2 * j].reshape(2, m) for part in pairs
        )
        col.ko, col.invo, col.e, col.block = (
            whole.ko[i:j],
            whole.invo[i:j],
            whole.e[i:j],
            block[i:j],
        )
        col.split = None
        if split is not None and i == starts[-1]:  # the Jacobi colour: split masses
            _use_split(col, split)
        # Views into the blocked buffers (writes go through).
        col.pn3 = whole.pn3[3 * i : 3 * j].reshape(3, m)
        col.pn = col.pn3[:2]
        col.pt = whole.pt_b[2 * i : 2 * j].reshape(2, m)
        col.ms = whole.ms_b[2 * i : 2 * j].reshape(2, m)
        col.bias = whole.bias_b[2 * i : 2 * j].reshape(2, m)
        col.pmax = pmax[2 * i : 2 * j].reshape(2, m)
        col.scratch = Scratch.for_colour(col, m)
        colours.append(col)
    return colours


def _blocked_order(rows: int, start: np.ndarray, size: np.ndarray):
    """Where each element of a (rows, M) array sits when each colour's (rows, m) is a
    contiguous block (`start`, `size`: each constraint's colour's first constraint and
    size): row r of constraint k at rows * i + r * m + (k - i). Returns those positions
    (rows * M,) and the gather that builds the blocked buffer (blocked = a.ravel()[gather])."""
    m_total = len(start)
    k = np.arange(m_total)
    row = np.arange(rows)[:, None]
    at = (rows * start + row * size + (k - start)).ravel()
    gather = np.empty(rows * m_total, dtype=np.intp)
    gather[at] = np.arange(rows * m_total)
    return at, gather


def _use_split(col: Constraints, split: Constraints) -> None:
    """The Jacobi colour's rows and masses are the split ones (`split_masses`)."""
    for name in ("jn", "mjn", "mjt", "sjt", "nmass", "kd", "invd", "ko", "invo"):
        setattr(col, name, getattr(split, name))
    col.neg_nmass = -col.nmass
    col.ko2, col.invo2 = _twice(col.ko), _twice(col.invo)
    col.block = col.invd[0] != 0.0
    col.split = split.split


def _twice(row: np.ndarray) -> np.ndarray:
    """(2, m): `row` in both rows (np.stack's Python wrapper costs five times as much)."""
    return np.concatenate((row, row)).reshape(2, -1)
