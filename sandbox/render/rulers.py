"""The rulers: one row per tested axis, with both projection intervals and their overlap or gap."""

from __future__ import annotations

import pygame

from ..physics.records import StepRecord
from ..scenes.base import CANVAS, SCENE_WIDTH
from .primitives import arrow
from .theme import Color, Theme
from .view import View, translucent_patch


def axis_name(axis) -> str:
    owner = axis.owner.upper()
    if axis.feature == "edge":
        return f"e{axis.feature_index} {owner}"
    if axis.feature == "closest vertex":
        return f"closest vertex v{axis.feature_index}"
    return str(axis.feature)


def _axis_color(theme: Theme, axis) -> Color:
    if axis.feature == "edge" and axis.feature_index is not None:
        return theme.edge_colors[axis.feature_index % len(theme.edge_colors)]
    return theme.text


def draw_rulers(view: View, record: StepRecord | None) -> None:
    theme = view.theme
    surf = view.surface
    s = view.s
    x0 = SCENE_WIDTH + 14
    x1 = CANVAS[0] - 14
    fs = theme.font_small
    line_h = fs + 6
    y = 10
    view.text_canvas("Projections on each axis", (x0, y), theme.font, theme.text)
    y += theme.font + 8
    if record is None or record.shown is None:
        view.text_canvas("no pair on show", (x0, y + 10), fs, theme.text_dim)
        return
    report = record.shown.report
    axes = report.axes
    skipped = len(report.skipped)
    key_y = y
    kx = x0
    for name, color in (("A", theme.shape_a), ("B", theme.shape_b)):
        pygame.draw.line(
            surf, color, view.p(kx, key_y + fs / 2), view.p(kx + 22, key_y + fs / 2), view.w(6)
        )
        r = view.text_canvas(
            name, (kx + 28, key_y), fs, theme.text_a if name == "A" else theme.text_b
        )
        kx = (r.right - view.ox) / s + 16
    for name, color in (("overlap", theme.overlap), ("gap", theme.gap)):
        pygame.draw.line(
            surf, color, view.p(kx, key_y + fs / 2), view.p(kx + 22, key_y + fs / 2), view.w(6)
        )
        r = view.text_canvas(name, (kx + 28, key_y), fs, color)
        kx = (r.right - view.ox) / s + 16
    y += line_h + 4

    footer = CANVAS[1] - 12 - line_h * 2
    available = footer - y
    min_h = fs + 6 + 20
    max_h = fs * 2 + 40
    rows = len(axes)
    shown_rows = rows
    row_h = max_h
    if rows:
        row_h = min(max_h, available / rows)
        if row_h < min_h:
            row_h = min_h
            shown_rows = max(1, int((available - line_h) // row_h))
    sep = report.separating
    mtv_axis = report.mtv_axis
    for k in range(min(rows, shown_rows)):
        _draw_ruler_row(view, axes[k], x0, x1, y, row_h, sep, mtv_axis)
        y += row_h
    if shown_rows < rows:
        view.text_canvas(f"+{rows - shown_rows} more", (x0, y + 2), fs, theme.text_dim)
    # footer: counts
    fy = CANVAS[1] - 12 - line_h * 2
    pygame.draw.line(surf, theme.divider, view.p(x0, fy - 4), view.p(x1, fy - 4), 1)
    plural = "axis" if skipped == 1 else "axes"
    view.text_canvas(
        f"{rows} tested, {skipped} parallel {plural} skipped", (x0, fy), fs, theme.text_dim
    )
    if sep is not None:
        verdict = f"{axis_name(sep)} separates: no collision"
        color = theme.gap
    else:
        verdict = "every axis overlaps: collision"
        color = theme.overlap
    view.text_canvas(verdict, (x0, fy + line_h), fs, color)


def _draw_ruler_row(view: View, axis, x0, x1, y, h, sep, mtv_axis) -> None:
    theme = view.theme
    surf = view.surface
    s = view.s
    fs = theme.font_small
    is_sep = sep is not None and axis.index == sep.index
    is_mtv = mtv_axis is not None and axis.index == mtv_axis.index
    if is_sep or is_mtv:
        hl = theme.row_highlight if is_sep else (*theme.mtv, 45)
        band = translucent_patch((round((x1 - x0 + 10) * s), max(1, round((h - 3) * s))), hl)
        surf.blit(band, view.p(x0 - 5, y))
        stripe = theme.separating if is_sep else theme.mtv
        pygame.draw.rect(
            surf, stripe, pygame.Rect(*view.p(x0 - 8, y), max(2, round(4 * s)), round((h - 3) * s))
        )
    # direction glyph: the axis as it points on screen
    cx, cy = x0 + 9, y + 3 + fs / 2
    ux, uy = axis.axis
    col = _axis_color(theme, axis)
    pygame.draw.circle(surf, theme.divider, view.p(cx, cy), 9 * s, 1)
    arrow(
        surf,
        col,
        view.p(cx - ux * 8, cy - uy * 8),
        view.p(cx + ux * 8, cy + uy * 8),
        view.w(2),
        6 * s,
    )
    name_rect = view.text_canvas(axis_name(axis), (x0 + 24, y + 3), fs, col)
    if axis.overlap < 0:
        result, rcol = f"gap {-axis.overlap:.1f}", theme.gap
    elif axis.depth > axis.overlap + 1e-9:
        # One interval inside the other: the way out is longer than the shared length.
        result, rcol = f"inside, out {axis.depth:.1f}", theme.overlap
    else:
        result, rcol = f"overlap {axis.overlap:.1f}", theme.overlap
    res_rect = view.text_canvas(result, (x1, y + 3), fs, rcol, "topright")
    tags = []
    if is_sep:
        tags.append(("SEPARATES", theme.separating))
    if is_mtv:
        tags.append(("MTV", theme.mtv))
    tx = (res_rect.left - view.ox) / s - 10
    for tag, tcol in tags:
        r = view.text_canvas(tag, (tx, y + 3), fs, tcol, "topright")
        if r.left < name_rect.right + 4:
            pass
        tx = (r.left - view.ox) / s - 8
    # the ruler
    top = y + fs + 8
    bar_h = max(6.0, min(12.0, (h - fs - 14) / 2))
    (a_lo, a_hi), (b_lo, b_hi) = axis.a_interval, axis.b_interval
    lo, hi = min(a_lo, b_lo), max(a_hi, b_hi)
    span = max(hi - lo, 1e-6)
    pad = span * 0.08
    rx0, rx1 = x0 + 4, x1 - 4

    def xt(t):
        return rx0 + (t - (lo - pad)) / (span + 2 * pad) * (rx1 - rx0)

    base = top + bar_h * 2 + 2
    pygame.draw.line(surf, theme.ruler, view.p(rx0, base), view.p(rx1, base), 1)
    if axis.overlap < 0:
        g_lo, g_hi = (a_hi, b_lo) if a_hi <= b_lo else (b_hi, a_lo)
        seg_col, s_lo, s_hi = theme.gap, g_lo, g_hi
    else:
        seg_col, s_lo, s_hi = theme.overlap, max(a_lo, b_lo), min(a_hi, b_hi)
    band = pygame.Surface(
        (max(1, round((xt(s_hi) - xt(s_lo)) * s)), max(1, round((bar_h * 2 + 4) * s))),
        pygame.SRCALPHA,
    )
    band.fill((*seg_col, 90))
    surf.blit(band, view.p(xt(s_lo), top - 1))
    for t_lo, t_hi, color, yy in (
        (a_lo, a_hi, theme.shape_a, top),
        (b_lo, b_hi, theme.shape_b, top + bar_h + 1),
    ):
        r = pygame.Rect(
            *view.p(xt(t_lo), yy),
            max(1, round((xt(t_hi) - xt(t_lo)) * s)),
            max(1, round((bar_h - 1) * s)),
        )
        pygame.draw.rect(surf, color, r)
    pygame.draw.line(surf, seg_col, view.p(xt(s_lo), base), view.p(xt(s_hi), base), view.w(4))
    for t in (s_lo, s_hi):
        pygame.draw.line(
            surf, seg_col, view.p(xt(t), top - 2), view.p(xt(t), base + 2), view.w(1.5)
        )
