"""Geometry: polygons and circles, their factories, mass properties, placement and
the refusals of bad input (sandbox/core/geometry.py)."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon as ShapelyPolygon
from shapes import convex_hull, random_local_vertices, to_shapely

from sandbox.core.geometry import AABB, Circle, Polygon, ShapeError, signed_area
from sandbox.core.portable import rotation

DETERMINISTIC = settings(
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=150,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)

coordinate = st.floats(-300, 300, allow_nan=False, allow_infinity=False)


@st.composite
def convex_vertex_lists(draw):
    """A valid convex vertex list (hull of random points) in either winding, starting
    at any of its corners."""
    points = draw(st.lists(st.tuples(coordinate, coordinate), min_size=3, max_size=14))
    hull = convex_hull(points)
    assume(len(hull) >= 3)
    try:
        Polygon(hull)
    except ShapeError:
        assume(False)  # nearly collinear corners: not what these tests are about
    hull = np.roll(hull, -draw(st.integers(0, len(hull) - 1)), axis=0)
    if draw(st.booleans()):
        hull = np.concatenate([hull[:1], hull[:0:-1]])
    return hull


angles = st.floats(-10, 10, allow_nan=False, allow_infinity=False)
positions = st.tuples(coordinate, coordinate)


def reverse_keep_first(v) -> np.ndarray:
    v = np.asarray(v, dtype=float)
    return np.concatenate([v[:1], v[:0:-1]])


# -- winding and normals --------------------------------------------------------------


@DETERMINISTIC
@given(convex_vertex_lists())
def test_either_winding_gives_the_same_polygon(vertices):
    """A vertex list and its reverse (same vertex 0) give identical local vertices
    and outward normals, and vertex 0 stays where the caller put it."""
    p = Polygon(vertices)
    q = Polygon(reverse_keep_first(vertices))
    np.testing.assert_array_equal(p.local_vertices, q.local_vertices)
    np.testing.assert_allclose(p.local_normals, q.local_normals, atol=1e-12)
    np.testing.assert_array_equal(p.local_vertices[0], np.asarray(vertices, dtype=float)[0])
    assert signed_area(p.local_vertices) > 0
    assert p.area == pytest.approx(abs(signed_area(np.asarray(vertices, dtype=float))))


def test_library_winding_is_kept_as_given_and_the_other_is_reversed():
    """The tutorials' order (positive shoelace) is stored unchanged; the reverse order
    is renumbered around vertex 0."""
    given_order = [(0, 0), (4, 0), (4, 3), (0, 3)]
    np.testing.assert_array_equal(Polygon(given_order).local_vertices, given_order)
    other = [(0, 0), (0, 3), (4, 3), (4, 0)]
    np.testing.assert_array_equal(Polygon(other).local_vertices, given_order)


@DETERMINISTIC
@given(convex_vertex_lists(), positions, angles)
def test_normals_are_unit_perpendicular_and_outward(vertices, position, angle):
    """Each normal is a unit vector perpendicular to its edge, and every other vertex
    lies strictly behind every edge (so the normal points out of the polygon)."""
    p = Polygon(vertices, position, angle)
    n = len(p)
    np.testing.assert_allclose(np.hypot(*p.normals.T), 1.0, rtol=1e-12)
    edges = p.edges
    lengths = np.hypot(*edges.T)
    np.testing.assert_allclose(np.einsum("ij,ij->i", p.normals, edges) / lengths, 0, atol=1e-9)
    for i in range(n):
        others = [j for j in range(n) if j not in (i, (i + 1) % n)]
        behind = (p.vertices[others] - p.vertices[i]) @ p.normals[i]
        assert np.all(behind < 0), f"edge {i}: {behind}"
    # The documented formula: normal = (e.y, -e.x) / |e|.
    expected = np.column_stack([edges[:, 1], -edges[:, 0]]) / lengths[:, None]
    np.testing.assert_allclose(p.normals, expected, atol=1e-9)


def test_box_corners_and_normals_are_numbered_as_documented():
    """box(w, h): v0 top-left, v1 top-right, v2 bottom-right, v3 bottom-left on a
    y-down screen; n0 up (-y), n1 right, n2 down, n3 left."""
    b = Polygon.box(40, 20, position=(100, 50))
    np.testing.assert_array_equal(b.vertices, [(80, 40), (120, 40), (120, 60), (80, 60)])
    np.testing.assert_array_equal(b.normals, [(0, -1), (1, 0), (0, 1), (-1, 0)])
    assert b.edge(0) == ((80.0, 40.0), (120.0, 40.0))
    assert b.edge(3) == ((80.0, 60.0), (80.0, 40.0))
    midpoints = (b.vertices + np.roll(b.vertices, -1, axis=0)) / 2
    np.testing.assert_array_equal(midpoints, [(100, 40), (120, 50), (100, 60), (80, 50)])
    # No -0.0 components in axis-aligned normals (they reach the HUD as text).
    assert all(math.copysign(1, x) > 0 for x in b.normals.ravel() if x == 0)


@pytest.mark.parametrize("sides", [3, 4, 5, 7, 12])
def test_regular_vertex_i_sits_at_angle_two_pi_i_over_n(sides):
    """Polygon.regular(n, r): vertex i at angle 2*pi*i/n on the circle of radius r
    around the position (tutorial 000's CreateRegular, 003's create)."""
    p = Polygon.regular(sides, 50, position=(10, -20))
    assert len(p) == sides
    for i, (x, y) in enumerate(p.vertices):
        t = 2 * math.pi * i / sides
        assert x == pytest.approx(10 + 50 * math.cos(t), abs=1e-12)
        assert y == pytest.approx(-20 + 50 * math.sin(t), abs=1e-12)


def test_regular_triangle_of_the_tutorials():
    """Polygon.regular(3, 50) is the tutorial's triangle: (50, 0), (-25, 43.3),
    (-25, -43.3), with normals pointing away from the centre through each edge."""
    t = Polygon.regular(3, 50)
    np.testing.assert_allclose(
        t.vertices, [(50, 0), (-25, 25 * math.sqrt(3)), (-25, -25 * math.sqrt(3))], atol=1e-12
    )
    for i in range(3):
        mid = (t.vertices[i] + t.vertices[(i + 1) % 3]) / 2
        np.testing.assert_allclose(t.normals[i], mid / np.hypot(*mid), atol=1e-12)


# -- mass properties ----------------------------------------------------------------------


@pytest.mark.parametrize(("w", "h"), [(1, 1), (40, 20), (3.5, 120)])
@pytest.mark.parametrize("angle", [0.0, 0.3, -2.0])
def test_box_mass_properties(w, h, angle):
    """A box: area w*h, centroid at its position, I = m (w^2 + h^2) / 12."""
    b = Polygon.box(w, h, position=(7, -3), angle=angle)
    assert b.area == pytest.approx(w * h, rel=1e-12)
    assert b.centroid == pytest.approx((7, -3), abs=1e-12)
    assert b.moment_of_inertia(2.5) == pytest.approx(2.5 * (w * w + h * h) / 12, rel=1e-12)


@pytest.mark.parametrize("sides", [3, 4, 6, 9, 32])
def test_regular_polygon_mass_properties(sides):
    """Regular n-gon of circumradius R: area n R^2 sin(2 pi / n) / 2, centroid at
    the centre, I = m R^2 (1 + 2 cos^2(pi / n)) / 6."""
    r, m = 30.0, 4.0
    p = Polygon.regular(sides, r, position=(5, 6), angle=0.7)
    assert p.area == pytest.approx(sides * r * r * math.sin(2 * math.pi / sides) / 2, rel=1e-12)
    assert p.centroid == pytest.approx((5, 6), abs=1e-9)
    expected = m * r * r * (1 + 2 * math.cos(math.pi / sides) ** 2) / 6
    assert p.moment_of_inertia(m) == pytest.approx(expected, rel=1e-12)


def test_circle_mass_properties():
    """A circle: area pi r^2, centroid at its centre, I = m r^2 / 2."""
    c = Circle(12.0, position=(3, 4))
    assert c.area == pytest.approx(math.pi * 144)
    assert c.centroid == (3.0, 4.0)
    assert c.moment_of_inertia(3.0) == pytest.approx(3.0 * 144 / 2)


def triangle_inertia(a, b, c, mass):
    """Closed form about the centroid: m (|ab|^2 + |bc|^2 + |ca|^2) / 36."""
    sides = [np.subtract(a, b), np.subtract(b, c), np.subtract(c, a)]
    return mass * sum(float(s @ s) for s in sides) / 36


@DETERMINISTIC
@given(st.lists(st.tuples(coordinate, coordinate), min_size=3, max_size=3), positions, angles)
def test_triangle_mass_properties(points, position, angle):
    """A triangle: centroid = mean of its vertices, area = |cross| / 2,
    I = m (a^2 + b^2 + c^2) / 36."""
    try:
        t = Polygon(points, position, angle)
    except ShapeError:
        assume(False)
    v = t.vertices
    assert t.centroid == pytest.approx(tuple(v.mean(axis=0)), rel=1e-9, abs=1e-9)
    e1, e2 = v[1] - v[0], v[2] - v[0]
    assert t.area == pytest.approx(abs(e1[0] * e2[1] - e1[1] * e2[0]) / 2, rel=1e-9)
    assert t.moment_of_inertia(5.0) == pytest.approx(triangle_inertia(*v, 5.0), rel=1e-9)


def fan_inertia(vertices: np.ndarray, mass: float) -> float:
    """Independent I about the centroid: a fan of triangles from vertex 0, each with
    its closed form, moved to the polygon's centroid by the parallel-axis theorem."""
    pieces = []
    for i in range(1, len(vertices) - 1):
        a, b, c = vertices[0], vertices[i], vertices[i + 1]
        e1, e2 = b - a, c - a
        area = abs(e1[0] * e2[1] - e1[1] * e2[0]) / 2
        pieces.append((area, (a + b + c) / 3, triangle_inertia(a, b, c, area)))
    total = sum(p[0] for p in pieces)
    centroid = sum(p[0] * p[1] for p in pieces) / total
    j = sum(i + area * float((c - centroid) @ (c - centroid)) for area, c, i in pieces)
    return mass * j / total


