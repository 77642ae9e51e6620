"""Concave outlines split into convex pieces, checked against shapely and closed forms;
tutorial 004's convexity tests (corner signs, line crossings) on hand-made outlines."""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely
from shapely.geometry import LinearRing, LineString, box
from shapely.geometry import Polygon as ShapelyPolygon

from sandbox.core.decompose import decompose
from sandbox.core.geometry import ShapeError
from sandbox.core.outline import convexity, line_crossings

L_SHAPE = [(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)]
U_SHAPE = [(0, 0), (3, 0), (3, 3), (2, 3), (2, 1), (1, 1), (1, 3), (0, 3)]
COMB = [(0, 0), (7, 0), (7, 3), (6, 3), (6, 1), (5, 1), (5, 3), (4, 3), (4, 1), (3, 1)]
COMB += [(3, 3), (2, 3), (2, 1), (1, 1), (1, 3), (0, 3)]


# -- random simple outlines -----------------------------------------------------------


def star_outline(rng: np.random.Generator) -> np.ndarray:
    """Vertices at increasing angles round a centre (no gap of half a turn), random
    radii: always simple, the centre sees every vertex."""
    n = int(rng.integers(3, 25))
    while True:
        angles = np.sort(rng.uniform(0, 2 * math.pi, n))
        gaps = np.diff(np.r_[angles, angles[0] + 2 * math.pi])
        if gaps.min() > 1e-3 and gaps.max() < math.pi - 0.1:
            break
    radii = rng.uniform(0.2, 1.0, n) * 100
    return np.column_stack([radii * np.cos(angles), radii * np.sin(angles)]) + rng.uniform(-50, 50)


def walk_outline(rng: np.random.Generator) -> np.ndarray:
    """The outline of the cells a random walk on a grid visits (a polyomino), turned and
    scaled at random: many collinear vertices, right angles, deep hollows."""
    steps = rng.integers(0, 4, int(rng.integers(3, 30)))
    moves = np.array([(1, 0), (0, 1), (-1, 0), (0, -1)])[steps]
    cells = {tuple(c) for c in np.cumsum(np.r_[[[0, 0]], moves], axis=0).tolist()}
    union = shapely.unary_union([box(x, y, x + 1, y + 1) for x, y in cells])
    ring = np.array(union.exterior.coords)[:-1]
    if rng.random() < 0.5:  # keep the collinear vertices of the grid, or drop them
        ring = np.array(shapely.simplify(union, 0).exterior.coords)[:-1]
    turn = rng.uniform(0, 2 * math.pi)
    r = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]])
    return ring @ r.T * rng.uniform(5, 50) + rng.uniform(-100, 100, 2)


def shoelace(v: np.ndarray) -> tuple[float, tuple[float, float], float]:
    """Area, centroid and polar second moment about the centroid, straight from the
    outline (Green's theorem sums, written out here independently of the library)."""
    x0, y0 = v[:, 0], v[:, 1]
    x1, y1 = np.roll(x0, -1), np.roll(y0, -1)
    c = x0 * y1 - x1 * y0
    area = c.sum() / 2
    cx, cy = ((x0 + x1) * c).sum() / (6 * area), ((y0 + y1) * c).sum() / (6 * area)
    ixx = (c * (y0 * y0 + y0 * y1 + y1 * y1)).sum() / 12
    iyy = (c * (x0 * x0 + x0 * x1 + x1 * x1)).sum() / 12
    j = ixx + iyy - area * (cx * cx + cy * cy)
    if area < 0:
        area, j = -area, -j
    return float(area), (float(cx), float(cy)), float(j)


def convex_overlap_area(p: np.ndarray, q: np.ndarray) -> float:
    """Area shared by two convex polygons (positive winding), by clipping p to each of
    q's edges in turn (Sutherland-Hodgman). Written here rather than asking shapely,
    whose overlay snaps when an edge of one lies along an edge of the other."""
    points = [tuple(x) for x in p]
    for (ax, ay), (bx, by) in zip(q, np.roll(q, -1, axis=0), strict=True):
        side = [(bx - ax) * (y - ay) - (by - ay) * (x - ax) for x, y in points]
        kept = []
        for k in range(len(points)):
            (x0, y0), (x1, y1), s0, s1 = points[k - 1], points[k], side[k - 1], side[k]
            if (s0 > 0) != (s1 > 0):
                t = s0 / (s0 - s1)
                kept.append((x0 + t * (x1 - x0), y0 + t * (y1 - y0)))
            if s1 > 0:
                kept.append((x1, y1))
        points = kept
        if len(points) < 3:
            return 0.0
    return abs(shapely.area(ShapelyPolygon(points)))


