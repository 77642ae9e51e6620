"""The rulers: one row per tested axis with both projection intervals on ONE common scale
(the same pixels per unit in every row, so lengths compare across rows), tick marks at a
round step, min and max printed for both intervals (tutorial 000's number line), and the
overlap (hatched) or gap (dashed bracket) between them: pattern and words, not colour alone.
"""

from __future__ import annotations

import math

import pygame

from ..core.walk import walkthrough
from ..physics.records import StepRecord
from .primitives import arrow, dashed, hatch_rect
from .theme import Color, Theme
from .view import View, text_size
from .words import amount, wrap


def axis_name(axis) -> str:
    owner = axis.owner.upper()
    if axis.feature == "edge":
        return f"e{axis.feature_index} {owner}"
    if axis.feature == "closest vertex":
        return f"closest v{axis.feature_index}"
    if axis.feature == "centres":
        return "centre line"
    return str(axis.feature)


def _axis_color(theme: Theme, axis) -> Color:
    if axis.feature == "edge" and axis.feature_index is not None:
        return theme.edge_colors[axis.feature_index % len(theme.edge_colors)]
    return theme.text


def nice_step(raw: float) -> float:
    """The smallest of 1, 2, 5 x 10^n at or above `raw`."""
    if raw <= 0:
        return 1.0
    e = float(f"1e{f'{raw:.16e}'.split('e')[1]}")  # 10^floor(log10 raw), by the decimal digits
    for m in (1, 2, 5, 10):
        if m * e >= raw - 1e-12:
            return m * e
    return 10 * e


def ruler_scale(axes, width: float, min_tick_px: float) -> tuple[float, float]:
    """One scale for every row: pixels per unit so that the widest row (both intervals)
    fills `width` with 2% to spare each side; ticks at a round step at least
    `min_tick_px` apart."""
    span = max(
        max(a.a_interval[1], a.b_interval[1]) - min(a.a_interval[0], a.b_interval[0]) for a in axes
    )
    ppu = width / max(span * 1.04, 1e-6)
    return ppu, nice_step(min_tick_px / ppu)


def _fmt(v: float) -> str:
    """One decimal, never "-0.0" (a value that rounds to zero is printed as 0.0)."""
    return f"{round(v, 1) + 0.0:.1f}"


def _walk_rows(shown, walk: int | None) -> tuple[dict[int, str], bool, bool]:
    """Step-through: each tested axis's row state ("current", "done", "pending" or
    "untested"), and whether the separating tag and the MTV tag may show yet."""
    if walk is None:
        return {}, True, True
    steps = walkthrough(shown.report)
    k = min(max(walk, 0), len(steps) - 1)  # as walk.current_step clamps it
    states = {axis.index: "pending" for axis in shown.report.axes}
    for step in steps[: k + 1]:
        if step.kind == "test":
            states[step.axis.index] = "done"
        for axis in step.untested:
            states[axis.index] = "untested"
    step = steps[k]
    if step.kind in ("test", "skip") and step.axis is not None:
        states[step.axis.index] = "current"
    return states, step.stop and step.kind == "test", step.kind == "result"


def _heights(view: View) -> tuple[int, int, int, int]:
    """The rulers' heights in pixels: the key's line, a compact row (name and bars), a
    full row (with its min and max) and the footer."""
    lay = view.layout
    body, small = lay.panel_sizes
    sline = lay.line(small)
    bh = max(4, round(small * 0.45))
    compact_h = text_size("Ag", body)[1] + 1 + 2 * bh + round(lay.pad * 0.9)
    key_h = sline + round(lay.pad * 0.3)
    return key_h, compact_h, compact_h + 2 * sline, lay.line(body) + lay.pad


def rulers_height(view: View, record: StepRecord | None) -> int:
    """The least height in pixels that draws every row of the pair's rulers (compact)
    with the key and the footer: what the right column must leave free for all the
    evidence to show."""
    if record is None or record.shown is None:
        return 0
    key_h, compact_h, _, footer_h = _heights(view)
    return key_h + len(record.shown.report.axes) * compact_h + footer_h


