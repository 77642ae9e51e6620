"""What the step can bring together: the speculative reach of a pair of bodies.

A contact begins before two shapes touch (speculative contacts, Box2D v3), but only
between shapes the step can bring together: the candidate pairs of the broad phase
(whose boxes are grown by each body's speed) are kept only where the pair's own motion
can close the gap, on x and y (`boxes_reachable`) and along the path of the circles
round the two bodies (`circles_reachable`); a manifold keeps only its points within
that reach along its normal (`points_in_reach`). A fast body so gets no contact with
what it passes by: placed across a gap of hundreds of px, such a contact gave the
bodies lever arms of hundreds of px, and the solver hundreds of thousands of them in
a crowd of bullets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .world import World

# Contacts begin this far (px) before the shapes touch (once per moving body of a pair and
# once for the pair, as the broad phase grows the boxes), plus how far the pair's motion
# can close the gap in the step: the solver then closes it exactly (speculative contacts,
# Box2D v3, whose b2_speculativeDistance is 4 linear slops and nothing further). Not a
# body's own speed: a pair whose gap the step cannot close gets no contact at all
# (`points_in_reach`), so a fast body gets no contact with one it passes by or leaves behind.
SPECULATIVE = 1.0


def reachable_pairs(world: World, g: dict, dt: float, pairs):
    """(first, second, motion): the candidate pairs (P, 2) whose boxes and circles the
    step can bring together (`boxes_reachable`, `circles_reachable`), in their order,
    with their `pair_motion`. `g`: the world's geometry at this pose."""
    a, b = pairs[:, 0], pairs[:, 1]
    motion = pair_motion(world, dt, a, b)
    near = boxes_reachable(g["boxes"], motion, a, b)
    near &= circles_reachable(g["centroid"], world.extent, motion, a, b)
    kept = np.flatnonzero(near)
    return a.take(kept), b.take(kept), tuple(part.take(kept, axis=0) for part in motion)


def pair_motion(world: World, dt: float, a, b):
    """How far the motion of each body pair (a[p], b[p]) can close a gap within the step:
    (dv, dg, floor) with dv = (v_a - v_b) dt, dg = (g_a - g_b) dt^2 (gravity pulls a
    moving body, not a fixed one), and floor the distance that holds in every direction:
    `SPECULATIVE` per moving body and per pair, plus min(|omega| dt, 2) extent for each
    body (a turn by t moves a point r from the centre by the chord 2 r |sin(t / 2)|, at
    most min(|t|, 2) r: a body spinning many times a step sweeps its own disc, no
    farther). Along a unit direction d the gap closes by at most
    floor + max(dv . d, 0) + max(dg . d, 0)."""
    moving = ~world.static
    velocity = np.where(moving[:, None], world.velocity, 0.0)
    turn = np.minimum(np.abs(world.omega) * dt, 2.0)
    spin = np.where(moving, turn * world.extent, 0.0)
    dv = (velocity[a] - velocity[b]) * dt
    dg = (moving[a].astype(float) - moving[b])[:, None] * np.asarray(world.gravity) * (dt * dt)
    floor = SPECULATIVE * (1.0 + moving[a] + moving[b]) + spin[a] + spin[b]
    return dv, dg, floor


def boxes_reachable(boxes, motion, a, b) -> np.ndarray:
    """(P,) whether pair p's bounding boxes can meet within the step: apart along x or y
    by more than the pair's motion can close (`pair_motion`, either way along the
    axis), two shapes stay apart for the whole step (their shadows on that axis never
    meet). A fast body passing another by, or leaving it behind, finds no contact."""
    dv, dg, floor = motion
    ok = np.ones(len(a), dtype=bool)
    for k in (0, 1):
        gap = np.maximum(boxes[a, k] - boxes[b, k + 2], boxes[b, k] - boxes[a, k + 2])
        ok &= gap <= floor + np.abs(dv[:, k]) + np.abs(dg[:, k])
    return ok


def circles_reachable(centroid, extent, motion, a, b) -> np.ndarray:
    """(P,) whether pair p's bounding circles (about each centroid, radius the body's
    extent: every point of the body, however it turns) can meet within the step. In
    a's frame b's centroid moves from c_b - c_a along -dv (`pair_motion`), plus at most
    |dg|; if the segment's nearest point to the origin is farther than the two radii,
    the floor and |dg|, the shapes stay apart for the whole step. The boxes' test
    (`boxes_reachable`) keeps a fast body's pairs with every shape within its reach on
    x and on y; this one keeps only those its path passes close to (2,000 bullets at
    3,000-15,000 px/s: 155,591 pairs -> 8,509)."""
    dv, dg, floor = motion
    px = centroid[b, 0] - centroid[a, 0]
    py = centroid[b, 1] - centroid[a, 1]
    travel = dv[:, 0] * dv[:, 0] + dv[:, 1] * dv[:, 1]
    along = px * dv[:, 0] + py * dv[:, 1]
    t = np.clip(along / np.where(travel > 0.0, travel, 1.0), 0.0, 1.0)
    gap_x, gap_y = px - t * dv[:, 0], py - t * dv[:, 1]
    limit = extent[a] + extent[b] + floor + np.sqrt(dg[:, 0] * dg[:, 0] + dg[:, 1] * dg[:, 1])
    return gap_x * gap_x + gap_y * gap_y <= limit * limit  # squares: no root needed


def points_in_reach(motion, m: dict) -> None:
    """Keep only the points whose gap the pair's motion can close along the manifold's
    normal n (from a toward b) within the step: floor + max(dv . n, 0) + max(dg . n, 0)
    (`pair_motion`; `m`, the manifolds of the pairs whose motion that is, is changed in
    place). A point farther apart stays apart for the whole step (the shapes' shadows on
    n never meet). Such a point had no business in the solver: placed midway across a gap
    of hundreds of px, it gave the bodies lever arms of hundreds of px, and a fast body's
    spin then struck what it passed by."""
    count = m["count"]
    if not len(count):
        return
    dv, dg, floor = motion
    n = m["normal"]
    closing = np.maximum(dv[:, 0] * n[:, 0] + dv[:, 1] * n[:, 1], 0.0)
    falling = np.maximum(dg[:, 0] * n[:, 0] + dg[:, 1] * n[:, 1], 0.0)
    limit = floor + closing + falling
    sep = m["separation"]
    first = (count > 0) & (sep[:, 0] <= limit)
    second = (count > 1) & (sep[:, 1] <= limit)
    if (first == (count > 0)).all() and (second == (count > 1)).all():
        return  # every point within reach (the usual case): nothing to pack
    only_second = second & ~first  # the second point moves to the first slot
    for key in ("points", "separation", "ids"):
        value = m[key]
        value[only_second, 0] = value[only_second, 1]
        value[~(first & second), 1] = 0
        value[~(first | second), 0] = 0
    m["count"] = first.astype(np.int64) + second
    m["normal"] = np.where((m["count"] > 0)[:, None], n, 0.0)
