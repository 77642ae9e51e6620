"""A lesson on screen: the prediction card and the lesson list.

A stage with a prediction has its card at the top of the right column, over the pair's
words, every word of it wrapped to the column (the scene keeps its room; the card never
covers what the class must see). Waiting, it asks and lists the answers by key;
answered, it says right or wrong with a symbol and in colour (never colour alone) and
what the world showed, while the narration band gives the reason in the teacher's words::

    +------------------------+        +------------------------+
    | ? Predict: Six axes.   |        | ✓ Right: 3 (e2 A).     |
    | Which one separates    |        | the step-through stops |
    | the two triangles?     |        | at the first axis with |
    | 1 e0 A   2 e1 A        |        | a gap                  |
    | 3 e2 A   4 e0 B ...    |        +------------------------+
    | press a key to answer  |
    +------------------------+
"""

from __future__ import annotations

import pygame

from .controls import focus_ring
from .overlays import LessonCard
from .view import View, text_size
from .words import wrap


def _answer_lines(card: LessonCard, width: int, px: int) -> list[list[tuple[str, str]]]:
    """The answers, as many to a line as fit in `width` (the hint after the last)."""
    gap = text_size("   ", px)[0]
    lines, line, used = [], [], 0
    for key, label in card.choices:
        w = text_size(f"{key.upper()} {label}".strip(), px)[0]
        if w > width and label:  # longer than the column (a long translation): it wraps
            if line:
                lines.append(line)
                line, used = [], 0
            room = (width - text_size(f"{key.upper()}  ", px)[0]) // text_size("M", px)[0]
            parts = wrap(label, max(room, 1))
            lines += [[(key, parts[0])], *([(" ", part)] for part in parts[1:])]
            continue
        if line and used + gap + w > width:
            lines.append(line)
            line, used = [], 0
        line.append((key, label))
        used += w + (gap if used else 0)
    if line:
        lines.append(line)
    return lines


def _lines(view: View, card: LessonCard, chars: int) -> list[tuple[str, tuple]]:
    """The card's text lines above its answers, whole: (text, colour)."""
    theme = view.theme
    if card.verdict is None:
        asked = view.tr("? Predict: {question}").format(question=card.question)
        asked = [(line, theme.text) for line in wrap(asked, chars)]
        tried = wrap(f"✗ {card.tried}", chars) if card.tried else []
        return asked + [(line, theme.overlap) for line in tried]
    mark, role = ("✓", theme.gap) if card.right else ("✗", theme.overlap)
    lines = [(line, role) for line in wrap(f"{mark} {card.verdict}", chars)]
    return lines + [(line, theme.text_dim) for line in wrap(card.evidence, chars)]


def draw_card(view: View, card: LessonCard, top: int, slide: bool = False) -> int:
    """The prediction card at the top of the right column, from `top` (on a slide,
    without the window's "press a key"); every word of it, wrapped to the column.
    Returns the y (pixels) below it."""
    theme, lay = view.theme, view.layout
    panel = view.panel_rect
    surf = view.surface
    pad = lay.pad
    px = lay.small
    line = lay.line(px)
    x = panel.x + pad * 1.5
    width = panel.width - pad * 3
    answers = _answer_lines(card, width, px)
    texts = _lines(view, card, view.chars(width, px))
    hint = view.tr("press a key to answer")
    if card.opening:  # the opening still plays: the question waits for it (keys wait too)
        hint = view.tr.plural(
            "watch: it asks in {n} step", "watch: it asks in {n} steps", card.opening
        ).format(n=card.opening)
    hinted = card.verdict is None and (not slide or card.opening > 0)
    hints = wrap(hint, view.chars(width, px)) if hinted else []
    height = pad + view.w(3) + (len(texts) + len(answers) + len(hints)) * line + pad
    band = pygame.Rect(panel.x, top, panel.width, height)
    pygame.draw.rect(surf, theme.panel, band)
    border = theme.text if card.verdict is None else (theme.gap if card.right else theme.overlap)
    pygame.draw.line(surf, border, band.topleft, band.topright, view.w(3))
    pygame.draw.line(surf, theme.divider, band.bottomleft, band.bottomright, view.w(1))
    pygame.draw.line(surf, theme.divider, panel.topleft, panel.bottomleft, view.w(2))
    y = top + pad // 2 + view.w(3)
    for text, color in texts:
        view.text_px(text, (x, y), px, color)
        y += line
    gap = text_size("   ", px)[0]
    for row in answers:
        xx = x
        for key, label in row:
            r = k = view.text_px(key.upper(), (xx, y), px, theme.text_a)
            if label:
                r = view.text_px(f" {label}", (r.right, y), px, theme.text)
            if key == card.focus:  # the keyboard's focus ring round the answer (key, label)
                focus_ring(view, k.union(r))
            xx = r.right + gap
        y += line
    for part in hints:
        view.text_px(part, (x, y), px, theme.text_dim)
        y += line
    return band.bottom


def draw_menu(view: View, menu: tuple[tuple[str, int], ...], focus: int | None = None) -> None:
    """The lesson list (F2): each built-in lesson by its number, title and length; the
    row `focus` in the keyboard's focus ring."""
    theme, lay = view.theme, view.layout
    surf = view.surface
    pad = lay.pad
    stages_of = view.tr("{title} ({stages} stages)")
    rows = [
        f"{k}  " + stages_of.format(title=title, stages=stages)
        for k, (title, stages) in enumerate(menu, 1)
    ]
    foot = view.tr("1..9 starts a lesson · PgDn / PgUp: stages · F2 or Escape closes")
    px = lay.body
    w = max(text_size(r, px)[0] for r in (*rows, foot)) + 4 * pad
    w = min(w, surf.get_width() - 2 * pad)
    h = lay.line(lay.title) + len(rows) * lay.line(px) + lay.line(px) + 3 * pad
    rect = pygame.Rect(0, 0, w, h)
    rect.center = (surf.get_width() // 2, surf.get_height() // 2)
    pygame.draw.rect(surf, theme.panel, rect)
    pygame.draw.rect(surf, theme.divider, rect, view.w(2))
    region, view.region = view.region, "menu"
    view.text_px(view.tr("Lessons"), (rect.centerx, rect.y + pad), lay.title, theme.text, "midtop")
    y = rect.y + pad + lay.line(lay.title)
    # The box holds its widest line exactly (a glyph's extra pixel falls in the padding).
    chars = view.chars(w - 4 * pad + 1, px)
    for k, row in enumerate(rows):
        if k == focus:
            focus_ring(view, (rect.x + pad, y, w - 2 * pad, lay.line(px)))
        view.text_px(row[:chars], (rect.x + 2 * pad, y), px, theme.text)
        y += lay.line(px)
    view.text_px(foot[:chars], (rect.x + 2 * pad, y + pad), px, theme.text_dim)
    view.region = region
