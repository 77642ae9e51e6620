"""The Separating Axis Test on hand-built cases (sandbox.sat, in sandbox/core/pair.py).

Every pair goes through `both_orders`, which checks sat(a, b) against sat(b, a):
colliding equal, depth equal, mtv and normal negated, a_in_b / b_in_a swapped and
every shared axis carrying the same intervals, swapped.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from shapes import (
    assert_not_colliding_result,
    both_orders,
    signed_distance,
    translated,
)

from sandbox.core.geometry import Circle, Polygon
from sandbox.core.pair import sat
from sandbox.core.report import SatResult

SQRT2 = math.sqrt(2)


def approx_vec(v, abs=1e-9):  # noqa: A002 - mirrors pytest.approx
    return pytest.approx(tuple(v), abs=abs)


def contact_set(result: SatResult, digits: int = 9) -> set:
    return {(round(x, digits) + 0.0, round(y, digits) + 0.0) for x, y in result.contacts}


# -- separated ------------------------------------------------------------------------


def test_separated_boxes_report_the_separating_axis_and_its_gap():
    """Two boxes 30 px apart along x: not colliding; the first separating axis is x
    and its gap is 30; the report stops there."""
    a = Polygon.box(20, 20, position=(0, 0))
    b = Polygon.box(20, 20, position=(50, 0))
    ab, ba = both_orders(a, b)
    for r in (ab, ba):
        assert_not_colliding_result(r)
        assert r.separating.axis == (1.0, 0.0)
        assert r.separating.gap == 30.0
        assert r.separating.overlap == -30.0
        assert r.axes[-1] is r.separating  # early exit: nothing after it
        assert len(r.axes) == 2
    assert ab.separating.a_interval == (-10.0, 10.0)
    assert ab.separating.b_interval == (40.0, 60.0)
    assert ba.separating.a_interval == (40.0, 60.0)
    assert ba.separating.b_interval == (-10.0, 10.0)


def test_separated_rotated_shapes_have_a_gap_on_the_separating_axis():
    """A diamond (30 px box turned 45 degrees) and a triangle (radius 20 at (45, 10),
    turned 0.3) that do not touch. In closed form:

    - sat(diamond, triangle): the diamond's n0 (1, -1)/sqrt2 does not separate; its n1,
      (1, 1)/sqrt2, does: the diamond spans [-15, 15], the triangle starts at its
      vertex 2, (x + y)/sqrt2 with x, y = (45, 10) + 20 (cos, sin)(0.3 + 4 pi/3).
    - sat(triangle, diamond): the triangle's n0 does not separate; its n1 points at
      0.3 + pi. The triangle spans c - 20 .. c + 10 (circumradius, inradius) with
      c = -(45 cos 0.3 + 10 sin 0.3); the diamond's half-width on it is 30 cos 0.3 / sqrt2.
    """
    a = Polygon.box(30, 30, position=(0, 0), angle=math.pi / 4)
    b = Polygon.regular(3, 20, position=(45, 10), angle=0.3)
    ab, ba = both_orders(a, b)
    h = math.sqrt(0.5)
    t = 0.3 + 4 * math.pi / 3
    b_min = (45 + 20 * math.cos(t) + 10 + 20 * math.sin(t)) * h
    s = ab.separating
    assert not ab.colliding and len(ab.axes) == 2 and ab.axes[-1] is s
    assert (s.owner, s.feature_index) == ("a", 1)
    assert s.axis == approx_vec((h, h), abs=1e-15)
    assert s.a_interval == approx_vec((-15.0, 15.0), abs=1e-12)
    assert s.b_interval[0] == pytest.approx(b_min, abs=1e-12)
    assert s.gap == pytest.approx(b_min - 15.0, abs=1e-12)  # 6.9649...
    c = -(45 * math.cos(0.3) + 10 * math.sin(0.3))
    half = 30 * math.cos(0.3) * h
    s = ba.separating
    assert not ba.colliding and len(ba.axes) == 2 and ba.axes[-1] is s
    assert (s.owner, s.feature_index) == ("a", 1)
    assert s.axis == approx_vec((-math.cos(0.3), -math.sin(0.3)), abs=1e-15)
    assert s.a_interval == approx_vec((c - 20, c + 10), abs=1e-12)
    assert s.b_interval == approx_vec((-half, half), abs=1e-12)
    assert s.gap == pytest.approx(-half - (c + 10), abs=1e-12)  # 15.6795...
    # A gap on one axis is a lower bound of the distance between the shapes.
    assert signed_distance(a, b) >= max(ab.separating.gap, ba.separating.gap) - 1e-12


# -- overlapping ------------------------------------------------------------------------


def test_overlapping_boxes_give_the_exact_mtv():
    """40x40 boxes offset by (30, 10) overlap 10 along x and 30 along y: A leaves
    by (-10, 0), normal (-1, 0) from B toward A; B by (+10, 0)."""
    a = Polygon.box(40, 40, position=(0, 0))
    b = Polygon.box(40, 40, position=(30, 10))
    ab, ba = both_orders(a, b)
    assert ab.colliding
    assert ab.mtv == (-10.0, 0.0) and ab.depth == 10.0 and ab.normal == (-1.0, 0.0)
    assert ba.mtv == (10.0, 0.0) and ba.normal == (1.0, 0.0)
    assert not (ab.a_in_b or ab.b_in_a)
    assert ab.mtv_axis.depth == ab.depth
    # Adding the MTV to A leaves the two just touching.
    moved, _ = both_orders(translated(a, ab.mtv), b)
    assert moved.colliding and moved.depth == 0.0


def test_rotated_box_corner_into_box_edge():
    """A box turned 45 degrees pokes its right corner 10*sqrt(2) - 14 px into a box's
    left edge: the MTV is horizontal, and the single contact is that corner."""
    a = Polygon.box(20, 20, position=(0, 0), angle=math.pi / 4)
    b = Polygon.box(20, 20, position=(24, 0))
    ab, ba = both_orders(a, b)
    depth = 10 * SQRT2 - 14
    assert ab.depth == pytest.approx(depth, abs=1e-12)
    assert ab.mtv == approx_vec((-depth, 0.0), abs=1e-12)
    assert ab.normal == approx_vec((-1.0, 0.0), abs=1e-12)
    assert ab.contacts == (approx_vec((10 * SQRT2, 0.0), abs=1e-9),)
    assert ba.contacts == (approx_vec((10 * SQRT2, 0.0), abs=1e-9),)


@pytest.mark.parametrize("angle", [0.1, 0.7, 2.0, -1.2])
def test_rotated_overlap_matches_the_minkowski_depth(angle):
    """Rotated box against rotated pentagon: the depth is the exact penetration
    depth from the Minkowski difference, and the MTV separates them to touching."""
    a = Polygon.box(50, 20, position=(10, 0), angle=angle)
    b = Polygon.regular(5, 25, position=(30, 8), angle=-angle / 2)
    ab, ba = both_orders(a, b)
    assert ab.colliding
    assert ab.depth == pytest.approx(-signed_distance(a, b), abs=1e-9)
    assert abs(signed_distance(translated(a, ab.mtv), b)) <= 1e-9
    assert abs(signed_distance(translated(b, ba.mtv), a)) <= 1e-9


# -- touching --------------------------------------------------------------------------


def test_touching_edges_collide_with_zero_depth_and_a_unit_normal():
    """Boxes sharing the line x = 10 touch: colliding, depth 0, mtv (0, 0), and the
    normal is the unit x axis pointing from B toward A."""
    a = Polygon.box(20, 20, position=(0, 0))
    b = Polygon.box(20, 20, position=(20, 5))
    ab, ba = both_orders(a, b)
    assert ab.colliding and ab.depth == 0.0 and ab.mtv == (0.0, 0.0)
    assert ab.normal == (-1.0, 0.0) and ba.normal == (1.0, 0.0)
    assert contact_set(ab) == contact_set(ba) == {(10.0, -5.0), (10.0, 10.0)}


def test_touching_corners_collide():
    """Boxes meeting only at one corner still count as colliding with depth 0."""
    a = Polygon.box(20, 20, position=(0, 0))
    b = Polygon.box(20, 20, position=(20, 20))
    ab, ba = both_orders(a, b)
    assert ab.colliding and ab.depth == 0.0
    assert math.hypot(*ab.normal) == pytest.approx(1.0)
    assert ab.contacts == ((10.0, 10.0),) and ba.contacts == ((10.0, 10.0),)


def test_touching_vertex_on_edge():
    """A diamond standing with its bottom corner exactly on a floor touches: one
    contact point, at the corner."""
    diamond = Polygon([(0, -20), (10, -10), (0, 0), (-10, -10)])
    floor = Polygon.box(40, 20, position=(0, 10))
    ab, ba = both_orders(diamond, floor)
    assert ab.colliding and ab.depth == 0.0 and ab.normal == (0.0, -1.0)
    assert ab.contacts == ((0.0, 0.0),) and ba.contacts == ((0.0, 0.0),)
    # A hair higher and they are apart.
    assert not both_orders(translated(diamond, (0, -1e-9)), floor)[0].colliding


def test_touching_circles():
    """Circles whose centres are exactly r1 + r2 apart touch with depth 0."""
    ab, ba = both_orders(Circle(3, (0, 0)), Circle(2, (3, 4)))
    assert ab.colliding and ab.depth == 0.0
    assert ab.normal == approx_vec((-0.6, -0.8))
    assert ab.contacts == (approx_vec((1.8, 2.4)),)


# -- contained (engulfed) ---------------------------------------------------------------


def test_engulfed_box_leaves_by_the_nearer_side_not_the_interval_overlap():
    """A 20x20 box inside a 100x100 box, 20 px from the right wall: the MTV is
    +30 px along x (the shorter way out), not the 20 px interval overlap."""
    small = Polygon.box(20, 20, position=(30, 0))
    big = Polygon.box(100, 100, position=(0, 0))
    ab, ba = both_orders(small, big)
    assert ab.colliding
    assert ab.mtv == (30.0, 0.0) and ab.depth == 30.0 and ab.normal == (1.0, 0.0)
    assert ba.mtv == (-30.0, 0.0)
    assert ab.mtv_axis.overlap == 20.0  # the inner interval's length
    assert (ab.a_in_b, ab.b_in_a) == (True, False)
    assert (ba.a_in_b, ba.b_in_a) == (False, True)
    moved, _ = both_orders(translated(small, ab.mtv), big)
    assert moved.colliding and moved.depth == 0.0 and not moved.a_in_b


def test_engulfed_rotated_polygon_depth_is_the_minkowski_depth():
    """A small rotated triangle deep inside a rotated hexagon: the MTV is the true
    minimum from the Minkowski difference, and containment is reported."""
    hexagon = Polygon.regular(6, 100, position=(0, 0), angle=0.2)
    triangle = Polygon.regular(3, 15, position=(-40, 25), angle=1.0)
    ab, _ = both_orders(triangle, hexagon)
    assert (ab.a_in_b, ab.b_in_a) == (True, False)
    assert ab.depth == pytest.approx(-signed_distance(triangle, hexagon), abs=1e-9)
    assert max(t.overlap for t in ab.axes) < 2 * 15  # overlap is no more than the triangle


def test_shape_touching_from_inside_counts_as_inside():
    """A box flush against the inside of a bigger box's wall is inside it, and
    its depth is its full width."""
    small = Polygon.box(20, 20, position=(40, 0))
    big = Polygon.box(100, 100)
    ab, _ = both_orders(small, big)
    assert ab.a_in_b and ab.depth == 20.0 and ab.mtv == (20.0, 0.0)


def test_engulfed_circles():
    """A circle inside another: a_in_b, and the MTV is ra + rb - distance along the
    centre line."""
    inner, outer = Circle(5, (2, 0)), Circle(15, (0, 0))
    ab, ba = both_orders(inner, outer)
    assert (ab.a_in_b, ab.b_in_a, ba.a_in_b, ba.b_in_a) == (True, False, False, True)
    assert ab.depth == 18.0 and ab.mtv == (18.0, 0.0) and ab.normal == (1.0, 0.0)


def test_circle_inside_polygon_and_polygon_inside_circle():
    """Circle wholly inside a box, and a box wholly inside a circle."""
    box = Polygon.box(40, 40)
    circle = Circle(5, (0, -10))
    ab, _ = both_orders(circle, box)
    assert (ab.a_in_b, ab.b_in_a) == (True, False)
    assert ab.mtv == approx_vec((0.0, -15.0)) and ab.depth == pytest.approx(15.0)
    small = Polygon.box(10, 10, position=(3, 0))
    ring = Circle(20, (0, 0))
    ab, _ = both_orders(small, ring)
    assert (ab.a_in_b, ab.b_in_a) == (True, False)
    assert ab.depth == pytest.approx(20 - (3 - 5))  # left edge x = -2 out past x = 20
    assert ab.mtv == approx_vec((22.0, 0.0))


# -- ties --------------------------------------------------------------------------------


def test_identical_concentric_boxes_tie_is_deterministic():
    """A box against itself: every axis ties at depth 20 and the centroids coincide,
    so the rule picks the first axis (A's n0, up) and pushes along +axis, every time.
    (No rule can make this pair antisymmetric: sat(a, a) would need mtv = -mtv.)"""
    a = Polygon.box(20, 20, position=(5, 5))
    first = sat(a, a)
    assert first.colliding and first.depth == 20.0
    assert first.normal == (0.0, -1.0) and first.mtv == (0.0, -20.0)
    assert first.a_in_b and first.b_in_a
    # The contacts are the manifold's (issue 44, item 4): every face separates by -20,
    # so the reference face is A's first, its top edge (n0, y = -5), and the incident
    # edge B's edge most against it, its bottom edge (y = 15), wholly between the side
    # planes: both its corners, its start first. The same from a copy of the box.
    assert first.contacts == ((15.0, 15.0), (-5.0, 15.0))
    again = sat(a, a.placed((5, 5)))
    assert (again.mtv, again.normal) == ((0.0, -20.0), (0.0, -1.0))
    assert again.contacts == ((15.0, 15.0), (-5.0, 15.0))


def test_concentric_shapes_push_along_the_first_axis():
    """A small box centred in a big one: both ways out are equal on every axis and the
    centroids coincide, so A goes out along +(first least-depth axis) = up; in the
    other order the big box goes up too (the documented rule, not an antisymmetry)."""
    big, small = Polygon.box(100, 100), Polygon.box(20, 20)
    ab, ba = both_orders(small, big, antisymmetric=False)
    assert ab.mtv == (0.0, -60.0) and ba.mtv == (0.0, -60.0)
    assert ab.depth == ba.depth == 60.0  # 50 + 10: from the centre to out past the edge
    assert ab.normal == ba.normal == (0.0, -1.0)
    assert (ab.a_in_b, ab.b_in_a) == (True, False) and (ba.a_in_b, ba.b_in_a) == (False, True)


@pytest.mark.parametrize("offset", [-1e-6, -1e-12, 1e-12, 1e-6])
def test_concentric_tie_follows_the_centroid_offset(offset):
    """Near-concentric: the ways out differ by 2*offset, and A goes the shorter way,
    which is away from B's centroid."""
    big, small = Polygon.box(100, 100), Polygon.box(20, 20, position=(0, offset))
    ab, _ = both_orders(small, big)
    assert ab.normal == ((0.0, 1.0) if offset > 0 else (0.0, -1.0))


@pytest.mark.parametrize("eps", [0.0, 1e-13, -1e-13, 1e-11, -1e-11, 3e-9, -3e-9])
@pytest.mark.parametrize("direction", [(1, 0), (0, 1), (1, 1), (1, -1)])
def test_diagonal_tie_does_not_flip_under_tiny_perturbations(eps, direction):
    """Equal boxes offset by (30, 30) overlap 10 on x and on y. Any perturbation
    smaller than the tie tolerance (1e-9 relative) leaves the choice to test order:
    A's first edge normal (up), so A is pushed up, (0, -10), in every such frame."""
    a = Polygon.box(40, 40, position=(0, 0))
    b = Polygon.box(40, 40, position=(30 + eps * direction[0], 30 + eps * direction[1]))
    first = sat(a, b)
    assert first.normal == (0.0, -1.0)
    assert first.mtv == approx_vec((0.0, -(10.0 - eps * direction[1])), abs=1e-12)
    assert sat(b, a).normal == (0.0, 1.0)  # here the tie picks the same axis: antisymmetric


def test_a_perturbation_beyond_the_tie_tolerance_picks_the_shallower_axis():
    """The tie tolerance is tight: 1e-6 px less overlap along x makes x the MTV axis."""
    a = Polygon.box(40, 40, position=(0, 0))
    b = Polygon.box(40, 40, position=(30 + 1e-6, 30))
    ab, _ = both_orders(a, b)
    assert ab.normal == (-1.0, 0.0)


def test_concentric_circles_tie_is_deterministic():
    """Concentric circles: the centre line is undefined, so the rule uses "up"
    (0, -1); the depth is r1 + r2 either way."""
    a, b = Circle(10, (3, 3)), Circle(4, (3, 3))
    for x, y in ((a, b), (b, a), (a, b)):
        r = sat(x, y)
        assert r.normal == (0.0, -1.0) and r.depth == 14.0
    assert sat(a, b).a_in_b is False and sat(a, b).b_in_a is True


# -- circles ------------------------------------------------------------------------------


def test_circle_circle_overlap():
    """Circles 20 apart with radii 10 and 15 overlap by 5 along the centre line."""
    a, b = Circle(10, (0, 0)), Circle(15, (20, 0))
    ab, ba = both_orders(a, b)
    assert ab.colliding and ab.depth == 5.0 and ab.mtv == (-5.0, 0.0)
    assert ab.normal == (-1.0, 0.0) and ba.normal == (1.0, 0.0)
    assert ab.axes[0].feature == "centres"
    assert len(ab.axes) == 1 and len(ab.skipped) == 1  # B's centre axis is the same line
    assert ab.contacts == ((5.0, 0.0),)


def test_circle_circle_apart():
    """Circles 30 apart with radii 10 and 15 are separated by a 5 px gap."""
    ab, _ = both_orders(Circle(10, (0, 0)), Circle(15, (0, 30)))
    assert_not_colliding_result(ab)
    assert ab.separating.gap == 5.0 and ab.separating.feature == "centres"


def test_circle_against_box_face():
    """A circle 2 px into a box's top face: MTV (0, -2) from the face normal."""
    box, circle = Polygon.box(40, 40), Circle(10, (5, -28))
    ab, ba = both_orders(circle, box)
    assert ab.mtv == approx_vec((0.0, -2.0)) and ba.mtv == approx_vec((0.0, 2.0))
    assert ab.mtv_axis.owner == "b" and ab.mtv_axis.feature == "edge"
    assert ab.contacts == (approx_vec((5.0, -18.0)),)


def test_circle_centre_inside_polygon_near_a_face():
    """A circle whose centre is inside the box, 3 px below its top: it must move
    up by radius + 3."""
    box, circle = Polygon.box(40, 40), Circle(5, (0, -17))
    ab, _ = both_orders(circle, box)
    assert ab.colliding and not ab.a_in_b
    assert ab.mtv == approx_vec((0.0, -8.0))


def test_circle_in_a_vertex_region_uses_the_closest_vertex_axis():
    """A circle beyond a box corner, off both faces: the MTV points from the corner to
    the centre with depth r - distance, not the 4 px a face axis would give."""
    box = Polygon.box(40, 40)  # corner v2 at (20, 20)
    circle = Circle(10, (26, 26))
    ab, ba = both_orders(circle, box)
    assert ab.colliding
    assert ab.depth == pytest.approx(10 - 6 * SQRT2, abs=1e-12)
    assert ab.normal == approx_vec((1 / SQRT2, 1 / SQRT2), abs=1e-12)
    assert ab.mtv_axis.feature == "closest vertex" and ab.mtv_axis.feature_index == 2
    face_depths = [t.depth for t in ab.axes if t.feature == "edge"]
    assert min(face_depths) == pytest.approx(4.0)
    assert ab.contacts == (approx_vec((20.0, 20.0)),)
    assert ba.mtv_axis.feature == "closest vertex"


def test_circle_separated_only_by_the_closest_vertex_axis():
    """Both face axes overlap, yet the circle misses the corner: the closest-vertex
    axis is the one that separates."""
    box = Polygon.box(40, 40)
    circle = Circle(10, (28, 28))  # 8*sqrt(2) = 11.3 from the corner
    ab, ba = both_orders(circle, box, all_axes=True)
    assert not ab.colliding
    separating = [t for t in ab.axes if t.separates]
    assert [t.feature for t in separating] == ["closest vertex"]
    assert ab.separating.gap == pytest.approx(8 * SQRT2 - 10)


def test_circle_centre_exactly_on_a_vertex():
    """A circle centred on a box corner: no closest-vertex axis exists; the faces give
    the depth, which is the radius."""
    box, circle = Polygon.box(40, 40), Circle(5, (20, 20))
    ab, _ = both_orders(circle, box, antisymmetric=False)
    assert ab.colliding and ab.depth == pytest.approx(5.0)
    assert all(t.feature == "edge" for t in ab.axes)


def test_circle_against_rotated_polygon_matches_the_closed_form():
    """Circle against a rotated pentagon in a vertex region and in a face region:
    depth = r - (signed distance from the centre to the polygon)."""
    pentagon = Polygon.regular(5, 40, position=(0, 0), angle=0.4)
    for centre in [(45, 10), (10, -38), (-30, 30), (0, 5)]:
        circle = Circle(12, centre)
        ab, _ = both_orders(circle, pentagon)
        assert ab.colliding == (signed_distance(circle, pentagon) <= 0)
        if ab.colliding:
            assert ab.depth == pytest.approx(-signed_distance(circle, pentagon), abs=1e-9)
            moved = translated(circle, ab.mtv)
            assert abs(signed_distance(moved, pentagon)) <= 1e-9


# -- axes: parallel, early exit, the tutorials' examples ------------------------------------


def test_aligned_boxes_test_exactly_two_axes():
    """Two axis-aligned boxes have 8 edge normals but only 2 directions: 2 axes are
    tested and the other 6 are reported as skipped parallels."""
    a = Polygon.box(20, 30, position=(0, 0))
    b = Polygon.box(50, 10, position=(5, 5))
    ab, ba = both_orders(a, b, all_axes=True)
    for r in (ab, ba):
        assert [t.axis for t in r.axes] == [(0.0, -1.0), (1.0, 0.0)]
        assert len(r.skipped) == 6
        assert {s.parallel_to for s in r.skipped} == {0, 1}
        for s in r.skipped:
            parallel = r.axes[s.parallel_to].axis
            assert abs(s.axis[0] * parallel[1] - s.axis[1] * parallel[0]) < 1e-12
    assert [(s.owner, s.feature_index) for s in ab.skipped] == [
        ("a", 2),
        ("a", 3),
        ("b", 0),
        ("b", 1),
        ("b", 2),
        ("b", 3),
    ]


def test_hexagons_and_turned_box_axis_counts():
    """Aligned hexagons share 3 directions; a box turned by 30 degrees against an
    aligned box has 4."""
    h1, h2 = Polygon.regular(6, 20), Polygon.regular(6, 10, position=(15, 0))
    for r in both_orders(h1, h2, all_axes=True):
        assert (len(r.axes), len(r.skipped)) == (3, 9)
    box, turned = Polygon.box(20, 20), Polygon.box(20, 20, (10, 0), angle=math.pi / 6)
    for r in both_orders(box, turned, all_axes=True):
        assert (len(r.axes), len(r.skipped)) == (4, 4)


def test_early_exit_stops_at_the_first_separating_axis():
    """The report stops at the first separating axis; with all_axes=True every axis is
    reported and the first separating one is the same record."""
    a = Polygon([(0, 100), (0, 0), (100, 0)])
    b = Polygon([(53, 53), (75, 130), (140, 90)])
    early = sat(a, b)
    full = sat(a, b, all_axes=True)
    assert not early.colliding and not full.colliding
    assert len(early.axes) == 3 and early.axes[-1].separates
    assert not any(t.separates for t in early.axes[:-1])
    assert len(full.axes) == 6
    assert full.separating == early.separating
    assert full.axes[: len(early.axes)] == early.axes
    assert (early.all_axes, full.all_axes) == (False, True)
    # In the other order B's three faces come first; the separating face is the sixth.
    early_ba, full_ba = both_orders(b, a)[0], both_orders(b, a, all_axes=True)[0]
    assert len(early_ba.axes) == 6 and early_ba.separating is early_ba.axes[-1]
    assert full_ba.axes == early_ba.axes


def test_tutorial_004_six_axes_only_e3_separates():
    """Tutorial 004's two triangles: six axes (one per face), the projections overlap
    on all of them except e3, so there is no collision."""
    a = Polygon([(0, 100), (0, 0), (100, 0)])  # e3 (edge 2) is the hypotenuse
    b = Polygon([(53, 53), (75, 130), (140, 90)])
    ab, ba = both_orders(a, b, all_axes=True)
    assert len(ab.axes) == 6 and not ab.skipped
    assert [t.separates for t in ab.axes] == [False, False, True, False, False, False]
    assert (ab.separating.owner, ab.separating.feature_index) == ("a", 2)
    assert ab.separating.axis == approx_vec((1 / SQRT2, 1 / SQRT2))
    # In the other order A's faces come last: the same face is now the sixth axis.
    assert [t.separates for t in ba.axes] == [False, False, False, False, False, True]
    assert_not_colliding_result(ab)


TUTORIAL_003_POLYGON = [(90, 110), (-60, 120), (-130, 30), (-120, -10), (-90, -50), (130, -10)]
TUTORIAL_003_POLYGON.append((100, 100))


@pytest.mark.parametrize(
    ("position", "colliding", "inside"),
    [
        ((320, 200), True, False),  # the demo's start: one corner pokes out of the bottom
        ((320, 230), True, True),  # 30 px lower the triangle is wholly inside
        ((470, 200), True, False),  # its left edge 5 px into the polygon's right corner
        ((320, 360), True, False),
        ((420, 330), True, False),
        ((500, 200), False, False),
        ((100, 100), False, False),
    ],
)
def test_tutorial_003_polygon_and_triangle(position, colliding, inside):
    """Tutorial 003's demo: its 7-vertex polygon at (320, 200) and Polygon.regular(3,
    50) moved by the arrow keys; sat agrees with the Minkowski-difference oracle."""
    polygon = Polygon(TUTORIAL_003_POLYGON, position=(320, 200))
    triangle = Polygon.regular(3, 50, position=position)
    ab, _ = both_orders(triangle, polygon)
    assert ab.colliding is colliding
    assert ab.a_in_b is inside
    truth = signed_distance(triangle, polygon)
    assert (truth <= 0) is colliding
    if colliding:
        assert ab.depth == pytest.approx(-truth, abs=1e-9)
    if position == (470, 200):
        assert ab.mtv == approx_vec((5.0, 0.0), abs=1e-9)


# -- non-colliding results, contacts, reports -------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (Polygon.box(10, 10), Polygon.box(10, 10, (20, 0))),
        (Polygon.box(10, 10), Circle(4, (0, 20))),
        (Circle(4, (0, 20)), Circle(5, (0, 0))),
        (Polygon.regular(5, 10, (0, 0), 0.3), Polygon.regular(7, 10, (15, 15), 0.1)),
    ],
    ids=["boxes", "box-circle", "circles", "rotated"],
)
def test_non_colliding_results_are_empty(a, b):
    """A miss has mtv = normal = (0, 0), depth 0, no contacts and no containment, in
    both orders and with all_axes on or off."""
    for all_axes in (False, True):
        ab, ba = both_orders(a, b, all_axes=all_axes)
        assert_not_colliding_result(ab)
        assert_not_colliding_result(ba)


