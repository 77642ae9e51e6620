"""Exact answers, derived by hand, for corners of the core that the other tests left loose.

Each test here was written against a bug a mutation run planted and no test noticed
(docs/mutation-testing.md): the report's JSON form, the tolerance of
contains_point, and the swept test's circle that only grazes a corner.
"""

import json
import math

import numpy as np
import pytest

from sandbox.core.axes import parallel_duplicates
from sandbox.core.batch import PolygonBatch, sat_many
from sandbox.core.geometry import Circle, Polygon, ShapeError
from sandbox.core.pair import sat
from sandbox.core.swept import sweep
from sandbox.core.tolerances import PARALLEL_TOLERANCE


def edge(owner, index, axis, parallel_to):
    return {
        "axis": axis,
        "owner": owner,
        "feature": "edge",
        "feature_index": index,
        "parallel_to": parallel_to,
    }


def test_report_as_json_for_two_overlapping_boxes():
    """A = [-20, 20]^2, B = [10, 50] x [-10, 30] (40 px boxes at (0, 0) and (30, 10)).

    Axis 0, A's n0 = (0, -1) (up): A spans [-20, 20], B spans -y = [-30, 10]; overlap
    min(20, 10) - max(-20, -30) = 30, depth min(20 + 30, 10 + 20) = 30, A leaves along
    +axis. Axis 1, A's n1 = (1, 0): B spans [10, 50]; overlap = depth = 10, A leaves
    along -axis: the MTV is (-10, 0). A's n2, n3 and all of B's normals are parallel to
    those two and are skipped. Contacts: B's left edge, from (10, 30) to (10, -10),
    clipped to A's right edge (y in [-20, 20]): (10, 20) and (10, -10).
    """
    a, b = Polygon.box(40, 40, position=(0, 0)), Polygon.box(40, 40, position=(30, 10))
    data = sat(a, b).to_dict()
    assert json.loads(json.dumps(data)) == data  # JSON-ready as it is
    assert data == {
        "colliding": True,
        "mtv": [-10.0, 0.0],
        "depth": 10.0,
        "normal": [-1.0, 0.0],
        "a_in_b": False,
        "b_in_a": False,
        "contacts": [[10.0, 20.0], [10.0, -10.0]],
        "all_axes": False,
        "axes": [
            {
                "index": 0,
                "axis": [0.0, -1.0],
                "owner": "a",
                "feature": "edge",
                "feature_index": 0,
                "a_interval": [-20.0, 20.0],
                "b_interval": [-30.0, 10.0],
                "overlap": 30.0,
                "depth": 30.0,
                "push": 1,
                "separates": False,
            },
            {
                "index": 1,
                "axis": [1.0, 0.0],
                "owner": "a",
                "feature": "edge",
                "feature_index": 1,
                "a_interval": [-20.0, 20.0],
                "b_interval": [10.0, 50.0],
                "overlap": 10.0,
                "depth": 10.0,
                "push": -1,
                "separates": False,
            },
        ],
        "skipped": [
            edge("a", 2, [0.0, 1.0], 0),
            edge("a", 3, [-1.0, 0.0], 1),
            edge("b", 0, [0.0, -1.0], 0),
            edge("b", 1, [1.0, 0.0], 1),
            edge("b", 2, [0.0, 1.0], 0),
            edge("b", 3, [-1.0, 0.0], 1),
        ],
        "separating": None,
        "mtv_axis": 1,
    }


def test_report_as_json_for_two_separated_boxes():
    """B = [30, 70] x [-20, 20]: axis 0 overlaps fully (40), axis 1 has a 10 px gap and
    separates; the test stops there, so nothing is searched for parallels."""
    a, b = Polygon.box(40, 40, position=(0, 0)), Polygon.box(40, 40, position=(50, 0))
    data = sat(a, b).to_dict()
    assert data["colliding"] is False
    assert (data["mtv"], data["depth"], data["normal"], data["contacts"]) == (
        [0.0, 0.0],
        0.0,
        [0.0, 0.0],
        [],
    )
    assert [x["overlap"] for x in data["axes"]] == [40.0, -10.0]
    assert [x["depth"] for x in data["axes"]] == [40.0, -10.0]
    assert [x["separates"] for x in data["axes"]] == [False, True]
    assert [x["b_interval"] for x in data["axes"]] == [[-20.0, 20.0], [30.0, 70.0]]
    assert (data["separating"], data["mtv_axis"], data["skipped"]) == (1, None, [])


