"""The core layer: shapes and the separating axis test (numpy only, no state, no pygame).

`decompose` and `sat3d` are imported from their modules (sandbox.core.decompose,
sandbox.core.sat3d): a package name never means both a module and a function.
"""

from .batch import PolygonBatch, SatBatchResult, sat_many
from .decompose import Decomposition
from .geometry import AABB, Circle, Polygon, ShapeError
from .outline import Convexity, convexity, line_crossings
from .pair import sat
from .polyhedron import Polyhedron, euler_rotation
from .report import AxisTest, SatResult, SkippedAxis
from .sat3d import AxisTest3D, Sat3dResult, SkippedAxis3D, false_positive_pose
from .swept import SweepResult, sweep

__all__ = [
    "AABB",
    "AxisTest",
    "AxisTest3D",
    "Circle",
    "Convexity",
    "Decomposition",
    "Polygon",
    "PolygonBatch",
    "Polyhedron",
    "Sat3dResult",
    "SatBatchResult",
    "SatResult",
    "ShapeError",
    "SkippedAxis",
    "SkippedAxis3D",
    "SweepResult",
    "convexity",
    "euler_rotation",
    "false_positive_pose",
    "line_crossings",
    "sat",
    "sat_many",
    "sweep",
]
