"""SAT Sandbox: an interactive pygame + numpy sandbox that teaches the Separating Axis Theorem.

One sub-package per layer; a module imports only from its own layer or the ones below
(core < physics < scenes < render < app), and nothing below `render` imports pygame:

    core/     shapes and the separating axis test (numpy only, no state)
    physics/  a World of bodies that changes over time (numpy only)
    scenes/   the built-in scenes and the TOML scene format
    render/   draws a World onto any pygame Surface
    app/      the window, the keys, recording / replay, the command line

This module re-exports the library's public API only (the core: it never imports pygame).
"""

__version__ = "0.2.0"  # the package's version: pyproject reads it from here

from .core import AABB, Circle, Polygon, PolygonBatch, SatResult, ShapeError, sat, sat_many, sweep

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
