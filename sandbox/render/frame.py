"""`draw`: the one entry point that draws a World and its pair on show onto ANY Surface.

The renderer draws; it never changes the world and never recomputes physics or SAT.
What it explains comes from a `StepRecord` (``world.record`` or ``world.explain_now(asked)``):
``record.shown`` holds the two shapes exactly as the narrow phase tested them and their
full report (every axis). Bodies are drawn at their current pose from ``world.geometry()``.

Layout (`layout.compute_layout`, for the surface's own size): the narration band (title,
the status line at its row's right end, the teacher's or the scene's words) across the
top; under it the scene, where the world is scaled uniformly and centred (or the camera's
view); on the right a lesson's card, the pair's words and numbers, and the axis rulers.
Nothing is stretched; text follows the surface height.

Visual language: one Okabe-Ito palette per theme with fixed roles (shape A orange,
shape B sky blue, overlap vermillion, gap and separating axis bluish green, MTV reddish
purple, contacts yellow / blue); per-edge normal colours from Paul Tol's colour-blind-safe
sets. Text comes only from ``assets/DejaVuSansMono.ttf``; rendered labels are cached.
Same inputs give identical pixels.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..physics.records import StepRecord
from ..physics.world import World
from .bodies import draw_aabbs, draw_bodies, draw_ghost, draw_pair_bodies, has_moved
from .controls import draw_controls
from .demos import demo_for
from .editor import draw_edit
from .features import draw_circle_axes, draw_features
from .hand import draw_hand
from .help import draw_help, draw_words
from .hud import draw_hud, draw_pair_block
from .impulses import draw_impulses
from .layout import bands
from .lesson import draw_card, draw_menu
from .minkowski import draw_minkowski
from .mtv import draw_mtv
from .overlays import FrameModel, Overlays
from .pieces import draw_convexity, draw_shown_pieces
from .rulers import draw_rulers, rulers_height
from .separating import draw_axis_projection
from .sweeps import draw_moment, draw_sweeps
from .theme import Theme
from .view import PlacedText, View
from .walk import draw_walk
from .words import wrap


@dataclass(frozen=True)
class FrameReport:
    """What a frame drew: every text rectangle (help excluded) and the labels dropped."""

    texts: tuple[PlacedText, ...]
    dropped: int
    help_fits: bool
    help_texts: tuple[PlacedText, ...] = ()  # drawn over the frame: the help, the F7 words
    markers: tuple[tuple[int, int, int, int], ...] = ()  # vertex markers no label may cover
    # (what, screen points) of the geometry drawn from the numbers: "axis" (t = 0 and
    # t = 1 along the axis drawn), "A interval", "B interval", "mtv" (tail, head),
    # "dot shadow" (origin, end): the tests map the report's numbers and compare
    marks: tuple[tuple[str, tuple[tuple[float, float], ...]], ...] = ()
    layout: object = None  # the frame's Layout (render/layout.py)
    controls: tuple = ()  # the clickable controls drawn (render/controls.Clickable)


def draw(
    surface: pygame.Surface,
    world: World,
    record: StepRecord | None,
    overlays: Overlays,
    theme: Theme,
    status: FrameModel,
) -> FrameReport:
    """Draw the world, the SAT explanation of `record` and the HUD onto `surface`."""
    layout_bands = bands(status, overlays)  # the narration's texts, the HUD, the toolbar
    view = View(surface, theme, *layout_bands, camera=status.camera, words=status.language)
    demo = status.demo is not None  # a lesson of its own: no SAT pair drawn
    shown = record.shown if record is not None and not demo else None
    pair = (shown.a, shown.b) if shown is not None else None

    old_clip = surface.get_clip()
    _draw_static(view, world, pair, layout_bands)
    surface.set_clip(view.scene_rect.clip(old_clip))
    draw_bodies(view, world, pair, "moving")
    if overlays.show_aabbs:
        draw_aabbs(view, world)
    if status.moment is not None:
        draw_moment(view, world, status.moment, record)
    if record is not None and record.sweeps:
        draw_sweeps(view, world, record)
    if shown is not None:
        _draw_pair(view, world, record, overlays, status)
    own = demo_for(status.demo, world, status.space)  # a demo of its own: render/demos.py
    if own is not None:
        own.scene(view, world, status.space)
    if status.outline_test and world.controlled is not None:
        draw_convexity(view, world, world.controlled)
    draw_hand(view, world)
    if status.edit is not None:
        draw_edit(view, status.edit)
    dropped = view.place_labels()
    surface.set_clip(old_clip)

    _draw_panel(view, world, record, overlays, status, own, old_clip)

    if overlays.show_hud:
        draw_hud(view, status, world.tick)
    controls = draw_controls(view, status.controls) if status.controls is not None else ()
    texts = tuple(view.placed)
    help_fits = True
    if status.menu is not None:
        draw_menu(view, status.menu, status.menu_focus)
    if overlays.show_help:
        view.region = "help"
        help_fits = draw_help(view, status)
    elif status.words:
        view.region = "words"
        draw_words(view, status.words)
    markers = tuple(tuple(r) for r in view.blocked)
    help_texts = tuple(view.placed[len(texts) :])
    marks = tuple(view.marks)
    return FrameReport(texts, dropped, help_fits, help_texts, markers, marks, view.layout, controls)


def _draw_pair(
    view: View, world: World, record: StepRecord, overlays: Overlays, status: FrameModel
) -> None:
    """The SAT explanation of the pair on show (`record.shown`) in the scene: the pair's
    bodies and pieces, ghosts where they moved, the step-through or the separating axis,
    each shape's edges and normals (parallel repeats dashed), the circle axes, the MTV,
    the impulses and the Minkowski inset, as the overlays ask."""
    theme = view.theme
    shown = record.shown
    pair = (shown.a, shown.b)
    roles = (theme.shape_a, theme.shape_b)
    draw_pair_bodies(view, world, pair, roles)
    draw_shown_pieces(view, world, shown)
    report = shown.report
    for index, shape, color in (
        (shown.a, shown.a_shape, theme.shape_a),
        (shown.b, shown.b_shape, theme.shape_b),
    ):
        if has_moved(world, index, shape):
            draw_ghost(view, shape, color)
    walking = status.walk is not None
    if walking:
        draw_walk(view, shown, status.walk, overlays, record)
    elif report.separating is not None and overlays.show_separating_axis:
        draw_axis_projection(view, shown, report.separating, overlays, True)
    skipped = {"a": set(), "b": set()}  # normals drawn dashed: parallel repeats
    if not status.hiding:  # (a question waits: marking the repeats would count them)
        for repeat in report.skipped:
            skipped[repeat.owner].add(repeat.feature_index)
    for shape, color, letter in (
        (shown.a_shape, theme.shape_a, "A"),
        (shown.b_shape, theme.shape_b, "B"),
    ):
        draw_features(view, shape, color, letter, overlays, skipped[letter.lower()])
    draw_circle_axes(view, shown)
    if report.colliding and not walking:
        draw_mtv(view, shown, overlays)
    if overlays.show_impulses:
        draw_impulses(view, world, pair)
    if overlays.show_minkowski:
        draw_minkowski(
            view,
            shown,
            status.walk.step.axis if walking else (report.separating or report.mtv_axis),
            _pair_boxes(view, shown),
        )


def _draw_panel(
    view: View, world: World, record, overlays: Overlays, status: FrameModel, own, old_clip
) -> None:
    """The right column, clipped to it: a lesson's card, the pair's words and numbers, then
    the rulers (or a demo's own panel, or why the rulers are not shown); the surface's
    clip `old_clip` is restored after."""
    theme = view.theme
    surface = view.surface
    surface.set_clip(view.panel_rect.clip(old_clip))
    view.region = "panel"
    top = view.panel_rect.top
    if status.card is not None:
        view.region = "card"
        top = draw_card(view, status.card, top, status.slide)
        view.region = "panel"
    if overlays.show_hud:
        evidence = rulers_height(view, record) if own is None and overlays.show_projections else 0
        top = draw_pair_block(view, world, record, status, top, evidence)
    if own is not None:
        own.panel(view, world, status.space, top, status.hiding)
    elif overlays.show_projections:
        draw_rulers(view, record, top, status.walk)
    else:
        lay = view.layout
        note = view.tr("projections hidden (X)")
        if status.hiding:
            note = view.tr("rulers: once answered")
        x, width = view.panel_rect.x + lay.pad * 1.5, view.panel_rect.width - lay.pad * 3
        y = top + lay.pad
        for line in wrap(note, view.chars(width, lay.small)):  # whole lines, in the panel
            if y + lay.line(lay.small) > view.panel_rect.bottom:
                break
            view.text_px(line, (x, y), lay.small, theme.text_dim)
            y += lay.line(lay.small)
    surface.set_clip(old_clip)


def _pair_boxes(view: View, shown) -> list[pygame.Rect]:
    """The pair on show's bounding boxes on screen (what an inset should not cover)."""
    rects = []
    for shape in (shown.a_shape, shown.b_shape):
        box = shape.aabb()
        (x0, y0), (x1, y1) = view.p(box.min_x, box.min_y), view.p(box.max_x, box.max_y)
        rects.append(pygame.Rect(round(x0), round(y0), round(x1 - x0) + 1, round(y1 - y0) + 1))
    return rects


_layers: dict = {}


def _draw_static(view: View, world: World, pair, bands: tuple) -> None:
    """The background, the panels' backgrounds and the static bodies (but the pair on
    show), the same pixels either way: one layer drawn once and blitted while the size,
    theme, pair, static bodies and camera stay the same; while the camera moves (it
    follows the pair), the background layer blitted and the static bodies drawn on it
    through the frame's own view."""
    surface, theme, camera = view.surface, view.theme, view.camera
    statics = world.static
    # Only a static member of the pair is left off the layer: a pair of moving bodies
    # (a pile's) changing keeps the layer.
    pair = tuple(i for i in pair if statics[i]) if pair else ()
    key = (
        surface.get_size(),
        theme,
        bands,
        pair,
        statics.tobytes(),
        world.position[statics].tobytes(),
        world.angle[statics].tobytes(),
    )
    hit = _layers.get("layer")
    if hit is not None and hit[0] == (key, camera):
        surface.blit(hit[1], (0, 0))
        return
    moving = _layers.get("camera") != (key, camera) and hit is not None and hit[0][0] == key
    _layers["camera"] = (key, camera)  # a camera that stood still a frame: a layer again
    if not moving:
        surface.blit(_static_layer(surface, theme, world, pair, bands, camera, key), (0, 0))
        return
    surface.blit(_background(surface, theme, bands), (0, 0))
    old_clip = surface.get_clip()  # (the layer's blit kept to it: so do the bodies)
    surface.set_clip(view.scene_rect.clip(old_clip))
    draw_bodies(view, world, pair, "static")
    _panels(surface, view)  # (over the bodies, as on the layer: here only where they meet)
    surface.set_clip(old_clip)


def _panels(layer, view: View) -> None:
    theme = view.theme
    for rect in (view.narration_rect, view.panel_rect):
        pygame.draw.rect(layer, theme.panel, rect)
    pr = view.panel_rect
    pygame.draw.line(layer, theme.divider, pr.topleft, pr.bottomleft, view.w(2))


def _background(surface, theme: Theme, bands: tuple) -> pygame.Surface:
    """The background and the panels' backgrounds alone (no body), drawn once a size,
    theme and layout."""
    key = (surface.get_size(), theme, bands)
    hit = _layers.get("background")
    if hit is not None and hit[0] == key:
        return hit[1]
    layer = pygame.Surface(surface.get_size(), 0, surface)  # the target's format
    layer.fill(theme.background)
    _panels(layer, View(layer, theme, *bands))
    _layers["background"] = (key, layer)
    return layer


def _static_layer(surface, theme: Theme, world: World, pair, bands, camera, key):
    """The background, the panels' backgrounds and the static bodies (but the pair on show)
    on one layer, kept for the next frames under `key` and `camera`."""
    layer = _layer_surface(surface)
    layer_view = View(layer, theme, *bands, camera=camera)  # (texts, HUD, toolbar)
    layer.fill(theme.background)
    layer.set_clip(layer_view.scene_rect)
    draw_bodies(layer_view, world, pair, "static")
    layer.set_clip(None)
    _panels(layer, layer_view)
    _layers["layer"] = ((key, camera), layer)
    return layer


def _layer_surface(surface) -> pygame.Surface:
    """A surface of the target's size and format for a new static layer: the old layer's,
    filled over whole (allocating 8 MB at 1920x1080 costs three times the fill)."""
    hit = _layers.get("layer")
    if hit is not None:
        old = hit[1]
        mine = (old.get_size(), old.get_bitsize(), old.get_masks())
        if mine == (surface.get_size(), surface.get_bitsize(), surface.get_masks()):
            return old
    return pygame.Surface(surface.get_size(), 0, surface)  # the target's format
