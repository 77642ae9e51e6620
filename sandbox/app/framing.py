"""The camera a scene or a lesson's stage opens with, and the camera that follows.

A view is "fit" (the whole scene), "pair" (framed on the pair on show: render.layout.
frame_pair) or (zoom, x, y). Framed, the camera follows shape A (render.layout.
keep_in_view) after every step and rewind, until the class takes the view
in hand: a zoom, a pan or Fit ends the following (the dispatcher and tune do).
"""

from __future__ import annotations

import numpy as np

from ..core.geometry import Circle
from ..core.portable import hypot, next_rows
from ..render.layout import Camera, frame_pair, keep_in_view, union
from .state import Session


def body_box(session: Session, index: int) -> tuple[float, float, float, float]:
    """Body `index`'s bounding box now, in world units."""
    box = session.world.shape(index).aabb()
    return (box.min_x, box.min_y, box.max_x, box.max_y)


def body_size(session: Session, index: int) -> float:
    """Body `index`'s own longer side: a polygon's extent along the longest of its edge
    directions (a box's longer side however it is turned), a circle's diameter."""
    shape = session.world.shape(index)
    if isinstance(shape, Circle):
        return 2.0 * shape.radius
    points = np.asarray(shape.vertices, dtype=float)
    edges = next_rows(points) - points
    lengths = hypot(edges[:, 0], edges[:, 1])
    units = edges[lengths > 0] / lengths[lengths > 0, None]
    along = points[:, 0, None] * units[None, :, 0] + points[:, 1, None] * units[None, :, 1]
    return float((along.max(axis=0) - along.min(axis=0)).max())


def open_view(session: Session, view) -> None:
    """Set the camera as `view` asks (a pair is framed only when one is on show and the
    scene draws SAT's pair: a demo of its own keeps the whole scene)."""
    session.framing = None
    if view == "fit":
        session.camera = None
    elif view == "pair":
        shown = session.shown
        if shown is None or session.scene.demo is not None:
            session.camera = None
            return
        a, b = body_box(session, shown.a), body_box(session, shown.b)
        camera, whole = frame_pair(a, b, body_size(session, shown.a))
        session.camera = camera
        session.framing = (shown.a, shown.b) if whole else (shown.a,)
    else:
        session.camera = Camera(*view)


def follow(session: Session) -> None:
    """Framed: move the camera as little as it takes to keep what it framed in view (shape
    A, and B when all of it was framed); another pair on show, by Tab or a shift-click:
    the new pair framed."""
    bodies = session.framing
    if bodies is None or session.camera is None:
        return
    shown = session.shown
    if shown is not None and shown.a != bodies[0]:
        open_view(session, "pair")
        return
    if max(bodies) >= len(session.world.bodies):
        return
    box = body_box(session, bodies[0])
    for index in bodies[1:]:
        box = union(box, body_box(session, index))
    session.camera = keep_in_view(session.camera, box)
