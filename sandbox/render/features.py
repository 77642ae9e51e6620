"""Each edge's outward normal and the vertex and edge labels; a circle's extra axis."""

from __future__ import annotations

import math

import numpy as np
import pygame

from ..core.geometry import Circle, Polygon
from .overlays import Overlays
from .primitives import arrow, dashed
from .theme import Color
from .view import View


def draw_features(view: View, shape, color: Color, letter: str, overlays: Overlays) -> None:
    """Normals at edge midpoints (per-edge colours), edge labels and vertex indices."""
    if not isinstance(shape, Polygon):
        return
    theme = view.theme
    surf = view.surface
    verts = np.asarray(shape.vertices)
    normals = np.asarray(shape.normals)
    mids = (verts + np.roll(verts, -1, axis=0)) / 2
    centroid = np.asarray(shape.centroid)
    box = shape.aabb()
    size = max(box.width, box.height)
    length = min(theme.normal_length, max(12.0, size * 0.45))
    fs = theme.font_small
    if size < 40:  # a tiny body: numbers would cover it, keep only the arrows
        overlays = Overlays(show_normals=overlays.show_normals, show_vertex_indices=False)
    if overlays.show_normals:
        for k in range(len(verts)):
            col = theme.edge_colors[k % len(theme.edge_colors)]
            m = mids[k]
            tip = m + normals[k] * length
            arrow(surf, col, view.p(*m), view.p(*tip), view.w(theme.line), view.s * 9)
            if overlays.show_vertex_indices:
                lab = m + normals[k] * (length + 13)
                view.text_canvas(f"e{k}", lab, fs, col, "center")
    if overlays.show_vertex_indices:
        for k, v in enumerate(verts):
            d = v - centroid
            n = math.hypot(*d) or 1.0
            pos = v + d / n * 14
            view.text_canvas(str(k), pos, fs, color, "center")


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
        view.text(
            "closest vertex axis",
            mid,
            theme.font_small,
            theme.text,
            "midleft",
            view.scene_inner,
            halo=True,
        )
