"""Issue 18: lessons — files, lesson mode, predictions, replays, slides and films.

Every prediction of the built-in lessons is checked against an independent truth
(shapely for "apart", projections by hand for the separating axis, the MTV's depth for
the MTV's axis, a fresh world stepped on its own for "will they touch"), and each is
answered both rightly and wrongly.
"""

import contextlib
import io
import json
import os
import pty
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pygame
import pytest
import shapely
from driving import (
    advance,
    draw_session,
    dump_state,
    frame_model,
    open_session,
    press,
    start_lesson,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from toml_text import toml_value

from sandbox.app import lesson_run
from sandbox.app.cli import main
from sandbox.app.errors import UsageError
from sandbox.app.keymap import steering_from
from sandbox.app.lesson_plan import BUILT_IN, built_in_lessons, lesson_folder
from sandbox.app.pair_choice import asked, opening, shown_pair
from sandbox.app.rehearsal import load_lesson
from sandbox.app.scene_control import MESSAGE_STEPS
from sandbox.app.state import Session
from sandbox.core.geometry import Circle
from sandbox.render.overlays import Overlays
from sandbox.scenes.lesson_file import OVERLAY_NAMES
from sandbox.scenes.registry import SCENES

ROOT = Path(__file__).resolve().parent.parent
PLANS = {name: load_lesson(name) for name in BUILT_IN}
PREDICTIONS = [
    (name, k)
    for name, plan in PLANS.items()
    for k, stage in enumerate(plan.stages)
    if stage.stage.predict is not None
]


def run(argv: list[str], folder: Path | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        with contextlib.chdir(folder or ROOT):
            status = main(argv)
    return status, out.getvalue(), err.getvalue()


def opened(name: str, index: int) -> Session:
    """A session at stage `index` of built-in lesson `name`, its opening played."""
    session = open_session(SCENES["classic"])
    start_lesson(session, PLANS[name], index)
    while session.lesson_run.phase == "opening":
        advance(session, frozenset())
    return session


def polygon_of(shape):
    if isinstance(shape, Circle):
        return shapely.Point(*shape.position).buffer(shape.radius, 256)
    return shapely.Polygon(np.asarray(shape.vertices))


# -- the built-in lessons ---------------------------------------------------------------


def test_three_lessons_with_three_predictions_each_cover_the_seeds():
    """Three built-in lessons, each with at least three predictions, ship as files."""
    lessons = built_in_lessons()
    assert [lesson.name for lesson in lessons] == list(BUILT_IN) and len(lessons) == 3
    for lesson in lessons:
        assert sum(stage.predict is not None for stage in lesson.stages) >= 3, lesson.name
        assert (lesson_folder() / f"{lesson.name}.toml").is_file()
    scenes = {stage.scene.name for lesson in lessons for stage in lesson.stages}
    # dot product, projections, parallel axes, early exit, MTV, engulfed, rigid contacts,
    # stacks, circles, concave, tunnelling, broad phase, 3D: one scene each at least
    wanted = {"dot-product", "squares", "six-axes", "classic", "engulfed", "tumble", "spin"}
    wanted |= {"stack", "circle", "circles", "concave", "tunnelling", "broad-phase", "sat-3d"}
    assert wanted <= scenes


def test_overlay_names_are_the_renderers_flags():
    """Every overlay a lesson may name is a field of render.overlays.Overlays, and every
    field but the viewer's own boxes (the help, F7's words) a lesson may name."""
    fields = set(Overlays.__dataclass_fields__)
    assert set(OVERLAY_NAMES.values()) <= fields
    assert fields - set(OVERLAY_NAMES.values()) == {"show_help", "show_words"}


@pytest.mark.parametrize("name", BUILT_IN)
def test_each_lesson_runs_headless_from_first_stage_to_last(name, tmp_path):
    """Page Down every 200 steps walks the whole lesson with no error; each prediction is
    answered on the way (with its first key); the dump says the last stage."""
    plan = PLANS[name]
    holds, step = [], 0
    for stage in plan.stages:
        if stage.stage.predict is not None:
            holds.append(f"{_first_key(stage)}:{step + 120}-{step + 120}")
        step += 200
        holds.append(f"page down:{step}-{step}")
    dump = tmp_path / "state.json"
    argv = ["--lesson", name, "--headless", "--frames", str(step + 10)]
    argv += [item for hold in holds for item in ("--hold", hold)] + ["--dump-state", str(dump)]
    status, _, err = run(argv)
    assert status == 0, err
    lesson = json.loads(dump.read_text())["lesson"]
    assert lesson["stage"] == lesson["stages"] == len(plan.stages)
    assert not lesson["exploring"]


def _first_key(stage_plan) -> str:
    predict = stage_plan.stage.predict
    return "1" if predict.kind in ("axis", "mtv") else predict.keys[0]


@pytest.mark.parametrize(("name", "index"), PREDICTIONS)
def test_a_prediction_freezes_the_world_until_answered(name, index):
    """Asking, the world stays put: a paused step (O), Space and the arrows do nothing;
    the card lists the answer keys and says to press one."""
    session = opened(name, index)
    assert session.lesson_run.phase == "asking" and session.paused
    before = session.world.position.copy()
    for key in ("o", "space", "p"):
        press(session, key)
    assert session.paused and np.array_equal(session.world.position, before)
    assert session.message.startswith("answer first")
    card = frame_model(session, None).card
    assert card.verdict is None and [k for k, _ in card.choices] == list(
        lesson_run.answer_keys(session)
    )


@pytest.mark.parametrize("right", [True, False], ids=["right", "wrong"])
@pytest.mark.parametrize(("name", "index"), PREDICTIONS)
def test_answers_show_the_evidence_right_or_wrong(name, index, right):
    """Right or wrong, the answer is judged against an independent truth and the same
    evidence goes on screen; the card says which, with a symbol and its colour's role.
    Of three or more choices a first wrong answer asks once more, its answer still
    hidden; the second wrong one reveals."""
    session = opened(name, index)
    stage = PLANS[name].stages[index].stage
    predict = stage.predict
    shown = session.step_record.shown
    truth = _truth(session, stage)
    keys = lesson_run.answer_keys(session)
    wrong = [k for k in keys if k not in truth]
    key = next(k for k in keys if k in truth) if right else wrong[0]
    press(session, key)
    if not right and len(keys) > 2:  # a second try: still asking, the answer hidden
        hidden = session.overlays
        assert session.lesson_run.phase == "asking" and session.lesson_run.verdict is None
        card = frame_model(session, None).card
        assert card.verdict is None and card.tried.startswith(f"Not {key.upper()}")
        assert not any(getattr(hidden, flag) for flag in lesson_run.HIDDEN)
        key = wrong[1] if len(wrong) > 1 else wrong[0]
        press(session, key)
    while session.lesson_run.phase == "showing":
        advance(session, frozenset())
    assert session.lesson_run.phase == "answered" and session.paused
    assert session.lesson_run.verdict.right is right
    card = frame_model(session, None).card
    assert card.right is right
    assert card.verdict.startswith("Right" if right else "Not quite")
    if predict.kind == "axis":  # the step-through stops on a separating axis
        from sandbox.core.walk import walkthrough

        step = walkthrough(shown.report)[session.walk]
        assert step.kind == "test" and step.axis.separates and step.stop
    elif predict.kind == "mtv":  # ... on its verdict, the MTV
        from sandbox.core.walk import walkthrough

        assert session.walk == len(walkthrough(shown.report)) - 1
    elif predict.steps:
        assert session.world.tick >= predict.steps  # the world ran the evidence
    assert predict.explain == card.explain


def _truth(session, stage) -> set[str]:
    """The right keys, found without the lesson's own judge."""
    predict = stage.predict
    shown = session.step_record.shown
    if predict.kind == "axis":
        a, b = polygon_of(shown.a_shape), polygon_of(shown.b_shape)
        assert a.distance(b) > 0  # apart, says shapely: some axis must separate
        right = set()
        for k, axis in enumerate(shown.report.axes, 1):
            u = np.asarray(axis.axis)
            spans = []
            for shape in (shown.a_shape, shown.b_shape):
                if isinstance(shape, Circle):
                    c = float(np.sum(np.asarray(shape.position) * u))
                    spans.append((c - shape.radius, c + shape.radius))
                else:
                    d = np.asarray(shape.vertices) @ u  # projections by hand
                    spans.append((d.min(), d.max()))
            (a0, a1), (b0, b1) = spans
            if a1 < b0 or b1 < a0:
                right.add(str(k))
        return right
    if predict.kind == "mtv":
        a, b = polygon_of(shown.a_shape), polygon_of(shown.b_shape)
        assert a.intersection(b).area > 0
        depth = shown.report.depth
        moved = shapely.affinity.translate(a, *shown.report.mtv)
        assert moved.intersection(b).area < 1e-6 * a.area  # the MTV parts them
        return {
            str(k) for k, axis in enumerate(shown.report.axes, 1) if abs(axis.depth - depth) <= 1e-9
        }
    if predict.kind == "collide":
        return {_touches_on_its_own(stage, predict)}
    return {predict.answer}  # a choice: the author's (checked by the tests below)


def _touches_on_its_own(stage, predict) -> str:
    """Will the pair on show touch? A fresh world, built and stepped here on its own."""
    world = stage.scene.world(0)
    choice = opening(stage.scene, world)
    if stage.a is not None:
        choice = replace(choice, a=world.index(stage.a))
    if stage.b is not None:
        choice = replace(choice, b=world.index(stage.b))
    plan = next(p for plan in PLANS.values() for p in plan.stages if p.stage is stage)
    for step in range(plan.opening):
        held = {k for k, first, last in plan.holds if first <= step <= last}
        world.step(1 / 60, steering_from(held))
    a, b = shown_pair(choice, world)
    for step in range(predict.steps):
        held = {k for k, first, last in plan.evidence_holds if first <= step <= last}
        world.step(1 / 60, steering_from(held))
        if polygon_of(world.shape(a)).distance(polygon_of(world.shape(b))) <= 1e-6:
            return "y"
    return "n"


def explained(name: str):
    """The record of a scene's opening pair at its first pose, as a session opens it."""
    world = SCENES[name].world(0)
    return world.explain_now(asked(opening(SCENES[name], world), world))


def test_choice_answers_are_true():
    """The choice questions' answers, each checked by hand: the facts they state."""
    from sandbox.core.geometry import Polygon
    from sandbox.core.pair import sat

    # shadows, "how many axes for a triangle and a 7-gon?": 10; "two squares?": 4
    classic = explained("classic").shown.report
    squares = explained("squares").shown.report
    assert len(classic.axes) == 10 and len(squares.axes) == 4
    # needs-help, "45 bodies: pairs without a broad phase?": 45 * 44 / 2 = 990
    world = SCENES["broad-phase"].world(0)
    assert len(world.bodies) == 45 and world.step(1 / 60).all_pairs == 990
    # needs-help, "SAT on the cup's whole outline sees the box in its hollow collide?": yes
    world = SCENES["concave"].world(0)
    cup, box = world.shape(world.index("cup")), world.shape(world.index("box in the cup"))
    hull = shapely.Polygon(np.asarray(cup.vertices)).convex_hull
    outline = Polygon(np.asarray(hull.exterior.coords)[:-1])
    assert sat(outline, box).colliding and sat(box, outline).colliding
    assert polygon_of(box).distance(shapely.Polygon(np.asarray(cup.vertices))) > 0
    # pushing-out, "the least, 14.3 px along A's e1, is the MTV" (squares) and "out across
    # B's e2 is 143 px; on A's e0 the shadows share 50 px, yet the way out is 178 px"
    from sandbox.render.rulers import axis_name

    assert f"{squares.depth:.1f}" == "14.3" and axis_name(squares.mtv_axis) == "e1 A"
    engulfed = explained("engulfed").shown.report
    e0_a = engulfed.axes[0]
    assert axis_name(engulfed.mtv_axis) == "e2 B" and round(engulfed.depth) == 143
    assert axis_name(e0_a) == "e0 A" and round(e0_a.overlap) == 50 and round(e0_a.depth) == 178
    # pushing-out, spin: "the faces are 230 px apart, 10 px a step: they meet at step 23"
    world = SCENES["spin"].world(0)
    projectile, target = world.shape(0), world.shape(1)
    gap = np.asarray(target.vertices)[:, 0].min() - np.asarray(projectile.vertices)[:, 0].max()
    assert gap == 230 and world.velocity[0, 0] / 60 == 10
    spin = asked(opening(SCENES["spin"], world), world)
    touched = next(t for t in range(1, 60) if world.step(1 / 60, asked=spin).shown.report.colliding)
    assert touched == 23
    # pushing-out, "the tilted box ends flat?" and "the pyramid shifts and settles?"
    answered = opened("pushing-out", 3)
    press(answered, "1")
    while answered.lesson_run.phase == "showing":
        advance(answered, frozenset())
    tilted = answered.world.index("tilted box")
    turns = answered.world.angle[tilted] / (np.pi / 2)
    assert abs(turns - round(turns)) < 0.01 and abs(answered.world.omega[tilted]) < 0.05
    stack = opened("pushing-out", 5)
    start = stack.world.position.copy()
    press(stack, "2")
    while stack.lesson_run.phase == "showing":
        advance(stack, frozenset())
    moved = np.hypot(*(stack.world.position - start).T)
    pyramid = [i for i, b in enumerate(stack.world.bodies) if b.name.startswith("pyramid")]
    assert moved[pyramid].max() > 1.0  # it shifted ...
    assert np.abs(stack.world.velocity[pyramid]).max() < 1.0  # ... and settled
    assert stack.world.sleeping[pyramid].all()


# -- lesson mode ------------------------------------------------------------------------


def test_stage_keys_page_explore_and_return():
    """Page Down / Up go through the stages; End explores (Page Up rewinds again, and a
    scene key opens a scene); Home reopens the stage as authored; R does too."""
    session = open_session(SCENES["classic"])
    start_lesson(session, PLANS["shadows"], 0)
    press(session, "page down")
    assert session.lesson_run.index == 1 and session.scene.name == "squares"
    press(session, "page up")
    press(session, "page up")  # the first stage: says so, stays
    assert session.lesson_run.index == 0 and "first stage" in session.message
    press(session, "page down")
    for _ in range(30):
        advance(session, frozenset())
    press(session, "end")
    assert session.lesson_run.exploring
    tick = session.world.tick
    press(session, "page up")  # a rewind of a second now, not a stage
    assert session.lesson_run.index == 1 and session.world.tick < tick
    press(session, "3")  # scene 3 opens while the lesson waits
    assert session.scene.name == "squares" and session.lesson_run.exploring
    press(session, "home")
    assert not session.lesson_run.exploring and session.lesson_run.index == 1
    assert session.world.tick == 0 and session.lesson_run.phase == "opening"
    status = frame_model(session, None)
    assert status.lesson_line == "stage 2 of 7 · Shadows and the separating axis"
    assert status.scene_title == PLANS["shadows"].stages[1].stage.title


def test_leaving_the_lesson_shows_on_a_projector():
    """End, or a scene key at a stage whose opening has played, lets go of the lesson (the
    clicker's Page Down then rewinds). On a 1024x768 projector the status line says so, in
    words drawn whole: End's message, then "stage 2 of 6, exploring" for as long as the
    class explores; Home leads again. (Before: End's message was cut to "exploring stage
    2: every key …", and a stray digit changed the scene with nothing on screen to say so.)"""

    def status(session):
        report = draw_session(pygame.Surface((1024, 768)), session)
        texts = [t.text for t in report.texts if t.where == "status"]
        assert not any("…" in text for text in texts), texts
        return texts

    session = open_session(SCENES["classic"], theme="projector")
    start_lesson(session, PLANS["pushing-out"], 1)
    while session.lesson_run.phase == "opening":
        advance(session)
    assert "stage 2 of 6" in status(session) and not session.lesson_run.exploring
    press(session, "end")
    assert "exploring · Home: back" in status(session)
    for _ in range(MESSAGE_STEPS):
        advance(session)
    assert "stage 2 of 6, exploring" in status(session)
    press(session, "home")
    while session.lesson_run.phase == "opening":
        advance(session)
    assert "stage 2 of 6" in status(session) and not session.lesson_run.exploring
    press(session, "3")  # scene 3, squares: the lesson waits, and says so as End does
    assert session.scene.name == "squares" and session.lesson_run.exploring
    assert "exploring · Home: back" in status(session)  # issue 41, item 9: cleared at once
    for _ in range(MESSAGE_STEPS):
        advance(session)
    assert "stage 2 of 6, exploring" in status(session)


def test_a_stage_opens_the_same_way_every_time():
    """Reopening a stage (Home, R, or Page Up then Down) gives bit-identical worlds."""
    states = []
    session = open_session(SCENES["classic"])
    start_lesson(session, PLANS["pushing-out"], 3)
    for reopen in (None, "home", "r", ("page up", "page down")):
        for key in reopen if isinstance(reopen, tuple) else (reopen,) if reopen else ():
            press(session, key)
        while session.lesson_run.phase == "opening":
            advance(session, frozenset())
        state = dump_state(session)
        del state["steps"]  # the session's own count of steps goes on
        states.append(json.dumps(state, sort_keys=True))
    assert len(set(states)) == 1


def test_stage_settings_are_applied():
    """A stage's overlays, pair, speed and step-through are what the file says."""
    session = opened("shadows", 4)  # axis = 3 in six-axes
    assert session.paused and session.walk == 2
    session = opened("pushing-out", 4)  # spin at 1/4x, impulses on
    assert frame_model(session, None).speed_label == "1/4x" and session.overlays.show_impulses
    session = opened("needs-help", 3)  # A and B named
    shown = session.step_record.shown
    names = (session.world.bodies[shown.a].name, session.world.bodies[shown.b].name)
    assert names == ("bullet, discrete test", "wall (top)")


def test_lesson_list_from_the_window_keys():
    """F2 lists the lessons; 2 starts the second; Escape closes the list before quitting."""
    session = open_session(SCENES["classic"])
    press(session, "f2")
    assert frame_model(session, None).menu[1][0] == PLANS["pushing-out"].lesson.title
    assert not press(session, "escape").quit and session.menu is None  # closed, not quit
    press(session, "h")
    assert not press(session, "escape").quit and not session.overlays.show_help  # the help too
    assert not press(session, "escape").quit  # nothing open: Escape asks first
    assert session.message == "{escape} again to quit"
    assert press(session, "escape").quit  # and the second one quits
    press(session, "f2")
    press(session, "2")
    assert session.lesson_run.plan.lesson.title == PLANS["pushing-out"].lesson.title
    assert session.scene.name == "squares"


def test_status_line_and_card_are_drawn(tmp_path):
    """The frame shows 'title · stage k of n' and the card's question, at 20 px or more
    in the projector theme at 1024x768."""
    session = open_session(SCENES["classic"], theme="projector")
    start_lesson(session, PLANS["shadows"], 3)
    surface = pygame.Surface((1024, 768))
    report = draw_session(surface, session)
    texts = {t.text: t for t in report.texts}
    assert any("stage 4 of 7" in text for text in texts)
    question = next(t for t in report.texts if t.text.startswith("? Predict"))
    assert question.where == "card" and question.rect[3] >= 20


def test_list_lessons_prints_one_line_each():
    status, out, _ = run(["--list-lessons"])
    assert status == 0
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == list(BUILT_IN)


# -- recordings -------------------------------------------------------------------------


def test_a_lesson_recording_replays_to_the_same_state(tmp_path):
    """Record a lesson run (stages paged, a prediction answered, explore, home), replay it
    headless: the identical state, lesson included."""
    record, state, again = tmp_path / "l.jsonl", tmp_path / "a.json", tmp_path / "b.json"
    holds = ["page down:5-5", "2:20-20", "page down:40-40", "3:50-50"]
    holds += ["end:80-80", "right:81-100", "home:110-110", "page down:130-130"]
    argv = ["--lesson", "shadows", "--stage", "2", "--headless", "--frames", "170"]
    argv += [x for h in holds for x in ("--hold", h)]
    status, _, err = run(argv + ["--record", str(record), "--dump-state", str(state)])
    assert status == 0, err
    header = json.loads(record.read_text().splitlines()[0])
    assert header["lesson"] == "shadows" and header["stage"] == 1
    status, _, err = run(["--headless", "--replay", str(record), "--dump-state", str(again)])
    assert status == 0, err
    assert json.loads(state.read_text()) == json.loads(again.read_text())
    assert json.loads(state.read_text())["lesson"]["stage"] == 5


# -- bad lesson files ---------------------------------------------------------------------

GOOD_STAGE = 'title = "T"\nsay = "S"\nscene = "six-axes"\n'
BAD = {
    "no title": ('[[stage]]\ntitle = "T"\nsay = "S"\nscene = "classic"\n', "title: must be"),
    "title a number": ("title = 3\n[[stage]]\n" + GOOD_STAGE, "title: must be a non-empty"),
    "no stage": ('title = "L"\n', "stage: a lesson needs"),
    "stage not a table": ('title = "L"\nstage = [1]\n', "stage 1: must be a table"),
    "unknown field": ('title = "L"\nx = 1\n[[stage]]\n' + GOOD_STAGE, "x: unknown field"),
    "unknown stage field": (
        'title = "L"\n[[stage]]\n' + GOOD_STAGE + "colour = 1\n",
        "stage 1: colour: unknown",
    ),
    "say missing": ('title = "L"\n[[stage]]\ntitle = "T"\nscene = "classic"\n', "stage 1: say:"),
    "unknown scene": (
        'title = "L"\n[[stage]]\ntitle = "T"\nsay = "S"\nscene = "nope"\n',
        "stage 1: scene: unknown scene 'nope'",
    ),
    "missing scene file": (
        'title = "L"\n[[stage]]\ntitle = "T"\nsay = "S"\nscene = "gone.toml"\n',
        "stage 1: scene:",
    ),
    "bad inline scene": (
        'title = "L"\n[[stage]]\ntitle = "T"\nsay = "S"\n[stage.scene]\ngravity = 1\n',
        "stage 1: scene: gravity: must be a pair",
    ),
    "unknown body": ('title = "L"\n[[stage]]\n' + GOOD_STAGE + 'a = "C"\n', "stage 1: a: no body"),
    "same body twice": (
        'title = "L"\n[[stage]]\n' + GOOD_STAGE + 'a = "A"\nb = "A"\n',
        "stage 1: b: shape B must be another",
    ),
    "overlay unknown": (
        'title = "L"\n[[stage]]\n' + GOOD_STAGE + "overlays = { glow = true }\n",
        "stage 1: overlays.glow: unknown",
    ),
    "overlay not bool": (
        'title = "L"\n[[stage]]\n' + GOOD_STAGE + 'overlays = { mtv = "yes" }\n',
        "stage 1: overlays.mtv: must be true or false",
    ),
    "speed": ('title = "L"\n[[stage]]\n' + GOOD_STAGE + 'speed = "2x"\n', "stage 1: speed:"),
    "paused": ('title = "L"\n[[stage]]\n' + GOOD_STAGE + "paused = 1\n", "stage 1: paused:"),
    "axis type": ('title = "L"\n[[stage]]\n' + GOOD_STAGE + 'axis = "3"\n', "stage 1: axis:"),
    "axis out of range": (
        'title = "L"\n[[stage]]\n' + GOOD_STAGE + "axis = 9\n",
        "stage 1: axis: the step-through of this pair has 3 steps, got 9",
    ),
    "hold bad": ('title = "L"\n[[stage]]\n' + GOOD_STAGE + 'hold = ["up"]\n', "stage 1: hold[0]:"),
    "hold leaves": (
        'title = "L"\n[[stage]]\n' + GOOD_STAGE + 'hold = ["page down:0-0"]\n',
        "stage 1: hold[0]: 'page down' (forward_second) would leave the stage",
    ),
    "drag bad": ('title = "L"\n[[stage]]\n' + GOOD_STAGE + 'drag = ["1,2"]\n', "stage 1: drag[0]"),
    "steps short": (
        'title = "L"\n[[stage]]\n' + GOOD_STAGE + 'hold = ["up:0-9"]\nsteps = 5\n',
        "stage 1: steps: the script runs to step 9",
    ),
    "predict not table": ('title = "L"\n[[stage]]\n' + GOOD_STAGE + "predict = 1\n", "predict:"),
    "missing answer": (
        'title = "L"\n[[stage]]\n' + GOOD_STAGE + '[stage.predict]\nquestion = "Q"\nkind = "axis"'
        '\nexplain = "E"\n',
        "stage 1: predict.answer: missing",
    ),
    "wrong axis answer": (
        'title = "L"\n[[stage]]\n' + GOOD_STAGE + '[stage.predict]\nquestion = "Q"\nkind = "axis"'
        '\nanswer = "1"\nexplain = "E"\n',
        "stage 1: predict.answer: axis 1 (e0 A) does not separate them; the answer here: 3",
    ),
    "axis answer past 9": (
        'title = "L"\n[[stage]]\n' + GOOD_STAGE + '[stage.predict]\nquestion = "Q"\nkind = "axis"'
        '\nanswer = "12"\nexplain = "E"\n',
        "stage 1: predict.answer: must be an axis number from 1 to 9",
    ),
    "collide wrong": (
        'title = "L"\n[[stage]]\n' + GOOD_STAGE + '[stage.predict]\nquestion = "Q"\n'
        'kind = "collide"\nanswer = "y"\nsteps = 5\nexplain = "E"\n',
        "stage 1: predict.answer: 'y' is wrong: they do not touch within 5 steps",
    ),
    "collide no steps": (
        'title = "L"\n[[stage]]\n' + GOOD_STAGE + '[stage.predict]\nquestion = "Q"\n'
        'kind = "collide"\nanswer = "y"\nexplain = "E"\n',
        "stage 1: predict.steps: missing",
    ),
    "mtv when apart": (
        'title = "L"\n[[stage]]\n' + GOOD_STAGE + '[stage.predict]\nquestion = "Q"\n'
        'kind = "mtv"\nanswer = "1"\nexplain = "E"\n',
        "stage 1: predict.answer: the pair does not collide at this pose",
    ),
    "choice answer not a key": (
        'title = "L"\n[[stage]]\n' + GOOD_STAGE + '[stage.predict]\nquestion = "Q"\n'
        'keys = ["1", "2"]\nanswer = "3"\nexplain = "E"\n',
        "stage 1: predict.answer: must be one of the keys 1, 2",
    ),
    "choices count": (
        'title = "L"\n[[stage]]\n' + GOOD_STAGE + '[stage.predict]\nquestion = "Q"\n'
        'keys = ["1", "2"]\nchoices = ["a"]\nanswer = "1"\nexplain = "E"\n',
        "stage 1: predict.choices: needs one label per key",
    ),
    "kind unknown": (
        'title = "L"\n[[stage]]\n' + GOOD_STAGE + '[stage.predict]\nquestion = "Q"\n'
        'kind = "guess"\nanswer = "1"\nexplain = "E"\n',
        "stage 1: predict.kind: must be one of",
    ),
    "steps on an axis question": (
        'title = "L"\n[[stage]]\n' + GOOD_STAGE + '[stage.predict]\nquestion = "Q"\nkind = "axis"'
        '\nanswer = "3"\nexplain = "E"\nsteps = 4\n',
        "stage 1: predict.steps: an axis question answers with the step-through",
    ),
    "not toml": ("title = \n", "not valid TOML"),
}


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_bad_lesson_files_give_one_line_and_exit_2(case, tmp_path):
    """Each wrong field: status 2, one line naming the file, the stage and the field."""
    text, expected = BAD[case]
    path = tmp_path / "bad.toml"
    path.write_text(text)
    status, out, err = run(["--lesson", str(path), "--headless", "--frames", "1"], tmp_path)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"main.py: error: {path}"), err
    assert expected in err, err


def test_bad_lesson_options():
    cases = {
        ("--lesson", "nope"): "unknown lesson 'nope'",
        ("--lesson", "shadows", "--scene", "classic"): "--scene and --lesson",
        ("--stage", "2"): "--stage is for --lesson",
        ("--lesson", "shadows", "--stage", "99"): "--stage 99: the lesson has stages 1 to 7",
        ("--export-lesson", "x"): "--export-lesson needs --lesson",
        ("--lesson", "shadows", "--export-lesson", "x", "--frames", "3"): "leave out --frames",
        ("--gif", "a.gif"): "--gif is for --headless",
        ("--lesson", "shadows", "--headless", "--frames", "2", "--gif", "a.png"): "end in .gif",
    }
    for argv, expected in cases.items():
        status, _, err = run(list(argv))
        assert status == 2 and expected in err and err.count("\n") == 1, (argv, err)


FUZZ = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
FIELD_VALUES = st.one_of(
    st.integers(-5, 70),
    st.booleans(),
    st.text(max_size=12),
    st.sampled_from(["classic", "six-axes", "A", "B", "1/4x", "up:0-3", "axis", "y", "1"]),
    st.lists(st.sampled_from(["up:0-3", "1", "page down:0-0", "x"]), max_size=3),
)
STAGE = st.dictionaries(
    st.sampled_from(["title", "say", "scene", "a", "b", "speed", "paused", "axis", "hold"]),
    FIELD_VALUES,
    max_size=7,
)
PREDICT = st.dictionaries(
    st.sampled_from(["question", "kind", "answer", "explain", "keys", "choices", "steps"]),
    FIELD_VALUES,
    max_size=7,
)


@FUZZ
@given(st.lists(st.tuples(STAGE, st.one_of(st.none(), PREDICT)), max_size=3), st.booleans())
def test_fuzzed_lesson_files_load_or_give_one_line(stages, titled):
    """Whatever the fields hold: the lesson loads, or one line and status 2."""
    import tempfile

    lines = ['title = "Fuzz"'] if titled else []
    for stage, predict in stages:
        lines.append("[[stage]]")
        lines += [f"{k} = {toml_value(v)}" for k, v in stage.items()]
        if predict is not None:
            lines.append("[stage.predict]")
            lines += [f"{k} = {toml_value(v)}" for k, v in predict.items()]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.toml"
        path.write_text("\n".join(lines) + "\n")
        status, _, err = run(["--lesson", str(path), "--headless", "--frames", "2"], Path(folder))
        assert status in (0, 2)
        if status == 2:
            assert err.count("\n") == 1 and err.startswith("main.py: error: "), err
        assert sorted(os.listdir(folder)) == ["fuzz.toml"]


def test_a_lesson_file_beside_its_scene_file(tmp_path):
    """A stage's scene may be a .toml file beside the lesson, or a table inline."""
    (tmp_path / "two.toml").write_text(
        'title = "Two"\n[[body]]\nname = "p"\nshape = "box"\nwidth = 40\nheight = 40\n'
        'position = [100, 100]\ncontrolled = true\n[[body]]\nname = "q"\nshape = "circle"\n'
        "radius = 20\nposition = [300, 100]\n"
    )
    (tmp_path / "mine.toml").write_text(
        'title = "Mine"\n[[stage]]\ntitle = "From a file"\nsay = "S"\nscene = "two.toml"\n'
        'a = "p"\nb = "q"\n[stage.predict]\nquestion = "Q?"\nkind = "axis"\nanswer = "2"\n'
        'explain = "E"\n[[stage]]\ntitle = "Inline"\nsay = "S"\n[stage.scene]\n[[stage.scene.body]]'
        '\nname = "r"\nshape = "box"\nwidth = 10\nheight = 10\nposition = [50, 50]\n'
    )
    plan = load_lesson(str(tmp_path / "mine.toml"))
    assert [s.stage.scene.world(0).bodies[0].name for s in plan.stages] == ["p", "r"]
    with pytest.raises(UsageError, match="unknown lesson"):
        load_lesson(str(tmp_path / "mine.txt"))


# -- slides and films ---------------------------------------------------------------------


@pytest.mark.parametrize("theme", ["dark", "projector"])
def test_export_writes_a_png_per_stage_state_and_an_index(theme, tmp_path):
    """One PNG per stage as it opens, after its opening, answered; index.md lists every
    stage with its narration and pictures; the PNGs are at --size."""
    out = tmp_path / "slides"
    argv = ["--lesson", "shadows", "--export-lesson", str(out), "--theme", theme]
    status, _, err = run(argv + ["--size", "1920x1080"])
    assert status == 0, err
    plan = PLANS["shadows"]
    expected = {"index.md"}
    for k, stage in enumerate(plan.stages, 1):
        expected.add(f"stage-{k:02d}-open.png")
        if stage.opening:
            expected.add(f"stage-{k:02d}-after.png")
        if stage.stage.predict is not None:
            expected.add(f"stage-{k:02d}-answer.png")
    assert set(os.listdir(out)) == expected
    index = (out / "index.md").read_text()
    for k, stage in enumerate(plan.stages, 1):
        assert f"## Stage {k}: {stage.stage.title}" in index and stage.stage.say in index
    for name in expected - {"index.md"}:
        assert f"]({name})" in index
        assert pygame.image.load(str(out / name)).get_size() == (1920, 1080)


def test_export_index_speaks_the_lessons_language(tmp_path):
    """--lang de: index.md's headings are German ("## Stufe 1: ...", "**Vorhersage:**",
    "**Antwort:**", the pictures' "Stufe 1, wie sie beginnt"), the stages' own words the
    lesson's [de] ones; the alt text leaves out the lesson and stage lines in German too."""
    out = tmp_path / "slides"
    argv = ["--lesson", "shadows", "--export-lesson", str(out), "--lang", "de"]
    status, _, err = run(argv + ["--size", "640x480"])
    assert status == 0, err
    index = (out / "index.md").read_text()
    plan = load_lesson("shadows", 0, code="de")
    assert index.startswith(f"# {plan.lesson.title}\n")
    for k, stage in enumerate(plan.stages, 1):
        assert f"## Stufe {k}: {stage.stage.title}\n" in index
        assert f"![Stufe {k}, wie sie beginnt: " in index
    assert "**Vorhersage:** " in index and "**Antwort:** " in index
    assert "Stage" not in index and "Predict" not in index and "Answer" not in index
    assert "Lektion: " not in index and "Stufe: " not in index


def test_export_is_all_or_nothing(tmp_path):
    """A stage's picture that cannot be written (a folder in its place): nothing new."""
    out = tmp_path / "slides"
    out.mkdir()
    (out / "stage-03-open.png").mkdir()
    status, _, err = run(["--lesson", "shadows", "--export-lesson", str(out)])
    assert status == 2 and err.count("\n") == 1 and "stage-03-open.png" in err, err
    assert sorted(os.listdir(out)) == ["stage-03-open.png"]


def test_export_shows_a_progress_bar_on_a_terminal(tmp_path):
    """On a terminal (a pseudo-terminal here) the export draws a bar; in a pipe, nothing."""
    out = tmp_path / "slides"
    command = [sys.executable, "main.py", "--lesson", "needs-help", "--export-lesson", str(out)]
    leader, follower = pty.openpty()
    done = subprocess.run(command, cwd=ROOT, stderr=follower, stdout=subprocess.PIPE, timeout=120)
    os.close(follower)
    shown = b""
    with contextlib.suppress(OSError):
        while chunk := os.read(leader, 4096):
            shown += chunk
    os.close(leader)
    assert done.returncode == 0
    assert b"exporting [" in shown and b"7/7" in shown
    piped = subprocess.run(command, cwd=ROOT, capture_output=True, timeout=120)
    assert piped.returncode == 0 and piped.stderr == b""


def test_gif_of_a_headless_run(tmp_path):
    """--gif films every second step at most 960 px wide: 31 frames for 60 steps of
    falling bodies, 1 s in all; a lesson's stage that waits for its answer films the
    same frame on (the encoder merges repeats into one longer frame)."""
    from PIL import Image

    gif = tmp_path / "run.gif"
    status, _, err = run(["--scene", "gravity", "--headless", "--frames", "60", "--gif", str(gif)])
    assert status == 0, err
    with Image.open(gif) as image:
        assert image.n_frames == 31 and image.size == (960, 540)
        durations = []
        for k in range(image.n_frames):
            image.seek(k)
            durations.append(image.info["duration"])
    assert set(durations) <= {30, 40}  # 1/30 s a frame, in a GIF's whole hundredths
    argv = ["--lesson", "shadows", "--stage", "7", "--headless", "--frames", "60"]
    status, _, err = run(argv + ["--gif", str(gif)])
    assert status == 0, err
    with Image.open(gif) as image:
        assert 1 < image.n_frames <= 11  # the 20-step opening, then the question waits


def test_video_of_a_headless_run(tmp_path):
    """--video films every step as MP4 (ffmpeg from imageio-ffmpeg)."""
    import imageio.v3 as iio

    video = tmp_path / "run.mp4"
    status, _, err = run(
        ["--headless", "--frames", "20", "--video", str(video), "--size", "640x480"]
    )
    assert status == 0, err
    frames = iio.imread(video)
    assert frames.shape[0] == 21 and frames.shape[1:3] == (480, 640)


def test_film_without_the_extra_says_so_in_one_line(tmp_path):
    """Without Pillow (the GIF's encoder): one line naming the extra's requirements
    file, status 2."""
    code = (
        "import sys; sys.modules['PIL'] = None\n"
        "from sandbox.app.cli import main\n"
        "sys.exit(main(['--headless', '--frames', '2', '--gif', 'x.gif']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "requirements-export.txt" in done.stderr and not (ROOT / "x.gif").exists()


def test_the_readme_lesson_format_block_is_a_lesson(tmp_path):
    """README's lesson format example loads as written; its table counts the stages and
    predictions of each built-in lesson; its example error is what that mistake gives."""
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("### The lesson format") :]
    block = section[section.index("```toml\n") + 8 : section.index("```\n", 8)]
    path = tmp_path / "readme.toml"
    path.write_text(block)
    plan = load_lesson(str(path))
    assert plan.stages[0].stage.predict.kind == "axis" and plan.stages[0].opening == 10
    for name, plan in PLANS.items():
        asked = sum(s.stage.predict is not None for s in plan.stages)
        assert f"| `{name}` | {len(plan.stages)} stages ({asked} predictions) |" in readme
    wrong = tmp_path / "my-class.toml"
    stage = 'title = "T"\nsay = "S"\nscene = "six-axes"\n'
    wrong.write_text(
        'title = "L"\n' + ("[[stage]]\n" + stage) * 3 + '[stage.predict]\nquestion = "Q"\n'
        'kind = "axis"\nanswer = "1"\nexplain = "E"\n'
    )
    status, _, err = run(["--lesson", "my-class.toml"], tmp_path)
    assert status == 2 and f"\n{err}" in readme, err
