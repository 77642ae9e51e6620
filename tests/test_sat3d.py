"""3D SAT against independent oracles: the convex hull of the Minkowski difference
(scipy.spatial.ConvexHull: colliding iff the origin is inside; the depth is the
origin's distance to the hull's boundary) and a linear-programming separation test
(scipy.optimize.linprog). scipy is a test-only dependency."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from scipy.optimize import linprog
from scipy.spatial import ConvexHull

from sandbox.core.geometry import ShapeError
from sandbox.core.polyhedron import Polyhedron, euler_rotation
from sandbox.core.sat3d import false_positive_pose, sat3d

# A computed depth is off by rounding only: ~1e-15 of the coordinates (~100 here).
EXACT = 1e-9


def hull_offset(a: Polyhedron, b: Polyhedron) -> float:
    """The largest facet offset of the hull of A - B at the origin: < 0 inside (its
    negative is the penetration depth), > 0 outside (a lower bound of the distance)."""
    points = (a.vertices[:, None, :] - b.vertices[None, :, :]).reshape(-1, 3)
    return float(ConvexHull(points).equations[:, 3].max())


def strictly_separable(a: Polyhedron, b: Polyhedron) -> bool:
    """Is there a plane w.x = c with A's vertices at w.x <= c - 1 and B's at >= c + 1?"""
    va, vb = a.vertices, b.vertices
    rows = np.vstack([np.c_[va, -np.ones(len(va))], np.c_[-vb, np.ones(len(vb))]])
    result = linprog(np.zeros(4), A_ub=rows, b_ub=-np.ones(len(rows)), bounds=[(None, None)] * 4)
    return result.status == 0


def random_polyhedron(rng: np.random.Generator, position) -> Polyhedron:
    """A box, a regular or irregular tetrahedron, a triangular prism or an octahedron,
    turned at random, 20 to 80 units across."""
    kind = int(rng.integers(5))
    rotation = euler_rotation(*rng.uniform(-math.pi, math.pi, 3))
    if kind == 0:
        return Polyhedron.box(*rng.uniform(20, 80, 3), position=position, rotation=rotation)
    if kind == 1:
        return Polyhedron.tetrahedron(rng.uniform(30, 90), position=position, rotation=rotation)
    if kind == 2:
        corners = rng.normal(size=(4, 3)) * 25
        while abs(np.linalg.det(corners[1:] - corners[0])) < 2000:
            corners = rng.normal(size=(4, 3)) * 25
        faces = [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
        return Polyhedron(corners, faces, position, rotation)
    if kind == 3:
        t = np.array([[0, 0], [1, 0], [0.3, 0.8]]) * rng.uniform(30, 70)
        h = rng.uniform(20, 60) / 2
        corners = np.r_[np.c_[t, -h * np.ones(3)], np.c_[t, h * np.ones(3)]]
        faces = [(0, 1, 2), (3, 4, 5), (0, 1, 4, 3), (1, 2, 5, 4), (2, 0, 3, 5)]
        return Polyhedron(corners - corners.mean(axis=0), faces, position, rotation)
    r = rng.uniform(15, 40)
    corners = np.r_[np.eye(3), -np.eye(3)] * r
    faces = [(i, j, k) for i in (0, 3) for j in (1, 4) for k in (2, 5)]
    return Polyhedron(corners, faces, position, rotation)


def test_random_pairs_agree_with_the_minkowski_hull_in_both_orders():
    """Thousands of seeded pairs: colliding exactly when the origin is inside the hull of
    A - B; the depth is the origin's distance to its boundary; swapping the arguments
    changes nothing but the MTV's sign; the MTV leaves the pair touching."""
    rng = np.random.default_rng(3)
    shapes = [random_polyhedron(rng, (0, 0, 0)) for _ in range(200)]

    def posed(position):
        shape = shapes[int(rng.integers(len(shapes)))]
        return shape.placed(position, euler_rotation(*rng.uniform(-math.pi, math.pi, 3)))

    counts = {"colliding": 0, "separated": 0, "touching": 0, "lp": 0, "swapped_mtv": 0}
    counts["edge_only"] = 0
    for trial in range(2000):
        a = posed(rng.uniform(-10, 10, 3))
        direction = rng.normal(size=3)
        b = posed(a.position + direction / np.linalg.norm(direction) * rng.uniform(0, 110))
        forward, backward = sat3d(a, b), sat3d(b, a)
        offset_at_origin = hull_offset(a, b)
        if abs(offset_at_origin) <= EXACT * 100:
            continue  # rounding decides: checked by the touching tests below
        colliding = offset_at_origin < 0
        assert forward.colliding is backward.colliding is colliding
        if trial < 300:  # the slower LP oracle on a fifth of them
            assert strictly_separable(a, b) is not colliding
            counts["lp"] += 1
        if not colliding:
            counts["separated"] += 1
            assert forward.separating is not None and backward.separating is not None
            assert forward.mtv == (0.0, 0.0, 0.0) and forward.depth == 0.0
            # The hull's facet normals are all candidates: the widest gap is at least its.
            for report in (forward, backward):
                gaps = [-t.depth for t in report.axes]
                assert max(gaps) >= offset_at_origin - EXACT * 100
            if forward.faces_alone_say_colliding:  # the tutorial's false positive, found
                assert forward.separating.feature == "edge x edge"
                assert backward.faces_alone_say_colliding
                counts["edge_only"] += 1
            continue
        counts["colliding"] += 1
        assert forward.depth == pytest.approx(-offset_at_origin, abs=EXACT * 100)
        assert backward.depth == pytest.approx(forward.depth, abs=EXACT * 100)
        depths = sorted(t.depth for t in forward.axes)
        if len(depths) > 1 and depths[1] - depths[0] > 1e-6:  # one way out only
            assert backward.mtv == pytest.approx(tuple(-x for x in forward.mtv), abs=1e-7)
            counts["swapped_mtv"] += 1
        if counts["touching"] >= 300:
            continue
        moved = a.placed(position=a.position + np.array(forward.mtv))
        assert abs(hull_offset(moved, b)) <= 1e-7  # just touching
        assert sat3d(moved, b).depth == pytest.approx(0.0, abs=1e-7)
        further = a.placed(position=a.position + 1.001 * np.array(forward.mtv))
        assert not sat3d(further, b).colliding and hull_offset(further, b) > 0
        counts["touching"] += 1
    assert counts["colliding"] > 700 and counts["separated"] > 700
    assert counts["touching"] == 300 and counts["lp"] > 250
    assert counts["swapped_mtv"] > 600 and counts["edge_only"] > 20


