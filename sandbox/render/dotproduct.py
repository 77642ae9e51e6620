"""Tutorial 003's dot-product demo: two vectors from one origin, the shadow of a on b,
the angle, the sign in colour and in words; then a polygon dropped onto the axis along
b as SAT drops it: every vertex's foot on the axis, the least and greatest kept, the
others greyed. Numbers from core.dot; b's tip is the scene's controlled body.
"""

from __future__ import annotations

import math

import numpy as np
import pygame

from ..core.dot import dot_facts, project_vertices
from ..core.geometry import Polygon
from ..core.locales import N_
from ..core.portable import atan2, cos_sin
from ..physics.world import World
from ..scenes.builtin import DOT_A, DOT_ORIGIN
from .language import ENGLISH_WORDS, Language
from .primitives import arrow, dashed, mix
from .view import EDGE_LABEL, KEY_LABEL, MEASURE, View
from .words import wrap

ROLE = {"positive": "overlap", "zero": "text", "negative": "gap"}


def vectors(world: World) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(origin, a, b) in world units: b runs from the origin to the controlled tip."""
    origin = np.asarray(DOT_ORIGIN)
    tip = world.centres()[world.controlled]
    return origin, np.asarray(DOT_A), tip - origin


SIGNS = {"positive": N_("positive"), "zero": N_("zero"), "negative": N_("negative")}


def narration_words(world: World, tr: Language = ENGLISH_WORDS) -> tuple[str, str]:
    _, a, b = vectors(world)
    facts = dot_facts(a, b)
    meaning = {
        "positive": tr("under 90°: b points along a"),
        "zero": tr("exactly 90°: perpendicular, no shadow"),
        "negative": tr("over 90°: b points against a"),
    }[facts.sign]
    said = tr("a·b = {dot:.0f}: {sign}, θ = {angle:.1f}° ({meaning}).")
    sign = tr(SIGNS[facts.sign])
    return (
        said.format(dot=facts.dot, sign=sign, angle=facts.angle_degrees, meaning=meaning),
        ROLE[facts.sign],
    )


def draw_dot_product(view: View, world: World) -> None:
    """The scene half: vectors, angle, shadow; the polygon dropped onto b's axis."""
    theme = view.theme
    surf = view.surface
    origin, a, b = vectors(world)
    facts = dot_facts(a, b)
    line = view.w(theme.line * 1.4)
    sign_color = getattr(theme, ROLE[facts.sign])
    lb = facts.length_b
    u = b / lb if lb else np.array([1.0, 0.0])

    # the axis along b, across the scene, and the polygon dropped onto it (SAT's step)
    pygame.draw.line(
        surf, theme.ruler, view.p(*(origin - 2000 * u)), view.p(*(origin + 2000 * u)), 1
    )
    polygon = next(
        world.shape(i) for i in range(len(world.bodies)) if isinstance(world.shape(i), Polygon)
    )
    verts = np.asarray(polygon.vertices)
    d, low, high = project_vertices(verts - origin, u)
    for k, (vertex, t) in enumerate(zip(verts, d, strict=True)):
        foot = origin + t * u
        kept = k in (low, high)
        color = theme.shape_b if kept else mix(theme.text_dim, theme.background, 0.35)
        dashed(surf, color, view.p(*vertex), view.p(*foot), view.w(1.5 if kept else 1), 5, 4)
        pygame.draw.circle(surf, color, view.p(*foot), view.w(4 if kept else 2.5))
        if kept:
            pygame.draw.circle(surf, color, view.p(*vertex), view.w(7), view.w(2))
    shadow_ends = (view.p(*(origin + d[low] * u)), view.p(*(origin + d[high] * u)))
    pygame.draw.line(surf, theme.shape_b, *shadow_ends, view.w(theme.line * 2.2))
    view.mark("polygon shadow", *shadow_ends)
    side = np.array([-u[1], u[0]])
    for index, word in ((low, "min"), (high, "max")):
        spot = origin + d[index] * u
        view.label(
            f"{word} {d[index]:.1f}",
            [(spot + side * 22, "center"), (spot - side * 22, "center")],
            theme.font_small,
            theme.text_b,
            MEASURE,
        )

    # a, b and the shadow of a on b
    shadow = origin + np.asarray(facts.shadow)
    dashed(surf, theme.text_dim, view.p(*(origin + a)), view.p(*shadow), view.w(1.5), 6, 4)
    if facts.sign != "zero":
        pygame.draw.line(surf, sign_color, view.p(*origin), view.p(*shadow), view.w(theme.line * 3))
        view.mark("dot shadow", view.p(*origin), view.p(*shadow))
    arrow(surf, theme.shape_a, view.p(*origin), view.p(*(origin + a)), line, view.k * 14)
    arrow(surf, theme.text, view.p(*origin), view.p(*(origin + b)), line, view.k * 14)
    pygame.draw.circle(surf, theme.text, view.p(*origin), view.w(4))
    # the angle between them
    start, end = atan2(a[1], a[0]), atan2(b[1], b[0])
    sweep = (end - start + math.pi) % (2 * math.pi) - math.pi
    arc = [origin + 46 * np.array(cos_sin(start + sweep * s)) for s in np.linspace(0.0, 1.0, 24)]
    pygame.draw.lines(surf, sign_color, False, view.pts(arc), view.w(2))
    mid = start + sweep / 2
    view.label(
        f"θ {facts.angle_degrees:.1f}°",
        [(origin + 72 * np.array(cos_sin(mid)), "center")],
        theme.font_small,
        sign_color,
        KEY_LABEL,
    )
    tip = origin + b
    for text, points, color in (
        ("a", [origin + a * 1.06, origin + a + side * 16], theme.text_a),
        ("b", [tip + u * 22, tip + side * 22, tip - side * 22], theme.text),
        (view.tr("shadow of a on b"), [(origin + shadow) / 2 - side * 18], sign_color),
    ):
        view.label(text, [(p, "center") for p in points], theme.font_small, color, EDGE_LABEL)


