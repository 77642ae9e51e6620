"""Issue 41, items 1, 5 and 9: a lesson holds the class. A wrong answer then the right one
stays in the lesson; an answer key never switches the scene or runs its usual action
while its question is on screen; what a question hides stays hidden until it is
answered; Escape's "again to quit?" lapses in 2 s of the window's real time, paused or not; an edit
waits for the answer as every other command does."""

import contextlib
import io
import json
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from driving import (  # noqa: E402
    Edit,
    advance,
    dispatch,
    dump_state,
    frame_model,
    open_session,
    press,
    start_lesson,
)

from sandbox.app import lesson_run  # noqa: E402
from sandbox.app.cli import main  # noqa: E402
from sandbox.app.commands import UiChange, ui_change_from  # noqa: E402
from sandbox.app.dispatcher import QUIT_ASK, QUIT_SECONDS, QuitTimer  # noqa: E402
from sandbox.app.lesson_plan import BUILT_IN  # noqa: E402
from sandbox.app.recording import Recorder  # noqa: E402
from sandbox.app.rehearsal import load_lesson  # noqa: E402
from sandbox.app.state import STEP  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PLANS = {name: load_lesson(name) for name in BUILT_IN}


def _run(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        with contextlib.chdir(ROOT):
            status = main(argv)
    return status, err.getvalue()


def _asking(name: str, index: int):
    session = open_session(SCENES["classic"])
    start_lesson(session, PLANS[name], index)
    while session.lesson_run.phase == "opening":
        advance(session)
    assert session.lesson_run.phase == "asking"
    return session


def test_the_right_answer_after_a_wrong_one_stays_in_the_lesson(tmp_path):
    """The issue's own run: shadows 3, the class answers 1 (wrong), then 2 (right). It
    answered and opened scene 2 ("six-axes", exploring); now 2 is the second try: the
    stage's scene, not exploring, answered right."""
    dump = tmp_path / "s.json"
    argv = ["--headless", "--lesson", "shadows", "--stage", "3", "--frames", "40"]
    argv += ["--hold", "1:10-10", "--hold", "2:20-20", "--dump-state", str(dump)]
    status, err = _run(argv)
    assert status == 0, err
    state = json.loads(dump.read_text())
    assert state["scene"] == "classic"
    lesson = state["lesson"]
    assert (lesson["exploring"], lesson["phase"], lesson["answer"], lesson["right"]) == (
        False,
        "answered",
        "2",
        True,
    )


@pytest.mark.parametrize("key", ["n", "y", "2", "3"])
def test_no_key_acts_behind_a_second_try(key):
    """After a first wrong answer the question still waits: N and Y keep the overlays as
    they are, a digit that is no answer switches no scene; an answer key answers."""
    session = _asking("shadows", 2)
    press(session, "1")
    assert session.lesson_run.phase == "asking" and session.lesson_run.tried == "1"
    card = frame_model(session, None).card
    assert card.verdict is None and card.tried == "Not 1 (7): one more try."
    overlays = session.overlays
    press(session, key)
    assert session.scene.name == "classic" and not session.lesson_run.exploring
    if key in lesson_run.answer_keys(session):
        assert session.lesson_run.phase == "answered"
        assert session.lesson_run.verdict.right is (key == "2")
        said = frame_model(session, None).card.verdict
        right = "Right at the second try: 2 (10); 1 (7) was not."
        assert said == right if key == "2" else said.startswith("Not quite: you said 1")
    else:  # an overlay key acts (N: the normals), what the question hides stays hidden
        assert session.lesson_run.phase == "asking" and session.lesson_run.verdict is None
        assert not any(getattr(session.overlays, flag) for flag in lesson_run.HIDDEN)
        if key not in ("n", "y"):
            assert session.overlays == overlays


def test_an_answer_key_after_the_reveal_stays_the_questions():
    """needs-help 3 asks yes or no (Y / N): one try, then the reveal. Pressing either key
    again then says the question is answered; it does not toggle the normals (N's usual
    action) and the stage stays as it is."""
    session = _asking("needs-help", 2)
    press(session, "n")  # wrong: the answer is yes
    assert session.lesson_run.phase == "answered" and not session.lesson_run.verdict.right
    for key in ("y", "n"):
        overlays, scene = session.overlays, session.scene
        press(session, key)
        assert session.overlays == overlays and session.scene is scene
        assert session.message == lesson_run.ANSWERED
        assert session.lesson_run.phase == "answered" and session.lesson_run.verdict.key == "n"


@pytest.mark.parametrize("key", ["x", "z", "k", "d"])
def test_what_a_question_hides_stays_hidden_until_answered(key):
    """While shadows 4 asks which axis separates, X (the rulers: 'e2 A separates'), Z, K
    and D (separating axis, MTV, Minkowski) stay off; they turned the rulers on."""
    session = _asking("shadows", 3)
    press(session, key)
    assert not any(getattr(session.overlays, flag) for flag in lesson_run.HIDDEN)
    assert session.message.startswith("answer first")
    press(session, "3")  # the answer brings the stage's own overlays back
    assert session.overlays.show_projections


def test_the_quit_question_lapses_in_two_seconds_of_real_time():
    """Paused, the quit question never lapsed (its clock was the steps): a second Escape
    minutes later ended the class. Now the window's or a headless run's real time takes
    it back after QUIT_SECONDS: the message leaves and the next Escape asks again."""
    session = _asking("shadows", 2)
    timer = QuitTimer()
    assert not press(session, "escape").quit and session.message == QUIT_ASK
    assert timer.elapse(session, QUIT_SECONDS - 0.1) is None
    lapsed = timer.elapse(session, 0.1)
    assert lapsed == UiChange("expire", "quit")
    dispatch(session, lapsed)
    assert session.message is None and session.quit_asked is None
    assert not press(session, "escape").quit  # asks again
    assert press(session, "escape").quit  # and the second, in time, quits


def test_a_lapsed_quit_question_replays_as_it_ran(tmp_path):
    """The lapse is recorded, so that a replay asks again where the window did: a paused
    class's two Escapes 3 s apart both ask (the recording holds one expire line, between
    them), and the headless replay ends in the same state with the question on screen."""
    session = _asking("shadows", 2)
    session.recorder = recorder = Recorder(
        session.scene, 0, "dark", "shadows", session.lesson_run.index
    )
    timer = QuitTimer()
    press(session, "escape")
    for _ in range(180):  # 3 s of frames in a paused window
        lapsed = timer.elapse(session, STEP)
        if lapsed is not None:
            dispatch(session, lapsed)
    assert not press(session, "escape").quit and session.message == QUIT_ASK
    record = tmp_path / "r.jsonl"
    record.write_text("\n".join(recorder.lines(session.steps_taken)) + "\n")
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    kinds = [x.get("ui") or x.get("press") for x in lines if "ui" in x or "press" in x]
    assert kinds == ["escape", "expire", "escape"]
    assert ui_change_from(next(x for x in lines if x.get("ui"))) == UiChange("expire", "quit")
    dump = tmp_path / "s.json"
    status, err = _run(["--headless", "--replay", str(record), "--dump-state", str(dump)])
    assert status == 0, err
    assert json.loads(dump.read_text()) == json.loads(json.dumps(dump_state(session)))


SPAWN = {"op": "spawn", "kind": "box", "at": [300, 150]}


@pytest.mark.parametrize("command", [{"op": "undo"}, SPAWN])
def test_an_edit_waits_for_the_answer(command):
    """Ctrl+Z or a spawn while a question waits changed the world under it (edits skipped
    the gates); now the edit is refused and says why, the world as it was."""
    session = _asking("pushing-out", 0)
    names = [body.name for body in session.world.bodies]
    position = session.world.position.copy()
    result = dispatch(session, Edit(command)).edit
    assert not result.ok and session.message.startswith("answer first")
    assert [body.name for body in session.world.bodies] == names
    assert (session.world.position == position).all()
    press(session, "end")  # exploring, the class may edit again
    assert dispatch(session, Edit(SPAWN)).edit.ok
