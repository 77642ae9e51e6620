"""The fault sweep of issue 23: each case here failed before its fix (a traceback, a
refused recording, a half-written output, a silently wrong answer)."""

from __future__ import annotations

import json
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from sandbox.app.cli import main  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

SIZES = ["320x240", "400x3000", "7680x240", "1920x1080"]
# Every overlay on: B (boxes) and D (Minkowski) are the two that start off.
ALL_OVERLAYS = ["b:0-0", "d:0-0"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scene", list(SCENES))
def test_every_scene_draws_with_every_overlay_at_every_size(scene, size, tmp_path):
    """Every scene, every overlay on (the Minkowski inset too), at the smallest, a tall
    narrow, a wide short and an ordinary window size, after 150 steps (resting shapes:
    parallel edges): the screenshot is written and the run exits 0."""
    shot, state = tmp_path / "shot.png", tmp_path / "state.json"
    argv = ["--headless", "--scene", scene, "--frames", "150", "--size", size]
    for hold in ALL_OVERLAYS:
        argv += ["--hold", hold]
    assert main(argv + ["--screenshot", str(shot), "--dump-state", str(state)]) == 0
    assert shot.stat().st_size > 0
    assert json.loads(state.read_text())["tick"] == 150


def test_pressing_d_once_shapes_rest_draws_the_difference(tmp_path, capsys):
    """The report's command: `--scene gravity --frames 200 --hold d:0-0` ended in
    'ShapeError: vertex 2 lies on the line through its neighbours'."""
    shot = tmp_path / "d.png"
    argv = ["--headless", "--scene", "gravity", "--frames", "200", "--hold", "d:0-0"]
    assert main(argv + ["--screenshot", str(shot)]) == 0
    assert shot.exists() and capsys.readouterr().err == ""
