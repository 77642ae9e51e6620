"""The hold of the support cones after each solve pass (numpy only; the cones: `support`).

Each contact of a cone, point by point, is solved with its lower body held fixed: the
upper body alone gets the impulse that stops it closing on the lower one, with Coulomb
friction on that impulse, in HOLD_SWEEPS bottom-up sweeps, a level at a time.

A level reads its own bodies and the level under it, and writes only its own bodies;
so level g in sweep s needs only level g in sweep s - 1 and level g - 1 in sweep s. All
the pairs (g, s) with the same g + s are independent, and are solved in one go (a
*wavefront*, as a GPU solves a dependency grid): a cone of G levels takes G + S - 1
rounds of numpy calls instead of G x S, and every number comes out as the level-by-level
order gives it (the same operations on the same values, in the same order per body).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .materials import clamp_friction, friction_limit

# Overlap (px) in a support cone that the hold leaves to the soft contacts; beyond it
# the hold pushes the upper body out (a heavy body that landed deep in a light one).
HOLD_SLOP = 0.25
# 0.0 as a (0-d) array: a ufunc turns a Python float into an array every call.
_ZERO = np.zeros(())
# Sweeps of the hold over a step's cones after each solve pass: a body against a held
# one, point by point with friction, settles in a few.
HOLD_SWEEPS = 8


@dataclass(frozen=True)
class Hold:
    """One row per point of each cone contact, sorted bottom up by level (stable): its
    constraint (`rows`, `point` 0 or 1), soft push-out rate, friction, whether the hold
    pushed it this step; and `fronts`: per wavefront, the views its numpy calls read."""

    point: np.ndarray  # (P,) which point (0 or 1) of its constraint
    rows: np.ndarray  # (P,) its constraint, in the constraint set
    rate: np.ndarray  # (P,) the soft contact's push-out rate (1/s)
    pushed: np.ndarray  # (P,) bool: the hold gave the point an impulse this step
    fronts: list  # [(its points' indices in the flat velocities, Jacobians, ...)]
    pn: np.ndarray  # (P,) the normal impulses of a run of sweeps (`_sweeps`)
    pt: np.ndarray  # (P,) the friction impulses
    floor: np.ndarray  # (P,) the least normal speed of each point


def upper_and_lower(six: np.ndarray, first: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A pair's six columns (6, P) (a body's three, then the other's) as the upper body's
    three rows and the lower body's, (3, P) each; `first` (P,): where the upper body's
    columns begin, 0 or 3."""
    p = np.arange(six.shape[1])
    upper = np.stack([six[first + k, p] for k in range(3)])
    lower = np.stack([six[3 - first + k, p] for k in range(3)])
    return upper, lower


def upper_mass(upper: np.ndarray, inv_u: np.ndarray) -> np.ndarray:
    """K = J M^-1 J^T of each row on its upper body alone (inf where it is 0: no impulse)."""
    k_u = np.add.reduce(upper * upper * inv_u, axis=0)
    return np.where(k_u > 0.0, k_u, np.inf)


def cone_hold(whole, point, rows, upper, a_lower, level, inv_m, inv_i) -> Hold:
    """The Hold of the cone points (`point`, `rows`: the valid points of the cone rows;
    `upper`, `a_lower`, `level`: per constraint, per constraint, per body)."""
    order = np.argsort(level[upper[rows]], kind="stable")  # bottom up, a level a group
    point, rows = point[order], rows[order]
    first = np.where(a_lower[rows], 3, 0)  # the upper body's three columns
    u = upper[rows]
    inv_u = np.stack([inv_m[u], inv_m[u], inv_i[u]])  # (3, P)

    def split(j):  # (2, 6, M) -> the upper's and the lower's columns, the upper's K
        j_upper, j_lower = upper_and_lower(j[point, :, rows].T, first)
        return j_upper, j_lower, upper_mass(j_upper, inv_u)

    flat_u, flat_l = upper_and_lower(whole.index[:, rows], first)
    lv = level[u]
    bounds = np.flatnonzero(np.diff(lv)) + 1
    bounds = [0, *bounds.tolist(), len(rows)]
    # each point's share of its upper body: the level's points on that body
    share = np.zeros(len(rows))
    for a, b in zip(bounds[:-1], bounds[1:], strict=True):
        share[a:b] = np.bincount(u[a:b], minlength=len(inv_m))[u[a:b]]
    nu, nl, kn = split(whole.jn)
    tu, tl, kt = split(whole.jt)
    kn, kt, mu = kn * share, kt * share, whole.mu[rows]
    groups = len(bounds) - 1
    pn, pt, floor = np.zeros(len(rows)), np.zeros(len(rows)), np.zeros(len(rows))
    every_index = np.stack([flat_u, flat_l, flat_l])  # (3, 3, P)
    every_jac = np.stack([nu, nl, tl])  # what each row of `every_index` meets
    fronts = []
    for d in range(groups + HOLD_SWEEPS - 1):  # levels lo..hi, each in sweep d - level
        lo, hi = max(0, d - HOLD_SWEEPS + 1), min(d, groups - 1)
        s = slice(bounds[lo], bounds[hi + 1])
        index = np.ascontiguousarray(every_index[:, :, s])
        jac = np.ascontiguousarray(every_jac[:, :, s])
        views = (pn[s], pt[s], floor[s], kn[s], inv_u[:, s], nu[:, s], tu[:, s], kt[s])
        fronts.append((index, jac, index[0].ravel(), *views, mu[s], share[s]))
    return Hold(
        point, rows, whole.rate[rows], np.zeros(len(rows), dtype=bool), fronts, pn, pt, floor
    )


