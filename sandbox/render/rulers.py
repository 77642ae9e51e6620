"""The rulers: one row per tested axis with both projection intervals on ONE common scale
(the same pixels per unit in every row, so lengths compare across rows), tick marks at a
round step, min and max printed for both intervals (tutorial 000's number line), and the
overlap (hatched) or gap (dashed bracket) between them: pattern and words, not colour alone.
"""

from __future__ import annotations

import pygame

from ..core.walk import WalkOnShow
from ..physics.records import StepRecord
from .language import ENGLISH_WORDS, Language
from .primitives import hatch_rect
from .ruler_rows import draw_row, gap_bracket
from .view import View, text_size
from .words import LABEL, axis_name, wrap


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


def _walk_rows(shown, walk: WalkOnShow | None) -> tuple[dict[int, str], bool, bool]:
    """Step-through: each tested axis's row state ("current", "done", "pending" or
    "untested"), and whether the separating tag and the MTV tag may show yet."""
    if walk is None:
        return {}, True, True
    steps, k = walk.steps, walk.index
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


def draw_rulers(
    view: View, record: StepRecord | None, top: int, walk: WalkOnShow | None = None
) -> None:
    """Draw the pair's rulers in the right column from `top` down: the key, one row per
    tested axis (as many as fit, the deciding row always among them; full rows with their
    min and max when there is room) and the footer; `walk` is the step-through's step."""
    theme = view.theme
    lay = view.layout
    panel = view.panel_rect
    pad = lay.pad
    x0 = panel.x + pad * 1.5
    x1 = panel.right - pad * 1.5
    body, small = lay.panel_sizes
    y = top
    if record is None or record.shown is None:
        view.text_px(view.tr("no pair on show"), (x0, y), body, theme.text_dim)
        return
    report = record.shown.report
    axes = report.axes
    kx = _draw_key(view, x0, x1, y)
    # one common scale: the widest row fits the bar width
    bar_x0, bar_x1 = x0 + pad * 0.5, x1 - pad * 0.5
    ppu, step = ruler_scale(axes, bar_x1 - bar_x0, small * 3.2)
    ticks = view.tr("ticks {step:g}").format(step=step)
    if kx + text_size(ticks, small)[0] <= x1:
        view.text_px(ticks, (x1, y), small, theme.text_dim, "topright")
    key_h, compact_h, full_h, footer_h = _heights(view)
    y += key_h
    bottom = panel.bottom - footer_h
    bh = max(4, round(small * 0.45))
    states, show_sep, show_mtv = _walk_rows(record.shown, walk)
    sep = report.separating if show_sep else None
    mtv_axis = report.mtv_axis if show_mtv else None
    focus = sep.index if sep is not None else (mtv_axis.index if mtv_axis is not None else -1)
    current = next((i for i, state in states.items() if state == "current"), None)
    focus = current if current is not None else focus
    n = len(axes)
    available = bottom - y
    heights = _row_heights(axes, focus, available, full_h, compact_h)
    order, more = _rows_that_fit(view, axes, heights, available, footer_h, states, focus, x1 - x0)
    for k in order:
        axis, h = axes[k], heights[k]
        state = states.get(axis.index, "done")
        draw_row(
            view, axis, bar_x0, bar_x1, x0, x1, y, h == full_h, bh, ppu, step, sep, mtv_axis, state
        )
        y += h
    if len(order) == n and report.skipped:
        _draw_skipped(view, report, x0, x1, y + lay.line(small) * 0.3, bottom)
    if len(order) < n:
        for part in more:
            view.text_px(part, (x0, y), body, theme.text_dim)
            y += lay.line(body)
        return
    # footer: counts, in plain words
    fy = bottom + pad * 0.5
    pygame.draw.line(view.surface, theme.divider, (x0, fy - pad * 0.3), (x1, fy - pad * 0.3), 1)
    focus_row = next((k for k in range(n) if axes[k].index == focus), None)
    if focus_row is not None and heights[focus_row] != full_h:
        # no room for numbers in the rows: the deciding row's min and max go here instead
        if _footer_numbers(view, axes[focus_row], x0, x1, fy):
            return
    _footer_counts(view, report, states, x0, x1, fy)


