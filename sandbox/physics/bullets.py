"""Bullets: fast bodies whose motion is cut at the first touch by the swept test (numpy only).

Each bullet, in body order, is swept from where its step began to where it ended
against every other body whose box meets its swept box (the union of its start and end
boxes), part by part for a compound; its motion is cut at the first touch, and its
velocity's closing part bounced off the normal there. A cut moves the bullet, which the
bullets after it then meet where it stopped.

The same answers as sweeping pair by pair (`core.swept.sweep`), bit for bit, found in
batches: the candidate pairs of every bullet at once (sort and sweep on the swept
boxes, `broadphase`), every candidate pair's swept test as one `sweep_many`; then the
cuts in body order. A cut bullet's pairs with the bullets after it (at its old place or
its new one) are tested again, batched, before the first of those bullets is cut. A pair
that certainly misses (`certain_misses`: the circles round the two boxes stay apart
over the whole motion, by far more than rounding) is the miss `sweep` would report
without being tested: with a circle it has no axis records; two polygons' records are
worked out in one batch at the end, as nothing in between depends on them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from operator import itemgetter
from typing import TYPE_CHECKING

import numpy as np

from ..core.compound import convex_parts
from ..core.geometry import AABB, Circle
from ..core.swept import sweep
from ..core.swept_batch import sweep_many
from .records import SweepEvent
from .swept_boxes import (
    box_tuple,
    box_union,
    certain_misses,
    flat_parts,
    misses_box,
    movers,
    near,
    overlapping,
)

if TYPE_CHECKING:
    from .world import World


@dataclass
class _Sweeps:
    """The bullets of one step and their swept pairs (row order: bullet, other body, part
    pair); `shapes` the bodies' shapes as they stand, updated as bullets are cut."""

    bullets: list[int]
    shapes: list
    round: np.ndarray  # (n,) the body is a circle
    starts: list  # each bullet's shape where its step began (None: not finite)
    round_start: np.ndarray  # (m,) the bullet is a circle
    parts: list[int]  # (m,) convex parts of each bullet
    motions: np.ndarray  # (m, 2)
    swept: np.ndarray  # (m, 4) swept boxes (NaN: not finite)
    other: list[int]  # per row: the other body
    fraction: np.ndarray  # per row: the first touch after the start, +inf: none
    fractions: list  # the same, as floats
    normal: np.ndarray
    axes: tuple
    rows: np.ndarray  # bullet k's rows: rows[k] .. rows[k + 1] - 1
    # The later bullets whose swept box comes near bullet k's (widened a little beyond
    # rounding): near[near_start[k] : near_start[k + 1]], the only ones its cut can touch.
    near: np.ndarray
    near_start: np.ndarray
    # Part pairs of two polygons that certainly miss, whose axes are worked out last:
    # (bullet part, other part, motion); `_Later(index)` stands in for their axes.
    later: list = field(default_factory=list)
    # (m, 2) where each bullet's step began, when the world said (`sweep_bullets`)
    origin: np.ndarray | None = None
    # Per entry of `near` (`_near_tables`): its swept box's columns, its `movers` row,
    # whether the swept box meets bullet k's box before the cut, the bullet is round.
    near_bounds: list = field(default_factory=list)
    near_swept: tuple = ()
    near_moving: np.ndarray | None = None
    near_then: np.ndarray | None = None
    near_round: list = field(default_factory=list)
    near_list: list = field(default_factory=list)  # `near` as ints
    # bullet k -> {body: its part pairs' (body, fraction, normal, axes), tested again after
    # that body was cut}; a body listed with no pairs no longer meets k's swept box.
    stale: dict = field(default_factory=dict)
    pending: list = field(default_factory=list)  # (bullet k, body) to test before k's turn
    flagged: set = field(default_factory=set)  # the bullets in `pending`


@dataclass(frozen=True)
class _Later:
    """The axes of `_Sweeps.later[index]`, until they are worked out."""

    index: int


# A part pair that misses: no touch, no normal, no axes (a circle takes part).
_MISS = (math.inf, np.full(2, np.nan), ())


