"""Tutorial 003's second demo, as numbers: the dot product, the angle, the projection.

    a . b = ax bx + ay by = |a| |b| cos(theta)
    the shadow of a on b:  (a . b / |b|^2) b      (its signed length: a . b / |b|)
    sign: positive (theta < 90), zero (90: perpendicular), negative (theta > 90)

And what SAT does with it: a polygon dropped onto a unit axis is the interval from its
least to its greatest vertex dot product; only those two vertices matter.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .portable import angle_between, dot_rows, hypot
from .tolerances import PARALLEL_TOLERANCE


@dataclass(frozen=True)
class DotFacts:
    a: tuple[float, float]
    b: tuple[float, float]
    dot: float  # a . b
    length_a: float
    length_b: float
    cos: float  # cos(theta); 0 when either vector is zero
    angle_degrees: float  # theta, from 0 to 180
    shadow: tuple[float, float]  # a's projection onto b, as a vector along b
    sign: str  # "positive", "zero" or "negative"


def dot_facts(a, b) -> DotFacts:
    """Everything the demo prints about vectors a and b (2D, any lengths)."""
    ax, ay = (float(v) for v in a)
    bx, by = (float(v) for v in b)
    dot = ax * bx + ay * by
    la, lb = hypot(ax, ay), hypot(bx, by)
    cos = 0.0 if la == 0.0 or lb == 0.0 else max(-1.0, min(1.0, dot / (la * lb)))
    angle = angle_between((ax, ay), (bx, by)) * (180.0 / math.pi) if la and lb else 90.0
    scale = dot / (lb * lb) if lb else 0.0
    tolerance = PARALLEL_TOLERANCE * la * lb  # perpendicular to rounding, as sat() says parallel
    sign = "zero" if abs(dot) <= tolerance else ("positive" if dot > 0 else "negative")
    return DotFacts(
        (ax, ay), (bx, by), dot, la, lb, cos, angle, (scale * bx + 0.0, scale * by + 0.0), sign
    )


def project_vertices(vertices, axis) -> tuple[np.ndarray, int, int]:
    """Each vertex's dot product with the unit `axis`, and the indices of the least and
    the greatest (the interval's two ends; every other vertex falls between)."""
    u = np.asarray(axis, dtype=float)
    u = u / hypot(*u)
    d = dot_rows(np.asarray(vertices, dtype=float), u)
    return d, int(np.argmin(d)), int(np.argmax(d))
