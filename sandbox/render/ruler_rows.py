"""One row of the rulers: a tested axis's direction, name and verdict, both projection
intervals as bars on the rulers' common scale with round ticks under them, the overlap
(hatched) or the gap (a dashed bracket), and, in a full row, each interval's min and max.

rulers.py lays the rows out (the key, which rows fit, the footer); this module draws one.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ..core.locales import N_
from .language import ENGLISH_WORDS, Language
from .primitives import arrow, dashed, hatch_rect
from .theme import Color, Theme
from .view import View, text_size
from .words import LABEL, amount, axis_name


def _axis_color(theme: Theme, axis) -> Color:
    """An edge's axis in its edge's colour; any other axis in the text colour."""
    if axis.feature == "edge" and axis.feature_index is not None:
        return theme.edge_colors[axis.feature_index % len(theme.edge_colors)]
    return theme.text


def _fmt(v: float) -> str:
    """One decimal, never "-0.0" (a value that rounds to zero is printed as 0.0)."""
    return f"{round(v, 1) + 0.0:.1f}"


def gap_bracket(view: View, xa: float, xb: float, yc: float, height: float) -> None:
    """The gap's mark: a dashed line from `xa` to `xb` at height `yc`, closed at both
    ends by a bar `height` pixels tall."""
    theme = view.theme
    wid = view.w(2)
    dashed(
        view.surface,
        theme.gap,
        (xa, yc),
        (xb, yc),
        wid,
        max(3, height * 0.5),
        max(2, height * 0.35),
    )
    for x in (xa, xb):
        pygame.draw.line(view.surface, theme.gap, (x, yc - height / 2), (x, yc + height / 2), wid)


def draw_row(
    view, axis, bx0, bx1, x0, x1, y, full, bh, ppu, step, sep, mtv_axis, state="done"
) -> None:
    """Draw `axis`'s row with its top at `y`, its words between `x0` and `x1` and its bars
    between `bx0` and `bx1` at `ppu` pixels per unit with ticks every `step` units; `full`
    adds the min and max; `sep` and `mtv_axis` (or None) are the axes tagged as deciding;
    `state` is the step-through's ("pending" and "untested" rows show a name and no bars)."""
    theme = view.theme
    lay = view.layout
    body, small = lay.panel_sizes
    line, sline = text_size("Ag", body)[1] + 1, lay.line(small)
    is_sep = sep is not None and axis.index == sep.index
    is_mtv = mtv_axis is not None and axis.index == mtv_axis.index
    row_h = line + 2 * bh + round(lay.pad * 0.9) + (2 * sline if full else 0)
    _frame_row(view, x0, x1, y, row_h, is_sep, is_mtv, state)
    # the axis direction as it points on screen, then its name, tag and result
    g = body * 0.45
    cx, cy = x0 + g, y + line / 2
    col = _axis_color(theme, axis)
    _axis_glyph(view, axis, col, cx, cy, g)
    if state in ("pending", "untested"):
        # not reached yet, or never reached (the early exit): a name and no bars
        name = axis_name(axis, LABEL, view.tr)
        view.text_px(name, (x0 + 2.4 * g, cy), body, theme.text_dim, "midleft")
        words = view.tr("not tested") if state == "untested" else view.tr("not yet")
        view.text_px(words, (x1, cy), body, theme.text_dim, "midright")
        return
    _row_words(view, axis, x0 + 2.4 * g, x1, cy, col, is_sep, is_mtv)
    # the bars on the common scale, centred on this row's middle
    (a_lo, a_hi), (b_lo, b_hi) = axis.a_interval, axis.b_interval
    mid = (min(a_lo, b_lo) + max(a_hi, b_hi)) / 2
    xc = (bx0 + bx1) / 2

    def xt(t):
        return xc + (t - mid) * ppu

    top = y + line + (sline if full else 0)
    ya, yb = top, top + bh + 1
    base = yb + bh + 2
    _ticks(view, bx0, bx1, xc, mid, ppu, step, base, bh, xt)
    _bars(view, axis, xt, ya, yb, base, bh, ppu)
    if full:
        _min_max(view, axis, xt, x0, x1, ya, base)


def _frame_row(view, x0, x1, y, row_h, is_sep: bool, is_mtv: bool, state: str) -> None:
    """The row that decides (or the step-through's current one): a stripe at its left and
    a frame around it, never a tint behind its words (a tint took the row's coloured
    words under 4.5:1, WCAG's least for text: 3.65 in the dark theme). Other rows: nothing."""
    theme, lay, surf = view.theme, view.layout, view.surface
    marked = theme.separating if is_sep else theme.mtv if is_mtv else None
    if marked is None and state == "current":
        marked = theme.text
    if marked is not None:
        frame = pygame.Rect(round(x0 - lay.pad), y, round(x1 - x0 + lay.pad * 1.5), row_h - 2)
        pygame.draw.rect(surf, marked, frame, view.w(1.5))
        pygame.draw.rect(surf, marked, pygame.Rect(frame.x, y, view.w(4), row_h - 2))


