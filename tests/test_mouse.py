"""The mouse: the grab spring against its closed form, direct drags in the tutorial
scenes, the wheel, clicks that pick the pair, and recordings that replay a mouse
session to the identical state. Expected values are derived in each docstring."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from driving import advance, mouse, open_session

from sandbox.app.cli import main
from sandbox.app.mouse_input import MouseEvent
from sandbox.core.geometry import Polygon
from sandbox.physics.body import Body
from sandbox.physics.mouse import HERTZ, MAX_ACCELERATION, grab_at, moved_to
from sandbox.physics.world import World
from sandbox.scenes.registry import SCENES

W0 = 2 * math.pi * HERTZ  # the spring's angular frequency
DT = 1 / 60


def lone_box(width=40.0, height=20.0):
    """One 40 x 20 box (mass 800) at (300, 300) under gravity, nothing else."""
    box = Body("box", Polygon.box(width, height, position=(300, 300)))
    return World([box], gravity=(0, 900), sleep=False)


def test_one_step_of_the_spring_is_k_x_dt_over_m():
    """At rest, held at its centre, pointer 10 px to the right: F = m w0^2 10, so
    v_x = w0^2 x 10 x dt = 164.49 px/s after one step (gravity acts along y only)."""
    world = lone_box()
    world.grab = moved_to(grab_at(world, 0, (300, 300)), (310, 300))
    world.step(DT)
    assert world.velocity[0, 0] == pytest.approx(W0 * W0 * 10 * DT, rel=1e-12)
    assert world.omega[0] == pytest.approx(0.0, abs=1e-12)


def test_the_spring_force_is_bounded_by_twenty_g():
    """Pointer 10,000 px away: the force is capped at m x 20 g, a velocity change of
    18,000 px/s^2 x dt = 300 px/s along the pull."""
    world = lone_box()
    world.grab = moved_to(grab_at(world, 0, (300, 300)), (10300, 300))
    world.step(DT)
    assert world.velocity[0, 0] == pytest.approx(MAX_ACCELERATION * DT, rel=1e-12)


def test_an_off_centre_grab_turns_the_body():
    """Held 10 px above the centre (r = (0, -10)), pulled 10 px right: F = (m w0^2 10, 0),
    torque r x F = 10 m w0^2 10, I = m (40^2 + 20^2) / 12, so
    omega = 100 w0^2 dt x 12 / 2000 after one step (positive: clockwise on screen)."""
    world = lone_box()
    world.grab = moved_to(grab_at(world, 0, (300, 290)), (310, 290))
    world.step(DT)
    assert world.omega[0] == pytest.approx(100 * W0 * W0 * DT * 12 / 2000, rel=1e-9)


def test_a_held_body_hangs_below_the_pointer_as_the_integrator_says():
    """At rest the spring carries the weight. The pull acts once a step, gravity in each
    of the N = 6 substeps (h = dt / N), so the held point does not stand still within
    the step: it starts each step moving down at v0 = g dt (N - 1) / (2 N) = 6.25 px/s
    (then the positions of the substeps sum to no motion), and the damper takes c v0 of
    the weight: k s = m g - c v0, s = (g - 2 zeta w0 v0) / w0^2 = 0.633 px. (A
    continuous spring would hang at g / w0^2 = 0.912 px.)"""
    from sandbox.physics.mouse import DAMPING_RATIO

    world = lone_box()
    world.grab = grab_at(world, 0, (300, 300))
    for _ in range(600):
        world.step(DT)
    n = world.substeps
    v0 = 900 * DT * (n - 1) / (2 * n)
    sag = world.centres()[0, 1] - 300
    assert sag == pytest.approx((900 - 2 * DAMPING_RATIO * W0 * v0) / W0**2, rel=1e-6)
    assert abs(world.centres()[0, 0] - 300) < 1e-9
    assert world.velocity[0, 1] == pytest.approx(v0, rel=1e-6)


def test_letting_go_throws_the_body_with_its_velocity():
    """Released while moving, the body keeps its velocity: the next step only adds g dt."""
    world = lone_box()
    world.grab = moved_to(grab_at(world, 0, (300, 300)), (400, 250))
    for _ in range(5):
        world.step(DT)
    world.grab = None
    before = world.velocity[0].copy()
    world.step(DT)
    np.testing.assert_allclose(world.velocity[0], before + [0.0, 900 * DT], atol=1e-9)


def test_a_direct_drag_in_a_tutorial_scene_reaches_the_pointer_or_slides_by_the_mtv():
    """classic (no gravity): the triangle, dragged by its centre to a free spot 144 px
    away, moves at most 3000 px/s (50 px a step) and is exactly there after 3 steps;
    dragged into the polygon, the MTV leaves them touching."""
    session = open_session(SCENES["classic"])
    world = session.world
    start = tuple(world.centres()[world.index("triangle")])
    mouse(session, MouseEvent("press", *start))
    mouse(session, MouseEvent("move", 150.0, 300.0))
    advance(session, frozenset())
    moved = np.hypot(*(world.centres()[world.index("triangle")] - start))
    assert moved == pytest.approx(50.0)
    advance(session, frozenset())
    advance(session, frozenset())
    assert tuple(world.centres()[world.index("triangle")]) == pytest.approx((150.0, 300.0))
    polygon_centre = tuple(world.centres()[world.index("polygon")])
    mouse(session, MouseEvent("move", *polygon_centre))
    for _ in range(5):
        advance(session, frozenset())
    from sandbox.core.pair import sat

    # The step's record shows the overlap before the push (at most 50 px, one step's
    # travel); after the push the two at most touch.
    assert 0 < session.step_record.shown.report.depth <= 50.0 + 1e-9
    now = sat(world.shape(world.index("triangle")), world.shape(world.index("polygon")))
    assert now.depth < 1e-6
    mouse(session, MouseEvent("release", *polygon_centre))
    assert world.grab is None and session.hand is None


@pytest.mark.parametrize("scene, per_notch", [("stack", "omega"), ("classic", "angle")])
def test_the_wheel_turns_the_held_body(scene, per_notch):
    """Under gravity a notch adds 2 rad/s of spin; without, it turns the shape 0.1 rad."""
    session = open_session(SCENES[scene])
    world = session.world
    i = world.index("player" if scene == "stack" else "triangle")
    mouse(session, MouseEvent("press", *world.centres()[i]))
    before = (float(world.omega[i]), float(world.angle[i]))
    mouse(session, MouseEvent("wheel", notches=3))
    if per_notch == "omega":
        assert world.omega[i] == pytest.approx(before[0] + 6.0)
    else:
        assert world.angle[i] == pytest.approx(before[1] + 0.3)


def test_clicks_pick_the_pair_on_show():
    """stack (A: column 1 on column 0): a click on column 5 makes it B; a shift-click on
    column 3 makes it A."""
    session = open_session(SCENES["stack"])
    world = session.world

    def shown():
        s = session.step_record.shown
        return world.bodies[s.a].name, world.bodies[s.b].name

    five = tuple(world.centres()[world.index("column 5")])
    mouse(session, MouseEvent("press", *five))
    mouse(session, MouseEvent("release", *five))
    assert shown() == ("column 1", "column 5")
    three = tuple(world.centres()[world.index("column 3")])
    mouse(session, MouseEvent("press", *three, shift=True))
    mouse(session, MouseEvent("release", *three))
    assert shown() == ("column 3", "column 5")
    assert world.grab is None  # a shift-press picks, it does not grab


def test_a_recorded_drag_replays_to_the_identical_state(capsys, tmp_path):
    """--drag through the top box of the column, recorded; the replay's state is equal
    to the live run's, key by key, and the drag did move the box."""
    live, replayed, rec = tmp_path / "live.json", tmp_path / "replay.json", tmp_path / "r.jsonl"
    args = ["--headless", "--scene", "stack", "--frames", "90"]
    drag = ["--drag", "150,400:420,250:5-60", "--click", "150,665:70", "--hold", "left:62-80"]
    assert main([*args, *drag, "--record", str(rec), "--dump-state", str(live)]) == 0
    assert main(["--headless", "--replay", str(rec), "--dump-state", str(replayed)]) == 0
    a, b = json.loads(live.read_text()), json.loads(replayed.read_text())
    assert a == b
    top = next(body for body in a["bodies"] if body["name"] == "column 9")
    assert top["position"][1] < 600  # thrown up and out of the column
    assert a["sat"]["b"] == "column 0"  # the click picked B
    lines = [json.loads(line) for line in rec.read_text().splitlines()]
    kinds = [line.get("mouse") for line in lines if "mouse" in line]
    assert kinds.count("press") == 2 and kinds.count("release") == 2 and "move" in kinds


