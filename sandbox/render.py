"""Pygame drawing of a World and the SAT report of its pair on show, onto ANY Surface.

The renderer draws; it never changes the world and never recomputes physics or SAT.
What it explains comes from a `StepRecord` (``world.record`` or ``world.explain_now()``):
``record.shown`` holds the two shapes exactly as the narrow phase tested them and their
full report (every axis). Bodies are drawn at their current pose from ``world.geometry()``.

Layout (canvas coordinates, 1280 x 720, scaled uniformly to the target surface and
centred in it)::

    x <  SCENE_WIDTH   the world (pixels at zoom 1, y down), HUD panel top-left
    x >= SCENE_WIDTH   the axis rulers: one row per tested axis, in test order

Visual language: one Okabe-Ito palette per theme with fixed roles (shape A orange,
shape B sky blue, overlap vermillion, gap and separating axis bluish green, MTV reddish
purple, contacts yellow / blue); per-edge normal colours from Paul Tol's colour-blind-safe
sets. Text comes only from ``assets/DejaVuSansMono.ttf``; rendered labels are cached.
Same inputs give identical pixels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pygame

from .geometry import Circle, Polygon
from .physics import StepRecord, World
from .scene import CANVAS, SCENE_WIDTH

Color = tuple[int, int, int]

FONT_PATH = Path(__file__).resolve().parent.parent / "assets" / "DejaVuSansMono.ttf"
CROWDED = 12  # more bodies than this: details only for the pair on show
_TEXT_CACHE_LIMIT = 4096


def _hex(code: str) -> Color:
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


# Okabe & Ito (2008), the colour-blind-safe palette.
OI_ORANGE = _hex("#E69F00")
OI_SKY = _hex("#56B4E9")
OI_GREEN = _hex("#009E73")
OI_YELLOW = _hex("#F0E442")
OI_BLUE = _hex("#0072B2")
OI_VERMILLION = _hex("#D55E00")
OI_PURPLE = _hex("#CC79A7")


@dataclass(frozen=True)
class Overlays:
    """What to draw on top of the bodies (toggle with dataclasses.replace)."""

    show_normals: bool = True
    show_vertex_indices: bool = True
    show_projections: bool = True
    show_separating_axis: bool = True
    show_mtv: bool = True
    show_contacts: bool = True
    show_aabbs: bool = False
    show_hud: bool = True
    show_help: bool = False


@dataclass(frozen=True)
class HudStatus:
    """What the app knows and the world does not: scene, time controls, help."""

    scene_name: str
    scene_title: str
    lesson: str
    scene_number: int
    scene_count: int
    paused: bool
    speed_label: str
    fps: float | None  # None in screenshots: FPS is never drawn then
    help_lines: tuple[tuple[str, str], ...] = ()
    message: str | None = None
    resolve: bool = True


@dataclass(frozen=True)
class Theme:
    """One palette with fixed roles, line widths and text sizes (canvas pixels)."""

    name: str
    background: Color
    panel: Color  # the ruler panel
    divider: Color
    hud_bg: tuple[int, int, int, int]
    text: Color
    text_dim: Color
    shape_a: Color
    shape_b: Color
    text_a: Color  # A's colour where it is text (legible on the background)
    text_b: Color
    other: Color
    other_fill: Color
    static: Color
    static_fill: Color
    edge_colors: tuple[Color, ...]
    overlap: Color
    gap: Color
    separating: Color
    mtv: Color
    contact: Color
    aabb: Color
    sweep: Color
    ruler: Color
    row_highlight: tuple[int, int, int, int]
    fill_alpha: int
    line: int
    thin: int
    font_small: int
    font: int
    font_title: int
    normal_length: float


THEMES: dict[str, Theme] = {
    "dark": Theme(
        name="dark",
        background=(24, 26, 32),
        panel=(31, 34, 42),
        divider=(70, 74, 86),
        hud_bg=(10, 11, 15, 200),
        text=(235, 235, 235),
        text_dim=(160, 164, 175),
        shape_a=OI_ORANGE,
        shape_b=OI_SKY,
        text_a=OI_ORANGE,
        text_b=OI_SKY,
        other=(150, 154, 164),
        other_fill=(62, 65, 74),
        static=(110, 113, 122),
        static_fill=(44, 46, 54),
        # Paul Tol's "light" scheme: distinct for colour-blind viewers, bright on dark.
        edge_colors=tuple(
            _hex(c)
            for c in ("#77AADD", "#EE8866", "#EEDD88", "#FFAABB", "#99DDFF", "#44BB99", "#BBCC33")
        ),
        overlap=OI_VERMILLION,
        gap=OI_GREEN,
        separating=OI_GREEN,
        mtv=OI_PURPLE,
        contact=OI_YELLOW,
        aabb=(120, 124, 136),
        sweep=(86, 160, 216),  # Okabe-Ito blue, lifted to read on the dark background
        ruler=(120, 124, 136),
        row_highlight=(0, 158, 115, 48),
        fill_alpha=70,
        line=2,
        thin=1,
        font_small=14,
        font=16,
        font_title=19,
        normal_length=26.0,
    ),
    "projector": Theme(
        name="projector",
        background=(250, 250, 246),
        panel=(236, 236, 230),
        divider=(160, 160, 150),
        hud_bg=(255, 255, 255, 225),
        text=(0, 0, 0),
        text_dim=(70, 70, 70),
        shape_a=OI_ORANGE,
        shape_b=OI_SKY,
        text_a=(160, 100, 0),
        text_b=OI_BLUE,
        other=(90, 90, 90),
        other_fill=(205, 205, 200),
        static=(60, 60, 60),
        static_fill=(170, 170, 164),
        # Paul Tol's "muted" scheme: distinct for colour-blind viewers, dark enough on white.
        edge_colors=tuple(
            _hex(c)
            for c in ("#332288", "#CC6677", "#117733", "#882255", "#44AA99", "#999933", "#AA4499")
        ),
        overlap=OI_VERMILLION,
        gap=OI_GREEN,
        separating=OI_GREEN,
        mtv=_hex("#B0488A"),
        contact=OI_BLUE,
        aabb=(120, 120, 120),
        sweep=OI_BLUE,
        ruler=(90, 90, 90),
        row_highlight=(0, 158, 115, 55),
        fill_alpha=90,
        line=4,
        thin=2,
        font_small=17,
        font=20,
        font_title=24,
        normal_length=32.0,
    ),
}


# -- text -------------------------------------------------------------------------------

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


def _patch(size, rgba) -> pygame.Surface:
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


# -- the view: canvas coordinates -> surface pixels --------------------------------------


class _View:
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
            self.surface.blit(_patch(patch.size, (*self.theme.background, 190)), patch)
        self.surface.blit(surf, rect)
        return rect

    def text_canvas(
        self, text, pos, size, color, anchor="topleft", inside=None, halo=False
    ) -> pygame.Rect:
        return self.text(text, self.p(*pos), size, color, anchor, inside, halo)

    @property
    def scene_inner(self) -> pygame.Rect:
        return self.scene_rect.inflate(-round(12 * self.s), -round(12 * self.s))


# -- drawing primitives ---------------------------------------------------------------


def _dashed(surface, color, p, q, width=1, dash=8.0, gap=6.0) -> None:
    (x0, y0), (x1, y1) = p, q
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1e-9:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    t = 0.0
    while t < length:
        e = min(t + dash, length)
        pygame.draw.line(
            surface, color, (x0 + ux * t, y0 + uy * t), (x0 + ux * e, y0 + uy * e), width
        )
        t += dash + gap


def _dashed_polygon(surface, color, points, width=1, dash=8.0, gap=6.0) -> None:
    for k in range(len(points)):
        _dashed(surface, color, points[k], points[(k + 1) % len(points)], width, dash, gap)


def _arrow(surface, color, p, q, width, head) -> None:
    (x0, y0), (x1, y1) = p, q
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1e-9:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = min(head, length * 0.9) if length > head else head
    bx, by = x1 - ux * head, y1 - uy * head
    if length > head:
        pygame.draw.line(surface, color, (x0, y0), (bx, by), width)
    half = head * 0.5
    pygame.draw.polygon(
        surface,
        color,
        [(x1, y1), (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)],
    )


def _translucent_polygons(surface, items, alpha) -> None:
    """Fill polygons [(points, color)] with alpha, through one small SRCALPHA layer."""
    if not items:
        return
    xs = [x for pts, _ in items for x, _y in pts]
    ys = [y for pts, _ in items for _x, y in pts]
    clip = surface.get_clip()
    box = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs) - min(xs)) + 2, 0)
    box.height = math.ceil(max(ys) - min(ys)) + 2
    box = box.clip(clip)
    if box.width <= 0 or box.height <= 0:
        return
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    for pts, color in items:
        moved = [(x - box.x, y - box.y) for x, y in pts]
        part = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(part, (*color, alpha), moved)
        layer.blit(part, (0, 0))
    surface.blit(layer, box.topleft)


def _circle_points(center, radius, n=48) -> list:
    cx, cy = center
    return [
        (cx + radius * math.cos(2 * math.pi * k / n), cy + radius * math.sin(2 * math.pi * k / n))
        for k in range(n)
    ]


def _hull(points: np.ndarray) -> np.ndarray:
    """Convex hull (monotone chain) of a small point set."""
    pts = sorted({(float(x), float(y)) for x, y in points})
    if len(pts) < 3:
        return np.array(pts)

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return np.array(lower[:-1] + upper[:-1])


def _shape_outline(shape) -> np.ndarray:
    if isinstance(shape, Polygon):
        return np.asarray(shape.vertices)
    return np.array(_circle_points(shape.position, shape.radius))


def _mix(a: Color, b: Color, t: float) -> Color:
    return tuple(round(a[k] + (b[k] - a[k]) * t) for k in range(3))


# -- the scene ------------------------------------------------------------------------


_points_cache: dict = {}


def _screen_polygons(view: _View, world: World) -> list:
    """Screen-space vertex lists of every body, cached while the geometry arrays are the same
    (a paused world redraws for free). The cache keeps the array alive, so its id is unique."""
    vertices = world.geometry()["vertices"]
    key = (id(vertices), view.s, view.ox, view.oy)
    hit = _points_cache.get("polygons")
    if hit is not None and hit[0] == key and hit[1] is vertices:
        return hit[2]
    counts = world.vertex_count
    polygons: list = [()] * len(counts)
    for k in np.unique(counts).tolist():
        if k == 0:
            continue  # circles: drawn from position and radius
        rows = np.flatnonzero(counts == k)
        group = vertices[rows, :k] * view.s
        group[..., 0] += view.ox
        group[..., 1] += view.oy
        for i, pts in zip(rows.tolist(), group.tolist(), strict=True):
            polygons[i] = pts
    _points_cache["polygons"] = (key, vertices, polygons)
    return polygons


_hatch_cache: dict = {}


def _hatch(pts, spacing) -> list:
    """Diagonal hatching inside a convex polygon (screen points): the segments."""
    segments = []
    d = [p[0] + p[1] for p in pts]
    lo, hi = min(d), max(d)
    k = (math.floor(lo / spacing) + 1) * spacing
    n = len(pts)
    while k < hi:
        ends = []
        for i in range(n):
            a, b = d[i] - k, d[(i + 1) % n] - k
            if (a < 0) != (b < 0):
                t = a / (a - b)
                p, q = pts[i], pts[(i + 1) % n]
                ends.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
        if len(ends) >= 2:
            segments.append((ends[0], ends[1]))
        k += spacing
    return segments


def _draw_bodies(view: _View, world: World, pair: tuple[int, int] | None) -> None:
    """Every body but the pair on show, simply: one fill + one outline each (bulk arrays).
    Static bodies first, darker and hatched (when there are few of them); then the others."""
    theme = view.theme
    surf = view.surface
    polygons = _screen_polygons(view, world)
    skip = np.zeros(len(world.bodies), dtype=bool)
    if pair:
        skip[list(pair)] = True
    polygon = world.is_polygon & ~skip
    crowded = len(world.bodies) > CROWDED
    width = view.w(theme.thin if crowded else theme.line * 0.75)
    draw_polygon, draw_lines = pygame.draw.polygon, pygame.draw.lines

    static_polygons = np.flatnonzero(polygon & world.static).tolist()
    hatch = len(static_polygons) <= 50
    hatch_color = _mix(theme.static_fill, theme.static, 0.45)
    hatch_width = view.w(1)
    fill, line = theme.static_fill, theme.static
    for i in static_polygons:
        pts = polygons[i]
        draw_polygon(surf, fill, pts)
        if hatch:
            key = (tuple(map(tuple, pts)), view.s)
            segments = _hatch_cache.get(key)
            if segments is None:
                if len(_hatch_cache) > 256:
                    _hatch_cache.clear()
                segments = _hatch_cache[key] = _hatch(pts, 12 * view.s)
            for p, q in segments:
                pygame.draw.line(surf, hatch_color, p, q, hatch_width)
        draw_lines(surf, line, True, pts, width)

    fill, line = theme.other_fill, theme.other
    for i in np.flatnonzero(polygon & ~world.static).tolist():
        pts = polygons[i]
        draw_polygon(surf, fill, pts)
        draw_lines(surf, line, True, pts, width)

    for i in np.flatnonzero(~world.is_polygon & ~skip).tolist():
        fill, line = (
            (theme.static_fill, theme.static)
            if world.static[i]
            else (theme.other_fill, theme.other)
        )
        p = world.position[i]
        c = view.p(float(p[0]), float(p[1]))
        r = float(world.radius[i]) * view.s
        a = float(world.angle[i])
        pygame.draw.circle(surf, fill, c, r)
        pygame.draw.circle(surf, line, c, r, width)
        pygame.draw.line(surf, line, c, (c[0] + r * math.cos(a), c[1] + r * math.sin(a)), width)


def _draw_aabbs(view: _View, world: World) -> None:
    boxes = view.pts(world.geometry()["boxes"].reshape(-1, 2, 2))
    color = view.theme.aabb
    for (x0, y0), (x1, y1) in boxes:
        pygame.draw.rect(view.surface, color, pygame.Rect(x0, y0, x1 - x0, y1 - y0), 1)


def _draw_pair_bodies(view: _View, world: World, pair, roles) -> None:
    """The pair on show at its current pose: translucent fill in its role colour, outline."""
    theme = view.theme
    items = []
    outlines = []
    for index, color in zip(pair, roles, strict=True):
        shape = world.shape(index)
        pts = view.pts(_shape_outline(shape))
        items.append((pts, color))
        outlines.append((shape, pts, color, world.bodies[index].static))
    _translucent_polygons(view.surface, items, theme.fill_alpha)
    width = view.w(theme.line)
    for shape, pts, color, _static in outlines:
        if isinstance(shape, Polygon):
            pygame.draw.polygon(view.surface, color, pts, width)
        else:
            c = view.p(*shape.position)
            r = shape.radius * view.s
            pygame.draw.circle(view.surface, color, c, r, width)
            a = shape.angle
            pygame.draw.line(
                view.surface, color, c, (c[0] + r * math.cos(a), c[1] + r * math.sin(a)), width
            )
            pygame.draw.circle(view.surface, color, c, view.w(3))


def _draw_features(view: _View, shape, color: Color, letter: str, overlays: Overlays) -> None:
    """Normals at edge midpoints (per-edge colours), edge labels and vertex indices."""
    if not isinstance(shape, Polygon):
        return
    theme = view.theme
    surf = view.surface
    verts = np.asarray(shape.vertices)
    normals = np.asarray(shape.normals)
    mids = (verts + np.roll(verts, -1, axis=0)) / 2
    centroid = np.asarray(shape.centroid)
    box = shape.aabb()
    size = max(box.width, box.height)
    length = min(theme.normal_length, max(12.0, size * 0.45))
    fs = theme.font_small
    if size < 40:  # a tiny body: numbers would cover it, keep only the arrows
        overlays = Overlays(show_normals=overlays.show_normals, show_vertex_indices=False)
    if overlays.show_normals:
        for k in range(len(verts)):
            col = theme.edge_colors[k % len(theme.edge_colors)]
            m = mids[k]
            tip = m + normals[k] * length
            _arrow(surf, col, view.p(*m), view.p(*tip), view.w(theme.line), view.s * 9)
            if overlays.show_vertex_indices:
                lab = m + normals[k] * (length + 13)
                view.text_canvas(f"e{k}", lab, fs, col, "center")
    if overlays.show_vertex_indices:
        for k, v in enumerate(verts):
            d = v - centroid
            n = math.hypot(*d) or 1.0
            pos = v + d / n * 14
            view.text_canvas(str(k), pos, fs, color, "center")


def _draw_circle_axes(view: _View, shown) -> None:
    """Tutorial 004's circle axis: from the polygon's closest vertex to the circle's centre."""
    theme = view.theme
    for axis in shown.report.axes:
        if axis.feature != "closest vertex" or axis.feature_index is None:
            continue
        circle, other = (
            (shown.a_shape, shown.b_shape) if axis.owner == "a" else (shown.b_shape, shown.a_shape)
        )
        if not isinstance(circle, Circle) or not isinstance(other, Polygon):
            continue
        vertex = other.vertices[axis.feature_index]
        p, q = view.p(*vertex), view.p(*circle.position)
        _dashed(view.surface, theme.text, p, q, view.w(theme.thin), 6, 5)
        pygame.draw.circle(view.surface, theme.text, p, view.w(4))
        mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        view.text(
            "closest vertex axis",
            mid,
            theme.font_small,
            theme.text,
            "midleft",
            view.scene_inner,
            halo=True,
        )


