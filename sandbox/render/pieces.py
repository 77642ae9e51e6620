"""Concave bodies (tutorials 001 and 004): the convex pieces SAT tests, and the convexity test.

every compound body   its pieces, dashed, inside its outline (`draw_piece_lines`)
the pair on show      the piece pair tested: each piece outlined solid in its
                      role colour and named ("A's piece 2"); `shown.report` is
                      SAT on those two pieces, so the normals, the rulers and the
                      MTV drawn with it are the pieces' own
the convexity test    on the learner's outline (`draw_convexity`): the sign of
                      the cross product at each corner, a "+" for a convex turn
                      and a "-" for a reflex one (where a hollow starts), and the
                      line through the shape that crosses its outline the most:
                      2 crossings for a convex shape, 4 or more for a concave one
"""

from __future__ import annotations

import numpy as np
import pygame

from ..core.outline import convexity, most_crossed_line
from ..core.portable import cos_sin, hypot, rotate
from ..physics.world import World
from .primitives import dashed, dashed_polygon, mix
from .view import KEY_LABEL, MEASURE, View


def draw_piece_lines(view: View, world: World, which: np.ndarray, colors=None) -> None:
    """The pieces of the compound bodies among `which` (a mask), dashed; `colors` maps a
    body to its line colour (the pair on show: its roles), else static / other."""
    if not len(world.piece_body):
        return
    theme = view.theme
    rows = np.flatnonzero(which[world.piece_body])
    if not len(rows):
        return
    vertices = world.geometry()["piece_vertices"]
    width = view.w(theme.thin)
    for row in rows.tolist():
        body = int(world.piece_body[row])
        color = theme.static if world.static[body] else theme.other
        color = (colors or {}).get(body, mix(color, theme.background, 0.25))
        k = int(world.piece_vertex_count[row])
        dashed_polygon(view.surface, color, view.pts(vertices[row, :k]), width, 6.0, 5.0)


def draw_shown_pieces(view: View, world: World, shown) -> None:
    """The pair on show's compound bodies: their pieces dashed, the tested piece solid."""
    theme = view.theme
    which = np.zeros(len(world.bodies), dtype=bool)
    which[[shown.a, shown.b]] = True
    draw_piece_lines(view, world, which, {shown.a: theme.shape_a, shown.b: theme.shape_b})
    for body, piece, shape, color, text_color, letter in (
        (shown.a, shown.a_piece, shown.a_shape, theme.shape_a, theme.text_a, "A"),
        (shown.b, shown.b_piece, shown.b_shape, theme.shape_b, theme.text_b, "B"),
    ):
        if piece is None:
            continue
        pts = view.pts(shape.vertices)
        pygame.draw.polygon(view.surface, color, pts, view.w(theme.line * 1.6))
        count = len(world.bodies[body].shape.pieces)
        cx, cy = shape.centroid
        view.label(
            view.tr("{letter}'s piece {n} of {count}").format(
                letter=letter, n=piece + 1, count=count
            ),
            [((cx, cy), "center"), ((cx, cy - 24), "midbottom"), ((cx, cy + 24), "midtop")],
            theme.font_small,
            text_color,
            MEASURE,
        )


_tests: dict = {}


def _tests_of(shape):
    """The convexity tests of a shape's own outline, in its local frame: the corner signs
    do not change as it moves, and the line found there turns with the body (it would
    jump about if chosen again in world axes as the body turned). Cached per outline."""
    local = shape.local_outline if shape.kind == "compound" else shape.local_vertices
    key = np.asarray(local).tobytes()
    found = _tests.get(key)
    if found is None:
        if len(_tests) > 64:
            _tests.clear()
        found = _tests[key] = (convexity(local), most_crossed_line(local))
    return found


def draw_convexity(view: View, world: World, index: int) -> None:
    """Tutorial 004's two convexity tests on body `index`'s outline."""
    shape = world.shape(index)
    if shape.kind == "circle":
        return
    outline = np.asarray(shape.vertices)
    test, (point, direction, ts) = _tests_of(shape)
    (x0, y0), (x1, y1) = view.p(*outline.min(axis=0)), view.p(*outline.max(axis=0))
    box = (x0, y0, x1, y1)
    r = 9 * view.k
    marks = _corner_marks(view, outline, test, r)
    _corner_key(view, test, marks, r, box)
    _line_test(view, shape, outline, (point, direction, ts), test.convex, r, box)