@pytest.mark.parametrize(
    "line, words",
    [
        ({"step": 1, "mouse": "jump", "x": 1, "y": 2}, "mouse must be press"),
        ({"step": 1, "mouse": "move", "x": "a", "y": 2}, "x must be a number"),
        ({"step": 1, "mouse": "move", "x": 1e300, "y": 2}, "x must be a finite number"),
        ({"step": 1, "mouse": "press", "x": 1, "y": 2}, "exactly the fields"),
        ({"step": 1, "mouse": "press", "x": 1, "y": 2, "shift": 1}, "shift must be true"),
        ({"step": 1, "mouse": "wheel", "notches": 1.5}, "notches must be a whole number"),
        ({"step": 1, "mouse": "wheel", "notches": 10**6}, "notches must be at most"),
    ],
)
def test_bad_mouse_lines_in_a_replay_give_one_clear_line(capsys, tmp_path, line, words):
    path = tmp_path / "bad.jsonl"
    header = {"format": "sat-sandbox-replay", "version": 1, "scene": "classic", "seed": 0}
    header["theme"] = "dark"
    path.write_text("\n".join(json.dumps(x) for x in (header, line, {"end": 5})) + "\n")
    status = main(["--headless", "--replay", str(path)])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


@pytest.mark.parametrize(
    "option, value, words",
    [
        ("--drag", "1,2:3,4:9-9", "FIRST < LAST"),
        ("--drag", "1,2:3:4-9", "--drag wants X0,Y0:X1,Y1:FIRST-LAST"),
        ("--click", "1,2", "--click wants X,Y:STEP"),
        ("--shift-click", "a,b:3", "--shift-click wants X,Y:STEP"),
    ],
)
def test_bad_scripted_mouse_options_give_one_clear_line(capsys, option, value, words):
    status = main(["--headless", "--frames", "3", option, value])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and words in err