def test_box_resting_flat_on_a_box_has_two_clipped_contacts():
    """A 40x40 box sunk 1 px into a 100x20 floor: the contacts are the incident face
    clipped to the reference face, at exact coordinates (here on the floor's top
    face for sat(box, floor), on the box's bottom face for sat(floor, box))."""
    box = Polygon.box(40, 40, position=(0, -29))
    floor = Polygon.box(100, 20)
    ab, ba = both_orders(box, floor)
    assert ab.mtv == (0.0, -1.0) and ba.mtv == (0.0, 1.0)
    assert contact_set(ab) == {(-20.0, -10.0), (20.0, -10.0)}
    assert contact_set(ba) == {(-20.0, -9.0), (20.0, -9.0)}
    resting, resting_ba = both_orders(translated(box, ab.mtv), floor)
    assert contact_set(resting) == contact_set(resting_ba) == {(-20.0, -10.0), (20.0, -10.0)}


def test_box_overhanging_a_ledge_clips_to_the_ledge_end():
    """A box half over the end of a ledge: one contact at the ledge's corner, one at the
    box's corner."""
    box = Polygon.box(40, 40, position=(45, -29))
    ledge = Polygon.box(100, 20)  # ends at x = 50
    ab, ba = both_orders(box, ledge)
    assert ab.mtv == (0.0, -1.0)
    assert contact_set(ab) == {(25.0, -10.0), (50.0, -10.0)}
    assert contact_set(ba) == {(25.0, -9.0), (50.0, -9.0)}