# -- contains_point: the tolerance is 1e-9 px per px of size (sqrt area), at least 1e-9


@pytest.mark.parametrize(
    ("outside_by", "inside"),
    [(0.0, True), (0.9e-9, True), (1.5e-9, False), (0.5, False)],
)
def test_small_polygon_contains_points_within_1e_9_px(outside_by, inside):
    """A 1 px box (area 1): the tolerance is 1e-9 px, not more."""
    box = Polygon.box(1, 1, position=(3, 4))
    assert box.contains_point((3.5 + outside_by, 4.0)) is inside
    assert box.contains_point((3.0, 3.5 - outside_by)) is inside


@pytest.mark.parametrize(
    ("outside_by", "inside"),
    [(0.0, True), (5e-8, True), (2e-7, False), (0.5, False)],
)
def test_large_polygon_tolerance_grows_with_its_size(outside_by, inside):
    """A 100 px box (sqrt area 100): the tolerance is 100 * 1e-9 = 1e-7 px."""
    box = Polygon.box(100, 100, position=(0, 0))
    assert box.contains_point((50 + outside_by, 0.0)) is inside
    assert box.contains_point((0.0, -50 - outside_by)) is inside


@pytest.mark.parametrize(
    ("point", "inside"),
    [((14, 23), True), ((6, 17), True), ((10, 25), True), ((14, 23.001), False), ((16, 20), False)],
)
def test_circle_contains_points_up_to_its_rim(point, inside):
    """Circle r = 5 at (10, 20): (14, 23) and (6, 17) lie on the rim (3-4-5)."""
    assert Circle(5, position=(10, 20)).contains_point(point) is inside


# -- the swept test of a circle: the disc's path grazing a corner --------------------


def test_circle_whose_path_grazes_a_corner_touches_it():
    """Disc r = 5 from (0, 0) moving (20, 0); a box [10, 30] x [5, 25] below its path.

    The disc's lowest point runs along y = 5, the box's top edge: it touches the top-left
    corner (10, 5) when its centre is at (10, 0), half way: t = 0.5, normal straight up
    from the corner to the centre. (The quadratic for the corner has a double root.)
    """
    disc, box = Circle(5, position=(0, 0)), Polygon.box(20, 20, position=(20, 15))
    result = sweep(disc, box, (20, 0))
    assert result.hit and result.fraction == 0.5
    assert result.normal == pytest.approx((0.0, -1.0), abs=1e-12)
    back = sweep(box, disc, (-20, 0))  # the other order: the box moves, normal reversed
    assert back.hit and back.fraction == 0.5
    assert back.normal == pytest.approx((0.0, 1.0), abs=1e-12)


def test_circle_whose_path_just_cuts_a_corner_touches_it_just_before():
    """The same with the corner 1e-5 px higher, at (10, 5 - 1e-5): the disc meets it when
    its centre is at x = 10 - sqrt(25 - (5 - 1e-5)^2) = 10 - sqrt(1e-4 - 1e-10)."""
    disc = Circle(5, position=(0, 0))
    box = Polygon([(10, 5 - 1e-5), (30, 5 - 1e-5), (30, 25), (10, 25)])
    result = sweep(disc, box, (20, 0))
    x = 10 - math.sqrt(25 - (5 - 1e-5) ** 2)
    assert result.hit and result.fraction == pytest.approx(x / 20, abs=1e-9)


