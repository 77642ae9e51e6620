"""Rigid bodies (issue 7): rotation from contact points, manifolds, stacks, sleeping.

Expected values come from set-ups whose answer is known without the solver: a box
that lands must end flat (angle a multiple of 90 degrees) with its centre half its
height above the floor; momentum and angular momentum of a free pair are conserved
whatever the impulses; overlaps are measured by the per-pair `sat()`, which the step
never calls.
"""

import json
import math

import numpy as np
import pytest

from sandbox.app.cli import main
from sandbox.core.geometry import Circle, Polygon
from sandbox.core.manifold import circle_manifolds, circle_polygon_manifolds, polygon_manifolds
from sandbox.core.pair import sat
from sandbox.physics.body import Body, Steering
from sandbox.physics.colouring import colour_constraints
from sandbox.physics.world import World
from sandbox.scenes.registry import SCENES, load_scene

STEP = 1 / 60
FLOOR_TOP = 680.0


def floor(width=1600.0, x=400.0):
    return Body("floor", Polygon.box(width, 40, position=(x, FLOOR_TOP + 20)), static=True)


def run(world, ticks, steering=None):
    steering = steering or Steering()
    for _ in range(ticks):
        world.step(STEP, steering)
    return world


def square_angle_error(angle: float) -> float:
    """Distance of `angle` from the nearest multiple of 90 degrees (radians)."""
    quarter = math.pi / 2
    return abs((angle + quarter / 2) % quarter - quarter / 2)


def deepest_overlap(world) -> float:
    """The deepest overlap between any two bodies, by the per-pair SAT (independent)."""
    shapes = world.shapes()
    deepest = 0.0
    for i in range(len(shapes)):
        for j in range(i + 1, len(shapes)):
            if world.static[i] and world.static[j]:
                continue
            if not shapes[i].aabb().overlaps(shapes[j].aabb()):
                continue
            deepest = max(deepest, sat(shapes[i], shapes[j]).depth)
    return deepest


# -- manifolds ---------------------------------------------------------------------------


def _batch(polys):
    width = max(len(p) for p in polys)
    v = np.zeros((len(polys), width, 2))
    n = np.zeros((len(polys), width, 2))
    for i, p in enumerate(polys):
        k = len(p)
        v[i, :k], v[i, k:] = p.vertices, p.vertices[-1]
        n[i, :k], n[i, k:] = p.normals, p.normals[0]
    return v, n, np.array([len(p) for p in polys])


@pytest.mark.parametrize("flip", [False, True])
def test_box_resting_flat_on_a_box_gets_two_points_at_the_overlap_ends(flip):
    """A 40 box sunk 2 px into a wide box: two points at x = 380 and 420 (the clipped
    ends), each 2 px deep, normal straight up from the lower box; both argument orders."""
    lower = Polygon.box(200, 40, position=(400, 700))
    upper = Polygon.box(40, 40, position=(400, 662))
    a, b = (upper, lower) if flip else (lower, upper)
    va, na, ka = _batch([a])
    vb, nb, kb = _batch([b])
    m = polygon_manifolds(va, na, ka, vb, nb, kb, 1.0)
    assert m.count.tolist() == [2]
    assert sorted(m.points[0, :, 0].tolist()) == pytest.approx([380.0, 420.0])
    assert m.points[0, :, 1].tolist() == pytest.approx([681.0, 681.0])  # midway: 680..682
    assert m.separation[0].tolist() == pytest.approx([-2.0, -2.0])
    expected = (0.0, 1.0) if flip else (0.0, -1.0)  # from A toward B
    assert m.normal[0].tolist() == pytest.approx(expected)
    assert m.ids[0, 0] != m.ids[0, 1]


