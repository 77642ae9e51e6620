"""A ⊖ B against independent truth on seeded random polygon pairs (both orders):
shapely says whether A and B intersect and how far apart they are; the origin's place
in A ⊖ B must say the same, and its depth inside must be sat()'s depth."""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from random_shapes import random_shape

from sandbox.core.geometry import Polygon
from sandbox.core.minkowski import locate_origin, minkowski_difference
from sandbox.core.pair import sat


def as_shapely(p: Polygon):
    return shapely.Polygon(np.asarray(p.vertices))


def test_two_boxes_by_hand():
    """A: 10 x 30 at (0, 0); B: 20 x 20 at (12, 0). A ⊖ B is the 30 x 50 box centred at
    (0 - 12, 0): x from -27 to 3, y from -25 to 25. The origin is 3 from its right edge
    (the depth, along x) and 25 from top and bottom; the way out is +x, the MTV -3 x."""
    a, b = Polygon.box(10, 30, position=(0, 0)), Polygon.box(20, 20, position=(12, 0))
    hull = minkowski_difference(a, b)
    v = np.asarray(hull.vertices)
    assert sorted(map(tuple, v.tolist())) == [(-27, -25), (-27, 25), (3, -25), (3, 25)]
    where = locate_origin(hull)
    assert where.inside and where.distance == pytest.approx(3.0)
    assert where.nearest == pytest.approx((3.0, 0.0))
    assert tuple(sat(a, b).mtv) == pytest.approx((-3.0, 0.0))
    assert tuple(hull.normals[where.edge]) == pytest.approx((1.0, 0.0))


@pytest.mark.parametrize("flip", [False, True], ids=["a, b", "b, a"])
def test_origin_in_the_difference_is_collision_and_its_distance_is_depth_or_gap(flip):
    rng = np.random.default_rng(7)
    seen = {True: 0, False: 0}
    for _ in range(2000):
        a, b = random_shape(rng), random_shape(rng)
        if flip:
            a, b = b, a
        hull = minkowski_difference(a, b)
        where = locate_origin(hull)
        sa, sb = as_shapely(a), as_shapely(b)
        separation = shapely.distance(sa, sb)
        if separation > 1e-7:
            assert not where.inside
            assert where.distance == pytest.approx(separation, rel=1e-9, abs=1e-9)
        elif sa.intersection(sb).area > 1e-6:
            assert where.inside
            report = sat(a, b)
            assert report.colliding
            assert where.distance == pytest.approx(report.depth, rel=1e-9, abs=1e-9)
            # the MTV is the reverse of the origin's way out
            assert -np.asarray(where.nearest) == pytest.approx(np.asarray(report.mtv), abs=1e-7)
        seen[where.inside] += 1
    assert min(seen.values()) > 400, seen


def test_the_difference_has_the_sat_axes_as_its_edge_normals():
    """Every edge normal of A ⊖ B is one of A's normals or one of B's, reversed."""
    rng = np.random.default_rng(11)
    for _ in range(300):
        a, b = random_shape(rng), random_shape(rng)
        axes = np.vstack([np.asarray(a.normals), -np.asarray(b.normals)])
        for normal in np.asarray(minkowski_difference(a, b).normals):
            assert np.min(np.hypot(*(axes - normal).T)) < 1e-9


def test_touching_boxes_put_the_origin_on_the_boundary():
    a, b = Polygon.box(10, 10, position=(0, 0)), Polygon.box(10, 10, position=(10, 3))
    where = locate_origin(minkowski_difference(a, b))
    assert where.inside and where.distance == pytest.approx(0.0, abs=1e-12)


def test_circles_are_refused():
    from sandbox.core.geometry import Circle

    with pytest.raises(TypeError, match="two Polygons"):
        minkowski_difference(Circle(5), Polygon.box(1, 1))


def _turned_pair(rng: np.random.Generator):
    """Two polygons with parallel edges: a box or a regular polygon, and a copy of a box
    or of the same polygon turned by a multiple of 90 degrees (or of its own corner
    angle), resting at random offsets, so that many edge pairs are exactly or nearly
    parallel (the case that made A - B a hull with collinear points)."""
    quarter = float(rng.integers(0, 4)) * np.pi / 2
    base = float(rng.choice([0.0, rng.uniform(0, np.pi)]))
    if rng.random() < 0.5:
        a = Polygon.box(*rng.uniform(5, 80, 2), position=(0, 0), angle=base)
        b = Polygon.box(*rng.uniform(5, 80, 2), position=tuple(rng.uniform(-60, 60, 2)))
        b = b.placed(angle=base + quarter)
    else:
        sides = int(rng.integers(3, 9))
        a = Polygon.regular(sides, float(rng.uniform(5, 60)), (0, 0), base)
        step = 2 * np.pi / sides * float(rng.integers(0, sides))
        b = Polygon.regular(sides, float(rng.uniform(5, 60)), tuple(rng.uniform(-60, 60, 2)))
        b = b.placed(angle=base + step + float(rng.choice([0.0, np.pi])))
    return a, b


@pytest.mark.parametrize("flip", [False, True], ids=["a, b", "b, a"])
def test_the_difference_is_the_hull_of_all_vertex_differences(flip):
    """A - B is shapely's convex hull of every vertex difference: the same area, the
    same region (symmetric difference ~0), on 3,000 seeded pairs, half with parallel
    edges (boxes turned by 90, 180, 270 degrees; regular polygons by their own corner
    angle), half at random angles; it never fails to build a Polygon."""
    rng = np.random.default_rng(23)
    parallel = 0
    for k in range(3000):
        if k % 2:
            a, b = random_shape(rng), random_shape(rng)
        else:
            a, b = _turned_pair(rng)
            parallel += 1
        if flip:
            a, b = b, a
        hull = minkowski_difference(a, b)
        d = (np.asarray(a.vertices)[:, None, :] - np.asarray(b.vertices)[None, :, :]).reshape(-1, 2)
        truth = shapely.MultiPoint(d).convex_hull
        ours = as_shapely(hull)
        scale = truth.area
        assert ours.area == pytest.approx(truth.area, rel=1e-9)
        assert ours.symmetric_difference(truth).area <= 1e-9 * scale
    assert parallel == 1500


def test_resting_boxes_with_parallel_edges_give_a_valid_difference():
    """The pair from the report: two boxes stacked flat (parallel edges, one turned
    90 deg): A - B is the 4-corner box of their summed sizes, no collinear corner."""
    a = Polygon.box(60, 40, position=(100, 200))
    b = Polygon.box(30, 50, position=(100, 155), angle=np.pi / 2)
    hull = minkowski_difference(a, b)
    assert len(hull) == 4
    xs, ys = np.asarray(hull.vertices).T
    # A spans 70..130 x 180..220; B turned spans 75..125 x 140..170: A - B spans
    # 70-125..130-75 = -55..55 in x and 180-170..220-140 = 10..80 in y.
    assert (xs.min(), xs.max(), ys.min(), ys.max()) == pytest.approx((-55, 55, 10, 80))
