"""The view: world units to surface pixels for the actual surface, text, and label placement.

World coordinates stay world units (pixels at zoom 1, y down); the view scales them
uniformly (never stretched) into the scene area of the layout computed for the surface.
Text sizes follow the surface height (`Layout.text_scale`).

Labels in the scene go through a placement pass: each has candidate positions and an
importance; `place_labels` puts the most important first, each at its first candidate that
overlaps no placed text and no blocked spot (a vertex marker), and drops what does not fit
(vertex indices give way first). Every text rectangle drawn is kept in `placed`, so the
renderer can report them (a test asserts that none intersect).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
import pygame

from .language import ENGLISH_WORDS, Language
from .layout import Camera, Layout, chars_in, compute_layout, world_transform
from .theme import Color, Theme

FONT_NAME = "DejaVuSansMono.ttf"  # the one font: screenshots are the same on every machine


def _font_path() -> Path:
    """The bundled font: in the package once installed (the wheel maps the project's
    assets/ to sandbox/assets/), else in the clone's assets/ beside the package."""
    installed = Path(__file__).resolve().parents[1] / "assets" / FONT_NAME
    if installed.is_file():
        return installed
    return Path(__file__).resolve().parents[2] / "assets" / FONT_NAME


FONT_PATH = _font_path()

_TEXT_CACHE_LIMIT = 4096

_fonts: dict[int, pygame.font.Font] = {}
_layouts: dict[tuple, Layout] = {}

# Label importance: the least important give way first when the scene is crowded.
VERTEX_INDEX, EDGE_LABEL, DETAIL, MEASURE, KEY_LABEL = 0, 1, 2, 3, 4


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


def drawable(text: str) -> str:
    """`text` as the font can take it: a lone surrogate (a file name's bytes that are not
    UTF-8, as Python decodes them) becomes U+FFFD, a NUL or other control character '?'."""
    if text.isprintable():
        return text
    return "".join(
        "\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else ("?" if not c.isprintable() else c)
        for c in text
    )


# The caches of rendered texts and of text sizes forget the least recently used entry
# when full. Emptied whole, as they were, every label of the frame was rendered again at
# once: a slow frame every ~80 of a moving pile, whose rulers print some 25 new numbers
# a frame.
@lru_cache(maxsize=_TEXT_CACHE_LIMIT)
def _label(text: str, size: int, color: Color) -> pygame.Surface:
    return load_font(size).render(drawable(text), True, color)


@lru_cache(maxsize=_TEXT_CACHE_LIMIT)
def text_size(text: str, size: int) -> tuple[int, int]:
    """The size of `text` rendered at `size` pixels, from the font's metrics (the very
    size render gives, checked on 6,000 strings at every size from 6 to 59 pixels):
    measuring rendered it, in black, beside the label drawn in its colour."""
    return load_font(size).size(drawable(text))


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


def layout_for(size, theme: Theme, texts=(), hud=True, toolbar=False) -> Layout:
    key = (tuple(size), theme, texts, hud, toolbar)
    layout = _layouts.get(key)
    if layout is None:
        if len(_layouts) > 64:
            _layouts.clear()
        layout = compute_layout(size, theme, texts, hud, toolbar)
        _layouts[key] = layout
    return layout


@dataclass(frozen=True)
class PlacedText:
    """A text drawn this frame: its words and its rectangle on the surface (x, y, w, h)."""

    text: str
    rect: tuple[int, int, int, int]
    where: str  # "scene", "narration", "status", "panel"


@dataclass
class _Request:
    text: str
    size: int  # theme size (unscaled)
    color: Color
    candidates: list  # [(screen point, anchor)]
    importance: int
    order: int
    halo: bool


