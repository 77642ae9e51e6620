"""Issue 11: hypothesis fuzz over the command line, TOML scene files and replay files.

The property, for whatever the input: main() returns 0 or 2 (never raises); on 2,
stderr is exactly one printable line; and no temporary file is left behind (on 2, no
output at all). Example counts stay modest so that the whole suite stays fast.
"""

import contextlib
import io
import json
import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from toml_text import toml_key, toml_value

from sandbox.app.cli import main
from sandbox.scenes import scene_bodies, scene_file

FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,  # the same examples on every run: CI is reproducible
)
OUTPUTS = ("out.png", "out.json", "out.jsonl")


def check_run(folder: Path, argv: list[str]) -> int:
    """Run main() in `folder`; assert the property; return the exit status."""
    before = set(os.listdir(folder))
    err = io.StringIO()
    with contextlib.chdir(folder), contextlib.redirect_stderr(err):
        with contextlib.redirect_stdout(io.StringIO()):
            status = main(argv)
    text = err.getvalue()
    assert status in (0, 2), (argv, status, text)
    after = set(os.listdir(folder))
    assert not [name for name in after if name.endswith(".tmp")], argv
    if status == 2:
        assert text.count("\n") == 1 and text.startswith("main.py: error: "), (argv, text)
        assert text[:-1].isprintable(), (argv, text)
        assert after == before, (argv, after - before)
    else:
        assert text == "", (argv, text)
    return status


# -- the command line ----------------------------------------------------------------------

WORDS = st.sampled_from(
    [
        "--scene",
        "--frames",
        "--screenshot",
        "--dump-state",
        "--save-scene",
        "--edit",
        "--ui",
        "--save-dir",
        "--record",
        "--replay",
        "--hold",
        "--theme",
        "--seed",
        "--list-scenes",
        "--headless",
        "classic",
        "pile",
        "gravity",
        "dark",
        "projector",
        "right:0-2",
        "g:1-1",
        "escape:0-0",
        "0",
        "1",
        "2",
        "-1",
        "1000001",
        "9" * 40,
        "",
        "out.png",
        "out.json",
        "out.jsonl",
        "out.toml",
        '0:{"op": "spawn", "kind": "box", "at": [400, 300]}',
        '1:{"op": "delete", "at": [400, 300]}',
        '0:{"op": "undo"}',
        "panel=tune:0",
        "set=gravity,450:1",
        "view=2.5,400,300:0",
        "view=9,0,0:0",
        "draft=1,2;3,4;5,1:0",
        "mode=edit:0",
        "scene=../x:0",
        "missing.toml",
        "missing.jsonl",
        "/dev/null",
        "/dev/zero",
        "/proc/x.png",
        "x" * 300,
        "a\nb",
        "\x1b[31m",
        ".",
        "..",
    ]
)
ARGV = st.lists(st.one_of(WORDS, st.text(max_size=12)), max_size=8)


@settings(FUZZ, max_examples=30)
@given(ARGV)
def test_fuzz_command_line(argv):
    # Always headless (a window would wait for a user); --frames stays small or invalid.
    argv = ["--headless", *argv]
    with tempfile.TemporaryDirectory() as folder:
        check_run(Path(folder), argv)


# -- scene files -----------------------------------------------------------------------------

# Every field the scene format knows (read from it, so new fields are fuzzed too).
SCENE_KEYS = sorted(scene_file._TOP_KEYS - {"body"})
BODY_KEYS = sorted(scene_bodies._BODY_KEYS)
NUMBERS = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0, 1, 40, 300, 1e-300, 1e308, -1e308, 1e160, 1e5, 1e4 + 1]),
)
SCALARS = st.one_of(
    NUMBERS,
    st.booleans(),
    st.text(max_size=20),
    st.sampled_from(["polygon", "regular", "box", "circle", "x\x00y", "a\nb"]),
)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4), max_leaves=12)


