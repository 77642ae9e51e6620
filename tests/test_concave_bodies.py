"""Concave bodies in the world: one rigid body made of convex pieces. Resting heights and
angles by hand; the cup's hollow holds what its convex hull could not; the command line
with a TOML scene; F switching the learner's outline."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from driving import advance, dump_state, open_session, press

from sandbox.core.compound import Compound
from sandbox.core.geometry import Polygon
from sandbox.physics.body import Body, Steering
from sandbox.physics.world import World

STEP = 1 / 60
FLOOR_TOP = 600.0
ROOT = Path(__file__).resolve().parents[1]
# y down. L as on screen: a 30 x 90 upright on the left, a 60 x 30 foot to its right.
L_SHAPE = [(0, 0), (30, 0), (30, 60), (90, 60), (90, 90), (0, 90)]
# Γ: the L upside down: a 90 x 30 bar on top, a 30 x 60 leg under its left end.
GAMMA = [(0, 0), (90, 0), (90, 30), (30, 30), (30, 90), (0, 90)]
# ∩: a 120 x 30 bar on two 30 x 60 legs.
ARCH = [(0, 0), (120, 0), (120, 90), (90, 90), (90, 30), (30, 30), (30, 90), (0, 90)]
CUP = [(-150, -75), (-114, -75), (-114, 39), (114, 39), (114, -75), (150, -75)]
CUP += [(150, 75), (-150, 75)]


def floor() -> Body:
    return Body("floor", Polygon.box(800, 40, (400, FLOOR_TOP + 20)), static=True)


def run(bodies, steps: int, gravity=(0.0, 900.0), **options) -> World:
    world = World([*bodies, floor()], gravity=gravity, **options)
    for _ in range(steps):
        world.step(STEP)
    return world


def test_an_l_falls_and_rests_on_its_foot_without_sinking():
    """Dropped level, the L lands on its 90 px base and stays level: its lowest points
    at the floor's top (600) within 0.5 px, its centre of mass below where it started
    (x = 300 + (2700 * 15 + 1800 * 60) / 4500 = 333 by hand) and at rest.

    Sideways it does not slip: a manifold's two points are solved as one block, so a
    flat landing pushes both ends alike and does not turn it (issue 17; solved one
    after the other, it slipped 2.7 px, and a 110 x 60 box 5.3 px)."""
    world = run([Body("L", Compound(L_SHAPE, position=(300, 200)))], 240)
    shape = world.shape(0)
    assert shape.vertices[:, 1].max() == pytest.approx(FLOOR_TOP, abs=0.5)
    assert world.angle[0] == pytest.approx(0.0, abs=1e-3)
    assert shape.centroid[0] == pytest.approx(300 + 33, abs=0.05)
    # its centre of mass, by hand: (2700 * 45 + 1800 * 75) / 4500 = 57 below the top
    assert shape.centroid[1] == pytest.approx(FLOOR_TOP - 90 + 57, abs=0.5)
    assert np.abs(world.velocity[0]).max() < 1.0 and abs(world.omega[0]) < 0.01


def test_a_gamma_tips_onto_its_hull_edge():
    """Γ's centre of mass (x = 33) is beyond its 30 px leg: it tips clockwise until the
    corners (90, 30) and (30, 90) both touch the floor, an edge of its convex hull at
    45 degrees: angle pi/4, both those corners at the floor's top."""
    world = run([Body("gamma", Compound(GAMMA, position=(300, 480)))], 360)
    shape = world.shape(0)
    assert world.angle[0] == pytest.approx(math.pi / 4, abs=0.01)
    bottom = shape.vertices[[2, 4], 1]  # outline order as given: (90, 30) and (30, 90)
    assert bottom == pytest.approx([FLOOR_TOP, FLOOR_TOP], abs=0.5)
    assert shape.vertices[:, 1].max() <= FLOOR_TOP + 0.5


def test_an_arch_stands_on_two_legs_with_one_manifold_per_piece_pair():
    """∩ lands on both legs: level, its feet at the floor's top; the set holds a manifold
    for each leg's piece (two rows for one body pair) with distinct warm-start keys."""
    world = run([Body("arch", Compound(ARCH, position=(340, 300)))], 240)
    shape = world.shape(0)
    assert world.angle[0] == pytest.approx(0.0, abs=1e-3)
    assert shape.vertices[:, 1].max() == pytest.approx(FLOOR_TOP, abs=0.5)
    world.sleeping[:] = False  # sleeping pairs are not collided: wake to look
    from sandbox.physics.contacts import find_manifolds

    contacts = find_manifolds(world, STEP).contact_set
    rows = np.flatnonzero(contacts.a == 0)
    assert len(rows) == 2
    keys = contacts.keys(len(world.bodies))[rows][:, :1].ravel()
    assert len(set(keys.tolist())) == 2


def test_pieces_of_one_body_never_push_each_other():
    """The pieces share edges (the diagonals): alone and weightless, the body stays put."""
    world = run([Body("L", Compound(L_SHAPE, position=(300, 200)))], 60, gravity=(0.0, 0.0))
    assert world.position[0].tolist() == [300.0, 200.0]
    assert world.angle[0] == 0.0 and world.velocity[0].tolist() == [0.0, 0.0]