def _axis_glyph(view, axis, col: Color, cx: float, cy: float, g: float) -> None:
    """The axis's direction as it points on screen: an arrow of half-length 0.85 `g` in a
    circle of radius `g` centred at (`cx`, `cy`)."""
    surf = view.surface
    ux, uy = axis.axis
    pygame.draw.circle(surf, view.theme.divider, (cx, cy), g, 1)
    arrow(
        surf,
        col,
        (cx - ux * g * 0.85, cy - uy * g * 0.85),
        (cx + ux * g * 0.85, cy + uy * g * 0.85),
        view.w(2),
        g * 0.7,
    )


def overlap_words(overlap: float, tr: Language = ENGLISH_WORDS) -> str:
    """Two shadows' overlap in words, by the core's touching rule: "gap 3.2", "touching"
    (the shadows just meet: never "overlap 0.0") or "overlap 3.2". The 2D rulers' rows
    and the 3D panel's rows both say it this way."""
    if overlap < 0:
        return tr("gap") + " " + amount(overlap)
    if overlap == 0.0:
        return tr("touching")
    return tr("overlap") + " " + amount(overlap)


def _result(theme: Theme, axis, tr: Language = ENGLISH_WORDS) -> tuple[str, Color]:
    """A tested row's verdict in words (`overlap_words`, or inside: the depth to get
    out), and their colour."""
    if axis.overlap < 0:
        return overlap_words(axis.overlap, tr), theme.gap
    if axis.overlap == 0.0:
        return overlap_words(axis.overlap, tr), theme.text
    if axis.depth > axis.overlap + 1e-9:
        return tr("inside, out ") + amount(axis.depth), theme.overlap
    return overlap_words(axis.overlap, tr), theme.overlap


def _row_words(view, axis, name_x, x1, cy, col: Color, is_sep: bool, is_mtv: bool) -> None:
    """A tested row's line of words, centred on `cy`: its name from `name_x`, its verdict
    ending at `x1`, and between them its tag ("separates", "MTV") when it fits."""
    theme, lay = view.theme, view.layout
    body, small = lay.panel_sizes
    result, rcol = _result(theme, axis, view.tr)
    label = axis_name(axis, LABEL, view.tr)
    name, result = fitted(label, result, x1 - name_x, body, view.tr, _shorter(axis, label, view.tr))
    name_rect = view.text_px(name, (name_x, cy), body, col, "midleft")
    res_rect = view.text_px(result, (x1, cy), body, rcol, "midright")
    tag = view.tr("separates") if is_sep else ("MTV" if is_mtv else "")
    if tag:
        tw = text_size(tag, small)[0]
        if res_rect.left - tw - lay.pad >= name_rect.right + lay.pad:
            view.text_px(
                tag,
                (res_rect.left - lay.pad, cy),
                small,
                theme.separating if is_sep else theme.mtv,
                "midright",
            )


def _ticks(view, bx0, bx1, xc, mid, ppu, step, base, bh, xt: Callable) -> None:
    """The ruler's base line at `base` from `bx0` to `bx1`, with a tick at every multiple
    of `step` across it (`xt`: a value's x on the row's scale, centred on `mid` at `xc`)."""
    surf, theme = view.surface, view.theme
    first = math.ceil((mid - (xc - bx0) / ppu) / step)
    last = math.floor((mid + (bx1 - xc) / ppu) / step)
    pygame.draw.line(surf, theme.ruler, (bx0, base), (bx1, base), 1)
    for k in range(first, last + 1):
        tx = round(xt(k * step))
        pygame.draw.line(surf, theme.ruler, (tx, base), (tx, base + max(3, bh * 0.8)), 1)