def test_tilted_box_touching_by_one_corner_gets_one_point_there():
    """Tilted 20 degrees, its lowest corner 1 px into the floor: one point, 1 px deep,
    at that corner (x from the rotation by hand); the far corner is beyond the margin."""
    ground = Polygon.box(400, 40, position=(400, 700))
    half = 20 * (math.cos(math.radians(20)) + math.sin(math.radians(20)))
    box = Polygon.box(40, 40, position=(400, 680 - half + 1), angle=math.radians(20))
    lowest = box.vertices[np.argmax(box.vertices[:, 1])]
    va, na, ka = _batch([ground])
    vb, nb, kb = _batch([box])
    m = polygon_manifolds(va, na, ka, vb, nb, kb, 1.0)
    assert m.count.tolist() == [1]
    assert m.separation[0, 0] == pytest.approx(-1.0)
    assert m.points[0, 0, 0] == pytest.approx(lowest[0])
    assert m.points[0, 0, 1] == pytest.approx(680.5)


def test_manifold_depth_equals_sat_depth_on_random_shallow_pairs():
    """For shallow overlaps the deepest manifold point is the SAT (MTV) depth and the
    normal is sat()'s normal reversed (ours runs A to B, sat's B to A)."""
    rng = np.random.default_rng(3)
    a_list, b_list = [], []
    for _ in range(300):
        a = Polygon.regular(int(rng.integers(3, 8)), 30, angle=rng.uniform(0, 6))
        b = Polygon.regular(int(rng.integers(3, 8)), 30, angle=rng.uniform(0, 6))
        direction = rng.uniform(0, 2 * math.pi)
        offset = (55 * math.cos(direction), 55 * math.sin(direction))
        a_list.append(a)
        b_list.append(b.placed(offset))
    va, na, ka = _batch(a_list)
    vb, nb, kb = _batch(b_list)
    m = polygon_manifolds(va, na, ka, vb, nb, kb, 0.0)
    checked = 0
    for i, (a, b) in enumerate(zip(a_list, b_list, strict=True)):
        report = sat(a, b)
        if not report.colliding or report.depth > 3.0:
            continue
        assert m.count[i] >= 1
        deepest = -m.separation[i, : m.count[i]].min()
        assert deepest == pytest.approx(report.depth, abs=1e-6)
        # the reference face may be either shape when two faces are equally good
        assert abs(m.normal[i] @ -np.asarray(report.normal)) > 0.999
        checked += 1
    assert checked > 20


def test_circle_manifolds_by_hand():
    """Circle on a box face, circle on a box corner, two circles: distances by hand."""
    box = Polygon.box(40, 40)
    v, n, k = _batch([box, box])
    centres = np.array([[0.0, -29.0], [30.0, -30.0]])
    m = circle_polygon_manifolds(v, n, k, centres, np.array([10.0, 10.0]), 5.0)
    assert m.separation[:, 0].tolist() == pytest.approx([-1.0, math.hypot(10, 10) - 10])
    assert m.normal[0].tolist() == pytest.approx([0.0, -1.0])
    assert m.normal[1].tolist() == pytest.approx([math.sqrt(0.5), -math.sqrt(0.5)])
    c = circle_manifolds(
        np.array([[0.0, 0.0]]), np.array([5.0]), np.array([[8.0, 0.0]]), np.array([5.0]), 0.0
    )
    assert c.separation[0, 0] == pytest.approx(-2.0)
    assert c.points[0, 0].tolist() == pytest.approx([4.0, 0.0])


def test_colouring_never_puts_a_moving_body_twice_in_a_colour():
    rng = np.random.default_rng(5)
    n = 60
    moving = rng.random(n) < 0.8
    a = rng.integers(0, n, 400)
    b = rng.integers(0, n, 400)
    keep = (a != b) & (moving[a] | moving[b])
    a, b = a[keep], b[keep]
    colour = colour_constraints(a, b, moving)
    assert (colour >= 0).all()
    for c in range(colour.max() + 1):
        members = np.concatenate([a[colour == c], b[colour == c]])
        members = members[moving[members]]
        assert len(members) == len(set(members.tolist()))


# -- rotation -------------------------------------------------------------------------------


def test_tilted_box_lands_flat():
    """A 40 box dropped tilted 20 degrees tips onto a face: angle a multiple of 90
    degrees, centre 20 px above the floor (pymunk: 20 px; before this: 25.6)."""
    box = Body("box", Polygon.box(40, 40, position=(400, 500), angle=math.radians(20)))
    world = run(World([floor(), box], gravity=(0, 900)), 240)
    assert square_angle_error(world.angle[1]) < 0.01
    assert world.position[1, 1] == pytest.approx(FLOOR_TOP - 20, abs=0.5)