def _draw_key(view: View, x0: float, x1: float, y: float) -> float:
    """The key at `y`, from `x0`: what the marks mean (pattern as well as colour), its last
    marks giving way in a column too narrow (the rows still read). Returns the x where the
    key ends, a gap after its last word."""
    theme, surf, pad = view.theme, view.surface, view.layout.pad
    small = view.layout.panel_sizes[1]
    sline = view.layout.line(small)
    kx = x0
    sw = round(small * 1.3)
    marks = (("A", "a"), ("B", "b"), (view.tr("overlap"), "overlap"), (view.tr("gap"), "gap"))
    for name, kind in marks:
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
            gap_bracket(view, box.left, box.right, box.centery, box.height)
        color = {"a": theme.text_a, "b": theme.text_b}.get(kind, getattr(theme, kind, theme.text))
        r = view.text_px(name, (box.right + pad * 0.5, y), small, color)
        kx = r.right + pad * 1.2
    return kx


def _row_heights(axes, focus: int, available: float, full_h: int, compact_h: int) -> list[int]:
    """Each row's height: all full when they fit in `available`, else the `focus` row
    alone full, else all compact."""
    n = len(axes)
    if n * full_h <= available:
        return [full_h] * n
    heights = [full_h if a.index == focus else compact_h for a in axes]
    if sum(heights) > available:
        heights = [compact_h] * n
    return heights


def _rows_that_fit(
    view: View, axes, heights, available, footer_h, states: dict[int, str], focus, width
) -> tuple[list[int], list[str]]:
    """As many rows as fit, in test order, the row that decides (gap or MTV) always among
    them, and the "+N more" lines for the rest. When they do not all fit in `available`,
    the footer's room (`footer_h`) goes to the rows and to a "+N more" line in the rows'
    own print that says what the rows left out show."""
    n = len(axes)
    order = list(range(n))
    more: list[str] = []
    if sum(heights) > available:
        available += footer_h
        line = view.layout.line(view.layout.panel_sizes[0])
        while order:
            left_out = [axes[k] for k in range(n) if k not in order]
            more = _more_lines(view, left_out, n, states, width) if left_out else []
            if sum(heights[k] for k in order) + len(more) * line <= available:
                break
            drop = next((k for k in reversed(order) if axes[k].index != focus), order[-1])
            order.remove(drop)
    return order, more


def _footer_numbers(view: View, axis, x0: float, x1: float, fy: float) -> bool:
    """The deciding row's min and max in the footer at `fy`, in the first of three forms
    (one decimal and the axis's name, whole numbers and the name, whole numbers alone) that
    fits between `x0` and `x1`. Returns False, drawing nothing, when none fits."""
    theme = view.theme
    body, small = view.layout.panel_sizes
    line, sline = text_size("Ag", body)[1] + 1, view.layout.line(small)
    (a_lo, a_hi), (b_lo, b_hi) = axis.a_interval, axis.b_interval

    def numbers(d: int, named: bool):
        parts = [
            (f"A {a_lo + 0.0:.{d}f}..{a_hi + 0.0:.{d}f}", theme.text_a),
            (f"B {b_lo + 0.0:.{d}f}..{b_hi + 0.0:.{d}f}", theme.text_b),
        ]
        return [(f"{axis_name(axis, LABEL, view.tr)}:", theme.text_dim)] * named + parts

    for parts in (numbers(1, True), numbers(0, True), numbers(0, False)):
        if sum(text_size(t + " ", small)[0] for t, _ in parts) <= x1 - x0:
            fx = x0
            for text, color in parts:
                r = view.text_px(text, (fx, fy + (line - sline) / 2), small, color)
                fx = r.right + text_size(" ", small)[0]
            return True
    return False


