"""Issue 21's bugs, each with a test that failed before its fix."""

import json

import numpy as np
from driving import advance, draw_session, frame_model, open_session, press, world_point

from sandbox.app.cli import main
from sandbox.scenes.registry import SCENES


def test_reversing_gravity_wakes_sleeping_bodies():
    """`--scene gravity`: by step 400 every body sleeps on the floor; G then sends them
    all up to the ceiling (each rises more than 100 px), and G again brings them down.
    Before the fix the sleeping bodies never moved."""
    session = open_session(SCENES["gravity"])
    world = session.world
    moving = ~world.static
    for _ in range(400):
        advance(session, frozenset())
    assert world.sleeping[moving].all()
    floor = world.position[moving, 1].copy()
    press(session, "g")
    assert not world.sleeping.any()
    for _ in range(300):
        advance(session, frozenset())
    ceiling = world.position[moving, 1].copy()
    assert (floor - ceiling > 100).all(), floor - ceiling
    press(session, "g")
    for _ in range(300):
        advance(session, frozenset())
    assert (world.position[moving, 1] - ceiling > 100).all()


def test_the_issues_command_sends_them_up(tmp_path):
    """The issue's command line: at step 700, 300 steps after G, none is at rest on the
    floor (y grows downward: each body is far above where it lay)."""
    out = tmp_path / "s.json"
    argv = ["--headless", "--scene", "gravity", "--frames", "700", "--hold", "g:400-400"]
    assert main([*argv, "--dump-state", str(out)]) == 0
    bodies = [b for b in json.loads(out.read_text())["bodies"] if not b["static"]]
    assert max(b["position"][1] for b in bodies) < 400
    assert np.isfinite([b["position"] for b in bodies]).all()


def test_a_headless_script_waits_while_paused(tmp_path):
    """Ticks ran on while "PAUSED" headless. Now a paused script's steps pass with the
    world waiting, as in a window: P at 10, P again at 40 -> 10 + 10 steps of the 50."""
    out = tmp_path / "s.json"
    argv = ["--headless", "--frames", "50", "--hold", "p:10-10", "--hold", "p:40-40"]
    assert main([*argv, "--dump-state", str(out)]) == 0
    assert json.loads(out.read_text())["tick"] == 10 + 10


def test_a_headless_step_through_stays_open(tmp_path):
    """`--hold a:5-5` opens the step-through headless and it stays open (it pauses: the
    world waits at tick 5), and `.` walks on, as in a window (the same keys in a session)."""
    argv = ["--headless", "--scene", "six-axes", "--frames", "20", "--hold", "a:5-5"]
    argv += ["--hold", ".:6-6", "--hold", ".:7-7"]
    state = tmp_path / "s.json"
    assert main([*argv, "--dump-state", str(state)]) == 0
    assert json.loads(state.read_text())["tick"] == 5
    session = open_session(SCENES["six-axes"])
    for _ in range(5):
        advance(session, frozenset())
    for key in ("a", ".", "."):
        press(session, key)
    assert session.walk == 2 and session.paused


def test_a_message_about_the_last_scene_goes_with_it():
    """'speed 1/2x', said in one scene, is gone once another opens (whose speed is 1x)."""
    session = open_session(SCENES["classic"])
    press(session, "s")
    assert session.message == "speed 1/2x"
    press(session, "2")
    assert session.message is None and frame_model(session, None).speed_label == "1x"


def test_keys_that_do_nothing_here_say_so():
    """F, Y, J and L in the classic scene each say where they work; nothing changes."""
    session = open_session(SCENES["classic"])
    before = session.world.position.copy()
    said = {}
    for key in ("f", "y", "j", "l"):
        session.message = None
        press(session, key)
        said[key] = session.message
    assert said["f"].startswith("F: this scene has no switch")
    assert said["y"] == "Y restarts the broad-phase scene only"
    assert said["j"] == said["l"] == "J and L turn the view in the 3D scene only"
    assert (session.world.position == before).all()
    broad = open_session(SCENES["broad-phase"])
    press(broad, "y")
    assert broad.message == "restarted overlapping"  # short enough never to be cut


def test_the_mtv_row_says_none_when_apart():
    """Apart, the MTV row says so instead of '(0.00000, 0.00000)'; colliding, the numbers."""
    import pygame

    session = open_session(SCENES["classic"])
    texts = [t.text for t in draw_session(pygame.Surface((1280, 720)), session).texts]
    assert "MTV: none (apart)" in texts and not any(t.startswith("MTV (") for t in texts)
    session = open_session(SCENES["squares"])  # they start overlapping
    mx, my = session.step_record.shown.report.mtv
    texts = [t.text for t in draw_session(pygame.Surface((1280, 720)), session).texts]
    assert abs(mx) >= 0.05 and abs(my) >= 0.05  # so one decimal each (issue 34, item 6)
    assert f"MTV ({mx:.1f}, {my:.1f})" in texts


