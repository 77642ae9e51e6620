"""--hold KEY:FIRST-LAST: a key held (or pressed, for a key that is no control) over steps.

The headless options and a lesson stage's script both read it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import UsageError
from .keymap import KEY_ACTIONS
from .limits import MAX_FRAMES


@dataclass(frozen=True)
class Hold:
    key: str
    first: int
    last: int


def parse_hold(text: str) -> Hold:
    key, sep, span = text.rpartition(":")
    first, dash, last = span.partition("-")
    if not sep or not key or not dash:
        raise UsageError(f"--hold {text!r}: expected KEY:FIRST-LAST, e.g. right:0-59")
    try:
        first_tick, last_tick = int(first), int(last)
    except ValueError:
        raise UsageError(f"--hold {text!r}: FIRST and LAST must be whole numbers") from None
    if first_tick < 0 or last_tick < first_tick or last_tick > MAX_FRAMES:
        raise UsageError(f"--hold {text!r}: need 0 <= FIRST <= LAST <= {MAX_FRAMES}")
    key = key.lower()
    if key not in KEY_ACTIONS:
        known = ", ".join(sorted(KEY_ACTIONS))
        raise UsageError(f"--hold {text!r}: no action is bound to key {key!r} (keys: {known})")
    if KEY_ACTIONS[key].action in ("quit",):
        raise UsageError(f"--hold {text!r}: {key} quits; a headless run ends by itself")
    return Hold(key, first_tick, last_tick)
