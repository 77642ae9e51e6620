"""One gate, derived once (issue 42, items 3 and 4): every command's gate is the
dispatcher's, the sources only send commands, and what a frame shows is derived once
and read by everything that draws or hit-tests it."""

import json
import os
import sys

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from driving import dispatch, dump_state, open_session, press  # noqa: E402
from replaying import replayed  # noqa: E402

import sandbox.core.walk as walk_module  # noqa: E402
from sandbox.app import keymap, lesson_run, toolbar, view_model  # noqa: E402
from sandbox.app.commands import OpenLesson, Press, Step, UiChange, ui_change_from  # noqa: E402
from sandbox.app.dispatcher import refusal  # noqa: E402
from sandbox.app.headless import init_pygame  # noqa: E402
from sandbox.app.lesson_plan import BUILT_IN, plan_lesson  # noqa: E402
from sandbox.app.recording import Recorder  # noqa: E402
from sandbox.app.rehearsal import rehearse  # noqa: E402
from sandbox.render.controls import track  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

SIZE = (1024, 768)


@pytest.fixture(autouse=True)
def _pygame():
    init_pygame(headless=True)


def _drawn_gesture(session):
    """A Gesture holding the frame drawn now, as the window keeps it."""
    gesture = toolbar.Gesture()
    _, gesture.screen = view_model.drawn(pygame.Surface(SIZE), session)
    return gesture


def _track_point(gesture, name, fraction):
    control = next(c for c in gesture.screen.controls if c.name == f"slider:{name}")
    x, y, w, h = track(gesture.screen.layout, control)
    return (x + fraction * w, y + h / 2)


def test_a_disabled_slider_refuses_through_the_dispatchers_gate_and_replays_so(tmp_path):
    """A press on a disabled slider (gravity in the tutorial's MTV scene) is a slider set
    like any other: recorded, then held back by the dispatcher's gate, which says why; the
    toolbar starts no drag. The recording replays to the same world, and the recorded set
    dispatched again says the same words."""
    session = open_session(SCENES["classic"])
    dispatch(session, UiChange("panel", "tune"))
    session.recorder = Recorder(session.scene, session.seed, "dark")
    gesture = _drawn_gesture(session)
    before = json.dumps(dump_state(session), sort_keys=True)
    assert toolbar.press(session, gesture, SIZE, _track_point(gesture, "gravity", 0.8), 1)
    said = session.message
    assert "MTV" in said and gesture.slider is None
    assert json.dumps(dump_state(session), sort_keys=True) == before
    lines = session.recorder.lines(session.steps_taken)
    sets = [json.loads(line) for line in lines if '"ui": "set"' in line]
    assert len(sets) == 1 and sets[0]["value"][0] == "gravity"
    again = open_session(SCENES["classic"])
    outcome = dispatch(again, ui_change_from(sets[0]))
    assert outcome.refused == said and again.message == said
    recording = tmp_path / "refused.jsonl"
    recording.write_text("\n".join(lines) + "\n")
    assert replayed(recording, tmp_path)["bodies"] == dump_state(session)["bodies"]


def test_a_click_on_a_disabled_slider_at_its_own_value_still_says_why():
    """The toolbar sets nothing a slider already has (that would wake the world), but a
    click that the gate would refuse is sent all the same, so the refusal is said."""
    session = open_session(SCENES["classic"])
    dispatch(session, UiChange("panel", "tune"))
    gesture = _drawn_gesture(session)
    slider = next(s for s in gesture.screen.sliders if s.name == "density")
    assert not slider.enabled
    at = (slider.value - slider.low) / (slider.high - slider.low)
    assert refusal(session, UiChange("set", ("density", slider.value)))
    toolbar.press(session, gesture, SIZE, _track_point(gesture, "density", at), 1)
    assert session.message == "Density of A: none in the tutorials' MTV scenes"


