"""Recording and replay: the keys held and pressed at each step, as JSON lines (data only)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..scenes.base import Scene
from .errors import UsageError
from .keymap import KEY_ACTIONS, TIME_ACTIONS

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
    presses: dict[int, list[str]]  # step -> keys pressed before that step
    holds: dict[int, frozenset[str]]  # step -> keys held from that step on


def load_replay(path: Path) -> Replay:
    """Read and validate a recording (JSON lines; data only, never executed)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"{path}: cannot read replay file ({error})") from None
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise UsageError(f"{path}: replay file is empty")
    items = []
    for number, line in enumerate(lines, 1):
        try:
            item = json.loads(line)
        except json.JSONDecodeError as error:
            raise UsageError(f"{path}:{number}: not JSON ({error.msg})") from None
        if not isinstance(item, dict):
            raise UsageError(f"{path}:{number}: each line must be a JSON object")
        items.append((number, item))
    number, header = items[0]
    if header.get("format") != REPLAY_FORMAT or header.get("version") != 1:
        raise UsageError(f"{path}:1: not a {REPLAY_FORMAT} version 1 file")
    seed = header.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise UsageError(f"{path}:1: seed must be a whole number")
    for field in ("scene", "theme"):
        if not isinstance(header.get(field), str):
            raise UsageError(f"{path}:1: {field} must be a string")
    presses: dict[int, list[str]] = {}
    holds: dict[int, frozenset[str]] = {}
    end = None
    last_step = 0
    for number, item in items[1:]:
        if end is not None:
            raise UsageError(f"{path}:{number}: nothing may follow the end line")
        if set(item) == {"end"}:
            end = item["end"]
            if not isinstance(end, int) or isinstance(end, bool) or end < last_step:
                raise UsageError(f"{path}:{number}: end must be a whole number >= the last step")
            continue
        step = item.get("step")
        if not isinstance(step, int) or isinstance(step, bool) or step < last_step:
            raise UsageError(f"{path}:{number}: step must be a whole number, never decreasing")
        last_step = step
        if set(item) == {"step", "press"}:
            key = item["press"]
            if key not in KEY_ACTIONS or KEY_ACTIONS[key].held:
                raise UsageError(f"{path}:{number}: unknown action key {key!r}")
            presses.setdefault(step, []).append(key)
        elif set(item) == {"step", "hold"}:
            keys = item["hold"]
            if not isinstance(keys, list) or any(
                k not in KEY_ACTIONS or not KEY_ACTIONS[k].held for k in keys
            ):
                raise UsageError(f"{path}:{number}: hold must list control keys (arrows, q, e)")
            holds[step] = frozenset(keys)
        else:
            raise UsageError(f"{path}:{number}: expected a press, hold or end line")
    if end is None:
        raise UsageError(f"{path}: missing the end line (was the recording cut short?)")
    return Replay(header["scene"], seed, header["theme"], end, presses, holds)
