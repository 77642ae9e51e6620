"""The three bugs issue 33 found in the five-way input path, each fixed on the one path.

1. After one Ctrl+S in a window, SIGTERM, SIGINT and SIGHUP were ignored for the rest of
   the session (the save took the end-of-run "finishing" signal hold).
2. The status message counted down per draw, not per step: one run, two pictures (a
   screenshot drew once, a film every step).
3. A digit pressed while a lesson stage opened left the lesson (the gate stood on one of
   the five paths only).
"""

import os
import signal

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from driving import draw_session, dump_state, frame_model, open_session  # noqa: E402

from sandbox.app.commands import Save  # noqa: E402
from sandbox.app.dispatcher import dispatch  # noqa: E402
from sandbox.app.headless import init_pygame, simulate  # noqa: E402
from sandbox.app.options import parse_options  # noqa: E402
from sandbox.app.scene_control import MESSAGE_STEPS  # noqa: E402
from sandbox.app.signals import Stopped, stop_on_signals  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_save_mid_session_leaves_the_signals_working(tmp_path, signum):
    """Ctrl+S writes the scene file all or nothing, but it is not the run's last act:
    after it, SIGTERM and SIGHUP still stop the run and Ctrl-C still interrupts it."""
    session = open_session(SCENES["stack"])
    session.save_dir = tmp_path
    with stop_on_signals():
        saved = dispatch(session, Save()).saved
        assert saved is not None and (tmp_path / "stack-001.toml").is_file()
        assert signal.getsignal(signum) is not signal.SIG_IGN
        expected = KeyboardInterrupt if signum == signal.SIGINT else Stopped
        with pytest.raises(expected):
            signal.raise_signal(signum)


def _run(argv, film: bool):
    """The session after a headless run; with `film`, a frame drawn every step as
    --gif and --video do."""
    pygame = init_pygame(headless=True)
    surface = pygame.Surface((640, 480))
    options = parse_options(["--headless", *argv])
    session, _ = simulate(options, (lambda s: draw_session(surface, s)) if film else None)
    return session


@pytest.mark.parametrize("film", [False, True])
def test_a_message_lasts_its_steps_whether_or_not_frames_are_drawn(film):
    """M at step 5 says "MTV resolution off"; MESSAGE_STEPS (120) steps later it is gone,
    whether the run drew one frame at the end (a screenshot) or one every step (a film);
    before then it is on show in both."""
    argv = ["--scene", "classic", "--hold", "m:5-5"]
    shown = _run([*argv, "--frames", str(5 + MESSAGE_STEPS - 1)], film)
    assert frame_model(shown, None).message == "MTV resolution off"
    gone = _run([*argv, "--frames", "300"], film)
    assert frame_model(gone, None).message is None


def test_a_digit_while_a_stage_opens_keeps_the_lesson():
    """pushing-out's stage 4 plays an opening; a 2 pressed during it (scene 2's key)
    neither leaves the lesson nor opens six-axes: the stage plays on, and the class is
    told that End explores freely."""
    options = parse_options(
        ["--headless", "--lesson", "pushing-out", "--stage", "4", "--frames", "30"]
        + ["--hold", "2:3-3"]
    )
    session, _ = simulate(options)
    state = dump_state(session)
    stage = session.lesson_run.plan.stages[3].stage
    assert state["lesson"]["exploring"] is False and state["lesson"]["stage"] == 4
    assert state["scene"] == stage.scene.name != "six-axes"
    said = _run(
        ["--lesson", "pushing-out", "--stage", "4", "--frames", "4", "--hold", "2:3-3"], False
    )
    assert "End" in frame_model(said, None).message


def test_the_scene_list_while_a_stage_opens_keeps_the_lesson_too():
    """The same gate holds on the toolbar's scene list (a control, not a key): the one
    dispatcher applies the lesson's gate whatever the input's source."""
    argv = ["--lesson", "pushing-out", "--stage", "4", "--frames", "30"]
    session = _run([*argv, "--ui", "scene=six-axes:3"], False)
    assert session.lesson_run.active and session.scene.name != "six-axes"
