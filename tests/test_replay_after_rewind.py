"""The app replays every recording it writes, to what was shown (issue: "the app writes
recordings that it cannot replay").

A rewind (Backspace, Page Up / Page Down, O while rewound) is an event in the recording
and the replay performs it through the same session code; so a rewind after a reset, a
scene change, F, Y or a move in the 3D scene replays as faithfully as a plain one. The
recorder refuses up front a scene the replay could not name, and never writes a file
the replay would refuse (past its size or length limits).
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from pathlib import Path

import pytest
from driving import advance, dump_state, mouse, open_session, press
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sandbox.app import recording
from sandbox.app.cli import main
from sandbox.app.mouse_input import MouseEvent
from sandbox.app.recording import Recorder
from sandbox.app.state import Session
from sandbox.scenes.registry import SCENES


def run(*argv) -> tuple[int, str]:
    """main() in this process: (exit status, what it wrote on stderr)."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        status = main([str(a) for a in argv])
    return status, err.getvalue()


def holds(*specs: str) -> list[str]:
    return [arg for spec in specs for arg in ("--hold", spec)]


def record_then_replay(folder: Path, scene: str, frames: int, script: list[str], *replay_args):
    """(live --dump-state bytes, replayed --dump-state bytes, recording's lines)."""
    rec, live, replayed = folder / "r.jsonl", folder / "live.json", folder / "replayed.json"
    argv = ["--headless", "--scene", scene, "--frames", frames, *script]
    status, err = run(*argv, "--record", rec, "--dump-state", live)
    assert status == 0, err
    status, err = run("--headless", "--replay", rec, *replay_args, "--dump-state", replayed)
    assert status == 0, err
    lines = [json.loads(line) for line in rec.read_text().splitlines()]
    return live.read_bytes(), replayed.read_bytes(), lines


