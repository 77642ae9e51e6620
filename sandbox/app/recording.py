"""Recording and replay: the keys held and pressed at each step, as JSON lines (data only)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..scenes.base import Scene
from ..scenes.files import InputFileError, read_text_file
from .errors import UsageError
from .keymap import KEY_ACTIONS, TIME_ACTIONS
from .limits import (
    MAX_FRAMES,
    MAX_INT_DIGITS,
    MAX_JSON_DEPTH,
    MAX_REPLAY_BYTES,
    MAX_REPLAY_LINE,
    MAX_SCENE_NAME,
    MAX_SEED,
)
from .pointer import mouse_event_from

REPLAY_FORMAT = "sat-sandbox-replay"


class Recorder:
    """Keys held and actions pressed, per step: one JSON object a line."""

    def __init__(self, scene: Scene, seed: int, theme: str):
        self.header = {
            "format": REPLAY_FORMAT,
            "version": 1,
            "scene": scene.source if scene.source != "built-in" else scene.name,
            "seed": seed,
            "theme": theme,
        }
        self.events: list[dict] = []
        self._held: frozenset[str] = frozenset()

    def action(self, step: int, key: str) -> None:
        binding = KEY_ACTIONS.get(key)
        if binding is not None and not binding.held and binding.action not in TIME_ACTIONS:
            self.events.append({"step": step, "press": key})

    def mouse(self, step: int, event) -> None:
        self.events.append(event.to_json(step))

    def forget_from(self, step: int, mark: int | None) -> None:
        """Stepping on from a rewound step: drop the input recorded for the discarded
        future (events from `step` on that were recorded before the rewind began at
        event `mark`, and those recorded since for other steps)."""
        mark = len(self.events) if mark is None else mark
        before = [e for e in self.events[:mark] if e["step"] < step]
        since = [e for e in self.events[mark:] if e["step"] == step]
        self.events = before + since
        holds = [e["hold"] for e in self.events if "hold" in e]
        self._held = frozenset(holds[-1]) if holds else frozenset()

    def held(self, step: int, held: frozenset[str]) -> None:
        if held != self._held:
            self.events.append({"step": step, "hold": sorted(held)})
            self._held = held

    def lines(self, total_steps: int) -> list[str]:
        out = [self.header, *self.events, {"end": total_steps}]
        return [json.dumps(item, sort_keys=True) for item in out]


@dataclass(frozen=True)
class Replay:
    scene: str
    seed: int
    theme: str
    end: int
    presses: dict[int, list]  # step -> keys pressed (and MouseEvents) before that step
    holds: dict[int, frozenset[str]]  # step -> keys held from that step on


def _depth(line: str) -> int:
    """The deepest nesting of [ and { in a JSON line, strings skipped (checked before
    parsing, so that 100,000 nested brackets never reach the recursive parser)."""
    depth = deepest = 0
    in_string = escaped = False
    for character in line:
        if in_string:
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                in_string = False
        elif character == '"':
            in_string = True
        elif character in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif character in "]}":
            depth -= 1
    return deepest


def _whole_number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(
            f"a whole number of {len(text.lstrip('-'))} digits (at most {MAX_INT_DIGITS})"
        )
    return int(text)


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number JSON allows")


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _parse_line(path: Path, number: int, line: str) -> dict:
    if len(line) > MAX_REPLAY_LINE:
        raise UsageError(f"{path}:{number}: line too long (at most {MAX_REPLAY_LINE} characters)")
    if _depth(line) > MAX_JSON_DEPTH:
        raise UsageError(f"{path}:{number}: nested too deeply (at most {MAX_JSON_DEPTH} levels)")
    try:
        item = json.loads(line, parse_int=_whole_number, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise UsageError(f"{path}:{number}: not JSON ({error.msg})") from None
    except (ValueError, RecursionError) as error:
        raise UsageError(f"{path}:{number}: not a replay line ({error})") from None
    if not isinstance(item, dict):
        raise UsageError(f"{path}:{number}: each line must be a JSON object")
    return item


def _header(path: Path, header: dict) -> tuple[str, int, str]:
    version = header.get("version")
    if header.get("format") != REPLAY_FORMAT or not _is_int(version) or version != 1:
        raise UsageError(f"{path}:1: not a {REPLAY_FORMAT} version 1 file")
    unknown = sorted(set(header) - {"format", "version", "scene", "seed", "theme"})
    if unknown:
        raise UsageError(f"{path}:1: unknown header field {unknown[0]!r}")
    seed = header.get("seed")
    if not _is_int(seed) or abs(seed) > MAX_SEED:
        raise UsageError(f"{path}:1: seed must be a whole number of at most 64 bits")
    for field, longest in (("scene", MAX_SCENE_NAME), ("theme", 40)):
        value = header.get(field)
        if not isinstance(value, str) or not value or len(value) > longest:
            raise UsageError(f"{path}:1: {field} must be a string of 1 to {longest} characters")
        if not value.isprintable():
            raise UsageError(f"{path}:1: {field} must be printable text")
    return header["scene"], seed, header["theme"]


def load_replay(path: Path) -> Replay:
    """Read and validate a recording (JSON lines; data only, never executed)."""
    try:
        text = read_text_file(path, MAX_REPLAY_BYTES, "replay file")
    except InputFileError as error:
        raise UsageError(f"{path}: {error}") from None
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise UsageError(f"{path}: replay file is empty")
    scene, seed, theme = _header(path, _parse_line(path, *lines[0]))
    presses: dict[int, list[str]] = {}
    holds: dict[int, frozenset[str]] = {}
    end = None
    last_step = 0
    for number, line in lines[1:]:
        item = _parse_line(path, number, line)
        if end is not None:
            raise UsageError(f"{path}:{number}: nothing may follow the end line")
        if set(item) == {"end"}:
            end = item["end"]
            if not _is_int(end) or not last_step <= end <= MAX_FRAMES:
                raise UsageError(
                    f"{path}:{number}: end must be a whole number from the last step "
                    f"to {MAX_FRAMES}"
                )
            continue
        step = item.get("step")
        if not _is_int(step) or step < last_step:
            raise UsageError(f"{path}:{number}: step must be a whole number, never decreasing")
        if step > MAX_FRAMES:
            raise UsageError(f"{path}:{number}: step must be at most {MAX_FRAMES}")
        last_step = step
        if set(item) == {"step", "press"}:
            key = item["press"]
            if not isinstance(key, str) or key not in KEY_ACTIONS or KEY_ACTIONS[key].held:
                raise UsageError(f"{path}:{number}: unknown action key {_shown(key)}")
            presses.setdefault(step, []).append(key)
        elif set(item) == {"step", "hold"}:
            keys = item["hold"]
            if not isinstance(keys, list) or any(
                not isinstance(k, str) or k not in KEY_ACTIONS or not KEY_ACTIONS[k].held
                for k in keys
            ):
                raise UsageError(f"{path}:{number}: hold must list control keys (arrows, q, e)")
            holds[step] = frozenset(keys)
        elif "mouse" in item:
            try:
                presses.setdefault(step, []).append(mouse_event_from(item))
            except ValueError as error:
                raise UsageError(f"{path}:{number}: {error}") from None
        else:
            raise UsageError(f"{path}:{number}: expected a press, hold, mouse or end line")
    if end is None:
        raise UsageError(f"{path}: missing the end line (was the recording cut short?)")
    return Replay(scene, seed, theme, end, presses, holds)


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