def test_circle_that_arrives_exactly_at_the_end_of_the_step_touches():
    """Disc r = 5 from (0, 0) moving (10, 0) toward a box whose left face is x = 15: it
    touches at the very end of the step, t = 1 (touching counts)."""
    disc, box = Circle(5, position=(0, 0)), Polygon.box(20, 20, position=(25, 0))
    result = sweep(disc, box, (10, 0))
    assert result.hit and result.fraction == 1.0
    assert result.normal == pytest.approx((-1.0, 0.0), abs=1e-12)
    short = sweep(disc, box, (10 - 1e-9, 0))
    assert not short.hit and short.fraction is None


@pytest.mark.parametrize(
    ("a", "b", "motion", "normal"),
    [
        (Circle(5, (-0.0, 0.0)), Circle(5, (0.0, 30.0)), (-0.0, 30.0), "(0.0, -1.0)"),
        (Circle(5, (0.0, -0.0)), Circle(5, (30.0, 0.0)), (30.0, -0.0), "(-1.0, 0.0)"),
    ],
)
def test_swept_normal_never_carries_a_negative_zero(a, b, motion, normal):
    """Discs 30 px apart, closing at 30 px a step: they touch at t = 20/30, head on. A
    coordinate of -0.0 in the input must not come out as -0.0 in the normal (it would
    print as "-0.0" in --dump-state and on screen)."""
    result = sweep(a, b, motion)
    assert result.fraction == pytest.approx(2 / 3, abs=1e-15)
    assert str(result.normal) == normal


# -- the swept test of two polygons: speeds of 0, below 1 and exactly 1 px a step ------


def test_sliding_along_a_face_line_reaches_the_corner():
    """A = [0, 10]^2 moves (15, 0); B = [20, 30] x [10, 20] lies on A's bottom line
    (y = 10), so the y axis neither moves (speed 0) nor separates (the intervals touch).
    A's right side reaches B's left side at t = 10 / 15, corner to corner."""
    a = Polygon([(0, 0), (10, 0), (10, 10), (0, 10)])
    b = Polygon([(20, 10), (30, 10), (30, 20), (20, 20)])
    result = sweep(a, b, (15, 0))
    assert result.hit and result.fraction == pytest.approx(2 / 3, abs=1e-15)
    assert result.normal == (-1.0, 0.0)
    assert result.initially_overlapping is False


@pytest.mark.parametrize(("speed", "gap"), [(0.5, 0.25), (1.0, 0.5), (2.0, 1.0)])
def test_slow_motion_along_an_axis(speed, gap):
    """A = [0, 10]^2 moves (speed, 0) toward B = [10 + gap, 20] x [0, 10]: touch at
    t = gap / speed = 0.5, the normal from B toward A is (-1, 0) at any speed."""
    a = Polygon([(0, 0), (10, 0), (10, 10), (0, 10)])
    b = Polygon([(10 + gap, 0), (20, 0), (20, 10), (10 + gap, 10)])
    result = sweep(a, b, (speed, 0))
    assert result.hit and result.fraction == 0.5
    assert result.normal == (-1.0, 0.0)
    assert result.initially_overlapping is False
    back = sweep(b, a, (-speed, 0))
    assert back.hit and back.fraction == 0.5 and back.normal == (1.0, 0.0)


def test_axes_parallel_exactly_at_the_tolerance_are_duplicates():
    """The documented rule: a cross product of at most PARALLEL_TOLERANCE in size is
    parallel. (1, 0) x (sqrt(1 - t^2), t) = t exactly; 3 t is not parallel (to either)."""
    t = PARALLEL_TOLERANCE
    axes = np.array([[1.0, 0.0], [math.sqrt(1 - t * t), t], [math.sqrt(1 - 9 * t * t), 3 * t]])
    assert parallel_duplicates(axes).tolist() == [-1, 0, -1]
    flipped = np.array([[1.0, 0.0], [-math.sqrt(1 - t * t), -t], [0.0, 1.0]])
    assert parallel_duplicates(flipped).tolist() == [-1, 0, -1]


