"""The core layer: shapes and the separating axis test (numpy only, no state, no pygame)."""

from .batch import PolygonBatch, SatBatchResult, sat_many
from .geometry import AABB, Circle, Polygon, ShapeError
from .pair import sat
from .report import AxisTest, SatResult, SkippedAxis
from .swept import SweepResult, sweep

__all__ = [
    "AABB",
    "AxisTest",
    "Circle",
    "Polygon",
    "PolygonBatch",
    "SatBatchResult",
    "SatResult",
    "ShapeError",
    "SkippedAxis",
    "SweepResult",
    "sat",
    "sat_many",
    "sweep",
]
