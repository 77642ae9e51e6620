"""Issue 36, items 4, 6 and 7: a long rehearsal shows its progress, films in bounded
memory, and one rule for a script's steps.

6. --gif and --video kept every frame in memory (~0.9 MiB a step at 640x480), so
   `--frames 1000000 --gif` ran until memory was gone. A video now streams to ffmpeg a
   frame at a time; a GIF (whose encoder needs its frames at the end) is refused up
   front past MAX_GIF_STEPS, naming the limit.
7. A --ui event past the run's last step was dropped silently where --edit past the end
   was refused: every scripted input now begins within the run or is refused.
"""

import os
import tracemalloc

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from sandbox.app.cli import main  # noqa: E402
from sandbox.app.errors import UsageError  # noqa: E402
from sandbox.app.export import Film  # noqa: E402
from sandbox.app.headless import init_pygame, simulate  # noqa: E402
from sandbox.app.lesson_plan import plan_lesson  # noqa: E402
from sandbox.app.limits import MAX_GIF_STEPS  # noqa: E402
from sandbox.app.options import parse_options  # noqa: E402
from sandbox.app.rehearsal import LONG_REHEARSAL, rehearsal_steps, rehearse  # noqa: E402


def _peak(tmp_path, steps: int, film: bool) -> int:
    """The most memory Python and numpy held during a `steps`-step run, filmed as MP4 or
    not (the rewind's kept steps grow with the run either way)."""
    pygame = init_pygame(headless=True)
    argv = ["--headless", "--scene", "gravity", "--frames", str(steps), "--size", "320x240"]
    options = parse_options([*argv, "--video", str(tmp_path / f"run-{steps}.mp4")])
    tracemalloc.start()
    try:
        filming = Film(options, pygame) if film else None
        simulate(options, filming)
        _, peak = tracemalloc.get_traced_memory()
        if filming is not None:
            filming.outputs()
    finally:
        tracemalloc.stop()
    return peak


def test_a_video_streams_its_frames(tmp_path):
    """What filming adds to a run's memory is the same for 90 steps as for 30, give or
    take a few frames' worth: the frames go to ffmpeg as they are drawn (kept, 60 more
    320x240 frames would add 13.8 MB, seven times the margin). (Run under tracemalloc,
    which slows every allocation: 240 steps took 100 s on a loaded machine; 130 steps
    for the long run took 14 s of the suite, 90 take 10.)"""
    pytest.importorskip("imageio_ffmpeg")
    short = _peak(tmp_path, 30, film=True) - _peak(tmp_path, 30, film=False)
    long = _peak(tmp_path, 90, film=True) - _peak(tmp_path, 90, film=False)
    frame = 320 * 240 * 3
    assert long - short < 8 * frame, (short, long)


def test_a_gif_past_its_limit_is_refused_before_the_run(capsys, tmp_path):
    """--gif on a run longer than MAX_GIF_STEPS is one line naming the limit, exit 2,
    before a step is taken; a run of exactly MAX_GIF_STEPS is accepted."""
    gif = str(tmp_path / "x.gif")
    assert main(["--headless", "--frames", str(MAX_GIF_STEPS + 1), "--gif", gif]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"at most {MAX_GIF_STEPS:,} steps" in err and "--video" in err
    assert not os.path.exists(gif)
    parse_options(["--headless", "--frames", str(MAX_GIF_STEPS), "--gif", gif])
    with pytest.raises(UsageError, match="at most"):
        parse_options(["--headless", "--frames", "1000000", "--gif", gif])


@pytest.mark.parametrize(
    "script",
    [
        ["--ui", "panel=tune:101"],
        ["--click", "400,300:101"],
        ["--shift-click", "400,300:150"],
        ["--drag", "100,100:200,200:101-120"],
        ["--hold", "m:101-101"],
        ["--hold", "right:500-600"],
        ["--edit", '101:{"op": "spawn", "kind": "box", "at": [400, 100]}'],
    ],
)
def test_input_after_the_last_step_is_refused(script, capsys):
    """Every scripted input that would begin after the run's last step (100 here) is
    refused in one line naming the option and the step, exit 2: none is dropped."""
    assert main(["--headless", "--scene", "stack", "--frames", "100", *script]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and script[0] in err and "the run has 100 steps" in err


@pytest.mark.parametrize(
    "script",
    [
        ["--ui", "panel=tune:100"],
        ["--click", "400,300:100"],
        ["--hold", "m:100-100"],
        ["--hold", "right:90-500"],  # held on past the end: it began within the run
        ["--drag", "100,100:200,200:100-130"],
    ],
)
def test_input_within_the_run_is_taken(script, tmp_path):
    """Input that begins at the last step or before is taken (a hold or a drag may run
    on past the end: it has begun)."""
    argv = ["--headless", "--scene", "stack", "--frames", "100", *script]
    session, _ = simulate(parse_options(argv))
    assert session.step_on_show == 100


def test_a_video_stopped_early_leaves_no_folder_behind(tmp_path, monkeypatch):
    """A filmed run that stops part way (a refused edit) ends ffmpeg and removes the
    film's temporary folder: no process and no file is left."""
    pytest.importorskip("imageio_ffmpeg")
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    argv = ["--headless", "--scene", "stack", "--frames", "30", "--size", "320x240"]
    argv += ["--video", str(tmp_path / "run.mp4")]
    argv += ["--edit", '10:{"op": "delete", "body": "nobody"}']
    assert main(argv) == 2
    assert list(tmp_path.iterdir()) == []


class _Terminal:
    """A stream that says it is a terminal and keeps what is written to it."""

    def __init__(self):
        self.text = ""

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> None:
        self.text += text

    def flush(self) -> None:
        pass


def test_a_long_rehearsal_shows_its_progress(tmp_path):
    """Issue 36, item 4: a lesson whose stages play more than LONG_REHEARSAL steps (here
    3 stages of 1,800-step openings) shows `rehearsing the lesson [###...] k/3` on a
    terminal as it rehearses, ending its line; a built-in lesson (a few hundred steps)
    and any stream that is no terminal show nothing."""
    stage = '[[stage]]\ntitle = "S{k}"\nsay = "Watch."\nscene = "classic"\nsteps = 1800\n'
    path = tmp_path / "long.toml"
    path.write_text('title = "Long"\n' + "".join(stage.format(k=k) for k in range(3)))
    plan = plan_lesson(str(path))
    assert rehearsal_steps(plan) == 5400 > LONG_REHEARSAL
    terminal = _Terminal()
    rehearse(plan, 0, terminal)
    assert "rehearsing the lesson [" in terminal.text and "3/3" in terminal.text
    assert terminal.text.endswith("\n") and "1/3" in terminal.text
    short = _Terminal()
    rehearse(plan_lesson("shadows"), 0, short)
    assert short.text == ""
