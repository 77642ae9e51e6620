"""`draw`: the one entry point that draws a World and its pair on show onto ANY Surface.

The renderer draws; it never changes the world and never recomputes physics or SAT.
What it explains comes from a `StepRecord` (``world.record`` or ``world.explain_now()``):
``record.shown`` holds the two shapes exactly as the narrow phase tested them and their
full report (every axis). Bodies are drawn at their current pose from ``world.geometry()``.

Layout (canvas coordinates, 1280 x 720, scaled uniformly to the target surface and
centred in it)::

    x <  SCENE_WIDTH   the world (pixels at zoom 1, y down), HUD panel top-left
    x >= SCENE_WIDTH   the axis rulers: one row per tested axis, in test order

Visual language: one Okabe-Ito palette per theme with fixed roles (shape A orange,
shape B sky blue, overlap vermillion, gap and separating axis bluish green, MTV reddish
purple, contacts yellow / blue); per-edge normal colours from Paul Tol's colour-blind-safe
sets. Text comes only from ``assets/DejaVuSansMono.ttf``; rendered labels are cached.
Same inputs give identical pixels.
"""

from __future__ import annotations

import pygame

from ..physics.records import StepRecord
from ..physics.world import World
from ..scenes.base import SCENE_WIDTH
from .bodies import CROWDED, draw_aabbs, draw_bodies, draw_ghost, draw_pair_bodies, has_moved
from .features import draw_circle_axes, draw_features
from .help import draw_help
from .hud import draw_hud, hud_layout
from .impulses import draw_impulses
from .mtv import draw_mtv
from .overlays import HudStatus, Overlays
from .rulers import draw_rulers
from .separating import draw_axis_projection
from .sweeps import draw_sweeps
from .theme import Theme
from .view import View


def draw(
    surface: pygame.Surface,
    world: World,
    record: StepRecord | None,
    overlays: Overlays,
    theme: Theme,
    status: HudStatus,
) -> None:
    """Draw the world, the SAT explanation of `record` and the HUD onto `surface`."""
    view = View(surface, theme)
    surface.fill(theme.background)
    shown = record.shown if record is not None else None
    pair = (shown.a, shown.b) if shown is not None else None
    crowded = len(world.bodies) > CROWDED

    old_clip = surface.get_clip()
    surface.set_clip(view.scene_rect.clip(old_clip))
    draw_bodies(view, world, pair)
    if overlays.show_aabbs:
        draw_aabbs(view, world)
    if record is not None and record.sweeps:
        draw_sweeps(view, world, record)
    if shown is not None:
        roles = (theme.shape_a, theme.shape_b)
        draw_pair_bodies(view, world, pair, roles)
        report = shown.report
        for index, shape, color in (
            (shown.a, shown.a_shape, theme.shape_a),
            (shown.b, shown.b_shape, theme.shape_b),
        ):
            if has_moved(world, index, shape):
                draw_ghost(view, shape, color)
        if report.separating is not None and overlays.show_separating_axis:
            avoid = None
            if overlays.show_hud:
                avoid = pygame.Rect(hud_layout(world, record, status, theme)[1])
            draw_axis_projection(view, shown, report.separating, overlays, True, avoid)
        for shape, color, letter in (
            (shown.a_shape, theme.shape_a, "A"),
            (shown.b_shape, theme.shape_b, "B"),
        ):
            draw_features(view, shape, color, letter, overlays)
        draw_circle_axes(view, shown)
        if report.colliding:
            draw_mtv(view, shown, overlays)
        if overlays.show_impulses:
            draw_impulses(view, world, pair)
    elif not crowded:
        pass
    surface.set_clip(old_clip)

    # the ruler panel
    pygame.draw.rect(surface, theme.panel, view.panel_rect)
    pygame.draw.line(
        surface, theme.divider, view.panel_rect.topleft, view.panel_rect.bottomleft, view.w(2)
    )
    surface.set_clip(view.panel_rect.clip(old_clip))
    if overlays.show_projections:
        draw_rulers(view, record)
    else:
        view.text_canvas(
            "projections hidden", (SCENE_WIDTH + 14, 12), theme.font_small, theme.text_dim
        )
    surface.set_clip(old_clip)

    if overlays.show_hud:
        surface.set_clip(view.scene_rect.clip(old_clip))
        draw_hud(view, world, record, status)
        surface.set_clip(old_clip)
    if overlays.show_help:
        draw_help(view, status)