def test_a_slider_drag_on_a_drawn_frame_builds_no_frame_model(monkeypatch):
    """Once the window has drawn a frame, a slider's press and drag hit-test that frame's
    controls and sliders: no frame model is built per pointer event (it was one, with
    three slider tables), and every set still reaches the world."""
    session = open_session(SCENES["pile"])
    dispatch(session, UiChange("panel", "tune"))
    gesture = _drawn_gesture(session)
    built = []
    real = view_model.frame_model
    monkeypatch.setattr(view_model, "frame_model", lambda *a: built.append(1) or real(*a))
    toolbar.press(session, gesture, SIZE, _track_point(gesture, "gravity", 0.25), 1)
    for fraction in (0.3, 0.4, 0.5):
        toolbar.move(session, gesture, SIZE, _track_point(gesture, "gravity", fraction))
    assert built == []
    assert session.world.gravity[1] == pytest.approx(1000.0)


def test_the_step_list_is_computed_once_a_frame(monkeypatch):
    """With the step-through on and every overlay that reads it (the rulers, the
    Minkowski difference, the narration), one frame computes the pair's step list once."""
    session = open_session(SCENES["classic"])
    press(session, "a")
    press(session, ".")
    press(session, "d")
    calls = []
    real = walk_module.walkthrough
    monkeypatch.setattr(walk_module, "walkthrough", lambda r: calls.append(1) or real(r))
    view_model.draw_session(pygame.Surface(SIZE), session)
    assert len(calls) == 1


def test_a_key_press_is_looked_up_in_the_keymap_once(monkeypatch):
    """The dispatcher looks a key's binding up once and hands the binding on: no
    module looks the key up again on the way to the change (it was three look-ups)."""
    looked = []

    class Counting(dict):
        def get(self, key, default=None):
            looked.append(key)
            return super().get(key, default)

        def __getitem__(self, key):
            looked.append(key)
            return super().__getitem__(key)

    original = keymap.KEY_ACTIONS
    counting = Counting(original)
    for module in list(sys.modules.values()):
        if getattr(module, "KEY_ACTIONS", None) is original:
            monkeypatch.setattr(module, "KEY_ACTIONS", counting)
    session = open_session(SCENES["classic"])
    for key in ("n", "a", ".", "backspace", "page up", "s", "f2", "escape", "2", "insert"):
        looked.clear()
        press(session, key)
        assert looked == [key], key


def test_the_rehearsal_answers_through_the_dispatcher(monkeypatch):
    """A lesson's rehearsal answers each question as a class does, a key press through
    the dispatcher and its lesson gate, never by calling the lesson's answer itself."""
    answered = []
    real = lesson_run.answer

    def answer(session, key):
        frames = []
        frame = sys._getframe(1)
        while frame is not None:
            frames.append(frame.f_code.co_name)
            frame = frame.f_back
        answered.append(("dispatch" in frames, "move" in frames))
        return real(session, key)

    monkeypatch.setattr(lesson_run, "answer", answer)
    rehearse(plan_lesson(BUILT_IN[0]), words=False)
    assert answered and all(via_dispatch and via_gate for via_dispatch, via_gate in answered)


def test_the_lesson_gate_decides_and_changes_nothing():
    """While a question waits, the lesson's gate is asked about every key and changes
    nothing: the session and its lesson run are as they were; only the commands it
    returns, dispatched, act."""
    session = open_session(SCENES["classic"])
    plan = plan_lesson(BUILT_IN[0])
    index = next(k for k, s in enumerate(plan.stages) if s.stage.predict is not None)
    dispatch(session, OpenLesson(plan, index))
    while session.lesson_run.phase == "opening":
        dispatch(session, Step())
    assert session.lesson_run.phase == "asking"
    before = (json.dumps(dump_state(session), sort_keys=True), vars(session.lesson_run).copy())
    message = session.message
    for binding in keymap.KEYMAP:
        for key in binding.keys:
            lesson_run.key_verdict(session, key, binding.action)
    after = (json.dumps(dump_state(session), sort_keys=True), vars(session.lesson_run))
    assert after == before and session.message == message


def test_a_press_is_one_command_whatever_its_source():
    """A toolbar button's click and its key press are the same command (Press) through
    the same dispatcher: the two sessions end alike."""
    clicked, keyed = open_session(SCENES["classic"]), open_session(SCENES["classic"])
    gesture = _drawn_gesture(clicked)
    button = next(c for c in gesture.screen.controls if c.name == "pause")
    x, y, w, h = button.rect
    toolbar.press(clicked, gesture, SIZE, (x + w / 2, y + h / 2), 1)
    dispatch(keyed, Press("space"))
    assert clicked.paused and keyed.paused