@pytest.mark.parametrize(
    ("vertices", "normals", "centroids", "message"),
    [
        (np.zeros((2, 3)), np.zeros((2, 3)), np.zeros((2, 2)), r"must both be \(P, N, 2\)"),
        (np.zeros((2, 3, 2)), np.zeros((2, 4, 2)), np.zeros((2, 2)), r"got \(2, 3, 2\) and"),
        (np.zeros((2, 3, 2)), np.zeros((2, 3, 2)), np.zeros((3, 2)), "3 centroids for 2 polygons"),
    ],
)
def test_batch_from_arrays_names_what_is_wrong(vertices, normals, centroids, message):
    with pytest.raises(ValueError, match=message):
        PolygonBatch.from_arrays(vertices, normals, centroids)


def test_batch_from_arrays_uses_the_callers_own_intervals_as_they_are():
    """A = [-20, 20]^2 against B = [10, 50] x [-10, 30]: with A's true intervals on its
    own normals ([-20, 20] on each) sat_many finds depth 10 along (-1, 0); told instead
    that A lies 1000 px further along each of its normals, it finds them apart, which
    shows the caller's numbers are used, not recomputed."""
    a, b = Polygon.box(40, 40, position=(0, 0)), Polygon.box(40, 40, position=(30, 10))

    def batch(p, lo=None, hi=None):
        return PolygonBatch.from_arrays(p.vertices[None], p.normals[None], [p.centroid], lo, hi)

    lo, hi = np.full((1, 4), -20.0), np.full((1, 4), 20.0)
    given = sat_many(batch(a, lo, hi), batch(b))
    assert given.colliding.tolist() == [True] and given.depth.tolist() == [10.0]
    assert given.normal.tolist() == [[-1.0, 0.0]]
    moved = sat_many(batch(a, lo + 1000, hi + 1000), batch(b))
    assert moved.colliding.tolist() == [False]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Polygon.box(-1, 5), "box sides must be positive finite numbers, got -1.0"),
        (lambda: Polygon.box(5, math.nan), "box sides must be positive finite numbers, got nan"),
        (lambda: Polygon.box("wide", 5), "box sides must be a number, got 'wide'"),
        (lambda: Polygon.regular(3, 0), "radius must be a positive finite number, got 0.0"),
        (lambda: Circle(-2), "radius must be a positive finite number, got -2.0"),
    ],
)
def test_bad_sizes_give_the_whole_message(make, message):
    with pytest.raises(ShapeError) as caught:
        make()
    assert str(caught.value) == message


# -- ties in sat_many: the same rule as sat(), away from the origin and below 1 px ----


def test_concentric_tie_away_from_the_origin_pushes_along_the_first_axis():
    """A 20 px box centred in a 100 px box, both at (300, 200): every way out is 60 px
    and the centroids coincide, so A goes up, (0, -60), in both orders, in sat_many as
    in sat (the rule depends on the centroids' offset, never on where they are)."""
    big = Polygon.box(100, 100, position=(300, 200))
    small = Polygon.box(20, 20, position=(300, 200))
    batch = sat_many([small, big], [big, small])
    assert batch.mtv.tolist() == [[0.0, -60.0], [0.0, -60.0]]
    assert sat(small, big).mtv == sat(big, small).mtv == (0.0, -60.0)


def test_depths_below_one_pixel_are_tied_within_1e_9_px_only():
    """40 px boxes overlapping 0.5 px in x and 0.5 + 1.5e-9 px in y: the tie window is
    1e-9 x max(1, depth) = 1e-9 px, so y (tested first) is not tied with x: x wins."""
    a = Polygon.box(40, 40, position=(0, 0))
    b = Polygon.box(40, 40, position=(39.5, 39.5 - 1.5e-9))
    batch = sat_many([a, b], [b, a])
    assert batch.normal.tolist() == [[-1.0, 0.0], [1.0, 0.0]]
    assert batch.depth.tolist() == pytest.approx([0.5, 0.5], abs=1e-12)
    assert sat(a, b).normal == (-1.0, 0.0) and sat(b, a).normal == (1.0, 0.0)
