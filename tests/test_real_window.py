"""The app in a real X window (Xvfb), driven with real key events from xdotool.

Hold Right, then press Escape: the window quits and writes its recording and state;
replaying that recording headless must give the identical state. Needs Debian's
xvfb and xdotool (.ci/run installs them); without them the test skips, except
under CI, where a skip would hide a broken install and so fails instead.
"""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _require(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        message = f"{tool} is not installed (apt-get install xvfb xdotool)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture
def x_display():
    """A private Xvfb server; yields its DISPLAY name."""
    xvfb = _require("Xvfb")
    _require("xdotool")
    for number in range(91, 120):
        if (
            not Path(f"/tmp/.X11-unix/X{number}").exists()
            and not Path(f"/tmp/.X{number}-lock").exists()
        ):
            break
    display = f":{number}"
    server = subprocess.Popen(
        [xvfb, display, "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{number}").exists():
                break
            time.sleep(0.05)
        yield display
    finally:
        server.terminate()
        server.wait(timeout=10)


def _xdotool(display: str, *args: str) -> str:
    env = {**os.environ, "DISPLAY": display}
    done = subprocess.run(
        ["xdotool", *args], env=env, capture_output=True, text=True, timeout=30, check=True
    )
    return done.stdout.strip()


def test_window_driven_by_real_keys_replays_to_the_identical_state(x_display, tmp_path):
    recording = tmp_path / "window.jsonl"
    window_state = tmp_path / "window.json"
    window_shot = tmp_path / "window.png"
    env = {**os.environ, "DISPLAY": x_display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
    app = subprocess.Popen(
        [
            sys.executable,
            "main.py",
            "--record",
            str(recording),
            "--dump-state",
            str(window_state),
            "--screenshot",
            str(window_shot),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        # SDL titles its window with a UTF-8 property that `search --name` does not match.
        window = _xdotool(x_display, "search", "--sync", "--pid", str(app.pid)).splitlines()[0]
        # The caption is set just after the window appears: wait for it (a loaded machine).
        for _ in range(100):
            if _xdotool(x_display, "getwindowname", window) == "SAT Sandbox":
                break
            time.sleep(0.1)
        assert _xdotool(x_display, "getwindowname", window) == "SAT Sandbox"
        _xdotool(x_display, "windowfocus", "--sync", window)
        time.sleep(0.5)  # let the first frames run
        _xdotool(x_display, "keydown", "Right")
        time.sleep(1.0)
        _xdotool(x_display, "keyup", "Right")
        time.sleep(0.3)
        _xdotool(x_display, "key", "Escape")
        out, err = app.communicate(timeout=30)
    finally:
        if app.poll() is None:
            app.kill()
            app.communicate()
    assert app.returncode == 0, err

    state = json.loads(window_state.read_text())
    triangle = next(b for b in state["bodies"] if b["name"] == "triangle")
    assert triangle["position"][0] > 230 + 40  # Right really arrived: it moved >= 10 ticks
    assert window_shot.read_bytes()[:4] == b"\x89PNG"
    lines = [json.loads(line) for line in recording.read_text().splitlines()]
    assert {"step": lines[1]["step"], "hold": ["right"]} in lines

    replayed = tmp_path / "replayed.json"
    done = subprocess.run(
        [
            sys.executable,
            "main.py",
            "--headless",
            "--replay",
            str(recording),
            "--dump-state",
            str(replayed),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(replayed.read_text()) == state
