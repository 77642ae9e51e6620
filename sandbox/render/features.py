"""Each edge's outward normal and the vertex and edge labels; a circle's extra axis.

Labels are asked for with candidate positions (the placement pass in `view` keeps them
apart); each vertex gets a marker dot that no label may cover.
"""

from __future__ import annotations

import numpy as np
import pygame

from ..core.geometry import Circle, Polygon
from ..core.portable import hypot
from .overlays import Overlays
from .primitives import arrow, dashed
from .theme import Color
from .view import DETAIL, EDGE_LABEL, VERTEX_INDEX, View


def draw_features(
    view: View, shape, color: Color, letter: str, overlays: Overlays, skipped=frozenset()
) -> None:
    """Normals at edge midpoints (per-edge colours), edge labels, vertex markers and indices.
    The edges in `skipped` (their normal parallel to an axis already tested) get a grey,
    dashed normal: SAT does not test them (tutorial 004)."""
    if not isinstance(shape, Polygon):
        return
    theme = view.theme
    box = shape.aabb()
    size = max(box.width, box.height)
    length = min(theme.normal_length, max(12.0, size * 0.45))
    labels = overlays.show_vertex_indices and size >= 40  # tiny bodies: arrows only
    # label offsets in world units that give the same screen distance at any scale
    gap = 10 * view.k / view.s
    # (the points as floats, each computed as the arrays would: the same bits, a third
    # of the time of numpy's arithmetic on one point at a time)
    verts = np.asarray(shape.vertices).tolist()
    if overlays.show_normals:
        _draw_normals(view, verts, np.asarray(shape.normals).tolist(), length, gap, labels, skipped)
    if overlays.show_vertex_indices:
        for v in verts:
            view.block(view.p(*v), view.w(3))
            pygame.draw.circle(view.surface, color, view.p(*v), view.w(3))
    if labels:
        _vertex_labels(view, verts, shape.centroid, letter, gap)


def _draw_normals(view: View, verts, normals, length, gap, labels: bool, skipped) -> None:
    """Each edge's outward normal from its midpoint, `length` world units long, in its
    edge's colour (dashed and grey when `skipped`), and with `labels` its name "e<k>"."""
    theme, surf = view.theme, view.surface
    n = len(verts)
    for k in range(n):
        col = theme.edge_colors[k % len(theme.edge_colors)]
        (x0, y0), (x1, y1) = verts[k], verts[(k + 1) % n]
        nx, ny = normals[k]
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        tx, ty = mx + nx * length, my + ny * length
        mid, tip = view.p(mx, my), view.p(tx, ty)
        if k in skipped:
            col = theme.text_dim
            dashed(surf, col, mid, tip, view.w(theme.thin), 4, 4)
        else:
            arrow(surf, col, mid, tip, view.w(theme.line), view.k * 10)
        view.mark("repeat normal" if k in skipped else "normal", mid, tip)
        if labels:
            bx, by = tx + nx * gap, ty + ny * gap
            side = 3 * gap
            view.label(
                f"e{k}",
                [
                    ((bx + nx * gap, by + ny * gap), "center"),
                    ((bx + -ny * side, by + nx * side), "center"),
                    ((bx - -ny * side, by - nx * side), "center"),
                    ((bx + nx * 3 * gap, by + ny * 3 * gap), "center"),
                ],
                theme.font_small,
                col,
                EDGE_LABEL,
            )


def _vertex_labels(view: View, verts, centroid, letter: str, gap: float) -> None:
    """Each vertex's index, just outside the shape (away from `centroid`), in the text
    colour of the shape's role."""
    theme = view.theme
    text_color = theme.text_a if letter == "A" else theme.text_b
    cx, cy = centroid
    for k, (vx, vy) in enumerate(verts):
        dx, dy = vx - cx, vy - cy
        n = hypot(dx, dy) or 1.0
        ox, oy = dx / n, dy / n
        tx, ty = -oy, ox
        view.label(
            str(k),
            [
                ((vx + ox * 1.6 * gap, vy + oy * 1.6 * gap), "center"),
                ((vx + ox * 2.6 * gap, vy + oy * 2.6 * gap), "center"),
                ((vx + (ox + tx) * 1.8 * gap, vy + (oy + ty) * 1.8 * gap), "center"),
                ((vx + (ox - tx) * 1.8 * gap, vy + (oy - ty) * 1.8 * gap), "center"),
            ],
            theme.font_small,
            text_color,
            VERTEX_INDEX,
        )


def draw_circle_axes(view: View, shown) -> None:
    """Tutorial 004's circle axis: from the polygon's closest vertex to the circle's centre."""
    theme = view.theme
    for axis in shown.report.axes:
        if axis.feature != "closest vertex" or axis.feature_index is None:
            continue
        circle, other = (
            (shown.a_shape, shown.b_shape) if axis.owner == "a" else (shown.b_shape, shown.a_shape)
        )
        if not isinstance(circle, Circle) or not isinstance(other, Polygon):
            continue
        vertex = other.vertices[axis.feature_index]
        p, q = view.p(*vertex), view.p(*circle.position)
        dashed(view.surface, theme.text, p, q, view.w(theme.thin), 6, 5)
        pygame.draw.circle(view.surface, theme.text, p, view.w(4))
        mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        dx, dy = q[0] - p[0], q[1] - p[1]
        n = hypot(dx, dy) or 1.0
        off = 14 * view.k
        view.label(
            view.tr("closest vertex axis"),
            [
                ((mid[0] - dy / n * off, mid[1] + dx / n * off), "midleft"),
                ((mid[0] + dy / n * off, mid[1] - dx / n * off), "midright"),
                ((mid[0], mid[1] - 2 * off), "midbottom"),
            ],
            theme.font_small,
            theme.text,
            DETAIL,
            world=False,
        )
