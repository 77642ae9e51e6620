"""The support cones' levels and the shock pass's groups, worked out at once, equal their
plain definitions (the relaxation and the per-level colouring the step used before),
on seeded random contact graphs.

`support._levels` finds each body's level breadth first over the resting contacts;
its definition is the fixed point of "a body is one above the lowest body holding it
up", relaxed until nothing changes. `support.groups_of` orders a cone's rows level by
level, each level split so that no upper body repeats in a group; its definition is
`colour_constraints` on each level's rows (each row's only moving end its upper body).
"""

from __future__ import annotations

import numpy as np
import pytest

from sandbox.physics import support
from sandbox.physics.colouring import colour_constraints

CASES = 1500


def _relaxed_levels(level, ia, ib, rest_a, rest_b) -> np.ndarray:
    """The levels by relaxation: lower each body to one above its lowest holder until
    nothing changes (what support_cones did before `_levels`)."""
    while True:
        new = level.copy()
        np.minimum.at(new, ib[rest_a], level[ia[rest_a]] + 1)
        np.minimum.at(new, ia[rest_b], level[ib[rest_b]] + 1)
        if (new == level).all():
            return level
        level = new


def _graph(rng, n: int, m: int):
    fixed = rng.random(n) < 0.15
    far = n + 1
    level = np.where(fixed, 0, far)
    ia, ib = rng.integers(0, n, m), rng.integers(0, n, m)
    rest_a, rest_b = rng.random(m) < 0.6, rng.random(m) < 0.6
    return level, ia, ib, rest_a, rest_b


def test_levels_breadth_first_equal_the_relaxed_fixed_point():
    """On 1,500 random graphs (fixed bodies, contacts resting one way, the other, both or
    neither; self-contacts and repeated pairs included), every body's level found
    breadth first is the relaxation's, and both reached and unreached bodies occur."""
    rng = np.random.default_rng(44)
    reached = unreached = 0
    for _ in range(CASES):
        n = int(rng.integers(1, 40))
        level, ia, ib, rest_a, rest_b = _graph(rng, n, int(rng.integers(0, 3 * n + 1)))
        expected = _relaxed_levels(level, ia, ib, rest_a, rest_b)
        got = support._levels(level, ia, ib, rest_a, rest_b)
        np.testing.assert_array_equal(got, expected)
        np.testing.assert_array_equal(level[level == 0], 0)  # (the input is not changed)
        reached += int(((expected > 0) & (expected <= n)).sum())
        unreached += int((expected == n + 1).sum())
    assert reached > 1000 and unreached > 1000


def _groups_by_colouring(cones: support.Cones, n: int) -> list[list[int]]:
    """Each level's rows coloured with `colour_constraints`, a group per colour (the
    shock pass's groups before `groups_of` found them at once)."""
    u = cones.upper[cones.rows]
    level = cones.level[u]
    out = []
    for lv in np.unique(level).tolist():
        at = np.flatnonzero(level == lv)
        colour = colour_constraints(u[at], u[at], np.ones(n, dtype=bool))
        for c in np.unique(colour).tolist():
            out.append(at[colour == c].tolist())
    return out


@pytest.mark.parametrize("bodies", [3, 12, 60])
def test_groups_at_once_equal_each_levels_colouring(bodies):
    """For random cones (rows, their upper bodies, the bodies' levels; an upper body on
    several supports included), the groups `groups_of` cuts from its order are the
    colours of each level's rows, in the same order, and no group repeats an upper body."""
    rng = np.random.default_rng(bodies)
    repeated = 0
    for _ in range(CASES // 3):
        m = int(rng.integers(1, 4 * bodies))
        upper = rng.integers(0, bodies, m)
        level = rng.integers(1, 6, bodies)
        rows = np.sort(rng.choice(m, int(rng.integers(1, m + 1)), replace=False))
        cones = support.Cones(rows, upper, np.zeros(m, dtype=int), np.zeros(m, dtype=bool), level)
        order, bounds = support.groups_of(cones)
        got = [order[a:b].tolist() for a, b in zip(bounds[:-1], bounds[1:], strict=True)]
        assert got == _groups_by_colouring(cones, bodies)
        u = upper[rows]
        for group in got:
            assert len(set(u[group].tolist())) == len(group)
        repeated += len(u) - len(set(u.tolist()))
    assert repeated > 100  # bodies on several supports were exercised
