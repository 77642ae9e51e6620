"""The editor's model (issue 19): draw, move a vertex, spawn, delete, undo and redo.

Expected values come from elsewhere: `Polygon` and `decompose` built from the same
points, shapely's area and intersection test, and the world's own dump before an edit.
"""

import copy
import json
import math

import numpy as np
import pytest
import shapely.geometry as sg
from hypothesis import given, settings
from hypothesis import strategies as st
from replaying import replayed

from sandbox.app import edit_commands, editor
from sandbox.app.cli import main
from sandbox.app.edit_commands import (
    EditError,
    check_command,
    delete_command,
    draw_command,
    move_vertex_command,
    parse_edit,
    spawn_command,
)
from sandbox.app.editor import EditHistory, apply
from sandbox.app.pair_choice import PairChoice, asked, opening, without
from sandbox.core.compound import Compound, piece_pairs
from sandbox.core.decompose import decompose
from sandbox.core.geometry import Circle, Polygon
from sandbox.core.minkowski import locate_origin, minkowski_difference
from sandbox.core.pair import sat
from sandbox.physics.body import Body
from sandbox.physics.dump import world_dump
from sandbox.physics.world import World
from sandbox.scenes.builtin import CUP, OUTLINES
from sandbox.scenes.registry import SCENES


def state(world: World) -> str:
    """The world's dump (bodies, tick, gravity) and the SAT report of the default pair."""
    record = world.explain_now(asked(PairChoice(), world))
    report = record.shown.report.to_dict() if record.shown is not None else None
    return json.dumps([world_dump(world), report, world.controlled])


def convex_points(rng: np.random.Generator, centre=(400.0, 350.0)) -> list[tuple[float, float]]:
    """The corners of shapely's convex hull of random points (counter-clockwise on
    screen, as shapely orients it), closing point dropped."""
    cloud = rng.uniform(-60, 60, (int(rng.integers(3, 12)), 2)) + centre
    hull = sg.MultiPoint([tuple(p) for p in cloud]).convex_hull
    return [tuple(map(float, p)) for p in hull.exterior.coords[:-1]]


def star_points(rng: np.random.Generator, centre=(400.0, 350.0)) -> list[tuple[float, float]]:
    """A simple (star-shaped) outline, concave almost always: radii at random at
    increasing angles about the centre."""
    n = int(rng.integers(5, 14))
    angles = np.sort(rng.uniform(0, 2 * math.pi, n))
    radii = rng.uniform(20, 90, n)
    return [
        (centre[0] + r * math.cos(a), centre[1] + r * math.sin(a))
        for a, r in zip(angles, radii, strict=True)
    ]


def zero_g_world() -> World:
    return SCENES["classic"].world(0)


# -- draw ---------------------------------------------------------------------------------


@pytest.mark.parametrize("reverse", [False, True])
def test_a_drawn_convex_outline_is_the_polygon_of_the_same_vertices(reverse):
    """60 seeded convex outlines, in either winding: the body is a Polygon with the
    vertices, normals and area of `Polygon(points)` (to rounding: its local frame is at
    the centre of area)."""
    rng = np.random.default_rng(1)
    for _ in range(60):
        points = convex_points(rng)
        if reverse:
            points = points[::-1]
        try:
            expected = Polygon(points)
        except Exception:  # a hull corner on a line through its neighbours (rare)
            continue
        world = zero_g_world()
        result = apply(world, draw_command(points))
        assert result.ok, result.reason
        body = world.bodies[-1]
        assert isinstance(body.shape, Polygon) and result.body == body.name == "drawn 1"
        shape = world.shape(len(world.bodies) - 1)
        assert np.allclose(shape.vertices, expected.vertices, rtol=0, atol=1e-9)
        assert np.allclose(shape.normals, expected.normals, rtol=0, atol=1e-12)
        assert math.isclose(shape.area, expected.area, rel_tol=1e-12)
        assert np.allclose(shape.position, expected.centroid, rtol=0, atol=1e-9)


