"""Mouse input as plain data, so that a session with the mouse records and replays.

Every event is in world (canvas) coordinates, never window pixels, so a recording made
in a window of any size replays headless to the same state. Events reach the session
between steps, as key presses do:

    press x y [shift]   grab the body under the point (shift: pick it as shape A)
    move x y            the pointer moved while the button is down
    release x y         let go (thrown); no move since the press = a click: pick B
    wheel n             n notches: turn the held body

Headless runs script them: --drag X0,Y0:X1,Y1:FIRST-LAST presses at (X0, Y0) on step
FIRST, moves in a straight line and releases at (X1, Y1) on step LAST; --click X,Y:STEP
and --shift-click X,Y:STEP press and release at once.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ..core.locales import N_
from ..core.worded import WordedValueError
from .limits import MAX_FRAMES

MAX_COORDINATE = 1e6  # world units; a pointer is on the canvas, this is a sanity bound
MAX_NOTCHES = 100


@dataclass(frozen=True)
class MouseEvent:
    kind: str  # "press", "move", "release" or "wheel"
    x: float = 0.0
    y: float = 0.0
    shift: bool = False
    notches: int = 0

    def to_json(self, step: int) -> dict:
        if self.kind == "wheel":
            return {"step": step, "mouse": "wheel", "notches": self.notches}
        item = {"step": step, "mouse": self.kind, "x": self.x, "y": self.y}
        if self.kind == "press":
            item["shift"] = self.shift
        return item


def mouse_event_from(item: dict) -> MouseEvent:
    """A recorded line as an event, or ValueError saying what is wrong (data only)."""
    kind = item.get("mouse")
    fields = {"press": {"x", "y", "shift"}, "move": {"x", "y"}, "release": {"x", "y"}}
    fields["wheel"] = {"notches"}
    if kind not in fields:
        raise WordedValueError.words(N_("mouse must be press, move, release or wheel"))
    if set(item) != {"step", "mouse", *fields[kind]}:
        expected = ", ".join(sorted(fields[kind]))
        raise WordedValueError.words(
            N_("a mouse {kind} line has exactly the fields step, mouse, {expected}"),
            kind=kind,
            expected=expected,
        )
    if kind == "wheel":
        notches = item["notches"]
        if not (isinstance(notches, int) and not isinstance(notches, bool)):
            raise WordedValueError.words(N_("notches must be a whole number"))
        if abs(notches) > MAX_NOTCHES:
            raise WordedValueError.words(
                N_("notches must be at most {max_notches} either way"), max_notches=MAX_NOTCHES
            )
        return MouseEvent("wheel", notches=notches)
    x, y = (_coordinate(item[name], name) for name in ("x", "y"))
    shift = item.get("shift", False)
    if not isinstance(shift, bool):
        raise WordedValueError.words(N_("shift must be true or false"))
    return MouseEvent(kind, x, y, shift)


def _coordinate(value, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise WordedValueError.words(N_("{name} must be a number"), name=name)
    value = float(value)
    if not (math.isfinite(value) and abs(value) <= MAX_COORDINATE):
        raise WordedValueError.words(
            N_("{name} must be a finite number of at most {max_coordinate:g}"),
            name=name,
            max_coordinate=MAX_COORDINATE,
        )
    return value


_NUMBER = r"(-?\d+(?:\.\d+)?)"
_POINT = rf"{_NUMBER},{_NUMBER}"


_DRAG = re.compile(rf"{_POINT}:{_POINT}:(\d+)-(\d+)")


def _given(number: str, option: str, text: str) -> float:
    """A coordinate written in an option's `text` (--drag, --click), within reach."""
    value = float(number)
    if not (math.isfinite(value) and abs(value) <= MAX_COORDINATE):
        raise WordedValueError.words(
            N_("{option} {text!r}: a coordinate must be a finite number of at most {most:g}"),
            option=option,
            text=text,
            most=MAX_COORDINATE,
        )
    return value


def drag_steps(text: str) -> int:
    """How many steps (events) the drag `text` spans, read before any event is made;
    0 for text that is no drag (parse_drag says what is wrong with it)."""
    match = _DRAG.fullmatch(text)
    return max(0, int(match.group(6)) - int(match.group(5)) + 1) if match else 0


def parse_drag(text: str) -> dict[int, list[MouseEvent]]:
    """--drag X0,Y0:X1,Y1:FIRST-LAST as the events of each step."""
    match = _DRAG.fullmatch(text)
    if not match:
        raise WordedValueError.words(
            N_("--drag wants X0,Y0:X1,Y1:FIRST-LAST (e.g. 300,400:500,400:10-40), got {text!r}"),
            text=text,
        )
    x0, y0, x1, y1 = (_given(match.group(k), "--drag", text) for k in range(1, 5))
    first, last = int(match.group(5)), int(match.group(6))
    if last <= first:
        raise WordedValueError.words(
            N_("--drag needs FIRST < LAST, got {first}-{last}"), first=first, last=last
        )
    if last > MAX_FRAMES:  # before a single event is made
        raise WordedValueError.words(
            N_("--drag {text!r}: steps must be at most {max_frames}"),
            text=text,
            max_frames=MAX_FRAMES,
        )
    events: dict[int, list[MouseEvent]] = {first: [MouseEvent("press", x0, y0)]}
    for step in range(first + 1, last + 1):
        t = (step - first) / (last - first)
        x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        events.setdefault(step, []).append(MouseEvent("move", x, y))
    events[last].append(MouseEvent("release", x1, y1))
    return events


def parse_click(text: str, shift: bool = False) -> dict[int, list[MouseEvent]]:
    """--click X,Y:STEP (or --shift-click) as a press and a release on that step."""
    option = "--shift-click" if shift else "--click"
    match = re.fullmatch(rf"{_POINT}:(\d+)", text)
    if not match:
        raise WordedValueError.words(
            N_("{option} wants X,Y:STEP (e.g. 470,420:10), got {text!r}"), option=option, text=text
        )
    x, y = (_given(match.group(k), option, text) for k in (1, 2))
    step = int(match.group(3))
    return {step: [MouseEvent("press", x, y, shift), MouseEvent("release", x, y)]}