def _bars(view, axis, xt: Callable, ya, yb, base, bh, ppu) -> None:
    """A's bar at `ya` and B's at `yb`, their marks for the tests (the bars before rounding,
    and the row's pixels per unit as a point's x), then the gap's bracket or the overlap's
    hatched box across both bars down to the base line."""
    surf, theme = view.surface, view.theme
    small = view.layout.panel_sizes[1]
    (a_lo, a_hi), (b_lo, b_hi) = axis.a_interval, axis.b_interval
    for lo, hi, color, yy in ((a_lo, a_hi, theme.shape_a, ya), (b_lo, b_hi, theme.shape_b, yb)):
        rect = pygame.Rect(round(xt(lo)), yy, max(1, round(xt(hi)) - round(xt(lo))), bh)
        pygame.draw.rect(surf, color, rect)
    view.mark(f"ruler {axis.index}", (xt(a_lo), ya), (xt(a_hi), ya), (xt(b_lo), yb), (xt(b_hi), yb))
    view.mark(f"ruler {axis.index} scale", (ppu, 0.0))
    if axis.overlap < 0:
        g_lo, g_hi = (a_hi, b_lo) if a_hi <= b_lo else (b_hi, a_lo)
        gap_bracket(view, xt(g_lo), xt(g_hi), (ya + base) / 2, base - ya + 4)
    else:
        o_lo, o_hi = max(a_lo, b_lo), min(a_hi, b_hi)
        box = pygame.Rect(
            round(xt(o_lo)), ya - 2, max(1, round(xt(o_hi) - xt(o_lo))), base - ya + 4
        )
        hatch_rect(surf, theme.overlap, box, view.w(1.5), max(3, round(small * 0.3)))
        pygame.draw.rect(surf, theme.overlap, box, view.w(1.5))


def _min_max(view, axis, xt: Callable, x0, x1, ya, base) -> None:
    """Min and max of both intervals: A's above its bar, B's below its bar, a space apart;
    outside a bar's ends when the bar is short, at the row's edges when even that won't do."""
    theme, lay = view.theme, view.layout
    small = lay.panel_sizes[1]
    (a_lo, a_hi), (b_lo, b_hi) = axis.a_interval, axis.b_interval
    space = text_size(" ", small)[0]
    for lo, hi, color, yy, anchor_lo, anchor_hi in (
        (a_lo, a_hi, theme.text_a, ya - 1, "bottomleft", "bottomright"),
        (b_lo, b_hi, theme.text_b, base + 2, "topleft", "topright"),
    ):
        lo_t, hi_t = _fmt(lo), _fmt(hi)
        wl, wh = text_size(lo_t, small)[0], text_size(hi_t, small)[0]
        xl, xh = xt(lo), xt(hi)
        if xh - xl < wl + wh + lay.pad:  # a short bar: the numbers go outside its ends
            anchor_lo = anchor_lo.replace("left", "right")
            anchor_hi = anchor_hi.replace("right", "left")
            xl, xh = xl - 3, xh + 3
        r_lo = pygame.Rect(0, 0, wl, 1)
        setattr(r_lo, anchor_lo.replace("bottom", "").replace("top", "") or "left", round(xl))
        r_hi = pygame.Rect(0, 0, wh, 1)
        setattr(r_hi, anchor_hi.replace("bottom", "").replace("top", "") or "left", round(xh))
        if r_lo.left < x0 or r_hi.right > x1 or r_lo.right + space > r_hi.left:
            # no room at the bar's ends: print both at the row's edges
            view.text_px(
                f"{lo_t} .. {hi_t}", (x0, yy), small, color, anchor_lo.replace("right", "left")
            )
            continue
        view.text_px(lo_t, (xl, yy), small, color, anchor_lo)
        view.text_px(hi_t, (xh, yy), small, color, anchor_hi)


# Shorter forms, by rule, for a row whose axis name and result would run together, in
# this order: the result's "inside, out 12.3" -> "out 12.3", then the name (`_shorter`).
_SHORTER = (("result", N_("inside, out "), N_("out ")),)


def _shorter(axis, label: str, tr: Language) -> tuple:
    """A row's steps: the result's words, then its whole label, translated, for shorter
    ones (a translation may put an axis's words anywhere in it): "centre line" ->
    "centres" -> "A–B" (the line through A's and B's centres), "closest v3" -> "v3"."""
    if axis.feature == "centres":
        return (*_SHORTER, ("name", label, tr("centres")), ("name", tr("centres"), "A–B"))
    if axis.feature == "closest vertex":
        return (*_SHORTER, ("name", label, f"v{axis.feature_index}"))
    return _SHORTER


def fitted(
    name: str, result: str, width: float, px: int, tr: Language = ENGLISH_WORDS, shorter=_SHORTER
) -> tuple[str, str]:
    """The name and the result of a row, shortened by `shorter`'s steps (part, long, short),
    in order, until a space's width parts them; `tr` translates a result's words (a name's
    steps come in the row's language)."""
    space = text_size(" ", px)[0]
    for part, long, short in shorter:
        if text_size(name, px)[0] + space + text_size(result, px)[0] <= width:
            break
        if part == "result":
            result = result.replace(tr(long), tr(short))
        else:
            name = name.replace(long, short)
    return name, result