def test_a_drawn_concave_outline_is_the_pieces_decompose_gives():
    """The built-in concave outlines, the cup, and 80 seeded star outlines: the body is a
    Compound whose pieces are decompose(points)'s (the same count, the same corners), and
    their areas add up to shapely's area of the outline."""
    rng = np.random.default_rng(2)
    outlines = [[(x + 400, y + 350) for x, y in o] for _, o in OUTLINES[:-1]]
    outlines += [[(x + 400, y + 350) for x, y in CUP]]
    outlines += [star_points(rng) for _ in range(80)]
    concave = 0
    for points in outlines:
        world = zero_g_world()
        result = apply(world, draw_command(points))
        if not sg.Polygon(points).is_valid:  # a star with a gap wider than pi can cross
            assert not result.ok and "crosses itself" in result.reason
            continue
        assert result.ok, result.reason
        shape = world.shape(len(world.bodies) - 1)
        expected = decompose(points)
        if len(expected.pieces) == 1 and isinstance(shape, Polygon):
            continue  # a convex star: a plain polygon (the test above)
        concave += 1
        assert isinstance(shape, Compound)
        assert len(shape.pieces) == len(expected.pieces)
        for piece, want in zip(shape.pieces, expected.pieces, strict=True):
            got = sorted(map(tuple, np.round(piece.vertices, 6)))
            assert got == sorted(map(tuple, np.round(want.vertices, 6)))
        union = sum(piece.area for piece in shape.pieces)
        assert math.isclose(union, sg.Polygon(points).area, rel_tol=1e-9)
    assert concave > 60


@pytest.mark.parametrize(
    "points, why",
    [
        ([(300, 300), (400, 400), (400, 300), (300, 400)], "crosses itself"),  # a bow tie
        (
            [
                (400 + 90 * math.cos(k * 4 * math.pi / 5), 300 + 90 * math.sin(k * 4 * math.pi / 5))
                for k in range(5)
            ],
            "crosses itself",
        ),  # a pentagram
        ([(300, 300), (400, 300)], "at least 3 different points"),
        ([(300, 300), (400, 300), (300, 300), (400, 300)], "at least 3 different points"),
        ([(300, 300), (350, 300), (400, 300)], "one line"),
        ([(300, 300), (350, 350), (400, 400), (450, 450)], "one line"),
        ([], "at least 3 different points"),
    ],
)
def test_bad_outlines_are_refused_in_plain_words_and_nothing_is_added(points, why):
    """Self-crossing, too few points, all on a line: refused with a reason, world untouched."""
    world = zero_g_world()
    before = state(world)
    result = apply(world, draw_command(points))
    assert not result.ok and why in result.reason
    assert state(world) == before


def test_repeated_points_and_a_closing_point_are_one_point():
    """A mouse-drawn outline repeats points and ends where it began: the same polygon."""
    square = [(300, 300), (360, 300), (360, 360), (300, 360)]
    messy = [square[0], square[0], square[1], square[2], square[2], square[3], square[0]]
    a, b = zero_g_world(), zero_g_world()
    assert apply(a, draw_command(square)).ok and apply(b, draw_command(messy)).ok
    assert state(a) == state(b)


def test_drawn_bodies_fall_in_a_rigid_world_and_sit_in_a_tutorial_world():
    """Under gravity the drawn body is dynamic and falls; in an MTV (tutorial) world it is
    static and stays where drawn."""
    square = [(300, 200), (360, 200), (360, 260), (300, 260)]
    rigid, tutorial = SCENES["gravity"].world(0), zero_g_world()
    for world in (rigid, tutorial):
        assert apply(world, draw_command(square)).ok
        for _ in range(30):
            world.step(1 / 60)
    assert not rigid.bodies[-1].static and rigid.position[-1, 1] > 230 + 10
    assert tutorial.bodies[-1].static and tutorial.position[-1].tolist() == [330.0, 230.0]


def test_names_are_unique_and_chosen_names_are_checked():
    world = zero_g_world()
    square = [(300, 200), (360, 200), (360, 260), (300, 260)]
    moved = [(x + 100, y) for x, y in square]
    assert apply(world, draw_command(square)).body == "drawn 1"
    assert apply(world, draw_command(moved)).body == "drawn 2"
    taken = {**draw_command(moved), "name": "drawn 1"}
    assert "already" in apply(world, taken).reason
    assert "printable" in apply(world, {**draw_command(moved), "name": "a\nb"}).reason
    assert apply(world, spawn_command("box", (500, 500))).body == "box 1"


# -- move a vertex ------------------------------------------------------------------------


def _shapely(shape) -> sg.Polygon:
    if isinstance(shape, Circle):
        return sg.Point(shape.position).buffer(shape.radius, 256)
    return sg.Polygon([tuple(p) for p in shape.vertices])


