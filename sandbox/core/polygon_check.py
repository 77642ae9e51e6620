"""A convex polygon's vertex list, checked: the degeneracies a Polygon refuses (repeated
vertices, collinear corners, zero area), concavity and self-crossing, and the winding it
is normalised to; and the convex hull, which drops the same degeneracies by the same
tests (one tolerance, relative to the size) so that a hull always makes a valid Polygon
(numpy only)."""

from __future__ import annotations

import itertools

import numpy as np

from .locales import N_
from .portable import hypot, next_rows
from .shape_input import LARGEST, MAX_VERTICES, ShapeError

# Relative tolerance for "collinear" / "repeated" vertices: a cross product or an
# edge length this small relative to the shape's size is treated as zero.
DEGENERATE_TOLERANCE = 1e-9


def signed_area(vertices: np.ndarray) -> float:
    """Shoelace area: positive for the library's winding, negative for the other."""
    x, y = vertices[:, 0], vertices[:, 1]
    return 0.5 * float((x * next_rows(y)).sum() - (next_rows(x) * y).sum())


def turns_of_directions(directions: np.ndarray, cross: np.ndarray) -> int:
    """How many times the directions d0, d1, ..., d(n-1), d0 wind round the clock, each
    step taken the short way; cross[i] = d(i) x d(i+1) gives its sense. This is the
    winding number of the polygon d0 d1 ... about the origin (Sunday's crossing rule
    on the +x ray): a count, exact, where summing the turns' arctangents would round."""
    a, b = directions, next_rows(directions)
    up = (a[:, 1] <= 0) & (b[:, 1] > 0) & (cross > 0)
    down = (a[:, 1] > 0) & (b[:, 1] <= 0) & (cross < 0)
    return int(up.sum()) - int(down.sum())


# The two degeneracies a Polygon refuses and convex_hull drops, by the same tests (one
# tolerance, relative to the size), so that a hull always makes a valid Polygon.


def _size(v: np.ndarray) -> float:
    """The scale the degeneracy tolerances are relative to: the largest offset from the mean."""
    return float(np.max(np.abs(v - v.mean(axis=0)))) or 1.0


