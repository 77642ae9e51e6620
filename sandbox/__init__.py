"""SAT Sandbox: an interactive pygame + numpy sandbox that teaches the Separating Axis Theorem.

Layers (each imports only from the ones above it; nothing above `render` imports pygame):
geometry -> sat -> broadphase -> physics -> scene -> render -> app.
"""

from .geometry import AABB, Circle, Polygon, ShapeError
from .sat import PolygonBatch, SatResult, sat, sat_many, sweep

__all__ = [
    "AABB",
    "Circle",
    "Polygon",
    "ShapeError",
    "PolygonBatch",
    "SatResult",
    "sat",
    "sat_many",
    "sweep",
]
