"""Support cones: what holds up a heavy body, level by level from the fixed bodies (numpy only).

Gauss-Seidel cannot carry a heavy body on a light one: each pass moves the heavy body
by the light one's share (1/1000 of the way at 1000:1), so within a step the heavy body
sinks into the light one (3 px at 1000:1) and, at 10^6:1, through it to the floor.
Physically the floor holds the light body and the light body, held, holds the heavy
one: shock propagation (Guendelman, Bridson and Fedkiw 2003). Levels count touching
contacts from the fixed (and sleeping) bodies, each lower body no faster than the one it
holds up (one more contact of any kind sets a body on top; `support_cones`)::

    level 0   floor                       level k+1 rests on level k
    level 1   light box   <- held
    level 2   heavy box   <- may not close on the light box

Under each body resting on one more than `HOLD_RATIO` times lighter, its *support cone*
(the contacts down to the fixed bodies) is solved once more after each substep's solve
pass (`cone_hold.hold`), bottom up, point by point, each contact with its lower body
held fixed: the upper body alone gets the impulse that stops it closing on the lower one
(by more than a gap it still has), with Coulomb friction on that impulse, so that a
heavy pair on a slope grips as the solver's friction would (held by a single row at the
manifold's midpoint, the friction tipped the heavy box forward instead, and it slid
off). The hold never pulls, and a pair of like masses, or anything in free space, never
gets it; so scenes without a heavy body on a light one step exactly as before.
`shock_propagation` uses the same cones after the last substep, against a rebound.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .colouring import constraint_priority
from .cone_hold import Hold, cone_hold, upper_and_lower, upper_mass
from .materials import BOUNCE_THRESHOLD

# A body more than this many times heavier than the one it rests on gets a support cone
# for the shock pass after the substeps (`shock_propagation`) ...
HEAVY_RATIO = 4.0
# ... and, beyond this, the hold after each solve pass: Gauss-Seidel with warm starting
# carries a few times its weight (a 40 px box on a pile of 10 px polygons, 5:1), and
# the hold costs some numpy calls per level of the cone, each sweep, each substep.
HOLD_RATIO = 20.0
# A contact whose gap is at most this (px) at the step's start is touching: support passes
# through it, from the fixed bodies up (`support_cones`).
TOUCHING_GAP = 1.0
# A body holds up another only if its fastest point moves at most this many times as fast
# as the other's (`support_cones`). Twice, found by trial: at once (1x) a heavy body
# landing on a tumbling stack lost its hold in the impact and bounced off with energy it
# did not have (seed 17 of test_rigid_targets' 40 landings: +2.4 %); at 2x and at 4x all
# 40 keep their energy, and the wheel and the plank of test_physics_faults (their rims
# up to 200 times as fast as the body on them, or the bounce speed) get no hold.
LIFT_SPEED_RATIO = 2.0


@dataclass(frozen=True)
class Cones:
    """The support cones of one step: `rows` (contacts, in the constraint set's order),
    each row's `upper` and `lower` body, whether a is the lower one, and each body's level."""

    rows: np.ndarray
    upper: np.ndarray  # (M,) for every constraint
    lower: np.ndarray
    a_lower: np.ndarray
    level: np.ndarray  # (n,)


def uneven_pairs(ia, ib, inv_m, ratio=None) -> np.ndarray:
    """Constraints between two moving bodies, one more than `ratio` (HEAVY_RATIO) times
    heavier."""
    ratio = HEAVY_RATIO if ratio is None else ratio
    ma, mb = inv_m[ia], inv_m[ib]
    return (ma > 0.0) & (mb > 0.0) & ((mb > ratio * ma) | (ma > ratio * mb))


def support_cones(ia, ib, inv_m, uneven, carrying, touching, speed, slow) -> Cones | None:
    """The cones under the heavy bodies of `uneven` constraints, over the `carrying`
    ones (None if there is none).

    A body rests on the fixed bodies through `touching` contacts (levels count those);
    one more contact, touching or not, may set a body on top (a heavy box about to land
    on a light one resting on the floor). A chain of contacts still apart is no support:
    a light body flying at a heavy one, a few hundred px off, was held as if it stood on
    the floor, and the heavy one was thrown off at the light one's speed (momentum from
    nowhere: a 4e6 body at 1e5 px/s).

    And a body holds up another only if it moves at most LIFT_SPEED_RATIO times as fast
    as that one (`speed`: each body's fastest point, |v| + |omega| extent), or slower
    than `slow` (the bounce threshold): held as if it stood still, a light wheel spinning
    on a fixed post handed its rim's 12,000 px/s to a box 300 times heavier lying on it,
    which its friction flung off."""
    n = len(inv_m)
    far = n + 1  # not resting on anything fixed
    level = np.where(inv_m > 0.0, far, 0)
    # a_lifts: a may hold b up; b_lifts: b may hold a up
    a_lifts = carrying & (speed[ia] <= np.maximum(speed[ib] * LIFT_SPEED_RATIO, slow))
    b_lifts = carrying & (speed[ib] <= np.maximum(speed[ia] * LIFT_SPEED_RATIO, slow))
    rest_a, rest_b = a_lifts & touching, b_lifts & touching
    if not ((level[ia[rest_a]] == 0).any() or (level[ib[rest_b]] == 0).any()):
        return None  # nothing rests on a fixed body (in zero g, say): no level, no cone

    def lifted(level, by_a, by_b):
        new = level.copy()
        np.minimum.at(new, ib[by_a], level[ia[by_a]] + 1)
        np.minimum.at(new, ia[by_b], level[ib[by_b]] + 1)
        return new

    level = _levels(level, ia, ib, rest_a, rest_b)
    # the top: one contact still apart (a body resting through a touching one keeps its level)
    new = lifted(level, a_lifts & ~touching, b_lifts & ~touching)
    level = np.where(level < far, level, np.minimum(new, far))
    la, lb = level[ia], level[ib]
    a_lower = a_lifts & (lb == la + 1) & (lb < far)
    upward = a_lower | (b_lifts & (la == lb + 1) & (la < far))
    upper = np.where(a_lower, ib, ia)
    lower = np.where(a_lower, ia, ib)
    below = np.zeros(n, dtype=bool)  # the support cones
    below[upper[uneven & upward & (inv_m[upper] * HEAVY_RATIO < inv_m[lower])]] = True
    up_upper, up_lower = upper[upward], lower[upward]
    while True:  # down to the fixed bodies
        more = up_lower[below[up_upper]]
        more = more[~below[more]]
        if not len(more):
            break
        below[more] = True
    rows = np.flatnonzero(upward & below[upper])
    if not len(rows):
        return None
    return Cones(rows, upper, lower, a_lower, level)


def _levels(level, ia, ib, rest_a, rest_b) -> np.ndarray:
    """Each body's level (`level`: 0 for the fixed bodies, n + 1 for the others): the
    fewest resting contacts (a holds b up through rest_a, b holds a up through rest_b)
    from a fixed body, breadth first; n + 1 where none leads to one. Only the contacts
    into a body without a level yet are kept (so every body one reaches is new)."""
    far = len(level) + 1  # as in support_cones
    level = level.copy()
    src = np.concatenate([ia[rest_a], ib[rest_b]])
    dst = np.concatenate([ib[rest_a], ia[rest_b]])
    step = 0
    while True:
        keep = level[dst] == far
        src, dst = src[keep], dst[keep]
        hit = dst[level[src] == step]
        if not len(hit):
            return level
        step += 1
        level[hit] = step


def touching(whole) -> np.ndarray:
    """(M,) the constraints with a point within TOUCHING_GAP px as the step begins."""
    valid = whole.nmass > 0.0
    return ((whole.adjusted <= TOUCHING_GAP) & valid).any(axis=0)


def midpoint_rows(whole, cones: Cones, inv_m, inv_i):
    """Each cone contact as one row at the midpoint of its points (J is linear in the
    anchor): (valid points, the row's Jacobian split into the upper and the lower body's
    three columns, their flat indices, the upper body's inverse masses, its K)."""
    rows = cones.rows
    valid = whole.nmass[:, rows] > 0.0
    count = valid.sum(axis=0)
    jn = whole.jn[:, :, rows]
    j = (jn[0] * valid[0] + jn[1] * valid[1]) / count  # (6, r)
    first = np.where(cones.a_lower[rows], 3, 0)  # the upper body's three columns
    u = cones.upper[rows]
    inv_u = np.stack([inv_m[u], inv_m[u], inv_i[u]])  # (3, r)
    ju, jl = upper_and_lower(j, first)  # (3, r) each
    flat_u, flat_l = upper_and_lower(whole.index[:, rows], first)
    return valid, ju, jl, flat_u, flat_l, inv_u, upper_mass(ju, inv_u)


def groups_of(cones: Cones) -> tuple[np.ndarray, list]:
    """Rows (0..r-1) level by level upward, each level split so that no upper body
    repeats within a group (a body on two supports has two rows): the order and the
    groups' bounds in it. The colours `colour_constraints` gives each level's rows
    (greedy by its priorities: a body's rows take colours 0, 1, ... from the highest
    priority down), found for every level at once."""
    u = cones.upper[cones.rows]
    level = cones.level[u]
    r = np.arange(len(u))
    by_level = np.argsort(level, kind="stable")
    lv, body = level[by_level], u[by_level]
    local = r - np.searchsorted(lv, lv)  # the row's place in its level
    ranked = np.lexsort((-constraint_priority(len(u))[local].astype(np.int64), body, lv))
    lv, body = lv[ranked], body[ranked]
    first = np.concatenate([[True], (lv[1:] != lv[:-1]) | (body[1:] != body[:-1])])
    colour = np.zeros(len(u), dtype=np.int64)
    colour[by_level[ranked]] = r - np.maximum.accumulate(np.where(first, r, 0))
    order = np.lexsort((r, colour, level))
    lv, colour = level[order], colour[order]
    cut = np.flatnonzero((lv[1:] != lv[:-1]) | (colour[1:] != colour[:-1])) + 1
    return order, [0, *cut.tolist(), len(u)]


def hold_for(whole, inv_m, inv_i, speed, slow: float) -> Hold | None:
    """The step's support cones as a Hold (None, after a few array operations, when no
    heavy body rests on a light one). Every contact may carry: one still apart is held
    only once it would close its gap."""
    uneven = uneven_pairs(whole.ia, whole.ib, inv_m, HOLD_RATIO)
    if not uneven.any():
        return None
    carrying = (whole.nmass > 0.0).any(axis=0)
    near = touching(whole)
    cones = support_cones(whole.ia, whole.ib, inv_m, uneven & carrying, carrying, near, speed, slow)
    if cones is None:
        return None
    point, at = np.nonzero(whole.nmass[:, cones.rows] > 0.0)  # the valid points
    rows = cones.rows[at]
    return cone_hold(whole, point, rows, cones.upper, cones.a_lower, cones.level, inv_m, inv_i)


def shock_propagation(whole, colours, flat, inv_m, inv_i, substeps) -> None:
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
    # so only the upper body may not repeat within a group). Each group is a slice of
    # the rows gathered in the groups' order.
    order, bounds = groups_of(cones)
    ju, jl, flat_u, flat_l, inv_u = (x[:, order] for x in (ju, jl, flat_u, flat_l, inv_u))
    k_u, leave_at_most, given = k_u[order], leave_at_most[order], given[order]
    for a, b in zip(bounds[:-1], bounds[1:], strict=True):
        # The lower body is held: where it moves away from the upper one (into what
        # it rests on), the upper one is measured against it standing still.
        lower_part = np.add.reduce(jl[:, a:b] * flat.take(flat_l[:, a:b]), axis=0)
        vn = np.add.reduce(ju[:, a:b] * flat.take(flat_u[:, a:b]), axis=0)
        vn += np.minimum(lower_part, 0.0)
        change = (np.minimum(vn, leave_at_most[a:b]) - vn) / k_u[a:b]  # <= 0: holds back
        change = np.maximum(change, -given[a:b])
        flat[flat_u[:, a:b]] += change * inv_u[:, a:b] * ju[:, a:b]