def test_a_box_rests_in_the_cup_hollow_where_the_hull_would_hold_it_up():
    """A cup (static, concave) on the floor holds a 110 x 60 box in its hollow: the box
    rests on the inner floor (y = 600 - 75 + 39 = 564 in the cup's frame at 525), so its
    centre is 30 above that, well below the top of the cup's walls (450); dropped level,
    it lands without slipping sideways (see the L test)."""
    cup = Body("cup", Compound(CUP, position=(400, FLOOR_TOP - 75)), static=True)
    box = Body("box", Polygon.box(110, 60, (400, 380)))
    world = run([cup, box], 300)
    inner_floor = FLOOR_TOP - 75 + 39
    assert world.position[1, 1] == pytest.approx(inner_floor - 30, abs=0.5)
    assert world.position[1, 0] == pytest.approx(400, abs=0.05)


def test_mtv_world_pushes_out_piece_by_piece():
    """Without gravity (the MTV lessons) a box driven down into the cup's hollow stops on
    its inner floor (touching, within the slop), not on the hull."""
    cup = Body("cup", Compound(CUP, position=(400, 300)), static=True)
    box = Body("box", Polygon.box(110, 60, (400, 150)), controlled=True)
    world = World([cup, box], gravity=(0.0, 0.0), slop=0.1, correction=0.8, damping=3.0)
    for _ in range(120):
        world.step(STEP, Steering(down=True))
    assert world.position[1, 1] == pytest.approx(300 + 39 - 30, abs=0.5)


def test_a_bullet_is_swept_against_each_piece():
    """A 10 px box at 9,000 px/s toward a Γ whose 12 px leg is in its way: one step would
    jump past the leg; the swept test stops it at the leg's left face."""
    wall = [(0, 0), (90, 0), (90, 12), (12, 12), (12, 200), (0, 200)]
    gamma = Body("wall", Compound(wall, position=(400, 300)), static=True)
    bullet = Body("bullet", Polygon.box(10, 10, (300, 450)), velocity=(9000, 0), bullet=True)
    world = World([gamma, bullet], gravity=(0.0, 0.0))
    world.step(STEP)
    assert world.position[1, 0] <= 400 - 5 + 1e-6
    assert world.record.sweeps[0].other == 0


TOML = """\
title = "An L on the floor"
gravity = [0, 900]

[[body]]
name = "floor"
shape = "box"
width = 800
height = 40
position = [430, 700]
static = true

[[body]]
name = "L"
shape = "polygon"
vertices = [[0, 0], [30, 0], [30, 60], [90, 60], [90, 90], [0, 90]]
position = [300, 200]
"""


def test_the_command_line_runs_a_toml_scene_with_a_concave_body(tmp_path):
    """Through main.py: the L rests on the floor (top 680) and the dump lists its two
    pieces' world vertices, whose areas add up to the outline's 4,500 px^2."""
    scene, state = tmp_path / "l.toml", tmp_path / "state.json"
    scene.write_text(TOML)
    done = subprocess.run(
        [sys.executable, "main.py", "--headless", "--scene", str(scene), "--frames", "240"]
        + ["--dump-state", str(state)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr
    body = json.loads(state.read_text())["bodies"][1]
    assert body["kind"] == "compound" and len(body["pieces"]) == 2
    assert max(y for _, y in body["vertices"]) == pytest.approx(680, abs=0.5)

    def area(points):
        x, y = np.asarray(points).T
        return abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2

    assert sum(area(p) for p in body["pieces"]) == pytest.approx(4500, rel=1e-9)
    assert area(body["vertices"]) == pytest.approx(4500, rel=1e-9)


def test_f_switches_the_learner_outline_and_keeps_the_rest():
    """In scene concave, F gives the learner's body the next outline (L, arrow, star, T,
    box, then L again); its centre of mass stays, and every other body is untouched."""
    from sandbox.scenes.builtin import OUTLINES
    from sandbox.scenes.registry import SCENES

    session = open_session(SCENES["concave"])
    for _ in range(30):
        advance(session, frozenset())
    names = []
    for _ in range(len(OUTLINES)):
        world = session.world
        c = world.controlled
        centre = world.centres()[c].copy()
        others = np.delete(world.position, c, axis=0)
        press(session, "f")
        world = session.world
        names.append(world.bodies[c].name)
        assert world.centres()[c] == pytest.approx(centre, abs=1e-9)
        assert np.array_equal(np.delete(world.position, c, axis=0), others)
        kind = world.bodies[c].shape.kind
        assert (kind == "compound") == (names[-1] != "box")
        assert names[-1] in session.message
    assert names == [name for name, _ in OUTLINES[1:]] + ["L"]


def test_dump_state_names_the_pieces_on_show(tmp_path):
    """--dump-state in scene concave: the SAT report is that of the pieces named, and the
    pieces' world vertices are those of the body's pieces (the L: 2, the cup: 3)."""
    from sandbox.app.headless import init_pygame, simulate
    from sandbox.app.options import parse_options

    init_pygame(headless=True)
    session, _ = simulate(parse_options(["--headless", "--scene", "concave", "--frames", "40"]))
    state = dump_state(session)
    sat = state["sat"]
    assert (sat["a"], sat["b"]) == ("L", "cup")
    bodies = {b["name"]: b for b in state["bodies"]}
    assert len(bodies["L"]["pieces"]) == 2 and len(bodies["cup"]["pieces"]) == 3
    world = session.world
    shown = session.step_record.shown
    assert sat["a_piece"] == shown.a_piece and sat["b_piece"] == shown.b_piece
    a_piece = world.shape(world.index("L")).pieces[sat["a_piece"]]
    b_piece = world.shape(world.index("cup")).pieces[sat["b_piece"]]
    assert bodies["L"]["pieces"][sat["a_piece"]] == a_piece.vertices.tolist()
    # the report dumped is SAT on exactly the two pieces it names
    from sandbox.core.pair import sat as sat_test

    again = sat_test(a_piece, b_piece, all_axes=True).to_dict()
    assert {key: sat[key] for key in again} == again