def draw_rulers(view: View, record: StepRecord | None, top: int, walk: int | None = None) -> None:
    theme = view.theme
    lay = view.layout
    surf = view.surface
    panel = view.panel_rect
    pad = lay.pad
    x0 = panel.x + pad * 1.5
    x1 = panel.right - pad * 1.5
    body, small = lay.panel_sizes
    line, sline = lay.line(body), lay.line(small)
    y = top
    if record is None or record.shown is None:
        view.text_px("no pair on show", (x0, y), body, theme.text_dim)
        return
    report = record.shown.report
    axes = report.axes
    # the key: what the marks mean (pattern as well as colour)
    kx = x0
    sw = round(small * 1.3)
    for name, kind in (("A", "a"), ("B", "b"), ("overlap", "overlap"), ("gap", "gap")):
        if kx + sw + pad * 0.5 + text_size(name, small)[0] > x1:
            break  # a narrow column: the key's last marks give way (the rows still read)
        box = pygame.Rect(round(kx), round(y + sline * 0.2), sw, round(sline * 0.6))
        if kind == "a":
            pygame.draw.rect(surf, theme.shape_a, box)
        elif kind == "b":
            pygame.draw.rect(surf, theme.shape_b, box)
        elif kind == "overlap":
            hatch_rect(surf, theme.overlap, box, view.w(1.5), max(3, round(small * 0.3)))
            pygame.draw.rect(surf, theme.overlap, box, view.w(1.5))
        else:
            _gap_bracket(view, box.left, box.right, box.centery, box.height)
        color = {"a": theme.text_a, "b": theme.text_b}.get(kind, getattr(theme, kind, theme.text))
        r = view.text_px(name, (box.right + pad * 0.5, y), small, color)
        kx = r.right + pad * 1.2
    # one common scale: the widest row fits the bar width
    bar_x0, bar_x1 = x0 + pad * 0.5, x1 - pad * 0.5
    ppu, step = ruler_scale(axes, bar_x1 - bar_x0, small * 3.2)
    ticks = f"ticks {step:g}"
    if kx + text_size(ticks, small)[0] <= x1:
        view.text_px(ticks, (x1, y), small, theme.text_dim, "topright")
    key_h, compact_h, full_h, footer_h = _heights(view)
    y += key_h
    bottom = panel.bottom - footer_h
    bh = max(4, round(small * 0.45))
    line = text_size("Ag", body)[1] + 1
    states, show_sep, show_mtv = _walk_rows(record.shown, walk)
    sep = report.separating if show_sep else None
    mtv_axis = report.mtv_axis if show_mtv else None
    focus = sep.index if sep is not None else (mtv_axis.index if mtv_axis is not None else -1)
    current = next((i for i, state in states.items() if state == "current"), None)
    focus = current if current is not None else focus
    n = len(axes)
    available = bottom - y
    if n * full_h <= available:
        heights = [full_h] * n
    else:
        heights = [full_h if a.index == focus else compact_h for a in axes]
        if sum(heights) > available:
            heights = [compact_h] * n
    # as many rows as fit, in test order; the row that decides (gap or MTV) always among them.
    # When they do not all fit, the footer's room goes to the rows and to a "+N more" line
    # in the rows' own print that says what the rows left out show.
    order = list(range(n))
    more: list[str] = []
    if sum(heights) > available:
        available += footer_h
        while order:
            left_out = [axes[k] for k in range(n) if k not in order]
            more = _more_lines(view, left_out, n, states, x1 - x0) if left_out else []
            if sum(heights[k] for k in order) + len(more) * lay.line(body) <= available:
                break
            drop = next((k for k in reversed(order) if axes[k].index != focus), order[-1])
            order.remove(drop)
    for k in order:
        axis, h = axes[k], heights[k]
        state = states.get(axis.index, "done")
        _draw_row(
            view, axis, bar_x0, bar_x1, x0, x1, y, h == full_h, bh, ppu, step, sep, mtv_axis, state
        )
        y += h
    if len(order) == n and report.skipped:
        _draw_skipped(view, report, x0, x1, y + sline * 0.3, bottom)
    if len(order) < n:
        for part in more:
            view.text_px(part, (x0, y), body, theme.text_dim)
            y += lay.line(body)
        return
    # footer: counts, in plain words
    fy = bottom + pad * 0.5
    pygame.draw.line(surf, theme.divider, (x0, fy - pad * 0.3), (x1, fy - pad * 0.3), 1)
    focus_row = next((k for k in range(n) if axes[k].index == focus), None)
    if focus_row is not None and heights[focus_row] != full_h:
        # no room for numbers in the rows: the deciding row's min and max go here instead
        axis = axes[focus_row]
        (a_lo, a_hi), (b_lo, b_hi) = axis.a_interval, axis.b_interval

        def numbers(d: int, named: bool):
            parts = [
                (f"A {a_lo + 0.0:.{d}f}..{a_hi + 0.0:.{d}f}", theme.text_a),
                (f"B {b_lo + 0.0:.{d}f}..{b_hi + 0.0:.{d}f}", theme.text_b),
            ]
            return [(f"{axis_name(axis)}:", theme.text_dim)] * named + parts

        for parts in (numbers(1, True), numbers(0, True), numbers(0, False)):
            if sum(text_size(t + " ", small)[0] for t, _ in parts) <= x1 - x0:
                fx = x0
                for text, color in parts:
                    r = view.text_px(text, (fx, fy + (line - sline) / 2), small, color)
                    fx = r.right + text_size(" ", small)[0]
                return
    skipped = len(report.skipped)
    chars = view.chars(x1 - x0, body)
    words = f"{n} axes" if n != 1 else "1 axis"
    if states:  # step-through: how far the walk has come
        done = sum(1 for state in states.values() if state in ("done", "current"))
        words = f"{done} of {words} tested"
        if any(state == "untested" for state in states.values()):
            words += ": early exit"
        words = _first_fit((words, words.replace(": early exit", ", exit")), chars)
        view.text_px(words, (x0, fy), body, theme.text_dim)
        return
    if skipped and all(k.feature == "centres" for k in report.skipped):
        words += ": centre to centre"
    elif skipped:
        words = _first_fit(
            (f"{words}, {skipped} repeats skipped", f"{words}, {skipped} skipped"), chars
        )
    else:
        words += " tested"
    view.text_px(_fit(words, chars), (x0, fy), body, theme.text_dim)