@DETERMINISTIC
@given(convex_vertex_lists(), positions, angles)
def test_random_convex_mass_properties_match_shapely_and_a_triangle_fan(vertices, position, a):
    """Area and world centroid agree with shapely's; the moment of inertia agrees with
    a triangle-fan decomposition; none of them change when the polygon is placed."""
    p = Polygon(vertices, position, a)
    reference = ShapelyPolygon(p.vertices)
    size = max(1.0, float(np.ptp(p.vertices, axis=0).max()))
    assert p.area == pytest.approx(reference.area, rel=1e-9, abs=1e-9 * size * size)
    assert p.centroid == pytest.approx(
        (reference.centroid.x, reference.centroid.y), abs=1e-9 * max(size, abs(max(position)))
    )
    assert p.moment_of_inertia(3.0) == pytest.approx(fan_inertia(p.vertices, 3.0), rel=1e-7)
    moved = p.placed((position[0] - 17, position[1] + 5), a + 1.0)
    assert moved.area == p.area
    assert moved.moment_of_inertia(3.0) == p.moment_of_inertia(3.0)


def test_generated_random_polygons_match_shapely():
    """The seeded polygons the SAT oracle uses (many thin, off-centre, either winding)
    have shapely's area and centroid."""
    rng = np.random.default_rng(20240601)
    for _ in range(300):
        local = random_local_vertices(rng)
        p = Polygon(local, tuple(rng.uniform(-500, 500, 2)), float(rng.uniform(-4, 4)))
        reference = to_shapely(p)
        assert p.area == pytest.approx(reference.area, rel=1e-9)
        assert p.centroid == pytest.approx((reference.centroid.x, reference.centroid.y), abs=1e-7)


