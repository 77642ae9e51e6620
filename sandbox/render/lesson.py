"""A lesson on screen: the prediction card and the lesson list.

The card sits at the top of the scene, over the world, and the scene's labels keep off
it. Waiting, it asks and lists the answers by key; answered, it says right or wrong with
a symbol and in colour (never colour alone), the reason, and what the world showed::

    +--------------------------------------------------------------+
    | ? Predict: which axis separates them?                        |
    |   1 e0 A   2 e1 A   3 e2 A   4 e0 B   5 e1 B   6 e2 B        |
    |   press a key to answer                                      |
    +--------------------------------------------------------------+
    | ✓ Right: 3 (e2 A).                     (or ✗ Not quite: ...) |
    |   Only on A's e2 do the two shadows leave a gap.             |
    |   the step-through stops at the first axis with a gap        |
    +--------------------------------------------------------------+
"""

from __future__ import annotations

import pygame

from .overlays import LessonCard
from .view import View, text_size
from .words import wrap


def _rows(view: View, card: LessonCard, width: int) -> list[tuple[str, int, tuple, bool]]:
    """The card's lines: (text, px, colour, is a choices line)."""
    theme, lay = view.theme, view.layout
    rows = []
    for part in wrap(f"? Predict: {card.question}", view.chars(width, lay.title)):
        rows.append((part, lay.title, theme.text, False))
    rows.append(("", lay.body, theme.text, True))  # the answers, drawn key by key
    if card.verdict is None:
        rows.append(("press a key to answer", lay.body, theme.text_dim, False))
        return rows
    mark, role = ("✓", theme.gap) if card.right else ("✗", theme.overlap)
    for part in wrap(f"{mark} {card.verdict}", view.chars(width, lay.body)):
        rows.append((part, lay.body, role, False))
    for part in wrap(card.explain or "", view.chars(width, lay.body)):
        rows.append((part, lay.body, theme.text, False))
    if card.evidence:
        for part in wrap(card.evidence, view.chars(width, lay.body)):
            rows.append((part, lay.body, theme.text_dim, False))
    return rows


def _choice_lines(view: View, card: LessonCard, width: int) -> list[list[tuple[str, str]]]:
    """The answers, as many to a line as fit in `width`."""
    px = view.layout.body
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


def draw_card(view: View, card: LessonCard, avoid=()) -> pygame.Rect:
    """The prediction card at the top of the scene, or at its bottom when that covers
    less of the rectangles in `avoid` (the moving bodies, on screen); returns it."""
    theme, lay = view.theme, view.layout
    scene = view.scene_rect
    pad = lay.pad
    width = round(scene.width * 0.86)
    inner = width - 4 * pad
    rows = _rows(view, card, inner)
    choice_lines = _choice_lines(view, card, inner)
    height = 2 * pad
    for _, px, _, is_choices in rows:
        height += lay.line(px) * (len(choice_lines) if is_choices else 1)
    top = pygame.Rect(0, 0, width, height)
    top.midtop = (scene.centerx, scene.y + pad)
    bottom = top.copy()
    bottom.midbottom = (scene.centerx, scene.bottom - pad)
    rect = min((top, bottom), key=lambda r: _covered(r, avoid))
    pygame.draw.rect(view.surface, theme.panel, rect)
    border = theme.text if card.verdict is None else (theme.gap if card.right else theme.overlap)
    pygame.draw.rect(view.surface, border, rect, view.w(3))
    region, view.region = view.region, "card"
    x, y = rect.x + 2 * pad, rect.y + pad
    for text, px, color, is_choices in rows:
        if not is_choices:
            if text:
                view.text_px(text, (x, y), px, color)
            y += lay.line(px)
            continue
        for line in choice_lines:
            xx = x
            for key, label in line:
                r = view.text_px(key.upper(), (xx, y), px, theme.text_a)
                xx = r.right
                if label:
                    r = view.text_px(f" {label}", (xx, y), px, theme.text)
                    xx = r.right
                xx += text_size("   ", px)[0]
            y += lay.line(px)
    view.region = region
    view.blocked.append(rect)  # the scene's labels keep off the card
    return rect


def _covered(rect: pygame.Rect, avoid) -> int:
    """How many pixels of the `avoid` rectangles `rect` covers."""
    total = 0
    for other in avoid:
        clip = rect.clip(other)
        total += clip.width * clip.height
    return total


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
