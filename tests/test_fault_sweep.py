"""The fault sweep of issue 23: each case here failed before its fix (a traceback, a
refused recording, a half-written output, a silently wrong answer)."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from sandbox.app import targets  # noqa: E402
from sandbox.app.cli import main  # noqa: E402
from sandbox.app.headless import simulate  # noqa: E402
from sandbox.app.options import parse_options  # noqa: E402
from sandbox.app.signals import Stopped, stop_on_signals  # noqa: E402
from sandbox.app.view_model import draw_session  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

SIZES = ["320x240", "400x3000", "7680x240", "1920x1080"]
# Every overlay on: B (boxes) and D (Minkowski) are the two that start off.
ALL_OVERLAYS = ["b:0-0", "d:0-0"]


@pytest.mark.parametrize("scene", list(SCENES))
def test_every_scene_draws_with_every_overlay_at_every_size(scene, tmp_path):
    """Every scene, every overlay on (the Minkowski inset too), at the smallest, a tall
    narrow, a wide short and an ordinary window size, after 150 steps (resting shapes:
    parallel edges): the command line run writes its screenshot and exits 0 at the first
    size, and the same state draws at every size (a headless run's steps do not depend
    on the size: one run of the steps, where each size ran them again)."""
    shot, state = tmp_path / "shot.png", tmp_path / "state.json"
    argv = ["--headless", "--scene", scene, "--frames", "150", "--size", SIZES[0]]
    for hold in ALL_OVERLAYS:
        argv += ["--hold", hold]
    assert main(argv + ["--screenshot", str(shot), "--dump-state", str(state)]) == 0
    assert shot.stat().st_size > 0
    tick = json.loads(state.read_text())["tick"]
    assert tick == 150 or (SCENES[scene].hold_at_impact and 0 < tick < 150)  # held there
    session, _ = simulate(parse_options(argv))
    assert session.world.tick == tick
    assert session.overlays.show_aabbs and session.overlays.show_minkowski
    for size in SIZES[1:]:
        surface = pygame.Surface(tuple(int(v) for v in size.split("x")))
        draw_session(surface, session, fps=None)
        assert len(set(_sample(surface))) > 1, size  # a frame drawn, not one fill


def _sample(surface) -> list:
    """Pixels on a coarse grid: a drawn frame has more than one colour among them."""
    w, h = surface.get_size()
    xs, ys = range(0, w, max(1, w // 40)), range(0, h, max(1, h // 40))
    return [tuple(surface.get_at((x, y))) for x in xs for y in ys]


def test_pressing_d_once_shapes_rest_draws_the_difference(tmp_path, capsys):
    """The report's command: `--scene gravity --frames 200 --hold d:0-0` ended in
    'ShapeError: vertex 2 lies on the line through its neighbours'."""
    shot = tmp_path / "d.png"
    argv = ["--headless", "--scene", "gravity", "--frames", "200", "--hold", "d:0-0"]
    assert main(argv + ["--screenshot", str(shot)]) == 0
    assert shot.exists() and capsys.readouterr().err == ""


# --- outputs all or none under a signal ------------------------------------------------


class _Interrupting:
    """The os module as sandbox.app.atomic sees it, but the k-th call of write, fsync,
    close, link or replace first sends `signum` to this process: a signal at that
    moment of the commit."""

    WATCHED = ("write", "fsync", "close", "link", "replace", "unlink", "fchmod", "fstat")

    def __init__(self, k: int, signum: int):
        self.k, self.signum, self.calls = k, signum, 0

    def __getattr__(self, name):
        real = getattr(os, name)
        if name not in self.WATCHED:
            return real

        def call(*args, **kwargs):
            self.calls += 1
            if self.calls == self.k + 1:
                os.kill(os.getpid(), self.signum)
            return real(*args, **kwargs)

        return call


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_at_any_moment_of_the_commit_leaves_all_outputs_new_or_all_old(
    signum, tmp_path, monkeypatch
):
    """A run writing a screenshot, a state dump and a recording is sent the signal before
    each file operation of its commit in turn (every moment from the first temporary to
    the last rename and folder sync). Each outcome is either exit 0 with all three new,
    or exit 128 + N with all three old and no temporary left; both outcomes occur."""
    from sandbox.app import atomic

    names = ("shot.png", "state.json", "input.jsonl")
    outcomes = {"new": 0, "old": 0}
    k = 0
    while True:
        folder = tmp_path / f"k{k}"
        folder.mkdir()
        for name in names:
            (folder / name).write_bytes(b"old " + name.encode())
        spy = _Interrupting(k, signum)
        monkeypatch.setattr(atomic, "os", spy)
        argv = ["--headless", "--scene", "classic", "--frames", "5", "--hold", "right:0-4"]
        argv += ["--screenshot", str(folder / names[0]), "--dump-state", str(folder / names[1])]
        argv += ["--record", str(folder / names[2])]
        status = main(argv)
        monkeypatch.setattr(atomic, "os", os)
        contents = [(folder / name).read_bytes() for name in names]
        assert sorted(p.name for p in folder.iterdir()) == sorted(names), f"moment {k}"
        if status == 0:
            assert all(not c.startswith(b"old ") for c in contents), f"moment {k}"
            assert contents[0].startswith(b"\x89PNG") and b'"tick": 5' in contents[1]
            outcomes["new"] += 1
        else:
            assert status == 128 + signum, f"moment {k}: exit {status}"
            assert all(c.startswith(b"old ") for c in contents), f"moment {k}"
            outcomes["old"] += 1
        if spy.calls <= k:  # the signal was never sent: every moment has been tried
            break
        k += 1
    assert outcomes["old"] >= 5 and outcomes["new"] >= 2, outcomes


def test_a_target_that_became_a_folder_leaves_the_other_outputs_old(tmp_path, monkeypatch):
    """The state dump's path turns into a folder after the run checked it: the run fails
    with one clear line (exit 2) and the screenshot, renamed just before, is put back."""
    from sandbox.app import atomic

    shot, state = tmp_path / "shot.png", tmp_path / "state.json"
    shot.write_bytes(b"old png")
    state.write_bytes(b"old json")
    real_replace = os.replace

    def replace_then_folder(source, target):
        real_replace(source, target)
        if str(target) == str(shot):  # right after the screenshot is in place
            state.unlink()
            state.mkdir()

    class Os:
        def __getattr__(self, name):
            return replace_then_folder if name == "replace" else getattr(os, name)

    monkeypatch.setattr(atomic, "os", Os())
    argv = ["--headless", "--scene", "classic", "--frames", "2"]
    status = main(argv + ["--screenshot", str(shot), "--dump-state", str(state)])
    assert status == 2
    assert shot.read_bytes() == b"old png"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shot.png", "state.json"]


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_real_signal_near_the_end_of_a_run_leaves_all_new_or_all_old(signum, tmp_path):
    """The same from outside: `python main.py` in a subprocess, sent the signal at eight
    moments spread over the last part of its run (timed from an unsignalled run).
    Every outcome: exit 0 and all three outputs new, or exit 128 + N (killed by N, before
    the interpreter has its handlers), all three old and no temporary; no traceback."""
    import subprocess
    import sys
    import time

    root = Path(__file__).resolve().parent.parent
    names = ("shot.png", "state.json", "input.jsonl")

    def run(folder: Path, delay: float | None) -> int:
        folder.mkdir()
        for name in names:
            (folder / name).write_bytes(b"old " + name.encode())
        argv = [sys.executable, str(root / "main.py"), "--headless", "--scene", "pile"]
        argv += ["--frames", "30", "--screenshot", str(folder / names[0])]
        argv += ["--dump-state", str(folder / names[1]), "--record", str(folder / names[2])]
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        process = subprocess.Popen(argv, env=env, stderr=subprocess.PIPE, cwd=folder)
        if delay is not None:
            time.sleep(delay)
            process.send_signal(signum)
        _, err = process.communicate(timeout=120)
        assert b"Traceback" not in err, err.decode()
        return process.returncode

    start = time.perf_counter()
    assert run(tmp_path / "plain", None) == 0
    took = time.perf_counter() - start
    for k in range(8):
        folder = tmp_path / f"at{k}"
        status = run(folder, took * (0.55 + 0.08 * k))
        contents = [(folder / name).read_bytes() for name in names]
        assert sorted(p.name for p in folder.iterdir()) == sorted(names)
        if status == 0:
            assert all(not c.startswith(b"old ") for c in contents), (k, status, contents)
        else:  # 128 + N from the app, or -N: ended by the signal before Python took it
            assert status in (128 + signum, -signum)
            assert all(c.startswith(b"old ") for c in contents), (k, status, contents)


# --- the command line outside a happy terminal -----------------------------------------

ROOT = Path(__file__).resolve().parent.parent


def _program(*args, env=None, timeout=60, **popen):
    """`python main.py ARGS` in a subprocess: (exit status, stdout, stderr)."""
    import subprocess
    import sys

    base = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER",)}
    base["SDL_AUDIODRIVER"] = "dummy"
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        env={**base, **(env or {})},
        capture_output=True,
        timeout=timeout,
        **popen,
    )
    return done.returncode, done.stdout, done.stderr


def _one_line(err: bytes, *expected: str) -> None:
    text = err.decode("utf-8", "replace")
    assert text.count("\n") == 1 and text.startswith("main.py: error: "), text
    assert "Traceback" not in text and all(e in text for e in expected), text


def test_list_scenes_into_a_closed_pipe_ends_quietly():
    """`--list-scenes` into a pipe its reader has closed: exit 141 (128 + SIGPIPE), no
    BrokenPipeError traceback."""
    import subprocess
    import sys

    read, write = os.pipe()
    os.close(read)
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--list-scenes"],
        stdout=write,
        stderr=subprocess.PIPE,
        timeout=60,
    )
    os.close(write)
    assert done.returncode == 128 + signal.SIGPIPE and done.stderr == b""


def test_list_scenes_under_an_ascii_locale_prints_what_it_can():
    """An ASCII terminal: the '·' and '−' of the lessons print as '?', exit 0."""
    status, out, err = _program("--list-scenes", env={"PYTHONIOENCODING": "ascii", "LC_ALL": "C"})
    assert status == 0 and err == b"" and b"classic" in out and b"?" in out


def test_a_scene_path_whose_bytes_are_not_utf8_is_drawn(tmp_path):
    """The title shows the file's name; bytes that are not UTF-8 are drawn as U+FFFD
    instead of ending the run in the font's UnicodeEncodeError."""
    name = os.fsencode(tmp_path) + b"/sc\xff\xfe.toml"
    with open(name, "wb") as scene:
        scene.write(b'title = "bytes"\n[[body]]\nshape = "box"\nwidth = 40\nheight = 40\n')
    shot = tmp_path / "shot.png"
    status, _, err = _program(
        "--headless", "--frames", "2", "--scene", name, "--screenshot", str(shot)
    )
    assert status == 0 and err == b"" and shot.stat().st_size > 0


