"""Convex polyhedra for the 3D separating axis test (numpy only).

A `Polyhedron` is local vertices, faces (lists of vertex indices, either winding) and a
pose: world vertex = position + R @ local vertex. R is a 3x3 rotation matrix, or Euler
angles (rx, ry, rz) in radians meaning R = Rz(rz) @ Ry(ry) @ Rx(rx): turn about x
first, then y, then z, all about the fixed world axes. `box(w, h, d)` numbers its
corners by bits (x is bit 0, y bit 1, z bit 2; a set bit is the + side)::

          6 +--------+ 7          faces: -x, +x, -y, +y, -z, +z
           /|       /|            edges: the 12 sides, each once
        2 +--------+ 3|           edge_directions: x, y, z (edges grouped by direction;
          | 4 +----|---+ 5          parallel edges give the same 3D SAT axes)
          |/       |/
        0 +--------+ 1         (y drawn up here; the 3D view chooses its own camera)

Validated once: at least 4 vertices spanning a volume, every face flat and with 3+
vertices, every vertex inside or on every face plane (convex), every edge shared by
exactly two faces (closed). Outward unit face normals are worked out from the faces.
"""

from __future__ import annotations

import math

import numpy as np

from .geometry import DEGENERATE_TOLERANCE, ShapeError
from .portable import cos_sin, det3, dot_rows, length, matrix_product, transform

Vec3 = tuple[float, float, float]


def euler_rotation(rx: float, ry: float, rz: float) -> np.ndarray:
    """R = Rz(rz) @ Ry(ry) @ Rx(rx) (each a right-handed turn about a world axis)."""
    (cx, sx), (cy, sy), (cz, sz) = (cos_sin(t) for t in (rx, ry, rz))
    x = np.array([[1, 0, 0], [0, cx, -sx], [0, sx, cx]])
    y = np.array([[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]])
    z = np.array([[cz, -sz, 0], [sz, cz, 0], [0, 0, 1]])
    return matrix_product(matrix_product(z, y), x)


def _as_rotation(rotation) -> np.ndarray:
    if rotation is None:
        return np.eye(3)
    try:
        r = np.array(rotation, dtype=float)
    except (TypeError, ValueError):
        raise ShapeError("rotation must be a 3x3 matrix or Euler angles (rx, ry, rz)") from None
    if r.shape == (3,) and np.isfinite(r).all():
        return euler_rotation(*r)
    if r.shape != (3, 3) or not np.isfinite(r).all():
        raise ShapeError(f"rotation must be a 3x3 matrix or 3 Euler angles, got shape {r.shape}")
    if not np.allclose(matrix_product(r, r.T), np.eye(3), atol=1e-9) or det3(r) <= 0:
        raise ShapeError("rotation matrix must be orthonormal with determinant +1")
    return r


def _as_position(position) -> np.ndarray:
    try:
        p = np.array(position, dtype=float)
    except (TypeError, ValueError):
        raise ShapeError(f"position must be three numbers (x, y, z), got {position!r}") from None
    if p.shape != (3,) or not np.isfinite(p).all():
        raise ShapeError(f"position must be three finite numbers (x, y, z), got {position!r}")
    return p


