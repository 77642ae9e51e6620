"""Rewind: the world as it was after each of the last steps, to step back through.

Each entry is the world's state saved by physics (`World.save_state`) after a
step, with the session's step count and the pair on show chosen then (the app's, not
the world's: app/pair_choice.py)::

    kept:  [s0 s1 s2 ... s(k) ... s(n)]     s(i) = the world after step i
                     rewound to ^ k          backspace / page up: back
                                             O / page down: forward
    stepping on from k drops s(k+1)..s(n): the future is gone. A recording keeps the
    rewind itself (the key pressed), and its replay puts back the same state.
"""

from __future__ import annotations

from collections import deque

from ..physics.world import SavedState, World
from .pair_choice import PairChoice

KEEP_STEPS = 12 * 60  # 12 s at 60 steps/s


class History:
    """The last KEEP_STEPS saved states and where the learner stands among them."""

    def __init__(self, keep: int = KEEP_STEPS):
        # (Session.step_on_show, the world's state, the pair chosen)
        self.kept: deque[tuple[int, SavedState, PairChoice]] = deque(maxlen=keep + 1)
        self.at: int | None = None  # index of the state on show; None: the present

    def keep(self, world: World, step_on_show: int, choice: PairChoice) -> None:
        """The world after a step: drop any future we were rewound from, keep this."""
        if self.at is not None:
            while len(self.kept) > self.at + 1:
                self.kept.pop()
            self.at = None
        self.kept.append((step_on_show, world.save_state(), choice))

    def replace_present(self, world: World, step_on_show: int, choice: PairChoice) -> None:
        """The present was changed in place (an edit): keep the world as it is now in
        place of the state saved before the change (a rewound-to state stays)."""
        if self.at is None and self.kept:
            self.kept.pop()
        self.keep(world, step_on_show, choice)

    def move(self, world: World, delta: int) -> tuple[int, PairChoice] | None:
        """Step back (delta < 0) or forward through the kept states; the world shows the
        one reached. Returns its Session.step_on_show and pair chosen, or None when there
        is none."""
        if not self.kept:
            return None
        here = len(self.kept) - 1 if self.at is None else self.at
        there = min(max(here + delta, 0), len(self.kept) - 1)
        step_on_show, saved, choice = self.kept[there]
        world.restore_state(saved)
        self.at = None if there == len(self.kept) - 1 else there
        return step_on_show, choice

    def span(self) -> tuple[int, int, int] | None:
        """(first, current, last) world ticks kept, for the timeline bar."""
        if not self.kept:
            return None
        here = len(self.kept) - 1 if self.at is None else self.at
        first, shown, last = self.kept[0], self.kept[here], self.kept[-1]
        return first[1].tick, shown[1].tick, last[1].tick
