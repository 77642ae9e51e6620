"""The narrow phase: which candidate pairs collide, with the SAT normal and depth (numpy only).

`collide` serves the MTV worlds (zero-gravity tutorials: push apart by the MTV);
`find_manifolds` serves rigid bodies (contact manifolds for the impulse solver).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..core.batch import PolygonBatch, sat_many
from ..core.compound import piece_pairs
from ..core.manifold import circle_manifolds, circle_polygon_manifolds, polygon_manifolds_of
from ..core.pair import sat
from ..core.portable import hypot
from . import reach
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
    world.broad_fixed = fixed  # so that another method can be shown on the same boxes
    return result


def switch_broad_phase(world: World, name: str) -> None:
    """Use the broad phase `name` from now on, and make the last step's result again with
    it on the same boxes: what is drawn (paused too) is the method named."""
    world.broad_phase = name
    if world.broad is not None and world.broad_fixed is not None:
        broad_phase(world, world.broad[0], world.broad_fixed)


@dataclass(frozen=True)
class PairCounts:
    """How much of the broad phase's work a pass did (the HUD and the bench read it)."""

    candidates: int  # pairs handed to the narrow phase
    swept: int  # pairs whose x intervals overlap (sort and sweep's work)
    all: int  # every pair of bodies: n (n - 1) / 2


@dataclass(frozen=True)
class Overlaps:
    """`collide`'s answer: the overlapping pairs, each (a, b, nx, ny, depth) as plain
    numbers (the MTV solver's passes run several times a step), and the pass's counts."""

    contacts: list[tuple[int, int, float, float, float]]
    counts: PairCounts


@dataclass(frozen=True)
class Manifolds:
    """`find_manifolds`' answer: the pairs with at least one point, and the counts."""

    contact_set: ContactSet
    counts: PairCounts


def collide(world: World) -> Overlaps:
    """Broad phase then narrow phase on the current pose (see Overlaps)."""
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
            a, b = world.shape(int(first[k])), world.shape(int(second[k]))
            # A compound body: its deepest colliding piece pair (pushed out again next pass).
            report = piece_pairs(a, b).report if "compound" in (a.kind, b.kind) else sat(a, b)
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
    return Overlaps(contacts, PairCounts(len(pairs), broad.swept_pairs, broad.all_pairs))


def find_manifolds(world: World, dt: float) -> Manifolds:
    """Broad phase then manifolds (normal, 1-2 points, separations, feature ids) for
    every candidate pair, all vectorised; the set keeps only pairs with at least one
    point.

    A pair with a compound body is tested piece by piece (`_piece_pairs`): each
    touching piece pair adds its own manifold to the set, under the pair's two bodies,
    so the solver pushes the whole bodies (Box2D: one contact per shape pair)."""
    g = world.geometry()
    n = len(world.bodies)
    speed = hypot(world.velocity[:, 0], world.velocity[:, 1])
    point_speed = speed + np.abs(world.omega) * world.extent  # of its fastest point
    margin = np.where(world.static, 0.0, reach.SPECULATIVE + point_speed * dt)
    boxes = g["boxes"] + margin[:, None] * np.array([-1.0, -1.0, 1.0, 1.0])
    # Two sleeping (or static) bodies cannot move each other: no need to collide them.
    # A body that wakes finds its sleeping neighbours again at the next step, and wakes them.
    broad = broad_phase(world, boxes, world.static | world.sleeping)
    pairs = broad.pairs
    # Only the pairs the step can bring together are tested; the rest would get no points.
    first, second, motion = reach.reachable_pairs(world, g, dt, pairs)
    pair_margin = margin[first] + margin[second] + reach.SPECULATIVE
    bodies = _Colliders(
        g["vertices"],
        g["normals"],
        world.vertex_count,
        world.position,
        world.radius,
        world.is_polygon,
    )
    compound = world.is_compound[first] | world.is_compound[second]
    if compound.any():
        plain = ~compound
        found = [_manifolds(bodies, first[plain], second[plain], pair_margin[plain])]
        a, b, found_pieces = _piece_pairs(
            world, g, bodies, first[compound], second[compound], pair_margin[compound], margin
        )
        a, b = np.concatenate([first[plain], a]), np.concatenate([second[plain], b])
        m = {key: np.concatenate([found[0][key], found_pieces[key]]) for key in found[0]}
        motion = reach.pair_motion(world, dt, a, b)
    else:
        a, b, m = first, second, _manifolds(bodies, first, second, pair_margin)
    reach.points_in_reach(motion, m)
    # The pairs with a point, by index: `take` copies rows 10x faster than a mask does.
    hit = np.flatnonzero(m["count"])
    k = len(hit)
    contacts = ContactSet(
        a.take(hit),
        b.take(hit),
        m["normal"].take(hit, axis=0),
        m["points"].take(hit, axis=0),
        m["separation"].take(hit, axis=0),
        m["ids"].take(hit, axis=0),
        m["count"].take(hit),
        np.zeros((k, 2)),
        np.zeros((k, 2)),
    )
    _warm_start_from(contacts, world.contact_set, n)
    return Manifolds(contacts, PairCounts(len(pairs), broad.swept_pairs, broad.all_pairs))