def test_a_vertex_move_changes_sat_as_the_rebuilt_polygon_would():
    """300 seeded moves of a corner of A (a random convex polygon) against B: the SAT
    report after the edit is the report of `Polygon(moved corners)` against B (colliding,
    depth, normal), and agrees with shapely's intersects; a move that makes A concave
    gives a compound whose piece test agrees with shapely; a crossing one is refused.
    A colliding convex A's depth is the origin's distance out of the Minkowski difference."""
    rng = np.random.default_rng(3)
    counts = {"convex": 0, "concave": 0, "refused": 0}
    for _ in range(300):
        a_points = convex_points(rng, (400.0, 350.0))
        b_points = convex_points(rng, tuple(rng.uniform(330, 470, 2)))
        try:
            Polygon(a_points), Polygon(b_points)
        except Exception:
            continue
        world = World(
            [Body("A", Polygon(a_points)), Body("B", Polygon(b_points), static=True)],
            bounds=(0, 0, 860, 720),
        )
        edited = apply(world, draw_command(a_points))  # A as the editor draws it
        assert edited.ok
        a = world.index("drawn 1")
        corners = world.shape(a).vertices.copy()
        k = int(rng.integers(len(corners)))
        to = tuple(rng.uniform(320, 480, 2))
        before = state(world)
        result = apply(world, move_vertex_command("drawn 1", k, to))
        if not result.ok:
            counts["refused"] += 1
            assert "cannot go there" in result.reason and state(world) == before
            continue
        moved = [tuple(p) for p in corners]
        moved[k] = to
        shape_a, shape_b = world.shape(a), world.shape(world.index("B"))
        oracle = sg.Polygon(moved).intersects(_shapely(shape_b))
        near = sg.Polygon(moved).exterior.distance(_shapely(shape_b).exterior) < 1e-6
        if isinstance(shape_a, Polygon):
            counts["convex"] += 1
            got, want = sat(shape_a, shape_b), sat(Polygon(moved), shape_b)
            if not near:
                assert got.colliding == want.colliding == oracle
            assert math.isclose(got.depth, want.depth, rel_tol=1e-9, abs_tol=1e-9)
            if want.depth > 1e-6:
                assert np.allclose(got.normal, want.normal, atol=1e-9)
            origin = locate_origin(minkowski_difference(Polygon(moved), shape_b))
            if got.colliding and origin.inside:  # the depth: the origin's way out of A - B
                assert math.isclose(got.depth, origin.distance, rel_tol=1e-9, abs_tol=1e-9)
        else:
            counts["concave"] += 1
            assert math.isclose(shape_a.area, sg.Polygon(moved).area, rel_tol=1e-9)
            if not near:
                assert bool(piece_pairs(shape_a, shape_b).colliding) == oracle
    assert min(counts.values()) > 10, counts


def test_a_crossing_vertex_move_is_refused_and_changes_nothing():
    """Corner 0 of a square dragged past the far side: the outline would cross itself."""
    world = zero_g_world()
    assert apply(world, draw_command([(380, 380), (420, 380), (420, 420), (380, 420)])).ok
    before = state(world)
    result = apply(world, move_vertex_command("drawn 1", 0, (440, 400)))
    assert not result.ok and "crosses itself" in result.reason
    assert state(world) == before


def test_a_polygon_made_concave_becomes_a_compound_and_back():
    """A box's corner pushed inward: a compound of two pieces (the L of tutorial 001);
    pulled back out: a polygon again. The body's position stays its centre of area."""
    world = zero_g_world()
    assert apply(world, draw_command([(300, 300), (400, 300), (400, 400), (300, 400)])).ok
    i = world.index("drawn 1")
    assert apply(world, move_vertex_command("drawn 1", 2, (330, 340))).ok
    shape = world.shape(i)
    assert isinstance(shape, Compound) and len(shape.pieces) == 2
    assert np.allclose(shape.centroid, world.position[i], atol=1e-9)
    dart = [(300, 300), (400, 300), (330, 340), (300, 400)]
    assert math.isclose(shape.area, sg.Polygon(dart).area, rel_tol=1e-12)
    assert np.allclose(shape.vertices, dart, atol=1e-9)
    assert apply(world, move_vertex_command("drawn 1", 2, (400, 400))).ok
    assert isinstance(world.shape(i), Polygon)
    assert np.allclose(world.shape(i).vertices, [(300, 300), (400, 300), (400, 400), (300, 400)])


