"""Issue 11: every fault and bad input gives one clear line and exit 2, nothing half-written.

Each case a hostile user tried is an explicit test here: OS errors on output paths,
outputs checked before the run and written all or none (a full disk, a short write, a
signal in the middle), SIGTERM / SIGHUP, clobbering devices, FIFOs and inputs, replay
and scene files that crashed, the limits, and messages that broke the one-line rule.
The hypothesis fuzz over the command line, scenes and replays is in test_fuzz_inputs.py.
"""

import json
import os
import signal
import stat
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest
from driving import draw_session, open_session

from sandbox.app import atomic
from sandbox.app.cli import main
from sandbox.app.limits import MAX_FRAMES, one_line
from sandbox.scenes.limits import MAX_SCENE_BYTES

ROOT = Path(__file__).resolve().parent.parent
HEADER = {"format": "sat-sandbox-replay", "version": 1, "scene": "classic", "seed": 0}
HEADER_LINE = json.dumps({**HEADER, "theme": "dark"})


def run(capsys, *argv):
    """main() in-process: (exit status, stdout, stderr)."""
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_line(status, err, *expected):
    """Exit 2 and exactly one printable line on stderr, naming what went wrong."""
    assert status == 2, err
    assert err.count("\n") == 1 and err.endswith("\n"), repr(err)
    assert err.startswith("main.py: error: ") and "Traceback" not in err
    assert err[:-1].isprintable(), repr(err)  # no CR, no ANSI escape, no NUL
    for text in expected:
        assert text in err, (text, err)