@dataclass(frozen=True)
class _Colliders:
    """The convex shapes the narrow phase tests, as rows: world vertices and normals
    (C, W, 2) padded as in `PolygonBatch`, vertex counts, circle centres and radii."""

    vertices: np.ndarray
    normals: np.ndarray
    count: np.ndarray
    centre: np.ndarray
    radius: np.ndarray
    is_polygon: np.ndarray


def _manifolds(rows: _Colliders, first, second, margin) -> dict:
    """Manifolds of the collider pairs (first[p], second[p]), dispatched on their kinds."""
    p = len(first)
    out = {
        "normal": np.zeros((p, 2)),
        "points": np.zeros((p, 2, 2)),
        "separation": np.zeros((p, 2)),
        "ids": np.zeros((p, 2), dtype=np.int64),
        "count": np.zeros(p, dtype=np.int64),
    }
    poly = rows.is_polygon
    v, nn, k, centre, radius = rows.vertices, rows.normals, rows.count, rows.centre, rows.radius

    def put(mask, m, sign=1.0):
        out["normal"][mask] = m.normal * sign + 0.0
        out["points"][mask] = m.points
        out["separation"][mask] = m.separation
        out["ids"][mask] = m.ids
        out["count"][mask] = m.count

    both = poly[first] & poly[second]
    if p and both.all():  # polygons only (the usual case): the manifolds as they are
        m = polygon_manifolds_of(v, nn, k, first, second, margin)
        return {
            "normal": m.normal + 0.0,  # (put's `* 1.0 + 0.0`: -0.0 made 0.0)
            "points": m.points,
            "separation": m.separation,
            "ids": m.ids,
            "count": m.count,
        }
    if both.any():
        put(both, polygon_manifolds_of(v, nn, k, first[both], second[both], margin[both]))
    poly_circle = poly[first] & ~poly[second]
    if poly_circle.any():
        i, j = first[poly_circle], second[poly_circle]
        m = circle_polygon_manifolds(v[i], nn[i], k[i], centre[j], radius[j], margin[poly_circle])
        put(poly_circle, m)
    circle_poly = ~poly[first] & poly[second]
    if circle_poly.any():
        i, j = first[circle_poly], second[circle_poly]
        m = circle_polygon_manifolds(v[j], nn[j], k[j], centre[i], radius[i], margin[circle_poly])
        put(circle_poly, m, -1.0)  # from the circle (a) toward the polygon (b)
    circles = ~poly[first] & ~poly[second]
    if circles.any():
        i, j = first[circles], second[circles]
        m = circle_manifolds(centre[i], radius[i], centre[j], radius[j], margin[circles])
        put(circles, m)
    return out