@pytest.mark.parametrize(
    "env,expected",
    [
        ({"DISPLAY": ""}, "no display to open a window on"),
        ({"DISPLAY": ":77"}, "no display to open a window on"),  # no X server there
        ({"SDL_VIDEODRIVER": "nonsense"}, "cannot start SDL's video driver 'nonsense'"),
    ],
    ids=["no DISPLAY", "a dead DISPLAY", "an unknown SDL driver"],
)
def test_a_window_with_nowhere_to_show_says_so(env, expected):
    """No DISPLAY, one naming no server, or an SDL driver that does not exist: one
    line and exit 2, where the app used to run invisibly off screen or raise."""
    status, _, err = _program(env={"WAYLAND_DISPLAY": "", **env}, timeout=30)
    assert status == 2
    _one_line(err, expected)


def _mapped(pid: int, part: str, timeout: float = 60.0) -> bool:
    """Wait until process `pid` has a file whose path holds `part` mapped (Linux's
    /proc/PID/maps: a C extension's import has begun); False if it ends first."""
    import time

    maps = Path(f"/proc/{pid}/maps")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if part in maps.read_text():
                return True
        except OSError:  # the process has ended
            return False
        time.sleep(0.002)
    return False


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="needs Linux's /proc")
def test_ctrl_c_during_start_up_prints_no_traceback():
    """SIGINT while numpy and pygame load: the run ends without a traceback.

    The signal is sent a fixed time after numpy's C extension is mapped, not a fixed
    time after the process starts: on a loaded machine 50 ms after the start can fall
    inside Python's own start-up (its `site` module), before main.py is read, where
    Python itself prints "Fatal Python error: init_import_site" and its traceback."""
    import subprocess
    import sys
    import time

    for delay in (0.0, 0.1, 0.25):
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "--headless", "--frames", "5"],
            env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
            stderr=subprocess.PIPE,
        )
        reached = _mapped(process.pid, "numpy")
        time.sleep(delay)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
        assert reached, f"numpy was never loaded: {err.decode()}"
        assert b"Traceback" not in err, err.decode()
        assert process.returncode in (0, 130, -signal.SIGINT)


