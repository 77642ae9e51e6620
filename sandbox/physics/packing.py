"""The World's per-body arrays, packed once from its bodies (and again after an edit).

Every array here is a pure function of the body list: no step writes into one, so a
saved state shares them (`World.save_state`). The sliders' per-body values (mass,
friction, bounce) start here too, but the World replaces them whole when one is set.
"""

from __future__ import annotations

import numpy as np

from ..core.compound import Compound
from ..core.geometry import Polygon, edge_normals
from ..core.portable import dot_rows, transform
from .body import Body

# The names `pack` returns, each a World attribute.
PACKED = (
    "static",
    "is_polygon",
    "is_compound",
    "vertex_count",
    "local_vertices",
    "local_normals",
    "local_centroid",
    "radius",
    "local_own_lo",
    "local_own_hi",
    "extent",
    "piece_body",
    "piece_index",
    "piece_vertex_count",
    "piece_local_vertices",
    "piece_local_normals",
    "pieces_of",
    "part_count",
    "part_start",
    "part_rows",
)
# Per body, set from the bodies here, then replaced whole by the sliders (World.set_*).
MATERIAL = ("inv_mass", "inv_inertia", "friction_of", "restitution_of")


def pack(bodies: list[Body]) -> dict:
    """Every name of PACKED and MATERIAL, for these bodies."""
    packed = {
        "inv_inertia": np.array([b.inv_inertia for b in bodies], dtype=float),
        "friction_of": np.array([b.friction for b in bodies], dtype=float),
        "restitution_of": np.array([b.restitution for b in bodies], dtype=float),
        "inv_mass": np.array([b.inv_mass for b in bodies]),
        "static": np.array([b.static for b in bodies]),
        "is_polygon": np.array([isinstance(b.shape, Polygon) for b in bodies]),
        "is_compound": np.array([isinstance(b.shape, Compound) for b in bodies]),
    }
    packed.update(_local_shapes(bodies))
    packed.update(_pieces(bodies, packed["local_vertices"].shape[1]))
    return packed


def _local_shapes(bodies: list[Body]) -> dict:
    """Local vertices and normals of every polygon, padded to one width (see PolygonBatch).

    A compound body's row holds its outline (for its box, its reach and its drawing);
    its convex pieces, the shapes SAT tests, are packed apart (`_pieces`)."""
    outlined = [b.shape for b in bodies if isinstance(b.shape, (Polygon, Compound))]
    width = max((len(shape) for shape in outlined), default=3)
    n = len(bodies)
    vertex_count = np.zeros(n, dtype=int)
    local_vertices = np.zeros((n, width, 2))
    local_normals = np.zeros((n, width, 2))
    local_centroid = np.zeros((n, 2))
    radius = np.zeros(n)
    local_own_lo = np.zeros((n, width))
    local_own_hi = np.zeros((n, width))
    for i, body in enumerate(bodies):
        shape = body.shape
        if isinstance(shape, (Polygon, Compound)):
            k = len(shape)
            if isinstance(shape, Polygon):
                local, normals = shape.local_vertices, shape.local_normals
            else:
                local = shape.local_outline
                normals = edge_normals(local)
            vertex_count[i] = k
            _put_row(local_vertices, local_normals, i, local, normals)
            local_centroid[i] = shape.placed((0.0, 0.0), 0.0).centroid
            # A polygon's interval on each of its own normals does not change as it
            # moves, up to the offset position . normal: project once, here.
            own = transform(local_vertices[i], local_normals[i])
            local_own_lo[i] = own.min(axis=0)
            local_own_hi[i] = own.max(axis=0)
        else:
            radius[i] = shape.radius
    # The farthest point of each body from its centre of mass (for speeds of rotation).
    reach = local_vertices - local_centroid[:, None, :]
    extent = np.where(vertex_count > 0, np.sqrt(dot_rows(reach, reach)).max(axis=1), radius)
    return {
        "vertex_count": vertex_count,
        "local_vertices": local_vertices,
        "local_normals": local_normals,
        "local_centroid": local_centroid,
        "radius": radius,
        "local_own_lo": local_own_lo,
        "local_own_hi": local_own_hi,
        "extent": extent,
    }


def _pieces(bodies: list[Body], width: int) -> dict:
    """The convex pieces of every compound body, in its local frame, padded to the
    bodies' width (a piece's corners are corners of its outline, so it fits): piece p
    belongs to body `piece_body[p]`, where it is piece `piece_index[p]`."""
    pieces = [
        (i, k, piece)
        for i, body in enumerate(bodies)
        if isinstance(body.shape, Compound)
        for k, piece in enumerate(body.shape.decomposition.pieces)
    ]
    piece_body = np.array([i for i, _, _ in pieces], dtype=int)
    piece_local_vertices = np.zeros((len(pieces), width, 2))
    piece_local_normals = np.zeros((len(pieces), width, 2))
    for row, (_, _, piece) in enumerate(pieces):
        _put_row(
            piece_local_vertices,
            piece_local_normals,
            row,
            piece.local_vertices,
            piece.local_normals,
        )
    n = len(bodies)
    # body -> its rows in the piece arrays (empty for convex bodies)
    pieces_of = [np.flatnonzero(piece_body == i) for i in range(n)]
    # The narrow phase's colliders: bodies 0..n-1, then pieces n..n+P-1. Body i is
    # tested as `part_rows[part_start[i] : part_start[i] + part_count[i]]`: its own
    # row when convex, its pieces' rows when compound.
    parts = [n + pieces_of[i] if len(pieces_of[i]) else [i] for i in range(n)]
    part_count = np.array([len(p) for p in parts], dtype=int)
    return {
        "piece_body": piece_body,
        "piece_index": np.array([k for _, k, _ in pieces], dtype=int),
        "piece_vertex_count": np.array([len(p) for _, _, p in pieces], dtype=int),
        "piece_local_vertices": piece_local_vertices,
        "piece_local_normals": piece_local_normals,
        "pieces_of": pieces_of,
        "part_count": part_count,
        "part_start": np.concatenate([[0], np.cumsum(part_count)[:-1]]).astype(int),
        "part_rows": np.concatenate([np.asarray(p, dtype=int) for p in parts]),
    }


def _put_row(vertices, normals, row, local, local_normals) -> None:
    """Row `row` of padded (m, W, 2) arrays: the shape's k vertices and normals, then the
    last vertex and the first normal repeated (the padding `PolygonBatch` expects)."""
    k = len(local)
    vertices[row, :k] = local
    vertices[row, k:] = local[-1]
    normals[row, :k] = local_normals
    normals[row, k:] = local_normals[0]