def test_moving_a_corner_of_a_turned_body_keeps_its_angle():
    """The squares scene's square is turned 0.35 rad: after a move, the same angle, the
    other corners where they were (to rounding), the moved one at the new point."""
    world = SCENES["squares"].world(0)
    i = world.index("moving square")
    corners = world.shape(i).vertices.copy()
    assert apply(world, move_vertex_command("moving square", 1, (420.0, 250.0))).ok
    assert world.angle[i] == 0.35
    expected = corners.copy()
    expected[1] = (420.0, 250.0)
    assert np.allclose(world.shape(i).vertices, expected, atol=1e-9)


def test_vertex_moves_refused_for_circles_and_unknown_corners():
    world = SCENES["circles"].world(0)
    assert "circle" in apply(world, move_vertex_command("circle", 0, (1, 1))).reason
    world = zero_g_world()
    assert "no corner 7" in apply(world, move_vertex_command("triangle", 7, (1, 1))).reason
    assert "no body called" in apply(world, move_vertex_command("nobody", 0, (1, 1))).reason


# -- spawn and delete -----------------------------------------------------------------------


def test_spawn_makes_boxes_polygons_and_circles_at_the_point():
    world = SCENES["gravity"].world(0)
    assert apply(world, spawn_command("box", (200, 300), size=50)).ok
    assert apply(world, spawn_command("polygon", (300, 300), sides=7, size=30)).ok
    assert apply(world, spawn_command("circle", (400, 300), size=15)).ok
    box, heptagon, circle = (
        world.shape(i) for i in range(len(world.bodies) - 3, len(world.bodies))
    )
    assert np.array_equal(box.vertices, Polygon.box(50, 50, (200, 300)).vertices)
    assert np.array_equal(heptagon.vertices, Polygon.regular(7, 30, (300, 300)).vertices)
    assert isinstance(circle, Circle) and circle.radius == 15 and circle.position == (400, 300)
    assert [b.name for b in world.bodies[-3:]] == ["box 1", "polygon 1", "circle 1"]
    assert not any(b.static for b in world.bodies[-3:])


@pytest.mark.parametrize(
    "command, why",
    [
        (spawn_command("polygon", (300, 300), sides=2), "3 to 12 sides"),
        (spawn_command("polygon", (300, 300), sides=13), "3 to 12 sides"),
        (spawn_command("box", (300, 300), size=1), "size from"),
        (spawn_command("circle", (300, 300), size=1000), "size from"),
        (spawn_command("box", (1e6, 300)), "too far"),
    ],
)
def test_bad_spawns_are_refused(command, why):
    world = zero_g_world()
    before = state(world)
    result = apply(world, command)
    assert not result.ok and why in result.reason and state(world) == before


def test_spawn_and_draw_stop_at_the_body_cap(monkeypatch):
    """Once the world holds scenes.limits.MAX_BODIES bodies, spawn and draw are refused."""
    monkeypatch.setattr(editor.limits, "MAX_BODIES", 4)
    world = zero_g_world()
    assert apply(world, spawn_command("box", (100, 600))).ok
    assert apply(world, spawn_command("box", (200, 600))).ok
    before = state(world)
    for command in (spawn_command("box", (300, 600)), draw_command([(1, 1), (9, 1), (5, 9)])):
        result = apply(world, command)
        assert not result.ok and "4 bodies" in result.reason
    assert state(world) == before


def test_delete_by_point_and_name_and_the_walls_stay():
    world = SCENES["stack"].world(0)
    choice = opening(SCENES["stack"], world)  # column 1 against column 0
    n = len(world.bodies)
    result = apply(world, delete_command(at=(150, 665)))  # column 0, at its centre
    assert result.ok and result.body == "column 0" and len(world.bodies) == n - 1
    choice = without(choice, result.deleted)
    result = apply(world, delete_command(name="player"))
    assert result.ok and world.controlled is None
    choice = without(choice, result.deleted)
    for command in (delete_command(at=(430, 705)), delete_command(name="floor")):
        result = apply(world, command)
        assert not result.ok and "wall of the scene" in result.reason
    result = apply(world, delete_command(at=(430, 300)))
    assert not result.ok and "no body at (430, 300)" in result.reason
    assert "no body called" in apply(world, delete_command(name="column 0")).reason
    # the pair on show kept, renumbered: A is column 1 still, B (column 0) is gone
    assert choice == PairChoice(world.index("column 1"), None)


