"""`SatResult` and its per-axis records: what the separating axis test found (numpy only).

Records are built lazily from the numbers `pair` computed, the first time they are read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property

import numpy as np

from .axes import axis_crosses, first_parallel, polygon_projections, snap_touching, touch_tolerance
from .geometry import Vec2
from .tolerances import PARALLEL_TOLERANCE

OWNERS = ("a", "b")


@dataclass(frozen=True)
class AxisTest:
    """One tested axis: both shapes' projection intervals on it and what they mean."""

    index: int  # position in test order
    axis: Vec2  # unit vector
    owner: str  # "a" or "b": the shape whose feature gave this axis
    feature: str  # "edge", "closest vertex" or "centres"
    feature_index: int | None  # edge of the owner; for "closest vertex", the other's vertex
    a_interval: Vec2  # (min, max) of A's projection
    b_interval: Vec2
    overlap: float  # length shared by the intervals; negative = the gap between them
    depth: float  # the shorter way out: min(a_max - b_min, b_max - a_min); < 0 = gap
    push: int  # +1: A leaves along +axis, -1: along -axis

    @property
    def separates(self) -> bool:
        return self.depth < 0

    @property
    def gap(self) -> float:
        """Distance between the intervals along this axis (0 when they overlap)."""
        return max(0.0, -self.overlap)


@dataclass(frozen=True)
class SkippedAxis:
    """A candidate axis not tested because it is parallel to one already tested."""

    axis: Vec2
    owner: str
    feature: str
    feature_index: int | None
    parallel_to: int  # AxisTest.index of the axis it duplicates


class AxisTable:
    """The raw numbers behind a report; records are built from them on demand.

    Candidates are A's axes (the first `split`) then B's, in test order, with
    A's interval ``[a_lo[c], a_hi[c]]``, B's and ``depth[c]`` on candidate c (plain
    float lists: few objects for the garbage collector to walk). The parallel-duplicate
    structure is found when first needed, and for a polygon pair proven apart by its
    bounds the projections are too.
    """

    __slots__ = (
        "a",
        "b",
        "axes",
        "split",
        "features",
        "indices",
        "a_lo",
        "b_lo",
        "a_hi",
        "b_hi",
        "depth",
        "_duplicate_of",
    )

    def __init__(self, a, b, axes, split, features, indices, intervals, depth, duplicate_of):
        self.a, self.b = a, b  # the shapes (for the centroid tie-break and deferred work)
        self.axes = axes  # (k, 2) array, or None: polygons' projections not made yet
        self.split = split
        self.features = features  # (A's feature name, B's)
        self.indices = indices  # (A's feature indices, B's), or None: edge c of the owner
        self.a_lo, self.b_lo, self.a_hi, self.b_hi = intervals
        self.depth = depth
        self._duplicate_of = duplicate_of  # list / None (no duplicates) / NOT_YET_KNOWN

    def filled(self) -> AxisTable:
        if self.axes is None:
            self.axes, intervals, self.depth = polygon_projections(self.a, self.b)
            self.a_lo, self.b_lo, self.a_hi, self.b_hi = intervals
        return self

    def duplicate_of(self):
        """Per candidate, the first earlier candidate parallel to it or -1 (None: none)."""
        if self._duplicate_of is NOT_YET_KNOWN:
            cross = axis_crosses(self.filled().axes)
            self._duplicate_of = first_parallel(np.abs(cross) <= PARALLEL_TOLERANCE)
        return self._duplicate_of


class _Marker(Enum):
    UNKNOWN = "not worked out yet"  # (an Enum member stays itself through copy and pickle)


NOT_YET_KNOWN = _Marker.UNKNOWN


def push_direction(lo_way: float, hi_way: float, axis_x: float, axis_y: float, a, b) -> int:
    """+1 when A leaves along +axis, -1 along -axis (ties: away from B's centroid)."""
    if hi_way < lo_way:
        return 1
    if hi_way > lo_way:
        return -1
    ca, cb = a.centroid, b.centroid
    offset = axis_x * (ca[0] - cb[0]) + axis_y * (ca[1] - cb[1])
    return -1 if offset < 0 else 1


