"""Tutorial 004's broad phase at work (scene broad-phase): what the world's broad phase
did this step, drawn from the result it kept (`world.broad`), never recomputed.

    sort and sweep   every body's x interval, stacked under the ceiling; the sweep
                     line walking the sorted left edges; its active list highlighted
    uniform grid     the occupied cells, with how many bodies share each
    quadtree         the squares of the tree, deeper ones fainter
    always           bounding boxes and bounding circles; a line for each pair
                     handed to SAT; the counts in the panel and the narration
"""

from __future__ import annotations

import numpy as np
import pygame

from ..core.locales import N_
from ..physics.world import World
from .language import ENGLISH_WORDS, Language
from .primitives import dashed, mix
from .view import DETAIL, View
from .words import wrap

SAID = {"sweep": N_("Sort and sweep"), "grid": N_("Uniform grid"), "quadtree": N_("Quadtree")}


def counts(world: World) -> dict:
    """The numbers the lesson is about, from the broad phase's own result."""
    boxes, result = world.broad
    contacts = world.record.contacts if world.record is not None else ()
    return {
        "all": result.all_pairs,
        "compared": result.swept_pairs,
        "sat": len(result.pairs),
        "contacts": len(contacts),
        "bodies": len(boxes),
    }


def narration_words(world: World, tr: Language = ENGLISH_WORDS) -> tuple[str, str]:
    if world.broad is None:
        return (tr("The broad phase runs at the first step."), "text")
    c = counts(world)
    said = tr(
        "{method}: of {all} pairs, {compared} compared, {sat} handed to SAT, {contacts} touching."
    )
    return (said.format(method=tr(SAID[world.broad_phase]), **c), "text")


def draw_broad_phase(view: View, world: World) -> None:
    if world.broad is None:
        return
    theme = view.theme
    surf = view.surface
    boxes, result = world.broad
    moving = np.flatnonzero(~world.static)
    faint = mix(theme.text_dim, theme.background, 0.4)
    # bounding boxes and bounding circles, side by side: two cheap tests
    centres = world.centres()
    for i in moving.tolist():
        x0, y0, x1, y1 = boxes[i]
        rect = pygame.Rect(*view.p(x0, y0), (x1 - x0) * view.s, (y1 - y0) * view.s)
        pygame.draw.rect(surf, faint, rect, 1)
        r = float(world.extent[i]) * view.s
        pygame.draw.circle(surf, faint, view.p(*centres[i]), max(1, round(r)), 1)
    method = world.broad_phase
    if method == "sweep":
        _draw_sweep(view, world, boxes)
    elif method == "grid":
        for cell in result.cells:
            x0, y0, x1, y1 = result.cell_bounds(cell)
            rect = pygame.Rect(*view.p(x0, y0), (x1 - x0) * view.s, (y1 - y0) * view.s)
            shared = len(cell.bodies) > 1
            pygame.draw.rect(surf, theme.gap if shared else faint, rect, 1)
            if shared:
                view.label(
                    str(len(cell.bodies)),
                    [(((x0 + x1) / 2, (y0 + y1) / 2), "center")],
                    theme.font_small,
                    theme.gap,
                    DETAIL,
                )
    else:
        deepest = max(node.depth for node in result.nodes)
        for node in result.nodes:
            x0, y0, x1, y1 = node.bounds
            rect = pygame.Rect(*view.p(x0, y0), (x1 - x0) * view.s, (y1 - y0) * view.s)
            share = 0.15 + 0.6 * node.depth / max(deepest, 1)
            pygame.draw.rect(surf, mix(theme.gap, theme.background, share), rect, 1)
    # the pairs handed to SAT: a line between two moving bodies; a dot on a moving body
    # whose pair is with a wall or the floor
    for i, j in result.pairs.tolist():
        if world.static[i] or world.static[j]:
            mover = j if world.static[i] else i
            pygame.draw.circle(surf, theme.overlap, view.p(*centres[mover]), view.w(3))
        else:
            pygame.draw.line(surf, theme.overlap, view.p(*centres[i]), view.p(*centres[j]), 2)


def _draw_sweep(view: View, world: World, boxes: np.ndarray) -> None:
    """Each x interval as a bar under the ceiling, in sorted order; the sweep line at the
    left edge of body (tick mod n) in that order; the intervals it cuts (active) lit."""
    theme = view.theme
    surf = view.surface
    order = np.argsort(boxes[:, 0], kind="stable")
    order = order[~world.static[order]]  # the walls would cover the whole scene
    if not len(order):
        return
    sweep_x = float(boxes[order[world.tick % len(order)], 0])
    top, rows = 160.0, 12
    for rank, i in enumerate(order.tolist()):
        if world.static[i]:
            continue
        x0, _, x1, _ = boxes[i]
        y = top + (rank % rows) * 6.0
        active = x0 <= sweep_x <= x1
        color = theme.mtv if active else mix(theme.text_dim, theme.background, 0.3)
        pygame.draw.line(surf, color, view.p(x0, y), view.p(x1, y), view.w(3 if active else 2))
    dashed(surf, theme.mtv, view.p(sweep_x, top - 10), view.p(sweep_x, 700), view.w(2), 8, 6)
    active = int(np.sum((boxes[:, 0] <= sweep_x) & (sweep_x <= boxes[:, 2]) & ~world.static))
    view.label(
        view.tr("sweep line: {n} active").format(n=active),
        [((sweep_x + 8, top - 18), "midleft"), ((sweep_x - 8, top - 18), "midright")],
        theme.font_small,
        theme.mtv,
        DETAIL,
    )


def draw_broad_numbers(view: View, world: World, top: int, hiding: bool = False) -> None:
    """The panel: the counts of this step, in words (`hiding`: a lesson asks how many
    pairs there are, so that count waits for the answer)."""
    theme = view.theme
    lay = view.layout
    x = view.panel_rect.x + lay.pad * 1.5
    y = top + lay.pad
    if world.broad is None:
        return
    c = counts(world)
    tr = view.tr
    pairs = tr("once answered") if hiding else c["all"]
    rows = [
        (tr(SAID[world.broad_phase]), theme.text),
        (tr("{n} bodies").format(n=c["bodies"]), theme.text_dim),
        (tr("all pairs n(n-1)/2: {pairs}").format(pairs=pairs), theme.text),
        (tr("compared by the broad phase: {n}").format(n=c["compared"]), theme.text),
        (tr("handed to SAT: {n}").format(n=c["sat"]), theme.overlap),
        (tr("touching (contacts): {n}").format(n=c["contacts"]), theme.text),
        ("", theme.text),
        (tr("F switches the method; every method hands SAT the same pairs."), theme.text_dim),
        (tr("Y starts them overlapping: the push out is bounded, so they settle."), theme.text_dim),
    ]
    step = lay.line(lay.small)
    chars = view.chars(view.panel_rect.right - lay.pad * 1.5 - x, lay.small)
    bottom = view.panel_rect.bottom - lay.pad
    for text, color in rows:
        parts = wrap(text, chars) or [""]
        if y + step * len(parts) > bottom:
            break  # the column is full: the hints at the end give way, whole
        for part in parts:
            if part:
                view.text_px(part, (x, y), lay.small, color)
            y += step
