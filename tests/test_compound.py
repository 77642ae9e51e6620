"""Concave bodies: a Compound (outline + convex pieces) in the core, against shapely and
closed forms; piece-by-piece SAT in both argument orders; one rigid body in the world."""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely
from shapely.geometry import Point
from shapely.geometry import Polygon as ShapelyPolygon
from shapes import random_local_vertices
from test_decompose import shoelace, star_outline, walk_outline

from sandbox.core.compound import Compound, convex_parts, from_outline, piece_pairs
from sandbox.core.geometry import Circle, Polygon, ShapeError
from sandbox.core.outline import line_crossings, most_crossed_line
from sandbox.core.pair import sat

# y down: a 90 x 30 bar on top of a 30 x 60 leg on the left (a Γ on screen).
GAMMA = [(0, 0), (90, 0), (90, 30), (30, 30), (30, 90), (0, 90)]


def test_gamma_mass_properties_by_hand():
    """Area, centroid and inertia of the union equal the two rectangles' closed forms
    (bar 90 x 30 centred (45, 15), leg 30 x 60 centred (15, 60), parallel axis theorem)."""
    shape = Compound(GAMMA, position=(10, 20))
    assert shape.area == pytest.approx(2700 + 1800)
    cx, cy = (2700 * 45 + 1800 * 15) / 4500, (2700 * 15 + 1800 * 60) / 4500
    assert shape.centroid == pytest.approx((10 + cx, 20 + cy))
    density = 0.5
    mass = density * 4500
    inertia = sum(
        density * w * h * ((w * w + h * h) / 12 + (x - cx) ** 2 + (y - cy) ** 2)
        for w, h, x, y in ((90, 30, 45, 15), (30, 60, 15, 60))
    )
    assert shape.moment_of_inertia(mass) == pytest.approx(inertia, rel=1e-12)


def test_compound_mass_properties_equal_the_outline_on_random_outlines():
    """Area, centroid and polar moment of the pieces' union equal Green's theorem sums
    over the outline itself (1,000 seeded outlines, both generators, any pose)."""
    rng = np.random.default_rng(7)
    for k in range(1000):
        outline = star_outline(rng) if k % 2 else walk_outline(rng)
        angle = float(rng.uniform(-4, 4))
        position = tuple(rng.uniform(-300, 300, 2))
        shape = Compound(outline, position, angle)
        area, (cx, cy), j = shoelace(np.asarray(outline, dtype=float))
        scale = float(np.ptp(outline, axis=0).max())
        assert shape.area == pytest.approx(area, rel=1e-9)
        c, s = math.cos(angle), math.sin(angle)
        expected = (c * cx - s * cy + position[0], s * cx + c * cy + position[1])
        assert shape.centroid == pytest.approx(expected, abs=1e-9 * scale + 1e-9)
        assert shape.moment_of_inertia(area) == pytest.approx(j, rel=1e-8)


def test_placed_pieces_move_with_the_outline():
    """Every piece vertex is the outline vertex it came from, at every pose."""
    shape = Compound(GAMMA).placed((300, 200), 0.7)
    for piece, indices in zip(shape.pieces, shape.piece_vertices, strict=True):
        assert np.allclose(piece.vertices, shape.vertices[list(indices)], atol=1e-12)
    assert shape.aabb().min_x == pytest.approx(shape.vertices[:, 0].min())


def test_from_outline_keeps_convex_outlines_whole_and_splits_concave_ones():
    """A convex outline is one Polygon; a concave one is a Compound of more than one
    piece; one that crosses itself is refused with a message that says so."""
    assert isinstance(from_outline([(0, 0), (10, 0), (10, 10), (0, 10)]), Polygon)
    split = from_outline(GAMMA)
    assert isinstance(split, Compound) and len(split.pieces) == 2
    with pytest.raises(ShapeError, match="crosses itself"):
        from_outline([(0, 0), (10, 0), (0, 10), (10, 10)])
    with pytest.raises(ShapeError):
        from_outline([(0, 0), (1, 1)])
    with pytest.raises(ShapeError):
        convex_parts("not a shape")


def test_contains_point_agrees_with_shapely():
    """A point is in the compound iff shapely finds it in (or on) the outline."""
    rng = np.random.default_rng(3)
    agree = inside = 0
    for _ in range(100):
        outline = walk_outline(rng)
        shape, truth = Compound(outline), ShapelyPolygon(outline)
        lo, hi = outline.min(axis=0), outline.max(axis=0)
        for p in rng.uniform(lo, hi, (40, 2)):
            if abs(truth.exterior.distance(Point(p))) < 1e-6:
                continue  # on the boundary to rounding: either answer is right
            expected = truth.contains(Point(p))
            assert shape.contains_point(p) == expected
            agree += 1
            inside += expected
    assert agree > 3000 and 500 < inside < agree - 500


