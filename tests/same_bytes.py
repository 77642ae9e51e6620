"""The same bytes out: a corpus of headless runs whose every output is pinned by its hash.

Issue 33 reshapes the app layer (commands, one dispatcher, plain state) without changing
what it does. This corpus is the check: every built-in scene under scripted input, every
lesson stage answered right and wrong, the toolbar's controls (--ui), the editor (--edit),
the mouse (--drag, --click), the time keys (pause, O, rewind), and the recordings of a
few real-window sessions (tests/same_bytes/*.jsonl, made under Xvfb with xdotool: the
toolbar, the sliders, the editor, a lesson with answers), replayed. Each run's outputs
(screenshot, state dump, recording) are hashed; `tests/same_bytes.json` pins the hashes.

    python tests/same_bytes.py --write     pin the current hashes (after a change that is
                                           meant to change what comes out: say why)
    python tests/same_bytes.py             compare, and list the runs that differ

tests/test_same_bytes.py runs the comparison in the suite (on the pinned pygame-ce only:
screenshots depend on its rasteriser, as the goldens do).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MANIFEST = HERE / "same_bytes.json"
WINDOW_RECORDINGS = HERE / "same_bytes"
sys.path.insert(0, str(ROOT))

from sandbox.app.cli import main  # noqa: E402
from sandbox.app.lesson_plan import plan_lesson  # noqa: E402
from sandbox.app.lesson_run import NUMBERED_KINDS  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402


def _holds(*specs: str) -> list[str]:
    return [f"--hold={spec}" for spec in specs]


# name -> the command line, less the outputs (each run writes a screenshot and a dump)
RUNS: dict[str, list[str]] = {}

for _name in SCENES:  # every scene: driven, turned, paused and stepped, rewound
    RUNS[f"scene-{_name}"] = [
        "--scene", _name, "--frames", "150",
        *_holds("right:0-40", "up:41-60", "q:10-30", "e:61-80", "left:81-120"),
    ]  # fmt: skip
    RUNS[f"scene-{_name}-projector-1024"] = [
        "--scene", _name, "--frames", "90", "--theme", "projector", "--size", "1024x768",
        *_holds("left:0-30", "down:31-50", "f:20-20", "tab:35-35", "a:60-60", ".:61-61"),
    ]  # fmt: skip
    RUNS[f"scene-{_name}-time"] = [
        "--scene", _name, "--frames", "80",
        *_holds("right:0-50", "space:30-30", "o:31-31", "o:32-32", "backspace:33-33",
                "page up:34-34", "page down:35-35", "space:36-36", "s:40-40", "g:45-45",
                "m:50-50", "w:51-51", "r:70-70"),
    ]  # fmt: skip

# Keys across the keymap: overlays, zoom, theme, help, scenes, the lesson list.
RUNS["keys-overlays"] = [
    "--scene", "classic", "--frames", "40",
    *_holds("n:1-1", "v:2-2", "x:3-3", "z:4-4", "k:5-5", "c:6-6", "i:7-7", "b:8-8", "d:9-9",
            "right:0-39"),
]  # fmt: skip
RUNS["keys-hud-off"] = ["--scene", "stack", "--frames", "20", *_holds("u:1-1")]
RUNS["keys-zoom"] = [
    "--scene", "stack", "--frames", "30", *_holds("=:1-1", "=:2-2", "-:3-3", "0:20-20"),
]  # fmt: skip
RUNS["keys-zoom-held"] = ["--scene", "pile", "--frames", "30", *_holds("=:1-1", "=:2-2")]
RUNS["keys-theme-help"] = ["--scene", "circle", "--frames", "10", *_holds("t:1-1", "h:2-2")]
RUNS["keys-help-pages"] = ["--scene", "classic", "--frames", "5", *_holds("h:1-1", "h:2-2")]
RUNS["keys-scenes"] = [
    "--scene", "classic", "--frames", "60",
    *_holds("]:5-5", "]:10-10", "[:15-15", "4:20-20", "right:21-59"),
]  # fmt: skip
RUNS["keys-lesson-list"] = ["--frames", "20", *_holds("f2:1-1")]
RUNS["keys-lesson-list-start"] = ["--frames", "40", *_holds("f2:1-1", "2:3-3")]
RUNS["keys-lesson-list-again"] = ["--frames", "20", *_holds("f2:1-1", "f2:3-3")]
RUNS["keys-walk"] = [
    "--scene", "six-axes", "--frames", "10",
    *_holds("a:1-1", ".:2-2", ".:3-3", ",:4-4", ".:5-5"),
]  # fmt: skip
RUNS["keys-broad-phase"] = ["--scene", "broad-phase", "--frames", "40", *_holds("f:1-1", "y:5-5")]
RUNS["keys-3d"] = ["--scene", "sat-3d", "--frames", "30", *_holds("j:1-1", "l:2-2", "f:3-3")]
RUNS["keys-spawn"] = [
    "--scene", "stack", "--frames", "60", *_holds("insert:1-1", "f5:2-2", "f6:3-3"),
]  # fmt: skip
RUNS["keys-delete"] = ["--scene", "stack", "--frames", "20", *_holds("delete:1-1")]
RUNS["keys-edit-mode"] = ["--scene", "classic", "--frames", "10", *_holds("f3:1-1", "return:2-2")]
RUNS["keys-spin-impact"] = ["--scene", "spin", "--frames", "90", *_holds("space:60-60")]

# The mouse: grab and throw, click (B), shift-click (A), wheel via a drag's hold.
RUNS["mouse-drag"] = ["--scene", "stack", "--frames", "50", "--drag", "150,400:700,150:5-30"]
RUNS["mouse-click"] = [
    "--scene", "pile", "--frames", "30", "--click", "400,300:5", "--shift-click", "300,500:10",
]  # fmt: skip
RUNS["mouse-gravity-drag"] = [
    "--scene", "gravity", "--frames", "90", "--drag", "300,200:500,100:10-40",
]  # fmt: skip

# The toolbar's controls and the editor, scripted.
RUNS["ui-tune"] = [
    "--scene", "stack", "--frames", "40", "--ui", "panel=tune:0",
    "--ui", "set=restitution,0.6:5", "--ui", "set=gravity,600:5", "--ui", "set=friction,0.2:6",
    "--ui", "set=density,3:7", "--ui", "set=speed,1:8",
]  # fmt: skip
RUNS["ui-scenes"] = ["--scene", "classic", "--frames", "20", "--ui", "panel=scenes:0",
                     "--ui", "scene=pile:3"]  # fmt: skip
RUNS["ui-show"] = ["--scene", "spin", "--frames", "10", "--ui", "panel=show:0",
                   *_holds("b:0-0")]  # fmt: skip
RUNS["ui-view"] = ["--scene", "stack", "--frames", "40", "--ui", "view=3,150,600:0",
                   *_holds("left:0-40")]  # fmt: skip
RUNS["ui-draft"] = [
    "--scene", "classic", "--frames", "5", "--ui", "mode=edit:0",
    "--ui", "draft=500,150;650,170;700,300;560,260:0",
]  # fmt: skip
RUNS["ui-draw-concave"] = [
    "--scene", "stack", "--frames", "40", "--ui", "mode=edit:0",
    "--ui", "draft=400,100;520,100;520,220;470,150;400,220:1",
    *_holds("return:2-2", "space:3-3"),
]  # fmt: skip
RUNS["edit-commands"] = [
    "--scene", "stack", "--frames", "60",
    "--edit", '0:{"op": "spawn", "kind": "box", "at": [400, 100]}',
    "--edit", '5:{"op": "spawn", "kind": "polygon", "at": [300, 100], "sides": 6}',
    "--edit", '10:{"op": "draw", "points": [[600, 50], [700, 60], [650, 150]]}',
    "--edit", '15:{"op": "undo"}',
    "--edit", '16:{"op": "redo"}',
    "--edit", '20:{"op": "delete", "body": "box 1"}',
    "--edit", '25:{"op": "move_vertex", "body": "drawn 1", "vertex": 0, "to": [590, 40]}',
]  # fmt: skip
RUNS["edit-classic"] = [
    "--scene", "classic", "--frames", "30",
    "--edit", '0:{"op": "move_vertex", "body": "polygon", "vertex": 5, "to": [640, 400]}',
    *_holds("right:0-29"),
]  # fmt: skip

# Lessons: every stage opened (and played), answered right, answered wrong, navigated.
_LESSON_STAGES = {"shadows": 7, "pushing-out": 6, "needs-help": 7}
# A key that does not answer the stage's question, one a lesson: "answer first".
_STRAY_ANSWERS = {("shadows", 4): "y", ("pushing-out", 5): "1", ("needs-help", 3): "1"}


def _answer_keys(lesson: str, stage: int) -> tuple[str, ...]:
    """The keys that answer the stage's question (a numbered question: axes 1 to 3), and
    its stray key if it has one; none for a stage that asks nothing (its keys are any
    keys there, which the other runs press). Was every one of 1, 2, 3, Y and N on every
    stage: 100 runs, 60 of them a key with no question to answer."""
    predict = plan_lesson(lesson).stages[stage - 1].stage.predict
    if predict is None:
        return ()
    keys = ("1", "2", "3") if predict.kind in NUMBERED_KINDS else predict.keys
    stray = _STRAY_ANSWERS.get((lesson, stage))
    return (*keys, stray) if stray is not None else keys


for _lesson, _count in _LESSON_STAGES.items():
    for _stage in range(1, _count + 1):
        RUNS[f"lesson-{_lesson}-{_stage}"] = [
            "--lesson", _lesson, "--stage", str(_stage), "--frames", "120",
            "--theme", "projector", "--size", "1024x768",
        ]  # fmt: skip
        for _key in _answer_keys(_lesson, _stage):
            RUNS[f"lesson-{_lesson}-{_stage}-answer-{_key}"] = [
                "--lesson", _lesson, "--stage", str(_stage), "--frames", "150",
                *_holds(f"{_key}:100-100"),
            ]  # fmt: skip
    RUNS[f"lesson-{_lesson}-walk"] = [
        "--lesson", _lesson, "--frames", "400",
        *_holds("page down:100-100", "page down:200-200", "end:250-250", "right:251-280",
                "home:300-300", "page up:350-350", "r:360-360"),
    ]  # fmt: skip
RUNS["lesson-digit-while-opening"] = [  # issue 33's third bug: the lesson is left
    "--lesson", "pushing-out", "--stage", "4", "--frames", "30", *_holds("2:3-3"),
]  # fmt: skip
RUNS["lesson-message-countdown"] = [  # issue 33's second bug: the message never expires
    "--scene", "classic", "--frames", "300", *_holds("m:5-5"),
]  # fmt: skip


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:20]


def _quietly(argv: list[str]) -> int:
    """main(argv) with its stderr kept off the terminal (refusals are part of the result)."""
    saved = os.dup(2)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        return main(argv)
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def run_one(name: str, argv: list[str], folder: Path) -> dict:
    """Run `argv` headless with a screenshot, a dump and a recording; their hashes (and
    the exit status), and the recording replayed headless: its dump's hash."""
    shot, dump, record = folder / f"{name}.png", folder / f"{name}.json", folder / f"{name}.jsonl"
    outputs = ["--screenshot", str(shot), "--dump-state", str(dump), "--record", str(record)]
    status = _quietly(["--headless", *argv, *outputs])
    result = {"status": status}
    for kind, path in (("png", shot), ("dump", dump), ("record", record)):
        result[kind] = _digest(path.read_bytes()) if path.exists() else None
    if record.exists():
        again = folder / f"{name}-replayed.json"
        result["replayed"] = _quietly(
            ["--headless", "--replay", str(record), "--dump-state", str(again)]
        )
        result["replayed_dump"] = _digest(again.read_bytes()) if again.exists() else None
    return result


