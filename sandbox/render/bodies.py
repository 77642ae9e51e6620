"""The bodies: every shape at its pose, static ones hatched, the pair on show in its roles."""

from __future__ import annotations

import math

import numpy as np
import pygame

from ..core.portable import cos_sin
from ..physics.world import World
from .pieces import draw_piece_lines
from .primitives import (
    dashed_polygon,
    hatch_cache,
    hatch_lines,
    mix,
    shape_outline,
    translucent_polygons,
)
from .theme import Color
from .view import View

CROWDED = 12  # more bodies than this: details only for the pair on show


_points_cache: dict = {}


def _screen_polygons(view: View, world: World) -> list:
    """Screen-space vertex lists of every body, cached while the geometry arrays are the same
    (a paused world redraws for free). The cache keeps the array alive, so its id is unique."""
    vertices = world.geometry()["vertices"]
    key = (id(vertices), view.s, view.ox, view.oy)
    hit = _points_cache.get("polygons")
    if hit is not None and hit[0] == key and hit[1] is vertices:
        return hit[2]
    counts = world.vertex_count
    polygons: list = [()] * len(counts)
    for k in np.unique(counts).tolist():
        if k == 0:
            continue  # circles: drawn from position and radius
        rows = np.flatnonzero(counts == k)
        group = vertices[rows, :k] * view.s
        group[..., 0] += view.ox
        group[..., 1] += view.oy
        for i, pts in zip(rows.tolist(), group.tolist(), strict=True):
            polygons[i] = pts
    _points_cache["polygons"] = (key, vertices, polygons)
    return polygons


def draw_bodies(view: View, world: World, pair: tuple[int, int] | None, part: str = "all") -> None:
    """Every body but the pair on show, simply: one fill + one outline each (bulk arrays).
    Static bodies first, darker and hatched (when there are few of them); then the others.
    `part`: "static" (the cached layer), "moving", or "all"."""
    theme = view.theme
    surf = view.surface
    polygons = _screen_polygons(view, world)
    skip = np.zeros(len(world.bodies), dtype=bool)
    if pair:
        skip[list(pair)] = True
    polygon = (world.vertex_count > 0) & ~skip  # polygons and compound outlines
    crowded = len(world.bodies) > CROWDED
    width = view.w(theme.thin if crowded else theme.line * 0.75)
    draw_polygon, draw_lines = pygame.draw.polygon, pygame.draw.lines

    static_polygons = np.flatnonzero(polygon & world.static).tolist()
    if part == "moving":
        static_polygons = []
    hatch = len(static_polygons) <= 50
    hatch_color = mix(theme.static_fill, theme.static, 0.45)
    hatch_width = view.w(1)
    fill, line = theme.static_fill, theme.static
    for i in static_polygons:
        pts = polygons[i]
        draw_polygon(surf, fill, pts)
        if hatch:
            key = (tuple(map(tuple, pts)), view.s)
            segments = hatch_cache.get(key)
            if segments is None:
                if len(hatch_cache) > 256:
                    hatch_cache.clear()
                segments = hatch_cache[key] = hatch_lines(pts, 12 * view.s)
            for p, q in segments:
                pygame.draw.line(surf, hatch_color, p, q, hatch_width)
        draw_lines(surf, line, True, pts, width)

    if part == "static":
        polygon = polygon & world.static
    fill, line = theme.other_fill, theme.other
    # Sleeping bodies (rigid worlds) are drawn dimmer: halfway to the background.
    asleep = getattr(world, "sleeping", np.zeros(len(world.bodies), dtype=bool)).tolist()
    dim_fill, dim_line = mix(fill, theme.background, 0.5), mix(line, theme.background, 0.5)
    for i in np.flatnonzero(polygon & ~world.static).tolist():
        pts = polygons[i]
        draw_polygon(surf, dim_fill if asleep[i] else fill, pts)
        draw_lines(surf, dim_line if asleep[i] else line, True, pts, width)

    # compound bodies: their convex pieces, dashed inside the outline
    pieces = world.is_compound & ~skip
    if part != "all":
        pieces &= world.static if part == "static" else ~world.static
    draw_piece_lines(view, world, pieces)

    circles = (world.vertex_count == 0) & ~skip
    if part != "all":
        circles &= world.static if part == "static" else ~world.static
    for i in np.flatnonzero(circles).tolist():
        fill, line = (
            (theme.static_fill, theme.static)
            if world.static[i]
            else (theme.other_fill, theme.other)
        )
        if asleep[i]:
            fill, line = mix(fill, theme.background, 0.5), mix(line, theme.background, 0.5)
        p = world.position[i]
        c = view.p(float(p[0]), float(p[1]))
        r = float(world.radius[i]) * view.s
        a = float(world.angle[i])
        pygame.draw.circle(surf, fill, c, r)
        pygame.draw.circle(surf, line, c, r, width)
        cos, sin = cos_sin(a)
        pygame.draw.line(surf, line, c, (c[0] + r * cos, c[1] + r * sin), width)