class Polyhedron:
    """A convex polyhedron: validated local vertices and faces, placed by a pose."""

    kind = "polyhedron"

    def __init__(self, vertices, faces, position=(0.0, 0.0, 0.0), rotation=None):
        v = np.array(vertices, dtype=float)
        if v.ndim != 2 or v.shape[1] != 3 or len(v) < 4 or not np.isfinite(v).all():
            raise ShapeError("a polyhedron needs 4 or more finite (x, y, z) vertices")
        self.local_vertices = v
        self.faces = tuple(tuple(int(i) for i in face) for face in faces)
        self.local_normals = self._validated_normals()
        self.edges = _edges_of(self.faces)
        self.edge_directions = _direction_groups(v, self.edges)
        self.size = float(np.ptp(v, axis=0).max())
        starts, ends = (
            np.array([self.edges[g[0]][k] for g in self.edge_directions]) for k in (0, 1)
        )
        directions = v[ends] - v[starts]
        self.local_directions = directions / length(directions)[:, None]
        for array in (v, self.local_normals, self.local_directions):
            array.flags.writeable = False
        self._place(_as_position(position), _as_rotation(rotation))

    def _place(self, position: np.ndarray, rotation: np.ndarray) -> None:
        self.position, self.rotation = position, rotation
        self.vertices = transform(self.local_vertices, rotation) + position
        self.normals = transform(self.local_normals, rotation)
        self.direction_vectors = transform(self.local_directions, rotation)  # one per group
        anchors = self.vertices[[face[0] for face in self.faces]]
        self.face_offsets = dot_rows(self.normals, anchors)  # n . x on the face
        for array in (
            self.vertices,
            self.normals,
            self.direction_vectors,
            self.face_offsets,
            position,
            rotation,
        ):
            array.flags.writeable = False  # shapes are immutable: placed() makes a new one

    def _validated_normals(self) -> np.ndarray:
        v = self.local_vertices
        size = float(np.ptp(v, axis=0).max())
        centre = v.mean(axis=0)
        spread = v - centre
        cov = [[float((spread[:, j] * spread[:, k]).sum()) for k in range(3)] for j in range(3)]
        volume = DEGENERATE_TOLERANCE * size * size * (len(v) - 1)  # np.cov's scale, undone
        if abs(det3(cov)) <= volume * volume * volume:
            raise ShapeError("polyhedron has no volume (all vertices on one plane)")
        if any(len(set(f)) != len(f) or len(f) < 3 for f in self.faces):
            raise ShapeError("every face needs 3 or more distinct vertex indices")
        if any(not 0 <= i < len(v) for f in self.faces for i in f):
            raise ShapeError(f"face vertex indices must be in 0..{len(v) - 1}")
        normals = []
        for k, face in enumerate(self.faces):
            p = v[list(face)]
            n = cross_rows(p - p.mean(axis=0), np.roll(p, -1, axis=0) - p.mean(axis=0)).sum(axis=0)
            n /= float(length(n)) or 1.0
            if dot_rows(n, p.mean(axis=0) - centre) < 0:
                n = -n
            heights = dot_rows(v - p[0], n)
            if np.abs(dot_rows(p - p[0], n)).max() > 1e-9 * size:
                raise ShapeError(f"face {k} is not flat")
            if heights.max() > 1e-9 * size:
                raise ShapeError(f"polyhedron is not convex: a vertex lies outside face {k}")
            normals.append(n)
        if set(range(len(v))) - {i for f in self.faces for i in f}:
            raise ShapeError("every vertex must belong to a face")
        return np.array(normals)

    def placed(self, position=None, rotation=None) -> Polyhedron:
        """The same shape at another pose (None keeps the current one); no re-validation."""
        moved = object.__new__(Polyhedron)
        moved.__dict__.update(self.__dict__)
        moved._place(
            self.position if position is None else _as_position(position),
            self.rotation if rotation is None else _as_rotation(rotation),
        )
        return moved

    @classmethod
    def box(cls, width, height, depth, position=(0.0, 0.0, 0.0), rotation=None) -> Polyhedron:
        """A width x height x depth box centred on its position (corners numbered above)."""
        half = np.array([width, height, depth], dtype=float) / 2
        if not (np.isfinite(half).all() and (half > 0).all()):
            raise ShapeError("box sides must be positive finite numbers")
        corners = [[(1 if k >> b & 1 else -1) * half[b] for b in range(3)] for k in range(8)]
        faces = [(0, 2, 6, 4), (1, 3, 7, 5), (0, 1, 5, 4), (2, 3, 7, 6), (0, 1, 3, 2), (4, 5, 7, 6)]
        return cls(corners, faces, position, rotation)

    @classmethod
    def tetrahedron(cls, edge, position=(0.0, 0.0, 0.0), rotation=None) -> Polyhedron:
        """A regular tetrahedron with the given edge length, centred on its position."""
        if not (math.isfinite(edge) and edge > 0):
            raise ShapeError("tetrahedron edge must be a positive finite number")
        corners = np.array([[1, 1, 1], [1, -1, -1], [-1, 1, -1], [-1, -1, 1]]) * edge / math.sqrt(8)
        faces = [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
        return cls(corners, faces, position, rotation)

    def __repr__(self) -> str:
        return f"Polyhedron({len(self.local_vertices)} vertices, {len(self.faces)} faces)"


def _edges_of(faces) -> tuple[tuple[int, int], ...]:
    """Each edge once (lower index first), in order of first appearance; closed check."""
    count: dict[tuple[int, int], int] = {}
    for face in faces:
        for a, b in zip(face, face[1:] + face[:1], strict=True):
            key = (min(a, b), max(a, b))
            count[key] = count.get(key, 0) + 1
    if any(c != 2 for c in count.values()):
        raise ShapeError("the faces do not close: every edge must belong to exactly two faces")
    return tuple(count)


def _direction_groups(v: np.ndarray, edges) -> tuple[tuple[int, ...], ...]:
    """Edge indices grouped by direction (parallel edges together), first-seen order."""
    ends = np.array(edges)
    units = v[ends[:, 1]] - v[ends[:, 0]]
    units /= length(units)[:, None]
    k = len(units)
    sines = length(cross_rows(np.repeat(units, k, axis=0), np.tile(units, (k, 1))))
    parallel = (sines <= 1e-9).reshape(k, k).tolist()
    groups: list[list[int]] = []
    for e in range(k):
        group = next((g for g in groups if parallel[g[0]][e]), None)
        if group is None:
            groups.append([e])
        else:
            group.append(e)
    return tuple(tuple(g) for g in groups)


def cross_rows(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """Row-wise p x q (np.cross, without its overhead)."""
    return np.column_stack(
        [
            p[:, 1] * q[:, 2] - p[:, 2] * q[:, 1],
            p[:, 2] * q[:, 0] - p[:, 0] * q[:, 2],
            p[:, 0] * q[:, 1] - p[:, 1] * q[:, 0],
        ]
    )
