"""Recording and replay: what the session did, in order, as JSON lines (data only).

A rewind is an event in the recording (design (a), not truncating the recording to the rewound
moment). The dispatcher (app/dispatcher.py) writes the recording: every key it acts on (Backspace,
Page Up / Page Down, O and the pause among them), every mouse event, every control and edit, and
the keys held before every step, each stamped ("step") with `Session.steps_taken`, the count of
steps taken since the session began, which a rewind never turns back. A replay hands the same
commands to the same dispatcher at the same count, so it puts back the same saved state, steps on
from it, and ends in what was shown: after a reset, a scene change, F's next outline, Y's restart
or a move in the 3D scene as much as after a plain rewind. The other design (truncating the
recording to the rewound moment) would have to know, for every action, what a rewind does and does
not take back (History is reset by a scene change, a reset, F and Y; the 3D view is not in the
saved states at all), which is how the version 1 recorder went wrong.

    {"format": "sat-sandbox-replay", "version": 2, "scene": ..., "seed": ..., "theme": ...}
                                        (a lesson's run adds "lesson": name or path, "stage": k)
    {"step": 0, "hold": ["right"]}      keys held from now on (before a step, or O)
    {"step": 40, "press": "page up"}    a key the session acted on (never the Escape that quits)
    {"step": 40, "mouse": "press", "x": 310.0, "y": 205.5, "shift": false}
    {"step": 41, "ui": "set", "value": ["gravity", 450.0]}
                                        a control no key stands for (app/commands.py:
                                        a panel, a scene from the list, a slider, the view,
                                        edit mode, the outline drawn, an edit)
    {"end": 150}                        the steps taken when the run ended

`step` never decreases. A replay, at c steps taken, hands over every line stamped c in
order (a press of O may step, moving the count on), then takes one step with the keys
held, until the count reaches `end`.

Every line the recorder writes first goes through the replay's own line checks; a line the replay
would refuse, or one that would take the file past MAX_REPLAY_BYTES, stops the recording there:
nothing after it is written, and `end` is that moment, so the file still replays to what was shown
up to then (the window says so on screen and on stderr; a headless run, whose input is a script,
ends with one line and status 2 instead). A scene the replay could not name (a path with a
newline, or longer than MAX_SCENE_NAME) is refused before the run begins.

Version 1 files (the stamp was the step on show, rewinds and the time keys were not
recorded) are still read and replayed as before: one step a line's step, presses first.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..core.locales import N_
from ..core.worded import Phrase
from ..scenes.base import Scene
from ..scenes.files import InputFileError, read_text_file
from .commands import Edit, UiChange
from .errors import UsageError
from .keymap import EDIT_ACTIONS, KEY_ACTIONS, REBUILD_ACTIONS
from .limits import MAX_FRAMES, MAX_REBUILDS, MAX_REPLAY_BYTES
from .mouse_input import MouseEvent
from .replay_lines import (
    REPLAY_FORMAT,
    ReplayLineError,
    end_of,
    event_of,
    header_fields,
    parse_line,
)

VERSION = 2  # the version written; 1 and 2 are read
# The window's business, not the session's; and what is recorded as what it did.
UNRECORDED = {"fullscreen"} | EDIT_ACTIONS  # (the Escape that quits is never recorded)
_END_ROOM = len(json.dumps({"end": MAX_FRAMES})) + 1  # kept free for the end line


def rebuilds_world(what) -> bool:
    """A press (key name) or a control that builds the world anew: reset, a scene, F,
    Y, a scene from the list (a replay holds at most MAX_REBUILDS of them)."""
    if isinstance(what, str):
        return KEY_ACTIONS[what].action in REBUILD_ACTIONS
    return isinstance(what, UiChange) and what.kind == "scene"


def header_for(
    scene: Scene, seed: int, theme: str, lesson_name: str | None = None, stage: int = 0
) -> dict:
    header = {
        "format": REPLAY_FORMAT,
        "version": VERSION,
        "scene": scene.source if scene.source != "built-in" else scene.name,
        "seed": seed,
        "theme": theme,
    }
    if lesson_name is not None:  # a lesson's run: the replay opens the same stage of it
        header["lesson"], header["stage"] = lesson_name, stage
    return header


def check_recordable(
    scene: Scene, seed: int, theme: str, lesson_name: str | None = None, stage: int = 0
) -> None:
    """UsageError unless a replay could read the header a recording of this run starts
    with (checked by the replay's own reader, before the run begins)."""
    try:
        header = header_for(scene, seed, theme, lesson_name, stage)
        header_fields(parse_line(json.dumps(header, sort_keys=True)))
    except ReplayLineError as error:
        raise UsageError.words(
            N_("--record: a replay could not name this scene again: {error}"), error=error
        ) from None


class Recorder:
    """What the session did, in order, one JSON line each, written by the dispatcher
    (see the module docstring); each line is checked by the replay's reader first."""

    def __init__(
        self, scene: Scene, seed: int, theme: str, lesson_name: str | None = None, stage: int = 0
    ):
        check_recordable(scene, seed, theme, lesson_name, stage)
        self.header = header_for(scene, seed, theme, lesson_name, stage)
        first = json.dumps(self.header, sort_keys=True)
        self._lines = [first]
        self._bytes = len(first) + 1  # json.dumps writes ASCII: characters are bytes
        self._last_step = 0
        self._held: frozenset[str] = frozenset()
        self.stopped: Phrase | None = None  # why the recording stopped early, if it did
        self.stopped_at: int | None = None  # steps taken when it stopped: the recording's end
        self._rebuilds = 0  # presses that rebuild the world (at most MAX_REBUILDS)

    def press(self, taken: int, key: str) -> None:
        """A key the session is about to act on (held keys are not presses)."""
        binding = KEY_ACTIONS.get(key)
        if binding is not None and not binding.held and binding.action not in UNRECORDED:
            if self._counted(taken, key):
                self._write({"step": taken, "press": key})

    def press_that_only_said(self, taken: int, key: str) -> None:
        """An edit key whose press led to no edit, only words on the status bar ("nothing
        to close", "answer first"): recorded as the press, so the replay shows them too.
        (An edit key that did edit is recorded as the edit it made, never as the key: a
        replay of both would edit twice.)"""
        if KEY_ACTIONS[key].action in EDIT_ACTIONS:
            self._write({"step": taken, "press": key})

    @property
    def written(self) -> int:
        """How many lines the recording holds so far."""
        return len(self._lines)

    def mouse(self, taken: int, event: MouseEvent) -> None:
        self._write(event.to_json(taken))

    def ui(self, taken: int, event: UiChange | Edit) -> None:
        """A control no key stands for; a scene chosen counts as a rebuild."""
        if self._counted(taken, event):
            self._write(event.to_json(taken))

    def _counted(self, taken: int, what) -> bool:
        """False, the recording stopped, when `what` would rebuild the world once more
        than a replay allows (MAX_REBUILDS); else True, and a rebuild counted."""
        if rebuilds_world(what):
            if self._rebuilds >= MAX_REBUILDS:
                most = f"{MAX_REBUILDS:,}"
                self._stop(taken, N_("a replay rebuilds the world at most {most} times"), most=most)
                return False
            self._rebuilds += 1
        return True

    def held(self, taken: int, held: frozenset[str]) -> None:
        """About to step (a step of the session, or O) with these keys held."""
        if taken >= MAX_FRAMES:
            self._stop(taken, N_("a replay is at most {most} steps long"), most=f"{MAX_FRAMES:,}")
        if held != self._held and self._write({"step": taken, "hold": sorted(held)}):
            self._held = held

    def lines(self, taken: int) -> list[str]:
        """The file: the header, the events, the end (where the recording stopped, if it
        stopped early; else `taken`, Session.steps_taken)."""
        end = taken if self.stopped_at is None else self.stopped_at
        return [*self._lines, json.dumps({"end": end})]

    def _write(self, item: dict) -> bool:
        if self.stopped is not None:
            return False
        line = json.dumps(item, sort_keys=True)
        try:
            event_of(parse_line(line), self._last_step)
        except ReplayLineError as error:
            self._stop(
                item["step"], N_("a replay would refuse its next line ({error})"), error=error
            )
            return False
        if self._bytes + len(line) + 1 + _END_ROOM > MAX_REPLAY_BYTES:
            limit = MAX_REPLAY_BYTES
            if limit % (1 << 20) == 0:
                why = N_("the file would pass a replay's limit of {size} MiB")
                self._stop(item["step"], why, size=f"{limit >> 20}")
            else:
                why = N_("the file would pass a replay's limit of {size} bytes")
                self._stop(item["step"], why, size=f"{limit:,}")
            return False
        self._lines.append(line)
        self._bytes += len(line) + 1
        self._last_step = item["step"]
        return True

    def _stop(self, taken: int, why: str, **values: object) -> None:
        """Stop at step `taken`, for the reason `why` (a msgid with its `values`): said
        later, in the class's language (`stopped.said(tr)`; its English is str())."""
        if self.stopped is None:
            reason = Phrase(why, values)
            self.stopped = Phrase(
                N_("recording stopped at step {taken}: {why}"), {"taken": taken, "why": reason}
            )
            self.stopped_at = taken


@dataclass(frozen=True)
class Replay:
    scene: str
    seed: int
    theme: str
    end: int
    # (stamp, what) in the file's order: the stamp is the line's "step" (`_event`: what
    # it counts depends on `version`); what: a key pressed (str), a MouseEvent, a
    # UiChange or Edit, or the keys held from then on (frozenset)
    events: tuple[tuple[int, str | MouseEvent | UiChange | Edit | frozenset[str]], ...]
    version: int = VERSION
    lesson_name: str | None = None  # a lesson's run: its name or file, and the stage it began at
    stage: int = 0


def load_replay(path: Path) -> Replay:
    """Read and validate a recording (JSON lines; data only, never executed)."""
    try:
        text = read_text_file(path, MAX_REPLAY_BYTES, N_("replay file"))
    except InputFileError as error:
        raise UsageError.words(N_("{path}: {error}"), path=path, error=error) from None
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise UsageError.words(N_("{path}: replay file is empty"), path=path)
    number, line = lines[0]
    try:
        scene, seed, theme, version, lesson_name, stage = header_fields(parse_line(line))
    except ReplayLineError as error:
        raise UsageError.words(
            N_("{path}:{number}: {error}"), path=path, number=number, error=error
        ) from None
    events: list[tuple[int, str | MouseEvent | frozenset[str]]] = []
    end = None
    rebuilds = 0
    for number, line in lines[1:]:
        try:
            item = parse_line(line)
            if end is not None:
                raise ReplayLineError.words(N_("nothing may follow the end line"))
            if set(item) == {"end"}:
                end = end_of(item, events[-1][0] if events else 0)
            else:
                events.append(event_of(item, events[-1][0] if events else 0))
                what = events[-1][1]
                if rebuilds_world(what):
                    rebuilds += 1
                    if rebuilds > MAX_REBUILDS:
                        raise ReplayLineError.words(
                            N_(
                                "more than {most:,} presses that rebuild the world "
                                "(reset, scene, F, Y)"
                            ),
                            most=MAX_REBUILDS,
                        )
        except ReplayLineError as error:
            raise UsageError.words(
                N_("{path}:{number}: {error}"), path=path, number=number, error=error
            ) from None
    if end is None:
        raise UsageError.words(
            N_("{path}: missing the end line (was the recording cut short?)"), path=path
        )
    return Replay(scene, seed, theme, end, tuple(events), version, lesson_name, stage)
