"""The separating axis (or the MTV's axis) across the scene, with both shapes dropped onto it."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pygame

from ..core.geometry import Polygon
from ..core.portable import dot_rows
from .layout import WORLD_SIZE
from .overlays import Overlays
from .primitives import dashed, mix
from .view import KEY_LABEL, MEASURE, View
from .words import LABEL, amount, axis_name


def _extremes(shape, u) -> tuple[np.ndarray, np.ndarray]:
    """The points of `shape` that project to its min and max on unit axis u."""
    u = np.asarray(u, dtype=float)
    if isinstance(shape, Polygon):
        v = np.asarray(shape.vertices)
        d = dot_rows(v, u)
        return v[int(np.argmin(d))], v[int(np.argmax(d))]
    c = np.asarray(shape.position)
    return c - u * shape.radius, c + u * shape.radius


@dataclass(frozen=True)
class _AxisLine:
    """Where the axis is drawn: through the points t * u + c * w (u the unit axis, w its
    normal, c the offset beside the shapes), `side` (+1 or -1) the side of the shapes it
    lies on, so that a positive `off` moves away from them."""

    view: View
    u: np.ndarray
    w: np.ndarray
    c: float
    side: float

    def at(self, t, off=0.0):
        """The canvas point of the axis at `t`, `off` world units off it (away from the
        shapes when positive)."""
        return self.view.p(*(t * self.u + (self.c + self.side * off) * self.w))


def _margin_of(point) -> float:
    """How far a world point lies inside the scene (10 px in from its edges), at most 60."""
    x, y = point
    return min(x - 10, WORLD_SIZE[0] - 10 - x, y - 10, WORLD_SIZE[1] - 10 - y, 60.0)


def _axis_offset(u, w, wa, wb, lo_t: float, hi_t: float) -> float:
    """The offset c (along w) at which to draw the axis: beside the pair, not across a
    shape, with its ends and middle inside the scene, the best of a few candidates. `wa`
    and `wb` are the shapes' intervals on w, lo_t..hi_t their joint interval on u."""
    mid_t = (lo_t + hi_t) / 2
    w_lo, w_hi = min(wa[0], wb[0]), max(wa[1], wb[1])
    margin = 40.0

    def score(c: float) -> float:
        ends = [lo_t * u + c * w, hi_t * u + c * w, mid_t * u + c * w]
        crossing = 25.0 if w_lo < c < w_hi else 0.0  # the axis would cross a shape
        near = min(abs(c - e) for e in (*wa, *wb))
        return min(_margin_of(p) for p in ends) - crossing - 0.05 * near

    candidates = [w_hi + margin, w_lo - margin, w_hi + 2.5 * margin, w_lo - 2.5 * margin]
    # A huge body (a floor) leaves no room beside the pair: then try beside each shape,
    # and the offsets that keep the middle of the drawing inside the scene.
    candidates += [wa[1] + margin, wa[0] - margin, wb[1] + margin, wb[0] - margin]
    c_lo, c_hi = -math.inf, math.inf
    for k, (lo_k, hi_k) in enumerate(((40.0, WORLD_SIZE[0] - 40.0), (40.0, WORLD_SIZE[1] - 40.0))):
        if abs(w[k]) > 1e-9:
            e0, e1 = sorted(((lo_k - mid_t * u[k]) / w[k], (hi_k - mid_t * u[k]) / w[k]))
            c_lo, c_hi = max(c_lo, e0), min(c_hi, e1)
    if c_lo <= c_hi:
        candidates += [min(max(c, c_lo), c_hi) for c in candidates[:2]]
    return max(candidates, key=score)


def draw_axis_projection(
    view: View,
    shown,
    axis,
    overlays: Overlays,
    separating: bool,
    every_vertex: bool = False,
    swept=None,
) -> None:
    """The classic picture: the axis beside the shapes, both projections dropped onto it,
    the gap (or overlap) highlighted, and the separating line across the middle of the gap.
    `every_vertex` (the step-through) drops every vertex, faint, and rings the min and max."""
    theme = view.theme
    surf = view.surface
    u = np.asarray(axis.axis, dtype=float)
    w = np.array([-u[1], u[0]])
    a_shape, b_shape = shown.a_shape, shown.b_shape
    wa, wb = a_shape.project(w), b_shape.project(w)
    w_lo, w_hi = min(wa[0], wb[0]), max(wa[1], wb[1])
    (a_lo, a_hi), (b_lo, b_hi) = axis.a_interval, axis.b_interval
    lo_t, hi_t = min(a_lo, b_lo), max(a_hi, b_hi)
    c = _axis_offset(u, w, wa, wb, lo_t, hi_t)
    side = 1.0 if c >= (w_lo + w_hi) / 2 else -1.0
    line = _AxisLine(view, u, w, c, side)
    at = line.at
    thin = view.w(theme.thin)
    thick = view.w(theme.line * 2.2)
    # the axis itself, across the scene
    pygame.draw.line(
        surf, theme.separating if separating else theme.ruler, at(-3000), at(3000), thin
    )
    # the projections dropped onto it
    for shape, color in ((a_shape, theme.shape_a), (b_shape, theme.shape_b)):
        _drop(view, line, shape, color, every_vertex)
    off = 5.0
    pygame.draw.line(surf, theme.shape_a, at(a_lo, -off), at(a_hi, -off), thick)
    view.mark("axis", at(0.0), at(1.0))
    view.mark("A interval", at(a_lo, -off), at(a_hi, -off))
    view.mark("B interval", at(b_lo, off), at(b_hi, off))
    if swept is not None:  # tutorial 003: A's shadow over the whole step (dashed: moving)
        s_lo, s_hi = swept
        dashed(surf, theme.sweep, at(s_lo, -3 * off), at(s_hi, -3 * off), thick, 8, 4)
    pygame.draw.line(surf, theme.shape_b, at(b_lo, off), at(b_hi, off), thick)
    if axis.overlap < 0:
        _draw_gap(view, line, axis, separating and overlays.show_separating_axis, lo_t, hi_t)
    else:
        o_lo, o_hi = max(a_lo, b_lo), min(a_hi, b_hi)
        pygame.draw.line(surf, theme.overlap, at(o_lo), at(o_hi), view.w(theme.line * 3.2))
        _measure(
            view,
            line,
            view.tr("overlap") + " " + amount(axis.overlap),
            (o_lo + o_hi) / 2,
            theme.overlap,
        )


