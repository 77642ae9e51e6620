"""--hold KEY:FIRST-LAST: a key held (or pressed, for a key that is no control) over steps.

The headless options and a lesson stage's script both read it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.locales import N_
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
        raise UsageError.words(
            N_("--hold {hold}: expected KEY:FIRST-LAST, e.g. right:0-59"), hold=repr(text)
        )
    try:
        first_tick, last_tick = int(first), int(last)
    except ValueError:
        raise UsageError.words(
            N_("--hold {hold}: FIRST and LAST must be whole numbers"), hold=repr(text)
        ) from None
    if first_tick < 0 or last_tick < first_tick or last_tick > MAX_FRAMES:
        raise UsageError.words(
            N_("--hold {hold}: need 0 <= FIRST <= LAST <= {most}"), hold=repr(text), most=MAX_FRAMES
        )
    key = key.lower()
    if key not in KEY_ACTIONS:
        known = ", ".join(sorted(KEY_ACTIONS))
        raise UsageError.words(
            N_("--hold {hold}: no action is bound to key {key} (keys: {known})"),
            hold=repr(text),
            key=repr(key),
            known=known,
        )
    if KEY_ACTIONS[key].action in ("quit",):
        raise UsageError.words(
            N_("--hold {hold}: {key} quits; a headless run ends by itself"),
            hold=repr(text),
            key=key,
        )
    return Hold(key, first_tick, last_tick)
