"""Bullets: fast bodies whose motion is cut at the first touch by the swept test (numpy only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..core.compound import convex_parts
from ..core.geometry import AABB
from ..core.portable import dot_rows
from ..core.swept import sweep
from .records import SweepEvent

if TYPE_CHECKING:
    from .world import World


def sweep_bullets(world: World, dt: float) -> tuple[SweepEvent, ...]:
    """Cut each bullet's last motion at its first touch with anything in the way."""
    events = []
    for i, body in enumerate(world.bodies):
        if not body.bullet or body.static:
            continue
        motion = world.velocity[i] * dt
        end = world.position[i].copy()
        start = end - motion
        start_shape = body.shape.placed((float(start[0]), float(start[1])), float(world.angle[i]))
        swept_box = _union(start_shape.aabb(), world.shape(i).aabb())
        first, first_other, first_normal = None, None, None
        tested = []
        for j, other in enumerate(world.shapes()):
            if j == i or not swept_box.overlaps(other.aabb()):
                continue
            # A compound shape is swept piece by piece (either body may be one).
            for part in convex_parts(start_shape):
                for other_part in convex_parts(other):
                    hit = sweep(part, other_part, motion)
                    tested.append((j, hit.axes))
                    if hit.hit and not hit.initially_overlapping:
                        if first is None or hit.fraction < first:
                            first, first_other, first_normal = hit.fraction, j, hit.normal
        events.append(
            SweepEvent(
                i,
                (float(start[0]), float(start[1])),
                (float(motion[0]), float(motion[1])),
                first,
                first_other,
                tuple(tested),
            )
        )
        if first is not None:
            world.position[i] = start + motion * first
            n = np.asarray(first_normal)
            vn = float(dot_rows(world.velocity[i], n))
            if vn < 0:
                world.velocity[i] -= (1 + body.restitution) * vn * n
            world.pose_changed()
    return tuple(events)


def _union(a, b) -> AABB:
    return AABB(
        min(a.min_x, b.min_x), min(a.min_y, b.min_y), max(a.max_x, b.max_x), max(a.max_y, b.max_y)
    )