def check_decomposition(outline: np.ndarray, pairwise: bool) -> int:
    """Every claim about decompose(outline), against shapely; returns the piece count."""
    result = decompose(outline)
    shape = ShapelyPolygon(outline)
    area = shape.area
    pieces = [ShapelyPolygon(p.vertices) for p in result.pieces]
    for piece, polygon, used in zip(pieces, result.pieces, result.piece_vertices, strict=True):
        assert piece.area == pytest.approx(piece.convex_hull.area, rel=1e-9)  # convex
        assert np.array_equal(polygon.vertices, outline[list(used)])
    # Union area = sum of areas - overlaps; both equal the outline's area: no overlap.
    assert sum(p.area for p in pieces) == pytest.approx(area, rel=1e-9)
    union = shapely.unary_union(pieces)
    assert union.symmetric_difference(shape).area <= 1e-9 * area
    if pairwise:
        for i in range(len(pieces)):
            for j in range(i + 1, len(pieces)):
                first, second = result.pieces[i].vertices, result.pieces[j].vertices
                assert convex_overlap_area(first, second) <= 1e-9 * area
    # Mass properties of the union of pieces = the outline's closed forms.
    expected_area, (cx, cy), j = shoelace(outline)
    assert result.area == pytest.approx(expected_area, rel=1e-9)
    assert result.centroid[0] == pytest.approx(cx, abs=1e-9 * math.sqrt(area))
    assert result.centroid[1] == pytest.approx(cy, abs=1e-9 * math.sqrt(area))
    assert result.moment_of_inertia(expected_area) == pytest.approx(j, rel=1e-8)
    # Hertel-Mehlhorn keeps only diagonals essential at a reflex corner: <= 2 per corner.
    reflex = len(convexity(outline).reflex)
    assert len(result.pieces) <= 2 * reflex + 1
    if reflex == 0:
        assert len(result.pieces) == 1
    return len(result.pieces)


@pytest.mark.parametrize("make", [star_outline, walk_outline])
def test_random_simple_outlines_split_into_convex_pieces_that_tile_them(make):
    """Seeded star-shaped and random-walk outlines, both windings: the pieces are
    convex, do not overlap, cover exactly the outline and carry its mass properties."""
    rng = np.random.default_rng(10 if make is star_outline else 11)
    outlines = pieces = concave = 0
    for trial in range(400):
        outline = make(rng)
        assert LinearRing(outline).is_simple  # (by construction)
        for winding in (outline, outline[::-1].copy()):
            pieces += check_decomposition(winding, pairwise=trial < 50)
            outlines += 1
        concave += bool(convexity(outline).reflex)
    assert outlines > 700 and concave > 250 and pieces > 3 * outlines


def test_random_outlines_are_refused_exactly_when_shapely_says_they_are_not_simple():
    """Random points in random order mostly cross themselves: decompose refuses exactly
    those shapely's is_simple refuses, and splits the rest correctly."""
    rng = np.random.default_rng(12)
    refused = accepted = 0
    for _ in range(400):
        outline = rng.uniform(-100, 100, (int(rng.integers(3, 9)), 2))
        if LinearRing(outline).is_simple:
            check_decomposition(outline, pairwise=True)
            accepted += 1
        else:
            with pytest.raises(ShapeError, match="crosses itself"):
                decompose(outline)
            refused += 1
    assert refused > 150 and accepted > 100


@pytest.mark.parametrize(
    ("outline", "pieces"), [(L_SHAPE, 2), (U_SHAPE, 3), (COMB, 5)], ids=["L", "U", "comb"]
)
def test_letters_and_comb_split_as_drawn(outline, pieces):
    """The L, U and comb of the lessons: the fewest pieces by hand (2, 3, 5)."""
    for winding in (outline, outline[::-1]):
        assert check_decomposition(np.array(winding, dtype=float), pairwise=True) == pieces