# -- bounding boxes ---------------------------------------------------------------------


@DETERMINISTIC
@given(convex_vertex_lists(), positions, angles)
def test_polygon_aabb_is_the_vertex_extent(vertices, position, angle):
    """A polygon's AABB is the min/max of its world vertices (= shapely's bounds)."""
    p = Polygon(vertices, position, angle)
    box = p.aabb()
    assert (box.min_x, box.min_y, box.max_x, box.max_y) == pytest.approx(
        ShapelyPolygon(p.vertices).bounds, abs=0
    )
    assert box.width == pytest.approx(box.max_x - box.min_x)


@pytest.mark.parametrize("angle", [0.0, 0.4, 1.0, math.pi / 2, 2.5])
def test_rotated_box_aabb_closed_form(angle):
    """A w x h box turned by theta is |w cos| + |h sin| wide and |w sin| + |h cos| tall."""
    w, h = 60.0, 20.0
    box = Polygon.box(w, h, position=(10, 20), angle=angle).aabb()
    c, s = abs(math.cos(angle)), abs(math.sin(angle))
    assert box.width == pytest.approx(w * c + h * s)
    assert box.height == pytest.approx(w * s + h * c)
    assert ((box.min_x + box.max_x) / 2, (box.min_y + box.max_y) / 2) == pytest.approx((10, 20))


