"""The layout of a frame, computed for the actual surface size (never a stretched canvas).

::

    +------------------------------+-------------+
    | narration: title, lesson,    | the pair:   |
    |   what is happening now      |  A, B, flag,|
    +------------------------------+  MTV        |
    |                              +-------------+
    |  the scene: the world        | rulers: one |
    |  (WORLD_SIZE world units,    | row per     |
    |   scaled uniformly, centred) | tested axis |
    |                              |             |
    +------------------------------+             |
    | status: H help, tick, speed  |             |
    +------------------------------+-------------+
    | toolbar: play, step, speed, scenes, show, tune, zoom   |
    +----------------------------------------------+

Text sizes follow the surface (the theme's sizes are for a 1024 x 768 window): its height,
or its width where that is the narrower (a tall, narrow window keeps text that fits);
the world's scale is the largest uniform one that fits the scene area. Every band has a
fixed number of lines for its surface size and theme, so nothing jumps while the state
changes. The layout is plain data (rectangles as (x, y, w, h) tuples).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..scenes.base import CANVAS, SCENE_WIDTH
from .theme import Theme

WORLD_SIZE = (SCENE_WIDTH, CANVAS[1])  # the world area the scenes are built for
REFERENCE_HEIGHT = 768  # the theme's text sizes are for a window this high
REFERENCE_WIDTH = 1024  # ... and this wide
CHAR_ADVANCE = 0.602  # DejaVu Sans Mono: advance per pixel of size
LESSON_CHARS = 88  # a lesson is one or two sentences; the narration has room for this many
LIVE_LINES = 2  # and for two lines of what is happening now
PANEL_CHARS = 27  # the ruler panel fits this many characters of body text

Rect = tuple[int, int, int, int]


@dataclass(frozen=True)
class Layout:
    """Where everything goes on a surface of `size` (screen pixels)."""

    size: tuple[int, int]
    text_scale: float  # text and line widths: min(height / 768, width / 1024)
    small: int  # text sizes in pixels
    body: int
    title: int
    pad: int
    narration_lines: int  # body lines under the title
    narration: Rect  # top of the left column
    scene: Rect  # the scene area (the world is centred in it)
    status: Rect  # bottom of the left column
    panel: Rect  # the right column: the pair's numbers and the rulers
    world: Rect  # where the world's WORLD_SIZE lands, inside `scene`
    scale: float  # world units -> pixels, uniform (never stretched)
    origin: tuple[float, float]  # where world (0, 0) lands
    card: Rect = (0, 0, 0, 0)  # a lesson's prediction card, under the scene (else empty)
    toolbar: Rect = (0, 0, 0, 0)  # the clickable controls, the whole width (else empty)

    def line(self, size: int) -> int:
        """The line height for text of `size` pixels."""
        return round(size * 1.28)


def text_px(theme_size: int, scale: float) -> int:
    return max(8, round(theme_size * scale))


LESSON_LINES = 2  # a lesson's narration band has room for the teacher's words too
CARD_LINES = 4  # a prediction's card: the question and its answers (2 lines each at most)


def bands(status, overlays) -> tuple[int, int, bool, bool]:
    """The optional bands a frame has for this HudStatus and these Overlays, as
    compute_layout takes them: (lesson lines, card lines, HUD on, toolbar on). The frame
    and the app's pointer lay out the same way from it."""
    extra = LESSON_LINES if status.lesson_line is not None else 0  # the teacher's words
    card = CARD_LINES if status.card_band else 0  # a prediction's own band
    return extra, card, overlays.show_hud, status.controls is not None


