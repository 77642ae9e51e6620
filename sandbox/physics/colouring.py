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
"""

from __future__ import annotations

import numpy as np


def _priority(m: int) -> np.ndarray:
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
    n = len(moving)
    priority = _priority(m).astype(np.int64)
    remaining = np.arange(m)
    c = 0
    while len(remaining):
        if limit is not None and c >= limit:
            colour[remaining] = limit
            break
        used = np.zeros(n, dtype=bool)
        candidates = remaining
        while len(candidates):
            ra, rb = a[candidates], b[candidates]
            da, db = moving[ra], moving[rb]
            pr = priority[candidates]
            best = np.full(n, -1, dtype=np.int64)
            np.maximum.at(best, ra[da], pr[da])
            np.maximum.at(best, rb[db], pr[db])
            take = (~da | (best[ra] == pr)) & (~db | (best[rb] == pr))
            chosen = candidates[take]
            colour[chosen] = c
            used[a[chosen][moving[a[chosen]]]] = True
            used[b[chosen][moving[b[chosen]]]] = True
            rest = candidates[~take]
            fits = ~((moving[a[rest]] & used[a[rest]]) | (moving[b[rest]] & used[b[rest]]))
            candidates = rest[fits]
        remaining = remaining[colour[remaining] < 0]
        c += 1
    return colour