def test_zero_depth_has_one_name_and_a_tiny_gap_is_not_zero():
    """Touching (depth 0) reads 'touching' in the narration and at the step-through's
    verdict; a gap of 0.004 px reads 0.0040 (two significant digits, issue 41's one rule
    for numbers), never 'a gap of 0.0'."""
    from sandbox.core.geometry import Polygon
    from sandbox.core.pair import sat
    from sandbox.core.walk import walkthrough
    from sandbox.physics.records import explain
    from sandbox.render.hud import _pair_words
    from sandbox.render.walk import step_words
    from sandbox.render.words import amount

    a = Polygon.box(20, 20, position=(0, 0))
    touching = Polygon.box(20, 20, position=(20, 0))  # edge to edge: depth 0
    apart = Polygon.box(20, 20, position=(20.004, 0))
    report = sat(a, touching, all_axes=True)
    assert report.colliding and report.depth == 0
    assert _pair_words(report)[0].startswith("Touching")
    steps = walkthrough(report)
    words, _ = step_words(steps, len(steps) - 1, None)
    assert "touching, nothing to push" in words and "colliding" not in words
    far = sat(a, apart, all_axes=True)
    assert not far.colliding
    assert "a gap of 0.0040," in _pair_words(far)[0]
    assert amount(-0.004) == "0.0040" and amount(0.0) == "0.0" and amount(24.6) == "24.6"
    shown = explain(0, 1, a, apart)
    assert shown.report.separating is not None


def test_an_mtv_scene_says_its_report_is_from_before_the_push():
    """Holding Right in classic, the report (depth > 0) is of the pose SAT tested, before
    the MTV pushed the triangle out, and the drawn shapes no longer overlap (shapely): the
    narration says 'Before the push', and the ghost outlines show that pose."""
    import shapely

    from sandbox.render.pair_words import narration

    session = open_session(SCENES["classic"])
    for _ in range(45):
        advance(session, frozenset({"right"}))
    shown = session.step_record.shown
    assert shown.report.depth > 0.5
    world = session.world
    drawn = [shapely.Polygon(np.asarray(world.shape(i).vertices)) for i in (shown.a, shown.b)]
    assert drawn[0].intersection(drawn[1]).area < 1e-6
    words, _ = narration(world, session.step_record)
    assert words.startswith("Before the push: colliding")


def test_the_hud_off_gives_the_world_its_room():
    """U (HUD off) left empty bands; now the narration and status bands take no room:
    the scene is the left column's full height above the toolbar (which stays: it is the
    controls), the world drawn larger, and a pixel maps back to the same world point the
    frame drew there."""
    import pygame

    from sandbox.render.layout import compute_layout
    from sandbox.render.theme import THEMES

    size = (1280, 720)
    on = compute_layout(size, THEMES["dark"], toolbar=True)
    off = compute_layout(size, THEMES["dark"], hud=False, toolbar=True)
    toolbar_top = off.toolbar[1]
    assert 0 < off.toolbar[3] == 720 - toolbar_top < 60
    assert off.scene[1] == 0 and off.scene[3] == toolbar_top
    assert off.narration[3] == off.status[3] == 0
    assert off.scale > on.scale
    session = open_session(SCENES["classic"])
    press(session, "u")
    report = draw_session(pygame.Surface(size), session)
    assert not [t for t in report.texts if t.where in ("narration", "status")]
    x, y = 300.0, 400.0
    pixel = (x * off.scale + off.origin[0], y * off.scale + off.origin[1])
    assert np.allclose(world_point(session, size, pixel), (x, y))


