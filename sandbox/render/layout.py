"""The layout of a frame, computed for the actual surface size (never a stretched canvas).

The classroom layout: the scene is the hero (at least half of a 1024 x 768 frame in the
projector theme, with a lesson's words and its question on screen), so every band is as
small as its words allow and nothing else takes the scene's room::

    +--------------------------------------------------------------+
    | title of the stage or scene           status: tick, messages |
    | the teacher's words (or the scene's), as many lines as they  |
    | take at the full width                                       |
    +----------------------------------------+---------------------+
    |                                        | the question card   |
    |                                        | (a lesson's stage   |
    |  the scene: the world, fitted, or the  |  that predicts)     |
    |  camera on the pair a lesson is about  | A = ..., B = ...    |
    |                                        | what happens now    |
    |                                        | collision, MTV      |
    |                                        +---------------------+
    |                                        | rulers: the rows    |
    |                                        | that decide first   |
    +----------------------------------------+---------------------+
    | toolbar: play, step, speed, scenes, show, tune, zoom         |
    +--------------------------------------------------------------+

The narration band spans the whole width and has exactly the lines its words need at
that width (the longest of what the band will say on this stage: a question's reason
included, so nothing jumps when the class answers); the status line is the right end of
its title row; the pair's words, the card and the rulers share the right column, in the
small text size. Text sizes follow the surface (the theme's sizes are for a 1024 x 768
window): its height, or its width where that is the narrower; the world's scale is the
largest uniform one that fits the scene area. The layout is plain data (rectangles as
(x, y, w, h) tuples).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..scenes.base import CANVAS, SCENE_WIDTH
from .theme import Theme
from .words import wrap

WORLD_SIZE = (SCENE_WIDTH, CANVAS[1])  # the world area the scenes are built for
REFERENCE_HEIGHT = 768  # the theme's text sizes are for a window this high
REFERENCE_WIDTH = 1024  # ... and this wide
# DejaVu Sans Mono: advance per pixel of size (1233 of its 2048 units an em; hinted, a
# character is round(px * this) pixels wide at every size from 6 to 159 px)
CHAR_ADVANCE = 1233 / 2048
PANEL_CHARS = 24  # the right column fits this many characters of its (small) text
PANEL_SHARE = 0.27  # ... and is at least this share of the width
MAX_NARRATION_LINES = 6  # a teacher's longer words are cut here: the scene keeps its room
TITLE_SHARE = 0.6  # the title's share of its row; the status line has the rest

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
    narration: Rect  # the top band, the whole width
    scene: Rect  # the scene area (the world is centred in it)
    status: Rect  # the right end of the narration's title row
    panel: Rect  # the right column: the card, the pair's words and numbers, the rulers
    world: Rect  # where the world's WORLD_SIZE lands, inside `scene`
    scale: float  # world units -> pixels, uniform (never stretched)
    origin: tuple[float, float]  # where world (0, 0) lands
    toolbar: Rect = (0, 0, 0, 0)  # the clickable controls, the whole width (else empty)
    title_lines: int = 1  # the title's lines (a long one takes two)

    def line(self, size: int) -> int:
        """The line height for text of `size` pixels."""
        return round(size * 1.28)

    @property
    def panel_sizes(self) -> tuple[int, int]:
        """(text, numbers) sizes in pixels in the right column: its words at the small
        size, the numbers under the rulers' bars a step smaller."""
        return self.small, max(8, round(self.small * 0.85))


def text_px(theme_size: int, scale: float) -> int:
    return max(8, round(theme_size * scale))


