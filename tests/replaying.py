"""Replays run as a user runs them: `main.py --headless --replay FILE` in a subprocess."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEADER = {"format": "sat-sandbox-replay", "version": 2, "scene": "stack", "seed": 0}
HEADER |= {"theme": "dark"}


def run_replay(recording: Path, *more: str) -> subprocess.CompletedProcess:
    """`main.py --headless --replay recording ...more`, its output captured."""
    return subprocess.run(
        [sys.executable, "main.py", "--headless", "--replay", str(recording), *more],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def replayed(recording: Path, folder: Path) -> dict:
    """The state a headless replay of `recording` ends in (it must exit 0)."""
    state = folder / "replayed.json"
    done = run_replay(recording, "--dump-state", str(state))
    assert done.returncode == 0, done.stderr
    return json.loads(state.read_text())


def replay_of_one_line(folder: Path, line: dict) -> subprocess.CompletedProcess:
    """A replay of the stack scene with this one line before its end at step 5."""
    path = folder / "bad.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in (HEADER, line, {"end": 5})) + "\n")
    return run_replay(path)
