"""What one input costs on the way to the state it changes (issue 42, items 3 and 4).

Counts, not times: how often one key press looks its key up in the keymap, how many
functions lie between the event and the change of state (the hop count: the frames on
the stack from the source's entry to the function that writes the state, both counted),
how often a frame computes the step-through's step list, and how many frame models and
slider tables one pointer event of a slider drag builds.

Usage::

    SDL_VIDEODRIVER=dummy python bench/bench_event_path.py

Not part of the test suite: it prints figures, it asserts nothing.
"""

from __future__ import annotations

import cProfile
import os
import pstats
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from sandbox.app import keymap, toolbar  # noqa: E402
from sandbox.app.commands import Press, UiChange  # noqa: E402
from sandbox.app.dispatcher import dispatch  # noqa: E402
from sandbox.app.headless import init_pygame  # noqa: E402
from sandbox.app.scene_control import open_session  # noqa: E402
from sandbox.app.view_model import draw_session, drawn  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

SIZE = (1024, 768)


class _Counting(dict):
    """KEY_ACTIONS, counting its look-ups."""

    looked = 0

    def get(self, key, default=None):
        _Counting.looked += 1
        return super().get(key, default)

    def __getitem__(self, key):
        _Counting.looked += 1
        return super().__getitem__(key)

    def __contains__(self, key):
        _Counting.looked += 1
        return super().__contains__(key)


def _count_lookups() -> None:
    original = keymap.KEY_ACTIONS
    counting = _Counting(original)
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("sandbox.") and (
            getattr(module, "KEY_ACTIONS", None) is original
        ):
            module.KEY_ACTIONS = counting


def _calls(run, *names: str) -> dict[str, int]:
    """How often `run()` calls each function called `name` in sandbox/ (cProfile)."""
    profile = cProfile.Profile()
    profile.runcall(run)
    stats = pstats.Stats(profile).stats
    out = dict.fromkeys(names, 0)
    for (path, _, func), (_, ncalls, *_rest) in stats.items():
        if "sandbox" in path and func in out:
            out[func] += ncalls
    return out


def _hops(run, entry: str, target: str) -> list[str]:
    """The chain of sandbox functions from `entry` to the first call of `target`."""
    chain: list[str] = []

    def tracer(frame, event, arg):
        if event == "call" and frame.f_code.co_name == target and not chain:
            names = []
            f = frame
            while f is not None:
                if "sandbox" in f.f_code.co_filename:
                    names.append(f.f_code.co_name)
                if f.f_code.co_name == entry:
                    break
                f = f.f_back
            chain.extend(reversed(names))

    sys.setprofile(tracer)
    try:
        run()
    finally:
        sys.setprofile(None)
    return chain


def main() -> None:
    init_pygame(headless=True)
    _count_lookups()
    surface = pygame.Surface(SIZE)

    # one key press: N (an overlay) and A (the step-through)
    for key, target in (("n", "_overlay"), ("a", "walk")):
        session = open_session(SCENES["classic"])
        _Counting.looked = 0
        chain = _hops(lambda s=session, k=key: dispatch(s, Press(k)), "dispatch", target)
        print(f"press {key!r}: {_Counting.looked} keymap look-ups; {len(chain)} hops: ")
        print("    " + " -> ".join(chain))
    session = open_session(SCENES["classic"])
    steps = _calls(lambda: dispatch(session, Press("a")), "walkthrough")["walkthrough"]
    print(f"press 'a': the step list computed {steps} times on the press")
    per_frame = _calls(lambda: draw_session(surface, session), "walkthrough")
    print(f"step-through on: the step list computed {per_frame['walkthrough']} times a frame")

    # a slider drag: press on the gravity slider's track, then pointer moves
    session = open_session(SCENES["pile"])
    dispatch(session, UiChange("panel", "tune"))
    gesture = toolbar.Gesture()
    _, gesture.screen = drawn(surface, session)  # as the window does after each frame
    control = next(c for c in gesture.screen.controls if c.name == "slider:gravity")
    x, y, w, h = control.rect
    names = ("_frame_model", "sliders", "layout_controls", "compute_layout")
    pressed = _calls(
        lambda: toolbar.press(session, gesture, SIZE, (x + w // 4, y + h // 2), 1), *names
    )
    print(f"slider press: {pressed}")
    moves = 5
    points = [(x + w // 3 + 9 * k, y + h // 2) for k in range(moves)]

    def drag():
        for point in points:
            toolbar.move(session, gesture, SIZE, point)

    moved = _calls(drag, *names)
    print(f"slider drag, per pointer event: { {k: v / moves for k, v in moved.items()} }")
    toolbar.press(session, gesture, SIZE, (x + w // 4, y + h // 2), 1)
    chain = _hops(
        lambda: toolbar.move(session, gesture, SIZE, (x + w // 2, y + h // 2)),
        "move",
        "set_gravity_strength",
    )
    print(f"slider drag: {len(chain)} hops: " + " -> ".join(chain))
    frame = _calls(lambda: draw_session(surface, session), *names)
    print(f"one frame with the Tune panel open: {frame}")


if __name__ == "__main__":
    main()
