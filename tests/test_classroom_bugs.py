"""Issue 21's bugs, each with a test that failed before its fix."""

import json

import numpy as np

from sandbox.app.cli import main
from sandbox.app.session import Session
from sandbox.scenes.registry import SCENES


def test_reversing_gravity_wakes_sleeping_bodies():
    """`--scene gravity`: by step 400 every body sleeps on the floor; G then sends them
    all up to the ceiling (each rises more than 100 px), and G again brings them down.
    Before the fix the sleeping bodies never moved."""
    session = Session(SCENES["gravity"])
    world = session.world
    moving = ~world.static
    for _ in range(400):
        session.advance(frozenset())
    assert world.sleeping[moving].all()
    floor = world.position[moving, 1].copy()
    session.apply("g")
    assert not world.sleeping.any()
    for _ in range(300):
        session.advance(frozenset())
    ceiling = world.position[moving, 1].copy()
    assert (floor - ceiling > 100).all(), floor - ceiling
    session.apply("g")
    for _ in range(300):
        session.advance(frozenset())
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
    session = Session(SCENES["six-axes"])
    for _ in range(5):
        session.advance(frozenset())
    for key in ("a", ".", "."):
        session.apply(key)
    assert session.walk == 2 and session.paused
