"""Make the real-window recordings of the same-bytes corpus (tests/same_bytes.py).

Each session runs the app in a real X window (Xvfb, 1024 x 768, projector theme) with
--record, driven by xdotool as a teacher would: the toolbar and its sliders, the
editor, a lesson answered with the keys, the mouse on the world. The recordings are
data the corpus replays headless; run this again only to make new ones:

    python tests/same_bytes/record_window.py      (needs Xvfb and xdotool)
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DISPLAY = ":187"  # apart from the test suite's own Xvfb servers
WINDOW = {"id": ""}  # the app's window: pointer moves are relative to it


def xdo(*args: str) -> str:
    if args[0] == "mousemove":  # within the app's window, wherever the server put it
        args = ("mousemove", "--window", WINDOW["id"], *args[1:])
    done = subprocess.run(
        ["xdotool", *args],
        env={**os.environ, "DISPLAY": DISPLAY},
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout.strip()


def click(x: int, y: int, button: int = 1) -> None:
    xdo("mousemove", str(x), str(y))
    time.sleep(0.15)
    xdo("click", str(button))
    time.sleep(0.3)


def drag(x0: int, y0: int, x1: int, y1: int, button: int = 1, steps: int = 8) -> None:
    xdo("mousemove", str(x0), str(y0))
    time.sleep(0.15)
    xdo("mousedown", str(button))
    for k in range(1, steps + 1):
        time.sleep(0.06)
        xdo("mousemove", str(x0 + (x1 - x0) * k // steps), str(y0 + (y1 - y0) * k // steps))
    time.sleep(0.15)
    xdo("mouseup", str(button))
    time.sleep(0.3)


def key(*names: str, pause: float = 0.4) -> None:
    for name in names:
        xdo("key", name)
        time.sleep(pause)


def session(name: str, args: list[str], drive) -> None:
    out = HERE / f"{name}.jsonl"
    env = {**os.environ, "DISPLAY": DISPLAY, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
    command = [sys.executable, "main.py", "--size", "1024x768", "--theme", "projector"]
    app = subprocess.Popen([*command, *args, "--record", str(out)], cwd=ROOT, env=env)
    time.sleep(4)
    WINDOW["id"] = xdo("search", "--sync", "--pid", str(app.pid)).splitlines()[0]
    xdo("windowfocus", WINDOW["id"])
    xdo("mousemove", "512", "400")
    drive()
    key("Escape", "Escape", "Escape")
    app.wait(timeout=30)
    print(name, app.returncode, out.stat().st_size if out.exists() else None)


def toolbar() -> None:
    click(726, 745)  # Tune
    drag(807, 441, 700, 441)  # gravity down
    drag(722, 566, 900, 566)  # bounce up
    click(726, 745)  # Tune closes
    click(27, 745)  # pause
    click(105, 745)
    click(105, 745)  # step twice
    click(66, 745)  # back
    click(27, 745)  # run
    click(162, 745)  # speed 1/2x
    time.sleep(1)
    click(639, 745)  # Show
    click(700, 600)  # a row of the Show panel
    click(639, 745)
    click(441, 745)  # Scenes
    click(500, 400)  # a scene in the list
    time.sleep(1)
    click(867, 745)  # zoom in
    click(912, 745)  # fit


def editor() -> None:
    key("F3")
    for x, y in ((120, 300), (220, 280), (200, 380), (110, 390)):
        click(x, y)
    key("Return")
    time.sleep(0.5)
    xdo("mousemove", "300", "250")
    key("Insert", "F6")
    key("ctrl+z", "ctrl+y", "ctrl+z")
    xdo("mousemove", "160", "330")
    key("Delete")
    key("F3")
    key("space")
    time.sleep(1)


def lesson() -> None:
    time.sleep(1)
    key("Next", "Next", pause=1.5)  # stage 3: how many axes (choice)
    key("3", pause=1.0)  # wrong
    key("Next", pause=1.5)  # stage 4: which axis separates
    key("2", "3", pause=1.0)
    key("Next", pause=1.5)
    key("period", "period", "comma", pause=0.4)
    key("End", "Right", "Right", "Home", pause=0.5)
    key("Prior", pause=1.0)


def mouse() -> None:
    drag(300, 150, 550, 100, steps=10)  # grab and throw
    time.sleep(1)
    xdo("mousemove", "400", "400")
    xdo("keydown", "ctrl")
    xdo("click", "4")
    xdo("click", "4")
    xdo("keyup", "ctrl")
    time.sleep(0.3)
    drag(400, 400, 300, 350, button=3)  # pan
    click(380, 500)  # a click: shape B
    key("g", "Tab", "a", "period")
    time.sleep(1)


if __name__ == "__main__":
    xvfb = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", "1280x1024x24", "-nolisten", "tcp"])
    time.sleep(1.5)
    try:
        session("toolbar", ["--scene", "stack"], toolbar)
        session("editor", ["--scene", "stack"], editor)
        session("lesson", ["--lesson", "shadows"], lesson)
        session("mouse", ["--scene", "gravity"], mouse)
    finally:
        xvfb.terminate()