def test_circle_resting_on_a_box_has_one_contact():
    """A circle sunk 0.5 px into a floor touches it at one point, below its centre."""
    floor = Polygon.box(100, 20)
    circle = Circle(8, (12, -17.5))
    ab, ba = both_orders(circle, floor)
    assert ab.mtv == approx_vec((0.0, -0.5))
    assert len(ab.contacts) == 1 and ab.contacts[0] == approx_vec((12.0, -9.5))
    assert len(ba.contacts) == 1 and ba.contacts[0] == approx_vec((12.0, -9.5))


def test_report_fields_are_consistent():
    """Each axis record: unit axis, overlap = shared length of the two intervals,
    depth = the shorter way out, and the MTV axis times its push is the normal."""
    a = Polygon.regular(6, 30, position=(0, 0), angle=0.2)
    b = Polygon.box(50, 20, position=(35, 12), angle=0.5)
    for first, second, r in zip((a, b), (b, a), both_orders(a, b, all_axes=True), strict=True):
        assert r.colliding
        for t in r.axes:
            assert math.hypot(*t.axis) == pytest.approx(1.0)
            (a0, a1), (b0, b1) = t.a_interval, t.b_interval
            assert t.a_interval == pytest.approx(first.project(t.axis))
            assert t.b_interval == pytest.approx(second.project(t.axis))
            assert t.overlap == pytest.approx(min(a1, b1) - max(a0, b0))
            assert t.depth == pytest.approx(min(a1 - b0, b1 - a0))
            assert t.depth >= r.depth - 1e-12
        m = r.mtv_axis
        assert (m.axis[0] * m.push, m.axis[1] * m.push) == approx_vec(r.normal)
        assert r.depth == pytest.approx(m.depth)
        assert math.hypot(*r.mtv) == pytest.approx(r.depth)