# --- bounds checked before the work they bound -----------------------------------------


def test_drags_longer_than_a_run_are_refused_before_they_are_built(capsys):
    """A drag of 10^8 steps, and ten of a million, were built event by event (a
    MemoryError); now one line and exit 2, at once."""
    status = main(["--headless", "--frames", "5", "--drag", "1,1:2,2:0-100000000"])
    assert status == 2 and "span 100,000,001 steps in all" in capsys.readouterr().err
    ten = [arg for _ in range(10) for arg in ("--drag", "1,1:2,2:0-999999")]
    assert main(["--headless", "--frames", "5", *ten]) == 2
    assert "the drags span 10,000,000 steps in all" in capsys.readouterr().err


def test_a_screenshot_too_big_for_memory_is_one_line(tmp_path):
    """An 8K screenshot under a 300 MB address-space limit: one line, exit 2 (it was a
    pygame.error traceback). (At 400 MB the frame fits since the app starts numpy's
    OpenBLAS with one thread, not one a core, and the PNG's encoding fails instead:
    one line too, "could not be encoded as PNG".)"""
    import resource

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (300 << 20, 300 << 20))

    status, _, err = _program(
        "--headless", "--frames", "1", "--size", "7680x4320", "--screenshot", tmp_path / "8k.png",
        env={"SDL_VIDEODRIVER": "dummy"}, preexec_fn=limit,
    )  # fmt: skip
    assert status == 2
    _one_line(err, "out of memory for a 7680x4320 screenshot")


