"""Shared test set-up: headless SDL before anything imports pygame; the golden-image flag;
a private Xvfb server for the tests that need a real window."""

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def pytest_addoption(parser):
    parser.addoption(
        "--update-goldens",
        action="store_true",
        help="rewrite tests/golden/*.png from the current renderer instead of comparing",
    )


def require_tool(tool: str) -> str:
    """The path of a command the test needs: skip without it, except under CI, where a
    skip would hide a broken install and so fails instead."""
    path = shutil.which(tool)
    if path is None:
        message = f"{tool} is not installed (apt-get install xvfb xdotool)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture
def xvfb_display():
    """A private Xvfb server (1280 x 720) on a free display number; yields its DISPLAY."""
    xvfb = require_tool("Xvfb")
    for number in range(91, 160):
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
        for _ in range(200):
            if Path(f"/tmp/.X11-unix/X{number}").exists():
                break
            time.sleep(0.05)
        yield display
    finally:
        server.terminate()
        server.wait(timeout=10)
