"""The narrow phase: which candidate pairs collide, with the SAT normal and depth (numpy only).

`collide` serves the MTV worlds (zero-gravity tutorials: push apart by the MTV);
`find_manifolds` serves rigid bodies (contact manifolds for the impulse solver).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..core.batch import PolygonBatch, sat_many
from ..core.manifold import circle_manifolds, circle_polygon_manifolds, polygon_manifolds
from ..core.pair import sat
from .broadphase import sort_and_sweep
from .grid import uniform_grid
from .quadtree import quadtree
from .rigid import ContactSet

if TYPE_CHECKING:
    from .world import World


# The broad phases a world can use (tutorial 004): each returns the same candidate pairs
# (brute force's), found in its own way, with its own structure for the renderer.
BROAD_PHASES = {"sweep": sort_and_sweep, "grid": uniform_grid, "quadtree": quadtree}


def broad_phase(world: World, boxes, fixed):
    """The world's broad phase on these boxes; kept on the world for the renderer."""
    result = BROAD_PHASES[world.broad_phase](boxes, fixed)
    world.broad = (boxes, result)
    return result


def collide(world: World):
    """Broad phase then narrow phase on the current pose.

    Returns (contacts as (a, b, nx, ny, depth) tuples, candidate pairs, x-swept
    pairs, all pairs). Plain tuples: the solver passes run several times a step.
    """
    g = world.geometry()
    broad = broad_phase(world, g["boxes"], world.static)
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


# Contacts begin this far (px) before the shapes touch, plus how far the bodies may move
# in one step: the solver then closes the gap exactly (speculative contacts, Box2D v3).
SPECULATIVE = 1.0


def find_manifolds(world: World, dt: float):
    """Broad phase then manifolds (normal, 1-2 points, separations, feature ids) for
    every candidate pair, all vectorised. Returns (ContactSet, candidate pairs,
    x-swept pairs, all pairs); the set keeps only pairs with at least one point."""
    g = world.geometry()
    n = len(world.bodies)
    reach = np.hypot(world.velocity[:, 0], world.velocity[:, 1]) + np.abs(world.omega) * (
        world.extent
    )
    margin = np.where(world.static, 0.0, SPECULATIVE + reach * dt)
    boxes = g["boxes"] + margin[:, None] * np.array([-1.0, -1.0, 1.0, 1.0])
    # Two sleeping (or static) bodies cannot move each other: no need to collide them.
    # A body that wakes finds its sleeping neighbours again at the next step, and wakes them.
    broad = broad_phase(world, boxes, world.static | world.sleeping)
    pairs = broad.pairs
    first, second = pairs[:, 0], pairs[:, 1]
    pair_margin = margin[first] + margin[second] + SPECULATIVE
    normal = np.zeros((len(pairs), 2))
    points = np.zeros((len(pairs), 2, 2))
    separation = np.zeros((len(pairs), 2))
    ids = np.zeros((len(pairs), 2), dtype=np.int64)
    count = np.zeros(len(pairs), dtype=np.int64)
    poly = world.is_polygon
    v, nn, k = g["vertices"], g["normals"], world.vertex_count
    centre = world.position  # circles: the centre is the position

    def put(mask, m, sign=1.0):
        normal[mask] = m.normal * sign + 0.0
        points[mask] = m.points
        separation[mask] = m.separation
        ids[mask] = m.ids
        count[mask] = m.count

    both = poly[first] & poly[second]
    if both.any():
        i, j = first[both], second[both]
        put(both, polygon_manifolds(v[i], nn[i], k[i], v[j], nn[j], k[j], pair_margin[both]))
    poly_circle = poly[first] & ~poly[second]
    if poly_circle.any():
        i, j = first[poly_circle], second[poly_circle]
        m = circle_polygon_manifolds(
            v[i], nn[i], k[i], centre[j], world.radius[j], pair_margin[poly_circle]
        )
        put(poly_circle, m)
    circle_poly = ~poly[first] & poly[second]
    if circle_poly.any():
        i, j = first[circle_poly], second[circle_poly]
        m = circle_polygon_manifolds(
            v[j], nn[j], k[j], centre[i], world.radius[i], pair_margin[circle_poly]
        )
        put(circle_poly, m, -1.0)  # from the circle (a) toward the polygon (b)
    circles = ~poly[first] & ~poly[second]
    if circles.any():
        i, j = first[circles], second[circles]
        m = circle_manifolds(
            centre[i], world.radius[i], centre[j], world.radius[j], pair_margin[circles]
        )
        put(circles, m)
    hit = count > 0
    m = int(hit.sum())
    contacts = ContactSet(
        first[hit],
        second[hit],
        normal[hit],
        points[hit],
        separation[hit],
        ids[hit],
        count[hit],
        np.zeros((m, 2)),
        np.zeros((m, 2)),
    )
    _warm_start_from(contacts, world.contact_set, n)
    return contacts, len(pairs), broad.swept_pairs, broad.all_pairs


def _warm_start_from(contacts: ContactSet, previous: ContactSet | None, n: int) -> None:
    """Copy last step's accumulated impulses onto the points with the same pair and feature."""
    if previous is None or not len(previous.a) or not len(contacts.a):
        return
    old_valid = np.arange(2)[None, :] < previous.count[:, None]
    old_keys = previous.keys(n)[old_valid]
    old_pn = previous.normal_impulse[old_valid]
    old_pt = previous.tangent_impulse[old_valid]
    order = np.argsort(old_keys, kind="stable")
    old_keys, old_pn, old_pt = old_keys[order], old_pn[order], old_pt[order]
    keys = contacts.keys(n)
    at = np.minimum(np.searchsorted(old_keys, keys), len(old_keys) - 1)
    found = (old_keys[at] == keys) & (np.arange(2)[None, :] < contacts.count[:, None])
    contacts.normal_impulse = np.where(found, old_pn[at], 0.0)
    contacts.tangent_impulse = np.where(found, old_pt[at], 0.0)