def test_box_past_a_ledge_tips_off_onto_the_floor():
    """Centre 10 px past the ledge's corner: it turns over the corner and lands below."""
    ledge = Body("ledge", Polygon.box(200, 20, position=(200, 470)), static=True)
    box = Body("box", Polygon.box(40, 40, position=(310, 440)))
    world = run(World([floor(), ledge, box], gravity=(0, 900)), 240)
    assert world.position[2, 1] == pytest.approx(FLOOR_TOP - 20, abs=0.5)
    assert world.position[2, 0] > 300
    assert square_angle_error(world.angle[2]) < 0.01


def test_box_well_inside_a_ledge_stays():
    """The same box with its centre 10 px inside the corner stays on the ledge, unturned."""
    ledge = Body("ledge", Polygon.box(200, 20, position=(200, 470)), static=True)
    box = Body("box", Polygon.box(40, 40, position=(290, 440)))
    world = run(World([floor(), ledge, box], gravity=(0, 900)), 240)
    assert world.position[2, 1] == pytest.approx(440, abs=0.5)
    assert abs(world.angle[2]) < 1e-3


def _momenta(world):
    mass = np.array([b.mass for b in world.bodies])
    inertia = np.array([b.inertia for b in world.bodies])
    c, v = world.centres(), world.velocity
    linear = (mass[:, None] * v).sum(axis=0)
    angular = (inertia * world.omega + mass * (c[:, 0] * v[:, 1] - c[:, 1] * v[:, 0])).sum()
    return linear, angular


@pytest.mark.parametrize("below", [True, False])
def test_off_centre_hit_spins_the_target_and_conserves_momentum(below):
    """600 px/s box hits a resting box 15 px off its centre (no gravity): the target
    turns the way the lever arm says, and linear and angular momentum stay within 1%."""
    offset = 15.0 if below else -15.0
    projectile = Body("p", Polygon.box(40, 40, position=(100, 400 + offset)), velocity=(600, 0))
    target = Body("t", Polygon.box(40, 40, position=(200, 400)))
    world = World([projectile, target], gravity=(0, 0), rigid=True, sleep=False)
    linear0, angular0 = _momenta(world)
    run(world, 30)
    linear1, angular1 = _momenta(world)
    assert np.allclose(linear1, linear0, rtol=0.01, atol=0.01 * abs(linear0[0]))
    assert angular1 == pytest.approx(angular0, rel=0.01)
    # Hit below the centre (y down): the push along +x turns it counter-clockwise on
    # screen, a negative angle; above the centre, the other way.
    assert (world.omega[1] < -0.5) if below else (world.omega[1] > 0.5)
    assert world.velocity[1, 0] > 100


def test_fixed_rotation_bodies_never_turn():
    box = Body(
        "box",
        Polygon.box(40, 40, position=(400, 500), angle=math.radians(20)),
        fixed_rotation=True,
    )
    world = run(World([floor(), box], gravity=(0, 900)), 120)
    assert world.angle[1] == math.radians(20)
    assert world.omega[1] == 0.0


def test_q_and_e_apply_torque_under_gravity():
    """Under gravity the turning keys spin the body up (angular velocity), not set its angle."""
    world = SCENES["stack"].world(0)
    c = world.controlled
    world.step(STEP, Steering(turn_right=True))
    assert world.omega[c] > 0
    world.step(STEP, Steering(turn_left=True))
    world.step(STEP, Steering(turn_left=True))
    assert world.omega[c] < 0


# -- stacks and rest --------------------------------------------------------------------------


