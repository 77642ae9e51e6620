"""The editor's outlines (app/editor.py): the shape a drawn or changed outline bounds, or
why it bounds none, in words (app/edit_words.py)."""

from __future__ import annotations

import numpy as np

from ..core.compound import from_outline
from ..core.geometry import ShapeError
from ..core.locales import N_
from ..core.portable import cos_sin, rotate
from ..scenes import limits
from ..scenes.scene_bodies import narrowest
from .edit_words import Said, message


def outline_shape(points, angle: float, keep_order: bool = False):
    """(shape, Said()) for an outline in world coordinates, placed with its centre of area at
    its position and turned by `angle`; (None, why) when it bounds no shape a scene file
    could hold. Repeated points in a row (and a last point repeating the first) are one
    point, unless `keep_order` (a moved corner: its numbering must stay)."""
    if not keep_order:
        points = _without_repeats(points)
    if len({tuple(p) for p in points}) < 3:
        return None, message(N_("an outline needs at least 3 different points"))
    if len(points) > limits.MAX_VERTICES:
        said = N_(
            "an outline has at most {most} corners (a scene file holds no more); this one has {n}"
        )
        return None, message(said, most=limits.MAX_VERTICES, n=len(points))
    if max(max(abs(x), abs(y)) for x, y in points) > limits.MAX_COORDINATE:
        said = N_("a corner is too far away (at most {most} px out)")
        return None, message(said, most=f"{limits.MAX_COORDINATE:g}")
    try:
        shape = from_outline(points)
    except ShapeError as error:
        return None, _plain(error)
    centre = shape.centroid
    local = np.asarray(points, dtype=float) - np.asarray(centre)
    if angle != 0.0:  # the outline in the body's own frame: turned back by its angle
        c, s = cos_sin(angle)
        local = rotate(local, c, -s)
    if np.abs(local).max() > limits.MAX_SIZE:
        said = N_("the shape is too large (at most {most} px from its centre)")
        return None, message(said, most=f"{limits.MAX_SIZE:g}")
    try:
        shape = from_outline(local, centre, angle)
    except ShapeError as error:  # the turn back made it degenerate: at the edge of rounding
        return None, _plain(error)
    width = narrowest(shape)
    if width < limits.MIN_SIZE:
        said = N_("the shape is too thin ({width} px across at its narrowest)")
        return None, message(said, width=f"{width:.3g}")
    return shape, Said()


def _without_repeats(points) -> list:
    out = []
    for p in points:
        if not out or tuple(p) != tuple(out[-1]):
            out.append(tuple(p))
    while len(out) > 1 and out[-1] == out[0]:
        out.pop()
    return out


def _plain(shape_error: ShapeError) -> Said:
    """A ShapeError's message in the words a learner reads."""
    error = str(shape_error)  # (its English: what went wrong, read by its words)
    if "cross" in error:
        return message(N_("the outline crosses itself (draw it without crossing its own lines)"))
    if "zero area" in error or "one line" in error or "collinear" in error:
        return message(N_("the points lie on one line: the outline has no area"))
    if "repeated" in error or "same point" in error:
        return message(N_("the outline passes through the same point twice"))
    if "doubles back" in error:
        return message(N_("the outline doubles back on itself"))
    if shape_error.msgid is None:  # a message the core does not word: as it gives it
        return message(error)
    return message(shape_error.msgid, **shape_error.values)
