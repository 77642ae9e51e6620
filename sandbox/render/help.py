"""The help overlay, generated from the keymap."""

from __future__ import annotations

import pygame

from ..scenes.base import CANVAS
from .hud import draw_panel
from .overlays import HudStatus
from .view import View


def draw_help(view: View, status: HudStatus) -> None:
    theme = view.theme
    fs = theme.font
    line_h = fs + 8
    rows = status.help_lines or (("(no keys)", ""),)
    key_w = max(len(k) for k, _ in rows) * fs * 0.602
    act_w = max(len(a) for _, a in rows) * fs * 0.602
    width = min(CANVAS[0] - 40, key_w + act_w + 80)
    height = min(CANVAS[1] - 40, line_h * (len(rows) + 2) + 30)
    x = (CANVAS[0] - width) / 2
    y = (CANVAS[1] - height) / 2
    bg = (*theme.hud_bg[:3], 240)
    rect = draw_panel(view, (x, y, width, height), bg)
    pygame.draw.rect(view.surface, theme.divider, rect, view.w(2))
    view.text_canvas("Keys", (x + width / 2, y + 14), theme.font_title, theme.text, "midtop")
    yy = y + 14 + theme.font_title + 14
    for keys, action in rows:
        if yy + line_h > y + height:
            break
        view.text_canvas(keys, (x + 24, yy), fs, theme.text_a)
        view.text_canvas(action, (x + 24 + key_w + 32, yy), fs, theme.text)
        yy += line_h