def replay_one(path: Path, folder: Path) -> dict:
    """A recorded real-window session replayed headless: its screenshot and dump."""
    shot, dump = folder / f"{path.stem}.png", folder / f"{path.stem}.json"
    argv = ["--replay", str(path), "--screenshot", str(shot), "--dump-state", str(dump)]
    status = _quietly(["--headless", *argv])
    result = {"status": status}
    for kind, out in (("png", shot), ("dump", dump)):
        result[kind] = _digest(out.read_bytes()) if out.exists() else None
    return result


def names() -> list[str]:
    """Every run's name, the window recordings' last ("window-NAME")."""
    windows = [f"window-{path.stem}" for path in sorted(WINDOW_RECORDINGS.glob("*.jsonl"))]
    return [*RUNS, *windows]


def collect(only: list[str] | None = None) -> dict[str, dict]:
    """Every run's result (or only those named), by name; each in a folder of its own."""
    results = {}
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        for name in names() if only is None else only:
            if name.startswith("window-"):
                path = WINDOW_RECORDINGS / f"{name.removeprefix('window-')}.jsonl"
                results[name] = replay_one(path, folder)
            else:
                results[name] = run_one(name, RUNS[name], folder)
    return results


def differences(expected: dict, actual: dict) -> list[str]:
    """The runs whose results differ, one line each."""
    lines = []
    for name in sorted(set(expected) | set(actual)):
        if expected.get(name) != actual.get(name):
            lines.append(f"{name}: pinned {expected.get(name)} now {actual.get(name)}")
    return lines


if __name__ == "__main__":
    results = collect()
    if "--write" in sys.argv[1:]:
        MANIFEST.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
        print(f"pinned {len(results)} runs in {MANIFEST.name}")
    else:
        differ = differences(json.loads(MANIFEST.read_text()), results)
        print("\n".join(differ) or f"all {len(results)} runs give the same bytes")
        sys.exit(1 if differ else 0)