def test_circle_aabb():
    """A circle's AABB is its centre +- radius."""
    assert Circle(5, (10, -2)).aabb() == AABB(5, -7, 15, 3)


@pytest.mark.parametrize(
    ("other", "expected"),
    [
        (AABB(10, 0, 20, 10), True),  # shares the edge x = 10: touching counts
        (AABB(10, 10, 20, 20), True),  # shares one corner
        (AABB(10.001, 0, 20, 10), False),
        (AABB(0, 10.5, 10, 20), False),
        (AABB(2, 2, 3, 3), True),  # inside
        (AABB(-5, -5, 15, 15), True),  # around
    ],
)
def test_aabb_overlaps_in_both_orders(other, expected):
    """AABB.overlaps is inclusive on every side and symmetric."""
    box = AABB(0, 0, 10, 10)
    assert box.overlaps(other) is expected
    assert other.overlaps(box) is expected


# -- placement ------------------------------------------------------------------------


def test_positive_angle_turns_x_toward_y():
    """rotation(+pi/2) maps +x to +y (clockwise on a y-down screen)."""
    np.testing.assert_allclose(rotation(math.pi / 2) @ [1, 0], [0, 1], atol=1e-15)
    p = Polygon([(0, 0), (10, 0), (0, 5)], position=(100, 100), angle=math.pi / 2)
    np.testing.assert_allclose(p.vertices, [(100, 100), (100, 110), (95, 100)], atol=1e-12)


