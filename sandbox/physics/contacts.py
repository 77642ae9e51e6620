"""The narrow phase: which candidate pairs collide, with the SAT normal and depth (numpy only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..core.batch import PolygonBatch, sat_many
from ..core.pair import sat
from .broadphase import sort_and_sweep

if TYPE_CHECKING:
    from .world import World


def collide(world: World):
    """Broad phase then narrow phase on the current pose.

    Returns (contacts as (a, b, nx, ny, depth) tuples, candidate pairs, x-swept
    pairs, all pairs). Plain tuples: the solver passes run several times a step.
    """
    g = world.geometry()
    broad = sort_and_sweep(g["boxes"], world.static)
    pairs = broad.pairs
    contacts = []
    if len(pairs):
        first, second = pairs[:, 0], pairs[:, 1]
        polygon_pair = world.is_polygon[first] & world.is_polygon[second]
        colliding = np.zeros(len(pairs), dtype=bool)
        normal = np.zeros((len(pairs), 2))
        depth = np.zeros(len(pairs))
        if polygon_pair.any():
            i, j = first[polygon_pair], second[polygon_pair]
            v, n, c, lo, hi = (
                g[k] for k in ("vertices", "normals", "centroid", "own_lo", "own_hi")
            )
            batch = sat_many(
                PolygonBatch.from_arrays(v[i], n[i], c[i], lo[i], hi[i]),
                PolygonBatch.from_arrays(v[j], n[j], c[j], lo[j], hi[j]),
            )
            colliding[polygon_pair] = batch.colliding
            normal[polygon_pair] = batch.normal
            depth[polygon_pair] = batch.depth
        for k in np.flatnonzero(~polygon_pair):
            report = sat(world.shape(int(first[k])), world.shape(int(second[k])))
            colliding[k], normal[k], depth[k] = report.colliding, report.normal, report.depth
        hit = np.flatnonzero(colliding)
        contacts = list(
            zip(
                first[hit].tolist(),
                second[hit].tolist(),
                normal[hit, 0].tolist(),
                normal[hit, 1].tolist(),
                depth[hit].tolist(),
                strict=True,
            )
        )
    return contacts, len(pairs), broad.swept_pairs, broad.all_pairs
