"""Issue 11: the library is exact at every scale, checked against shapely.

Sizes from 1e-9 to 1e6 and offsets up to 1e9: the SAT answer (colliding, depth, normal),
area, centroid, contains_point and the inside flags agree with shapely (GEOS) and with
the exact Minkowski-difference depth, relative to the shapes' size. Plus the cases
that were wrong: absolute tie tolerances, far offsets, overflow, NaN, generators.
"""

import math
import random

import numpy as np
import pytest
import shapely
from shapely.geometry import MultiPoint, Point
from shapely.geometry import Polygon as ShapelyPolygon

from sandbox.core.batch import PolygonBatch, sat_many
from sandbox.core.geometry import Circle, Polygon, ShapeError
from sandbox.core.pair import sat
from sandbox.core.swept import sweep

SIZES = (1e-9, 1e-6, 1e-3, 1.0, 1e3, 1e6)
OFFSETS = (0.0, 1e3, 1e6, 1e9)


def _cases():
    """(size, offset) with the offset at most 1e9 sizes away: beyond that a double
    cannot place the shape to better than 1e-7 of its size, for any library."""
    return [(s, o) for s in SIZES for o in OFFSETS if o <= 1e9 * s]


def random_convex(rng: random.Random, size: float, centre) -> list[tuple[float, float]]:
    """A random convex polygon of about `size` around `centre` (angles on a circle)."""
    n = rng.randint(3, 8)
    angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(n))
    radius = size * rng.uniform(0.5, 1.0)
    points = [(radius * math.cos(t), radius * math.sin(t)) for t in angles]
    hull = MultiPoint(points).convex_hull
    coords = list(hull.exterior.coords)[:-1]
    return [(centre[0] + x, centre[1] + y) for x, y in coords]


def exact_depth(a: Polygon, b: Polygon, offset: float) -> float:
    """Penetration depth from the Minkowski difference A - B (origin's distance to its
    boundary), computed relative to `offset` so that shapely loses nothing to it."""
    va = a.vertices - offset
    vb = b.vertices - offset
    difference = MultiPoint([tuple(p - q) for p in va for q in vb]).convex_hull
    return difference.exterior.distance(Point(0.0, 0.0))


@pytest.mark.parametrize("size,offset", _cases())
def test_sat_matches_the_minkowski_depth_at_every_scale(size, offset):
    rng = random.Random(f"{size}-{offset}")
    checked = 0
    for _ in range(40):
        a_local = random_convex(rng, size, (0.0, 0.0))
        b_local = random_convex(rng, size, (0.0, 0.0))
        shift = (rng.uniform(-1.5, 1.5) * size, rng.uniform(-1.5, 1.5) * size)
        a = Polygon(a_local, position=(offset, offset))
        b = Polygon(b_local, position=(offset + shift[0], offset + shift[1]))
        sa = ShapelyPolygon(a_local)
        sb = ShapelyPolygon([(x + shift[0], y + shift[1]) for x, y in b_local])
        gap = sa.distance(sb)
        result = sat(a, b)
        if gap > 1e-6 * size:
            assert not result.colliding
            continue
        depth = exact_depth(a, b, offset) if sa.intersects(sb) else 0.0
        if depth < 1e-6 * size:
            continue  # touching within rounding: either answer is honest
        checked += 1
        assert result.colliding
        tolerance = 1e-9 * size + 1e-12 * offset
        assert result.depth == pytest.approx(depth, abs=tolerance)
        # The MTV separates them: moved by it, A only touches B.
        moved = Polygon(a_local, position=(offset + result.mtv[0], offset + result.mtv[1]))
        assert sat(moved, b).depth <= tolerance * 10
        # Both argument orders agree.
        other = sat(b, a)
        assert other.depth == pytest.approx(result.depth, abs=tolerance)
    assert checked >= 5