# (scene, frames, script, the step on show at the end: the rewind took steps back, to
# no earlier than the last reset, scene change, F or Y, where the kept history starts;
# a rewind pauses, and a paused script's steps pass with the world waiting, so P resumes)
CASES = {
    "the issue: page up, then r, at step 100": (
        "gravity",
        150,
        holds("left:50-60", "page up:100-100", "r:100-100", "p:100-100"),
        90,
    ),
    "rewind across a reset": (
        "gravity",
        150,
        holds("right:0-40", "r:60-60", "right:70-90", "page up:100-100", "p:100-100")
        + holds("left:101-130"),
        110,
    ),
    "rewind after a scene change (a digit key)": (
        "gravity",
        150,
        holds("right:0-30", "3:50-50", "right:55-80", "q:60-70", "page up:100-100")
        + holds("p:100-100", "up:101-140"),
        100,
    ),
    "F in concave, then rewind": (
        "concave",
        150,
        holds("right:0-60", "f:40-40", "f:70-70", "page up:90-90", "backspace:90-90", "p:90-90")
        + holds("left:91-140"),
        130,
    ),
    "Y in broad-phase, then rewind": (
        "broad-phase",
        120,
        holds("y:30-30", "f:40-40", "page up:80-80", "backspace:80-80", "p:80-80"),
        70,
    ),
    "moves in sat-3d, then rewind": (
        "sat-3d",
        120,
        holds("right:0-40", "up:20-60", "q:30-50", "f:45-45", "j:50-50", "page up:70-70")
        + holds("p:70-70", "left:71-100"),
        60,
    ),
    "a plain rewind after releasing a held key": (
        "classic",
        100,
        holds("right:10-59", "backspace:61-61", "p:61-61"),
        99,
    ),
    "back, forward, O and pause while paused, then resuming": (
        "gravity",
        150,
        holds("right:0-50", "page up:80-80", "backspace:80-80", "page down:80-80", "o:80-80")
        + holds("o:80-80", "p:80-80", "right:81-115", "p:110-110", "o:110-110", "p:110-110")
        + holds("backspace:120-120", "space:120-120", "page down:130-130"),
        131,  # Page Down at 130 pauses (nothing to go forward to): the world waits there
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_recording_across_a_rewind_replays_byte_for_byte(tmp_path, name):
    scene, frames, script, shown = CASES[name]
    live, replayed, lines = record_then_replay(tmp_path, scene, frames, script)
    assert replayed == live
    assert json.loads(live)["steps"] == shown  # the rewind really took steps back
    steps = [line["step"] for line in lines[1:-1]]
    assert steps == sorted(steps)


def test_the_issues_replay_command_with_frames_150(tmp_path):
    """The replay exactly as the issue ran it (`--replay r.jsonl --frames 150`)."""
    scene, frames, script, _ = CASES["the issue: page up, then r, at step 100"]
    live, replayed, lines = record_then_replay(tmp_path, scene, frames, script, "--frames", 150)
    assert replayed == live
    assert lines[0]["version"] == 2 and lines[-1] == {"end": 150}


def test_a_version_1_recording_still_replays(tmp_path):
    """classic: right held for steps 40..49 moves the triangle 10 x 4 px to x = 270."""
    header = {"format": "sat-sandbox-replay", "version": 1, "scene": "classic", "seed": 0}
    items = [{**header, "theme": "dark"}, {"step": 40, "hold": ["right"]}]
    items += [{"step": 45, "press": "n"}, {"step": 50, "hold": []}, {"end": 52}]
    path, state = tmp_path / "v1.jsonl", tmp_path / "state.json"
    path.write_text("".join(json.dumps(item) + "\n" for item in items))
    status, err = run("--headless", "--replay", path, "--dump-state", state)
    assert status == 0, err
    dumped = json.loads(state.read_text())
    assert dumped["tick"] == 52
    triangle = next(body for body in dumped["bodies"] if body["name"] == "triangle")
    assert triangle["position"] == [270.0, 420.0]


# -- random scripts, headless ------------------------------------------------------------

PROPERTY_SCENES = ["gravity", "classic", "concave", "broad-phase", "sat-3d", "stack", "squares"]
HELD = ["left", "right", "up", "down", "q", "e"]
REWINDS = ["backspace", "page up", "page down", "o"]
PRESSES = REWINDS * 3 + ["p", "space", "r", "f", "y", "g", "m", "w", "tab", "a", ".", ","]
PRESSES += ["j", "l", "s", "n", "1", "3", "6", "9", "[", "]"]


@st.composite
def scripts(draw):
    """(scene, frames, --hold / --drag / --click arguments), a rewind always among them."""
    scene = draw(st.sampled_from(PROPERTY_SCENES))
    frames = draw(st.integers(10, 90))
    step = st.integers(0, frames)
    args: list[str] = []
    for _ in range(draw(st.integers(0, 4))):
        first = draw(step)
        last = draw(st.integers(first, frames))
        args += ["--hold", f"{draw(st.sampled_from(HELD))}:{first}-{last}"]
    presses = [(draw(st.sampled_from(["backspace", "page up"])), draw(step))]
    presses += draw(st.lists(st.tuples(st.sampled_from(PRESSES), step), max_size=10))
    for key, at in presses:
        args += ["--hold", f"{key}:{at}-{at}"]
    x, y = st.integers(50, 950), st.integers(50, 650)
    for _ in range(draw(st.integers(0, 2))):
        first = draw(step)
        last = draw(st.integers(first + 1, frames + 5))
        args += ["--drag", f"{draw(x)},{draw(y)}:{draw(x)},{draw(y)}:{first}-{last}"]
    for _ in range(draw(st.integers(0, 2))):
        option = draw(st.sampled_from(["--click", "--shift-click"]))
        args += [option, f"{draw(x)},{draw(y)}:{draw(step)}"]
    return scene, frames, args


PROPERTY = settings(
    derandomize=True,
    max_examples=30,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@PROPERTY
@given(scripts())
def test_random_headless_scripts_replay_to_the_state_shown(script):
    scene, frames, args = script
    with tempfile.TemporaryDirectory() as folder:
        live, replayed, _ = record_then_replay(Path(folder), scene, frames, args)
    assert replayed == live


# -- random sessions driven as the window drives them ------------------------------------


def dump(session: Session) -> bytes:
    """The --dump-state document, as app/outputs.py writes it."""
    return (json.dumps(dump_state(session), indent=1, sort_keys=True) + "\n").encode()


def replay_lines(folder: Path, lines: list[str]) -> bytes:
    path, state = folder / "w.jsonl", folder / "w.json"
    path.write_text("\n".join(lines) + "\n")
    status, err = run("--headless", "--replay", path, "--dump-state", state)
    assert status == 0, err
    return state.read_bytes()


WINDOW_INPUT = st.one_of(
    st.tuples(st.just("key"), st.sampled_from(PRESSES)),
    st.tuples(st.just("hold"), st.frozensets(st.sampled_from(HELD), max_size=2)),
    st.tuples(st.just("time"), st.integers(0, 8)),  # frames pass: steps if not paused
    st.tuples(
        st.just("mouse"),
        st.sampled_from(["press", "move", "move", "release", "wheel"]),
        st.integers(50, 950),
        st.integers(50, 650),
    ),
)


@PROPERTY
@given(st.sampled_from(PROPERTY_SCENES), st.lists(WINDOW_INPUT, min_size=5, max_size=40))
def test_random_window_sessions_replay_to_the_state_shown(scene, inputs):
    """As run_window calls the session: keys with the keys held at the time, mouse
    events (a move or release only while pressed), steps only while not paused."""
    session = open_session(SCENES[scene])
    recorder = Recorder(SCENES[scene], 0, "dark")
    session.recorder = recorder
    held: frozenset[str] = frozenset()
    for item in inputs:
        if item[0] == "key":
            press(session, item[1], held)
        elif item[0] == "hold":
            held = item[1]
        elif item[0] == "time":
            for _ in range(item[1] if not session.paused else 0):
                advance(session, held)
        elif item[1] == "wheel":
            mouse(session, MouseEvent("wheel", notches=1))
        elif item[1] == "press" or session.hand is not None:
            mouse(session, MouseEvent(item[1], float(item[2]), float(item[3])))
    assert recorder.stopped is None
    with tempfile.TemporaryDirectory() as folder:
        assert replay_lines(Path(folder), recorder.lines(session.steps_taken)) == dump(session)


# -- what the replay would refuse, the recorder refuses or never writes -------------------

SCENE_TOML = (
    'title = "Mine"\nlesson = "A box"\ngravity = [0, 900]\n'
    '[[body]]\nname = "floor"\nshape = "box"\nwidth = 600\nheight = 20\n'
    "position = [400, 600]\nstatic = true\n"
    '[[body]]\nname = "box"\nshape = "box"\nwidth = 40\nheight = 40\n'
    "position = [400, 300]\ncontrolled = true\n"
)


def newline_path(tmp_path: Path) -> str:
    return str(tmp_path / "two\nlines.toml")


def long_path(tmp_path: Path) -> str:
    folder = tmp_path / ("d" * 250) / ("e" * 250) / ("f" * 250) / ("g" * 250)
    folder.mkdir(parents=True)
    return str(folder / "long.toml")  # over 1,024 characters


def wide_path(tmp_path: Path) -> str:
    """Under 1,024 characters, but its header line, with each é written \\u00e9, is over
    the replay's 4,096 characters a line."""
    folder = tmp_path
    for _ in range(6):
        folder = folder / ("é" * 120)
    folder.mkdir(parents=True)
    return str(folder / "wide.toml")


@pytest.mark.parametrize("make", [newline_path, long_path, wide_path])
def test_a_scene_no_replay_could_name_is_refused_before_the_run(tmp_path, make):
    scene = make(tmp_path)
    Path(scene).write_text(SCENE_TOML)
    status, err = run("--headless", "--scene", scene, "--frames", 5)
    assert status == 0, err  # the scene itself is fine
    rec, state = tmp_path / "r.jsonl", tmp_path / "s.json"
    status, err = run(
        "--headless", "--scene", scene, "--frames", 5, "--record", rec, "--dump-state", state
    )
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("main.py: error: --record:")
    assert "Traceback" not in err
    assert {p.resolve() for p in tmp_path.rglob("*") if p.is_file()} == {Path(scene).resolve()}


def test_a_headless_recording_past_the_size_limit_is_refused(tmp_path, monkeypatch):
    """Long drags would take the file past the replay's size limit (here made 4 KiB, as
    the 32 MiB one takes ten drags of 50,000 steps): one line, status 2, no file."""
    monkeypatch.setattr(recording, "MAX_REPLAY_BYTES", 4096)
    rec, state = tmp_path / "r.jsonl", tmp_path / "s.json"
    drags = ["--drag", "150,400:420,250:5-150", "--drag", "420,250:150,400:151-290"]
    argv = ["--headless", "--scene", "stack", "--frames", 300, *drags]
    status, err = run(*argv, "--record", rec, "--dump-state", state)
    assert status == 2
    assert err.count("\n") == 1 and "--record: recording stopped at step" in err
    assert "the file would pass a replay's limit of 4,096 bytes" in err
    assert not rec.exists() and not state.exists()
    assert run(*argv[:5], "--record", rec)[0] == 0  # without the drags it fits


def test_a_window_recording_stops_at_the_size_limit_and_replays_to_that_moment(
    tmp_path, monkeypatch
):
    """In a window the session goes on, the recording stops where the next line would
    pass the limit, the screen says so, and the file replays to the state at that step."""
    monkeypatch.setattr(recording, "MAX_REPLAY_BYTES", 4096)
    session = open_session(SCENES["stack"])
    recorder = Recorder(SCENES["stack"], 0, "dark")
    session.recorder = recorder
    seen = {}
    said = None  # the status line as the recording stopped (a message lasts 2 s)
    mouse(session, MouseEvent("press", 150.0, 400.0))
    for step in range(300):
        seen[session.steps_taken] = dump(session)
        mouse(session, MouseEvent("move", 150.0 + step, 400.0 - step / 2))
        if recorder.stopped is not None and said is None:
            said = session.message
        advance(session, frozenset())
    stop = recorder.stopped_at
    assert stop is not None and 0 < stop < 300
    assert said == str(recorder.stopped) and "limit" in said  # (English: the session's)
    lines = recorder.lines(session.steps_taken)
    assert sum(len(line) + 1 for line in lines) <= 4096
    assert json.loads(lines[-1]) == {"end": stop}
    assert replay_lines(tmp_path, lines) == seen[stop]


def test_a_recording_stops_at_the_longest_replay(monkeypatch):
    monkeypatch.setattr(recording, "MAX_FRAMES", 40)
    session = open_session(SCENES["classic"])
    recorder = Recorder(SCENES["classic"], 0, "dark")
    session.recorder = recorder
    for _ in range(50):
        advance(session, frozenset())
    assert recorder.stopped_at == 40 and session.steps_taken == 50
    assert json.loads(recorder.lines(session.steps_taken)[-1]) == {"end": 40}
