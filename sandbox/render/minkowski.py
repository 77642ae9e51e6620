"""The Minkowski difference A − B in an inset (key D): colliding exactly when the origin
is inside; the depth is the origin's shortest way out. The arrow runs from the nearest
edge point to the origin: moving A by the MTV carries A − B, and that point, onto the
origin, so the arrow points the way the scene's MTV arrow does (and says so).

The inset sits in the corner of the scene that covers least of the pair on show (the
top right when that is clear), blocked for labels, with its own scale.
The edge whose normal is the step-through's current axis (or the MTV axis) is drawn
thick in that axis's colour: every SAT axis is an edge normal of A − B.
"""

from __future__ import annotations

import numpy as np
import pygame

from ..core.geometry import Polygon
from ..core.minkowski import locate_origin, minkowski_difference
from ..core.portable import dot_rows
from .primitives import arrow, dashed
from .view import View, text_size
from .words import amount


def _corner(scene: pygame.Rect, side: int, avoid) -> pygame.Rect:
    """The inset's square in the corner of `scene` that covers the least of `avoid`
    (screen rectangles), the top right first among equals."""
    corners = [
        pygame.Rect(scene.right - side, scene.top, side, side),
        pygame.Rect(scene.left, scene.top, side, side),
        pygame.Rect(scene.right - side, scene.bottom - side, side, side),
        pygame.Rect(scene.left, scene.bottom - side, side, side),
    ]

    def covered(box: pygame.Rect) -> int:
        return sum(box.clip(other).width * box.clip(other).height for other in avoid)

    return min(corners, key=covered)


def draw_minkowski(view: View, shown, axis=None, avoid=()) -> None:
    """The inset for the pair on show; `axis` (an AxisTest) is highlighted on the hull;
    `avoid`: the pair's screen rectangles, which the inset keeps off where it can."""
    theme = view.theme
    surf = view.surface
    lay = view.layout
    small = lay.small
    scene = view.scene_inner
    side = round(min(scene.width, scene.height) * 0.42)
    title_h = round(lay.line(small) * 1.1)
    if side < 4 * title_h:  # no room for a title, a hull and a verdict: leave the scene be
        return
    box = _corner(scene, side, avoid)
    view.blocked.append(box.inflate(round(8 * view.k), round(8 * view.k)))
    pygame.draw.rect(surf, theme.panel, box)
    pygame.draw.rect(surf, theme.divider, box, view.w(1.5))
    view.text_px(
        "A − B (Minkowski)", (box.x + lay.pad * 0.6, box.y + lay.pad * 0.4), small, theme.text
    )
    if not (isinstance(shown.a_shape, Polygon) and isinstance(shown.b_shape, Polygon)):
        view.text_px(
            view.tr("polygons only"), (box.centerx, box.centery), small, theme.text_dim, "center"
        )
        return
    hull = minkowski_difference(shown.a_shape, shown.b_shape)
    where = locate_origin(hull)
    v = np.asarray(hull.vertices)
    # fit the hull and the origin into the inset, below the title and above the verdict
    inner = pygame.Rect(box.x, box.y + title_h, box.width, box.height - 2 * title_h)
    inner.inflate_ip(-round(lay.pad * 1.5), -round(lay.pad * 1.5))
    lo = np.minimum(v.min(axis=0), 0.0)
    hi = np.maximum(v.max(axis=0), 0.0)
    scale = min(inner.width / max(hi[0] - lo[0], 1e-9), inner.height / max(hi[1] - lo[1], 1e-9))
    centre = (lo + hi) / 2

    def at(point) -> tuple[float, float]:
        return (
            inner.centerx + (point[0] - centre[0]) * scale,
            inner.centery + (point[1] - centre[1]) * scale,
        )

    points = [at(p) for p in v]
    fill = theme.overlap if where.inside else theme.gap
    patch = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(patch, (*fill, 60), [(x - box.x, y - box.y) for x, y in points])
    surf.blit(patch, box)
    pygame.draw.polygon(surf, theme.text_dim, points, view.w(1.5))
    normals = np.asarray(hull.normals)
    if axis is not None:
        u = np.asarray(axis.axis, dtype=float)
        k = int(np.argmax(np.abs(dot_rows(normals, u))))  # the edge with this axis as its normal
        edge_color = (
            theme.edge_colors[axis.feature_index % len(theme.edge_colors)]
            if axis.feature == "edge" and axis.feature_index is not None
            else theme.text
        )
        pygame.draw.line(surf, edge_color, points[k], points[(k + 1) % len(points)], view.w(4))
    _origin_and_verdict(view, box, inner, at, where)


def _origin_and_verdict(view: View, box, inner, at, where) -> None:
    """In the inset `box`: the origin, a cross labelled on the side with room for it inside
    `inner`; the MTV's arrow from the hull's nearest point to it (inside) or the dashed gap
    (outside); and the verdict in words at the inset's foot, shortened when it is too long.
    `at` maps a point of the difference to the screen; `where` is locate_origin's answer."""
    theme, surf, lay = view.theme, view.surface, view.layout
    small = lay.small
    origin = at((0.0, 0.0))
    r = view.w(5)
    pygame.draw.line(surf, theme.text, (origin[0] - r, origin[1]), (origin[0] + r, origin[1]), 2)
    pygame.draw.line(surf, theme.text, (origin[0], origin[1] - r), (origin[0], origin[1] + r), 2)
    # the label on the side of the cross with room for it (at the inset's right edge, the
    # left), so that clamping it inside never lays it over the cross
    named = view.tr("origin")
    room_right = inner.right - (origin[0] + r + 3) >= text_size(named, small)[0]
    side, anchor = (origin[0] + r + 3, "midleft") if room_right else (origin[0] - r - 3, "midright")
    view.text_px(named, (side, origin[1]), small, theme.text, anchor, inside=inner)
    nearest = at(where.nearest)
    if where.inside and where.distance > 1e-9:  # the MTV carries this point to the origin
        arrow(surf, theme.mtv, nearest, origin, view.w(2.5), view.k * 9)
        view.mark("minkowski mtv", nearest, origin)
    elif not where.inside:
        dashed(surf, theme.gap, origin, nearest, view.w(2), 5, 4)
    tr, distance = view.tr, amount(where.distance)
    verdict = (
        tr("origin inside: colliding; the MTV ({distance}) brings the edge to it")
        if where.inside
        else tr("origin outside: apart by {distance}")
    ).format(distance=distance)
    chars = view.chars(box.width - lay.pad, small)
    if len(verdict) > chars:
        verdict = (
            tr("inside: MTV {distance}") if where.inside else tr("outside: apart {distance}")
        ).format(distance=distance)
    view.text_px(
        verdict,
        (box.x + lay.pad * 0.6, box.bottom - lay.pad * 0.4),
        small,
        theme.overlap if where.inside else theme.gap,
        "bottomleft",
    )
