"""The command line of DESIGN.md: outputs, determinism, record / replay, and bad input."""

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from sandbox.app.cli import main
from sandbox.scenes.registry import SCENES

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, *argv):
    """main() in-process: (exit status, stdout, stderr)."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_list_scenes_prints_one_scene_a_line_name_first(capsys):
    status, out, _ = run(capsys, "--list-scenes")
    lines = out.splitlines()
    assert status == 0
    assert [line.split()[0] for line in lines] == list(SCENES)


def test_headless_run_writes_screenshot_and_state(capsys, tmp_path):
    """--frames N steps exactly N ticks; the state has bodies and the SAT report on show."""
    shot, state = tmp_path / "out.png", tmp_path / "state.json"
    status, _, err = run(
        capsys,
        "--headless",
        "--frames",
        "25",
        "--hold",
        "right:0-9",
        "--screenshot",
        str(shot),
        "--dump-state",
        str(state),
    )
    assert status == 0, err
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    data = json.loads(state.read_text())
    assert data["tick"] == 25 and data["scene"] == "classic"
    names = [b["name"] for b in data["bodies"]]
    assert names == ["polygon", "triangle"]
    triangle = data["bodies"][1]
    assert triangle["position"] == [230 + 4 * 10, 420]  # 10 ticks right at 4 px a tick
    assert len(triangle["vertices"]) == 3
    report = data["sat"]
    assert report["a"] == "triangle" and report["b"] == "polygon"
    assert len(report["axes"]) == 10 and report["colliding"] is False
    assert report["separating"] is not None


def test_same_input_gives_identical_state_and_pixels(capsys, tmp_path):
    """Determinism: two runs of the same command give byte-identical outputs."""
    outputs = []
    for k in range(2):
        shot, state = tmp_path / f"{k}.png", tmp_path / f"{k}.json"
        status, _, err = run(
            capsys,
            "--headless",
            "--scene",
            "gravity",
            "--frames",
            "60",
            "--hold",
            "left:0-30",
            "--hold",
            "g:40-40",
            "--screenshot",
            str(shot),
            "--dump-state",
            str(state),
        )
        assert status == 0, err
        outputs.append((shot.read_bytes(), state.read_text()))
    assert outputs[0] == outputs[1]
    assert json.loads(outputs[0][1])["gravity"] == [0.0, -900.0]  # G pressed at tick 40


def test_record_then_replay_gives_the_identical_state(capsys, tmp_path):
    recording, first, second = tmp_path / "in.jsonl", tmp_path / "a.json", tmp_path / "b.json"
    status, _, err = run(
        capsys,
        "--headless",
        "--scene",
        "squares",
        "--frames",
        "50",
        "--hold",
        "up:3-20",
        "--hold",
        "q:10-30",
        "--hold",
        "tab:5-5",
        "--record",
        str(recording),
        "--dump-state",
        str(first),
    )
    assert status == 0, err
    status, _, err = run(
        capsys, "--headless", "--replay", str(recording), "--dump-state", str(second)
    )
    assert status == 0, err
    assert json.loads(first.read_text()) == json.loads(second.read_text())
    assert json.loads(second.read_text())["tick"] == 50  # ran to the recorded last step


def test_toml_scene_file_loads_and_runs(capsys, tmp_path):
    """A pentagon (radius 30) turned 3 pi / 10 has a flat edge down, 30 cos 36 deg below
    its centre; dropped on a floor whose top is y = 590, it rests at 590 - 30 cos 36 deg
    = 565.729... (flat on an edge: a rest that needs no turning, with or without torque)."""
    scene = tmp_path / "mine.toml"
    angle = 3 * math.pi / 10
    scene.write_text(
        'title = "Mine"\nlesson = "Two boxes"\ngravity = [0, 900]\n'
        '[[body]]\nname = "floor"\nshape = "box"\nwidth = 600\nheight = 20\n'
        "position = [400, 600]\nstatic = true\n"
        '[[body]]\nname = "box"\nshape = "regular"\nsides = 5\nradius = 30\n'
        f"position = [400, 300]\nangle = {angle!r}\ncontrolled = true\n"
    )
    state = tmp_path / "s.json"
    status, _, err = run(
        capsys, "--headless", "--scene", str(scene), "--frames", "120", "--dump-state", str(state)
    )
    assert status == 0, err
    box = json.loads(state.read_text())["bodies"][1]
    rest = 590 - 30 * math.cos(math.pi / 5)
    # Fell 234 px and rests on the floor: not above it, at most 0.2 px into it (the slop
    # a solver may leave so that a resting contact stays a contact).
    assert rest - 1e-6 <= box["position"][1] <= rest + 0.2
    # It lands flat and stays flat. The impact (690 px/s, restitution 0.2) bounces it; the
    # manifold's two points are solved as one 2x2 block, so it does not slip sideways
    # (solved one after the other, it slipped 1.58 px).
    assert box["position"][0] == pytest.approx(400, abs=0.05)
    assert box["angle"] % (2 * math.pi / 5) == pytest.approx(angle % (2 * math.pi / 5), abs=1e-3)
    assert max(v[1] for v in box["vertices"]) == pytest.approx(590, abs=0.2)  # the floor
    assert box["velocity"] == pytest.approx([0, 0], abs=1.0)  # at rest: < 1/60 px a tick


BAD_SCENES = {
    "crossing.toml": (  # concave is fine (split into pieces); crossing itself is not
        '[[body]]\nshape = "polygon"\nvertices = [[0,0],[10,0],[0,10],[10,10]]\n',
        "body[0].vertices: edges 1 and 3 cross or touch: the outline crosses itself",
    ),
    "unknown_field.toml": (
        '[[body]]\nshape = "box"\nwidth = 1\nheight = 1\ncolour = 3\n',
        "body[0].colour: unknown field",
    ),
    "bad_number.toml": (
        '[[body]]\nshape = "circle"\nradius = -4\n',
        "body[0].radius: must be positive",
    ),
    "no_bodies.toml": ('title = "x"\n', "body: a scene needs at least one [[body]]"),
    "not_toml.toml": ("[[body\n", "not valid TOML"),
    "two_controlled.toml": (
        '[[body]]\nname="a"\nshape="circle"\nradius=1\ncontrolled=true\n'
        '[[body]]\nname="b"\nshape="circle"\nradius=1\ncontrolled=true\n',
        "at most one body can have controlled = true",
    ),
    "bad_shape.toml": ('[[body]]\nshape = "star"\n', "body[0].shape: must be one of"),
    # a missing shape is said missing, not "got None" (Python's word for nothing)
    "no_shape.toml": ("[[body]]\nradius = 1\n", "body[0].shape: missing: one of polygon, regular"),
    "bad_pair.toml": (
        'gravity = [0]\n[[body]]\nshape="circle"\nradius=1\n',
        "gravity: must be a pair",
    ),
}


@pytest.mark.parametrize("name", list(BAD_SCENES))
def test_bad_scene_files_give_one_line_naming_file_and_field(capsys, tmp_path, name):
    text, expected = BAD_SCENES[name]
    path = tmp_path / name
    path.write_text(text)
    shot = tmp_path / "never.png"
    status, out, err = run(
        capsys, "--headless", "--frames", "1", "--scene", str(path), "--screenshot", str(shot)
    )
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("main.py: error: ")
    assert str(path) in err and expected in err
    assert not shot.exists()


BAD_OPTIONS = [
    (["--scene", "nope"], "unknown scene 'nope'"),
    (["--headless"], "--headless needs --frames"),
    (["--headless", "--frames", "-1"], "--frames must be 0 or more"),
    (["--headless", "--frames", "x"], "invalid int value"),
    (["--headless", "--frames", "1", "--hold", "right"], "expected KEY:FIRST-LAST"),
    (["--headless", "--frames", "1", "--hold", "right:5-2"], "need 0 <= FIRST <= LAST"),
    (["--headless", "--frames", "1", "--hold", "nokey:0-1"], "no action is bound to key"),
    (["--headless", "--frames", "1", "--hold", "right:a-b"], "must be whole numbers"),
    (["--hold", "right:0-1"], "--hold is for --headless runs"),
    (["--headless", "--frames", "1", "--theme", "neon"], "--theme 'neon'"),
    (["--headless", "--frames", "1", "--screenshot", "/no/such/dir/x.png"], "does not exist"),
    (["--headless", "--frames", "1", "--screenshot", "out.jpg"], "must end in .png"),
    (["--headless", "--frames", "1", "--dump-state", "state.txt"], "must end in .json"),
    (["--bogus"], "unrecognized arguments"),
]


@pytest.mark.parametrize(("argv", "expected"), BAD_OPTIONS)
def test_bad_options_give_one_line_and_status_2(capsys, tmp_path, monkeypatch, argv, expected):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("main.py: error: ") and expected in err
    assert list(tmp_path.iterdir()) == []  # nothing written, not even partly


BAD_REPLAYS = {
    "empty": ("", "replay file is empty"),
    "not json": ("{oops\n", ":1: not JSON"),
    "wrong header": ('{"format": "other", "version": 1}\n', "not a sat-sandbox-replay"),
    "bad key": (
        '{"format": "sat-sandbox-replay", "version": 1, "scene": "classic", "seed": 0, '
        '"theme": "dark"}\n{"step": 0, "press": "__import__"}\n{"end": 1}\n',
        ":2: unknown action key",
    ),
    "no end": (
        '{"format": "sat-sandbox-replay", "version": 1, "scene": "classic", "seed": 0, '
        '"theme": "dark"}\n{"step": 0, "hold": ["right"]}\n',
        "missing the end line",
    ),
    "steps backwards": (
        '{"format": "sat-sandbox-replay", "version": 1, "scene": "classic", "seed": 0, '
        '"theme": "dark"}\n{"step": 5, "hold": ["right"]}\n{"step": 2, "hold": []}\n'
        '{"end": 9}\n',
        ":3: step must be a whole number, never decreasing",
    ),
}


@pytest.mark.parametrize("name", list(BAD_REPLAYS))
def test_bad_replay_files_give_one_line(capsys, tmp_path, name):
    text, expected = BAD_REPLAYS[name]
    path = tmp_path / "in.jsonl"
    path.write_text(text)
    state = tmp_path / "state.json"
    status, _, err = run(capsys, "--headless", "--replay", str(path), "--dump-state", str(state))
    assert status == 2
    assert err.count("\n") == 1 and expected in err
    assert not state.exists()


def test_real_process_exit_status_and_no_traceback(tmp_path):
    """As a user runs it: status 2, exactly one line on stderr, nothing on stdout."""
    done = subprocess.run(
        [sys.executable, "main.py", "--headless", "--frames", "2", "--scene", "missing.toml"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_readme_keymap_is_the_apps_keymap():
    """The README's key table lists exactly what the help overlay (the keymap) says."""
    from sandbox.app.keymap import help_lines

    readme = (ROOT / "README.md").read_text()
    for keys, action in help_lines():
        assert f"| {keys} | {action} |" in readme


def test_readme_lists_every_scene_and_its_scene_files_load(tmp_path):
    """Each built-in scene has its row (number, name, title: lesson) in the README, and
    every TOML example there loads as a scene file (the concave L among them)."""
    import re

    from sandbox.scenes.registry import SCENES, load_scene

    readme = (ROOT / "README.md").read_text()
    for number, scene in enumerate(SCENES.values(), start=1):
        assert f"| {number} | `{scene.name}` | {scene.title}: {scene.lesson} |" in readme
    blocks = re.findall(r"```toml\n(.*?)```", readme, re.S)
    blocks = [block for block in blocks if "[[stage]]" not in block]  # lessons: test_lessons
    assert len(blocks) >= 2
    kinds = set()
    for k, block in enumerate(blocks):
        path = tmp_path / f"example{k}.toml"
        path.write_text(block)
        world = load_scene(str(path)).world(0)
        kinds |= {shape.kind for shape in world.shapes()}
    assert "compound" in kinds