def _draw_skipped(view: View, report, x0: float, x1: float, y: float, bottom: float) -> None:
    """Under the rows, when there is room: the parallel axes SAT skips, and what each
    repeats (drawn dashed and grey in the scene)."""
    by_index = {axis.index: axis for axis in report.axes}
    names = [
        f"e{s.feature_index} {s.owner.upper()} (as {axis_name(by_index[s.parallel_to])})"
        for s in report.skipped
        if s.feature == "edge" and s.parallel_to in by_index
    ]
    if not names:
        return
    small = view.layout.panel_sizes[1]
    lines = wrap(
        "Not tested, parallel to an axis above: " + ", ".join(names) + ".",
        view.chars(x1 - x0, small),
    )
    step = view.layout.line(small)
    if y + step * len(lines) > bottom:
        return
    for part in lines:
        view.text_px(part, (x0, y), small, view.theme.text_dim)
        y += step


def _more_lines(view: View, left_out, n: int, states: dict[int, str], width: float) -> list[str]:
    """The "+N more" line for rows not drawn, wrapped to the column at the rows' size:
    how many, and what they show ("+4 more: all overlap (U: see all)")."""
    body = view.layout.panel_sizes[0]
    chars = view.chars(width, body)
    verdicts = _verdicts(left_out, states)
    said = f"+{len(left_out)} more of {n}: {verdicts}"
    short = f"+{len(left_out)} more: {verdicts}"
    for words in (f"{said} (U: see all)", f"{said} (U: all)", said, f"{short} (U: all)", short):
        if len(words) <= chars:
            return [words]
    return wrap(said, chars)  # two lines rather than a verdict cut