def leftovers(folder: Path) -> list[str]:
    """Temporary files of an output left in `folder`."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def scene_file(tmp_path, text: str, name="s.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


BOX = '[[body]]\nshape = "box"\nwidth = 40\nheight = 40\nposition = [400, 300]\n'


# -- OS errors on paths: found before the run, one line naming the path -------------------


def test_over_long_scene_name_is_one_line(capsys):
    status, _, err = run(capsys, "--headless", "--frames", 1, "--scene", "x" * 300)
    assert_one_line(status, err, "unknown scene")


def test_over_long_screenshot_name_is_refused_before_the_run(capsys, tmp_path):
    shot = tmp_path / ("x" * 300 + ".png")
    status, _, err = run(capsys, "--headless", "--frames", 1, "--screenshot", shot)
    assert_one_line(status, err, "--screenshot", "too long")


def test_name_whose_temporary_name_would_pass_255_bytes_is_refused_up_front(capsys, tmp_path):
    """A 240-character name is legal, but its temporary file's name is not: refused before
    the run (it used to fail only after the whole run)."""
    shot = tmp_path / ("x" * 240 + ".png")
    status, _, err = run(
        capsys, "--headless", "--frames", MAX_FRAMES, "--scene", "pile", "--screenshot", shot
    )
    assert_one_line(status, err, "file name is too long", "at most 241")
    assert list(tmp_path.iterdir()) == []


def test_over_long_path_is_refused(capsys, tmp_path):
    deep = "/".join(["d" * 200] * 25)
    status, _, err = run(capsys, "--headless", "--frames", 1, "--dump-state", f"{deep}/x.json")
    assert_one_line(status, err, "--dump-state")


@pytest.mark.parametrize("target", ["/sys/x.png", "/proc/x.png", "/proc/self/x.png"])
def test_unwritable_places_are_one_line(capsys, target):
    if not Path(target).parent.is_dir():
        pytest.skip(f"no {Path(target).parent} here")
    status, _, err = run(capsys, "--headless", "--frames", 1, "--screenshot", target)
    assert_one_line(status, err, "--screenshot", target)
    assert not Path(target).exists()


def test_folder_that_is_a_file_is_one_line(capsys, tmp_path):
    (tmp_path / "file").write_text("x")
    status, _, err = run(
        capsys, "--headless", "--frames", 1, "--screenshot", tmp_path / "file" / "x.png"
    )
    assert_one_line(status, err, "is not a folder")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in a read-only folder")
def test_read_only_folder_is_one_line(capsys, tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        status, _, err = run(capsys, "--headless", "--frames", 1, "--screenshot", folder / "x.png")
    finally:
        folder.chmod(0o700)
    assert_one_line(status, err, "cannot write in", "Permission denied")


def test_no_output_is_written_unless_all_can_be(capsys, tmp_path):
    """--screenshot ok.png --dump-state /sys/x.json used to write ok.png, then crash."""
    ok = tmp_path / "ok.png"
    status, _, err = run(
        capsys,
        "--headless",
        "--frames",
        1,
        "--screenshot",
        ok,
        "--dump-state",
        tmp_path / "missing" / "x.json",
    )
    assert_one_line(status, err, "--dump-state", "does not exist")
    assert not ok.exists()


# -- writes: verified, fsync'd, all or none; a full disk or short write leaves the old file --

WRITERS = {
    "--screenshot": "out.png",
    "--dump-state": "out.json",
    "--record": "out.jsonl",
    "--save-scene": "out.toml",
}


@pytest.mark.parametrize("option", list(WRITERS))
def test_full_disk_on_every_writer_leaves_the_old_file_and_no_temporary(tmp_path, option):
    """A real short write: the process may write at most 64 bytes into any file
    (RLIMIT_FSIZE, as a full disk would stop it), so each output fails halfway."""
    import resource

    target = tmp_path / WRITERS[option]
    target.write_bytes(b"old")

    def limit_file_size():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (64, 64))

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-B", str(ROOT / "main.py"), "--headless", "--frames", "3"]
        + [option, str(target)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=limit_file_size,
    )
    assert_one_line(done.returncode, done.stderr, str(target), "cannot write")
    assert target.read_bytes() == b"old"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("option", list(WRITERS))
@pytest.mark.parametrize("existing", [True, False])
def test_short_write_on_every_writer_leaves_old_file_or_none(
    capsys, tmp_path, monkeypatch, option, existing
):
    """The write stops halfway (os.write takes half, then nothing): an error, and the
    old file intact (or no file), no temporary left."""
    target = tmp_path / WRITERS[option]
    if existing:
        target.write_bytes(b"old")
    real_write = os.write
    calls = []

    def half_then_nothing(descriptor, data):
        calls.append(len(data))
        return real_write(descriptor, bytes(data[: len(data) // 2])) if len(calls) == 1 else 0

    monkeypatch.setattr(atomic.os, "write", half_then_nothing)
    status, _, err = run(capsys, "--headless", "--frames", 2, option, target)
    monkeypatch.undo()
    assert_one_line(status, err, str(target), "No space left")
    assert calls
    assert (target.read_bytes() == b"old") if existing else not target.exists()
    assert leftovers(tmp_path) == []


def test_failure_on_the_second_output_leaves_the_first_untouched(capsys, tmp_path, monkeypatch):
    """All or none: the screenshot is safe on disk when the state dump fails; neither is
    renamed into place."""
    shot, state = tmp_path / "a.png", tmp_path / "a.json"
    shot.write_bytes(b"old png")
    state.write_bytes(b"old json")
    real_write = os.write
    calls = []

    def second_fails(descriptor, data):
        calls.append(descriptor)
        if len(calls) > 1:
            raise OSError(28, "No space left on device")
        return real_write(descriptor, data)

    monkeypatch.setattr(atomic.os, "write", second_fails)
    status, _, err = run(
        capsys, "--headless", "--frames", 2, "--screenshot", shot, "--dump-state", state
    )
    monkeypatch.undo()
    assert_one_line(status, err, str(state))
    assert shot.read_bytes() == b"old png" and state.read_bytes() == b"old json"
    assert leftovers(tmp_path) == []


def test_written_png_reads_back_whole(capsys, tmp_path):
    import pygame

    from sandbox.scenes.base import CANVAS

    shot = tmp_path / "whole.png"
    status, _, err = run(capsys, "--headless", "--frames", 1, "--screenshot", shot)
    assert status == 0, err
    assert pygame.image.load(str(shot)).get_size() == CANVAS
    assert stat.S_IMODE(shot.stat().st_mode) & 0o044  # readable by others, as before


# -- clobbering: never a device, FIFO or folder; never an input; never two outputs in one --


def test_record_needs_the_jsonl_suffix(capsys, tmp_path):
    status, _, err = run(capsys, "--headless", "--frames", 1, "--record", tmp_path / "r.txt")
    assert_one_line(status, err, "--record", "must end in .jsonl")


def test_record_onto_a_fifo_or_a_link_to_one_is_refused(capsys, tmp_path):
    """The /dev/null case, safely: a FIFO and a symlink to it stay what they are."""
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    link = tmp_path / "link.jsonl"
    link.symlink_to(fifo)
    for target in (fifo, link):
        status, _, err = run(capsys, "--headless", "--frames", 1, "--record", target)
        assert_one_line(status, err, "not a regular file")
        assert stat.S_ISFIFO(os.stat(target).st_mode)
    assert link.is_symlink()


def test_link_to_a_regular_file_is_written_through(capsys, tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    status, _, err = run(capsys, "--headless", "--frames", 1, "--dump-state", link)
    assert status == 0, err
    assert link.is_symlink() and json.loads(real.read_text())["tick"] == 1


def test_two_outputs_naming_one_file_are_refused(capsys, tmp_path):
    state = tmp_path / "o.json"
    state.write_text("keep")
    link = tmp_path / "o.jsonl"
    link.symlink_to(state)
    status, _, err = run(
        capsys, "--headless", "--frames", 1, "--dump-state", state, "--record", link
    )
    assert_one_line(status, err, "--dump-state and --record name the same file")
    assert state.read_text() == "keep"


def test_output_naming_the_scene_file_is_refused(capsys, tmp_path):
    scene = scene_file(tmp_path, BOX)
    before = scene.read_text()
    link = tmp_path / "s.jsonl"
    link.symlink_to(scene)
    status, _, err = run(capsys, "--headless", "--frames", 1, "--scene", scene, "--record", link)
    assert_one_line(status, err, "would overwrite the scene file")
    assert scene.read_text() == before


@pytest.mark.parametrize("hard_link", [False, True])
def test_output_naming_the_replay_file_is_refused(capsys, tmp_path, hard_link):
    replay = tmp_path / "r.json"
    replay.write_text(HEADER_LINE + '\n{"end": 2}\n')
    before = replay.read_text()
    target = replay
    if hard_link:
        target = tmp_path / "other.json"
        os.link(replay, target)
    status, _, err = run(capsys, "--headless", "--replay", replay, "--dump-state", target)
    assert_one_line(status, err, "would overwrite the replay file")
    assert replay.read_text() == before


# -- signals: SIGTERM and SIGHUP end a run promptly, nothing written, exit 128 + N ----------


def _wait_for_handler(process, signum: int, timeout: float = 60.0) -> None:
    """Until `process` has a handler for `signum` (read from /proc: no guessing a delay)."""
    bit = 1 << (signum - 1)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            status = Path(f"/proc/{process.pid}/status").read_text()
        except OSError:
            break
        caught = next(line for line in status.splitlines() if line.startswith("SigCgt:"))
        if int(caught.split()[1], 16) & bit:
            return
        time.sleep(0.02)
    pytest.fail(f"the process never installed a handler for signal {signum}")


@pytest.mark.parametrize("signum,status", [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_signal_stops_a_headless_run_cleanly(tmp_path, signum, status):
    """A million-tick run of `pile` with outputs: stopped at once, nothing written."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    process = subprocess.Popen(
        [sys.executable, "-B", str(ROOT / "main.py"), "--headless", "--scene", "pile"]
        + ["--frames", str(MAX_FRAMES), "--dump-state", "t.json", "--screenshot", "t.png"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        _wait_for_handler(process, signum)
        time.sleep(0.3)  # well into the run
        process.send_signal(signum)
        _, err = process.communicate(timeout=30)
    finally:
        process.kill()
        process.wait()
    assert process.returncode == status, err
    assert err == b""
    assert list(tmp_path.iterdir()) == []


def test_signal_while_writing_removes_every_temporary(capsys, tmp_path, monkeypatch):
    """SIGTERM arrives halfway through the writes: it waits until every temporary is
    written and named (so none can be left behind), then stops the run before any rename:
    exit 143, no output, no temporary."""
    real_write = atomic._write_fully
    calls = []

    def write_then_signal(descriptor, data):
        calls.append(descriptor)
        real_write(descriptor, data[: len(data) // 2])
        os.kill(os.getpid(), signal.SIGTERM)
        real_write(descriptor, data[len(data) // 2 :])

    monkeypatch.setattr(atomic, "_write_fully", write_then_signal)
    outputs = [tmp_path / "a.png", tmp_path / "a.json"]
    status = main(
        ["--headless", "--frames", "2", "--screenshot", str(outputs[0])]
        + [
            "--dump-state",
            str(outputs[1]),
        ]
    )
    assert status == 143 and len(calls) == 2
    assert list(tmp_path.iterdir()) == []
    assert signal.getsignal(signal.SIGTERM) is not None  # handlers put back


# -- limits ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv,expected",
    [
        (["--frames", str(MAX_FRAMES + 1)], "--frames must be at most"),
        (["--frames", "9" * 5000], "invalid int value"),
        (["--frames", "1", "--hold", f"right:0-{MAX_FRAMES + 1}"], "LAST"),
        (["--frames", "1", "--seed", str(2**70)], "--seed"),
    ],
)
def test_command_line_limits(capsys, argv, expected):
    status, _, err = run(capsys, "--headless", *argv)
    assert_one_line(status, err, expected)


def _replay(tmp_path, *lines, header=HEADER_LINE) -> Path:
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join([header, *lines]) + "\n")
    return path


BAD_REPLAYS = {
    "press list in list": (['{"step": 1, "press": [["g"]]}', '{"end": 2}'], "unknown action"),
    "press object": (['{"step": 1, "press": {}}', '{"end": 2}'], "unknown action"),
    "hold list in list": (['{"step": 1, "hold": [["left"]]}', '{"end": 2}'], "hold must list"),
    "hold object in list": (['{"step": 1, "hold": [{}]}', '{"end": 2}'], "hold must list"),
    "5000-digit number": (['{"step": 1' + "0" * 5000 + "}", '{"end": 2}'], "line too long"),
    "40-digit number": (['{"step": 1' + "0" * 40 + ', "press": "g"}'], "digits"),
    "100,000 nested": (["[" * 100_000], "line too long"),
    "4,000 nested": (["[" * 4000], "nested too deeply"),
    "end past the limit": ([f'{{"end": {MAX_FRAMES + 1}}}'], "end must be"),
    "step past the limit": ([f'{{"step": {MAX_FRAMES + 1}, "press": "g"}}'], "at most"),
    "NaN": (['{"step": NaN, "press": "g"}'], "not a number JSON allows"),
}


@pytest.mark.parametrize("name", list(BAD_REPLAYS))
def test_replay_lines_that_crashed_are_one_line(capsys, tmp_path, name):
    lines, expected = BAD_REPLAYS[name]
    path = _replay(tmp_path, *lines)
    status, _, err = run(capsys, "--headless", "--replay", path)
    assert_one_line(status, err, expected)


@pytest.mark.parametrize(
    "header,expected",
    [
        ({**HEADER, "theme": "dark", "version": True}, "version 1"),
        ({**HEADER, "theme": "dark", "version": 1.0}, "version 1"),
        ({**HEADER, "theme": "dark", "seed": 2**63}, "seed"),
        ({**HEADER, "theme": "dark", "extra": 1}, "unknown header field"),
        ({**HEADER, "theme": ["dark"]}, "theme must be a string"),
        ({**HEADER, "theme": "neon"}, "theme 'neon'"),
        ({**HEADER, "theme": "dark", "scene": "a\nb"}, "printable"),
        ({**HEADER, "theme": "dark", "scene": "/dev/zero"}, "not a regular file"),
        ({**HEADER, "theme": "dark", "scene": "x" * 2000}, "scene must be a string of 1 to"),
    ],
)
def test_replay_headers_are_type_checked(capsys, tmp_path, header, expected):
    path = _replay(tmp_path, '{"end": 1}', header=json.dumps(header))
    status, _, err = run(capsys, "--headless", "--replay", path)
    assert_one_line(status, err, expected)


def test_replay_from_a_device_is_refused_unread(capsys):
    status, _, err = run(capsys, "--headless", "--replay", "/dev/zero")
    assert_one_line(status, err, "/dev/zero", "not a regular file")


def test_replay_too_large_is_refused_unread(capsys, tmp_path):
    from sandbox.app.limits import MAX_REPLAY_BYTES

    path = tmp_path / "big.jsonl"
    with open(path, "wb") as handle:
        handle.truncate(MAX_REPLAY_BYTES + 1)  # sparse: costs no disk
    status, _, err = run(capsys, "--headless", "--replay", path)
    assert_one_line(status, err, "too large")


def test_fifo_scene_and_replay_do_not_hang(tmp_path):
    """A FIFO named .toml (or .jsonl) is refused at once: opened without blocking."""
    os.mkfifo(tmp_path / "s.toml")
    os.mkfifo(tmp_path / "r.jsonl")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    for argv in (["--scene", "s.toml", "--frames", "1"], ["--replay", "r.jsonl"]):
        done = subprocess.run(
            [sys.executable, "-B", str(ROOT / "main.py"), "--headless", *argv],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert_one_line(done.returncode, done.stderr, "not a regular file")


BAD_SCENES = {
    "radius 1e308": ('[[body]]\nshape = "circle"\nradius = 1e308\n', "radius: must be at most"),
    "position 1e308": (BOX.replace("[400, 300]", "[1e308, 0]"), "position[0]: must be at most"),
    "velocity 1e308": (BOX + "velocity = [0, -1e308]\n", "velocity[1]: must be at least"),
    "gravity 1e308": ("gravity = [0, 1e308]\n" + BOX, "gravity[1]: must be at most"),
    "width 1e160": (BOX.replace("width = 40", "width = 1e160"), "width: must be at most"),
    "damping 5000 digits": ("damping = " + "9" * 5000 + "\n" + BOX, "not valid TOML"),
    "position 30 digits": (BOX.replace("[400, 300]", "[" + "9" * 30 + ", 0]"), "out of range"),
    "NUL in title": ('title = "a\\u0000b"\n' + BOX, "title: must be printable"),
    "newline in title": ('title = "a\\nb"\n' + BOX, "title: must be printable"),
    "NUL in name": (BOX + 'name = "x\\u0000"\n', "name: must be printable"),
    "long lesson": (f'lesson = "{"w" * 300}"\n' + BOX, "lesson: must be at most 240"),
    "nested arrays": ("gravity = " + "[" * 5000 + "]" * 5000 + "\n" + BOX, "not valid TOML"),
    "many vertices": (
        '[[body]]\nshape = "polygon"\nvertices = ['
        + ", ".join(f"[{k}, {k * k}]" for k in range(25_000))
        + "]\n",
        "at most 64 vertices",
    ),
    "many bodies": (BOX * 2001, "at most 2000 bodies"),
    "tiny density": (BOX + "density = 1e-300\n", "density: must be at least"),
    "tiny radius": ('[[body]]\nshape = "circle"\nradius = 1e-300\n', "radius: must be at least"),
}


@pytest.mark.parametrize("name", list(BAD_SCENES))
def test_scene_files_that_crashed_are_one_line(capsys, tmp_path, name):
    text, expected = BAD_SCENES[name]
    path = scene_file(tmp_path, text)
    shot = tmp_path / "never.png"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no RuntimeWarning on the way either
        status, _, err = run(
            capsys, "--headless", "--frames", 1, "--scene", path, "--screenshot", shot
        )
    assert_one_line(status, err, str(path), expected)
    assert "zero area" not in err and not shot.exists()


def test_scene_file_too_large_is_refused_unread(capsys, tmp_path):
    path = tmp_path / "big.toml"
    path.write_text('lesson = "' + "w" * (4 << 20) + '"\n' + BOX)  # the 4 MB lesson
    status, _, err = run(capsys, "--headless", "--frames", 1, "--scene", path)
    assert_one_line(status, err, "too large", f"at most {MAX_SCENE_BYTES}")


def test_scene_from_a_device_is_refused_unread(capsys):
    status, _, err = run(capsys, "--headless", "--frames", 1, "--scene", "/dev/zero")
    assert_one_line(status, err, "not a regular file")


def test_extreme_scene_within_the_limits_runs_and_draws(capsys, tmp_path):
    """Every limit at once (sizes, speeds, gravity, far positions): a clean run."""
    text = (
        "gravity = [100000, -100000]\n"
        '[[body]]\nshape = "circle"\nradius = 10000\nposition = [100000, -100000]\n'
        "velocity = [-100000, 100000]\ndensity = 1e6\n"
        '[[body]]\nshape = "box"\nwidth = 0.01\nheight = 10000\nposition = [-100000, 100000]\n'
        "velocity = [100000, 100000]\ndensity = 1e-6\ncontrolled = true\n"
        '[[body]]\nshape = "polygon"\nvertices = [[-10000, -10000], [10000, -10000], [0, 10000]]\n'
        "static = true\nangle = 10000\n"
    )
    path = scene_file(tmp_path, text)
    status, _, err = run(
        capsys, "--headless", "--frames", 60, "--scene", path, "--screenshot", tmp_path / "x.png"
    )
    assert status == 0, err


# -- messages: one line, whatever the input holds --------------------------------------------


@pytest.mark.parametrize("key", ['"a\\nb"', '"a\\rb"', '"\\u001b[31mred\\u001b[0m"', '"x\\u2028y"'])
def test_unknown_key_with_control_characters_stays_one_line(capsys, tmp_path, key):
    path = scene_file(tmp_path, f"{key} = 1\n" + BOX)
    status, _, err = run(capsys, "--headless", "--frames", 1, "--scene", path)
    assert_one_line(status, err, "unknown field")
    assert "\x1b" not in err and "\r" not in err


def test_one_line_escapes_and_shortens():
    assert one_line("a\nb\rc\x1b[0m\x00\u2028") == "a\\x0ab\\x0dc\\x1b[0m\\x00\\u2028"
    long = one_line("start " + "x" * 5000 + " end")
    assert len(long) <= 1000 and long.startswith("start ") and long.endswith(" end")


# -- minor items ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv,expected",
    [
        (["--headless", "--frames", "1", "--theme", ""], "--theme ''"),
        (["--list-scenes", "--frames", "-1"], "--list-scenes takes no other option"),
        (["--list-scenes", "--theme", "bogus"], "--list-scenes takes no other option"),
        (["--frames", "10"], "--frames is for --headless runs"),
        (["--headless", "--frames", "1", "--scene", ""], "--scene: needs"),
    ],
)
def test_minor_option_mistakes_are_refused(capsys, argv, expected):
    status, out, err = run(capsys, *argv)
    assert_one_line(status, err, expected)
    assert out == ""


def test_scene_beside_replay_is_refused(capsys, tmp_path):
    path = _replay(tmp_path, '{"end": 1}')
    status, _, err = run(capsys, "--headless", "--replay", path, "--scene", "classic")
    assert_one_line(status, err, "--scene and --replay cannot be used together")


# -- the pile has a ceiling -------------------------------------------------------------------


def test_pile_with_gravity_reversed_stays_inside_under_its_ceiling():
    """G in `pile` used to send 119 of 121 bodies off the top for good."""
    from sandbox.physics.body import Steering
    from sandbox.scenes.registry import SCENES

    world = SCENES["pile"].world(0)
    world.reverse_gravity()
    for _ in range(240):
        world.step(1 / 60, Steering())
    ceiling = next(b for b in world.bodies if b.name == "ceiling")
    top = ceiling.shape.aabb().max_y
    moving = [i for i, b in enumerate(world.bodies) if not b.static]
    assert world.escaped(margin=0.0) == []
    # Every body is below the ceiling's lower face (its centre at least a few px below).
    assert min(world.position[i][1] for i in moving) > top


@pytest.mark.parametrize("signum,status", [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_signal_stops_a_window_cleanly(tmp_path, xvfb_display, signum, status):
    """The same in a real window (Xvfb): SDL leaves our handlers alone, so SIGTERM is not
    turned into a quit event that would write the outputs."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    # PYTHONFAULTHANDLER: should it hang (it did once, in a run loaded 5 deep), SIGABRT
    # makes it print where each of its threads is.
    env.update(DISPLAY=xvfb_display, SDL_AUDIODRIVER="dummy", PYTHONFAULTHANDLER="1")
    process = subprocess.Popen(
        [sys.executable, "-B", str(ROOT / "main.py"), "--scene", "pile"]
        + ["--dump-state", "w.json", "--record", "w.jsonl", "--screenshot", "w.png"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        _wait_for_handler(process, signum)
        time.sleep(1.0)  # the window is up and running
        process.send_signal(signum)
        try:
            _, err = process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGABRT)
            _, err = process.communicate(timeout=30)
            pytest.fail(f"still running 30 s after signal {signum}; where:\n{err.decode()}")
    finally:
        process.kill()
        process.wait()
    assert process.returncode == status, err
    assert list(tmp_path.iterdir()) == []


def test_far_away_body_is_drawn_without_dashing_to_it():
    """A body 1e13 px away (a long run under strong gravity can get there) used to hang
    the renderer: it dashed the whole line to it, 7e11 dashes. Only the visible part is
    dashed now, and the frame is drawn."""
    import pygame

    from sandbox.core.geometry import Circle, Polygon
    from sandbox.physics.body import Body
    from sandbox.physics.world import World
    from sandbox.scenes.base import CANVAS, Scene

    def build(seed, far=1e13):
        shapes = [Circle(10, position=(far, far)), Polygon.box(20, 20, position=(-far, far))]
        return World([Body("a", shapes[0], controlled=True), Body("b", shapes[1])])

    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface(CANVAS)
    draw_session(surface, open_session(Scene("far", "Far", "far away", build)))
    assert surface.get_at((0, 0)) is not None
