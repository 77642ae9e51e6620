"""Words on screen: wrapping and cutting text to a number of characters (no pygame).

Every band that writes sentences (the narration, the demos' panels, the rulers' notes,
the lesson card) wraps with these, so a line never runs past its band.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..core.portable import hypot
from .language import ENGLISH_WORDS, Language

# In a rigid world, an overlap this shallow is a resting contact: the soft contact holds
# the weight with a hair of overlap instead of pushing it out each step (which jitters).
# Box2D v3's linear slop, 0.005 m, at its 90 px a metre; the deepest resting overlap in
# the built-in scenes after 5 s is 0.08 px (the pile), so a real collision reads as one.
RESTING_OVERLAP = 0.45


# Numbers on screen, one rule (the dump keeps full precision): a length has one decimal,
# or two significant digits under 0.05 so that a gap is never "a gap of 0.0" (zero has one
# name: touching, the core's rule); never e-notation: under SMALLEST_SHOWN it reads as
# "under 0.000001"; a vector's components take its length's decimals; no "-0.0".
MOST_DECIMALS = 6
SMALLEST_SHOWN = 1e-6  # 10 ** -MOST_DECIMALS


def decimals(size: float) -> int:
    """The decimals a length of `size` is shown with (see above). The exponent comes from
    Python's own correctly rounded formatting (no libm log10: the same on every CPU), after
    rounding to two significant digits, so 0.00996 (0.010) takes one decimal fewer."""
    size = abs(size)
    if size >= 0.05 or size == 0.0 or not math.isfinite(size):
        return 1
    exponent = int(f"{size:.1e}".split("e")[1])  # two significant digits: d.d x 10^exponent
    return min(MOST_DECIMALS, 1 - exponent)


def amount(value: float) -> str:
    """A gap or depth in px as the screen says it (unsigned; see the rule above)."""
    value = abs(value) + 0.0
    if 0.0 < value < SMALLEST_SHOWN / 2:
        return f"under {SMALLEST_SHOWN:.{MOST_DECIMALS}f}"
    return f"{value:.{decimals(value)}f}"


def signed(value: float, places: int) -> str:
    """`value` with `places` decimals, "-" only when it does not round to zero."""
    text = f"{abs(value):.{places}f}"
    negative = value < 0 and text.strip("0.") != ""
    return f"-{text}" if negative else text


def vector(x: float, y: float) -> str:
    """A vector as "(x, y)", both components at the precision of its length."""
    places = decimals(hypot(x, y))
    return f"({signed(x, places)}, {signed(y, places)})"


# A line never starts with a number or a unit when the word before it fits with it:
# "(tutorial 004)", "0.45 px", "MTV (0.0, -0.1)" are read as one thing, and a projector's
# "(tutorial" over "004)" reads as two.
UNIT_WORDS = frozenset({"px", "px/s", "rad", "rad/s", "%", "°"})
_TRAILING = ",.;:!?)]»«“”\"'"


def _binds(word: str) -> bool:
    """True for a number ("004)", "-0.1)", "12.5,") or a unit: it goes with the word before."""
    core = word.rstrip(_TRAILING)
    signless = core[1:] if core[:1] in "-+−" else core
    return signless[:1].isdigit() or core in UNIT_WORDS


def _units(words: list[str], max_chars: int) -> list[str]:
    """The words, each number or unit joined to the word before it when both fit a line."""
    units: list[str] = []
    for word in words:
        if units and _binds(word) and len(units[-1]) + 1 + len(word) <= max_chars:
            units[-1] = f"{units[-1]} {word}"
        else:
            units.append(word)
    return units


def wrap(text: str, max_chars: int) -> list[str]:
    """`text` in lines of at most `max_chars` characters, broken between words, never
    before a number or a unit that fits on the line with the word before it."""
    return list(_wrapped(text, max_chars))  # a list of its own: a caller may change it


# A frame wraps the same words two dozen times (the narration, the pair block, the
# rulers' notes, the layout sizing its bands): the lines depend on nothing else.
@lru_cache(maxsize=2048)
def _wrapped(text: str, max_chars: int) -> tuple[str, ...]:
    lines, current = [], ""
    for word in _units(text.split(), max_chars):
        if current and len(current) + 1 + len(word) > max_chars:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(current)
    return tuple(lines)


def fit(text: str, max_chars: int) -> str:
    """`text` cut to `max_chars` characters, an ellipsis marking the cut."""
    return text if len(text) <= max_chars else text[: max(1, max_chars - 1)] + "…"


def collision_state(report, rigid: bool = False) -> str:
    """'apart', 'touching', 'resting' (a rigid world's shallow overlap), 'inside' or
    'colliding'. The tutorials' MTV worlds (not rigid) never say 'resting'."""
    if not report.colliding:
        return "apart"
    if report.depth == 0.0:  # the core's touching rule (core.axes.touch_tolerance)
        return "touching"
    if rigid and report.depth <= RESTING_OVERLAP:
        return "resting"
    if report.a_in_b or report.b_in_a:
        return "inside"
    return "colliding"


# An axis of a 2D report named, by one function in three forms (`axis_name`):
#   LABEL        "e2 A", "closest v3", "centre line": the rulers' rows, the separating
#                axis's tag, the card's answers, a lesson's {separating} (an edge's label is
#                a symbol in every language; the words of the others are translated)
#   SENTENCE     "A's e2", "the axis to the closest corner v4", "the centre line": the
#                frame in words (--describe, --announce)
#   STEP_THROUGH "A's edge e2", "the axis from corner v4 (the closest) to the circle's
#                centre", "the line through both centres": the step-through's narration
# Any other feature is named as it is, in every form. (The 3D scene's axes: render/space.)
LABEL, SENTENCE, STEP_THROUGH = "label", "sentence", "step-through"


def axis_name(axis, form: str = LABEL, tr: Language = ENGLISH_WORDS) -> str:
    """Axis `axis` (a report's axis record) named in `form` (see above), in `tr`'s words."""
    owner, n = axis.owner.upper(), axis.feature_index
    if axis.feature == "edge":
        if form == SENTENCE:
            return tr("{owner}'s e{n}").format(owner=owner, n=n)
        if form == STEP_THROUGH:
            return tr("{owner}'s edge e{n}").format(owner=owner, n=n)
        return f"e{n} {owner}"
    if axis.feature == "closest vertex":
        if form == SENTENCE:
            return tr("the axis to the closest corner v{n}").format(n=n)
        if form == STEP_THROUGH:
            return tr("the axis from corner v{n} (the closest) to the circle's centre").format(n=n)
        return tr("closest v{n}").format(n=n)
    if axis.feature == "centres":
        if form == SENTENCE:
            return tr("the centre line")
        if form == STEP_THROUGH:
            return tr("the line through both centres")
        return tr("centre line")
    return str(axis.feature)