def test_l_shape_mass_properties_by_hand():
    """The L is a 2x1 bar plus a 1x1 square on top: area 3, centroid (5/6, 5/6)."""
    result = decompose(L_SHAPE)
    assert result.area == pytest.approx(3.0)
    assert result.centroid == pytest.approx((5 / 6, 5 / 6))
    # Bar: (4 + 1) / 12 * 2 + 2 * |(1, .5) - c|^2 ; square: 2 / 12 + |(.5, 1.5) - c|^2.
    c = np.array([5 / 6, 5 / 6])
    j = 10 / 12 + 2 * np.sum((np.array([1, 0.5]) - c) ** 2)
    j += 2 / 12 + np.sum((np.array([0.5, 1.5]) - c) ** 2)
    assert result.moment_of_inertia(3.0) == pytest.approx(j)


def test_convex_input_is_one_piece_and_collinear_vertices_are_no_corner():
    """A square with extra points along its sides is one piece, its four corners."""
    outline = [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (0, 2), (0, 1)]
    result = decompose(outline)
    assert result.piece_vertices == ((0, 2, 4, 5),)
    reversed_result = decompose(outline[::-1])
    assert len(reversed_result.pieces) == 1
    assert sorted(reversed_result.piece_vertices[0]) == [1, 2, 4, 6]  # (0, 2) (2, 2) (2, 0) (0, 0)


@pytest.mark.parametrize(
    ("outline", "message"),
    [
        ([(0, 0), (1, 1)], "at least 3 vertices"),
        ([(0, 0), (2, 0), (0, 2), (2, 2)], "crosses itself"),
        ([(0, 0), (4, 0), (4, 4), (2, 0), (0, 4)], "crosses itself"),  # touches its base
        ([(0, 0), (1, 0), (2, 0)], "zero area"),
        ([(0, 0), (2, 0), (2, 2), (0, 0), (0, 2)], "repeated"),
        ([(0, 0), (2, 0), (2, 2), (2, 2), (0, 2)], "repeated"),
        ([(0, 0), (2, 0), (1, 0), (1, 2)], "doubles back"),
        ([(0, 0), (1, float("nan")), (0, 1)], "not finite"),
        ("abc", "pairs"),
    ],
)
def test_outlines_that_are_not_simple_are_refused_clearly(outline, message):
    with pytest.raises(ShapeError, match=message):
        decompose(outline)


def test_corner_signs_find_the_reflex_corner_in_either_winding():
    """L: only corner 3 turns against the winding; reversed, that corner is index 2."""
    forward = convexity(L_SHAPE)
    assert forward.winding == 1 and forward.reflex == (3,) and not forward.convex
    assert forward.cross == (4.0, 2.0, 1.0, -1.0, 1.0, 2.0)  # by hand: in x out
    backward = convexity(L_SHAPE[::-1])
    assert backward.winding == -1 and backward.reflex == (2,)
    assert convexity([(0, 0), (1, 0), (2, 0), (2, 2), (0, 2)]).flat == (1,)
    square = convexity([(0, 0), (2, 0), (2, 2), (0, 2)])
    assert square.convex and square.turns == 1 and square.reflex == ()


def test_pentagram_turns_the_same_way_at_every_corner_yet_is_not_convex():
    points = [(math.cos(a), math.sin(a)) for a in np.arange(5) * 4 * math.pi / 5]
    star = convexity(points)
    assert star.reflex == () and star.turns == 2 and not star.convex


@pytest.mark.parametrize(
    ("outline", "point", "direction"),
    [
        (U_SHAPE, (-1, 2), (1, 0)),  # through both prongs: 4
        (U_SHAPE, (-1, 0.5), (1, 0)),  # through the base: 2
        (COMB, (-1, 2.1), (1, 0.01)),  # through four teeth: 8
        ([(0, 0), (2, 0), (2, 2), (0, 2)], (1, -1), (0.1, 1)),
    ],
)
def test_line_crossings_match_shapely(outline, point, direction):
    """Tutorial 004's line test: the crossings are where shapely finds them."""
    ts = line_crossings(outline, point, direction)
    p, d = np.array(point, float), np.array(direction, float)
    line = LineString([p - 100 * d, p + 100 * d])
    hits = line.intersection(LinearRing(outline))
    expected = sorted(float(np.dot(np.array(q.coords[0]) - p, d) / d.dot(d)) for q in hits.geoms)
    assert ts == pytest.approx(expected)
