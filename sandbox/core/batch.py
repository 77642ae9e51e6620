"""`sat_many`: the separating axis test on many polygon pairs at once, as arrays (numpy only).

It reproduces `sat`'s numbers bit for bit (see the arithmetic contract in `pair`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .geometry import Polygon
from .portable import hypot
from .tolerances import (
    CROSS_SLACK,
    PARALLEL_TOLERANCE,
    REJECT_SLACK,
    TIE_FLOOR,
    TIE_TOLERANCE,
    TOUCH_TOLERANCE,
)

# Candidate pairs are processed in blocks whose gathered data stays under this many
# bytes: numpy asks the kernel for huge pages from 4 MiB up, and the page faults of
# fresh big temporaries cost more than the extra blocks.
_BLOCK_BYTES = 3 << 20
# Grouping pairs by vertex count trims the padding; a group aims at this many pairs.
_GROUP = 256
# Elements of one (vertices, axes, pairs) product array: keeps it cache-sized.
_PRODUCT = 1 << 17


class PolygonBatch:
    """Polygons packed into padded numpy arrays, ready for `sat_many`.

    Shorter polygons are padded by repeating their last vertex and their first
    normal: a repeated vertex changes no projection and a repeated normal is a
    parallel duplicate, so padding never changes an answer.

    ``vertices`` / ``normals`` are (P, N, 2), ``own_lo`` / ``own_hi`` (P, N) each
    polygon's interval on its own normals, ``centroids`` (P, 2); the rest is the
    same data laid out for `sat_many` (pairs along the last axis).
    """

    def __init__(self, polygons: Sequence[Polygon]):
        polygons = list(polygons)
        for i, p in enumerate(polygons):
            if not isinstance(p, Polygon):
                raise TypeError(f"PolygonBatch: item {i} is a {type(p).__name__}, not a Polygon")
        count = len(polygons)
        sizes = np.fromiter(map(len, polygons), dtype=np.intp, count=count)
        width = int(sizes.max()) if count else 3
        soa = np.empty((width, 6, count))
        if count:
            # Every vertex, then every normal, as (x row, y row); padded slots index into it.
            flat = np.concatenate([p.vertices for p in polygons] + [p.normals for p in polygons])
            flat = np.ascontiguousarray(flat.T)
            start = np.cumsum(sizes) - sizes
            slot = np.arange(width)[:, None]
            last = sizes - 1
            vertex = start + np.minimum(slot, last)
            normal = len(flat[0]) // 2 + start + np.where(slot <= last, slot, 0)
            soa[:, 2:4] = np.take(flat, vertex, axis=1).transpose(1, 0, 2)
            soa[:, 0:2] = np.take(flat, normal, axis=1).transpose(1, 0, 2)
        self._polygons = polygons
        self._centroids = None
        self._pack(soa, sizes, None)

    @classmethod
    def from_arrays(cls, vertices, normals, centroids, own_lo=None, own_hi=None) -> PolygonBatch:
        """A batch from already padded world arrays (P, N, 2), (P, N, 2), (P, 2).

        For callers (the physics step) that keep polygons as arrays; the padding
        rule is the one above: repeat the last vertex and the first normal.
        `own_lo` / `own_hi` (P, N), each polygon's interval on its own normals,
        are projected here unless the caller already knows them (then `sat_many`
        uses the caller's numbers as they are).
        """
        vertices = np.asarray(vertices, dtype=float)
        normals = np.asarray(normals, dtype=float)
        centroids = np.array(centroids, dtype=float).reshape(-1, 2)
        for name, array in (("vertices", vertices), ("normals", normals), ("centroids", centroids)):
            if not np.isfinite(array).all():
                raise ValueError(f"PolygonBatch.from_arrays(): {name} must be finite (no NaN)")
        if vertices.ndim != 3 or vertices.shape[2] != 2 or normals.shape != vertices.shape:
            raise ValueError(
                f"PolygonBatch.from_arrays(): vertices and normals must both be (P, N, 2), "
                f"got {vertices.shape} and {normals.shape}"
            )
        if len(centroids) != len(vertices):
            raise ValueError(
                f"PolygonBatch.from_arrays(): {len(centroids)} centroids "
                f"for {len(vertices)} polygons"
            )
        count, width = vertices.shape[:2]
        if width < 3:
            raise ValueError(
                f"PolygonBatch.from_arrays(): a polygon needs 3 or more vertices, got {width}"
            )
        soa = np.empty((width, 6, count))
        soa[:, 0:2] = normals.transpose(1, 2, 0)
        soa[:, 2:4] = vertices.transpose(1, 2, 0)
        own = None
        if own_lo is not None and own_hi is not None:
            own = (
                np.asarray(own_lo, dtype=float).reshape(count, width).T,
                np.asarray(own_hi, dtype=float).reshape(count, width).T,
            )
            if not (np.isfinite(own[0]).all() and np.isfinite(own[1]).all()):
                raise ValueError("PolygonBatch.from_arrays(): own_lo and own_hi must be finite")
        batch = object.__new__(cls)
        batch._polygons = None
        batch._centroids = centroids
        batch._pack(soa, np.full(count, width, dtype=np.intp), own)
        return batch

    def _pack(self, soa: np.ndarray, sizes: np.ndarray, own) -> None:
        """Complete `soa` (N, 6, P), whose rows 0-3 (normal x, y, vertex x, y) are set.

        Row 4 / 5 become the own intervals with parallel duplicates opened to +-inf.
        Slot-major, so that the first w slots of every polygon are one contiguous block.
        """
        width, count = soa.shape[0], soa.shape[2]
        self.sizes = sizes
        self.width = width
        nx, ny, vx, vy = soa[:, 0], soa[:, 1], soa[:, 2], soa[:, 3]
        if own is None:
            lo = nx * vx[0]
            lo += ny * vy[0]
            hi = lo.copy()
            d = np.empty_like(lo)
            t = np.empty_like(lo)
            for j in range(1, width):
                np.multiply(nx, vx[j], out=d)
                np.multiply(ny, vy[j], out=t)
                d += t
                np.minimum(lo, d, out=lo)
                np.maximum(hi, d, out=hi)
        else:
            lo, hi = own
        self._own = lo, hi
        # A normal parallel to an earlier one of the same polygon (padding included) is
        # never tested: its own interval becomes (-inf, inf), so its depth is +inf.
        duplicate = np.zeros((width, count), dtype=bool)
        for i in range(1, width):
            cross = nx[i] * ny[:i]
            cross -= ny[i] * nx[:i]  # the same x_i * y_e - y_i * x_e as sat()
            np.abs(cross, out=cross)
            duplicate[i] = (cross <= PARALLEL_TOLERANCE).any(axis=0)
        soa[:, 4] = np.where(duplicate, -np.inf, lo)
        soa[:, 5] = np.where(duplicate, np.inf, hi)
        self._soa = soa
        # Bounds for the early rejection: box, circle round the box centre, the largest
        # |vertex| (scale of the rounding), cos(largest turn / 2) (see REJECT_SLACK) and
        # the extent along the diagonals (x + y, x - y).
        bound = np.empty((13, count))
        bound[0], bound[1] = vx.min(axis=0, initial=np.inf), vy.min(axis=0, initial=np.inf)
        bound[2], bound[3] = vx.max(axis=0, initial=-np.inf), vy.max(axis=0, initial=-np.inf)
        cx = bound[4] = (bound[0] + bound[2]) * 0.5
        cy = bound[5] = (bound[1] + bound[3]) * 0.5
        dx, dy = vx - cx, vy - cy
        radius = bound[6] = np.sqrt((dx * dx + dy * dy).max(axis=0, initial=0.0))
        bound[7] = hypot(cx, cy) + radius
        turn = nx * np.roll(nx, -1, axis=0) + ny * np.roll(ny, -1, axis=0)
        bound[8] = np.sqrt(np.clip((1.0 + turn.min(axis=0, initial=1.0)) * 0.5, 0.0, 1.0))
        diagonal = vx + vy
        bound[9], bound[10] = (
            diagonal.min(axis=0, initial=np.inf),
            diagonal.max(axis=0, initial=-np.inf),
        )
        np.subtract(vx, vy, out=diagonal)
        bound[11], bound[12] = (
            diagonal.min(axis=0, initial=np.inf),
            diagonal.max(axis=0, initial=-np.inf),
        )
        self._bound = bound

    @property
    def vertices(self) -> np.ndarray:
        """(P, N, 2) world vertices, padded by repeating the last one (a view)."""
        return self._soa[:, 2:4].transpose(2, 0, 1)

    @property
    def normals(self) -> np.ndarray:
        """(P, N, 2) outward unit normals, padded by repeating the first one (a view)."""
        return self._soa[:, 0:2].transpose(2, 0, 1)

    @property
    def own_lo(self) -> np.ndarray:
        """(P, N): each polygon's minimum on each of its own normals."""
        return self._own[0].T

    @property
    def own_hi(self) -> np.ndarray:
        """(P, N): each polygon's maximum on each of its own normals."""
        return self._own[1].T

    @property
    def centroids(self) -> np.ndarray:
        """(P, 2) world centroids (computed on first use for a batch of Polygons)."""
        if self._centroids is None:
            self._centroids = np.array([p.centroid for p in self._polygons]).reshape(-1, 2)
        return self._centroids

    def __len__(self) -> int:
        return self._soa.shape[2]


@dataclass(frozen=True)
class SatBatchResult:
    """`sat()`'s headline answers for many pairs, as arrays (row i = pair i)."""

    colliding: np.ndarray  # (P,) bool
    mtv: np.ndarray  # (P, 2), zero where not colliding
    depth: np.ndarray  # (P,)
    normal: np.ndarray  # (P, 2), from B toward A, zero where not colliding


def sat_many(polygons_a, polygons_b, *, chunk: int = 1024) -> SatBatchResult:
    """`sat(polygons_a[i], polygons_b[i])` for every i at once, vectorised with numpy.

    Accepts sequences of Polygons or prebuilt `PolygonBatch`es of equal length.
    Same axes, same depths, same tie-breaks as `sat()`: row i equals
    ``sat(a[i], b[i])``'s colliding / mtv / depth / normal (for batches built from
    Polygons, bit for bit). `chunk` caps the pairs handled in one numpy step.
    """
    batch_a = polygons_a if isinstance(polygons_a, PolygonBatch) else PolygonBatch(polygons_a)
    batch_b = polygons_b if isinstance(polygons_b, PolygonBatch) else PolygonBatch(polygons_b)
    if len(batch_a) != len(batch_b):
        raise ValueError(f"sat_many(): {len(batch_a)} shapes in A but {len(batch_b)} in B")
    count = len(batch_a)
    colliding = np.zeros(count, dtype=bool)
    depth = np.zeros(count)
    normal = np.zeros((count, 2))
    if count:
        candidates = np.flatnonzero(_may_touch(batch_a._bound, batch_b._bound))
        block = max(256, _BLOCK_BYTES // (6 * 8 * max(batch_a.width, batch_b.width)))
        for start in range(0, len(candidates), block):
            rows = candidates[start : start + block]
            _sat_candidates(batch_a, batch_b, rows, max(1, int(chunk)), colliding, depth, normal)
    mtv = normal * depth[:, None] + 0.0
    return SatBatchResult(colliding, mtv, depth, normal)


def _may_touch(bound_a: np.ndarray, bound_b: np.ndarray) -> np.ndarray:
    """False for pairs certainly apart (their bounds show a clear gap; see REJECT_SLACK).

    The gap between two shapes along any unit direction is a lower bound on their
    distance: the bounding circles' gap, the boxes' along x and y, along the diagonals.
    """
    gap = hypot(bound_a[4] - bound_b[4], bound_a[5] - bound_b[5]) - bound_a[6] - bound_b[6]
    for box_gap in (
        bound_a[0] - bound_b[2],
        bound_b[0] - bound_a[2],
        bound_a[1] - bound_b[3],
        bound_b[1] - bound_a[3],
    ):
        np.maximum(gap, box_gap, out=gap)
    diagonal_gap = np.maximum(bound_a[9] - bound_b[10], bound_b[9] - bound_a[10])
    np.maximum(diagonal_gap, bound_a[11] - bound_b[12], out=diagonal_gap)
    np.maximum(diagonal_gap, bound_b[11] - bound_a[12], out=diagonal_gap)
    np.maximum(gap, diagonal_gap * math.sqrt(0.5), out=gap)
    scale = np.maximum(bound_a[7], bound_b[7])
    return gap * np.maximum(bound_a[8], bound_b[8]) <= REJECT_SLACK * scale


def _groups(size_a: np.ndarray, size_b: np.ndarray, chunk: int):
    """Split pairs into groups of similar vertex counts: [(positions, width_a, width_b)].

    `splits` bands of A's vertex count (equal numbers of pairs), each cut into
    `splits` bands of B's; every group keeps its pairs in ascending order.
    """
    n = len(size_a)
    splits = max(1, int(math.sqrt(n / _GROUP)))
    order = np.argsort(size_a, kind="stable")
    band = np.empty(n, dtype=np.intp)
    band[order] = np.arange(n) * splits // n  # A's band of each pair
    # One stable (radix) sort by (A's band, B's count), then equal cuts of each band.
    key = (band * (int(size_b.max()) + 1) + size_b).astype(np.int32)
    order = np.argsort(key, kind="stable")
    groups = []
    ends = np.cumsum(np.bincount(band, minlength=splits))
    for part in np.split(order, ends[:-1]):
        for piece in np.array_split(part, splits):
            if not len(piece):
                continue
            piece = np.sort(piece)
            wa, wb = int(size_a[piece].max()), int(size_b[piece].max())
            step = max(1, min(chunk, _PRODUCT // (wa * wb)))
            for start in range(0, len(piece), step):
                groups.append((piece[start : start + step], wa, wb))
    return groups


def _ways_out(batch_a, batch_b, rows, chunk) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(lo_way, hi_way, rows): the two ways out of every pair `rows` on every axis (rows
    of the tables), and `rows` in the order of their columns (grouped by the pairs'
    sizes, `chunk` pairs at most a group)."""
    soa_a, soa_b = batch_a._soa, batch_b._soa
    width_a, width_b = batch_a.width, batch_b.width
    n = len(rows)
    # The two ways out (lo_way = a_max - b_min, hi_way = b_max - a_min) on every axis:
    # rows [0, width_a) are A's normals, [width_a, width_a + width_b) B's; +inf for padding.
    lo_way = np.full((width_a + width_b, n), np.inf)
    hi_way = np.full((width_a + width_b, n), np.inf)
    groups = _groups(batch_a.sizes[rows], batch_b.sizes[rows], chunk)
    rows = rows[np.concatenate([positions for positions, _, _ in groups])]
    # One gather per side (np.take wants a contiguous source), then a slice per group:
    # slots x rows (normal x, y, vertex x, y, lo, hi) x pairs.
    gather_a = np.take(soa_a, rows, axis=2)
    gather_b = np.take(soa_b, rows, axis=2)
    column = 0
    for positions, wa, wb in groups:
        cols = slice(column, column + len(positions))
        column += len(positions)
        ga = gather_a[:wa, :, cols]  # (wa, 6, p)
        gb = gather_b[:wb, :, cols]
        # B's vertices on A's normals: (wb, wa, p) products, then min / max over B's vertices.
        d = gb[:, 2, None] * ga[:, 0]
        d += gb[:, 3, None] * ga[:, 1]
        np.subtract(ga[:, 5], d.min(axis=0), out=lo_way[:wa, cols])
        np.subtract(d.max(axis=0), ga[:, 4], out=hi_way[:wa, cols])
        # A's vertices on B's normals.
        d = ga[:, 2, None] * gb[:, 0]
        d += ga[:, 3, None] * gb[:, 1]
        np.subtract(d.max(axis=0), gb[:, 4], out=lo_way[width_a : width_a + wb, cols])
        np.subtract(gb[:, 5], d.min(axis=0), out=hi_way[width_a : width_a + wb, cols])
    return lo_way, hi_way, rows


def _sat_candidates(batch_a, batch_b, rows, chunk, colliding_out, depth_out, normal_out) -> None:
    """sat_many's work on the pairs `rows` that passed the bounds test."""
    soa_a, soa_b = batch_a._soa, batch_b._soa
    width_a, width_b = batch_a.width, batch_b.width
    lo_way, hi_way, rows = _ways_out(batch_a, batch_b, rows, chunk)

    depth = np.minimum(lo_way, hi_way)
    least_a = depth[:width_a].min(axis=0)
    least_b = depth[width_a:].min(axis=0)
    least = np.minimum(least_a, least_b)
    scale = np.maximum(batch_a._bound[7, rows], batch_b._bound[7, rows])
    touch = TOUCH_TOLERANCE * scale  # sat()'s touch_tolerance: within it, touching
    colliding = least >= -touch
    floor = TIE_FLOOR * scale  # as sat()'s tie_scale: see TIE_FLOOR
    limit = least + TIE_TOLERANCE * np.maximum(np.abs(least), floor)
    # B's normals parallel to one of A's (skipped by sat()) are still in `depth`. Their
    # depths are within `slack` of their twin's on A's side, so they can only matter in
    # a row whose answer is within that of changing: re-check exactly those rows.
    slack = CROSS_SLACK * scale
    # (sat() always drops the duplicates when the least depth is below zero, touching too)
    near = (np.maximum(least_a, least_b) <= limit + 3.0 * slack) | (least < 0.0)
    suspect = np.where(colliding, near, least >= -slack)
    if suspect.any():
        s = np.flatnonzero(suspect)
        twin = _parallel_to_a(soa_a, soa_b, rows[s])  # (width_b, len(s))
        if twin.any():
            sub = depth[width_a:, s]
            sub[twin] = np.inf
            depth[width_a:, s] = sub
            least[s] = np.minimum(least_a[s], sub.min(axis=0))
            colliding[s] = least[s] >= -touch[s]
            limit[s] = least[s] + TIE_TOLERANCE * np.maximum(np.abs(least[s]), floor[s])

    hits = np.flatnonzero(colliding)
    colliding_out[rows] = colliding
    if not len(hits):
        return
    # The first axis in test order within the tie tolerance of the least depth.
    best = np.argmax(depth <= limit, axis=0)[hits]
    low, high = lo_way[best, hits], hi_way[best, hits]
    r = rows[hits]
    from_a = best < width_a
    slot_a = np.minimum(best, width_a - 1)
    slot_b = np.clip(best - width_a, 0, width_b - 1)
    axis_x = np.where(from_a, soa_a[slot_a, 0, r], soa_b[slot_b, 0, r])
    axis_y = np.where(from_a, soa_a[slot_a, 1, r], soa_b[slot_b, 1, r])
    push = np.where(high < low, 1.0, -1.0)
    tie = np.flatnonzero(high == low)
    if len(tie):  # both ways out equal: away from B's centroid (sat()'s rule)
        ca, cb = batch_a.centroids[r[tie]], batch_b.centroids[r[tie]]
        offset = axis_x[tie] * (ca[:, 0] - cb[:, 0]) + axis_y[tie] * (ca[:, 1] - cb[:, 1])
        push[tie] = np.where(offset < 0, -1.0, 1.0)
    least_out = np.maximum(np.minimum(low, high), 0.0) + 0.0
    least_out[least_out <= touch[hits]] = 0.0  # the touching rule: depth 0
    depth_out[r] = least_out
    normal_out[r, 0] = push * axis_x + 0.0
    normal_out[r, 1] = push * axis_y + 0.0


def _parallel_to_a(soa_a: np.ndarray, soa_b: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """(width_b, len(rows)): B's normal j is parallel to one of A's (sat()'s cross product)."""
    ax, ay = soa_a[:, 0, rows], soa_a[:, 1, rows]
    bx, by = soa_b[:, 0, rows], soa_b[:, 1, rows]
    cross = bx[:, None] * ay
    cross -= by[:, None] * ax
    return (np.abs(cross) <= PARALLEL_TOLERANCE).any(axis=1)