def _random_pair(rng: np.random.Generator):
    outline = star_outline(rng) if rng.random() < 0.5 else walk_outline(rng)
    compound = Compound(outline)
    centre = np.asarray(compound.centroid)
    reach = float(np.ptp(outline, axis=0).max())
    where = centre + rng.uniform(-0.8, 0.8, 2) * reach
    if rng.random() < 0.25:
        other = Circle(float(rng.uniform(3, 30)), tuple(where))
    else:
        other = Polygon(random_local_vertices(rng) * rng.uniform(0.2, 1.0), tuple(where))
    return compound, other


def _shapely(shape):
    if isinstance(shape, Circle):
        return Point(shape.position).buffer(shape.radius, 256)
    return ShapelyPolygon(np.asarray(shape.vertices))


def test_piece_pairs_against_shapely_in_both_orders():
    """2,000 seeded concave-against-convex pairs, both argument orders: a piece pair is
    listed as colliding iff shapely finds the two pieces meet, and so the bodies
    collide iff shapely finds the outline and the other shape meet; the pair shown is
    the deepest (the largest depth of any colliding piece pair). Both outcomes occur."""
    rng = np.random.default_rng(11)
    outcomes = {True: 0, False: 0}
    for _ in range(2000):
        compound, other = _random_pair(rng)
        truth = _shapely(other)
        distance = truth.distance(ShapelyPolygon(compound.vertices))
        if 0 < distance < 1e-6 or isinstance(other, Circle) and distance < 0.05:
            continue  # a circle is a 256-gon to shapely: too close to call here
        ab, ba = piece_pairs(compound, other), piece_pairs(other, compound)
        expected = {
            (i, 0)
            for i, piece in enumerate(compound.pieces)
            if truth.distance(_shapely(piece)) == 0.0
        }
        if not isinstance(other, Circle):
            assert set(ab.colliding) == expected
        assert {(j, i) for i, j in ba.colliding} == set(ab.colliding)
        colliding = distance == 0.0
        assert bool(ab.colliding) == colliding == ab.report.colliding == ba.report.colliding
        outcomes[colliding] += 1
        assert ab.a_piece is not None and ab.b_piece is None
        assert ba.a_piece is None and ba.b_piece is not None
        if colliding:
            depths = [sat(compound.pieces[i], other).depth for i, _ in ab.colliding]
            assert ab.report.depth == pytest.approx(max(depths), abs=1e-9)
            assert ba.report.depth == pytest.approx(max(depths), abs=1e-9)
    assert outcomes[True] > 400 and outcomes[False] > 400


def test_compound_against_compound_lists_every_meeting_piece_pair():
    """Two concave outlines: the colliding piece pairs are exactly those shapely finds
    meeting, and the reversed call lists them swapped (500 seeded pairs)."""
    rng = np.random.default_rng(5)
    met = 0
    for _ in range(500):
        a = Compound(walk_outline(rng))
        b = Compound(star_outline(rng) + np.asarray(a.centroid) - 0)
        ab, ba = piece_pairs(a, b), piece_pairs(b, a)
        expected = {
            (i, j)
            for i, p in enumerate(a.pieces)
            for j, q in enumerate(b.pieces)
            if _shapely(p).distance(_shapely(q)) == 0.0
        }
        near = [_shapely(p).distance(_shapely(q)) for p in a.pieces for q in b.pieces]
        if any(0 < d < 1e-6 for d in near):
            continue
        assert set(ab.colliding) == expected
        assert {(j, i) for i, j in ba.colliding} == expected
        met += bool(expected)
    assert met > 100


def test_most_crossed_line_finds_the_hollow():
    """A convex outline is crossed twice by any line; the Γ and a U four times. The line
    returned crosses the outline exactly where `line_crossings` says."""
    square = [(0, 0), (10, 0), (10, 10), (0, 10)]
    cup = [(0, 0), (1, 0), (1, 2), (2, 2), (2, 0), (3, 0), (3, 3), (0, 3)]
    for outline, count in ((square, 2), (GAMMA, 4), (cup, 4)):
        point, direction, ts = most_crossed_line(outline)
        assert len(ts) == count
        assert ts == line_crossings(outline, point, direction)
        assert math.hypot(*direction) == pytest.approx(1.0)


def test_shapely_agrees_with_the_pieces_union():
    """The union of a Compound's placed pieces is its placed outline (shapely)."""
    rng = np.random.default_rng(9)
    for _ in range(200):
        shape = Compound(walk_outline(rng), tuple(rng.uniform(-50, 50, 2)), rng.uniform(0, 6))
        union = shapely.unary_union([_shapely(p) for p in shape.pieces])
        outline = ShapelyPolygon(shape.vertices)
        assert union.symmetric_difference(outline).area < 1e-6 * outline.area