class View:
    """World -> surface pixels for this surface's layout; text; the label placement pass."""

    def __init__(
        self,
        surface,
        theme: Theme,
        texts=(),
        hud=True,
        toolbar=False,
        camera: Camera | None = None,
        words: Language = ENGLISH_WORDS,
    ):
        self.surface = surface
        self.theme = theme
        self.tr = words  # the words' language: view.tr("overlap") (render/language.py)
        self.layout = layout = layout_for(surface.get_size(), theme, texts, hud, toolbar)
        self.camera = camera
        self.s, self.ox, self.oy = world_transform(layout, camera)  # zoom and pan, if any
        self.k = layout.text_scale
        self.scene_rect = pygame.Rect(layout.scene)
        self.world_rect = pygame.Rect(layout.world)
        self.panel_rect = pygame.Rect(layout.panel)
        self.narration_rect = pygame.Rect(layout.narration)
        self.status_rect = pygame.Rect(layout.status)
        self.toolbar_rect = pygame.Rect(layout.toolbar)
        self.placed: list[PlacedText] = []
        # What was drawn where, in screen points, for the tests that check the picture
        # against the numbers: (what, points), e.g. ("mtv", (tail, head)).
        self.marks: list[tuple[str, tuple[tuple[float, float], ...]]] = []
        self._requests: list[_Request] = []
        self.blocked: list[pygame.Rect] = []
        self.region = "scene"

    # coordinates -----------------------------------------------------------------

    def mark(self, what: str, *points) -> None:
        """Note that `what` was drawn through these screen points (see FrameReport.marks)."""
        self.marks.append((what, tuple((float(x), float(y)) for x, y in points)))

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (x * self.s + self.ox, y * self.s + self.oy)

    def pts(self, array) -> list:
        a = np.asarray(array, dtype=float) * self.s
        a[..., 0] += self.ox
        a[..., 1] += self.oy
        return a.tolist()

    def w(self, width: float) -> int:
        """A line width in theme units, for this surface (follows the text scale)."""
        return max(1, round(width * self.k))

    def fs(self, size: int) -> int:
        return max(8, round(size * self.k))

    def chars(self, width: float, px: int) -> int:
        """How many characters of the (monospaced) font at `px` pixels fit in `width`:
        the layout's count (`chars_in`), so that what it reserves is what is drawn."""
        return chars_in(width, px)

    @property
    def scene_inner(self) -> pygame.Rect:
        m = round(6 * self.k)
        return self.scene_rect.inflate(-2 * m, -2 * m)

    # text ------------------------------------------------------------------------

    def text_px(
        self, text, pos, px, color, anchor="topleft", inside=None, halo=False
    ) -> pygame.Rect:
        """Blit a cached label of `px` pixels now (fixed layout text: HUD, panel, help)."""
        surf = _label(text, px, color)
        rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        if inside is not None:
            rect.clamp_ip(inside)
        if halo:
            patch = rect.inflate(round(6 * self.k), 0)
            self.surface.blit(translucent_patch(patch.size, (*self.theme.background, 200)), patch)
        self.surface.blit(surf, rect)
        self.placed.append(PlacedText(text, tuple(rect), self.region))
        return rect

    def text(
        self, text, pos, size, color, anchor="topleft", inside=None, halo=False
    ) -> pygame.Rect:
        """Blit a label of theme size `size` now at screen point `pos`."""
        return self.text_px(text, pos, self.fs(size), color, anchor, inside, halo)

    def label(self, text, candidates, size, color, importance, halo=True, world=True) -> None:
        """Ask for a scene label: `candidates` are (point, anchor) in order of preference
        (world units when `world`, else screen pixels); placed by `place_labels`."""
        cands = [((self.p(*pos) if world else pos), anchor) for pos, anchor in candidates]
        order = len(self._requests)
        self._requests.append(_Request(text, size, color, cands, importance, order, halo))

    def block(self, center, radius_px: float) -> None:
        """A spot (a vertex marker) no label may cover; `center` in screen pixels."""
        r = max(1, round(radius_px))
        self.blocked.append(pygame.Rect(round(center[0]) - r, round(center[1]) - r, 2 * r, 2 * r))

    def place_labels(self) -> int:
        """Place the pending labels (most important first); returns how many were dropped."""
        inside = self.scene_inner
        taken = [pygame.Rect(p.rect) for p in self.placed if p.where == "scene"]
        dropped = 0
        requests = sorted(self._requests, key=lambda r: (-r.importance, r.order))
        self._requests = []
        for req in requests:
            px = self.fs(req.size)
            surf = _label(req.text, px, req.color)
            margin = max(1, round(2 * self.k))
            space = text_size(" ", px)[0]
            for pos, anchor in req.candidates:
                if self.camera is not None and not self.scene_rect.collidepoint(pos):
                    continue  # zoomed in: what it names is out of view (never pinned to the edge)
                rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
                rect.clamp_ip(inside)
                if not inside.contains(rect):
                    continue  # wider than the scene: it cannot go here
                # a space's width from every label beside it (issue 41: never run together)
                room = rect.inflate(2 * max(margin, space), 2 * margin)
                if room.collidelist(taken) >= 0 or rect.collidelist(self.blocked) >= 0:
                    continue
                if req.halo:  # a knock-out: no line or dash drawn before runs through it
                    patch = rect.inflate(round(6 * self.k), 0)
                    self.surface.fill(self.theme.background, patch)
                self.surface.blit(surf, rect)
                taken.append(rect)
                self.placed.append(PlacedText(req.text, tuple(rect), "scene"))
                break
            else:
                dropped += 1
        return dropped