@DETERMINISTIC
@given(convex_vertex_lists(), positions, angles, positions, angles)
def test_placed_moves_and_rotates_about_the_position(vertices, pos1, ang1, pos2, ang2):
    """placed(position, angle) gives world vertex = position + R(angle) local, keeps
    the local data, the area and the inertia, and leaves the original unchanged."""
    p = Polygon(vertices, pos1, ang1)
    before = p.vertices.copy()
    q = p.placed(pos2, ang2)
    expected = np.asarray(pos2) + p.local_vertices @ rotation(ang2).T
    np.testing.assert_allclose(q.vertices, expected, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(q.normals, p.local_normals @ rotation(ang2).T, atol=1e-12)
    assert q.local_vertices is p.local_vertices  # shared, not re-validated
    assert (q.position, q.angle) == (pos2, ang2)
    np.testing.assert_array_equal(p.vertices, before)
    assert q.area == p.area
    # The centroid moves rigidly with the polygon.
    local_c = rotation(-ang1) @ (np.asarray(p.centroid) - np.asarray(pos1))
    expected_c = np.asarray(pos2) + rotation(ang2) @ local_c
    assert q.centroid == pytest.approx(tuple(expected_c), abs=1e-7)


def test_placed_keeps_what_is_not_given():
    """placed() with only a position keeps the angle, and with only an angle keeps
    the position; a circle's placed() works the same way."""
    p = Polygon.box(10, 4, position=(1, 2), angle=0.5)
    assert (p.placed((3, 4)).position, p.placed((3, 4)).angle) == ((3.0, 4.0), 0.5)
    assert (p.placed(angle=1.5).position, p.placed(angle=1.5).angle) == ((1.0, 2.0), 1.5)
    c = Circle(3, (1, 2), angle=0.25)
    moved = c.placed((5, 6))
    assert (moved.radius, moved.position, moved.angle) == (3.0, (5.0, 6.0), 0.25)
    assert c.position == (1.0, 2.0)


@pytest.mark.parametrize("shape", [Polygon.box(10, 10), Circle(5)], ids=["polygon", "circle"])
@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"position": (float("nan"), 0)}, "position must be finite"),
        ({"position": (0, float("inf"))}, "position must be finite"),
        ({"position": (1,)}, "position must be a pair of numbers"),
        ({"position": "ab"}, "position must be a pair of numbers"),
        ({"angle": float("nan")}, "angle must be finite"),
        ({"angle": "north"}, "angle must be a number"),
    ],
)
def test_placed_shares_the_constructors_validation(shape, kwargs, message):
    """placed() refuses the same bad positions and angles as the constructors."""
    with pytest.raises(ShapeError, match=message):
        shape.placed(**kwargs)
    constructor = (
        (lambda **kw: Polygon([(0, 0), (1, 0), (0, 1)], **kw))
        if isinstance(shape, Polygon)
        else (lambda **kw: Circle(5, **kw))
    )
    with pytest.raises(ShapeError, match=message):
        constructor(**kwargs)


def test_vertex_arrays_are_read_only():
    """Shapes are immutable: their vertex and normal arrays cannot be written."""
    p = Polygon.box(10, 10)
    for array in (p.vertices, p.normals, p.local_vertices, p.local_normals):
        with pytest.raises(ValueError):
            array[0, 0] = 1.0


def test_project_and_contains_point():
    """project() gives (min, max) of the dot products; contains_point() counts the
    boundary as inside."""
    p = Polygon.box(20, 10, position=(5, 5), angle=0.3)
    axis = (0.6, 0.8)
    d = p.vertices @ np.asarray(axis)
    assert p.project(axis) == (d.min(), d.max())
    assert Circle(2, (3, 4)).project(axis) == pytest.approx((3.0, 7.0))
    assert p.contains_point(p.centroid)
    assert p.contains_point(tuple(p.vertices[2]))
    assert not p.contains_point((40, 40))
    assert Circle(5, (0, 0)).contains_point((3, 4))
    assert not Circle(5, (0, 0)).contains_point((3, 4.01))


# -- refusals -------------------------------------------------------------------------

