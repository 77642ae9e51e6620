"""The 3D scene (tutorial 004): the false-positive pose says "apart" only through an
edge x edge axis; moving B down closes that gap at the arrows' speed; the keys turn
the view and change the pose; the state dump carries the 3D verdict."""

from __future__ import annotations

import json
import math

import pytest
from driving import advance, open_session, press

from sandbox.app.cli import main
from sandbox.render.space import narration_words
from sandbox.scenes.registry import SCENES
from sandbox.scenes.space import ORBIT, POSES, SPEED


def test_the_false_positive_pose_is_apart_only_by_an_edge_cross_edge_axis():
    session = open_session(SCENES["sat-3d"])
    report = session.space.report()
    assert not report.colliding and report.faces_alone_say_colliding
    sep = report.separating
    assert sep.feature == "edge x edge" and -sep.overlap == pytest.approx(10.0)
    words, role = narration_words(session.space)
    assert words == "Faces overlap, yet A e8 x B e1 has gap 10.0: apart."
    assert role == "gap"


def test_moving_b_down_closes_the_gap_at_the_arrows_speed():
    """Down at 120 px/s is 2 px a step: after k steps the vertical gap is 10 - 2k; they
    touch at k = 5 (touching counts as colliding) and overlap after."""
    session = open_session(SCENES["sat-3d"])
    for k in range(1, 8):
        advance(session, frozenset({"down"}))
        report = session.space.report()
        vertical = next(t for t in report.axes if t.feature == "edge x edge" and t.index == 10)
        assert vertical.overlap == pytest.approx(2 * k - 10.0, abs=1e-9)
        assert report.colliding == (k >= 5)
    assert SPEED / 60 == 2.0


def test_the_keys_turn_the_view_and_change_the_pose():
    session = open_session(SCENES["sat-3d"])
    yaw = session.space.camera.yaw
    press(session, "l")
    press(session, "l")
    press(session, "j")
    assert session.space.camera.yaw == pytest.approx((yaw + ORBIT) % (2 * math.pi))
    seen = [session.space.pose]
    for _ in range(len(POSES)):
        press(session, "f")
        seen.append(session.space.pose)
    assert seen == [0, 1, 2, 0]


def test_the_state_dump_has_the_3d_verdict_and_replays(capsys, tmp_path):
    out, rec, again = tmp_path / "s.json", tmp_path / "r.jsonl", tmp_path / "again.json"
    args = ["--headless", "--scene", "sat-3d", "--frames", "12", "--hold", "down:0-3"]
    assert main([*args, "--hold", "e:4-9", "--record", str(rec), "--dump-state", str(out)]) == 0
    state = json.loads(out.read_text())
    assert state["sat3d"]["pose"] == "false positive"
    assert state["sat3d"]["sat3d"]["faces_alone_say_colliding"] is True
    assert main(["--headless", "--replay", str(rec), "--dump-state", str(again)]) == 0
    assert json.loads(again.read_text()) == state