def draw_dot_numbers(view: View, world: World, top: int) -> None:
    """The panel half: the numbers, worked out as the tutorial prints them."""
    theme = view.theme
    lay = view.layout
    panel = view.panel_rect
    x = panel.x + lay.pad * 1.5
    y = top + lay.pad
    _, a, b = vectors(world)
    f = dot_facts(a, b)
    tr = view.tr
    shadow = f.dot / f.length_b if f.length_b else 0.0
    rows = [
        (f"a = ({a[0]:.0f}, {a[1]:.0f})", theme.text_a),
        (f"b = ({b[0]:.0f}, {b[1]:.0f})", theme.text),
        ("a·b = ax bx + ay by", theme.text_dim),
        (f"    = {f.dot:.0f}", theme.text),
        ("|a| |b| cos θ", theme.text_dim),
        (f"    = {f.length_a:.1f} × {f.length_b:.1f} × {f.cos:.3f}", theme.text),
        (f"    = {f.length_a * f.length_b * f.cos:.0f}", theme.text),
        (f"θ = {f.angle_degrees:.1f}°", theme.text),
        (view.tr("sign: {sign}").format(sign=tr(SIGNS[f.sign])), getattr(theme, ROLE[f.sign])),
        (view.tr("a's shadow on b: {shadow:.1f}").format(shadow=shadow), theme.text),
        ("", theme.text),
        (
            view.tr(
                "SAT drops the pentagon on b's axis: only the least and the greatest vertex matter."
            ),
            theme.text_dim,
        ),
    ]
    step = lay.line(lay.small)
    chars = view.chars(panel.right - lay.pad * 1.5 - x, lay.small)
    lines = [(part, color) for text, color in rows for part in wrap(text, chars) or [""]]
    room = max(0, int((panel.bottom - lay.pad - y) // step))
    if len(lines) > room:  # a lesson's card above: what is left out is said, never dropped
        while lines and len(lines) > max(0, room - 1):
            lines.pop()
        while lines and not lines[-1][0]:
            lines.pop()  # no blank line before the note
        left = sum(1 for text, _ in rows for part in wrap(text, chars) if part) - sum(
            1 for part, _ in lines if part
        )
        note = tr("+{n} more lines (U: room)").format(n=left)
        short = tr("+{n} more lines").format(n=left)
        lines.append((note if len(note) <= chars else short, theme.text_dim))
    for part, color in lines:
        if part:
            view.text_px(part, (x, y), lay.small, color)
        y += step