def test_to_dict_is_json_ready_and_matches_the_result():
    """to_dict() survives a JSON round trip and carries the headline answers."""
    r = sat(Polygon.box(20, 20), Circle(8, (12, 12)), all_axes=True)
    data = json.loads(json.dumps(r.to_dict()))
    assert data["colliding"] is r.colliding
    assert data["mtv"] == list(r.mtv) and data["depth"] == r.depth
    assert len(data["axes"]) == len(r.axes)
    assert data["mtv_axis"] == r.mtv_axis.index


def test_results_are_frozen():
    """SatResult is a frozen dataclass: nothing downstream can edit a report."""
    r = sat(Polygon.box(10, 10), Polygon.box(10, 10, (5, 0)))
    with pytest.raises(AttributeError):
        r.colliding = False  # type: ignore[misc]


@pytest.mark.parametrize(
    "bad", [None, 3, (0, 0), "box", np.zeros((4, 2)), [(0, 0), (1, 0), (0, 1)]]
)
def test_bad_arguments_raise_type_error(bad):
    """sat() refuses anything that is not a Polygon or a Circle, in either position,
    naming the argument."""
    box = Polygon.box(10, 10)
    with pytest.raises(TypeError, match=r"a must be a Polygon or a Circle"):
        sat(bad, box)
    with pytest.raises(TypeError, match=r"b must be a Polygon or a Circle"):
        sat(box, bad)
