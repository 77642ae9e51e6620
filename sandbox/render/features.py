"""Each edge's outward normal and the vertex and edge labels; a circle's extra axis.

Labels are asked for with candidate positions (the placement pass in `view` keeps them
apart); each vertex gets a marker dot that no label may cover.
"""

from __future__ import annotations

import numpy as np
import pygame

from ..core.geometry import Circle, Polygon
from ..core.portable import hypot, next_rows
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
    surf = view.surface
    verts = np.asarray(shape.vertices)
    normals = np.asarray(shape.normals)
    mids = (verts + next_rows(verts)) / 2
    centroid = np.asarray(shape.centroid)
    box = shape.aabb()
    size = max(box.width, box.height)
    length = min(theme.normal_length, max(12.0, size * 0.45))
    fs = theme.font_small
    labels = overlays.show_vertex_indices and size >= 40  # tiny bodies: arrows only
    # label offsets in world units that give the same screen distance at any scale
    gap = 10 * view.k / view.s
    if overlays.show_normals:
        for k in range(len(verts)):
            col = theme.edge_colors[k % len(theme.edge_colors)]
            m = mids[k]
            tip = m + normals[k] * length
            if k in skipped:
                col = theme.text_dim
                dashed(surf, col, view.p(*m), view.p(*tip), view.w(theme.thin), 4, 4)
            else:
                arrow(surf, col, view.p(*m), view.p(*tip), view.w(theme.line), view.k * 10)
            view.mark("repeat normal" if k in skipped else "normal", view.p(*m), view.p(*tip))
            if labels:
                t = (-normals[k][1], normals[k][0])
                base = tip + normals[k] * gap
                side = 3 * gap
                view.label(
                    f"e{k}",
                    [
                        (base + normals[k] * gap, "center"),
                        (base + np.multiply(t, side), "center"),
                        (base - np.multiply(t, side), "center"),
                        (base + normals[k] * 3 * gap, "center"),
                    ],
                    fs,
                    col,
                    EDGE_LABEL,
                )
    if overlays.show_vertex_indices:
        for v in verts:
            view.block(view.p(*v), view.w(3))
            pygame.draw.circle(surf, color, view.p(*v), view.w(3))
    if labels:
        text_color = theme.text_a if letter == "A" else theme.text_b
        for k, v in enumerate(verts):
            d = v - centroid
            n = hypot(*d) or 1.0
            out = d / n
            t = np.array([-out[1], out[0]])
            view.label(
                str(k),
                [
                    (v + out * 1.6 * gap, "center"),
                    (v + out * 2.6 * gap, "center"),
                    (v + (out + t) * 1.8 * gap, "center"),
                    (v + (out - t) * 1.8 * gap, "center"),
                ],
                fs,
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