def test_a_drawn_static_body_can_be_deleted():
    world = zero_g_world()
    assert apply(world, draw_command([(300, 200), (360, 200), (360, 260), (300, 260)])).ok
    assert world.bodies[-1].static
    assert apply(world, delete_command(at=(330, 230))).body == "drawn 1"


def test_deleting_what_holds_a_sleeping_column_wakes_it():
    """The column sleeps after 3 s; its lowest box deleted, the rest fall."""
    world = SCENES["stack"].world(0)
    for _ in range(180):
        world.step(1 / 60)
    assert world.sleeping[world.index("column 5")]
    y = world.position[world.index("column 5"), 1]
    assert apply(world, delete_command(name="column 0")).ok
    for _ in range(20):
        world.step(1 / 60)
    assert world.position[world.index("column 5"), 1] > y + 5


# -- the world stays valid -------------------------------------------------------------------

EDITS = [
    spawn_command("box", (300, 250)),
    draw_command(
        [
            (500, 200),
            (600, 200),
            (600, 280),
            (570, 280),
            (570, 230),
            (530, 230),
            (530, 280),
            (500, 280),
        ]
    ),
    spawn_command("circle", (420, 200), size=18),
    delete_command(at=(150, 605)),
]


@pytest.mark.parametrize("scene", ["stack", "gravity", "classic", "concave", "tunnelling"])
def test_stepping_after_edits_is_valid_and_deterministic(scene):
    """The same edits between steps of two worlds: the same state, bit for bit, no NaN,
    nothing escaped; and a world rebuilt from scratch with the edited bodies steps alike
    (no cache keyed by the old body list survives an edit)."""
    runs = []
    for _ in range(2):
        world = SCENES[scene].world(0)
        for command in EDITS:
            for _ in range(10):
                world.step(1 / 60)
            apply(world, command)
        for _ in range(60):
            world.step(1 / 60)
        assert np.isfinite(world.position).all() and not world.escaped()
        runs.append(state(world))
    assert runs[0] == runs[1]


def test_an_edit_rebuilds_the_caches_for_the_new_body_list():
    """After a spawn in a stepped pile, every per-body array has one more row and the
    contact caches are dropped (found again by the next step)."""
    world = SCENES["pile"].world(0)
    for _ in range(5):
        world.step(1 / 60)
    n = len(world.bodies)
    assert apply(world, spawn_command("polygon", (430, 300), sides=6)).ok
    for name in ("position", "velocity", "omega", "inv_mass", "sleeping", "sleep_timer", "extent"):
        assert len(getattr(world, name)) == n + 1, name
    assert world.contact_set is None and world.colour_cache is None
    world.step(1 / 60)
    assert world.contact_set is not None


# -- undo and redo ----------------------------------------------------------------------------


@pytest.mark.parametrize("scene", ["stack", "classic", "concave"])
def test_undo_restores_the_world_bit_for_bit_and_redo_reapplies(scene):
    """Each edit after 20 steps, then undo: the dump (and SAT report on show) is the one
    before the edit, and 30 more steps give what 30 steps from there give; redo gives the
    edited world again, bit for bit."""
    start = SCENES[scene].world(0)
    start_history = EditHistory()
    assert start_history.apply(start, EDITS[1]).ok  # a drawn body for the vertex move
    for _ in range(20):
        start.step(1 / 60)
    reference = SCENES[scene].world(0)  # built and stepped apart: 50 steps in all
    EditHistory().apply(reference, EDITS[1])
    for _ in range(50):
        reference.step(1 / 60)
    expected = state(reference)
    for command in EDITS + [move_vertex_command("drawn 1", 1, (640, 190))]:
        # each edit from its own copy of the world 20 steps in (one run of those steps)
        world, history = copy.deepcopy((start, start_history))
        before = state(world)
        result = history.apply(world, command)
        if not result.ok:
            continue
        edited = state(world)
        assert history.apply(world, {"op": "undo"}).ok
        assert state(world) == before
        assert history.apply(world, {"op": "redo"}).ok
        assert state(world) == edited
        assert history.apply(world, {"op": "undo"}).ok
        for _ in range(30):
            world.step(1 / 60)
        assert state(world) == expected


