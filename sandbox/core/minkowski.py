"""The Minkowski difference A ⊖ B = {p - q : p in A, q in B}: SAT's picture in one shape.

For two convex polygons it is the convex polygon whose edges are A's edges and B's edges
(turned around), so its edge normals are exactly SAT's candidate axes. Then::

    A and B overlap    <=>  the origin lies in A ⊖ B   (p - q = 0 for a shared point)
    depth              =   the origin's distance to the nearest edge of A ⊖ B
    MTV (moves A)      =   -(that shortest way out): moving A by t moves A ⊖ B by t

    y                      edge k of A ⊖ B, outward normal n_k, a vertex v_k on it:
    ^    +-----------+     distance of the origin inside it: d_k = n_k . v_k
    |    |     o--->-|     inside   <=> every d_k >= 0
    |    +-----------+     depth    =  min_k d_k; the way out is d n_k, the MTV -d n_k

Circles are not polygons: `minkowski_difference` takes polygons only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .geometry import Polygon, convex_hull
from .portable import dot_rows, hypot, next_rows


@dataclass(frozen=True)
class OriginQuery:
    """Where the origin lies with respect to A ⊖ B."""

    inside: bool  # on the boundary counts as inside (touching collides, as in sat())
    distance: float  # to the boundary: the depth when inside, the separation when outside
    nearest: tuple[float, float]  # the nearest boundary point
    edge: int  # the hull edge that point lies on


def minkowski_difference(a: Polygon, b: Polygon) -> Polygon:
    """A ⊖ B as a Polygon in world coordinates (position (0, 0))."""
    if not (isinstance(a, Polygon) and isinstance(b, Polygon)):
        raise TypeError("minkowski_difference() takes two Polygons")
    va, vb = np.asarray(a.vertices), np.asarray(b.vertices)
    return Polygon(convex_hull((va[:, None, :] - vb[None, :, :]).reshape(-1, 2)))


def locate_origin(hull: Polygon) -> OriginQuery:
    """Is the origin inside `hull`, how far from its boundary, and the nearest point."""
    v = np.asarray(hull.vertices)
    n = np.asarray(hull.normals)
    w = next_rows(v)
    inward = dot_rows(n, v)  # n_k . v_k: the origin's depth behind edge k
    if inward.min() >= 0.0:
        k = int(np.argmin(inward))
        point = n[k] * inward[k]
        return OriginQuery(True, float(inward[k]), (float(point[0]), float(point[1])), k)
    # outside: the nearest point of the nearest edge segment
    edge = w - v
    t = np.clip(dot_rows(-v, edge) / dot_rows(edge, edge), 0.0, 1.0)
    points = v + t[:, None] * edge
    dist = hypot(points[:, 0], points[:, 1])
    k = int(np.argmin(dist))
    return OriginQuery(False, float(dist[k]), (float(points[k, 0]), float(points[k, 1])), k)