def test_a_replay_of_endless_resets_is_refused(tmp_path, capsys):
    """5,001 resets in a replay (each rebuilds the world, ~23 ms in the pile): refused
    at the line that passes the limit, before any is run."""
    from sandbox.app.limits import MAX_REBUILDS

    lines = ['{"format": "sat-sandbox-replay", "scene": "pile", "seed": 0, "theme": "dark", '
             '"version": 2}']  # fmt: skip
    lines += ['{"press": "r", "step": 0}'] * (MAX_REBUILDS + 1) + ['{"end": 1}']
    replay = tmp_path / "resets.jsonl"
    replay.write_text("\n".join(lines) + "\n")
    assert main(["--headless", "--replay", str(replay)]) == 2
    err = capsys.readouterr().err
    assert f"resets.jsonl:{MAX_REBUILDS + 2}:" in err and "rebuild the world" in err


def test_a_scene_heaped_on_one_point_is_refused(tmp_path, capsys):
    """2,000 boxes (the documented limit) on one point: 1,999,000 overlapping pairs, two
    steps of which took minutes; refused at load with the count."""
    lines = ['title = "heap"']
    lines += ['[[body]]\nshape = "box"\nwidth = 20\nheight = 20\nposition = [400, 300]'] * 2000
    scene = tmp_path / "heap.toml"
    scene.write_text("\n".join(lines) + "\n")
    assert main(["--headless", "--frames", "2", "--scene", str(scene)]) == 2
    assert "1,999,000 pairs of bodies start overlapping" in capsys.readouterr().err


# --- scene files: the README's sizes ---------------------------------------------------


@pytest.mark.parametrize(
    "vertices,narrowest",
    [
        ("[[0,0],[1e-12,0],[1e-12,1e-12],[0,1e-12]]", "1e-12"),
        ("[[0,0],[3e-9,0],[3e-9,6e-9],[9e-9,6e-9],[9e-9,9e-9],[0,9e-9]]", "3e-09"),
        ("[[0,0],[100,0],[100,0.001],[0,0.001]]", "0.001"),
    ],
    ids=["1e-12 square", "9e-9 L", "a 0.001 px sliver"],
)
def test_polygons_narrower_than_the_smallest_size_are_refused(
    vertices, narrowest, tmp_path, capsys
):
    """Sizes start at 0.01 px: a polygon (or a piece of a concave one) narrower than that
    is refused, naming its width (a 1e-12 px square flew off at 1e11 px/s)."""
    scene = tmp_path / "tiny.toml"
    scene.write_text(f'title = "tiny"\n[[body]]\nshape = "polygon"\nvertices = {vertices}\n')
    assert main(["--headless", "--frames", "2", "--scene", str(scene)]) == 2
    err = capsys.readouterr().err
    assert f"the shape is {narrowest} px across at its narrowest" in err


# --- the library's edges ---------------------------------------------------------------