TABLE = st.dictionaries(
    st.one_of(st.sampled_from(BODY_KEYS), st.text(min_size=1, max_size=8)), VALUES, max_size=8
)
GOOD_BODY = st.fixed_dictionaries(
    {
        "shape": st.sampled_from(["box", "circle", "regular"]),
        "width": st.floats(0.5, 200),
        "height": st.floats(0.5, 200),
        "radius": st.floats(0.5, 200),
        "sides": st.integers(3, 8),
        "position": st.tuples(st.floats(-1e3, 1e3), st.floats(-1e3, 1e3)).map(list),
    }
)


def scene_text(top: dict, bodies: list[dict]) -> str:
    lines = [f"{toml_key(k)} = {toml_value(v)}" for k, v in top.items()]
    for body in bodies:
        lines.append("[[body]]")
        for key, value in body.items():
            if key in ("width", "height", "sides") and body.get("shape") == "circle":
                continue
            lines.append(f"{toml_key(key)} = {toml_value(value)}")
    return "\n".join(lines) + "\n"


@FUZZ
@given(
    st.dictionaries(
        st.one_of(st.sampled_from(SCENE_KEYS), st.text(min_size=1, max_size=8)), VALUES, max_size=4
    ),
    st.lists(st.one_of(TABLE, GOOD_BODY), max_size=4),
    st.one_of(st.none(), st.binary(max_size=40)),
)
def test_fuzz_scene_files(top, bodies, junk):
    text = scene_text(top, bodies).encode()
    if junk is not None:  # bytes spliced in: bad UTF-8, stray brackets, NULs
        text = text[: len(text) // 2] + junk + text[len(text) // 2 :]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "scene.toml"
        path.write_bytes(text)
        argv = ["--headless", "--frames", "3", "--scene", str(path), "--screenshot", "out.png"]
        argv += ["--dump-state", "out.json"]
        check_run(Path(folder), argv)


# -- replay files --------------------------------------------------------------------------

KEYS = st.sampled_from(["left", "right", "up", "g", "r", "tab", "escape", "space", "x", "1"])
STEPS = st.one_of(st.integers(-2, 8), st.sampled_from([10**6 + 1, 10**30, True, 1.5, "3"]))
LINE = st.one_of(
    st.fixed_dictionaries({"step": STEPS, "press": st.one_of(KEYS, VALUES)}),
    st.fixed_dictionaries({"step": STEPS, "hold": st.one_of(st.lists(KEYS, max_size=3), VALUES)}),
    st.fixed_dictionaries({"end": STEPS}),
    st.dictionaries(st.text(max_size=6), VALUES, max_size=3),
    VALUES,
)
HEADER = st.fixed_dictionaries(
    {
        "format": st.sampled_from(["sat-sandbox-replay", "other"]),
        "version": st.sampled_from([1, 1, 1, True, 1.0, "1", 2]),
        "scene": st.one_of(
            st.sampled_from(["classic", "gravity", "/dev/zero", "x.toml"]), st.text(max_size=10)
        ),
        "seed": st.one_of(st.integers(-5, 5), st.sampled_from([2**63, 1.5, None])),
        "theme": st.sampled_from(["dark", "projector", "", "neon"]),
    }
)


@FUZZ
@given(
    HEADER, st.lists(LINE, max_size=6), st.booleans(), st.one_of(st.none(), st.binary(max_size=30))
)
def test_fuzz_replay_files(header, lines, ended, junk):
    items = [header, *lines] + ([{"end": 8}] if ended else [])
    text = "\n".join(json.dumps(item) for item in items).encode() + b"\n"
    if junk is not None:
        text = text[: len(text) // 2] + junk + text[len(text) // 2 :]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "in.jsonl"
        path.write_bytes(text)
        argv = ["--headless", "--replay", str(path), "--dump-state", "out.json"]
        check_run(Path(folder), argv)
