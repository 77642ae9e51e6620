"""A lesson on screen: the prediction card and the lesson list.

A stage with a prediction has a band of its own under the scene (layout.CARD_LINES lines,
the world gives it room, so the card never covers what the class must see). Waiting, it
asks and lists the answers by key; answered, it says right or wrong with a symbol and in
colour (never colour alone) and what the world showed, while the narration band above
gives the reason in the teacher's words::

    +--------------------------------------------------------------+
    | ? Predict: which axis separates them?                        |
    | 1 e0 A   2 e1 A   3 e2 A   4 e0 B   5 e1 B   6 e2 B   press a key |
    +--------------------------------------------------------------+
    | ✓ Right: 3 (e2 A).                     (or ✗ Not quite: ...) |
    | the step-through stops at the first axis with a gap          |
    | 1 e0 A   2 e1 A   3 e2 A ...                                  |
    +--------------------------------------------------------------+
"""

from __future__ import annotations

import pygame

from .layout import CARD_LINES
from .overlays import LessonCard
from .view import View, text_size
from .words import fit, wrap


def _answer_lines(card: LessonCard, width: int, px: int) -> list[list[tuple[str, str]]]:
    """The answers, as many to a line as fit in `width` (the hint after the last)."""
    gap = text_size("   ", px)[0]
    lines, line, used = [], [], 0
    for key, label in card.choices:
        w = text_size(f"{key.upper()} {label}".strip(), px)[0]
        if line and used + gap + w > width:
            lines.append(line)
            line, used = [], 0
        line.append((key, label))
        used += w + (gap if used else 0)
    if line:
        lines.append(line)
    return lines


def _lines(view: View, card: LessonCard, chars: int, room: int) -> list[tuple[str, tuple]]:
    """The card's text lines above its answers, at most `room`: (text, colour)."""
    theme = view.theme
    if card.verdict is None:
        lines = [(line, theme.text) for line in wrap(f"? Predict: {card.question}", chars)]
    else:
        mark, role = ("✓", theme.gap) if card.right else ("✗", theme.overlap)
        lines = [(line, role) for line in wrap(f"{mark} {card.verdict}", chars)]
        lines += [(line, theme.text_dim) for line in wrap(card.evidence, chars)]
    if len(lines) > room:
        lines = lines[:room]
        lines[-1] = (fit(lines[-1][0] + " …", chars), lines[-1][1])
    return lines


def draw_card(view: View, card: LessonCard, slide: bool = False) -> None:
    """The prediction card in its band under the scene (on a slide, without the window's
    "press a key")."""
    theme, lay = view.theme, view.layout
    band = view.card_rect
    if band.height <= 0:
        return
    surf = view.surface
    pygame.draw.rect(surf, theme.panel, band)
    border = theme.text if card.verdict is None else (theme.gap if card.right else theme.overlap)
    pygame.draw.line(surf, border, band.topleft, band.topright, view.w(3))
    region, view.region = view.region, "card"
    pad = lay.pad
    px = lay.body
    line = lay.line(px)
    x, top = band.x + pad * 1.5, band.y + pad // 2 + view.w(2)
    width = band.width - pad * 3
    answers = _answer_lines(card, width, px)[: CARD_LINES - 1]
    texts = _lines(view, card, view.chars(width, px), CARD_LINES - len(answers))
    y = top
    for text, color in texts:
        view.text_px(text, (x, y), px, color)
        y += line
    gap = text_size("   ", px)[0]
    xx = x
    for row in answers:
        xx = x
        for key, label in row:
            r = view.text_px(key.upper(), (xx, y), px, theme.text_a)
            if label:
                r = view.text_px(f" {label}", (r.right, y), px, theme.text)
            xx = r.right + gap
        y += line
    hint = "press a key to answer"
    fits = xx + text_size(hint, px)[0] <= band.right - pad * 1.5
    if card.verdict is None and fits and not slide:
        view.text_px(hint, (xx, y - line), px, theme.text_dim)
    view.region = region


def draw_menu(view: View, menu: tuple[tuple[str, int], ...]) -> None:
    """The lesson list (F2): each built-in lesson by its number, title and length."""
    theme, lay = view.theme, view.layout
    surf = view.surface
    pad = lay.pad
    rows = [f"{k}  {title} ({stages} stages)" for k, (title, stages) in enumerate(menu, 1)]
    foot = "1..9 starts a lesson · PgDn / PgUp: stages · F2 or Escape closes"
    px = lay.body
    w = max(text_size(r, px)[0] for r in (*rows, foot)) + 4 * pad
    w = min(w, surf.get_width() - 2 * pad)
    h = lay.line(lay.title) + len(rows) * lay.line(px) + lay.line(px) + 3 * pad
    rect = pygame.Rect(0, 0, w, h)
    rect.center = (surf.get_width() // 2, surf.get_height() // 2)
    pygame.draw.rect(surf, theme.panel, rect)
    pygame.draw.rect(surf, theme.divider, rect, view.w(2))
    region, view.region = view.region, "menu"
    view.text_px("Lessons", (rect.centerx, rect.y + pad), lay.title, theme.text, "midtop")
    y = rect.y + pad + lay.line(lay.title)
    chars = view.chars(w - 4 * pad, px)
    for row in rows:
        view.text_px(row[:chars], (rect.x + 2 * pad, y), px, theme.text)
        y += lay.line(px)
    view.text_px(foot[:chars], (rect.x + 2 * pad, y + pad), px, theme.text_dim)
    view.region = region