def test_the_library_refuses_what_it_cannot_answer_truly():
    """Each with a clear ShapeError, TypeError or ValueError, no numpy warning, no
    allocation of gigabytes, no generator read past the cap."""
    import itertools
    import warnings

    import numpy as np

    from sandbox.core.batch import PolygonBatch
    from sandbox.core.geometry import Circle, Polygon, ShapeError
    from sandbox.core.polyhedron import Polyhedron
    from sandbox.core.sat3d import sat3d

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ShapeError, match="complex"):
            Polygon(np.array([[0, 0], [1, 0], [0, 1]], dtype=complex))
        for sides in (10**9, 10**20):
            with pytest.raises(ShapeError, match="at most 1024 vertices"):
                Polygon.regular(sides, 5)
        counter = itertools.count()
        endless = ((k, k * k) for k in counter)
        with pytest.raises(ShapeError, match="at most 1024 vertices"):
            Polygon(endless)
        assert next(counter) == 1025  # read one past the cap, no further
        with pytest.raises(ShapeError, match="at least 1e-150"):
            Circle(1e-320)
        with pytest.raises(ShapeError, match="at least 1e-150"):
            Polygon.box(1e-320, 1)
        for width in (0, 2):
            with pytest.raises(ValueError, match="3 or more vertices"):
                PolygonBatch.from_arrays(np.zeros((1, width, 2)), np.zeros((1, width, 2)), [[0, 0]])
        square = Polygon.box(2, 2)
        with pytest.raises(ValueError, match="must be finite"):
            PolygonBatch.from_arrays(
                square.vertices[None], square.normals[None], [[0, 0]],
                own_lo=[[np.nan] * 4], own_hi=[[1.0] * 4],
            )  # fmt: skip
        for not_3d in (square, None):
            with pytest.raises(TypeError, match="takes two Polyhedra"):
                sat3d(not_3d, Polyhedron.box(1, 1, 1))


@pytest.mark.parametrize("size,offset", [(1e-6, 1e3), (1e-3, 1e6), (1.0, 1e9)])
def test_an_l_far_from_the_origin_is_cut_like_one_at_it(size, offset):
    """decompose works at vertex 0, not at the world's origin: an L 1e-6 across at 1e3 (or
    1e-3 at 1e6, 1 at 1e9) is two pieces of its area, not 'zero area'."""
    import warnings

    from sandbox.core.decompose import decompose

    outline = [(0, 0), (1, 0), (1, 2), (3, 2), (3, 3), (0, 3)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cut = decompose([(x * size + offset, y * size - offset) for x, y in outline])
    assert len(cut.pieces) == 2
    assert cut.area == pytest.approx(5 * size * size, rel=1e-6)


def test_sweep_and_decompose_raise_no_overflow_warning_within_range():
    """Shapes from 1e-100 to 1e149 px at offsets to 3e149 and motions to 1e299, 4,000
    seeded cases: sweep (both orders) and decompose warn of no overflow and never divide
    by zero (sizes and positions within LARGEST, the stated range; motions any finite)."""
    import warnings

    import numpy as np

    from sandbox.core.decompose import decompose
    from sandbox.core.geometry import Circle, Polygon
    from sandbox.core.swept import sweep

    rng = np.random.default_rng(23)
    outline = [(0, 0), (1, 0), (1, 2), (3, 2), (3, 3), (0, 3)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for k in range(4000):
            s = float(10.0 ** rng.integers(-100, 150))
            off = float(10.0 ** rng.integers(-100, 150))
            a = Polygon.box(s, s) if k % 2 else Circle(s)
            b = Polygon.regular(5, s, (off * 3, off)) if k % 3 else Circle(s, (off * 3, off))
            m = tuple(rng.uniform(-1, 1, 2) * 10.0 ** rng.integers(-100, 300, 2))
            sweep(a, b, m)
            sweep(b, a, m)
            try:
                decompose([(x * s + off, y * s - off) for x, y in outline])
            except ValueError:
                pass  # an L too small for its offset's digits: refused, not overflowed


def test_a_signal_while_an_output_folder_is_probed_leaves_no_probe(tmp_path, monkeypatch):
    """Checking that an output's folder takes a file (`targets.output_target`) makes a
    temporary file there and removes it: a SIGTERM that lands between the two waits
    until it is gone, then stops the run (a loaded machine's signal test once found
    `.shot.png.*.tmp` left behind, the probe of the option parser)."""
    made = targets.temporary_in

    def made_then_signalled(folder, name):
        descriptor, path = made(folder, name)
        os.kill(os.getpid(), signal.SIGTERM)  # lands now: between the making and the unlink
        return descriptor, path

    monkeypatch.setattr(targets, "temporary_in", made_then_signalled)
    with pytest.raises(Stopped), stop_on_signals():
        targets.output_target(str(tmp_path / "shot.png"), "--screenshot", ".png")
    assert list(tmp_path.iterdir()) == []