@pytest.mark.parametrize("size,offset", _cases())
def test_sat_many_is_bit_identical_to_sat_at_every_scale(size, offset):
    rng = random.Random(f"many-{size}-{offset}")
    a_shapes, b_shapes = [], []
    for _ in range(30):
        a_shapes.append(Polygon(random_convex(rng, size, (offset, offset))))
        shift = (rng.uniform(-1.2, 1.2) * size, rng.uniform(-1.2, 1.2) * size)
        b_shapes.append(Polygon(random_convex(rng, size, (offset + shift[0], offset + shift[1]))))
    batch = sat_many(PolygonBatch(a_shapes), PolygonBatch(b_shapes))
    for k, (a, b) in enumerate(zip(a_shapes, b_shapes, strict=True)):
        single = sat(a, b)
        assert bool(batch.colliding[k]) == single.colliding
        assert float(batch.depth[k]) == single.depth
        assert tuple(batch.mtv[k]) == single.mtv


@pytest.mark.parametrize("size,offset", _cases())
def test_area_centroid_and_contains_point_match_shapely(size, offset):
    rng = random.Random(f"area-{size}-{offset}")
    for _ in range(20):
        local = random_convex(rng, size, (offset, offset))  # the offset in the vertices
        shape = Polygon(local)
        relative = ShapelyPolygon([(x - offset, y - offset) for x, y in local])
        assert shape.area == pytest.approx(relative.area, rel=1e-9)
        cx, cy = shape.centroid
        tolerance = 1e-9 * size + 1e-15 * offset
        assert cx - offset == pytest.approx(relative.centroid.x, abs=tolerance)
        assert cy - offset == pytest.approx(relative.centroid.y, abs=tolerance)
        for _ in range(20):
            p = (rng.uniform(-1.2, 1.2) * size, rng.uniform(-1.2, 1.2) * size)
            if relative.exterior.distance(Point(p)) < 1e-6 * size:
                continue
            inside = relative.contains(Point(p))
            assert shape.contains_point((p[0] + offset, p[1] + offset)) == inside


@pytest.mark.parametrize("size,offset", _cases())
def test_inside_flags_match_shapely(size, offset):
    rng = random.Random(f"inside-{size}-{offset}")
    seen = set()
    for _ in range(40):
        outer_local = random_convex(rng, size, (0.0, 0.0))
        inner_local = random_convex(rng, size * rng.uniform(0.05, 0.4), (0.0, 0.0))
        shift = (rng.uniform(-1.0, 1.0) * size, rng.uniform(-1.0, 1.0) * size)
        outer = Polygon(outer_local, position=(offset, offset))
        inner = Polygon(inner_local, position=(offset + shift[0], offset + shift[1]))
        so = ShapelyPolygon(outer_local)
        si = shapely.affinity.translate(ShapelyPolygon(inner_local), *shift)
        if not so.intersects(si):
            continue
        truth = so.contains(si)
        if truth and so.exterior.distance(si) < 1e-6 * size:
            continue  # touching from inside, within rounding
        if not truth and si.difference(so).area < 1e-6 * si.area:
            continue  # poking out by no more than rounding
        result = sat(inner, outer)
        assert result.a_in_b == truth and result.b_in_a is False
        flipped = sat(outer, inner)
        assert flipped.b_in_a == truth and flipped.a_in_b is False
        seen.add(truth)
    assert seen == {True, False}


def test_tiny_boxes_pick_the_least_depth_not_the_first_axis():
    """The issue's case: an absolute tie tolerance of 1e-9 tied every axis."""
    a = Polygon.box(1e-9, 1e-9)
    b = Polygon.box(1e-9, 1e-9, position=(0.9e-9, 0.3e-9))
    result = sat(a, b)
    assert result.normal == (-1.0, 0.0)
    assert result.depth == pytest.approx(1e-10, rel=1e-6)


