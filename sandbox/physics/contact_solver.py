"""The contact solver of a rigid step (Box2D v3's contact_solver.c, its solve half): the
passes over the constraints `contact_constraints` gathered, a colour at a time.

    warm_start    every constraint's impulses from the last step, applied at once
    separations   each point's separation now, its anchors turned with their bodies
    targets       this pass's bias and mass scale per point (soft, or relax: rigid)
    solve         one Gauss-Seidel pass over a colour: both normal points as one 2 x 2
                  block (Box2D v2.4's four cases), then friction point by point
    restitute     once, after the substeps: bounce what closed fast (the 2 x 2 again)

Numpy only; every update is a handful of array operations per colour.
"""

from __future__ import annotations

import numpy as np

from ..core.portable import sum_of_products
from .materials import BOUNCE_THRESHOLD, clamp_friction, friction_limit

# The ufuncs of the hot loop (`solve`), called with positional outputs: the same
# arithmetic as the operators, with less of Python's overhead on a few hundred numbers.
_add, _sub, _mul, _neg = np.add, np.subtract, np.multiply, np.negative
_max, _min, _ge = np.maximum, np.minimum, np.greater_equal
_not, _or = np.logical_not, np.logical_or
_and, _reduce = np.logical_and, np.add.reduce
# 0.0 as a (0-d) array: a ufunc turns a Python float into an array every call (~0.3 us).
_ZERO = np.zeros(())


def warm_start(whole, flat) -> None:
    """Apply every constraint's accumulated impulses (a sum: order does not matter)."""
    pn = whole.impulses(whole.pn3, whole.at3)
    pt = whole.impulses(whole.pt_b, whole.at)
    change = pn[0] * whole.mjn[0]
    change += pn[1] * whole.mjn[1]
    change += pt[0] * whole.mjt[0]
    change += pt[1] * whole.mjt[1]
    flat += np.bincount(whole.index.ravel(), change.ravel(), minlength=len(flat))


def separations(whole, turn_flat, versine) -> np.ndarray:
    """(2, M) separation at every point now: at the step's start + how far the anchors
    moved along the normal, each turned exactly by its body's turn (Box2D v3's
    contact_solver.c):
    s = s0 + n . (dpB - dpA) + [sin_B (rB x n) + (cos_B - 1) n . rB] - [same for A],
    where n . rB is taken at B's own surface, half the gap beyond the point (and n . rA
    at A's, half the gap short of it): Box2D's points are at most 2 cm apart, ours are
    speculative hundreds of px out, and a turn swings a body's surface, not the middle
    of the gap in front of it (`contact_constraints.prepare`)."""
    s = sum_of_products(whole.jn, turn_flat.take(whole.index)[None], axis=1)
    s += whole.adjusted
    s += versine[whole.ib] * whole.nrb
    s -= versine[whole.ia] * whole.nra
    return s


def targets(whole, s, inv_h, push_speed, use_bias) -> None:
    """Mass scale `ms` and bias velocity `bias` of every point for this pass, from the
    separations `s` now (`separations`)."""
    if use_bias:
        ahead = s > 0.0  # speculative: close the gap within the substep, not faster
        soft = np.maximum(s * whole.rate, -push_speed)
        np.take(np.where(ahead, s * inv_h, soft), whole.gather, out=whole.bias_b)
        np.take(np.where(ahead, 1.0, whole.soft_mass), whole.gather, out=whole.ms_b)
    else:  # relax: rigid, without the push (a gap may still close by its width); the
        # mass scale is 1 (`solve` then skips it: x * 1.0 is x, bit for bit)
        bias = np.multiply(s, inv_h)
        np.maximum(bias, 0.0, out=bias)
        np.take(bias, whole.gather, out=whole.bias_b)


