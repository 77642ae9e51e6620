"""The solver's colouring with a colour limit (Jones and Plassmann's rounds, greedy in
priority order) is the same colouring as the rounds of independent sets it replaces:
the colours under the limit are the unlimited colouring's, and every later one is pooled.
Checked against the unlimited colouring (the independent-set rounds, a separate path)."""

from __future__ import annotations

import numpy as np
import pytest

from sandbox.physics.colouring import colour_constraints


def graphs(seed, count):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        n = int(rng.integers(2, 70))
        m = int(rng.integers(0, 400))
        a = rng.integers(0, n, m)
        b = (a + rng.integers(1, n, m)) % n  # two different bodies
        moving = rng.random(n) < rng.uniform(0.2, 1.2)
        yield a, b, moving


@pytest.mark.parametrize("limit", [1, 2, 3, 8, 20, 62])
def test_a_limited_colouring_is_the_full_one_with_the_tail_pooled(limit):
    for a, b, moving in graphs(limit, 150):
        full = colour_constraints(a, b, moving)
        limited = colour_constraints(a, b, moving, limit)
        assert np.array_equal(limited, np.minimum(full, limit))


def test_no_moving_body_twice_in_a_colour_under_the_limit():
    for a, b, moving in graphs(7, 100):
        colour = colour_constraints(a, b, moving, 8)
        for c in range(8):
            ends = np.concatenate(
                [a[colour == c][moving[a[colour == c]]], b[colour == c][moving[b[colour == c]]]]
            )
            assert len(np.unique(ends)) == len(ends)


def test_a_hub_overflows_into_the_pooled_colour():
    """A body touching 30 others needs 30 colours: with a limit of 8, 22 are pooled."""
    a = np.zeros(30, dtype=int)
    b = np.arange(1, 31)
    colour = colour_constraints(a, b, np.ones(31, dtype=bool), 8)
    assert sorted(np.bincount(colour).tolist()) == [1] * 8 + [22]