def test_the_minkowski_arrow_points_as_the_mtv_and_keeps_off_the_pair():
    """Issue 21: the inset's arrow pointed opposite to the scene's MTV. It now runs from
    the nearest edge point of A − B to the origin, the MTV's direction (checked against
    the report's MTV: the same direction); and the inset takes the corner of the scene
    that covers the least of the pair on show."""
    import pygame

    session = open_session(SCENES["classic"], theme="projector")
    for key in ("d", "m"):  # the inset on, the push off: the triangle goes in
        press(session, key)
    for _ in range(50):
        advance(session, frozenset({"right"}))
    report = draw_session(pygame.Surface((1024, 768)), session)
    ((tail, head),) = [points for what, points in report.marks if what == "minkowski mtv"]
    drawn = np.subtract(head, tail)
    mtv = np.asarray(session.step_record.shown.report.mtv)
    cos = float(np.sum(drawn * mtv)) / (np.hypot(*drawn) * np.hypot(*mtv))
    assert cos > 0.999  # the same direction, not the reverse
    from sandbox.render.minkowski import _corner

    scene = pygame.Rect(0, 100, 600, 500)
    assert _corner(scene, 200, []) == pygame.Rect(400, 100, 200, 200)  # top right if clear
    pair = [pygame.Rect(450, 150, 100, 100)]  # in the top right: the top left is taken
    assert _corner(scene, 200, pair) == pygame.Rect(0, 100, 200, 200)


def test_the_3d_scene_draws_and_labels_the_edges_its_axis_names():
    """Issue 21: the 3D view named 'A e8 x B e1' with no edge labelled. The two edges are
    drawn thick and labelled, and their directions' cross product is the deciding axis
    (numpy's cross, independent of the renderer)."""
    import pygame

    session = open_session(SCENES["sat-3d"])
    report = session.space.report()
    axis = report.separating
    assert axis.feature == "edge x edge"
    i, j = axis.feature_index
    frame = draw_session(pygame.Surface((1280, 720)), session)
    texts = {t.text for t in frame.texts}
    assert {f"A e{i}", f"B e{j}"} <= texts
    assert {f"3d edge A e{i}", f"3d edge B e{j}"} <= {what for what, _ in frame.marks}
    a, b = session.space.shapes()

    def direction(shape, k):
        p, q = shape.edges[k]
        return np.asarray(shape.vertices[q]) - np.asarray(shape.vertices[p])

    cross = np.cross(direction(a, i), direction(b, j))
    cross /= np.linalg.norm(cross)
    assert abs(abs(float(np.sum(cross * np.asarray(axis.axis)))) - 1) < 1e-9


def test_the_spin_scene_holds_at_its_moment_of_impact():
    """Issue 21: the spin impact lasted one frame at 1x and read 'nothing to push'. The
    scene pauses on the impact step and the narration gives the impulse's effect, which
    matches the bodies' change of velocity along the contact normal (measured here from
    the velocities before and after, not from the solver's impulses)."""
    import pygame

    from sandbox.render.pair_words import narration

    session = open_session(SCENES["spin"])
    world = session.world
    before = world.velocity.copy()
    while not session.paused:
        before = world.velocity.copy()
        advance(session, frozenset())
        assert world.tick < 60
    assert world.tick == 23 and session.message.startswith("impact: paused")
    shown = session.step_record.shown
    normal = np.asarray(shown.report.normal) if shown.report.depth else np.array([1.0, 0.0])
    change = sum(abs(float(np.sum((world.velocity[i] - before[i]) * normal))) for i in (0, 1))
    words, _ = narration(world, session.step_record, impact=session.impact)
    assert words.startswith("Impact:") and f"by {change:.0f} px/s" in words, (words, change)
    texts = [t.text for t in draw_session(pygame.Surface((1280, 720)), session).texts]
    assert any(t.startswith("Impact:") for t in texts)  # the frame says it too
    press(session, "space")  # goes on: no second hold
    for _ in range(60):
        advance(session, frozenset())
    assert not session.paused and world.tick == 83


def test_the_stack_shows_the_weight_passed_down():
    """Issue 21: the stack's 'contacts pass the weight down' never showed an arrow. The
    pair on show is now the column's two lowest boxes, and the impulse the renderer draws
    there (per step: the substep impulse x substeps) carries the weight of the nine boxes
    above: 9 m g dt, within 5 %."""
    import pygame

    session = open_session(SCENES["stack"])
    for _ in range(10):
        advance(session, frozenset())
    world = session.world
    shown = session.step_record.shown
    names = (world.bodies[shown.a].name, world.bodies[shown.b].name)
    assert names == ("column 1", "column 0")
    pair = {shown.a, shown.b}
    impulse = sum(sum(c.impulses) for c in session.step_record.contacts if {c.a, c.b} == pair)
    weight = 9 * world.bodies[shown.a].mass * 900 / 60
    assert abs(impulse * world.substeps / weight - 1) < 0.05
    frame = draw_session(pygame.Surface((1280, 720)), session)
    assert any(t.text.startswith("Resting contact") for t in frame.texts)