def _wheel_world(gravity, rigid=None, **body):
    box = Body("box", Polygon.box(40, 20, position=(300, 300)), **body)
    return World([box], gravity=gravity, rigid=rigid, sleep=False)


@pytest.mark.parametrize("gravity", [(0.0, 900.0), (1.0, 0.0), (0.0, 1.0)])
def test_the_wheel_adds_spin_to_a_rigid_body_and_wakes_it(gravity):
    """Under any gravity (even 1 px/s^2 along x or along y), 3 notches add 3 x 2 rad/s
    to the spin it had (1 rad/s): 7 rad/s; the body wakes (sleeping False, its timer 0)
    and is not turned directly (angle unchanged)."""
    from sandbox.physics.mouse import TURN_PER_NOTCH, turn

    world = _wheel_world(gravity, rigid=True)
    world.omega[0] = 1.0
    world.sleeping[0], world.sleep_timer[0] = True, 0.4
    angle = float(world.angle[0])
    turn(world, grab_at(world, 0, (300, 300)), 3)
    assert TURN_PER_NOTCH == 2.0
    assert world.omega[0] == 7.0
    assert not world.sleeping[0]
    assert world.sleep_timer[0] == 0.0 and world.angle[0] == angle


@pytest.mark.parametrize(
    "gravity,rigid",
    [((0.0, 0.0), None), ((0.0, 900.0), False), ((0.0, 0.0), True)],
    ids=["an MTV world", "an MTV world under gravity", "a rigid world without gravity"],
)
def test_the_wheel_turns_the_shape_directly_unless_rigid_under_gravity(gravity, rigid):
    """Spin needs both a rigid world and gravity; otherwise (no gravity, or an MTV world)
    2 notches turn the body by 2 x 0.1 rad at once (0.5 -> 0.7) and its spin stays 0."""
    from sandbox.physics.mouse import turn

    world = _wheel_world(gravity, rigid=rigid)
    world.angle[0] = 0.5
    turn(world, grab_at(world, 0, (300, 300)), 2)
    assert world.angle[0] == pytest.approx(0.7, abs=1e-15) and world.omega[0] == 0.0


def test_the_wheel_leaves_a_body_that_cannot_turn():
    """A body with fixed rotation (inverse inertia 0) and a static one: no spin, no turn."""
    from sandbox.physics.mouse import turn

    fixed = _wheel_world((0.0, 900.0), rigid=True, fixed_rotation=True)
    turn(fixed, grab_at(fixed, 0, (300, 300)), 5)
    assert fixed.inv_inertia[0] == 0.0 and fixed.omega[0] == 0.0
    static = _wheel_world((0.0, 900.0), rigid=True, static=True)
    turn(static, grab_at(static, 0, (300, 300)), 5)
    assert static.omega[0] == 0.0 and static.angle[0] == 0.0