def test_undo_and_redo_with_nothing_to_undo_are_refused():
    world, history = zero_g_world(), EditHistory()
    assert history.apply(world, {"op": "undo"}).reason == "nothing to undo"
    assert history.apply(world, {"op": "redo"}).reason == "nothing to redo"
    assert "EditHistory" in apply(world, {"op": "undo"}).reason


def test_a_new_edit_drops_what_was_undone():
    world, history = zero_g_world(), EditHistory()
    history.apply(world, spawn_command("box", (100, 600)))
    history.apply(world, {"op": "undo"})
    history.apply(world, spawn_command("circle", (200, 600)))
    assert history.apply(world, {"op": "redo"}).reason == "nothing to redo"


# -- commands as data, and --edit -------------------------------------------------------------


def test_commands_are_json_data_that_round_trips():
    """Every command helper gives plain JSON data that check_command accepts unchanged."""
    for command in (
        draw_command([(1, 2), (3, 4), (5, 7)]),
        move_vertex_command("A", 2, (1.5, 2.5)),
        spawn_command("polygon", (1, 2), sides=6, size=20),
        delete_command(at=(1, 2)),
        delete_command(name="A"),
        {"op": "undo"},
    ):
        assert check_command(json.loads(json.dumps(command))) == command


@pytest.mark.parametrize(
    "text, why",
    [
        ("x:{}", "STEP:JSON"),
        ("0:[1]", "JSON object"),
        ("0:{", "not a JSON object"),
        ('0:{"op": "fly"}', "op must be one of"),
        ('0:{"op": "spawn", "kind": "box"}', "needs the field 'at'"),
        ('0:{"op": "spawn", "kind": "cone", "at": [1, 2]}', "kind must be"),
        ('0:{"op": "spawn", "kind": "box", "at": [1, NaN]}', "not a JSON object"),
        ('0:{"op": "spawn", "kind": "box", "at": [1, 2], "colour": 1}', "unknown field"),
        ('0:{"op": "delete"}', "either at"),
        ('0:{"op": "draw", "points": [[1, 2], [3]]}', "points[1]"),
        ('0:{"op": "move_vertex", "body": "A", "vertex": -1, "to": [1, 2]}', "vertex"),
        ('0:{"op": "spawn", "kind": "box", "at": [1, 2], "sides": 4}', "sides is for"),
        ("9" * 5000 + ':{"op": "undo"}', "STEP:JSON"),
        ('\u00b2:{"op": "undo"}', "STEP:JSON"),
        ('0:{"op": "spawn", "kind": "box", "at": [1, ' + "9" * 400 + "]}", "finite numbers"),
        ('0:{"op": "spawn", "kind": "box", "at": [1, 2], "size": ' + "9" * 400 + "}", "size"),
        ('0:{"op": "undo"}' + "]" * 3, "not a JSON object"),
        ("0:" + "[" * 100_000 + "]" * 100_000, "too long"),
    ],
)
def test_malformed_edits_are_edit_errors(text, why):
    with pytest.raises(EditError, match=None) as caught:
        parse_edit(text)
    assert why in str(caught.value)


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    return status, capsys.readouterr().err


@pytest.mark.parametrize(
    "edit, why",
    [
        ('0:{"op": "fly"}', "op must be one of"),
        ("zero:{}", "STEP:JSON"),
        ('3:{"op": "delete", "at": [430, 300]}', "refused at step 3: there is no body"),
        ('0:{"op": "undo"}', "nothing to undo"),
        ('0:{"op": "draw", "points": [[0, 0], [9, 9], [9, 0], [0, 9]]}', "crosses itself"),
        ('6:{"op": "spawn", "kind": "box", "at": [400, 300]}', "the run has 5 steps"),
    ],
)
def test_bad_or_refused_edits_are_one_line_and_exit_2(capsys, tmp_path, edit, why):
    out = tmp_path / "s.json"
    status, err = run(
        capsys, "--headless", "--frames", 5, "--scene", "stack", "--edit", edit, "--dump-state", out
    )
    assert status == 2 and err.count("\n") == 1 and why in err, err
    assert not out.exists()


def test_edit_needs_headless(capsys):
    status, err = run(capsys, "--edit", '0:{"op": "undo"}')
    assert status == 2 and "--headless" in err


