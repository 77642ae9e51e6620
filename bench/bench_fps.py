"""Frames per second where a class looks: every built-in scene and every lesson stage.

What a class sees is a scene or a stage from the moment it opens, so each one is timed
from its first frame on, for ``--frames`` frames (default 180: three seconds at 60 fps),
as the window makes a frame::

    dispatch(session, Step(held))  +  draw_session(surface, session, fps)  [+ flip]

A lesson stage plays its opening; when its question waits, the bench answers it rightly
(as a class would, a few frames later) and goes on through the evidence, so a stage's
figures cover the opening, the waiting card and the answer.

Two sizes, as the issue asks: 1024x768 in the projector theme and 1920x1080 in the dark
theme. Headless (a Surface, ``SDL_VIDEODRIVER=dummy``) by default; ``--window`` draws into
a real window and flips it each frame (run it under Xvfb: ``xvfb-run -s "-screen 0
1920x1080x24" python bench/bench_fps.py --window``). The window's own clock caps it at
60 fps; the bench does not wait, so the figures say how far above 60 a frame could go.
In a window it first times a flip alone (nothing drawn): the display's own ceiling (a
software X server such as Xvfb copies the window's pixels; the app starts SDL as
`init_pygame` does, with SDL's own framebuffer, not a renderer's texture).

Each scene or stage is run ``--repeats`` times from its start (default 3; it plays the
same frames each time: the app is deterministic), in rounds (every scene once, then every
scene again: a scene's runs minutes apart), and each frame's quickest run is kept: a
shared machine has slow spells of its own (on this one, bursts of ~50-100 ms in which a
fixed pure-Python loop runs 1.3-10x slower, and spells of minutes in which the pile's
step took 11 ms where it takes 6), and one run's 90th percentile is then the machine's,
not the frame's. The last column says what the noisiest run gave.

Reported per scene or stage and size: the median frame's fps (step + draw [+ flip]), the
fps of the slowest tenth's best frame (the 90th percentile of frame time: what a stutter
looks like), the step, the draw and (in a window) the flip apart (median ms), and the
90th percentile of the worst single run ("p90 worst", fps). Frames are timed with
``time.perf_counter``; with ``--cpu`` with ``time.process_time`` instead (this process's
CPU time). The last lines name the slowest.

Usage::

    python bench/bench_fps.py [--frames 180] [--repeats 3] [--sizes 1024x768 1920x1080]
                              [--window] [--cpu] [--only pile shadows ...]

Not part of the test suite: it prints figures, it asserts nothing.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

if "--window" not in sys.argv:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from sandbox.app import lesson_run  # noqa: E402
from sandbox.app.commands import OpenLesson, Press, Step  # noqa: E402
from sandbox.app.dispatcher import dispatch  # noqa: E402
from sandbox.app.headless import init_pygame  # noqa: E402
from sandbox.app.lesson_plan import BUILT_IN, plan_lesson  # noqa: E402
from sandbox.app.scene_control import open_session  # noqa: E402
from sandbox.app.view_model import draw_session  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

THEMES = {(1024, 768): "projector", (1920, 1080): "dark"}
ANSWER_AFTER = 30  # frames the card waits before the class answers


@dataclass
class Timing:
    where: str
    step_ms: np.ndarray
    draw_ms: np.ndarray
    flip_ms: np.ndarray  # all zeros headless

    @property
    def frame_ms(self) -> np.ndarray:
        return self.step_ms + self.draw_ms + self.flip_ms

    def row(self) -> str:
        frame = self.frame_ms
        median_fps = 1000.0 / float(np.median(frame))
        slow_fps = 1000.0 / float(np.percentile(frame, 90))
        return (
            f"  {self.where:<22} {median_fps:8.0f} {slow_fps:9.0f} "
            f"{float(np.median(self.step_ms)):8.2f} {float(np.median(self.draw_ms)):8.2f}"
            + (f" {float(np.median(self.flip_ms)):8.2f}" if self.flip_ms.any() else "")
        )


def sessions(theme: str, only: set[str] | None):
    """(where, a function that opens it afresh) for every built-in scene, then every
    lesson stage."""
    for name, scene in SCENES.items():
        if only is None or name in only:
            yield name, partial(open_session, scene, theme=theme)
    for lesson in BUILT_IN:
        if only is not None and lesson not in only:
            continue
        plan = plan_lesson(lesson)
        for index in range(len(plan.stages)):
            yield f"{lesson} {index + 1}", partial(_open_stage, plan, index, theme)


def _open_stage(plan, index: int, theme: str):
    session = open_session(SCENES["classic"], theme=theme)
    dispatch(session, OpenLesson(plan, index))
    return session


def best_of(timings: list[Timing]) -> Timing:
    """Each frame's best run (the runs play the same frames: a scene is deterministic),
    step, draw and flip taken from the run whose whole frame was quickest: what the
    frame costs without the machine's own slow moments."""
    frames = np.stack([t.frame_ms for t in timings])  # (runs, frames)
    best = np.argmin(frames, axis=0)
    pick = np.arange(frames.shape[1])

    def take(name):
        return np.stack([getattr(t, name) for t in timings])[best, pick]

    return Timing(timings[0].where, take("step_ms"), take("draw_ms"), take("flip_ms"))