def solve(col, flat, first=0, soft=True) -> None:
    """One Gauss-Seidel pass over one colour: both normal points as one block, then
    friction point by point. x is the colour's (6, m) pair velocities (one gather,
    one scatter); no moving body appears twice in a colour. `soft`: the solve pass
    (mass scale ms); the relax pass has ms = 1.

    The same arithmetic as `_lcp_offset` and `_lcp` (every product and sum with the
    same operands in the same order, so the same bits), written for speed: a colour
    holds some tens of constraints, so each numpy call costs more than its arithmetic,
    and this runs 2 x substeps x colours times a step. So: about half as many calls,
    each on contiguous (2, m) arrays (no broadcasting, no reversed views: a (3, m)
    buffer whose third row copies the first holds both orders of the two points),
    written into buffers made once a step (`Scratch`), with 0.0 as an array (`_ZERO`)
    and no np.where (a ufunc call costs a third of np.where's)."""
    index, jn, kd, ko2, ms, bias = col.index, col.jn, col.kd, col.ko2, col.ms, col.bias
    invd, invo2, neg_nmass, mjn0, mjn1 = col.invd, col.invo2, col.neg_nmass, *col.mjn
    s = col.scratch  # (short names inside the math below, each from a named field)
    old, old_swapped, q, q_swapped = s.impulse, s.impulse_swapped, s.q, s.q_swapped
    both, alone, other_swapped, new = s.both, s.alone, s.other_swapped, s.new
    fits, use_both, pick = s.fits, s.use_both, s.pick
    jx, kx, t2, t6, t6b = s.jx, s.kx, s.t2, s.t6, s.t6b
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
    s.q_copy[...] = s.q_first
    # the four cases (_lcp): both points, the first alone, the second alone, neither
    _mul(invd, q, both)
    _add(both, _mul(invo2, q_swapped, t2), both)
    _neg(both, both)
    _mul(q, neg_nmass, alone)  # -q * nmass, bit for bit
    # each point's w when only the other one pushes, the points swapped (ko a + q)
    _add(_mul(ko2, alone, other_swapped), q_swapped, other_swapped)
    # first / second alone fits: both >= 0, as their smaller (NaN: neither, as before)
    _ge(_min(alone, other_swapped, out=s.smaller), _ZERO, fits)
    first_fits = s.first_fits
    _ge(both, _ZERO, s.ok)  # both impulses >= 0, and the block usable
    _and(_and(s.ok_first, s.ok_second, s.use_first_row), col.block, s.use_first_row)
    s.use_second_row[...] = s.use_first_row
    # first alone: (a0, 0 a1); else second alone: (0 a0, a1) (x 1.0 is x, x 0.0 is 0 x,
    # bit for bit); neither: (+0, +0)
    s.pick_first[...] = first_fits
    _not(first_fits, s.pick_second)
    _mul(alone, pick, new)
    _or(first_fits, s.second_fits, s.none_first)
    _not(s.none_first, s.none_first)
    s.none_second[...] = s.none_first
    np.putmask(new, s.none, _ZERO)
    np.putmask(new, use_both, both)
    _sub(new, old, t2)  # the change (t2: change_first, change_second)
    _add(_mul(s.change_first, mjn0, t6), _mul(s.change_second, mjn1, t6b), t6)
    _add(x, t6, x)
    old[...] = new
    s.impulse_copy[...] = s.new_first
    _max(col.pmax, new, out=col.pmax)  # (keyword: a positional out costs np.maximum 1 us)
    friction_limit(col.mu2, new, out=s.upper)
    _neg(s.upper, s.lower)
    # friction, point `first` then the other (FrictionRow: impulse, bounds, rows)
    for row in s.friction[first]:
        now = _sub(row.impulse, _reduce(_mul(row.sjt, x, t6), 0, None, s.r), s.r)
        clamp_friction(now, row.upper, row.lower, out=now)
        _add(x, _mul(_sub(now, row.impulse, s.d), row.mjt, t6), x)
        row.impulse[...] = now
    if split is None:
        flat[index] = x  # (as flat.put, in the same order, in a third of the time)
    else:  # Jacobi: each body gets the average of its copies' changes
        x -= x0
        x /= split
        flat += np.bincount(index.ravel(), x.ravel(), minlength=len(flat))


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


def restitute(col, flat) -> None:
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
    else:  # Jacobi (see `split_masses`)
        flat += np.bincount(col.index.ravel(), (dx / col.split).ravel(), minlength=len(flat))