def _row_word(axis, state: str) -> str:
    """A row's verdict in one word or two, as the row itself would say it."""
    if state in ("pending", "untested"):
        return "not tested" if state == "untested" else "not yet"
    if axis.overlap < 0:
        return "gap"
    if axis.overlap == 0.0:
        return "touching"
    return "inside" if axis.depth > axis.overlap + 1e-9 else "overlap"


def _verdicts(axes, states: dict[int, str]) -> str:
    """The verdicts of rows not drawn, counted in test order: "all overlap", "2 overlap,
    1 not tested"."""
    counts: dict[str, int] = {}
    for axis in axes:
        word = _row_word(axis, states.get(axis.index, "done"))
        counts[word] = counts.get(word, 0) + 1
    if len(counts) == 1:
        return f"all {next(iter(counts))}"
    return ", ".join(f"{count} {word}" for word, count in counts.items())


def _first_fit(wordings: tuple[str, ...], chars: int) -> str:
    """The first of `wordings` (longest first, the same meaning) that fits `chars`."""
    return next((words for words in wordings if len(words) <= chars), _fit(wordings[-1], chars))


def _fit(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[: max(1, chars - 1)] + "…"


def _gap_bracket(view: View, xa: float, xb: float, yc: float, height: float) -> None:
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


def _draw_row(
    view, axis, bx0, bx1, x0, x1, y, full, bh, ppu, step, sep, mtv_axis, state="done"
) -> None:
    theme = view.theme
    lay = view.layout
    surf = view.surface
    body, small = lay.panel_sizes
    line, sline = text_size("Ag", body)[1] + 1, lay.line(small)
    is_sep = sep is not None and axis.index == sep.index
    is_mtv = mtv_axis is not None and axis.index == mtv_axis.index
    row_h = line + 2 * bh + round(lay.pad * 0.9) + (2 * sline if full else 0)
    # The row that decides (or the step-through's current one): a stripe at its left and
    # a frame around it, never a tint behind its words (a tint took the row's coloured
    # words under 4.5:1, WCAG's least for text: 3.65 in the dark theme).
    marked = theme.separating if is_sep else theme.mtv if is_mtv else None
    if marked is None and state == "current":
        marked = theme.text
    if marked is not None:
        frame = pygame.Rect(round(x0 - lay.pad), y, round(x1 - x0 + lay.pad * 1.5), row_h - 2)
        pygame.draw.rect(surf, marked, frame, view.w(1.5))
        pygame.draw.rect(surf, marked, pygame.Rect(frame.x, y, view.w(4), row_h - 2))
    # the axis direction as it points on screen, then its name, tag and result
    g = body * 0.45
    cx, cy = x0 + g, y + line / 2
    ux, uy = axis.axis
    col = _axis_color(theme, axis)
    pygame.draw.circle(surf, theme.divider, (cx, cy), g, 1)
    arrow(
        surf,
        col,
        (cx - ux * g * 0.85, cy - uy * g * 0.85),
        (cx + ux * g * 0.85, cy + uy * g * 0.85),
        view.w(2),
        g * 0.7,
    )
    if state in ("pending", "untested"):
        # not reached yet, or never reached (the early exit): a name and no bars
        view.text_px(axis_name(axis), (x0 + 2.4 * g, cy), body, theme.text_dim, "midleft")
        words = "not tested" if state == "untested" else "not yet"
        view.text_px(words, (x1, cy), body, theme.text_dim, "midright")
        return
    if axis.overlap < 0:
        result, rcol = f"gap {amount(axis.overlap)}", theme.gap
    elif axis.overlap == 0.0:  # the core's touching rule: the shadows just meet
        result, rcol = "touching", theme.text
    elif axis.depth > axis.overlap + 1e-9:
        result, rcol = f"inside, out {amount(axis.depth)}", theme.overlap
    else:
        result, rcol = f"overlap {amount(axis.overlap)}", theme.overlap
    name, result = _fitted(axis_name(axis), result, x1 - (x0 + 2.4 * g), body)
    name_rect = view.text_px(name, (x0 + 2.4 * g, cy), body, col, "midleft")
    res_rect = view.text_px(result, (x1, cy), body, rcol, "midright")
    tag = "separates" if is_sep else ("MTV" if is_mtv else "")
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
    # the bars on the common scale, centred on this row's middle
    (a_lo, a_hi), (b_lo, b_hi) = axis.a_interval, axis.b_interval
    mid = (min(a_lo, b_lo) + max(a_hi, b_hi)) / 2
    xc = (bx0 + bx1) / 2

    def xt(t):
        return xc + (t - mid) * ppu

    top = y + line + (sline if full else 0)
    ya, yb = top, top + bh + 1
    base = yb + bh + 2
    # ticks at multiples of the step, across the whole bar width
    first = math.ceil((mid - (xc - bx0) / ppu) / step)
    last = math.floor((mid + (bx1 - xc) / ppu) / step)
    pygame.draw.line(surf, theme.ruler, (bx0, base), (bx1, base), 1)
    for k in range(first, last + 1):
        tx = round(xt(k * step))
        pygame.draw.line(surf, theme.ruler, (tx, base), (tx, base + max(3, bh * 0.8)), 1)
    for lo, hi, color, yy in ((a_lo, a_hi, theme.shape_a, ya), (b_lo, b_hi, theme.shape_b, yb)):
        rect = pygame.Rect(round(xt(lo)), yy, max(1, round(xt(hi)) - round(xt(lo))), bh)
        pygame.draw.rect(surf, color, rect)
    # the row's bars before rounding, and its pixels per unit (as a point's x)
    view.mark(f"ruler {axis.index}", (xt(a_lo), ya), (xt(a_hi), ya), (xt(b_lo), yb), (xt(b_hi), yb))
    view.mark(f"ruler {axis.index} scale", (ppu, 0.0))
    if axis.overlap < 0:
        g_lo, g_hi = (a_hi, b_lo) if a_hi <= b_lo else (b_hi, a_lo)
        _gap_bracket(view, xt(g_lo), xt(g_hi), (ya + base) / 2, base - ya + 4)
    else:
        o_lo, o_hi = max(a_lo, b_lo), min(a_hi, b_hi)
        box = pygame.Rect(
            round(xt(o_lo)), ya - 2, max(1, round(xt(o_hi) - xt(o_lo))), base - ya + 4
        )
        hatch_rect(surf, theme.overlap, box, view.w(1.5), max(3, round(small * 0.3)))
        pygame.draw.rect(surf, theme.overlap, box, view.w(1.5))
    if not full:
        return
    # min and max of both intervals: A's above its bar, B's below its bar, a space apart
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
# this order: the result's "inside, out 12.3" -> "out 12.3", then the name's words.
_SHORTER = (("result", "inside, out ", "out "), ("name", "centre line", "centres"))
_SHORTER += (("name", "closest v", "v"),)


def _fitted(name: str, result: str, width: float, px: int) -> tuple[str, str]:
    """The name and the result of a row, shortened until a space's width parts them."""
    space = text_size(" ", px)[0]
    for part, long, short in _SHORTER:
        if text_size(name, px)[0] + space + text_size(result, px)[0] <= width:
            break
        if part == "result":
            result = result.replace(long, short)
        else:
            name = name.replace(long, short)
    return name, result