def _draw_ghost(view: _View, shape, color: Color) -> None:
    pts = view.pts(_shape_outline(shape))
    _dashed_polygon(view.surface, _mix(color, view.theme.background, 0.35), pts, view.w(1.5))


def _moved(world: World, index: int, shape) -> bool:
    p = world.position[index]
    return (
        abs(float(p[0]) - shape.position[0]) > 0.05
        or abs(float(p[1]) - shape.position[1]) > 0.05
        or abs(float(world.angle[index]) - shape.angle) > 1e-4
    )


def _extremes(shape, u) -> tuple[np.ndarray, np.ndarray]:
    """The points of `shape` that project to its min and max on unit axis u."""
    u = np.asarray(u, dtype=float)
    if isinstance(shape, Polygon):
        v = np.asarray(shape.vertices)
        d = v @ u
        return v[int(np.argmin(d))], v[int(np.argmax(d))]
    c = np.asarray(shape.position)
    return c - u * shape.radius, c + u * shape.radius


def _draw_axis_projection(
    view: _View, shown, axis, overlays: Overlays, separating: bool, avoid: pygame.Rect | None
) -> None:
    """The classic picture: the axis beside the shapes, both projections dropped onto it,
    the gap (or overlap) highlighted, and the separating line across the middle of the gap."""
    theme = view.theme
    surf = view.surface
    u = np.asarray(axis.axis, dtype=float)
    w = np.array([-u[1], u[0]])
    a_shape, b_shape = shown.a_shape, shown.b_shape
    wa, wb = a_shape.project(w), b_shape.project(w)
    w_lo, w_hi = min(wa[0], wb[0]), max(wa[1], wb[1])
    (a_lo, a_hi), (b_lo, b_hi) = axis.a_interval, axis.b_interval
    lo_t, hi_t = min(a_lo, b_lo), max(a_hi, b_hi)
    mid_t = (lo_t + hi_t) / 2
    margin = 40.0

    def margin_of(point) -> float:
        x, y = point
        score = min(x - 10, SCENE_WIDTH - 10 - x, y - 10, CANVAS[1] - 10 - y, 60.0)
        if avoid is not None and avoid.inflate(20, 20).collidepoint(x, y):
            score -= 1000.0
        return score

    def score(c: float) -> float:
        ends = [lo_t * u + c * w, hi_t * u + c * w, mid_t * u + c * w]
        crossing = 25.0 if w_lo < c < w_hi else 0.0  # the axis would cross a shape
        near = min(abs(c - e) for e in (*wa, *wb))
        return min(margin_of(p) for p in ends) - crossing - 0.05 * near

    candidates = [w_hi + margin, w_lo - margin, w_hi + 2.5 * margin, w_lo - 2.5 * margin]
    # A huge body (a floor) leaves no room beside the pair: then try beside each shape,
    # and the offsets that keep the middle of the drawing inside the scene.
    candidates += [wa[1] + margin, wa[0] - margin, wb[1] + margin, wb[0] - margin]
    c_lo, c_hi = -math.inf, math.inf
    for k, (lo_k, hi_k) in enumerate(((40.0, SCENE_WIDTH - 40.0), (40.0, CANVAS[1] - 40.0))):
        if abs(w[k]) > 1e-9:
            e0, e1 = sorted(((lo_k - mid_t * u[k]) / w[k], (hi_k - mid_t * u[k]) / w[k]))
            c_lo, c_hi = max(c_lo, e0), min(c_hi, e1)
    if c_lo <= c_hi:
        candidates += [min(max(c, c_lo), c_hi) for c in candidates[:2]]
    c = max(candidates, key=score)
    side = 1.0 if c >= (w_lo + w_hi) / 2 else -1.0

    def at(t, off=0.0):
        return view.p(*(t * u + (c + side * off) * w))

    thin = view.w(theme.thin)
    thick = view.w(theme.line * 2.2)
    inner = view.scene_inner

    def label_off(text: str) -> float:
        """How far off the axis (canvas px) a centred label must sit to clear the bars."""
        half_w = len(text) * theme.font_small * 0.602 / 2
        half_h = theme.font_small * 0.6
        return 12 + half_w * abs(w[0]) + half_h * abs(w[1])

    # the axis itself, across the scene
    pygame.draw.line(
        surf, theme.separating if separating else theme.ruler, at(-3000), at(3000), thin
    )
    # the projections dropped onto it
    for shape, color in ((a_shape, theme.shape_a), (b_shape, theme.shape_b)):
        for point in _extremes(shape, u):
            t = float(point @ u)
            _dashed(surf, _mix(color, theme.background, 0.3), view.p(*point), at(t), thin, 5, 5)
    off = 5.0
    pygame.draw.line(surf, theme.shape_a, at(a_lo, -off), at(a_hi, -off), thick)
    pygame.draw.line(surf, theme.shape_b, at(b_lo, off), at(b_hi, off), thick)
    if axis.overlap < 0:
        g_lo, g_hi = (a_hi, b_lo) if a_hi <= b_lo else (b_hi, a_lo)
        pygame.draw.line(surf, theme.gap, at(g_lo), at(g_hi), view.w(theme.line * 3.2))
        for t in (g_lo, g_hi):
            pygame.draw.line(surf, theme.gap, at(t, -14), at(t, 14), view.w(theme.line))
        g_mid = (g_lo + g_hi) / 2
        label = f"gap {-axis.overlap:.1f}"
        view.text(
            label, at(g_mid, label_off(label)), theme.font_small, theme.gap, "center", inner, True
        )
        if separating and overlays.show_separating_axis:
            # the separating line: perpendicular to the axis, through the middle of the gap
            p = view.p(*(g_mid * u + (c - 3000 * side) * w))
            q = view.p(*(g_mid * u + (c + 3000 * side) * w))
            _dashed(surf, theme.separating, p, q, view.w(theme.line), 14, 8)
            name = _axis_name(axis)
            spots = [
                lo_t * u - 120 * u + (c + side * 22) * w,
                hi_t * u + 120 * u + (c + side * 22) * w,
            ]
            tag = max(spots, key=margin_of)
            view.text_canvas(
                f"separating axis ({name})",
                tag,
                theme.font_small,
                theme.separating,
                "center",
                inner,
                True,
            )
    else:
        o_lo, o_hi = max(a_lo, b_lo), min(a_hi, b_hi)
        pygame.draw.line(surf, theme.overlap, at(o_lo), at(o_hi), view.w(theme.line * 3.2))
        o_mid = (o_lo + o_hi) / 2
        view.text(
            label := f"overlap {axis.overlap:.1f}",
            at(o_mid, label_off(label)),
            theme.font_small,
            theme.overlap,
            "center",
            inner,
            True,
        )