def chars_in(width: float, px: int) -> int:
    """How many characters of the monospaced font at `px` pixels surely fit in `width`
    pixels: the hinted font advances a whole number of pixels a character, and some
    glyphs (w, W, R, _ ...) reach one pixel past their advance at most sizes, so n
    characters take up to n advances + 1 pixel."""
    return max(1, int((width - 1) // max(1, round(px * CHAR_ADVANCE))))


def bands(status, overlays) -> tuple[tuple[str, ...], bool, bool]:
    """What a frame's bands are sized by, for this FrameModel and these Overlays, as
    compute_layout takes them: (the title and every text the narration says on this
    stage, HUD on, toolbar on). The frame and the app's pointer lay out the same way
    from it."""
    texts = (status.scene_title, *status.narration_texts)
    return texts, overlays.show_hud, status.controls is not None


def narration_size(
    texts: tuple[str, ...], width: float, title_room: float, body: int
) -> tuple[int, int]:
    """(title lines, text lines) the narration band needs for `texts` (the title first,
    in `title_room` pixels; the rest at `width`): the longest text's wrapped lines, at
    most MAX_NARRATION_LINES. A title that fits at the body size takes one line."""
    if not texts:
        return 1, 0
    title_lines = 1 if len(texts[0]) <= chars_in(title_room, body) else 2
    chars = chars_in(width, body)
    lines = max((len(wrap(text, chars)) for text in texts[1:]), default=0)
    return title_lines, min(lines, MAX_NARRATION_LINES)


def compute_layout(
    size: tuple[int, int],
    theme: Theme,
    texts: tuple[str, ...] = (),
    hud=True,
    toolbar=False,
) -> Layout:
    """The layout for a surface of `size`: the narration band as tall as `texts` need
    (the title, then what the band says; see `bands`), the right column as narrow as its
    PANEL_CHARS allow, and the world scaled into what is left. With the HUD off (`hud`
    False) the narration band takes no room at all. The toolbar (`toolbar` True) is a
    band of small text across the whole width at the bottom."""
    w, h_all = max(int(size[0]), 160), max(int(size[1]), 120)
    k = min(h_all / REFERENCE_HEIGHT, w / REFERENCE_WIDTH)
    small, body, title = (text_px(s, k) for s in (theme.font_small, theme.font, theme.font_title))
    pad = max(4, round(10 * k))
    toolbar_h = round(small * 1.28) + 2 * pad if toolbar else 0
    h = h_all - toolbar_h  # the bands above the toolbar share what is left
    line = round(body * 1.28)
    panel_w = max(PANEL_CHARS * small * CHAR_ADVANCE + 3 * pad, PANEL_SHARE * w)
    panel_w = round(min(panel_w, 0.46 * w))
    left_w = w - panel_w
    title_x = round(w * TITLE_SHARE)  # the status line's left: the title has the row to it
    width = w - 3 * pad
    # the HUD draws the title from 1.5 pads in up to the status line's left
    title_lines, lines = narration_size(texts, width, title_x - 1.5 * pad, body)
    title_h = round(title * 1.28) + (title_lines - 1) * line
    timeline_h = round(6 * k)  # paused, the kept steps' bar runs along the band's foot
    narration_h = pad + title_h + lines * line + pad // 2 + timeline_h if hud else 0
    status_h = title_h if hud else 0
    scene_h = max(1, h - narration_h)
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
        narration=(0, 0, w, narration_h),
        scene=(0, narration_h, left_w, scene_h),
        status=(title_x, pad if hud else 0, w - title_x, status_h),
        panel=(left_w, narration_h, panel_w, scene_h),
        world=world,
        scale=scale,
        origin=(wx, wy),
        toolbar=(0, h, w, toolbar_h),
        title_lines=title_lines,
    )


ZOOM_RANGE = (1.0, 16.0)  # fitted (1) to sixteen times closer; never further out than fitted


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


Box = tuple[float, float, float, float]  # world units: (min x, min y, max x, max y)
FRAME_SHARE = 0.4  # framing a pair: shape A is at most this share of the view each way
PAIR_SHARE = 0.6  # ... or this, when all of B is in view too (the pair gives the context)
NEAR_PARTNER = 2.5  # ... all of shape B shows when B is at most this many A's long
NEAR_REACH = 2.0  # ... else B's part within this many A's longer sides of A
VIEW_MARGIN = 0.1  # ... with this share of the view to spare each side (the normals, labels)
KEEP_MARGIN = 0.1  # a followed shape stays this share of the view inside its edges


def frame_pair(a: Box, b: Box, a_size: float | None = None) -> tuple[Camera, bool]:
    """The camera that frames a pair a lesson is about, and whether all of B is in it:
    shape A, and all of shape B when B is at most NEAR_PARTNER times A's size (a floor, a
    wall or a shape A sits inside is too big: its part within NEAR_REACH of A's size
    straight above, below or beside A shows), with VIEW_MARGIN of the view to spare each
    side, and never so close that A takes more than FRAME_SHARE of the view (PAIR_SHARE
    with all of B beside it). `a_size` is A's own longer side, which does not change as
    it turns (else its box's). The zoom is from the world's own size, WORLD_SIZE, so the
    box is in view in every layout (a scene area is at least as large as the fitted
    world in both directions).

    ::

        +------------------------------------+   the view: the box, scaled to fit
        |   +----------------------------+   |   margin: VIEW_MARGIN of the view
        |   |  +----+           +-----+  |   |
        |   |  | A  |           |  B  |  |   |   B inside when B <= NEAR_PARTNER x A
        |   |  +----+           +-----+  |   |   A alone: the box is A / FRAME_SHARE
        |   +----------------------------+   |
        +------------------------------------+
    """
    size = max(a_size if a_size is not None else max(a[2] - a[0], a[3] - a[1]), 1.0)
    whole = max(b[2] - b[0], b[3] - b[1]) <= NEAR_PARTNER * size
    box = union(a, b) if whole else a
    reach, side = NEAR_REACH * size, size / 2
    # B's part near A, what A is about to meet: within `reach` of A straight above or
    # below it (half A's size to either side), or straight left or right of it
    for near in (
        (a[0] - side, a[1] - reach, a[2] + side, a[3] + reach),
        (a[0] - reach, a[1] - side, a[2] + reach, a[3] + side),
    ):
        part = (max(b[0], near[0]), max(b[1], near[1]), min(b[2], near[2]), min(b[3], near[3]))
        if not whole and part[0] < part[2] and part[1] < part[3]:
            box = union(box, part)
    room = 1 - 2 * VIEW_MARGIN
    least = size / (PAIR_SHARE if whole else FRAME_SHARE)
    width = max((box[2] - box[0]) / room, least)
    height = max((box[3] - box[1]) / room, least)
    zoom = min(WORLD_SIZE[0] / width, WORLD_SIZE[1] / height)
    zoom = min(max(zoom, ZOOM_RANGE[0]), ZOOM_RANGE[1])
    return Camera(zoom, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2), whole


def union(a: Box, b: Box) -> Box:
    """The smallest box holding boxes `a` and `b`."""
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def keep_in_view(camera: Camera, box: Box) -> Camera:
    """The camera moved as little as it takes to keep `box` (world units) inside the
    view, KEEP_MARGIN from its edges: a shape that moves stays in view, one that does not
    leaves the camera still. The view is at least the fitted world's size over the zoom
    (every layout shows that much), so the rule holds for any window."""
    half_w = WORLD_SIZE[0] / camera.zoom / 2
    half_h = WORLD_SIZE[1] / camera.zoom / 2
    x = _keep(camera.x, half_w, box[0], box[2])
    y = _keep(camera.y, half_h, box[1], box[3])
    return camera if (x, y) == (camera.x, camera.y) else Camera(camera.zoom, x, y)


def _keep(centre: float, half: float, low: float, high: float) -> float:
    """`centre` moved as little as it takes for [low, high] to lie within the view's
    half-width `half`, less its margin (a span wider than that: its middle)."""
    inner = half * (1 - 2 * KEEP_MARGIN)
    if high - low > 2 * inner:
        return (low + high) / 2
    if low < centre - inner:
        return low + inner
    if high > centre + inner:
        return high - inner
    return centre