def compute_layout(
    size: tuple[int, int],
    theme: Theme,
    extra_lines: int = 0,
    card_lines: int = 0,
    hud=True,
    toolbar=False,
) -> Layout:
    """The layout for a surface of `size`: bands by text height, the world by what is left.
    A lesson's narration has `extra_lines` more lines (LESSON_LINES), and a stage with a
    prediction a card band of `card_lines` under the scene (CARD_LINES): the world gives
    them its room, so nothing covers it. With the HUD off (`hud` False) the narration and
    status bands take no room at all. The toolbar (`toolbar` True) is a band of small text
    across the whole width at the bottom: the scene and the panel sit above it.
    `extra_lines` more lines of narration (a lesson's: LESSON_LINES) take the world's room."""
    w, h_all = max(int(size[0]), 160), max(int(size[1]), 120)
    k = min(h_all / REFERENCE_HEIGHT, w / REFERENCE_WIDTH)
    small, body, title = (text_px(s, k) for s in (theme.font_small, theme.font, theme.font_title))
    pad = max(4, round(10 * k))
    toolbar_h = round(small * 1.28) + 2 * pad if toolbar else 0
    h = h_all - toolbar_h  # the bands above the toolbar share what is left
    line = round(body * 1.28)
    panel_w = max(PANEL_CHARS * body * CHAR_ADVANCE + 2 * pad, 0.3 * w)
    panel_w = round(min(panel_w, 0.46 * w))
    left_w = w - panel_w
    status_h = line + pad
    chars = max(1, int(left_w / (body * CHAR_ADVANCE)) - 2)
    lines = -(-LESSON_CHARS // chars) + LIVE_LINES + extra_lines
    narration_h = round(title * 1.28) + lines * line + 2 * pad
    # a window narrower than the world's shape: spare height goes to more narration lines
    while (
        lines < 6 + extra_lines
        and h - narration_h - line - status_h >= WORLD_SIZE[1] * left_w / WORLD_SIZE[0]
    ):
        lines += 1
        narration_h += line
    card_h = card_lines * line + pad if card_lines else 0
    if not hud:  # the HUD off (U): its bands give the world their room
        narration_h = status_h = 0
    scene_h = max(1, h - narration_h - status_h - card_h)
    scale = min(left_w / WORLD_SIZE[0], scene_h / WORLD_SIZE[1])
    ww, wh = WORLD_SIZE[0] * scale, WORLD_SIZE[1] * scale
    wx = (left_w - ww) / 2
    wy = narration_h + (scene_h - wh) / 2
    world = (round(wx), round(wy), min(round(ww), left_w), min(round(wh), scene_h))
    return Layout(
        size=(w, h_all),
        text_scale=k,
        small=small,
        body=body,
        title=title,
        pad=pad,
        narration_lines=lines,
        narration=(0, 0, left_w, narration_h),
        scene=(0, narration_h, left_w, scene_h),
        status=(0, h - status_h, left_w, status_h),
        card=(0, h - status_h - card_h, left_w, card_h),
        panel=(left_w, 0, panel_w, h),
        world=world,
        scale=scale,
        origin=(wx, wy),
        toolbar=(0, h, w, toolbar_h),
    )


ZOOM_RANGE = (1.0, 8.0)  # fitted (1) to eight times closer; never further out than fitted


@dataclass(frozen=True)
class Camera:
    """A closer look: `zoom` times the fitted scale, with world point (x, y) at the middle
    of the scene area. Zoom 1 at the world's middle is the fitted view (no camera)."""

    zoom: float = 1.0
    x: float = WORLD_SIZE[0] / 2
    y: float = WORLD_SIZE[1] / 2


def world_transform(layout: Layout, camera: Camera | None) -> tuple[float, float, float]:
    """(scale, origin x, origin y): screen = world * scale + origin, for this camera
    (None: the fitted view, the layout's own scale and origin)."""
    if camera is None:
        return layout.scale, layout.origin[0], layout.origin[1]
    s = layout.scale * camera.zoom
    sx, sy, sw, sh = layout.scene
    return s, sx + sw / 2 - camera.x * s, sy + sh / 2 - camera.y * s


def screen_to_world(layout: Layout, camera: Camera | None, pixel) -> tuple[float, float]:
    """The world point drawn at screen point `pixel` (world_transform undone)."""
    s, ox, oy = world_transform(layout, camera)
    return ((pixel[0] - ox) / s, (pixel[1] - oy) / s)


def zoom_by(camera: Camera | None, factor: float) -> float | None:
    """The zoom after `factor`, within ZOOM_RANGE; None at the fitted zoom."""
    zoom = min(max((camera.zoom if camera else 1.0) * factor, ZOOM_RANGE[0]), ZOOM_RANGE[1])
    return None if zoom <= ZOOM_RANGE[0] else zoom


def zoomed(layout: Layout, camera: Camera | None, factor: float, pixel) -> Camera | None:
    """The camera after zooming by `factor` about screen point `pixel` (that world point
    stays under it), within ZOOM_RANGE; None once back to the fitted zoom."""
    wx, wy = screen_to_world(layout, camera, pixel)
    zoom = zoom_by(camera, factor)
    if zoom is None:
        return None
    s2 = layout.scale * zoom
    sx, sy, sw, sh = layout.scene
    # keep (wx, wy) at `pixel`: pixel = w * s2 + (centre - c * s2)
    cx = wx - (pixel[0] - (sx + sw / 2)) / s2
    cy = wy - (pixel[1] - (sy + sh / 2)) / s2
    return Camera(zoom, cx, cy)


def panned(layout: Layout, camera: Camera | None, dx: float, dy: float) -> Camera | None:
    """The camera after dragging the world by (dx, dy) screen pixels (no pan when fitted:
    the whole world is on show already)."""
    if camera is None:
        return None
    s = layout.scale * camera.zoom
    return Camera(camera.zoom, camera.x - dx / s, camera.y - dy / s)