def sweep_bullets(world: World, dt: float, begun=None) -> tuple[SweepEvent, ...]:
    """Cut each bullet's last motion at its first touch with anything in the way.

    `begun`: every body's position where the step began (a rigid world's: its solver
    changes the velocities within the step, so the last velocity times dt is not the
    motion: after a bounce off a wall it put the start beyond the wall, and the bullet
    was cut there, outside its closed box). Without it, the motion is velocity * dt
    (an MTV world's step: x += v dt)."""
    bullets = [i for i, body in enumerate(world.bodies) if body.bullet and not body.static]
    if not bullets:
        return ()
    state = _candidates(world, bullets, dt, begun)
    stale = state.stale
    motions = state.motions.tolist()
    origin = None if state.origin is None else state.origin.tolist()
    events = []
    waiting = []  # events whose tested pairs may hold a _Later
    for k, i in enumerate(bullets):
        if k in state.flagged:
            _retest(state)
        mx, my = motions[k]
        if origin is None:
            x, y = world.position[i].tolist()
            start = (x - mx, y - my)
        else:
            start = tuple(origin[k])
        if state.starts[k] is None:  # not finite: sweep pair by pair (it says why)
            first, first_other, first_normal, tested = _sweep_one(world, i, state.shapes, dt)
        else:
            first, first_other, first_normal, tested = _first_touch(state, k, stale.get(k, {}))
            if k in stale:
                waiting.append(len(events))
        events.append(SweepEvent(i, start, (mx, my), first, first_other, tested))
        if first is not None:
            _cut(world, i, (start[0] + mx * first, start[1] + my * first), first_normal)
            state.shapes[i] = world.shape(i)
            _moved(state, k, i)
    if state.later:  # the certain misses' axes: nothing above depended on them
        batch = sweep_many(*zip(*state.later, strict=True))
        for e in waiting:
            tested = tuple(
                (j, batch.axes[axes.index] if isinstance(axes, _Later) else axes)
                for j, axes in events[e].swept_axes
            )
            events[e] = replace(events[e], swept_axes=tested)
    return tuple(events)


def _cut(world: World, i: int, place: tuple, normal: tuple) -> None:
    """Body i moved to `place`, its velocity's closing part along `normal` bounced (the
    array steps' operations, in their order, on floats)."""
    nx, ny = normal
    world.position[i] = place
    vx, vy = world.velocity[i].tolist()
    vn = vx * nx + vy * ny
    if vn < 0:
        bounce = (1 + world.bodies[i].restitution) * vn
        world.velocity[i] = (vx - bounce * nx, vy - bounce * ny)
    world.pose_changed()


def _near_tables(state: _Sweeps, ends: np.ndarray, moving: np.ndarray) -> None:
    """`_Sweeps.near_*`, for all bullets at once (`ends`: each bullet's box where its
    step ended, before any cut; `moving`: the bullets' `movers`)."""
    near, bounds = state.near, state.near_start
    state.near_bounds = bounds.tolist()
    state.near_list = near.tolist()
    swept = state.swept[near]
    state.near_swept = tuple(np.ascontiguousarray(swept[:, c]) for c in range(4))
    state.near_moving = moving[near]
    owner = np.repeat(np.arange(len(bounds) - 1), np.diff(bounds))
    end = ends[owner]
    state.near_then = (
        (swept[:, 0] <= end[:, 2])
        & (end[:, 0] <= swept[:, 2])
        & (swept[:, 1] <= end[:, 3])
        & (end[:, 1] <= swept[:, 3])
    )
    state.near_round = state.round_start[near].tolist()


