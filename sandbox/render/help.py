"""The help overlay, generated from the keymap; it fits any surface and theme (in columns
when the rows do not fit in one, at a smaller size only when even columns do not)."""

from __future__ import annotations

import pygame

from .overlays import FrameModel
from .view import View, text_size
from .words import fit, wrap


def _plan(rows, width, height, px, title_px, pad):
    """(columns, row height, column width, panel size) for text of `px`, or None."""
    line = round(px * 1.3)
    key_w = max(text_size(k, px)[0] for k, _ in rows)
    act_w = max(text_size(a, px)[0] for _, a in rows)
    col_w = key_w + pad * 2 + act_w
    head = round(title_px * 1.3) + pad * 2
    for columns in (1, 2, 3):
        per = -(-len(rows) // columns)
        w = columns * col_w + (columns - 1) * pad * 3 + pad * 4
        h = head + per * line + pad * 2
        if w <= width - 2 * pad and h <= height - 2 * pad:
            return columns, per, line, key_w, col_w, (w, h), head
    return None


def draw_help(view: View, status: FrameModel) -> bool:
    """Draw the keys in one or more columns; False if they had to be cut (never, in practice:
    the text shrinks before that)."""
    theme = view.theme
    lay = view.layout
    surf = view.surface
    rows = status.help_lines or (("(no keys)", ""),)
    width, height = surf.get_size()
    if view.toolbar_rect.height > 0:  # the box sits above the toolbar, never over its buttons
        height = view.toolbar_rect.top
    pad = lay.pad
    px, title_px = lay.body, lay.title
    plan = _plan(rows, width, height, px, title_px, pad)
    fits = True
    while plan is None and px > 8:
        px, title_px = px - 1, title_px - 1
        plan = _plan(rows, width, height, px, title_px, pad)
    if plan is None:
        fits = False
        plan = (1, len(rows), round(px * 1.3), 0, width, (width, height), 0)
    columns, per, line, key_w, col_w, (w, h), head = plan
    rect = pygame.Rect(0, 0, min(w, width), min(h, height))
    rect.center = (width // 2, height // 2)
    pygame.draw.rect(surf, theme.panel, rect)
    pygame.draw.rect(surf, theme.divider, rect, view.w(2))
    title = status.help_title
    title_w = view.chars(rect.width - 2 * pad, title_px)
    view.text_px(fit(title, title_w), (rect.centerx, rect.y + pad), title_px, theme.text, "midtop")
    for i, (keys, action) in enumerate(rows):
        col, row = divmod(i, per)
        x = rect.x + pad * 2 + col * (col_w + pad * 3)
        y = rect.y + head + row * line
        if y + line > rect.bottom:
            fits = False
            continue
        view.text_px(keys, (x, y), px, theme.text_a)
        view.text_px(action, (x + key_w + pad * 2, y), px, theme.text)
    return fits


def draw_words(view: View, lines: tuple[str, ...]) -> None:
    """F7: the frame in words (app/describe.py) in a box over the scene, above the
    toolbar, in the body's print: what a learner who cannot see the picture is read,
    shown to the class too. A line that does not fit is wrapped, never cut; lines past
    the box's room are counted in a last "+N more lines"."""
    theme, lay = view.theme, view.layout
    width, height = view.surface.get_size()
    if view.toolbar_rect.height > 0:
        height = view.toolbar_rect.top
    pad, px = lay.pad, lay.body
    line = lay.line(px)
    box_w = min(width - 4 * pad, max(width * 3 // 4, 320))
    chars = view.chars(box_w - 4 * pad, px)
    wrapped = [part for text in lines for part in wrap(text, chars) or [""]]
    room = max(1, (height - 4 * pad) // line - 1)
    if len(wrapped) > room:
        more = view.tr("+{n} more lines").format(n=len(wrapped) - room + 1)
        wrapped = wrapped[: room - 1] + [more]
    rect = pygame.Rect(0, 0, box_w, len(wrapped) * line + 2 * pad)
    rect.center = (width // 2, height // 2)
    pygame.draw.rect(view.surface, theme.panel, rect)
    pygame.draw.rect(view.surface, theme.divider, rect, view.w(2))
    y = rect.y + pad
    for part in wrapped:
        view.text_px(part, (rect.x + 2 * pad, y), px, theme.text)
        y += line
