"""Edit mode on screen (issue 19): a handle on each corner that can be dragged, and the
outline being drawn, its loose end following the pointer.

::

    handles:  [ ]----------[ ]        drawing:   0 o-----o 1
               |   body     |                       \\     \
              [ ]----------[ ]                        o . . + pointer
                                                      2   (o: the first corner, ringed
                                                           once a click there closes it)

Meaning never rides on colour alone: a handle is a hollow square, the outline's corners
are numbered, the loose end is dashed.
"""

from __future__ import annotations

import pygame

from .overlays import EditView
from .primitives import dashed
from .view import KEY_LABEL, View
from .words import wrap


def draw_edit(view: View, edit: EditView) -> None:
    """The handles and the outline being drawn; a line of help at the scene's top."""
    theme, surf = view.theme, view.surface
    half = max(4, round(6 * view.k))
    for x, y in edit.handles:
        sx, sy = view.p(x, y)
        rect = pygame.Rect(round(sx) - half, round(sy) - half, 2 * half, 2 * half)
        pygame.draw.rect(surf, theme.background, rect)
        pygame.draw.rect(surf, theme.text, rect, view.w(2))
        view.mark("handle", (sx, sy))
    draft = edit.draft or ()
    points = [view.p(x, y) for x, y in draft]
    if len(points) >= 2:
        pygame.draw.lines(surf, theme.text, False, points, view.w(theme.line))
    if points and edit.pointer is not None:
        dashed(surf, theme.text_dim, points[-1], view.p(*edit.pointer), view.w(2), 6.0, 5.0)
    for k, point in enumerate(points):
        pygame.draw.circle(surf, theme.text, point, max(3, round(4 * view.k)))
        view.label(
            str(k),
            [((point[0] + 8, point[1] - 8), "bottomleft")],
            theme.font_small,
            theme.text,
            KEY_LABEL,
            world=False,
        )
        view.mark("draft", point)
    if len(points) >= 3:
        pygame.draw.circle(surf, theme.text, points[0], max(8, round(12 * view.k)), view.w(2))
    if draft:  # (two calls: the extractor would read one call's two strings as one)
        words = view.tr(
            "Drawing: click corners; corner 0 or Enter closes; Backspace: the last; Esc: cancel"
        )
    else:
        words = view.tr("Edit: drag a corner; click to start a shape; Ins, F5, F6 add; Del removes")
    inner = view.scene_inner
    px = view.fs(theme.font_small)
    y = inner.y
    for line in wrap(words, view.chars(inner.width, px)):
        rect = view.text_px(line, (inner.x, y), px, theme.text, inside=inner, halo=True)
        y = rect.bottom
