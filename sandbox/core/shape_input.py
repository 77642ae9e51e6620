"""What a shape's constructor accepts: finite points and angles, positive sizes, within
the bounds that keep every derived number (areas, second moments) finite; ShapeError,
naming what was wrong and what was given, for anything else (numpy only)."""

from __future__ import annotations

import math

from .worded import WordedValueError

# The largest coordinate, radius or size a shape may have: its squares (areas, second
# moments) stay finite (1e150 ** 2 = 1e300 < 1.8e308), so no overflow hides in a result.
LARGEST = 1e150
# The smallest radius or side: its square (an area) is still a normal float (1e-300).
SMALLEST = 1e-150
# The most vertices a polygon may have: a pair's axis table is (n + m) ** 2 numbers.
MAX_VERTICES = 1024


class ShapeError(WordedValueError):
    """A shape was built from input that cannot describe a valid convex shape. Its text
    is English (a library's); the ones a scene file or an edit can meet are raised with
    `ShapeError.words(N_(msgid), ...)`, so the app says them in the class's language."""


def _as_point(value, what: str) -> tuple[float, float]:
    """Validate a finite (x, y) pair; `what` names it in the error message."""
    try:
        x, y = value
        x, y = float(x), float(y)
    except (TypeError, ValueError):
        raise ShapeError(f"{what} must be a pair of numbers (x, y), got {value!r}") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ShapeError(f"{what} must be finite, got ({x}, {y})")
    if abs(x) > LARGEST or abs(y) > LARGEST:
        raise ShapeError(f"{what} must be within +-{LARGEST:g}, got ({x:g}, {y:g})")
    return (x, y)


def _as_angle(value) -> float:
    """Validate a finite angle in radians."""
    try:
        angle = float(value)
    except (TypeError, ValueError):
        raise ShapeError(f"angle must be a number of radians, got {value!r}") from None
    if not math.isfinite(angle):
        raise ShapeError(f"angle must be finite, got {angle}")
    return angle


def _positive(value, what: str, rule: str) -> float:
    """`value` as a positive finite float, else ShapeError: '<what> must be a number, got
    ...', or `rule` (a msgid, what was given its {value}), or out of range."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ShapeError(f"{what} must be a number, got {value!r}") from None
    if not (math.isfinite(number) and number > 0):
        raise ShapeError.words(rule, value=number)
    if number < SMALLEST:
        raise ShapeError(f"{what} must be at least {SMALLEST:g}, got {number:g}")
    if number > LARGEST:
        raise ShapeError(f"{what} must be at most {LARGEST:g}, got {number:g}")
    return number
