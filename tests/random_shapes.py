"""Seeded random convex polygons for the oracle tests: boxes (parallel edges, so some
axes are skipped) and regular polygons of 3 to 8 sides, turned and placed at random."""

from __future__ import annotations

import numpy as np

from sandbox.core.geometry import Polygon


def random_shape(rng: np.random.Generator, spread: float = 50.0, smallest: float = 5.0):
    position = tuple(rng.uniform(-spread, spread, 2))
    angle = float(rng.uniform(0, np.pi))
    if rng.random() < 0.3:
        return Polygon.box(*rng.uniform(smallest, 80, 2), position=position, angle=angle)
    sides, radius = int(rng.integers(3, 9)), float(rng.uniform(smallest, 60))
    return Polygon.regular(sides, radius, position, angle)
