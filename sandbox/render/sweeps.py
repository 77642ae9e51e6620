"""The swept test: each bullet's path, and where it first touches."""

from __future__ import annotations

import math

import numpy as np
import pygame

from ..physics.records import StepRecord
from ..physics.world import World
from .primitives import arrow, dashed_polygon, hull, shape_outline, translucent_polygons
from .view import KEY_LABEL, MEASURE, View


def draw_sweeps(view: View, world: World, record: StepRecord) -> None:
    """Each bullet's swept test this tick: the band its shape sweeps over the motion, where it
    would have ended (dashed), and the first touch where the swept test stopped it."""
    theme = view.theme
    surf = view.surface
    for ev in record.sweeps:
        body = world.bodies[ev.body]
        angle = float(world.angle[ev.body])
        start = body.shape.placed(ev.start, angle)
        end_pos = (ev.start[0] + ev.motion[0], ev.start[1] + ev.motion[1])
        end = body.shape.placed(end_pos, angle)
        a, b = shape_outline(start), shape_outline(end)
        band = hull(np.vstack([a, b]))
        translucent_polygons(surf, [(view.pts(band), theme.sweep)], 70)
        pygame.draw.polygon(surf, theme.sweep, view.pts(band), view.w(1))
        dashed_polygon(surf, theme.sweep, view.pts(b), view.w(theme.thin), 5, 4)
        pygame.draw.polygon(surf, theme.sweep, view.pts(a), view.w(theme.thin))
        # the motion this tick, as an arrow above the band
        length = math.hypot(*ev.motion)
        if length > 1e-9:
            nx, ny = -ev.motion[1] / length, ev.motion[0] / length
            box = start.aabb()
            lift = max(box.width, box.height) / 2 + 14
            p0 = (ev.start[0] - nx * lift, ev.start[1] - ny * lift)
            p1 = (end_pos[0] - nx * lift, end_pos[1] - ny * lift)
            arrow(surf, theme.sweep, view.p(*p0), view.p(*p1), view.w(theme.thin), 9 * view.k)
            up = 16 * view.k / view.s
            view.label(
                f"moves {length:.0f} px in one step",
                [
                    ((p0[0] - nx * up, p0[1] - ny * up), "midleft"),
                    ((p0[0] - nx * 2.5 * up, p0[1] - ny * 2.5 * up), "midleft"),
                ],
                theme.font_small,
                theme.sweep,
                MEASURE,
            )
        if ev.fraction is None:
            continue
        hit_pos = (
            ev.start[0] + ev.motion[0] * ev.fraction,
            ev.start[1] + ev.motion[1] * ev.fraction,
        )
        hit = body.shape.placed(hit_pos, angle)
        pygame.draw.polygon(surf, theme.gap, view.pts(shape_outline(hit)), view.w(theme.line))
        hp = view.p(*hit_pos)
        pygame.draw.circle(surf, theme.gap, hp, view.w(6), view.w(2))
        down = 26 * view.k
        view.label(
            "swept test: stopped at first touch",
            [
                ((hp[0], hp[1] + down), "midright"),
                ((hp[0], hp[1] + 2 * down), "midright"),
                ((hp[0], hp[1] - down), "midright"),
            ],
            theme.font_small,
            theme.gap,
            KEY_LABEL,
            world=False,
        )