def hold(h: Hold, flat, separation, inv_h, push_speed) -> None:
    """After a solve pass: bottom up, no upper body closes on its held lower one by more
    than the gap left at each point (`separation`: (2, M) now), and a point that
    overlaps it by more than HOLD_SLOP leaves at the soft push-out speed (at most
    `push_speed`); Coulomb friction on the impulse the hold gives (the solver's
    friction had the rest)."""
    s = separation[h.point, h.rows]
    # the least vn each point may keep: -gap / h when apart, 0 when touching, the
    # push-out beyond HOLD_SLOP (what a soft contact rests at is the solver's: pushed
    # out here too, the upper body would rock on its support)
    deep = np.minimum(-(s + HOLD_SLOP) * h.rate, push_speed)
    floor_speed = np.where(s > 0.0, -s * inv_h, np.maximum(deep, 0.0))
    pn = _sweeps(h, flat, floor_speed, grip=True)
    h.pushed[pn > 0.0] = True


def bounce(h: Hold, flat, relative, e, threshold, pushed, separation, inv_h) -> None:
    """After restitution: a point of a cone that closed faster than `threshold` and
    pushed this step (`pushed`: (2, M), by the solver; or by the hold) leaves its held
    lower body at e times its closing speed (`relative`: (2, M), < 0 closing), as it
    would leave a fixed floor; the other points close no more than their gap
    (`separation`: (2, M) now), so that the lower body does not go on into its own
    support. Restitution between the two alone hands most of the bounce to the light
    body (121 of 168 px/s, down, for an 80:1 box landing on one on the floor)."""
    closing = relative[h.point, h.rows]
    bounces = (closing < -threshold) & (pushed[h.point, h.rows] | h.pushed)
    if bounces.any():
        gap = np.maximum(separation[h.point, h.rows], 0.0)
        floor_speed = np.where(bounces, -e[h.rows] * closing, -gap * inv_h)
        _sweeps(h, flat, floor_speed, grip=False)


def _sweeps(h: Hold, flat, floor_speed, grip: bool) -> np.ndarray:
    """HOLD_SWEEPS bottom-up sweeps: each point's upper body gets the impulse that brings
    its normal speed up to `floor_speed` (never below 0 in all: the hold never pulls),
    and with `grip`, friction up to mu times it. Returns each point's normal impulse.

    A level's points are solved at once, Jacobi with mass splitting (as
    `contact_constraints.split_masses`): a body under c of them is c copies of mass
    m / c, each point pushes its copy, and the body gets the average of its copies'
    changes (by colours instead, a body on two supports with two points each made four
    groups a level: a 1000:1 box on the 300-body pile took 50 ms a step). And the levels
    of a wavefront (see the module's notes) at once: some thirty numpy calls a round."""
    h.pn[...] = 0.0
    h.pt[...] = 0.0
    h.floor[...] = floor_speed
    size = len(flat)
    for index, jac, flat_u, pn, pt, floor, kn, inv_u, nu, tu, kt, mu, share in h.fronts:
        v = flat.take(index)  # (3, 3, n): the upper's, the lower's, the lower's again
        dot = np.add.reduce(jac * v, axis=1)  # nu . vu, nl . vl, tl . vl
        vn = dot[0] + dot[1]
        new = np.maximum(pn + (floor - vn) / kn, _ZERO)
        change = (new - pn) * inv_u * nu  # the body's part of it
        if grip:
            copy = v[0] + change * share  # the point's copy of the body, pushed
            vt = np.add.reduce(tu * copy, axis=0)
            vt += dot[2]
            now = clamp_friction(pt - vt / kt, friction_limit(mu, new))
            change += (now - pt) * inv_u * tu
            pt[...] = now
        pn[...] = new
        flat += np.bincount(flat_u, change.ravel(), minlength=size)
    return h.pn