@pytest.mark.parametrize("record", [False, True])
def test_edit_option_drives_the_editor_headless(capsys, tmp_path, record):
    """--edit at steps 0, 5 and 10: the dump holds the spawned and drawn bodies and not
    the deleted one, and matches the editor applied by hand between steps. With --record,
    the recording holds each edit as an `edit` line at its step, and its replay (a
    subprocess, as a user runs it) ends in the very state of the run that recorded it."""
    rec, out = tmp_path / "r.jsonl", tmp_path / "s.json"
    commands = {0: EDITS[0], 5: EDITS[1], 10: delete_command(name="falling 3")}
    argv = ["--headless", "--frames", 30, "--scene", "gravity", "--dump-state", out]
    argv += ["--record", rec] if record else []
    for step, command in commands.items():
        argv += ["--edit", f"{step}:{json.dumps(command)}"]
    status, err = run(capsys, *argv)
    assert status == 0, err
    dumped = json.loads(out.read_text())
    world = SCENES["gravity"].world(0)
    for step in range(30):
        if step in commands:
            assert apply(world, commands[step]).ok
        world.step(1 / 60)
    assert dumped["bodies"] == json.loads(json.dumps(world_dump(world)))["bodies"]
    assert "falling 3" not in [b["name"] for b in dumped["bodies"]]
    if record:
        lines = [json.loads(line) for line in rec.read_text().splitlines()]
        edits = [line for line in lines if line.get("ui") == "edit"]
        assert [(e["step"], e["value"]) for e in edits] == list(commands.items())
        assert replayed(rec, tmp_path) == dumped


def test_a_refused_edit_while_recording_writes_no_recording(capsys, tmp_path):
    rec = tmp_path / "r.jsonl"
    argv = ["--headless", "--frames", 5, "--scene", "stack", "--record", rec]
    status, err = run(capsys, *argv, "--edit", '0:{"op": "undo"}')
    assert status == 2 and err.count("\n") == 1 and "nothing to undo" in err, err
    assert not rec.exists()


def test_an_edited_world_saves_and_loads_as_it_stands(capsys, tmp_path):
    """--edit then --save-scene: the saved file's world at tick 0 is the edited run's last."""
    saved, out, again = tmp_path / "e.toml", tmp_path / "e.json", tmp_path / "again.json"
    argv = ["--headless", "--frames", 20, "--scene", "concave", "--dump-state", out]
    argv += ["--save-scene", saved, "--edit", f"4:{json.dumps(EDITS[1])}"]
    assert run(capsys, *argv)[0] == 0
    assert run(capsys, "--headless", "--frames", 0, "--scene", saved, "--dump-state", again)[0] == 0
    assert json.loads(again.read_text())["bodies"] == json.loads(out.read_text())["bodies"]


JSON = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**30), 10**30),
        st.floats(allow_nan=False, allow_infinity=False),
        st.sampled_from([0, 1, 3, 12, 13, 400.5, -1e6, 1e-9, 300, 400]),
        st.text(max_size=6),
        st.sampled_from(["box", "polygon", "circle", "A", "B", "triangle", "polygon"]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)
FIELDS = st.sampled_from(
    ["op", "points", "body", "vertex", "to", "kind", "at", "sides", "size", "name", "static"]
)
OPS_ = st.sampled_from(list(edit_commands.OPS))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    OPS_,
    st.dictionaries(FIELDS, JSON, max_size=5),
    st.lists(st.tuples(st.floats(0, 860), st.floats(0, 720)), max_size=8),
)
def test_fuzzed_commands_are_done_refused_or_edit_errors(op, fields, points):
    """Any JSON data as a command: an EditError (malformed), a refusal that leaves the
    world as it was, or an edit after which the world steps on with finite numbers."""
    world = zero_g_world()
    command = {**fields, "op": op}
    if op == "draw" and "points" not in fields:
        command["points"] = [list(p) for p in points]
    history = EditHistory()
    before = state(world)
    try:
        result = history.apply(world, command)
    except EditError:
        assert state(world) == before
        return
    if not result.ok:
        assert result.reason and state(world) == before
        return
    world.step(1 / 60)
    assert np.isfinite(world.position).all() and np.isfinite(world.velocity).all()
    assert history.apply(world, {"op": "undo"}).ok and state(world) == before


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.text(max_size=40))
def test_fuzzed_edit_text_parses_or_is_an_edit_error(text):
    for whole in (text, "0:" + text, "3:{" + text):
        try:
            step, command = parse_edit(whole)
        except EditError:
            continue
        assert step >= 0 and check_command(command) == command