def _draw_mtv(view: _View, shown, overlays: Overlays) -> None:
    theme = view.theme
    report = shown.report
    surf = view.surface
    if overlays.show_mtv:
        c = np.asarray(shown.a_shape.centroid, dtype=float)
        n = np.asarray(report.normal, dtype=float)
        mtv = np.asarray(report.mtv, dtype=float)
        min_len = 16.0
        tip = c + (mtv if report.depth >= min_len else n * min_len)
        pygame.draw.circle(surf, theme.mtv, view.p(*c), view.w(4))
        _arrow(surf, theme.mtv, view.p(*c), view.p(*tip), view.w(theme.line * 1.5), view.s * 14)
        label_at = tip + n * 22
        view.text_canvas("MTV", label_at, theme.font_small, theme.mtv, "center", halo=True)
    if overlays.show_contacts:
        for x, y in report.contacts:
            pygame.draw.circle(surf, theme.contact, view.p(x, y), view.w(7), view.w(theme.line))
            pygame.draw.circle(surf, theme.contact, view.p(x, y), view.w(2))


def _draw_sweeps(view: _View, world: World, record: StepRecord) -> None:
    """Each bullet's swept test this tick: the band its shape sweeps over the motion, where it
    would have ended (dashed), and the first touch where the swept test stopped it."""
    theme = view.theme
    surf = view.surface
    inner = view.scene_inner
    for ev in record.sweeps:
        body = world.bodies[ev.body]
        angle = float(world.angle[ev.body])
        start = body.shape.placed(ev.start, angle)
        end_pos = (ev.start[0] + ev.motion[0], ev.start[1] + ev.motion[1])
        end = body.shape.placed(end_pos, angle)
        a, b = _shape_outline(start), _shape_outline(end)
        band = _hull(np.vstack([a, b]))
        _translucent_polygons(surf, [(view.pts(band), theme.sweep)], 70)
        pygame.draw.polygon(surf, theme.sweep, view.pts(band), view.w(1))
        _dashed_polygon(surf, theme.sweep, view.pts(b), view.w(theme.thin), 5, 4)
        pygame.draw.polygon(surf, theme.sweep, view.pts(a), view.w(theme.thin))
        # the motion this tick, as an arrow above the band
        length = math.hypot(*ev.motion)
        if length > 1e-9:
            nx, ny = -ev.motion[1] / length, ev.motion[0] / length
            box = start.aabb()
            lift = max(box.width, box.height) / 2 + 14
            p0 = (ev.start[0] - nx * lift, ev.start[1] - ny * lift)
            p1 = (end_pos[0] - nx * lift, end_pos[1] - ny * lift)
            _arrow(surf, theme.sweep, view.p(*p0), view.p(*p1), view.w(theme.thin), 9 * view.s)
            label_at = view.p(p0[0] - nx * 16, p0[1] - ny * 16)
            view.text(
                f"moves {length:.0f} px this tick",
                label_at,
                theme.font_small,
                theme.sweep,
                "midleft",
                inner,
                True,
            )
        if ev.fraction is None:
            continue
        hit_pos = (
            ev.start[0] + ev.motion[0] * ev.fraction,
            ev.start[1] + ev.motion[1] * ev.fraction,
        )
        hit = body.shape.placed(hit_pos, angle)
        pygame.draw.polygon(surf, theme.gap, view.pts(_shape_outline(hit)), view.w(theme.line))
        hp = view.p(*hit_pos)
        pygame.draw.circle(surf, theme.gap, hp, view.w(6), view.w(2))
        view.text(
            f"swept test: first touch at t = {ev.fraction:.2f}, stopped here",
            (hp[0], hp[1] + 26 * view.s),
            theme.font_small,
            theme.gap,
            "midright",
            inner,
            True,
        )


