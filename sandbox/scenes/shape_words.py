"""The core's shape errors in the class's language (issue 43, item 4).

The core is a library: its ShapeError speaks English, naming what was wrong and the
numbers ("an outline needs at least 3 vertices, got 2"). Where such an error reaches the
learner (a scene file's body, an edit's outline), it is said through the catalogue: each
of the core's messages a scene or an edit can meet is a msgid here, written exactly as the
core writes it (so an English line is unchanged), its numbers read back as the values
(core.worded.phrase_of). A message not in the list is shown as the core gives it."""

from __future__ import annotations

from ..core.geometry import ShapeError
from ..core.locales import N_
from ..core.worded import Phrase, phrase_of

# Most specific first: "got {sides} sides" before "got {n}".
SHAPE_REASONS = (
    N_("an outline needs at least 3 vertices, got {n}"),
    N_("a polygon needs at least 3 vertices, got {n}"),
    N_("a polygon has at most {most} vertices, got more"),
    N_("a polygon has at most {most} vertices, got {sides} sides"),
    N_("a polygon has at most {most} vertices, got {n}"),
    N_("a regular polygon needs a whole number of sides >= 3, got {sides}"),
    N_("polygon is concave at vertex {vertex}; concave shapes must be split into convex parts"),
    N_("polygon outline crosses itself; concave shapes must be split into convex parts"),
    N_("edges {first} and {second} cross or touch: the outline crosses itself"),
    N_("polygon has zero area (all vertices on one line)"),
    N_("the outline has zero area (all vertices on one line)"),
    N_("vertex {vertex} lies on the line through its neighbours (collinear); remove it"),
    N_("vertices {first} and {second} are repeated (zero-length edge)"),
    N_("vertices {first} and {second} are the same point (repeated)"),
    N_("the outline doubles back on itself at vertex {vertex}"),
    N_("the outline could not be cut into triangles (is it simple?)"),
    N_("vertex {vertex} is not finite: ({x}, {y})"),
    N_("vertex {vertex} must be within +-{most}: ({x}, {y})"),
    N_("an outline must be a sequence of (x, y) number pairs"),
    N_("vertices must be a sequence of (x, y) pairs of numbers"),
    N_("radius must be a positive finite number, got {value}"),
    N_("box sides must be positive finite numbers, got {value}"),
)


def shape_reason(error: ShapeError) -> Phrase | str:
    """A ShapeError's message as words said in the class's language (its English, as
    the core wrote it, unchanged); a message not listed above, as it is."""
    return phrase_of(str(error), SHAPE_REASONS)