@pytest.mark.parametrize("offset", [1e9, 1e10, 1e11])
def test_square_far_from_its_origin_is_valid_with_exact_area(offset):
    """A 40 x 40 square given at offset 1e9 had area 1536; at 1e10+ it was refused."""
    square = Polygon(
        [(offset, offset), (offset + 40, offset), (offset + 40, offset + 40)]
        + [(offset, offset + 40)]
    )
    assert square.area == 1600.0
    assert square.centroid == (offset + 20, offset + 20)


def test_shapes_too_large_for_their_squares_are_refused():
    with pytest.raises(ShapeError, match="at most 1e\\+150"):
        Polygon.box(1e154, 1e154)
    with pytest.raises(ShapeError, match="at most 1e\\+150"):
        Circle(1e160)
    with pytest.raises(ShapeError, match="within"):
        Polygon.box(1, 1, position=(1e160, 0))
    largest = Polygon.box(1e150, 1e150)
    assert math.isfinite(largest.area) and largest.contains_point((0, 0))
    assert not largest.contains_point((1e150, 0))


def test_contains_point_at_1e_minus_12():
    square = Polygon.box(1e-12, 1e-12)
    assert square.contains_point((0.4e-12, 0.0))
    assert not square.contains_point((0.6e-12, 0.0))  # an absolute 1e-9 slack said yes
    circle = Circle(1e-12)
    assert circle.contains_point((0.9e-12, 0.0)) and not circle.contains_point((1.1e-12, 0.0))


def test_inside_flags_at_large_scale():
    outer = Polygon.box(1e140, 1e140)
    inner = Polygon.box(1e139, 1e139, position=(3e139, 0))
    result = sat(inner, outer)
    assert result.a_in_b and not result.b_in_a
    poking = Polygon.box(1e139, 1e139, position=(4.9e139 + 1e138, 0))
    assert not sat(poking, outer).a_in_b
    assert sat(Circle(1e139), Circle(1e140)).a_in_b


def test_sweep_does_not_overflow():
    """|motion| ** 2 overflowed: a head-on sweep at 1e155 px a step reported no hit."""
    result = sweep(Circle(1), Circle(1, position=(10, 0)), (1e155, 0))
    assert result.hit and result.fraction == pytest.approx(8 / 1e155)
    assert result.normal == (-1.0, 0.0)
    assert sweep(Circle(1), Polygon.box(2, 2, position=(10, 0)), (1e300, 0)).hit
    assert not sweep(Circle(1), Circle(1, position=(10, 0)), (1e300, 1e300)).hit


def test_sweep_refuses_a_motion_that_is_not_a_pair():
    for motion in (None, 3, (1,), "ab", (1, None)):
        with pytest.raises(ValueError, match="motion must be a pair of numbers"):
            sweep(Circle(1), Circle(1, position=(10, 0)), motion)


def test_polygon_takes_any_iterable_as_its_signature_says():
    points = [(0, 0), (4, 0), (4, 3)]
    from_generator = Polygon(p for p in points)
    assert np.array_equal(from_generator.local_vertices, Polygon(points).local_vertices)
    assert Polygon(iter(points)).area == 6.0
    with pytest.raises(ShapeError, match="pairs"):
        Polygon(x for x in (1, 2, 3))


def test_polygon_vertex_count_is_bounded():
    with pytest.raises(ShapeError, match="at most 1024 vertices"):
        Polygon.regular(25_000, 100)


@pytest.mark.parametrize("field", ["vertices", "normals", "centroids"])
def test_batch_from_arrays_refuses_nan(field):
    square = Polygon.box(2, 2)
    arrays = {
        "vertices": square.vertices[None].copy(),
        "normals": square.normals[None].copy(),
        "centroids": np.array([[0.0, 0.0]]),
    }
    arrays[field][0, 0] = np.nan
    with pytest.raises(ValueError, match=f"{field} must be finite"):
        PolygonBatch.from_arrays(arrays["vertices"], arrays["normals"], arrays["centroids"])
