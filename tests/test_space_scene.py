"""The 3D scene (tutorial 004): the false-positive pose says "apart" only through an
edge x edge axis; moving B down closes that gap at the arrows' speed; the keys turn
the view and change the pose; the state dump carries the 3D verdict."""

from __future__ import annotations

import json
import math

import pygame
import pytest
from driving import advance, draw_session, open_session, press

from sandbox.app.cli import main
from sandbox.render.space import axis_tag, narration_words
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


def _panel_rows(frame) -> list[tuple]:
    """The panel's drawn texts paired by row: (name, result) where two share a line."""
    panel = sorted((t for t in frame.texts if t.where == "panel"), key=lambda t: t.rect[0])
    rows: dict[int, list] = {}
    for t in panel:
        rows.setdefault(pygame.Rect(t.rect).centery, []).append(t)
    return [tuple(row) for row in rows.values() if len(row) == 2]


def test_touching_in_3d_says_touching_where_the_2d_rulers_do():
    """B moved down 5 steps touches A with depth 0 (the test above): the row of the axis
    whose shadows just meet reads "touching", as a 2D ruler does, never "overlap 0.0";
    the dashed axis is the "touching axis", not an "MTV axis" with nothing to push. Two
    steps more they overlap and the same label is the MTV axis again."""
    session = open_session(SCENES["sat-3d"], theme="projector")
    for _ in range(5):
        advance(session, frozenset({"down"}))
    report = session.space.report()
    assert report.colliding and report.depth == 0.0
    frame = draw_session(pygame.Surface((1024, 768)), session)
    texts = [t.text for t in frame.texts]
    met = [t for t in report.axes if t.overlap == 0.0]
    assert met, "the touching pose has an axis whose shadows just meet"
    results = {name.text: result.text for name, result in _panel_rows(frame)}
    for t in met:
        assert results[axis_tag(t)] == "touching"
    assert "overlap 0.0" not in texts
    assert "touching axis" in texts and "MTV axis" not in texts
    for _ in range(2):
        advance(session, frozenset({"down"}))
    assert session.space.report().depth > 0
    texts = [t.text for t in draw_session(pygame.Surface((1024, 768)), session).texts]
    assert "MTV axis" in texts and "touching axis" not in texts


def test_every_3d_panel_row_keeps_a_space_between_its_name_and_result():
    """At 1024x768 (projector), where a two-digit edge meets a three-digit overlap
    ("A e0 x B e8" and "overlap 132.8" ran together), each row's name ends at least a
    space's width before its result starts, in every pose, moved or not."""
    session = open_session(SCENES["sat-3d"], theme="projector")
    checked = 0
    for pose in range(len(POSES)):
        for step in range(70):
            if step % 10 == 0:
                frame = draw_session(pygame.Surface((1024, 768)), session)
                for name, result in _panel_rows(frame):
                    gap = pygame.Rect(result.rect).left - pygame.Rect(name.rect).right
                    space_px = pygame.Rect(name.rect).width / len(name.text)  # monospace
                    assert gap >= space_px, (pose, step, name.text, result.text)
                    checked += 1
            advance(session, frozenset({"right"} if step < 45 else {"down"}))
        press(session, "f")
    assert checked > 100
