"""Rewind (Backspace, Page Up / Page Down, O): the kept steps restore the world bit for
bit, stepping on from the past gives what stepping on gave the first time, and a
recording made across a rewind replays to the state that was shown."""

from __future__ import annotations

import json

import numpy as np
import pytest
from driving import advance, open_session, press

from sandbox.app.cli import main
from sandbox.app.history import KEEP_STEPS
from sandbox.scenes.registry import SCENES

ARRAYS = ("position", "angle", "velocity", "omega", "sleeping", "sleep_timer")


def state_bytes(saved) -> int:
    """The memory a saved state's own arrays take (the figure rewind's cost is judged by)."""
    total = 0
    for value in saved.copied.values():
        if isinstance(value, np.ndarray):
            total += value.nbytes
        elif hasattr(value, "__dict__"):
            total += sum(v.nbytes for v in vars(value).values() if isinstance(v, np.ndarray))
    return total


def state(world) -> dict:
    return {name: getattr(world, name).copy() for name in ARRAYS} | {"tick": world.tick}


def same(a: dict, b: dict) -> bool:
    return a["tick"] == b["tick"] and all(np.array_equal(a[k], b[k]) for k in ARRAYS)


def keys_at(step: int) -> frozenset[str]:
    return frozenset({"right"} if step % 50 < 20 else {"q"} if step % 50 < 30 else ())


@pytest.mark.parametrize("scene", ["gravity", "classic"])
def test_back_and_forward_restores_every_state_bit_for_bit(scene):
    session = open_session(SCENES[scene])
    seen = [state(session.world)]
    for step in range(90):
        advance(session, keys_at(step))
        seen.append(state(session.world))
    press(session, "backspace")
    assert session.paused and same(state(session.world), seen[89])
    press(session, "page up")
    assert same(state(session.world), seen[29]) and session.step_on_show == 29
    press(session, "o")
    assert same(state(session.world), seen[30])
    press(session, "page down")
    assert same(state(session.world), seen[90]) and session.history.at is None
    press(session, "page up")
    press(session, "page up")
    assert same(state(session.world), seen[0])  # no further back than the first kept


def test_stepping_on_from_the_past_repeats_the_first_time_exactly():
    """The pile falls for 100 steps; rewound 40 and stepped on with the same keys, the
    world is at step 100 bit for bit as the first time; the future was dropped."""
    session = open_session(SCENES["pile"])
    for step in range(100):
        advance(session, keys_at(step))
    first = state(session.world)
    for _ in range(40):
        press(session, "backspace")
    assert session.step_on_show == 60
    for step in range(60, 100):
        advance(session, keys_at(step))
    assert same(state(session.world), first)
    assert session.history.span()[2] == 100


def test_at_least_ten_seconds_are_kept_and_no_more_than_twelve():
    session = open_session(SCENES["classic"])
    for _ in range(KEEP_STEPS + 100):
        advance(session, frozenset())
    first, shown, last = session.history.span()
    assert last - first == KEEP_STEPS >= 600 and shown == last
    assert len(session.history.kept) == KEEP_STEPS + 1


def test_a_recording_across_a_rewind_replays_to_the_state_shown(capsys, tmp_path):
    """Headless: push right, rewind 61 steps at step 80 (which pauses), resume (P) and
    step on pushing left; the recording keeps the rewind (its keys, at step 80), so its
    replay rewinds too and ends exactly where the live run ended (which differs from
    never having rewound)."""
    live, replayed, rec = tmp_path / "live.json", tmp_path / "re.json", tmp_path / "r.jsonl"
    args = ["--headless", "--scene", "gravity", "--frames", "120", "--hold", "right:0-79"]
    rewind = ["--hold", "page up:80-80", "--hold", "backspace:80-80", "--hold", "p:80-80"]
    rewind += ["--hold", "left:81-119"]
    assert main([*args, *rewind, "--record", str(rec), "--dump-state", str(live)]) == 0
    assert main(["--headless", "--replay", str(rec), "--dump-state", str(replayed)]) == 0
    a, b = json.loads(live.read_text()), json.loads(replayed.read_text())
    assert a == b
    assert a["tick"] == 120 - 61
    events = [json.loads(line) for line in rec.read_text().splitlines()[1:-1]]
    presses = [(e["step"], e["press"]) for e in events if "press" in e]
    assert presses == [(80, "page up"), (80, "backspace"), (80, "p")]
    never = tmp_path / "never.json"
    assert main([*args, "--hold", "left:81-119", "--dump-state", str(never)]) == 0
    assert json.loads(never.read_text())["bodies"] != a["bodies"]


def test_a_snapshot_of_the_300_body_pile_is_small():
    """The figure behind the rewind's memory: bytes of arrays per kept step."""
    session = open_session(SCENES["pile"])
    for _ in range(30):
        advance(session, frozenset())
    size = state_bytes(session.world.save_state())
    assert 0 < size < 200_000  # 12 s of them: under 150 MB even for a big pile


def test_a_recording_that_ends_rewound_replays_to_the_past_shown(capsys, tmp_path):
    """The run ends paused 61 steps back: the recording ends with the rewind's keys, and
    its replay, rewinding as the run did, ends in the state that was on screen."""
    live, replayed, rec = tmp_path / "live.json", tmp_path / "re.json", tmp_path / "r.jsonl"
    args = ["--headless", "--scene", "gravity", "--frames", "100", "--hold", "right:10-95"]
    ending = ["--hold", "page up:100-100", "--hold", "backspace:100-100"]
    assert main([*args, *ending, "--record", str(rec), "--dump-state", str(live)]) == 0
    assert main(["--headless", "--replay", str(rec), "--dump-state", str(replayed)]) == 0
    a = json.loads(live.read_text())
    assert a["tick"] == 39 and a == json.loads(replayed.read_text())
    lines = [json.loads(line) for line in rec.read_text().splitlines()]
    assert lines[-3:] == [
        {"step": 100, "press": "page up"},
        {"step": 100, "press": "backspace"},
        {"end": 100},
    ]
