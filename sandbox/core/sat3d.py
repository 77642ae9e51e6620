"""The separating axis test for two convex polyhedra, with every axis on record (numpy only).

In 3D the face normals are not enough (tutorial 004, "edge-edge collisions"): two boxes
can overlap on every face normal yet miss each other, edge across edge. The cross
product of an edge of A and an edge of B is then the separating axis::

    candidate axes, in test order:
        A's face normals, then B's face normals
        edge of A x edge of B, for every pair of edge directions (A's outer, B's inner)
    skipped and listed: a cross of parallel edges (zero length), and any axis
        parallel to one already tested
    for each tested axis: project both  -> [a_min, a_max], [b_min, b_max]
        overlap = min(a_max, b_max) - max(a_min, b_min)      (< 0: a gap)
        depth   = min(a_max - b_min, b_max - a_min)           the shorter way out
    colliding = no depth < 0 (touching, depth 0, counts as colliding)
    mtv = least depth, signed to push A out of B; added to A's position they touch

These axes are exactly the facet normals of the Minkowski difference A - B, so the
least depth is the true penetration depth. Ties go to the first axis in test order;
when both ways out are equal, A is pushed away from B's centre (along +axis when the
centres meet). `false_positive_pose()` is the tutorial's picture in numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .polyhedron import Polyhedron, Vec3, cross_rows
from .portable import length, transform

# Edges whose unit directions' cross product is shorter than this are parallel: their
# cross is no axis. Two unit axes this close to parallel are one axis, tested once.
PARALLEL_3D = 1e-9
TIE_3D = 1e-9  # relative: depths this close are tied (the first in test order wins)


@dataclass(frozen=True)
class AxisTest3D:
    """One tested axis with both projection intervals."""

    index: int  # position among the tested axes
    axis: Vec3  # unit vector
    feature: str  # "face of A", "face of B" or "edge x edge"
    feature_index: tuple[int, ...]  # (face,) or (A's edge, B's edge) (indices into .edges)
    a_interval: tuple[float, float]
    b_interval: tuple[float, float]
    overlap: float  # negative: the gap between the intervals
    depth: float  # the shorter way out; negative: this axis separates
    push: int  # +1: A leaves along +axis, -1: along -axis

    @property
    def separates(self) -> bool:
        return self.depth < 0


@dataclass(frozen=True)
class SkippedAxis3D:
    """A candidate not tested: its edges are parallel, or it repeats a tested axis."""

    feature: str
    feature_index: tuple[int, ...]
    reason: str  # "parallel edges" or "parallel to a tested axis"
    parallel_to: int | None  # AxisTest3D.index it repeats


@dataclass(frozen=True)
class Sat3dResult:
    """What the 3D separating axis test found for the pair (A, B)."""

    colliding: bool
    mtv: Vec3  # add to A's position: A and B just touch; (0, 0, 0) when apart
    depth: float
    normal: Vec3  # unit, from B toward A, when colliding
    a_in_b: bool  # every vertex of A inside or on B
    b_in_a: bool
    axes: tuple[AxisTest3D, ...]  # every tested axis, in test order
    skipped: tuple[SkippedAxis3D, ...]
    mtv_index: int | None  # the AxisTest3D.index of the MTV's axis (None when apart)

    @property
    def separating(self) -> AxisTest3D | None:
        """The first axis in test order whose intervals do not overlap."""
        return next((t for t in self.axes if t.separates), None)

    @property
    def mtv_axis(self) -> AxisTest3D | None:
        return None if self.mtv_index is None else self.axes[self.mtv_index]

    def to_dict(self) -> dict:
        """Plain JSON-ready data, every axis record included."""
        return {
            "colliding": self.colliding,
            "mtv": list(self.mtv),
            "depth": self.depth,
            "normal": list(self.normal),
            "a_in_b": self.a_in_b,
            "b_in_a": self.b_in_a,
            "axes": [
                {
                    **{k: getattr(t, k) for k in ("index", "feature", "overlap", "depth", "push")},
                    "axis": list(t.axis),
                    "feature_index": list(t.feature_index),
                    "a_interval": list(t.a_interval),
                    "b_interval": list(t.b_interval),
                    "separates": t.separates,
                }
                for t in self.axes
            ],
            "skipped": [
                {
                    "feature": s.feature,
                    "feature_index": list(s.feature_index),
                    "reason": s.reason,
                    "parallel_to": s.parallel_to,
                }
                for s in self.skipped
            ],
            "separating": None if self.separating is None else self.separating.index,
            "mtv_axis": self.mtv_index,
            "faces_alone_say_colliding": self.faces_alone_say_colliding,
        }

    @property
    def faces_alone_say_colliding(self) -> bool:
        """No face normal separates (the 2D habit): wrong when an edge axis separates."""
        return not any(t.separates for t in self.axes if t.feature != "edge x edge")


def _candidates(a: Polyhedron, b: Polyhedron):
    """(unit axes (k, 3), feature names, feature indices, zero-length mask)."""
    da, db = a.direction_vectors, b.direction_vectors
    crosses = cross_rows(np.repeat(da, len(db), axis=0), np.tile(db, (len(da), 1)))
    lengths = length(crosses)
    zero = lengths <= PARALLEL_3D
    crosses /= np.where(zero, 1.0, lengths)[:, None]
    names = ["face of A"] * len(a.faces) + ["face of B"] * len(b.faces)
    names += ["edge x edge"] * len(crosses)
    indices = [(k,) for k in range(len(a.faces))] + [(k,) for k in range(len(b.faces))]
    indices += [(ga[0], gb[0]) for ga in a.edge_directions for gb in b.edge_directions]
    faces = np.zeros(len(a.faces) + len(b.faces), dtype=bool)
    return np.concatenate([a.normals, b.normals, crosses]), names, indices, [*faces, *zero]


def _parallel(u: np.ndarray) -> list[list[bool]]:
    """parallel[i][j]: |u_i x u_j| <= PARALLEL_3D."""
    x, y, z = u[:, 0], u[:, 1], u[:, 2]
    cx = y[:, None] * z[None, :] - z[:, None] * y[None, :]
    cy = z[:, None] * x[None, :] - x[:, None] * z[None, :]
    cz = x[:, None] * y[None, :] - y[:, None] * x[None, :]
    return (cx * cx + cy * cy + cz * cz <= PARALLEL_3D * PARALLEL_3D).tolist()


def sat3d(a: Polyhedron, b: Polyhedron) -> Sat3dResult:
    """Test every candidate axis of the pair (A, B) and report each one."""
    if not (isinstance(a, Polyhedron) and isinstance(b, Polyhedron)):
        names = f"{type(a).__name__} and {type(b).__name__}"
        raise TypeError(f"sat3d() takes two Polyhedra (sat() is for 2D shapes), got {names}")
    axes, names, indices, zero = _candidates(a, b)
    parallel = _parallel(axes)
    tested: list[int] = []
    skipped: list[SkippedAxis3D] = []
    for c in range(len(axes)):
        if zero[c]:
            skipped.append(SkippedAxis3D(names[c], indices[c], "parallel edges", None))
            continue
        row = parallel[c]
        first = next((k for k, t in enumerate(tested) if row[t]), None)
        if first is not None:
            skipped.append(SkippedAxis3D(names[c], indices[c], "parallel to a tested axis", first))
            continue
        tested.append(c)
    u = axes[tested]
    pa, pb = transform(a.vertices, u), transform(b.vertices, u)
    a_lo, a_hi, b_lo, b_hi = pa.min(axis=0), pa.max(axis=0), pb.min(axis=0), pb.max(axis=0)
    down, up = a_hi - b_lo, b_hi - a_lo  # how far A must go along -axis / +axis to get out
    depth = np.minimum(down, up)
    centres = transform(a.vertices.mean(axis=0) - b.vertices.mean(axis=0), u)
    push = np.where(up < down, 1, np.where(down < up, -1, np.where(centres < 0, -1, 1)))
    overlap = np.minimum(a_hi, b_hi) - np.maximum(a_lo, b_lo)
    columns = zip(
        tested,
        u.tolist(),
        a_lo.tolist(),
        a_hi.tolist(),
        b_lo.tolist(),
        b_hi.tolist(),
        overlap.tolist(),
        depth.tolist(),
        push.tolist(),
        strict=True,
    )
    records = tuple(
        AxisTest3D(k, tuple(axis), names[c], indices[c], (alo, ahi), (blo, bhi), o, d, p)
        for k, (c, axis, alo, ahi, blo, bhi, o, d, p) in enumerate(columns)
    )
    colliding = bool((depth >= 0).all())
    if colliding:
        least = float(depth.min())
        k = int(np.argmax(depth <= least + TIE_3D * abs(least)))
        normal = tuple(float(x) for x in push[k] * u[k] + 0.0)
        mtv = tuple(float(x) * float(depth[k]) + 0.0 for x in normal)
        chosen_depth, chosen = float(depth[k]), k
    else:
        normal = mtv = (0.0, 0.0, 0.0)
        chosen_depth, chosen = 0.0, None
    return Sat3dResult(
        colliding=colliding,
        mtv=mtv,
        depth=chosen_depth,
        normal=normal,
        a_in_b=_inside(a.vertices, b),
        b_in_a=_inside(b.vertices, a),
        axes=records,
        skipped=tuple(skipped),
        mtv_index=chosen,
    )


def _inside(points: np.ndarray, shape: Polyhedron) -> bool:
    """Every point inside or on every face plane of `shape` (relative slack EXACT)."""
    heights = transform(points, shape.normals) - shape.face_offsets
    return bool(heights.max() <= 1e-9 * shape.size)


def false_positive_pose(size: float = 100.0, gap: float = 10.0) -> tuple[Polyhedron, Polyhedron]:
    """Two cubes whose ridges cross at right angles, `gap` apart (tutorial 004).

    A (side `size`) is turned 45 degrees about x, so its top is a ridge along x; B, the
    same cube turned 45 degrees about z, sits above with a ridge along z at its bottom.
    While gap < size / 2, all six face normals overlap, yet the edge x edge axis
    x cross z (the vertical) shows the gap: they do not touch.
    """
    quarter = math.pi / 4
    a = Polyhedron.box(size, size, size, rotation=(quarter, 0.0, 0.0))
    b = Polyhedron.box(size, size, size, (0.0, size * math.sqrt(2) + gap, 0.0), (0, 0, quarter))
    return a, b