# -- the axis rulers ----------------------------------------------------------------


def _axis_name(axis) -> str:
    owner = axis.owner.upper()
    if axis.feature == "edge":
        return f"e{axis.feature_index} {owner}"
    if axis.feature == "closest vertex":
        return f"closest vertex v{axis.feature_index}"
    return str(axis.feature)


def _axis_color(theme: Theme, axis) -> Color:
    if axis.feature == "edge" and axis.feature_index is not None:
        return theme.edge_colors[axis.feature_index % len(theme.edge_colors)]
    return theme.text


def _draw_rulers(view: _View, record: StepRecord | None) -> None:
    theme = view.theme
    surf = view.surface
    s = view.s
    x0 = SCENE_WIDTH + 14
    x1 = CANVAS[0] - 14
    fs = theme.font_small
    line_h = fs + 6
    y = 10
    view.text_canvas("Projections on each axis", (x0, y), theme.font, theme.text)
    y += theme.font + 8
    if record is None or record.shown is None:
        view.text_canvas("no pair on show", (x0, y + 10), fs, theme.text_dim)
        return
    report = record.shown.report
    axes = report.axes
    skipped = len(report.skipped)
    key_y = y
    kx = x0
    for name, color in (("A", theme.shape_a), ("B", theme.shape_b)):
        pygame.draw.line(
            surf, color, view.p(kx, key_y + fs / 2), view.p(kx + 22, key_y + fs / 2), view.w(6)
        )
        r = view.text_canvas(
            name, (kx + 28, key_y), fs, theme.text_a if name == "A" else theme.text_b
        )
        kx = (r.right - view.ox) / s + 16
    for name, color in (("overlap", theme.overlap), ("gap", theme.gap)):
        pygame.draw.line(
            surf, color, view.p(kx, key_y + fs / 2), view.p(kx + 22, key_y + fs / 2), view.w(6)
        )
        r = view.text_canvas(name, (kx + 28, key_y), fs, color)
        kx = (r.right - view.ox) / s + 16
    y += line_h + 4

    footer = CANVAS[1] - 12 - line_h * 2
    available = footer - y
    min_h = fs + 6 + 20
    max_h = fs * 2 + 40
    rows = len(axes)
    shown_rows = rows
    row_h = max_h
    if rows:
        row_h = min(max_h, available / rows)
        if row_h < min_h:
            row_h = min_h
            shown_rows = max(1, int((available - line_h) // row_h))
    sep = report.separating
    mtv_axis = report.mtv_axis
    for k in range(min(rows, shown_rows)):
        _draw_ruler_row(view, axes[k], x0, x1, y, row_h, sep, mtv_axis)
        y += row_h
    if shown_rows < rows:
        view.text_canvas(f"+{rows - shown_rows} more", (x0, y + 2), fs, theme.text_dim)
    # footer: counts
    fy = CANVAS[1] - 12 - line_h * 2
    pygame.draw.line(surf, theme.divider, view.p(x0, fy - 4), view.p(x1, fy - 4), 1)
    plural = "axis" if skipped == 1 else "axes"
    view.text_canvas(
        f"{rows} tested, {skipped} parallel {plural} skipped", (x0, fy), fs, theme.text_dim
    )
    if sep is not None:
        verdict = f"{_axis_name(sep)} separates: no collision"
        color = theme.gap
    else:
        verdict = "every axis overlaps: collision"
        color = theme.overlap
    view.text_canvas(verdict, (x0, fy + line_h), fs, color)


def _draw_ruler_row(view: _View, axis, x0, x1, y, h, sep, mtv_axis) -> None:
    theme = view.theme
    surf = view.surface
    s = view.s
    fs = theme.font_small
    is_sep = sep is not None and axis.index == sep.index
    is_mtv = mtv_axis is not None and axis.index == mtv_axis.index
    if is_sep or is_mtv:
        hl = theme.row_highlight if is_sep else (*theme.mtv, 45)
        band = _patch((round((x1 - x0 + 10) * s), max(1, round((h - 3) * s))), hl)
        surf.blit(band, view.p(x0 - 5, y))
        stripe = theme.separating if is_sep else theme.mtv
        pygame.draw.rect(
            surf, stripe, pygame.Rect(*view.p(x0 - 8, y), max(2, round(4 * s)), round((h - 3) * s))
        )
    # direction glyph: the axis as it points on screen
    cx, cy = x0 + 9, y + 3 + fs / 2
    ux, uy = axis.axis
    col = _axis_color(theme, axis)
    pygame.draw.circle(surf, theme.divider, view.p(cx, cy), 9 * s, 1)
    _arrow(
        surf,
        col,
        view.p(cx - ux * 8, cy - uy * 8),
        view.p(cx + ux * 8, cy + uy * 8),
        view.w(2),
        6 * s,
    )
    name_rect = view.text_canvas(_axis_name(axis), (x0 + 24, y + 3), fs, col)
    if axis.overlap < 0:
        result, rcol = f"gap {-axis.overlap:.1f}", theme.gap
    elif axis.depth > axis.overlap + 1e-9:
        # One interval inside the other: the way out is longer than the shared length.
        result, rcol = f"inside, out {axis.depth:.1f}", theme.overlap
    else:
        result, rcol = f"overlap {axis.overlap:.1f}", theme.overlap
    res_rect = view.text_canvas(result, (x1, y + 3), fs, rcol, "topright")
    tags = []
    if is_sep:
        tags.append(("SEPARATES", theme.separating))
    if is_mtv:
        tags.append(("MTV", theme.mtv))
    tx = (res_rect.left - view.ox) / s - 10
    for tag, tcol in tags:
        r = view.text_canvas(tag, (tx, y + 3), fs, tcol, "topright")
        if r.left < name_rect.right + 4:
            pass
        tx = (r.left - view.ox) / s - 8
    # the ruler
    top = y + fs + 8
    bar_h = max(6.0, min(12.0, (h - fs - 14) / 2))
    (a_lo, a_hi), (b_lo, b_hi) = axis.a_interval, axis.b_interval
    lo, hi = min(a_lo, b_lo), max(a_hi, b_hi)
    span = max(hi - lo, 1e-6)
    pad = span * 0.08
    rx0, rx1 = x0 + 4, x1 - 4

    def xt(t):
        return rx0 + (t - (lo - pad)) / (span + 2 * pad) * (rx1 - rx0)

    base = top + bar_h * 2 + 2
    pygame.draw.line(surf, theme.ruler, view.p(rx0, base), view.p(rx1, base), 1)
    if axis.overlap < 0:
        g_lo, g_hi = (a_hi, b_lo) if a_hi <= b_lo else (b_hi, a_lo)
        seg_col, s_lo, s_hi = theme.gap, g_lo, g_hi
    else:
        seg_col, s_lo, s_hi = theme.overlap, max(a_lo, b_lo), min(a_hi, b_hi)
    band = pygame.Surface(
        (max(1, round((xt(s_hi) - xt(s_lo)) * s)), max(1, round((bar_h * 2 + 4) * s))),
        pygame.SRCALPHA,
    )
    band.fill((*seg_col, 90))
    surf.blit(band, view.p(xt(s_lo), top - 1))
    for t_lo, t_hi, color, yy in (
        (a_lo, a_hi, theme.shape_a, top),
        (b_lo, b_hi, theme.shape_b, top + bar_h + 1),
    ):
        r = pygame.Rect(
            *view.p(xt(t_lo), yy),
            max(1, round((xt(t_hi) - xt(t_lo)) * s)),
            max(1, round((bar_h - 1) * s)),
        )
        pygame.draw.rect(surf, color, r)
    pygame.draw.line(surf, seg_col, view.p(xt(s_lo), base), view.p(xt(s_hi), base), view.w(4))
    for t in (s_lo, s_hi):
        pygame.draw.line(
            surf, seg_col, view.p(xt(t), top - 2), view.p(xt(t), base + 2), view.w(1.5)
        )


# -- HUD and help ---------------------------------------------------------------------


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


def _panel(view: _View, rect_canvas: tuple[float, float, float, float], rgba) -> pygame.Rect:
    x, y, w, h = rect_canvas
    px, py = view.p(x, y)
    rect = pygame.Rect(round(px), round(py), round(w * view.s), round(h * view.s))
    view.surface.blit(_patch(tuple(rect.size), tuple(rgba)), rect)
    return rect


def _line_text(text) -> str:
    return text if isinstance(text, str) else "".join(part for part, _ in text)


def _hud_layout(world: World, record: StepRecord | None, status: HudStatus, theme: Theme):
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


def _draw_hud(view: _View, world: World, record: StepRecord | None, status: HudStatus) -> None:
    theme = view.theme
    fs = theme.font_small
    pad = 10
    lines, box = _hud_layout(world, record, status, theme)
    _panel(view, box, theme.hud_bg)
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
    _panel(view, (8, bottom - fs - 8, fs * 0.602 * len(hint) + 16, fs + 8), theme.hud_bg)
    view.text_canvas(hint, (16, bottom - 4), fs, theme.text_dim, "bottomleft")
    if status.message:
        msg_w = len(status.message) * theme.font * 0.602 + 28
        cx = SCENE_WIDTH / 2
        _panel(
            view, (cx - msg_w / 2, bottom - theme.font - 16, msg_w, theme.font + 12), theme.hud_bg
        )
        view.text_canvas(status.message, (cx, bottom - 10), theme.font, theme.text, "midbottom")


def _draw_help(view: _View, status: HudStatus) -> None:
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
    rect = _panel(view, (x, y, width, height), bg)
    pygame.draw.rect(view.surface, theme.divider, rect, view.w(2))
    view.text_canvas("Keys", (x + width / 2, y + 14), theme.font_title, theme.text, "midtop")
    yy = y + 14 + theme.font_title + 14
    for keys, action in rows:
        if yy + line_h > y + height:
            break
        view.text_canvas(keys, (x + 24, yy), fs, theme.text_a)
        view.text_canvas(action, (x + 24 + key_w + 32, yy), fs, theme.text)
        yy += line_h


# -- the entry point --------------------------------------------------------------------


def draw(
    surface: pygame.Surface,
    world: World,
    record: StepRecord | None,
    overlays: Overlays,
    theme: Theme,
    status: HudStatus,
) -> None:
    """Draw the world, the SAT explanation of `record` and the HUD onto `surface`."""
    view = _View(surface, theme)
    surface.fill(theme.background)
    shown = record.shown if record is not None else None
    pair = (shown.a, shown.b) if shown is not None else None
    crowded = len(world.bodies) > CROWDED

    old_clip = surface.get_clip()
    surface.set_clip(view.scene_rect.clip(old_clip))
    _draw_bodies(view, world, pair)
    if overlays.show_aabbs:
        _draw_aabbs(view, world)
    if record is not None and record.sweeps:
        _draw_sweeps(view, world, record)
    if shown is not None:
        roles = (theme.shape_a, theme.shape_b)
        _draw_pair_bodies(view, world, pair, roles)
        report = shown.report
        for index, shape, color in (
            (shown.a, shown.a_shape, theme.shape_a),
            (shown.b, shown.b_shape, theme.shape_b),
        ):
            if _moved(world, index, shape):
                _draw_ghost(view, shape, color)
        if report.separating is not None and overlays.show_separating_axis:
            avoid = None
            if overlays.show_hud:
                avoid = pygame.Rect(_hud_layout(world, record, status, theme)[1])
            _draw_axis_projection(view, shown, report.separating, overlays, True, avoid)
        for shape, color, letter in (
            (shown.a_shape, theme.shape_a, "A"),
            (shown.b_shape, theme.shape_b, "B"),
        ):
            _draw_features(view, shape, color, letter, overlays)
        _draw_circle_axes(view, shown)
        if report.colliding:
            _draw_mtv(view, shown, overlays)
    elif not crowded:
        pass
    surface.set_clip(old_clip)

    # the ruler panel
    pygame.draw.rect(surface, theme.panel, view.panel_rect)
    pygame.draw.line(
        surface, theme.divider, view.panel_rect.topleft, view.panel_rect.bottomleft, view.w(2)
    )
    surface.set_clip(view.panel_rect.clip(old_clip))
    if overlays.show_projections:
        _draw_rulers(view, record)
    else:
        view.text_canvas(
            "projections hidden", (SCENE_WIDTH + 14, 12), theme.font_small, theme.text_dim
        )
    surface.set_clip(old_clip)

    if overlays.show_hud:
        surface.set_clip(view.scene_rect.clip(old_clip))
        _draw_hud(view, world, record, status)
        surface.set_clip(old_clip)
    if overlays.show_help:
        _draw_help(view, status)


__all__ = ["HudStatus", "Overlays", "THEMES", "Theme", "draw", "load_font"]