def draw_aabbs(view: View, world: World) -> None:
    boxes = view.pts(world.geometry()["boxes"].reshape(-1, 2, 2))
    color = view.theme.aabb
    for (x0, y0), (x1, y1) in boxes:
        pygame.draw.rect(view.surface, color, pygame.Rect(x0, y0, x1 - x0, y1 - y0), 1)


def draw_pair_bodies(view: View, world: World, pair, roles) -> None:
    """The pair on show at its current pose: translucent fill in its role colour, outline."""
    theme = view.theme
    items = []
    outlines = []
    for index, color in zip(pair, roles, strict=True):
        shape = world.shape(index)
        pts = view.pts(shape_outline(shape))
        items.append((pts, color))
        outlines.append((shape, pts, color, world.bodies[index].static))
    translucent_polygons(view.surface, items, theme.fill_alpha)
    width = view.w(theme.line)
    for shape, pts, color, _static in outlines:
        if shape.kind == "polygon":  # convex: stroked inside its edges (see inset_outline)
            pygame.draw.polygon(view.surface, color, inset_outline(pts, width / 2), width)
        elif shape.kind != "circle":  # a compound body's outline
            pygame.draw.polygon(view.surface, color, pts, width)
        else:
            c = view.p(*shape.position)
            r = shape.radius * view.s
            pygame.draw.circle(view.surface, color, c, r, width)
            cos, sin = cos_sin(shape.angle)
            pygame.draw.line(view.surface, color, c, (c[0] + r * cos, c[1] + r * sin), width)
            pygame.draw.circle(view.surface, color, c, view.w(3))


def inset_outline(points, depth: float) -> list[tuple[float, float]]:
    """A convex outline (screen pixels) moved `depth` pixels inwards, edge by edge: a
    stroke of twice `depth` along it stays inside the shape. So a world gap between the
    pair stays background between their strokes, and shapes that touch have strokes that
    meet, not overlap — the picture says what the words say (issue 41, item 2). (A
    circle's ring is already drawn inside its radius.)

        outline   +-----------+
        stroke    |+---------+|   each corner moves along its bisector, so both
                  ||         ||   of its edges move exactly `depth`
    """
    n = len(points)
    area2 = sum(
        points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1]
        for i in range(n)
    )
    side = 1.0 if area2 > 0 else -1.0  # y down: a positive area turns the normal inwards

    def inward(p, q):
        ex, ey = q[0] - p[0], q[1] - p[1]
        length = math.sqrt(ex * ex + ey * ey) or 1.0  # sqrt is correctly rounded everywhere
        return -ey / length * side, ex / length * side

    out = []
    for i in range(n):
        p, v, q = points[i - 1], points[i], points[(i + 1) % n]
        (ax, ay), (bx, by) = inward(p, v), inward(v, q)
        along = max(1.0 + ax * bx + ay * by, 0.125)  # a needle corner: a miter of 4 at most
        out.append((v[0] + depth * (ax + bx) / along, v[1] + depth * (ay + by) / along))
    return out


def draw_ghost(view: View, shape, color: Color) -> None:
    pts = view.pts(shape_outline(shape))
    dashed_polygon(view.surface, mix(color, view.theme.background, 0.35), pts, view.w(1.5))


def has_moved(world: World, index: int, shape) -> bool:
    p = world.position[index]
    return (
        abs(float(p[0]) - shape.position[0]) > 0.05
        or abs(float(p[1]) - shape.position[1]) > 0.05
        or abs(float(world.angle[index]) - shape.angle) > 1e-4
    )