def time_frames(where, session, surface, frames: int, clock, flip) -> Timing:
    step_ms, draw_ms, flip_ms = np.zeros(frames), np.zeros(frames), np.zeros(frames)
    waited = 0
    gc.collect()  # as the window does once its session is open (app/window.py)
    gc.freeze()
    for k in range(frames):
        run = session.lesson_run
        if run is not None and run.phase == "asking":
            waited += 1
            if waited == ANSWER_AFTER:  # the class answers, rightly
                dispatch(session, Press(sorted(lesson_run.right_keys(session))[0]))
        t0 = clock()
        dispatch(session, Step())
        t1 = clock()
        draw_session(surface, session, fps=60.0)
        t2 = clock()
        if flip:
            pygame.display.flip()
        t3 = clock()
        step_ms[k], draw_ms[k] = 1000 * (t1 - t0), 1000 * (t2 - t1)
        flip_ms[k] = 1000 * (t3 - t2) if flip else 0.0
    gc.unfreeze()
    return Timing(where, step_ms, draw_ms, flip_ms)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=180, help="frames timed from the start")
    parser.add_argument("--sizes", nargs="+", default=["1024x768", "1920x1080"])
    parser.add_argument("--window", action="store_true", help="a real window (needs DISPLAY)")
    parser.add_argument("--cpu", action="store_true", help="time.process_time, not wall time")
    parser.add_argument("--only", nargs="+", default=None, help="scene or lesson names")
    parser.add_argument(
        "--repeats", type=int, default=3, help="runs of each scene, each frame's best kept"
    )
    args = parser.parse_args(argv)
    if args.frames < 10:
        parser.error("--frames must be at least 10")
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    sizes = []
    for text in args.sizes:
        try:
            sizes.append(tuple(int(v) for v in text.lower().split("x")))
        except ValueError:
            parser.error(f"--sizes {text!r}: expected WxH, e.g. 1920x1080")
    clock = time.process_time if args.cpu else time.perf_counter
    init_pygame(headless=not args.window)  # as the app starts it (its SDL hints)
    only = set(args.only) if args.only else None
    slowest = []
    try:
        for size in sizes:
            theme = THEMES.get(size, "dark")
            if args.window:
                surface = pygame.display.set_mode(size)
                pygame.display.set_caption("SAT Sandbox: bench_fps")
            else:
                surface = pygame.Surface(size)
            mode = "a real window, flipped" if args.window else "headless"
            timer = "CPU time" if args.cpu else "wall time"
            print(
                f"{size[0]}x{size[1]}, theme {theme}, {mode}, {args.frames} frames from the "
                f"start, {timer}, driver {pygame.display.get_driver()}"
            )
            heads = f"{'fps med':>8} {'fps p90':>9} {'step ms':>8} {'draw ms':>8}"
            heads += f" {'flip ms':>8}" if args.window else ""
            heads += f" {'p90 worst':>9}"
            print(f"  {'scene / stage':<22} {heads}")
            if args.window:  # what the display costs whatever is drawn: the ceiling
                ceiling = time.perf_counter()
                for _ in range(30):
                    pygame.display.flip()
                ceiling = (time.perf_counter() - ceiling) / 30
                alone = f"{1000 * ceiling:.2f} ms ({1 / ceiling:.0f} fps)"
                print(f"  a flip alone, nothing drawn: {alone}")
            # The runs of a scene are rounds apart (every scene once a round): a slow
            # spell of the machine, seconds to minutes long, then spoils one run of it.
            scenes = list(sessions(theme, only))
            rounds = []
            for _ in range(args.repeats):
                rounds.append(
                    [
                        time_frames(where, opened(), surface, args.frames, clock, args.window)
                        for where, opened in scenes
                    ]
                )
            for k, (where, _) in enumerate(scenes):
                runs = [played[k] for played in rounds]
                timing = best_of(runs)
                worst = min(1000.0 / float(np.percentile(run.frame_ms, 90)) for run in runs)
                print(timing.row() + f" {worst:9.0f}", flush=True)
                slowest.append((1000.0 / float(np.percentile(timing.frame_ms, 90)), size, where))
            print()
    finally:
        pygame.quit()
    slowest.sort()
    print("slowest (fps of the 90th-percentile frame):")
    for fps, size, where in slowest[:5]:
        print(f"  {fps:6.0f}  {where} at {size[0]}x{size[1]}")
    below = [entry for entry in slowest if entry[0] < 60.0]
    print(f"{len(below)} of {len(slowest)} below 60 fps at the 90th percentile")
    return 0


if __name__ == "__main__":
    sys.exit(main())
