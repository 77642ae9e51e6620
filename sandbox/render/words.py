"""Words on screen: wrapping and cutting text to a number of characters (no pygame).

Every band that writes sentences (the narration, the demos' panels, the rulers' notes,
the lesson card) wraps with these, so a line never runs past its band.
"""

from __future__ import annotations

TOUCHING = 1e-9  # depth at or below this: the shapes touch, nothing to push apart
# In a rigid world, an overlap this shallow is a resting contact: the soft contact holds
# the weight with a hair of overlap instead of pushing it out each step (which jitters).
# Box2D v3's linear slop, 0.005 m, at its 90 px a metre; the deepest resting overlap in
# the built-in scenes after 5 s is 0.08 px (the pile), so a real collision reads as one.
RESTING_OVERLAP = 0.45


def amount(value: float) -> str:
    """A gap or depth in px as the screen says it: one decimal, or two significant digits
    under 0.05, so that a gap is never 'a gap of 0.0' (zero depth has one name: touching)."""
    value = abs(value) + 0.0
    return f"{value:.2g}" if 0 < value < 0.05 else f"{value:.1f}"


def wrap(text: str, max_chars: int) -> list[str]:
    """`text` in lines of at most `max_chars` characters, broken between words."""
    words = text.split()
    lines, current = [], ""
    for word in words:
        if current and len(current) + 1 + len(word) > max_chars:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(current)
    return lines


def fit(text: str, max_chars: int) -> str:
    """`text` cut to `max_chars` characters, an ellipsis marking the cut."""
    return text if len(text) <= max_chars else text[: max(1, max_chars - 1)] + "…"


def collision_state(report, rigid: bool = False) -> str:
    """'apart', 'touching', 'resting' (a rigid world's shallow overlap), 'inside' or
    'colliding'. The tutorials' MTV worlds (not rigid) never say 'resting'."""
    if not report.colliding:
        return "apart"
    if report.depth <= TOUCHING:
        return "touching"
    if rigid and report.depth <= RESTING_OVERLAP:
        return "resting"
    if report.a_in_b or report.b_in_a:
        return "inside"
    return "colliding"