PENTAGRAM = [
    (math.cos(math.pi / 2 + 4 * math.pi * i / 5), math.sin(math.pi / 2 + 4 * math.pi * i / 5))
    for i in range(5)
]
NAN, INF = float("nan"), float("inf")


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Polygon([(0, 0), (1, 0)]), r"at least 3 vertices, got 2"),
        (lambda: Polygon([]), r"vertices"),
        (lambda: Polygon([(0, 0), (1, 0), (NAN, 1)]), r"vertex 2 is not finite"),
        (lambda: Polygon([(0, 0), (INF, 0), (0, 1)]), r"vertex 1 is not finite"),
        (lambda: Polygon([(0, 0), (1, 0), (0, -INF)]), r"vertex 2 is not finite"),
        (lambda: Polygon([(0, 0), (1, 1), (2, 2)]), r"zero area"),
        (lambda: Polygon([(0, 0), (0, 0), (0, 0)]), r"repeated|zero area"),
        (lambda: Polygon([(0, 0), (4, 0), (4, 0), (0, 4)]), r"vertices 1 and 2 are repeated"),
        (lambda: Polygon([(0, 0), (4, 0), (4, 4), (0, 0)]), r"vertices 3 and 0 are repeated"),
        (lambda: Polygon([(0, 0), (2, 0), (4, 0), (4, 4)]), r"vertex 1 .*collinear"),
        (lambda: Polygon([(0, 0), (4, 0), (4, 4), (0, 4), (0, 2)]), r"vertex 4 .*collinear"),
        (
            lambda: Polygon([(0, 0), (4, 0), (2, 1), (4, 4), (0, 4)]),
            r"concave at vertex 2.*split into convex parts",
        ),
        (lambda: Polygon(PENTAGRAM), r"crosses itself.*split into convex parts"),
        (lambda: Polygon(reverse_keep_first(PENTAGRAM)), r"crosses itself"),
        (lambda: Polygon("abc"), r"sequence of \(x, y\)"),
        (lambda: Polygon([(0, 0), (1, 0), ("x", 1)]), r"sequence of \(x, y\)"),
        (lambda: Polygon([(0, 0, 0), (1, 0, 0), (0, 1, 0)]), r"\(x, y\) pairs"),
        (lambda: Polygon(None), r"\(x, y\) pairs"),
        (lambda: Polygon.regular(2, 10), r"sides >= 3, got 2"),
        (lambda: Polygon.regular(3.0, 10), r"whole number of sides"),
        (lambda: Polygon.regular(True, 10), r"whole number of sides"),
        (lambda: Polygon.regular(5, 0), r"radius must be a positive finite number"),
        (lambda: Polygon.regular(5, -3), r"radius must be a positive finite number"),
        (lambda: Polygon.regular(5, INF), r"radius must be a positive finite number"),
        (lambda: Polygon.regular(5, NAN), r"radius must be a positive finite number"),
        (lambda: Polygon.box(0, 10), r"box sides must be positive finite"),
        (lambda: Polygon.box(10, -1), r"box sides must be positive finite"),
        (lambda: Polygon.box(10, NAN), r"box sides must be positive finite"),
        (lambda: Polygon.box(INF, 10), r"box sides must be positive finite"),
        (lambda: Circle(0), r"radius must be a positive finite number"),
        (lambda: Circle(-1), r"radius must be a positive finite number"),
        (lambda: Circle(NAN), r"radius must be a positive finite number"),
        (lambda: Circle("big"), r"radius must be a number"),
        (lambda: Circle(None), r"radius must be a number"),
        pytest.param(
            lambda: Polygon.regular(5, "big"),
            r"radius",
            id="regular-radius-not-a-number",
        ),
        pytest.param(
            lambda: Polygon.regular(5, None),
            r"radius",
            id="regular-radius-none",
        ),
        pytest.param(
            lambda: Polygon.box("wide", 10),
            r"box sides",
            id="box-width-not-a-number",
        ),
        pytest.param(
            lambda: Polygon.box(10, None),
            r"box sides",
            id="box-height-none",
        ),
    ],
)
def test_bad_shapes_are_refused_with_a_clear_shape_error(build, message):
    """Every refusal is a ShapeError whose message says what is wrong."""
    with pytest.raises(ShapeError, match=message):
        build()


CONCAVE = [(0, 0), (4, 0), (2, 1), (4, 4), (0, 4)]  # vertex 2 is the dent
COLLINEAR = [(0, 0), (4, 0), (4, 4), (0, 4), (0, 2)]  # vertex 4 lies on edge 3-0


@pytest.mark.parametrize(
    ("vertices", "bad_vertex", "message"),
    [
        (CONCAVE, 2, "concave"),
        pytest.param(
            reverse_keep_first(CONCAVE),
            3,
            "concave",
            id="concave-reversed",
        ),
        (COLLINEAR, 4, "collinear"),
        pytest.param(
            reverse_keep_first(COLLINEAR),
            1,
            "collinear",
            id="collinear-reversed",
        ),
    ],
)
def test_error_names_the_callers_vertex_in_either_winding(vertices, bad_vertex, message):
    """The vertex an error names is the offending vertex in the caller's own list,
    whichever winding the caller used."""
    with pytest.raises(ShapeError) as caught:
        Polygon(vertices)
    assert re.search(rf"\bvertex {bad_vertex}\b", str(caught.value)), str(caught.value)
    assert message in str(caught.value)
