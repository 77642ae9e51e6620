"""Issue 36, item 9: the side sat()'s contact points are on (the contact overlay draws
them). sat() clips the incident shape's edge against the reference face, so its points
are on the incident shape's outline; which shape is the reference must be the
manifold's choice (core/manifold.py: A's best face unless B's is better by
FLIP_TOLERANCE, the hysteresis that keeps it from flickering, and the best face where
the kept one's incident edge misses it), never a coin toss on rounding: two parallel
faces (boxes face to face at 0/90/180/270 degrees, triangles 1e-8 off parallel) sent
the points to either outline by a 1e-8 difference in alignment, the depth away from
the manifold's. The incident shape is read from the manifold itself
(test_report_contacts.incident_segments). Checked on the manifold oracle's seeded
pairs, in both argument orders, against pymunk wherever the manifold's face is
pymunk's."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest
from test_manifold_oracle import (
    best_separation,
    generate,
    merged,
    outline_distance,
    pymunk_contacts,
    scale,
)
from test_report_contacts import incident_segments

from sandbox.core.geometry import Polygon
from sandbox.core.manifold import FLIP_TOLERANCE
from sandbox.core.pair import sat


def check_pairs(pairs, stats: Counter) -> None:
    """`check_side` on every (a, b, where) of `pairs`, with the manifold's incident sides."""
    segments = incident_segments([(where, a, b) for a, b, where in pairs])
    for (a, b, where), (candidates, _) in zip(pairs, segments, strict=True):
        check_side(a, b, [side for side, _ in candidates], stats, where)


def check_side(a: Polygon, b: Polygon, sides, stats: Counter, where: str) -> None:
    """sat(a, b)'s points lie on the outline of the manifold's incident shape (`sides`:
    'b' when A's face is its reference, 'a' when B's, both for exactly parallel faces,
    where either clip is the same contact); where the manifold's face is pymunk's
    (outside the hysteresis window), they are pymunk's points on that shape."""
    r = sat(a, b)
    size = scale(a, b)
    if not r.colliding or r.depth <= 1e-6 * size:
        return
    sep_a, sep_b = best_separation(a, b), best_separation(b, a)
    incidents = [b if side == "b" else a for side in sides]
    tol = 1e-7 * size
    for p in r.contacts:
        off = min(outline_distance(shape, np.asarray(p)) for shape in incidents)
        assert off <= tol, (where, "on the other outline", p, off, r.depth)
    stats["on the manifold's incident outline"] += 1
    if abs(sep_a - sep_b) < 1e-9 * size:
        stats["parallel faces (a tie)"] += 1
    if sep_b > sep_a and sep_b <= sep_a + FLIP_TOLERANCE:
        return  # the hysteresis window: the manifold keeps A's face, pymunk takes B's
    pm_normal, pm_points = pymunk_contacts(a, b)
    near_zero = 1e-6 * size
    if not pm_points or np.hypot(*(-np.asarray(r.normal) - pm_normal)) > 1e-6:
        return
    if any(abs(q[2]) <= near_zero for q in pm_points):
        return
    pm = merged(pm_points, near_zero)
    theirs = [q[1] if side == "b" else q[0] for q in pm for side in sides]
    assert len(r.contacts) == len(pm), (where, r.contacts, theirs)
    for p in r.contacts:
        assert min(np.hypot(*(np.asarray(p) - q)) for q in theirs) <= near_zero, (where, p)
    stats["pymunk's points on that shape"] += 1


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_sat_contacts_are_on_the_manifold_incident_shape(seed):
    """1,500 seeded pairs of the manifold oracle per seed, both orders: every polygon
    pair's sat() points are on the manifold's incident outline, and pymunk's there."""
    stats = Counter()
    pairs = []
    for kind, a, b in generate(seed):
        if isinstance(a, Polygon) and isinstance(b, Polygon):
            pairs.append((a, b, f"{kind}: a={a!r} b={b!r}"))
            pairs.append((b, a, f"{kind} (B, A): a={b!r} b={a!r}"))
    check_pairs(pairs, stats)
    assert stats["on the manifold's incident outline"] >= 1500, stats
    assert stats["parallel faces (a tie)"] >= 50, stats
    assert stats["pymunk's points on that shape"] >= 1000, stats


def _face_to_face(rng, quarter: int, tilt: float):
    """Two boxes face to face, B turned by a quarter turn (and `tilt`), 0.1 to 3 px
    deep, the pair turned together by a random angle."""
    w, h, bw, bh = rng.uniform(10, 120, 4)
    a = Polygon.box(w, h)
    b = Polygon.box(bw, bh, angle=quarter * math.pi / 2 + tilt)
    depth = rng.uniform(0.1, 3.0)
    reach = 0.5 * (h + (bh if quarter % 2 == 0 else bw)) - depth
    b = b.placed((rng.uniform(-0.4, 0.4) * w, reach))
    turn = rng.uniform(-math.pi, math.pi)
    c, s = math.cos(turn), math.sin(turn)
    x0, y0 = rng.uniform(-300, 300, 2)
    return tuple(
        p.placed((x0 + c * p.position[0] - s * p.position[1],
                  y0 + s * p.position[0] + c * p.position[1]), p.angle + turn)
        for p in (a, b)
    )  # fmt: skip


@pytest.mark.parametrize("tilt", [0.0, 1e-8, -1e-8, 1e-6])
def test_face_to_face_boxes_have_their_contacts_on_one_side(tilt):
    """2,000 seeded box pairs face to face at 0/90/180/270 degrees, parallel or 1e-8 to
    1e-6 rad off, both orders: sat()'s points on the manifold's incident box (B unless
    B's face is better by FLIP_TOLERANCE), two of them, pymunk's there."""
    rng = np.random.default_rng(36)
    stats = Counter()
    pairs = []
    for k in range(500):
        a, b = _face_to_face(rng, k % 4, tilt)
        pairs.append((a, b, f"boxes {k}: a={a!r} b={b!r}"))
        pairs.append((b, a, f"boxes {k} (B, A): a={b!r} b={a!r}"))
    check_pairs(pairs, stats)
    assert stats["on the manifold's incident outline"] == 1000, stats