def _stack_toml(path, column: int, pyramid: int, size: float = 30.0):
    lines = [
        'title = "stack"',
        "gravity = [0, 900]",
        "[[body]]",
        'name = "floor"',
        'shape = "box"',
        "width = 1600",
        "height = 40",
        f"position = [430, {FLOOR_TOP + 20}]",
        "static = true",
    ]
    k = 0
    for i in range(column):
        lines += _box(k, 120, FLOOR_TOP - size / 2 - i * size, size)
        k += 1
    for row in range(pyramid):
        for j in range(pyramid - row):
            x = 520 + (j - (pyramid - row - 1) / 2) * size
            lines += _box(k, x, FLOOR_TOP - size / 2 - row * size, size)
            k += 1
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _box(k, x, y, size):
    return [
        "[[body]]",
        f'name = "box {k}"',
        'shape = "box"',
        f"width = {size}",
        f"height = {size}",
        f"position = [{x}, {y}]",
        "friction = 0.6",
    ]


@pytest.mark.parametrize("column, pyramid", [(20, 0), (0, 20), (5, 0)])
def test_stacks_from_toml_stand_and_rest_within_5_s(capsys, tmp_path, column, pyramid):
    """Through the CLI with a TOML scene: after 5 s every box is within 2 px of where it
    started, the deepest overlap (per-pair SAT) is under 1 px and every body is at rest."""
    scene = tmp_path / "stack.toml"
    _stack_toml(scene, column, pyramid)
    state = tmp_path / "state.json"
    argv = ["--headless", "--scene", str(scene), "--frames", "300", "--dump-state", str(state)]
    status = main(argv)
    assert status == 0, capsys.readouterr().err
    bodies = json.loads(state.read_text())["bodies"][1:]
    world = load_scene(str(scene)).world(0)
    start = world.position[1:].copy()
    end = np.array([b["position"] for b in bodies])
    assert np.abs(end - start).max() < 2.0
    speeds = [math.hypot(*b["velocity"]) for b in bodies]
    assert max(speeds) == 0.0  # asleep: at rest, exactly
    assert max(abs(b["angular_velocity"]) for b in bodies) == 0.0
    placed = [Polygon.box(30, 30, position=tuple(b["position"]), angle=b["angle"]) for b in bodies]
    ground = Polygon.box(1600, 40, position=(430, FLOOR_TOP + 20))
    deepest = 0.0
    for i, p in enumerate(placed):
        deepest = max(deepest, sat(p, ground).depth)
        for q in placed[i + 1 :]:
            if p.aabb().overlaps(q.aabb()):
                deepest = max(deepest, sat(p, q).depth)
    assert deepest < 1.0


def test_a_knocked_stack_wakes_up():
    """The stack scene falls asleep; driving the heavy box into the pyramid wakes it."""
    world = run(SCENES["stack"].world(0), 120)
    pyramid = [i for i, b in enumerate(world.bodies) if b.name.startswith("pyramid")]
    assert world.sleeping[pyramid].all()
    before = world.position[pyramid].copy()
    run(world, 150, Steering(left=True))
    assert not world.sleeping[pyramid].all()
    assert np.abs(world.position[pyramid] - before).max() > 5


def test_sleeping_bodies_report_zero_velocity_and_keep_their_pose():
    box = Body("box", Polygon.box(40, 40, position=(400, 659.5)))
    world = run(World([floor(), box], gravity=(0, 900)), 90)
    assert world.sleeping[1]
    pose = (world.position[1].copy(), world.angle[1])
    run(world, 30)
    assert world.position[1].tolist() == pose[0].tolist() and world.angle[1] == pose[1]
    assert world.velocity[1].tolist() == [0.0, 0.0]


# -- robustness -------------------------------------------------------------------------------


def test_circles_roll_down_a_slope_and_rotate():
    """A ball on a 20 degree slope rolls: it turns at v / r (rolling without slipping)."""
    angle = math.radians(20)
    slope = Body("slope", Polygon.box(1200, 40, position=(400, 500), angle=angle), static=True)
    normal = np.array([math.sin(angle), -math.cos(angle)])  # up out of the slope's top face
    centre = np.array([300.0, 500.0]) + 20 * normal + 20.5 * normal
    ball = Body("ball", Circle(20, position=tuple(centre)), friction=0.8)
    world = run(World([slope, ball], gravity=(0, 900), sleep=False), 60)
    speed = float(np.hypot(*world.velocity[1]))
    assert speed > 50
    assert world.omega[1] * 20 == pytest.approx(speed, rel=0.05)