def _moved(state: _Sweeps, k: int, i: int) -> None:
    """Body i (bullet k) was cut: the later bullets whose pairs with it change, into
    `state.stale`. Where their swept box met it before and no longer does, no pairs;
    where it meets it now, a pair that certainly misses (`certain_misses`) is a miss
    (`sweep` says exactly that: with a circle, no axes; two polygons' axes come last,
    `_Later`); the other pairs go to `state.pending`, tested again before that bullet's
    turn."""
    a, b = state.near_bounds[k], state.near_bounds[k + 1]
    if a == b:
        return
    box = state.shapes[i].aabb()
    min_x, min_y, max_x, max_y = (column[a:b] for column in state.near_swept)
    now = (min_x <= box.max_x) & (box.min_x <= max_x) & (min_y <= box.max_y)
    now &= box.min_y <= max_y
    near = state.near[a:b]
    stale, later = state.stale, state.later
    for j in near[state.near_then[a:b] & ~now].tolist():
        stale.setdefault(j, {})[i] = []
    now = np.flatnonzero(now)
    if not len(now):
        return
    misses = misses_box(state.near_moving[a:b][now].tolist(), box_tuple(box))
    others = convex_parts(state.shapes[i])
    round_i = bool(state.round[i])
    for t, miss in zip((now + a).tolist(), misses, strict=True):
        j = state.near_list[t]
        if not miss:
            state.pending.append((j, i))
            state.flagged.add(j)
        elif round_i or state.near_round[t]:
            stale.setdefault(j, {})[i] = [(i, *_MISS)] * (state.parts[j] * len(others))
        else:
            results = stale.setdefault(j, {})[i] = []
            for part in convex_parts(state.starts[j]):
                for other in others:
                    results.append((i, math.inf, _MISS[1], _Later(len(later))))
                    later.append((part, other, state.motions[j]))


def _candidates(world: World, bullets: list[int], dt: float, begun=None) -> _Sweeps:
    """Every bullet's candidates (the bodies whose boxes meet its swept box, by sort and
    sweep) and their swept tests, as one batch."""
    shapes = world.shapes()
    m = len(bullets)
    if begun is None:
        motions = world.velocity[bullets] * dt
        starts_xy = world.position[bullets] - motions
    else:
        starts_xy = begun[bullets]
        motions = world.position[bullets] - starts_xy
    angles = world.angle[bullets]
    finite = np.isfinite(motions).all(axis=1) & np.isfinite(starts_xy).all(axis=1)
    finite &= np.isfinite(angles)
    starts: list = [None] * m
    start_boxes = np.full((m, 4), np.nan)
    swept = np.full((m, 4), np.nan)
    for k in np.flatnonzero(finite).tolist():
        i = bullets[k]
        starts[k] = world.bodies[i].shape.placed(
            (float(starts_xy[k, 0]), float(starts_xy[k, 1])), float(angles[k])
        )
        start_box = starts[k].aabb()
        start_boxes[k] = box_tuple(start_box)
        swept[k] = box_union(start_box, shapes[i].aabb())
    boxes = np.array([box_tuple(shape.aabb()) for shape in shapes]).reshape(-1, 4)
    round_ = np.array([isinstance(shape, Circle) for shape in shapes], dtype=bool)
    round_start = round_[bullets]
    pairs = overlapping(swept, boxes)
    pairs = pairs[pairs[:, 1] != np.asarray(bullets)[pairs[:, 0]]]
    k_of, j_of = pairs[:, 0], pairs[:, 1]
    parts_a = [convex_parts(s) if s is not None else () for s in starts]
    parts_b = [convex_parts(s) for s in shapes]
    count_a = np.array([len(p) for p in parts_a], dtype=np.intp)
    count_b = np.array([len(p) for p in parts_b], dtype=np.intp)
    per = count_a[k_of] * count_b[j_of]  # part pairs of each candidate, a major
    pair_of = np.repeat(np.arange(len(pairs)), per)
    step = np.arange(len(pair_of)) - np.repeat(np.cumsum(per) - per, per)
    width = count_b[j_of][pair_of]
    index_a = (np.cumsum(count_a) - count_a)[k_of][pair_of] + step // width
    index_b = (np.cumsum(count_b) - count_b)[j_of][pair_of] + step % width
    k_rows = k_of[pair_of]
    # Pairs with a circle that certainly miss are misses; the rest, one batch.
    moving = movers(start_boxes, motions)
    miss = certain_misses(moving[k_of], boxes[j_of])
    miss &= round_start[k_of] | round_[j_of]
    test = np.flatnonzero(~miss[pair_of])
    batch = sweep_many(
        flat_parts(parts_a)[index_a[test]],
        flat_parts(parts_b)[index_b[test]],
        motions[k_rows[test]],
    )
    fraction = np.full(len(pair_of), np.inf)
    fraction[test] = np.where(batch.hit & ~batch.initially_overlapping, batch.fraction, np.inf)
    normal = np.full((len(pair_of), 2), np.nan)
    normal[test] = batch.normal
    axes = [()] * len(pair_of)
    for row, found in zip(test.tolist(), batch.axes, strict=True):
        axes[row] = found
    sweeps = _Sweeps(
        bullets,
        shapes,
        round_,
        starts,
        round_start,
        count_a.tolist(),
        motions,
        swept,
        j_of[pair_of].tolist(),
        fraction,
        fraction.tolist(),
        normal,
        tuple(axes),
        np.searchsorted(k_rows, np.arange(m + 1)),
        *near(swept),
    )
    sweeps.origin = None if begun is None else starts_xy
    _near_tables(sweeps, boxes[bullets], moving)
    return sweeps


