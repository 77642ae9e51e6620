"""Bullets swept in batches (sandbox/physics/bullets.py): the same step as sweeping pair by
pair, bit for bit, without the pair-by-pair swept test.

The reference below is the bullet sweep as it was written pair by pair: each bullet in
body order, against every body whose box meets its swept box, each convex part pair by
`sweep`, the motion cut at the first touch (which the later bullets then meet)."""

from __future__ import annotations

import tomllib

import numpy as np
import pytest
from bullet_scene import bullet_scene

import sandbox.physics.bullets as bullets
from sandbox.core.compound import convex_parts
from sandbox.core.geometry import AABB
from sandbox.core.portable import dot_rows
from sandbox.core.swept import sweep
from sandbox.physics.records import SweepEvent
from sandbox.scenes.scene_file import scene_from_table

DT = 1 / 60
# Concave bodies (two convex pieces each): a bullet L and a static L in the way.
CONCAVE = """
[[body]]
name = "L bullet"
shape = "polygon"
vertices = [[0, 0], [12, 0], [12, 4], [4, 4], [4, 12], [0, 12]]
position = [{x}, {y}]
velocity = [2500, 1800]
bullet = true

[[body]]
name = "L wall"
shape = "polygon"
vertices = [[0, 0], [60, 0], [60, 8], [8, 8], [8, 60], [0, 60]]
position = [{wx}, {wy}]
static = true
"""


def per_pair_sweep(world, dt):
    """The reference: bullet by bullet, pair by pair, with `sweep`."""
    events = []
    for i, body in enumerate(world.bodies):
        if not body.bullet or body.static:
            continue
        motion = world.velocity[i] * dt
        end = world.position[i].copy()
        start = end - motion
        start_shape = body.shape.placed((float(start[0]), float(start[1])), float(world.angle[i]))
        a, b = start_shape.aabb(), world.shape(i).aabb()
        swept_box = AABB(
            min(a.min_x, b.min_x),
            min(a.min_y, b.min_y),
            max(a.max_x, b.max_x),
            max(a.max_y, b.max_y),
        )
        first, first_other, first_normal = None, None, None
        tested = []
        for j, other in enumerate(world.shapes()):
            if j == i or not swept_box.overlaps(other.aabb()):
                continue
            for part in convex_parts(start_shape):
                for other_part in convex_parts(other):
                    hit = sweep(part, other_part, motion)
                    tested.append((j, hit.axes))
                    if hit.hit and not hit.initially_overlapping:
                        if first is None or hit.fraction < first:
                            first, first_other, first_normal = hit.fraction, j, hit.normal
        start_xy = (float(start[0]), float(start[1]))
        motion_xy = (float(motion[0]), float(motion[1]))
        events.append(SweepEvent(i, start_xy, motion_xy, first, first_other, tuple(tested)))
        if first is not None:
            world.position[i] = start + motion * first
            n = np.asarray(first_normal)
            vn = float(dot_rows(world.velocity[i], n))
            if vn < 0:
                world.velocity[i] -= (1 + body.restitution) * vn * n
            world.pose_changed()
    return tuple(events)


def _world(count, seed, boxes, speed):
    text = bullet_scene(count, seed=seed, boxes=boxes, walls=True, speed=speed)
    side = int(np.ceil(np.sqrt(count)))
    text += CONCAVE.format(x=100.0 + 10 * side, y=95.0, wx=80.0 + 10 * side, wy=110.0 + 10 * side)
    world = scene_from_table(tomllib.loads(text), "bullets", "bullets", "bullets").world(0)
    world.position += world.velocity * DT  # where an integration step would leave them
    world.pose_changed()
    return world


def _hexed(value):
    """Every float in a (nested) value as its exact hex spelling (-0.0 is not 0.0)."""
    if isinstance(value, float):
        return value.hex()
    if isinstance(value, (tuple, list)):
        return tuple(_hexed(v) for v in value)
    if hasattr(value, "__dataclass_fields__"):
        return (type(value).__name__,) + tuple(
            _hexed(getattr(value, name)) for name in value.__dataclass_fields__
        )
    return value


@pytest.mark.parametrize(
    ("count", "seed", "boxes", "speed"),
    [
        (120, 1, 0.0, (600.0, 3000.0)),
        (120, 2, 0.5, (600.0, 3000.0)),
        (200, 3, 0.3, (3000.0, 15000.0)),
        (80, 4, 1.0, (6000.0, 30000.0)),
    ],
)
def test_batched_sweep_equals_the_pair_by_pair_sweep(count, seed, boxes, speed):
    """Bullet scenes (circles and boxes, walls, a concave bullet and a concave wall, slow
    and very fast, many bullets cut and then met where they stopped): the batched sweep
    gives the same SweepEvents as the pair-by-pair reference (fraction, other body,
    every tested pair's axis records, every float's bits) and leaves the same positions
    and velocities, over three steps."""
    ours, reference = _world(count, seed, boxes, speed), _world(count, seed, boxes, speed)
    cut = 0
    for _ in range(3):
        events = bullets.sweep_bullets(ours, DT)
        expected = per_pair_sweep(reference, DT)
        assert _hexed(events) == _hexed(expected)
        assert ours.position.tobytes() == reference.position.tobytes()
        assert ours.velocity.tobytes() == reference.velocity.tobytes()
        cut += sum(e.fraction is not None for e in events)
        for world in (ours, reference):
            world.step(DT)
    assert cut > count // 3


def test_the_bullet_sweep_tests_no_pair_on_its_own(monkeypatch):
    """The bullet sweep is batched: on a scene of 300 bullets (about 800 swept pairs) it
    never calls the per-pair `sweep` (the old sweep called it for every pair)."""
    calls = []

    def counted(*args):
        calls.append(args)
        return sweep(*args)

    monkeypatch.setattr(bullets, "sweep", counted)
    world = _world(300, 5, 0.3, (600.0, 3000.0))
    events = bullets.sweep_bullets(world, DT)
    assert sum(len(e.swept_axes) for e in events) > 500
    assert calls == []
