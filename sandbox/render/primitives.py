"""Drawing primitives the overlays share: dashes, arrows, translucent fills, hatching."""

from __future__ import annotations

import math

import numpy as np
import pygame

from ..core.portable import cos_sin, hypot
from .theme import Color


def dashed(surface, color, p, q, width=1, dash=8.0, gap=6.0) -> None:
    (x0, y0), (x1, y1) = p, q
    length = hypot(x1 - x0, y1 - y0)
    if length < 1e-9:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    # Only the part on the surface is dashed: a far-off end costs nothing (issue 11).
    period = dash + gap
    t, length = _visible_span(surface, x0, y0, ux, uy, length, period)
    line = pygame.draw.line  # (a concave pair's frame draws some 600 dashes)
    while t < length:
        e = t + dash
        if e > length:
            e = length
        line(surface, color, (x0 + ux * t, y0 + uy * t), (x0 + ux * e, y0 + uy * e), width)
        t += period


def _visible_span(surface, x0, y0, ux, uy, length, period) -> tuple[float, float]:
    """The span [t0, t1] of the segment p + t u (0 <= t <= length) that can touch the
    surface (with a margin), t0 snapped down to a whole dash period so that the dashes
    stay where they would be; an empty span when the segment misses the surface."""
    width, height = surface.get_size()
    margin = 64.0
    lo, hi = 0.0, length
    for start, step, low, high in (
        (x0, ux, -margin, width + margin),
        (y0, uy, -margin, height + margin),
    ):
        if abs(step) < 1e-12:
            if not low <= start <= high:
                return 0.0, 0.0
            continue
        a, b = (low - start) / step, (high - start) / step
        lo, hi = max(lo, min(a, b)), min(hi, max(a, b))
    if hi <= lo:
        return 0.0, 0.0
    return math.floor(lo / period) * period, hi


def dashed_polygon(surface, color, points, width=1, dash=8.0, gap=6.0) -> None:
    for k in range(len(points)):
        dashed(surface, color, points[k], points[(k + 1) % len(points)], width, dash, gap)


def arrow(surface, color, p, q, width, head) -> None:
    (x0, y0), (x1, y1) = p, q
    length = hypot(x1 - x0, y1 - y0)
    if length < 1e-9:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = min(head, length * 0.9) if length > head else head
    bx, by = x1 - ux * head, y1 - uy * head
    if length > head:
        pygame.draw.line(surface, color, (x0, y0), (bx, by), width)
    half = head * 0.5
    pygame.draw.polygon(
        surface,
        color,
        [(x1, y1), (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)],
    )


def translucent_polygons(surface, items, alpha) -> None:
    """Fill polygons [(points, color)] with alpha, composed in one SRCALPHA layer (where
    two overlap, the later one over the earlier) and blended onto `surface` once. Each
    polygon is drawn on a surface of its own bounding box only: on a transparent pixel
    blending is a copy, and a transparent pixel blended leaves the layer as it was, so
    it is the same layer, a third cheaper for two large shapes at 1920x1080. When no two
    boxes meet, the layer is each polygon's surface where it lies and transparent
    between them: each is blended onto `surface` itself, the same pixels, with no layer
    (a concave pair far apart spans 765x262 px of mostly empty layer at 1920x1080)."""
    if not items:
        return
    boxes = [_bounding_box(pts) for pts, _ in items]
    box = boxes[0].unionall(boxes[1:]).clip(surface.get_clip())
    if box.width <= 0 or box.height <= 0:
        return
    apart = not any(a.colliderect(b) for k, a in enumerate(boxes) for b in boxes[k + 1 :])
    layer = surface if apart else pygame.Surface(box.size, pygame.SRCALPHA)
    at = (0, 0) if apart else box.topleft  # where the layer's (0, 0) is on `surface`
    for (pts, color), own in zip(items, boxes, strict=True):
        own = own.clip(box)
        if own.width <= 0 or own.height <= 0:
            continue
        part = pygame.Surface(own.size, pygame.SRCALPHA)
        pygame.draw.polygon(part, (*color, alpha), [(x - own.x, y - own.y) for x, y in pts])
        layer.blit(part, (own.x - at[0], own.y - at[1]))
    if not apart:
        surface.blit(layer, box.topleft)


def _bounding_box(pts) -> pygame.Rect:
    """Whole pixels around the points, one to spare on each side."""
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    left, top = math.floor(min(xs)) - 1, math.floor(min(ys)) - 1
    return pygame.Rect(left, top, math.ceil(max(xs)) + 2 - left, math.ceil(max(ys)) + 2 - top)


def _circle_points(center, radius, n=48) -> list:
    cx, cy = center
    c, s = cos_sin(2 * math.pi * np.arange(n) / n)
    return [(cx + radius * float(c[k]), cy + radius * float(s[k])) for k in range(n)]


def shape_outline(shape) -> np.ndarray:
    """Screen outline points of any shape: a polygon's (or compound's) vertices, a circle's ring."""
    if shape.kind != "circle":
        return np.asarray(shape.vertices)
    return np.array(_circle_points(shape.position, shape.radius))


def mix(a: Color, b: Color, t: float) -> Color:
    return tuple(round(a[k] + (b[k] - a[k]) * t) for k in range(3))


hatch_cache: dict = {}


def hatch_lines(pts, spacing) -> list:
    """Diagonal hatching inside a convex polygon (screen points): the segments."""
    segments = []
    d = [p[0] + p[1] for p in pts]
    lo, hi = min(d), max(d)
    k = (math.floor(lo / spacing) + 1) * spacing
    n = len(pts)
    while k < hi:
        ends = []
        for i in range(n):
            a, b = d[i] - k, d[(i + 1) % n] - k
            if (a < 0) != (b < 0):
                t = a / (a - b)
                p, q = pts[i], pts[(i + 1) % n]
                ends.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
        if len(ends) >= 2:
            segments.append((ends[0], ends[1]))
        k += spacing
    return segments


def hatch_rect(surface, color, rect, width, spacing) -> None:
    """Diagonal hatching inside a screen rectangle (a pattern, so meaning is not colour only)."""
    x, y, w, h = rect
    if w <= 0 or h <= 0:
        return
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(rect).clip(clip))
    k = -h
    while k < w:
        pygame.draw.line(surface, color, (x + k, y + h), (x + k + h, y), width)
        k += spacing
    surface.set_clip(clip)