def _retest(state: _Sweeps) -> None:
    """The pairs of later bullets with bodies cut since their test, tested again as one
    batch at the moved bodies' new places."""
    found, parts, others, bullets = [], [], [], []
    stale = state.stale
    for k, j in state.pending:
        results = stale.setdefault(k, {})[j] = []
        for part in convex_parts(state.starts[k]):
            for other in convex_parts(state.shapes[j]):
                found.append((results, j))
                parts.append(part)
                others.append(other)
                bullets.append(k)
    state.pending, state.flagged = [], set()
    batch = sweep_many(parts, others, state.motions[bullets])
    eligible = batch.hit & ~batch.initially_overlapping
    fraction = np.where(eligible, batch.fraction, np.inf).tolist()
    normals = batch.normal.tolist()
    for (results, j), *result in zip(found, fraction, normals, batch.axes, strict=True):
        results.append((j, *result))


def _first_touch(state: _Sweeps, k: int, stale: dict):
    """Bullet k's first touch, the body touched, the normal there, and every pair tested
    (in body order): the batch's rows, with those of bodies moved since replaced."""
    a, b = int(state.rows[k]), int(state.rows[k + 1])
    if not stale:
        tested = tuple(zip(state.other[a:b], state.axes[a:b], strict=True))
        if a == b:
            return None, None, None, tested
        row = a + int(np.argmin(state.fraction[a:b]))
        if state.fraction[row] == np.inf:
            return None, None, None, tested
        normal = state.normal[row]
        return float(state.fraction[row]), state.other[row], _pair(normal), tested
    # A batch row's normal stands as its row number until it is the first touch.
    rows = zip(state.other[a:b], state.fractions[a:b], range(a, b), state.axes[a:b], strict=True)
    entries = [row for row in rows if row[0] not in stale]
    entries += [result for results in stale.values() for result in results]
    entries.sort(key=itemgetter(0))  # stable: parts keep their order
    first, first_other, first_normal = None, None, None
    for j, fraction, normal, _ in entries:
        if fraction != math.inf and (first is None or fraction < first):
            first, first_other, first_normal = fraction, j, normal
    if isinstance(first_normal, int):
        first_normal = state.normal[first_normal]
    if first_normal is not None:
        first_normal = _pair(first_normal)
    return first, first_other, first_normal, tuple([(e[0], e[3]) for e in entries])


def _pair(normal: np.ndarray) -> tuple[float, float]:
    return float(normal[0]), float(normal[1])


def _sweep_one(world: World, i: int, shapes: list, dt: float):
    """Bullet i swept pair by pair with `sweep` (a motion or place that is not finite:
    `sweep` and `placed` refuse it, with the reason)."""
    body = world.bodies[i]
    motion = world.velocity[i] * dt
    start = world.position[i] - motion
    start_shape = body.shape.placed((float(start[0]), float(start[1])), float(world.angle[i]))
    swept_box = AABB(*box_union(start_shape.aabb(), shapes[i].aabb()))
    first, first_other, first_normal = None, None, None
    tested = []
    for j, other in enumerate(shapes):
        if j == i or not swept_box.overlaps(other.aabb()):
            continue
        for part in convex_parts(start_shape):
            for other_part in convex_parts(other):
                hit = sweep(part, other_part, motion)
                tested.append((j, hit.axes))
                if hit.hit and not hit.initially_overlapping:
                    if first is None or hit.fraction < first:
                        first, first_other, first_normal = hit.fraction, j, hit.normal
    return first, first_other, first_normal, tuple(tested)
