"""The view: canvas coordinates to surface pixels, and text from the one bundled font."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame

from ..scenes.base import CANVAS, SCENE_WIDTH
from .theme import Color, Theme

FONT_PATH = Path(__file__).resolve().parents[2] / "assets" / "DejaVuSansMono.ttf"


_TEXT_CACHE_LIMIT = 4096


_fonts: dict[int, pygame.font.Font] = {}
_text_cache: dict[tuple, pygame.Surface] = {}


def load_font(size: int) -> pygame.font.Font:
    """The shipped DejaVu Sans Mono at `size` pixels (cached; never a system font)."""
    size = max(6, int(size))
    font = _fonts.get(size)
    if font is None:
        if not pygame.font.get_init():
            pygame.font.init()
        font = pygame.font.Font(str(FONT_PATH), size)
        _fonts[size] = font
    return font


def _label(text: str, size: int, color: Color) -> pygame.Surface:
    key = (text, size, color)
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) >= _TEXT_CACHE_LIMIT:
            _text_cache.clear()
        surf = load_font(size).render(text, True, color)
        _text_cache[key] = surf
    return surf


_patches: dict = {}


def translucent_patch(size, rgba) -> pygame.Surface:
    """A cached translucent rectangle."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    key = (size, rgba)
    surf = _patches.get(key)
    if surf is None:
        if len(_patches) > 512:
            _patches.clear()
        surf = pygame.Surface(size, pygame.SRCALPHA)
        surf.fill(rgba)
        _patches[key] = surf
    return surf


class View:
    """Uniform scale from the 1280 x 720 canvas to the surface, centred (letterboxed)."""

    def __init__(self, surface: pygame.Surface, theme: Theme):
        w, h = surface.get_size()
        self.surface = surface
        self.theme = theme
        self.s = min(w / CANVAS[0], h / CANVAS[1])
        self.ox = (w - CANVAS[0] * self.s) / 2
        self.oy = (h - CANVAS[1] * self.s) / 2
        self.scene_rect = pygame.Rect(
            round(self.ox), round(self.oy), round(SCENE_WIDTH * self.s), round(CANVAS[1] * self.s)
        )
        self.panel_rect = pygame.Rect(
            self.scene_rect.right,
            self.scene_rect.top,
            round((CANVAS[0] - SCENE_WIDTH) * self.s),
            self.scene_rect.height,
        )

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (x * self.s + self.ox, y * self.s + self.oy)

    def pts(self, array) -> list:
        a = np.asarray(array, dtype=float) * self.s
        a[..., 0] += self.ox
        a[..., 1] += self.oy
        return a.tolist()

    def w(self, width: float) -> int:
        return max(1, round(width * self.s))

    def fs(self, size: int) -> int:
        return max(6, round(size * self.s))

    def text(
        self, text, pos, size, color, anchor="topleft", inside=None, halo=False
    ) -> pygame.Rect:
        """Blit a cached label; `inside` (a screen Rect) keeps it from being clipped;
        `halo` lays a translucent patch of background under it, to read over lines."""
        surf = _label(text, self.fs(size), color)
        rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        if inside is not None:
            rect.clamp_ip(inside)
        if halo:
            patch = rect.inflate(round(6 * self.s), 0)
            self.surface.blit(translucent_patch(patch.size, (*self.theme.background, 190)), patch)
        self.surface.blit(surf, rect)
        return rect

    def text_canvas(
        self, text, pos, size, color, anchor="topleft", inside=None, halo=False
    ) -> pygame.Rect:
        return self.text(text, self.p(*pos), size, color, anchor, inside, halo)

    @property
    def scene_inner(self) -> pygame.Rect:
        return self.scene_rect.inflate(-round(12 * self.s), -round(12 * self.s))