def _drop(view: View, line: _AxisLine, shape, color, every_vertex: bool) -> None:
    """A shape dropped onto the axis: dashed lines from its two extreme points (its min and
    max on the axis); with `every_vertex`, every vertex dropped faint and the extremes
    ringed."""
    theme, surf, u, at = view.theme, view.surface, line.u, line.at
    thin = view.w(theme.thin)
    if every_vertex and isinstance(shape, Polygon):
        faint = mix(color, theme.background, 0.65)
        for point in np.asarray(shape.vertices):
            t = float(dot_rows(point, u))
            dashed(surf, faint, view.p(*point), at(t), thin, 2, 4)
            pygame.draw.circle(surf, faint, at(t), view.w(2.5))
    for point in _extremes(shape, u):
        if every_vertex:
            pygame.draw.circle(surf, color, view.p(*point), view.w(7), thin)
            pygame.draw.circle(surf, color, at(float(dot_rows(point, u))), view.w(4))
        t = float(dot_rows(point, u))
        dashed(surf, mix(color, theme.background, 0.3), view.p(*point), at(t), thin, 5, 5)


def _draw_gap(view: View, line: _AxisLine, axis, separating_line: bool, lo_t, hi_t) -> None:
    """The gap on the axis, a dashed bracket (an overlap is a solid bar: line style as well
    as colour) with its figure; with `separating_line`, the separating line across the
    middle of the gap, perpendicular to the axis, and its label beyond one end of the
    axis's drawing (lo_t..hi_t)."""
    theme, surf, at = view.theme, view.surface, line.at
    u, w, c, side = line.u, line.w, line.c, line.side
    (a_lo, a_hi), (b_lo, b_hi) = axis.a_interval, axis.b_interval
    g_lo, g_hi = (a_hi, b_lo) if a_hi <= b_lo else (b_hi, a_lo)
    dashed(surf, theme.gap, at(g_lo), at(g_hi), view.w(theme.line * 1.6), 7, 5)
    for t in (g_lo, g_hi):
        pygame.draw.line(surf, theme.gap, at(t, -14), at(t, 14), view.w(theme.line))
    g_mid = (g_lo + g_hi) / 2
    _measure(view, line, view.tr("gap") + " " + amount(axis.overlap), g_mid, theme.gap)
    if not separating_line:
        return
    p = view.p(*(g_mid * u + (c - 3000 * side) * w))
    q = view.p(*(g_mid * u + (c + 3000 * side) * w))
    dashed(surf, theme.separating, p, q, view.w(theme.line), 14, 8)
    name = axis_name(axis, LABEL, view.tr)
    spots = [
        lo_t * u - 120 * u + (c + side * 22) * w,
        hi_t * u + 120 * u + (c + side * 22) * w,
    ]
    tag = max(spots, key=_margin_of)
    view.label(
        view.tr("separating axis ({name})").format(name=name),
        [(tag, "center"), *[(p, "center") for p in spots if p is not tag]],
        theme.font_small,
        theme.separating,
        KEY_LABEL,
    )


def _label_off(view: View, line: _AxisLine, text: str) -> float:
    """How far off the axis (canvas px) a centred label must sit to clear the bars."""
    theme, w = view.theme, line.w
    px_to_world = view.k / view.s  # labels are sized in pixels, the axis in world units
    half_w = len(text) * theme.font_small * 0.602 / 2 * px_to_world
    half_h = theme.font_small * 0.6 * px_to_world
    return 12 * px_to_world + half_w * abs(w[0]) + half_h * abs(w[1])


def _measure(view: View, line: _AxisLine, text: str, mid: float, color) -> None:
    """A gap or overlap figure beside the middle of its stretch, either side of the axis."""
    u, w, c, side = line.u, line.w, line.c, line.side
    off = _label_off(view, line, text)
    view.label(
        text,
        [(mid * u + (c + sign * side * off) * w, "center") for sign in (1.0, -1.0)],
        view.theme.font_small,
        color,
        MEASURE,
    )