@pytest.mark.parametrize(
    ("offset", "what"),
    [((40, 0, 0), "face"), ((40, 40, 0), "edge"), ((40, 40, 40), "corner"), ((40, 13, 7), "face")],
)
def test_boxes_touching_exactly_collide_with_depth_zero_in_both_orders(offset, what):
    """Axis-aligned 40-cubes meeting on a face, an edge or a corner: touching counts as
    colliding, depth 0, as in 2D; a hair further apart they are separated."""
    a = Polyhedron.box(40, 40, 40)
    b = Polyhedron.box(40, 40, 40, position=offset)
    for first, second in ((a, b), (b, a)):
        report = sat3d(first, second)
        assert report.colliding and report.depth == 0.0 and report.mtv == (0.0, 0.0, 0.0)
        assert not strictly_separable(first, second)
    apart = Polyhedron.box(40, 40, 40, position=np.array(offset) * (1 + 1e-9))
    assert not sat3d(a, apart).colliding and not sat3d(apart, a).colliding


def test_contained_shapes_report_containment_and_the_shorter_way_out():
    """Small shapes inside a big box, both orders: a_in_b / b_in_a swap; the depth is
    the distance to the nearer side of the Minkowski difference (the hull says so)."""
    rng = np.random.default_rng(5)
    big = Polyhedron.box(300, 200, 250, rotation=(0.3, -0.2, 0.5))
    for _ in range(100):
        small = random_polyhedron(rng, rng.uniform(-15, 15, 3))  # at most 95 from the centre
        inner, outer = sat3d(small, big), sat3d(big, small)
        assert inner.a_in_b and not inner.b_in_a and outer.b_in_a and not outer.a_in_b
        assert inner.colliding and outer.colliding
        assert inner.depth == pytest.approx(-hull_offset(small, big), abs=EXACT * 300)
        assert outer.depth == pytest.approx(inner.depth, abs=EXACT * 300)