def _piece_pairs(world: World, g: dict, bodies: _Colliders, first, second, margin, grow):
    """Manifolds of body pairs with a compound body, piece against piece.

    The colliders are the bodies' rows followed by the pieces' rows, packed at the same
    width (a compound body's own row, its outline, is never tested). Piece pairs whose
    boxes (grown by the bodies' margins) do not overlap are dropped. Feature ids carry
    the two pieces' indices (bits 24-31 and 16-23), so warm starting matches each piece
    pair's points.
    Returns (body a, body b, manifolds) per piece pair."""
    n = len(world.bodies)
    pv, pn, pk = g["piece_vertices"], g["piece_normals"], world.piece_vertex_count
    rows = _Colliders(
        np.concatenate([bodies.vertices, pv]),
        np.concatenate([bodies.normals, pn]),
        np.concatenate([bodies.count, pk]),
        np.concatenate([bodies.centre, np.zeros((len(pk), 2))]),
        np.concatenate([bodies.radius, np.zeros(len(pk))]),
        np.concatenate([bodies.is_polygon, np.ones(len(pk), dtype=bool)]),
    )
    grown = np.array([-1.0, -1.0, 1.0, 1.0])  # boxes grown by each body's margin `grow`
    box = np.concatenate(
        [
            g["boxes"] + grow[:, None] * grown,
            g["piece_boxes"] + grow[world.piece_body, None] * grown,
        ]
    )
    part = np.concatenate([np.zeros(n, dtype=int), world.piece_index])
    # every (part of a) x (part of b) of every pair, without a loop: pair p owns
    # na[p] * nb[p] consecutive entries; entry k of them is part k // nb x part k % nb
    na, nb = world.part_count[first], world.part_count[second]
    sizes = na * nb
    pair = np.repeat(np.arange(len(first)), sizes)
    k = np.arange(len(pair)) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    ca = world.part_rows[world.part_start[first][pair] + k // nb[pair]]
    cb = world.part_rows[world.part_start[second][pair] + k % nb[pair]]
    near = (
        (box[ca, 0] <= box[cb, 2])
        & (box[cb, 0] <= box[ca, 2])
        & (box[ca, 1] <= box[cb, 3])
        & (box[cb, 1] <= box[ca, 3])
    )
    ca, cb, pair = ca[near], cb[near], pair[near]
    m = _manifolds(rows, ca, cb, margin[pair])
    m["ids"] = m["ids"] | ((part[ca] << 24) | (part[cb] << 16))[:, None]
    return first[pair], second[pair], m


def _warm_start_from(contacts: ContactSet, previous: ContactSet | None, n: int) -> None:
    """Copy last step's accumulated impulses onto the points with the same pair and feature."""
    if previous is None or not len(previous.a) or not len(contacts.a):
        return
    # The old points (flat slot indices), by key; then each new point's match, if any.
    valid = np.flatnonzero(point_slots(previous.count))
    old_keys = previous.keys(n).reshape(-1).take(valid)
    order = np.argsort(old_keys, kind="stable")
    old_keys, valid = old_keys.take(order), valid.take(order)
    old_pn = previous.normal_impulse.reshape(-1).take(valid)
    old_pt = previous.tangent_impulse.reshape(-1).take(valid)
    keys = contacts.keys(n)
    at = np.minimum(np.searchsorted(old_keys, keys), len(old_keys) - 1)
    found = (old_keys.take(at) == keys) & point_slots(contacts.count)
    contacts.normal_impulse = np.where(found, old_pn.take(at), 0.0)
    contacts.tangent_impulse = np.where(found, old_pt.take(at), 0.0)


def point_slots(count) -> np.ndarray:
    """(M, 2): which of each manifold's two slots hold a point, column by column (a
    broadcast comparison against arange(2) runs 6x slower on its 2-long inner loop)."""
    valid = np.empty((len(count), 2), dtype=bool)
    valid[:, 0] = count > 0
    valid[:, 1] = count > 1
    return valid
