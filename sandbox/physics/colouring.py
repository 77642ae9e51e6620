"""Colouring the contact graph: no moving body twice in one colour (Box2D v3's constraint graph).

Constraints of one colour touch disjoint sets of moving bodies, so the solver can
update all of them at once with numpy (gather, compute, scatter) and still get the
Gauss-Seidel result of solving them one after another. Static bodies never move,
so they may appear in every constraint of a colour.

Each colour is built in rounds (Luby's independent sets): among the constraints not
yet coloured whose bodies are still free in this colour, take those whose fixed
pseudo-random priority is the highest at each of their moving bodies; repeat until
none is left that fits, then open the next colour. Deterministic: the priorities are
a fixed permutation of the constraints' positions.

That is greedy colouring in priority order (each constraint, highest priority first,
takes the lowest colour free at its moving bodies): a constraint joins colour c's
independent set exactly when greedy gives it c. With a limit of at most 62 colours the
colouring is found that way, by Jones and Plassmann's rounds (`_greedy`): every
constraint whose priority is highest among its uncoloured neighbours takes the lowest
colour free at both its bodies (a bit mask per body), and a constraint whose bodies
have every colour under the limit taken is pooled at once. The same colours, in
about half the time of the rounds of independent sets.
"""

from __future__ import annotations

import numpy as np


def constraint_priority(m: int) -> np.ndarray:
    """A fixed, well-mixed permutation of 0..m-1 (multiplication by an odd number mod 2^32)."""
    return (np.arange(m, dtype=np.uint64) * np.uint64(2654435761)) % np.uint64(1 << 32)


def colour_constraints(
    a: np.ndarray, b: np.ndarray, moving: np.ndarray, limit: int | None = None
) -> np.ndarray:
    """Colour of each constraint (a[k], b[k]) among bodies whose `moving` flag is set.
    With a `limit`, colours 0 .. limit - 1 are built as without it, and every constraint
    left over gets colour `limit` (where bodies may repeat: the solver's Jacobi colour)."""
    m = len(a)
    colour = np.full(m, -1, dtype=np.int64)
    if m == 0:
        return colour
    if limit is not None and limit <= 62:
        return _greedy(a, b, moving, limit)
    n = len(moving)
    priority = constraint_priority(m).astype(np.int64)
    # A fixed end is renumbered n, a body no colour ever uses: then every test below is
    # one gather per end (its `best` is reset to -1, under every priority; it is never used).
    ends_a = np.where(moving[a], a, n)
    ends_b = np.where(moving[b], b, n)
    remaining = np.arange(m)
    c = 0
    while len(remaining):
        if limit is not None and c >= limit:
            colour[remaining] = limit
            break
        used = np.zeros(n + 1, dtype=bool)
        candidates = remaining
        while len(candidates):
            ra, rb = ends_a[candidates], ends_b[candidates]
            take = _highest_at_both(ra, rb, priority[candidates], n)
            chosen = candidates[take]
            colour[chosen] = c
            used[ra[take]] = True
            used[rb[take]] = True
            used[n] = False
            left = ~take
            rest, ra, rb = candidates[left], ra[left], rb[left]
            candidates = rest[~(used[ra] | used[rb])]
        remaining = remaining[colour[remaining] < 0]
        c += 1
    return colour


def _highest_at_both(ra: np.ndarray, rb: np.ndarray, pr: np.ndarray, n: int) -> np.ndarray:
    """Which constraints (moving ends `ra`, `rb`; body n: a fixed end) have the highest
    priority `pr` at each of their moving bodies among these (a fixed end never counts)."""
    best = np.full(n + 1, -1, dtype=np.int64)
    np.maximum.at(best, ra, pr)
    np.maximum.at(best, rb, pr)
    best[n] = -1
    take = best[ra] <= pr  # (best >= pr always: equal where it is the highest)
    take &= best[rb] <= pr
    return take


def _greedy(a: np.ndarray, b: np.ndarray, moving: np.ndarray, limit: int) -> np.ndarray:
    """`colour_constraints` with a limit of at most 62 colours (Jones and Plassmann)."""
    m, n = len(a), len(moving)
    colour = np.full(m, limit, dtype=np.int64)
    priority = constraint_priority(m).astype(np.int64)
    ends_a = np.where(moving[a], a, n)  # a fixed end: body n (its mask is never set)
    ends_b = np.where(moving[b], b, n)
    taken = np.zeros(n + 1, dtype=np.int64)  # bit c: colour c is used at the body
    full = (1 << limit) - 1
    remaining = np.arange(m)
    while len(remaining):
        ra, rb = ends_a[remaining], ends_b[remaining]
        first = _highest_at_both(ra, rb, priority[remaining], n)
        ra, rb = ra[first], rb[first]
        forbidden = taken[ra] | taken[rb]
        fits = forbidden != full  # else pooled: colour `limit`, nothing marked
        ra, rb, forbidden = ra[fits], rb[fits], forbidden[fits]
        free = ~forbidden & (forbidden + 1)  # the lowest colour free at both bodies
        # its index: the exponent of the power of two as a float64 (exact below 2^62)
        index = (free.astype(np.float64).view(np.int64) >> 52) - 1023
        colour[remaining[first][fits]] = index
        taken[ra] |= free
        taken[rb] |= free
        taken[n] = 0
        remaining = remaining[~first]
        if len(remaining):  # constraints with every colour taken at a body: pooled now
            crowded = (taken[ends_a[remaining]] | taken[ends_b[remaining]]) == full
            remaining = remaining[~crowded]
    return colour