def test_the_tutorials_false_positive_pose():
    """Crossed ridges 10 apart: every face normal overlaps, the edge x edge axis (x cross
    z, vertical) separates by exactly the gap; the oracles agree they do not touch."""
    a, b = false_positive_pose(size=100, gap=10)
    report = sat3d(a, b)
    assert report.faces_alone_say_colliding and not report.colliding
    axis = report.separating
    assert axis.feature == "edge x edge" and axis.depth == pytest.approx(-10)
    assert abs(axis.axis[1]) == pytest.approx(1) and report.axes.index(axis) == axis.index
    assert all(not t.separates for t in report.axes if t.feature != "edge x edge")
    assert hull_offset(a, b) > 0 and strictly_separable(a, b)
    data = json.loads(json.dumps(report.to_dict()))
    assert data["separating"] == axis.index and data["faces_alone_say_colliding"] is True
    assert len(data["axes"]) == len(report.axes) and data["axes"][axis.index]["separates"]
    swapped = sat3d(b, a)
    assert swapped.faces_alone_say_colliding and not swapped.colliding
    # Closer: they collide; further than half a side: a face normal separates already.
    assert (
        sat3d(*false_positive_pose(100, -5)).colliding
        and hull_offset(*false_positive_pose(100, -5)) < 0
    )
    assert not sat3d(*false_positive_pose(100, 60)).faces_alone_say_colliding


def test_candidate_axes_of_two_aligned_boxes_are_three_and_the_rest_listed():
    """Two unturned boxes: 12 face normals and 9 edge pairs, but only x, y, z are new:
    A repeats 3 of its face normals and B all 6 of its; 3 edge pairs are parallel, and the
    other 6 crosses repeat a face axis."""
    report = sat3d(Polyhedron.box(10, 20, 30), Polyhedron.box(5, 5, 5, position=(3, 4, 5)))
    assert [t.feature for t in report.axes] == ["face of A"] * 3
    reasons = [s.reason for s in report.skipped]
    assert reasons.count("parallel edges") == 3
    assert reasons.count("parallel to a tested axis") == 3 + 6 + 6
    assert len(report.axes) + len(report.skipped) == 6 + 6 + 9


def test_box_and_tetrahedron_candidates_in_test_order():
    """A box (3 edge directions) and a turned tetrahedron (6): 6 + 4 face normals then
    3 x 6 edge pairs, each either tested or listed."""
    box = Polyhedron.box(40, 40, 40)
    tetra = Polyhedron.tetrahedron(50, position=(10, 60, 0), rotation=(0.2, 0.4, 0.1))
    report = sat3d(box, tetra)
    kinds = [t.feature for t in report.axes]
    assert kinds[:3] == ["face of A"] * 3 and kinds[3:7] == ["face of B"] * 4
    assert len(report.axes) + len(report.skipped) == 6 + 4 + 18
    assert report.colliding is (hull_offset(box, tetra) < 0)


def test_euler_angles_and_matrices_turn_as_documented():
    """Rz(90 degrees) takes x to y; Euler (rx, ry, rz) = Rz @ Ry @ Rx, as a matrix too."""
    assert euler_rotation(0, 0, math.pi / 2) @ [1, 0, 0] == pytest.approx([0, 1, 0])
    assert euler_rotation(math.pi / 2, 0, 0) @ [0, 1, 0] == pytest.approx([0, 0, 1])
    turn = (0.3, -1.1, 2.0)
    by_angles = Polyhedron.box(1, 2, 3, rotation=turn)
    by_matrix = Polyhedron.box(1, 2, 3, rotation=euler_rotation(*turn))
    assert np.array_equal(by_angles.vertices, by_matrix.vertices)


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (
            lambda: Polyhedron([(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)], [(0, 1, 3, 2)]),
            "volume",
        ),
        (
            lambda: Polyhedron(
                [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)], [(0, 1, 2), (0, 1, 3), (0, 2, 3)]
            ),
            "close",
        ),
        (lambda: Polyhedron.box(1, 1, 1, rotation=np.diag([1, 1, -1])), "determinant"),
        (lambda: Polyhedron.box(1, 0, 1), "positive"),
        (lambda: Polyhedron.box(1, 1, 1, position=(0, 0)), "position"),
    ],
)
def test_bad_polyhedra_are_refused_clearly(build, message):
    with pytest.raises(ShapeError, match=message):
        build()


def test_a_dented_solid_is_refused_as_not_convex():
    """A box whose top face centre is pushed down: a vertex lies inside, not on a face."""
    box = Polyhedron.box(2, 2, 2)
    corners = np.r_[box.local_vertices, [[0, 0, 0.5]]]
    top = [(2, 3, 8), (3, 7, 8), (7, 6, 8), (6, 2, 8)]
    faces = [f for f in box.faces if set(f) != {2, 3, 6, 7}] + top
    with pytest.raises(ShapeError, match="convex"):
        Polyhedron(corners, faces)
