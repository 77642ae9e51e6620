"""World-space arrays of every body at the current pose (the World caches them until
the pose changes: `World.geometry`)."""

from __future__ import annotations

import numpy as np

from ..core.portable import cos_sin, dot_rows, hypot, rotate


def pose_geometry(world) -> dict:
    """vertices / normals: (n, width, 2), padded (circles: zeros); centroid: (n, 2);
    boxes: (n, 4) bounding boxes (min_x, min_y, max_x, max_y); own_lo / own_hi: each
    polygon's interval on its own normals; and the same of compound bodies' pieces."""
    c, s = (part[:, None] for part in cos_sin(world.angle))
    vertices = _turned(c, s, world.local_vertices, world.position)
    normals = _turned(c, s, world.local_normals)
    centroid = _turned(c, s, world.local_centroid[:, None, :], world.position)[:, 0]
    boxes = _row_boxes(vertices)
    circles = world.vertex_count == 0
    r = world.radius[circles, None]
    boxes[circles] = np.concatenate(
        [world.position[circles] - r, world.position[circles] + r], axis=1
    )
    offset = dot_rows(normals, world.position[:, None, :])
    geometry = {
        "own_lo": world.local_own_lo + offset,
        "own_hi": world.local_own_hi + offset,
        "vertices": vertices,
        "normals": normals,
        "centroid": centroid,
        "boxes": boxes,
    }
    if len(world.piece_body):
        geometry.update(_piece_geometry(world, c, s))
    return geometry


def _piece_geometry(world, c: np.ndarray, s: np.ndarray) -> dict:
    """World vertices, normals and boxes of every compound body's pieces; `c`, `s`
    (n, 1): the bodies' cosines and sines, worked out once for their outlines."""
    owner = world.piece_body
    c, s = c[owner], s[owner]
    vertices = _turned(c, s, world.piece_local_vertices, world.position[owner])
    normals = _turned(c, s, world.piece_local_normals)
    return {
        "piece_vertices": vertices,
        "piece_normals": normals,
        "piece_boxes": _row_boxes(vertices),
    }


def _turned(c, s, local: np.ndarray, position=None) -> np.ndarray:
    """Padded local rows (m, W, 2) turned by their bodies' (cos, sin) (m, 1) and moved to
    their positions (m, 2); without a position, directions (-0.0 made 0.0)."""
    return rotate(local, c, s) + (0.0 if position is None else position[:, None, :])


def _row_boxes(vertices: np.ndarray) -> np.ndarray:
    """(m, 4) bounding boxes (min x, min y, max x, max y) of (m, W, 2) vertex rows."""
    lo, hi = vertices[:, 0].copy(), vertices[:, 0].copy()
    for j in range(1, vertices.shape[1]):  # faster than min(axis=1) on short rows
        np.minimum(lo, vertices[:, j], out=lo)
        np.maximum(hi, vertices[:, j], out=hi)
    return np.concatenate([lo, hi], axis=1)


def nearest(geometry: dict, a: int) -> int:
    """The body whose shape is nearest to body a's (box gap; overlapping boxes by the
    distance between centroids), from a pose's `geometry`."""
    boxes, centroid = geometry["boxes"], geometry["centroid"]
    box = boxes[a]
    gap = np.maximum(box[0] - boxes[:, 2], boxes[:, 0] - box[2])
    np.maximum(gap, box[1] - boxes[:, 3], out=gap)
    np.maximum(gap, boxes[:, 1] - box[3], out=gap)
    gap = np.maximum(gap, 0.0)  # overlapping boxes all rank by centre distance
    d = centroid - centroid[a]
    distance = hypot(d[:, 0], d[:, 1])
    # A gap or distance that is not a number (a state gone wrong) ranks last, never
    # leaving nothing to choose from (argmin of an empty sequence ended the app).
    gap = np.where(np.isnan(gap), np.inf, gap)
    distance = np.where(np.isnan(distance), np.inf, distance)
    others = np.arange(len(gap)) != a
    # The smallest gap, then the smallest distance, then the lowest index.
    tied = np.flatnonzero(others & (gap == gap[others].min()))
    return int(tied[np.argmin(distance[tied])])
