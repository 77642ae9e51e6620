"""The fault sweep of issue 23: each case here failed before its fix (a traceback, a
refused recording, a half-written output, a silently wrong answer)."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

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


# --- outputs all or none under a signal ------------------------------------------------


class _Interrupting:
    """The os module as sandbox.app.atomic sees it, but the k-th call of write, fsync,
    close, link or replace first sends `signum` to this process: a signal at that
    moment of the commit."""

    WATCHED = ("write", "fsync", "close", "link", "replace", "unlink", "fchmod", "fstat")

    def __init__(self, k: int, signum: int):
        self.k, self.signum, self.calls = k, signum, 0

    def __getattr__(self, name):
        real = getattr(os, name)
        if name not in self.WATCHED:
            return real

        def call(*args, **kwargs):
            self.calls += 1
            if self.calls == self.k + 1:
                os.kill(os.getpid(), self.signum)
            return real(*args, **kwargs)

        return call


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_at_any_moment_of_the_commit_leaves_all_outputs_new_or_all_old(
    signum, tmp_path, monkeypatch
):
    """A run writing a screenshot, a state dump and a recording is sent the signal before
    each file operation of its commit in turn (every moment from the first temporary to
    the last rename and folder sync). Each outcome is either exit 0 with all three new,
    or exit 128 + N with all three old and no temporary left; both outcomes occur."""
    from sandbox.app import atomic

    names = ("shot.png", "state.json", "input.jsonl")
    outcomes = {"new": 0, "old": 0}
    k = 0
    while True:
        folder = tmp_path / f"k{k}"
        folder.mkdir()
        for name in names:
            (folder / name).write_bytes(b"old " + name.encode())
        spy = _Interrupting(k, signum)
        monkeypatch.setattr(atomic, "os", spy)
        argv = ["--headless", "--scene", "classic", "--frames", "5", "--hold", "right:0-4"]
        argv += ["--screenshot", str(folder / names[0]), "--dump-state", str(folder / names[1])]
        argv += ["--record", str(folder / names[2])]
        status = main(argv)
        monkeypatch.setattr(atomic, "os", os)
        contents = [(folder / name).read_bytes() for name in names]
        assert sorted(p.name for p in folder.iterdir()) == sorted(names), f"moment {k}"
        if status == 0:
            assert all(not c.startswith(b"old ") for c in contents), f"moment {k}"
            assert contents[0].startswith(b"\x89PNG") and b'"tick": 5' in contents[1]
            outcomes["new"] += 1
        else:
            assert status == 128 + signum, f"moment {k}: exit {status}"
            assert all(c.startswith(b"old ") for c in contents), f"moment {k}"
            outcomes["old"] += 1
        if spy.calls <= k:  # the signal was never sent: every moment has been tried
            break
        k += 1
    assert outcomes["old"] >= 5 and outcomes["new"] >= 2, outcomes


def test_a_target_that_became_a_folder_leaves_the_other_outputs_old(tmp_path, monkeypatch):
    """The state dump's path turns into a folder after the run checked it: the run fails
    with one clear line (exit 2) and the screenshot, renamed just before, is put back."""
    from sandbox.app import atomic

    shot, state = tmp_path / "shot.png", tmp_path / "state.json"
    shot.write_bytes(b"old png")
    state.write_bytes(b"old json")
    real_replace = os.replace

    def replace_then_folder(source, target):
        real_replace(source, target)
        if str(target) == str(shot):  # right after the screenshot is in place
            state.unlink()
            state.mkdir()

    class Os:
        def __getattr__(self, name):
            return replace_then_folder if name == "replace" else getattr(os, name)

    monkeypatch.setattr(atomic, "os", Os())
    argv = ["--headless", "--scene", "classic", "--frames", "2"]
    status = main(argv + ["--screenshot", str(shot), "--dump-state", str(state)])
    assert status == 2
    assert shot.read_bytes() == b"old png"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shot.png", "state.json"]


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_real_signal_near_the_end_of_a_run_leaves_all_new_or_all_old(signum, tmp_path):
    """The same from outside: `python main.py` in a subprocess, sent the signal at eight
    moments spread over the last part of its run (timed from an unsignalled run).
    Every outcome: exit 0 and all three outputs new, or exit 128 + N (killed by N, before
    the interpreter has its handlers), all three old and no temporary; no traceback."""
    import subprocess
    import sys
    import time

    root = Path(__file__).resolve().parent.parent
    names = ("shot.png", "state.json", "input.jsonl")

    def run(folder: Path, delay: float | None) -> int:
        folder.mkdir()
        for name in names:
            (folder / name).write_bytes(b"old " + name.encode())
        argv = [sys.executable, str(root / "main.py"), "--headless", "--scene", "pile"]
        argv += ["--frames", "30", "--screenshot", str(folder / names[0])]
        argv += ["--dump-state", str(folder / names[1]), "--record", str(folder / names[2])]
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        process = subprocess.Popen(argv, env=env, stderr=subprocess.PIPE, cwd=folder)
        if delay is not None:
            time.sleep(delay)
            process.send_signal(signum)
        _, err = process.communicate(timeout=120)
        assert b"Traceback" not in err, err.decode()
        return process.returncode

    start = time.perf_counter()
    assert run(tmp_path / "plain", None) == 0
    took = time.perf_counter() - start
    for k in range(8):
        folder = tmp_path / f"at{k}"
        status = run(folder, took * (0.55 + 0.08 * k))
        contents = [(folder / name).read_bytes() for name in names]
        assert sorted(p.name for p in folder.iterdir()) == sorted(names)
        if status == 0:
            assert all(not c.startswith(b"old ") for c in contents), (k, status, contents)
        else:  # 128 + N from the app, or -N: ended by the signal before Python took it
            assert status in (128 + signum, -signum)
            assert all(c.startswith(b"old ") for c in contents), (k, status, contents)
