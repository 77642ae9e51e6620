"""The HUD: the collision flag and the MTV as in tutorial 003, the scene's lesson, the status."""

from __future__ import annotations

import math

import pygame

from ..physics.records import StepRecord
from ..physics.world import World
from ..scenes.base import CANVAS, SCENE_WIDTH
from .overlays import HudStatus
from .theme import Theme
from .view import View, translucent_patch


def _wrap(text: str, max_chars: int) -> list[str]:
    words = text.split()
    lines, current = [], ""
    for word in words:
        if current and len(current) + 1 + len(word) > max_chars:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(current)
    return lines


def draw_panel(view: View, rect_canvas: tuple[float, float, float, float], rgba) -> pygame.Rect:
    x, y, w, h = rect_canvas
    px, py = view.p(x, y)
    rect = pygame.Rect(round(px), round(py), round(w * view.s), round(h * view.s))
    view.surface.blit(translucent_patch(tuple(rect.size), tuple(rgba)), rect)
    return rect


def _line_text(text) -> str:
    return text if isinstance(text, str) else "".join(part for part, _ in text)


def hud_layout(world: World, record: StepRecord | None, status: HudStatus, theme: Theme):
    """The HUD's lines (text, size, colour) and its panel (x, y, w, h) in canvas pixels.

    The panel goes to the first scene corner (top-left, top-right, bottom-left,
    bottom-right) that does not hide the pair on show."""
    fs = theme.font_small
    char_w = fs * 0.602  # DejaVu Sans Mono advance
    width = 520 if theme.name == "projector" else 470
    max_chars = int((width - 20) / char_w)
    lines: list = []  # (text, size, colour), or (((text, colour), ...), size, None)
    for part in _wrap(status.scene_title, int((width - 20) / (theme.font * 0.602))):
        lines.append((part, theme.font, theme.text))
    for part in _wrap(status.lesson, max_chars):
        lines.append((part, fs, theme.text_dim))
    shown = record.shown if record is not None else None
    if shown is not None:
        report = shown.report
        na, nb = world.bodies[shown.a].name, world.bodies[shown.b].name
        lines.append(((("A = " + na, theme.text_a), ("   B = " + nb, theme.text_b)), fs, None))
        if report.colliding:
            lines.append(("collision: yes", theme.font, theme.overlap))
        else:
            lines.append(("collision: no", theme.font, theme.gap))
        mx, my = report.mtv
        lines.append((f"MTV.x = {mx + 0.0:.5f}   MTV.y = {my + 0.0:.5f}", fs, theme.mtv))
        tested, skipped = len(report.axes), len(report.skipped)
        extra = f"depth {report.depth:.3f}   axes {tested} tested, {skipped} skipped"
        lines.append((extra, fs, theme.text))
        inside = [n for n, v in (("a_in_b", report.a_in_b), ("b_in_a", report.b_in_a)) if v]
        if inside:
            lines.append((" ".join(inside) + ": one shape is inside the other", fs, theme.overlap))
    if len(world.bodies) > 2 and record is not None:
        pairs = f"SAT on {record.candidate_pairs} of {record.all_pairs} pairs (broad phase)"
        lines.append((pairs, fs, theme.text))
    state = "PAUSED" if status.paused else "running"
    bits = [
        f"tick {world.tick}",
        state,
        f"speed {status.speed_label}",
        f"resolve {'on' if status.resolve else 'off'}",
    ]
    if status.fps is not None:
        bits.append(f"{status.fps:.0f} fps")
    bits.append(f"scene {status.scene_number}/{status.scene_count}")
    lines.append(("  ".join(bits), fs, theme.text_dim))

    widest = max(len(_line_text(text)) * size * 0.602 for text, size, _ in lines)
    width = min(SCENE_WIDTH - 16, max(width, math.ceil(widest) + 22))
    height = 20 + sum(size + 5 for _, size, _ in lines)
    corners = [
        (8, 8),
        (SCENE_WIDTH - 8 - width, 8),
        (8, CANVAS[1] - 44 - height),
        (SCENE_WIDTH - 8 - width, CANVAS[1] - 44 - height),
    ]
    boxes = _pair_boxes(world, record)
    if not boxes:
        return lines, (8, 8, width, height)

    def hidden(corner) -> float:
        panel = pygame.Rect(corner[0], corner[1], width, height)
        return sum(panel.clip(b).width * panel.clip(b).height for b in boxes)

    best = min(corners, key=hidden)  # min keeps the first of equals: deterministic
    return lines, (best[0], best[1], width, height)


def _pair_boxes(world: World, record: StepRecord | None) -> list:
    """Canvas boxes around the pair on show (tested and current poses, with room for labels),
    clipped to the scene: what the HUD must not hide."""
    if record is None or record.shown is None:
        return []
    shown = record.shown
    scene = pygame.Rect(0, 0, SCENE_WIDTH, CANVAS[1])
    out = []
    for shape in (shown.a_shape, shown.b_shape, world.shape(shown.a), world.shape(shown.b)):
        box = shape.aabb()
        rect = pygame.Rect(
            math.floor(box.min_x),
            math.floor(box.min_y),
            math.ceil(box.width),
            math.ceil(box.height),
        ).inflate(70, 70)
        # a huge body (a floor, a wall) can share a corner with the HUD: count only its rim
        if rect.width > SCENE_WIDTH * 0.6 or rect.height > CANVAS[1] * 0.6:
            rect = rect.clip(scene)
            rect.width, rect.height = min(rect.width, 80), min(rect.height, 80)
        out.append(rect.clip(scene))
    return out


def draw_hud(view: View, world: World, record: StepRecord | None, status: HudStatus) -> None:
    theme = view.theme
    fs = theme.font_small
    pad = 10
    lines, box = hud_layout(world, record, status, theme)
    draw_panel(view, box, theme.hud_bg)
    y = box[1] + pad
    for text, size, color in lines:
        if isinstance(text, str):
            view.text_canvas(text, (box[0] + pad, y), size, color)
        else:
            x = box[0] + pad
            for part, part_color in text:
                r = view.text_canvas(part, (x, y), size, part_color)
                x = (r.right - view.ox) / view.s
        y += size + 5
    # bottom line
    bottom = CANVAS[1] - 8
    hint = "H: help"
    draw_panel(view, (8, bottom - fs - 8, fs * 0.602 * len(hint) + 16, fs + 8), theme.hud_bg)
    view.text_canvas(hint, (16, bottom - 4), fs, theme.text_dim, "bottomleft")
    if status.message:
        msg_w = len(status.message) * theme.font * 0.602 + 28
        cx = SCENE_WIDTH / 2
        draw_panel(
            view, (cx - msg_w / 2, bottom - theme.font - 16, msg_w, theme.font + 12), theme.hud_bg
        )
        view.text_canvas(status.message, (cx, bottom - 10), theme.font, theme.text, "midbottom")