def _corner_marks(view: View, outline: np.ndarray, test, r: float) -> dict:
    """The turn test: at each corner of `outline` not flat in `test`, off the corner and
    outside the shape, a "-" on a filled disc (reflex) or a "+" on a ring (convex) of
    radius `r`: shape carries the meaning. Returns each marked corner's mark centre."""
    theme = view.theme
    centre = outline.mean(axis=0)
    marks = {}
    for i in range(len(outline)):
        if i in test.flat:
            continue
        reflex = i in test.reflex
        corner = outline[i]
        # The bisector of the two edges leaving the corner points into the shape at a
        # convex corner and out of it (into the hollow) at a reflex one: the marker
        # sits off the corner, outside the shape.
        before, after = outline[i - 1] - corner, outline[(i + 1) % len(outline)] - corner
        bisector = before / hypot(*before) + after / hypot(*after)
        if hypot(*bisector) < 1e-9:
            bisector = centre - corner
        outward = bisector / hypot(*bisector) * (1.0 if reflex else -1.0)
        x, y = view.p(*corner)
        reach = r + 8 * view.k
        mark = (x + outward[0] * reach, y + outward[1] * reach)
        color = theme.overlap if reflex else theme.gap
        # "-" on a filled disc (reflex), "+" on a ring (convex): shape carries the meaning
        if reflex:
            pygame.draw.circle(view.surface, color, mark, r)
        else:
            pygame.draw.circle(view.surface, theme.background, mark, r)
            pygame.draw.circle(view.surface, color, mark, r, view.w(2))
        sign = theme.background if reflex else color
        half, w = r * 0.55, view.w(2.5)
        pygame.draw.line(
            view.surface, sign, (mark[0] - half, mark[1]), (mark[0] + half, mark[1]), w
        )
        if not reflex:
            pygame.draw.line(
                view.surface, sign, (mark[0], mark[1] - half), (mark[0], mark[1] + half), w
            )
        view.block(mark, r + 2)
        marks[i] = mark
    return marks


def _corner_key(view: View, test, marks: dict, r: float, box) -> None:
    """What the corner signs mean, beside the first reflex corner (or the first corner),
    else above or below the outline's screen box `box` (x0, y0, x1, y1)."""
    theme = view.theme
    x0, y0, x1, y1 = box
    first = test.reflex[0] if test.reflex else next(iter(marks), None)
    if first is None:
        return
    x, y = marks[first]
    words = view.tr("−: the turn flips sign, a hollow")
    if not test.reflex:
        words = view.tr("+ at every corner: convex")
    step = r + 4 * view.k
    view.label(
        words,
        [
            ((x + step, y), "midleft"),
            ((x - step, y), "midright"),
            ((x, y - step), "midbottom"),
            ((x, y + step), "midtop"),
            (((x0 + x1) / 2, y1 + 3 * step), "midtop"),
            (((x0 + x1) / 2, y0 - 3 * step), "midbottom"),
            (((x0 + x1) / 2, y1 + 5 * step), "midtop"),
        ],
        theme.font_small,
        theme.overlap if test.reflex else theme.gap,
        MEASURE,
        world=False,
    )


def _line_test(view: View, shape, outline, line, convex: bool, r: float, box) -> None:
    """The line test: `line` = (point, direction, ts), the line through the shape (in its
    local frame) that crosses the outline the most and its crossings' parameters, drawn
    dashed across the shape with an x at each crossing and the count and verdict at one
    end (clear of the corner marks of radius `r`; `box` the outline's screen box)."""
    theme = view.theme
    point, direction, ts = line
    x0, y0, x1, y1 = box
    c, s = cos_sin(shape.angle)
    p = rotate(np.asarray(point, dtype=float), c, s) + np.asarray(shape.position)  # in the world
    d = rotate(np.asarray(direction, dtype=float), c, s)
    reach = float(hypot(*np.ptp(outline, axis=0))) / 2 + 30
    middle = p + d * ((ts[0] + ts[-1]) / 2 if ts else 0.0)
    start, end = middle - d * reach, middle + d * reach
    dashed(view.surface, theme.text_dim, view.p(*start), view.p(*end), view.w(2), 9, 6)
    for t in ts:
        x, y = view.p(*(p + d * t))
        s = 6 * view.k
        for sx in (-1, 1):  # an x at each crossing
            pygame.draw.line(
                view.surface, theme.text, (x - s, y - s * sx), (x + s, y + s * sx), view.w(2.5)
            )
        view.block((x, y), s + 1)
    verdict = view.tr("convex") if convex else view.tr("concave")
    ex, ey = view.p(*end)
    sx, sy = view.p(*start)
    gap = 8 * view.k + r * 2  # clear of the corner markers
    view.label(
        view.tr("{n} crossings: {verdict}").format(n=len(ts), verdict=verdict),
        [
            ((ex, ey), "midleft"),
            ((sx, sy), "midright"),
            (((x0 + x1) / 2, y0 - gap), "midbottom"),
            (((x0 + x1) / 2, y1 + gap), "midtop"),
            ((ex, ey + 8 * view.k), "midtop"),
            ((sx, sy - 8 * view.k), "midbottom"),
        ],
        theme.font_small,
        theme.text,
        KEY_LABEL,  # the scene's lesson: it outranks every other label
        world=False,
    )