@dataclass(frozen=True)
class SatResult:
    """Everything the Separating Axis Test found for one pair (A, B).

    ``mtv`` added to A's position leaves the shapes just touching; ``normal``
    (unit, from B toward A) is set whenever they collide, even at depth 0.
    A non-colliding result has mtv = normal = (0, 0), depth 0, no contacts.
    """

    colliding: bool
    mtv: Vec2
    depth: float
    normal: Vec2
    a_in_b: bool
    b_in_a: bool
    contacts: tuple[Vec2, ...]
    all_axes: bool
    _table: AxisTable = field(repr=False, compare=False)
    _mtv_candidate: int = field(repr=False, compare=False)

    @cached_property
    def _records(self):
        """(tested records, skipped records, candidate index -> tested index)."""
        t = self._table.filled()
        duplicate_of = t.duplicate_of()
        touch = touch_tolerance(t.a, t.b)  # within it, a depth or an overlap reads 0
        depth = [snap_touching(d, touch) for d in t.depth]
        stop = len(depth)
        if not (self.colliding or self.all_axes):  # early exit: up to the first separating axis
            stop = next(
                c + 1
                for c, d in enumerate(depth)
                if d < 0.0 and (duplicate_of is None or duplicate_of[c] < 0)
            )
        axes = t.axes[:stop].tolist()
        tested: list[AxisTest] = []
        skipped: list[SkippedAxis] = []
        index_of = {}
        for c in range(stop):
            side = 0 if c < t.split else 1
            feature_index = c - side * t.split
            if t.indices is not None:
                feature_index = t.indices[side][feature_index]
            axis = (axes[c][0], axes[c][1])
            if duplicate_of is not None and duplicate_of[c] >= 0:
                first = duplicate_of[c]
                while duplicate_of[first] >= 0:  # (parallel to a skipped one: follow it)
                    first = duplicate_of[first]
                skipped.append(
                    _frozen(
                        SkippedAxis,
                        axis=axis,
                        owner=OWNERS[side],
                        feature=t.features[side],
                        feature_index=feature_index,
                        parallel_to=index_of[first],
                    )
                )
                continue
            index_of[c] = len(tested)
            a_lo, b_lo, a_hi, b_hi = t.a_lo[c], t.b_lo[c], t.a_hi[c], t.b_hi[c]
            tested.append(
                _frozen(
                    AxisTest,
                    index=len(tested),
                    axis=axis,
                    owner=OWNERS[side],
                    feature=t.features[side],
                    feature_index=feature_index,
                    a_interval=(a_lo, a_hi),
                    b_interval=(b_lo, b_hi),
                    overlap=snap_touching(min(a_hi, b_hi) - max(a_lo, b_lo), touch),
                    depth=depth[c],
                    push=push_direction(a_hi - b_lo, b_hi - a_lo, axis[0], axis[1], t.a, t.b),
                )
            )
        return tuple(tested), tuple(skipped), index_of

    @property
    def axes(self) -> tuple[AxisTest, ...]:
        """One record per axis tested, in test order."""
        return self._records[0]

    @property
    def skipped(self) -> tuple[SkippedAxis, ...]:
        """Candidate axes passed over as parallel duplicates, in test order."""
        return self._records[1]

    @property
    def separating(self) -> AxisTest | None:
        """The first axis (in test order) on which the projections do not overlap."""
        return next((axis for axis in self.axes if axis.separates), None)

    @property
    def mtv_axis(self) -> AxisTest | None:
        """The axis of least depth, which gives the MTV (None when not colliding)."""
        if self._mtv_candidate < 0:
            return None
        return self.axes[self._records[2][self._mtv_candidate]]

    def to_dict(self) -> dict:
        """Plain JSON-ready data, including every axis record."""

        def axis_dict(a: AxisTest) -> dict:
            return {
                "index": a.index,
                "axis": list(a.axis),
                "owner": a.owner,
                "feature": a.feature,
                "feature_index": a.feature_index,
                "a_interval": list(a.a_interval),
                "b_interval": list(a.b_interval),
                "overlap": a.overlap,
                "depth": a.depth,
                "push": a.push,
                "separates": a.separates,
            }

        return {
            "colliding": self.colliding,
            "mtv": list(self.mtv),
            "depth": self.depth,
            "normal": list(self.normal),
            "a_in_b": self.a_in_b,
            "b_in_a": self.b_in_a,
            "contacts": [list(p) for p in self.contacts],
            "all_axes": self.all_axes,
            "axes": [axis_dict(a) for a in self.axes],
            "skipped": [
                {
                    "axis": list(s.axis),
                    "owner": s.owner,
                    "feature": s.feature,
                    "feature_index": s.feature_index,
                    "parallel_to": s.parallel_to,
                }
                for s in self.skipped
            ],
            "separating": None if self.separating is None else self.separating.index,
            "mtv_axis": None if self.mtv_axis is None else self.mtv_axis.index,
        }


def _frozen(cls, **fields):
    """An instance of frozen dataclass `cls`, filled in without its per-field __setattr__
    (the same object its __init__ would build, several times faster)."""
    instance = object.__new__(cls)
    instance.__dict__.update(fields)
    return instance


def build_result(colliding, mtv, depth, normal, a_in_b, b_in_a, contacts, all_axes, table, best):
    return _frozen(
        SatResult,
        colliding=colliding,
        mtv=mtv,
        depth=depth,
        normal=normal,
        a_in_b=a_in_b,
        b_in_a=b_in_a,
        contacts=contacts,
        all_axes=all_axes,
        _table=table,
        _mtv_candidate=best,
    )