def _short_edges(v: np.ndarray, size: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(edges, their lengths, which are too short to be an edge: repeated vertices)."""
    edges = next_rows(v) - v
    lengths = hypot(edges[:, 0], edges[:, 1])
    return edges, lengths, lengths <= DEGENERATE_TOLERANCE * size


def _flat_corners(edges: np.ndarray, lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(cross[i], flat[i]) of the turn at vertex i+1 from edge i to edge i+1: positive
    cross = a convex corner; flat = its sine within the tolerance of zero (collinear)."""
    next_edges = next_rows(edges)
    cross = edges[:, 0] * next_edges[:, 1] - edges[:, 1] * next_edges[:, 0]
    return cross, np.abs(cross) <= DEGENERATE_TOLERANCE * lengths * next_rows(lengths)


def refuse_unbounded_vertices(v: np.ndarray) -> None:
    """ShapeError naming the first vertex of `v` that is not finite, or is beyond the
    library's range (+-LARGEST: beyond it, squares overflow); nothing when all are in."""
    if not np.isfinite(v).all():
        bad = int(np.argwhere(~np.isfinite(v).all(axis=1))[0, 0])
        raise ShapeError.words(
            N_("vertex {vertex} is not finite: ({x}, {y})"), vertex=bad, x=v[bad, 0], y=v[bad, 1]
        )
    if np.abs(v).max() > LARGEST:
        bad = int(np.argmax(np.abs(v).max(axis=1)))
        raise ShapeError.words(
            N_("vertex {vertex} must be within +-{most}: ({x}, {y})"),
            vertex=bad,
            most=f"{LARGEST:g}",
            x=f"{v[bad, 0]:g}",
            y=f"{v[bad, 1]:g}",
        )


def _vertex_array(vertices) -> np.ndarray:
    """`vertices` as an (n, 2) float array of 3 to MAX_VERTICES finite points within
    +-LARGEST, else ShapeError naming the first problem found."""
    try:
        if not isinstance(vertices, np.ndarray):
            # any iterable of pairs, a generator too: read one past the cap, no further
            vertices = list(itertools.islice(vertices, MAX_VERTICES + 1))
            if len(vertices) > MAX_VERTICES:
                raise ShapeError.words(
                    N_("a polygon has at most {most} vertices, got more"), most=MAX_VERTICES
                )
        elif np.iscomplexobj(vertices):  # numpy would drop the imaginary parts, warning
            raise ShapeError("vertices must be real numbers, got a complex array")
        v = np.array(vertices, dtype=float)
    except (TypeError, ValueError, OverflowError) as error:
        if isinstance(error, ShapeError):
            raise
        raise ShapeError.words(
            N_("vertices must be a sequence of (x, y) pairs of numbers")
        ) from None
    if v.ndim != 2 or v.shape[1] != 2:
        raise ShapeError(f"vertices must be a sequence of (x, y) pairs, got shape {v.shape}")
    n = len(v)
    if n < 3:
        raise ShapeError.words(N_("a polygon needs at least 3 vertices, got {n}"), n=n)
    if n > MAX_VERTICES:
        raise ShapeError.words(
            N_("a polygon has at most {most} vertices, got {n}"), most=MAX_VERTICES, n=n
        )
    refuse_unbounded_vertices(v)
    return v


def validated_local_vertices(vertices) -> np.ndarray:
    """Check a vertex list describes a convex polygon; return it in library winding.

    Raises ShapeError naming the first problem found.
    """
    v = _vertex_array(vertices)
    n = len(v)

    size = _size(v)
    edges, lengths, short = _short_edges(v, size)
    if short.any():
        i = int(np.argmax(short))
        raise ShapeError.words(
            N_("vertices {first} and {second} are repeated (zero-length edge)"),
            first=i,
            second=(i + 1) % n,
        )

    area = signed_area(v - v[0])  # relative to a vertex: a far offset costs no digits
    if abs(area) <= DEGENERATE_TOLERANCE * size * size:
        raise ShapeError.words(N_("polygon has zero area (all vertices on one line)"))

    def callers(i: int) -> int:
        """Vertex i of the normalised list, numbered as in the caller's list."""
        return (n - i) % n if area < 0 else i

    if area < 0:
        # Keep vertex 0 in place so that the numbering the user wrote survives.
        v = np.concatenate([v[:1], v[:0:-1]])
        edges, lengths, _ = _short_edges(v, size)

    cross, flat = _flat_corners(edges, lengths)
    if flat.any():
        i = callers((int(np.argmax(flat)) + 1) % n)
        raise ShapeError.words(
            N_("vertex {vertex} lies on the line through its neighbours (collinear); remove it"),
            vertex=i,
        )
    if (cross < 0).any():
        i = callers((int(np.argmax(cross < 0)) + 1) % n)
        raise ShapeError.words(
            N_(
                "polygon is concave at vertex {vertex}; concave shapes must be split into "
                "convex parts"
            ),
            vertex=i,
        )
    # All turns agree, but a self-crossing outline (a pentagram) turns more than once:
    # count the times the edge direction passes +x going round (each turn is under pi).
    if turns_of_directions(edges, cross) != 1:
        raise ShapeError.words(
            N_("polygon outline crosses itself; concave shapes must be split into convex parts")
        )
    return v


def convex_hull(points) -> np.ndarray:
    """Convex hull of (n, 2) points (Andrew's monotone chain), collinear and repeated
    points dropped, in the winding Polygon uses (counter-clockwise in y-up maths,
    clockwise on the y-down screen), starting from the lowest (x, y). Fewer than 3
    distinct points come back as they are (sorted)."""
    pts = np.unique(np.asarray(points, dtype=float).reshape(-1, 2), axis=0)
    if len(pts) < 3:
        return pts

    def half(sequence):
        chain: list[np.ndarray] = []
        for p in sequence:
            while len(chain) >= 2:
                o, a = chain[-2], chain[-1]
                if (a[0] - o[0]) * (p[1] - o[1]) - (a[1] - o[1]) * (p[0] - o[0]) > 0:
                    break
                chain.pop()
            chain.append(p)
        return chain

    lower, upper = half(pts), half(pts[::-1])
    hull = np.array(lower[:-1] + upper[:-1])
    # Points the exact test kept whose turn is flat, or that nearly repeat, to Polygon's
    # tolerance: drop them one at a time (each drop changes its neighbours' turns).
    while len(hull) > 3:
        edges, lengths, short = _short_edges(hull, _size(hull))
        if short.any():
            hull = np.delete(hull, (int(np.argmax(short)) + 1) % len(hull), axis=0)
            continue
        _, flat = _flat_corners(edges, lengths)
        if not flat.any():
            break
        hull = np.delete(hull, (int(np.argmax(flat)) + 1) % len(hull), axis=0)
    return hull
