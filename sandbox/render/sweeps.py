"""The swept test: each bullet's path, and where it first touches."""

from __future__ import annotations

import numpy as np
import pygame

from ..core.geometry import convex_hull
from ..core.portable import hypot
from ..physics.records import StepRecord
from ..physics.world import World
from .primitives import arrow, dashed_polygon, shape_outline, translucent_polygons
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
        band = convex_hull(np.vstack([a, b]))
        translucent_polygons(surf, [(view.pts(band), theme.sweep)], 70)
        pygame.draw.polygon(surf, theme.sweep, view.pts(band), view.w(1))
        dashed_polygon(surf, theme.sweep, view.pts(b), view.w(theme.thin), 5, 4)
        pygame.draw.polygon(surf, theme.sweep, view.pts(a), view.w(theme.thin))
        # the motion this tick, as an arrow above the band
        length = hypot(*ev.motion)
        if length > 1e-9:
            nx, ny = -ev.motion[1] / length, ev.motion[0] / length
            box = start.aabb()
            lift = max(box.width, box.height) / 2 + 14
            p0 = (ev.start[0] - nx * lift, ev.start[1] - ny * lift)
            p1 = (end_pos[0] - nx * lift, end_pos[1] - ny * lift)
            arrow(surf, theme.sweep, view.p(*p0), view.p(*p1), view.w(theme.thin), 9 * view.k)
            up = 16 * view.k / view.s
            view.label(
                view.tr("moves {length:.0f} px in one step").format(length=length),
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
            view.tr("swept test: stopped at first touch"),
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


def draw_moment(view: View, world: World, moment, record: StepRecord | None) -> None:
    """Keep the moment on screen after it has passed: where the swept test stopped its bullet,
    and the motion the discrete test skipped (both ends, the space between, in numbers)."""
    theme = view.theme
    surf = view.surface
    live = record is not None and any(ev.fraction is not None for ev in record.sweeps)
    for jump in moment.jumps:
        body = world.bodies[jump.body]
        angle = float(world.angle[jump.body])
        start = body.shape.placed(jump.start, angle)
        end = body.shape.placed(jump.end, angle)
        a, b = shape_outline(start), shape_outline(end)
        band = convex_hull(np.vstack([a, b]))
        translucent_polygons(surf, [(view.pts(band), theme.overlap)], 45)
        dashed_polygon(surf, theme.overlap, view.pts(band), view.w(theme.thin), 6, 5)
        pygame.draw.polygon(surf, theme.overlap, view.pts(a), view.w(theme.thin))
        pygame.draw.polygon(surf, theme.overlap, view.pts(b), view.w(theme.thin))
        dx, dy = jump.end[0] - jump.start[0], jump.end[1] - jump.start[1]
        length = hypot(dx, dy)
        u = (dx / length, dy / length)
        lo, hi = world.shape(jump.passed).project(u)
        box = start.aabb()
        lift = max(box.width, box.height) / 2 + 14 * view.k / view.s
        nx, ny = -u[1], u[0]
        p0 = (jump.start[0] - nx * lift, jump.start[1] - ny * lift)
        p1 = (jump.end[0] - nx * lift, jump.end[1] - ny * lift)
        arrow(surf, theme.overlap, view.p(*p0), view.p(*p1), view.w(theme.thin), 9 * view.k)
        up = 16 * view.k / view.s
        mid = ((p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2)

        def spot(k: float, anchor: str, mid=mid, nx=nx, ny=ny, up=up):
            return ((mid[0] - nx * up * k, mid[1] - ny * up * k), anchor)

        # two lines above the arrow (or under the band): never over the skipped motion
        above = [spot(4.5, "midbottom"), spot(5.8, "midbottom")]
        below = [spot(-2.4, "midtop"), spot(-3.7, "midtop")]
        view.label(
            view.tr("tick {tick}: moved {length:.0f} px in one step;").format(
                tick=moment.tick, length=length
            ),
            above + below,
            theme.font_small,
            theme.overlap,
            KEY_LABEL + 1,
        )
        view.label(
            view.tr("the wall is {thick:.0f} px thick: no overlap seen").format(thick=hi - lo),
            [spot(2.6, "midbottom"), *below, *above],
            theme.font_small,
            theme.overlap,
            KEY_LABEL + 1,
        )
    if live:
        return
    for ev in moment.sweeps:
        body = world.bodies[ev.body]
        angle = float(world.angle[ev.body])
        hit_pos = (
            ev.start[0] + ev.motion[0] * ev.fraction,
            ev.start[1] + ev.motion[1] * ev.fraction,
        )
        hit = body.shape.placed(hit_pos, angle)
        dashed_polygon(surf, theme.gap, view.pts(shape_outline(hit)), view.w(theme.line), 5, 4)
        hp = view.p(*hit_pos)
        pygame.draw.circle(surf, theme.gap, hp, view.w(6), view.w(2))
        down = 26 * view.k
        view.label(
            view.tr("tick {tick}: the swept test stopped it here").format(tick=moment.tick),
            [((hp[0], hp[1] + down), "midright"), ((hp[0], hp[1] + 2 * down), "midright")],
            theme.font_small,
            theme.gap,
            KEY_LABEL + 1,
            world=False,
        )