def _footer_counts(view: View, report, states: dict[int, str], x0: float, x1: float, fy):
    """The footer's counts in plain words at `fy`: how many axes were tested (in the
    step-through, how far the walk has come and whether it exited early) and how many
    were skipped and why."""
    body = view.layout.panel_sizes[0]
    n = len(report.axes)
    skipped = len(report.skipped)
    chars = view.chars(x1 - x0, body)
    tr = view.tr
    words = tr.plural("{n} axis", "{n} axes", n).format(n=n)
    if states:  # step-through: how far the walk has come
        done = sum(1 for state in states.values() if state in ("done", "current"))
        words = tr("{done} of {axes} tested").format(done=done, axes=words)
        wordings = (words, words)
        if any(state == "untested" for state in states.values()):
            wordings = (words + tr(": early exit"), words + tr(", exit"))
        words = _first_fit(wordings, chars)
        view.text_px(words, (x0, fy), body, view.theme.text_dim)
        return
    if skipped and all(k.feature == "centres" for k in report.skipped):
        words += tr(": centre to centre")
    elif skipped:
        longer = tr("{axes}, {n} repeats skipped").format(axes=words, n=skipped)
        words = _first_fit((longer, tr("{axes}, {n} skipped").format(axes=words, n=skipped)), chars)
    else:
        words += tr(" tested")
    view.text_px(_fit(words, chars), (x0, fy), body, view.theme.text_dim)


def _draw_skipped(view: View, report, x0: float, x1: float, y: float, bottom: float) -> None:
    """Under the rows, when there is room: the parallel axes SAT skips, and what each
    repeats (drawn dashed and grey in the scene)."""
    by_index = {axis.index: axis for axis in report.axes}
    as_ = view.tr("{edge} (as {axis})")
    names = [
        as_.format(edge=axis_name(s), axis=axis_name(by_index[s.parallel_to], LABEL, view.tr))
        for s in report.skipped
        if s.feature == "edge" and s.parallel_to in by_index
    ]
    if not names:
        return
    small = view.layout.panel_sizes[1]
    lines = wrap(
        view.tr("Not tested, parallel to an axis above: {names}.").format(names=", ".join(names)),
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
    tr = view.tr
    verdicts = _verdicts(left_out, states, tr)
    said = tr("+{n} more of {count}: {verdicts}").format(
        n=len(left_out), count=n, verdicts=verdicts
    )
    short = tr("+{n} more: {verdicts}").format(n=len(left_out), verdicts=verdicts)
    see, all_ = tr(" (U: see all)"), tr(" (U: all)")
    for words in (said + see, said + all_, said, short + all_, short):
        if len(words) <= chars:
            return [words]
    return wrap(said, chars)  # two lines rather than a verdict cut


def _row_word(axis, state: str, tr: Language = ENGLISH_WORDS) -> str:
    """A row's verdict in one word or two, as the row itself would say it."""
    if state in ("pending", "untested"):
        return tr("not tested") if state == "untested" else tr("not yet")
    if axis.overlap < 0:
        return tr("gap")
    if axis.overlap == 0.0:
        return tr("touching")
    return tr("inside") if axis.depth > axis.overlap + 1e-9 else tr("overlap")


def _verdicts(axes, states: dict[int, str], tr: Language = ENGLISH_WORDS) -> str:
    """The verdicts of rows not drawn, counted in test order: "all overlap", "2 overlap,
    1 not tested"."""
    counts: dict[str, int] = {}
    for axis in axes:
        word = _row_word(axis, states.get(axis.index, "done"), tr)
        counts[word] = counts.get(word, 0) + 1
    if len(counts) == 1:
        return tr("all {verdict}").format(verdict=next(iter(counts)))
    return ", ".join(f"{count} {word}" for word, count in counts.items())


def _first_fit(wordings: tuple[str, ...], chars: int) -> str:
    """The first of `wordings` (longest first, the same meaning) that fits `chars`."""
    return next((words for words in wordings if len(words) <= chars), _fit(wordings[-1], chars))


def _fit(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[: max(1, chars - 1)] + "…"
