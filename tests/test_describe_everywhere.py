"""Issue 43, item 2, on every scene and every lesson stage: the frame in words (what
--describe prints) and the announce lines give the verdict the dump holds. The expected
verdict is derived here from the dump alone (app/dump.py, full precision): its kind by
the rule the screen states (apart; touching at depth 0; in a rigid world an overlap up
to Box2D v3's linear slop, 0.45 px at 90 px a metre, is resting; one shape inside the
other; else colliding), the axis by its owner and index, and every number parsed back
from the sentence and compared with the dump's to the decimals written."""

import functools
import io
import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from driving import advance, dump_state, open_session, press, start_lesson  # noqa: E402

from sandbox.app import lesson_run  # noqa: E402
from sandbox.app.describe import Announcer  # noqa: E402
from sandbox.app.lesson_plan import BUILT_IN, plan_lesson  # noqa: E402
from sandbox.app.view_model import frame_in_words  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

KINDS = ("Apart", "Touching", "Resting", "Inside", "Colliding")
RESTING_SLOP = 0.45  # px: Box2D v3's linear slop, 0.005 m, at 90 px a metre
PLANS = {name: plan_lesson(name) for name in BUILT_IN}
STAGES = [(name, index) for name, plan in PLANS.items() for index in range(len(plan.stages))]
NUMBER = r"(-?\d+\.\d+|under 0\.000001)"


def _kind(sat, rigid: bool) -> str:
    if not sat["colliding"]:
        return "Apart"
    if sat["depth"] == 0.0:
        return "Touching"
    if rigid and sat["depth"] <= RESTING_SLOP:
        return "Resting"
    if sat["a_in_b"] or sat["b_in_a"]:
        return "Inside"
    return "Colliding"


def _axis_name(axis) -> str:
    if axis["feature"] == "edge":
        return f"{axis['owner'].upper()}'s e{axis['feature_index']}"
    if axis["feature"] == "centres":
        return "the centre line"
    return f"the axis to the closest corner v{axis['feature_index']}"


def _rounds_to(written: str, value: float) -> bool:
    """`written` is `value` rounded to the decimals written (sign included)."""
    decimals = len(written.split(".")[1])
    return abs(float(written) - value) <= 0.5 * 10**-decimals + 1e-12


def _agrees(written: str, value: float) -> bool:
    """`written` is `value` (unsigned) to the decimals written, with at least two
    significant digits below 0.05 (never "0.0" for a gap that is not zero)."""
    value = abs(value)
    if written == "under 0.000001":
        return 0.0 < value < 1e-6
    decimals = len(written.split(".")[1])
    if abs(float(written)) - value > 0.5 * 10**-decimals + 1e-12:
        return False
    if value - abs(float(written)) > 0.5 * 10**-decimals + 1e-12:
        return False
    return value >= 0.05 or len(written.replace("-", "").lstrip("0.")) >= 2 or decimals == 6


def _axis3d_name(axis) -> str:
    if axis["feature"] == "edge x edge":
        return "A's edge {} x B's edge {}".format(*axis["feature_index"])
    return f"{axis['feature'][-1]}'s face {axis['feature_index'][0]}"


def _check_verdict_3d(sat3d, lines, where) -> str:
    """The 3D scene's verdict (the dump's sat3d report): apart on the separating axis
    (or faces that overlap while an edge x edge axis separates), or colliding on all its
    axes with the least overlap."""
    kinds = ("Apart:", "Touching:", "Colliding:", "Faces")
    verdicts = [line for line in lines if line.startswith(kinds)]
    assert len(verdicts) == 1, (where, lines)
    line = verdicts[0]
    if sat3d["colliding"] and sat3d["depth"] == 0.0:
        axis = _axis3d_name(sat3d["axes"][sat3d["mtv_axis"]])
        assert line == f"Touching: the boxes meet with no overlap (depth 0) on {axis}.", where
        return "Touching"
    if sat3d["colliding"]:
        axis = sat3d["axes"][sat3d["mtv_axis"]]
        pattern = rf"Colliding: all (\d+) axes overlap; the least, {NUMBER} on (.+), is the MTV\."
        match = re.fullmatch(pattern, line)
        assert match and int(match[1]) == len(sat3d["axes"]), (where, line)
        assert match[3] == _axis3d_name(axis) and _agrees(match[2], sat3d["depth"]), (where, line)
        return "Colliding"
    axis = sat3d["axes"][sat3d["separating"]]
    if sat3d["faces_alone_say_colliding"]:
        match = re.fullmatch(rf"Faces overlap, yet (.+) has gap {NUMBER}: apart\.", line)
        tag = "A e{} x B e{}".format(*axis["feature_index"])
        assert match and match[1] == tag, (where, line, axis)
    else:
        match = re.fullmatch(rf"Apart: (.+) shows a gap of {NUMBER}\.", line)
        assert match and match[1] == _axis3d_name(axis), (where, line, axis)
    assert _agrees(match[2], axis["overlap"]), (where, line, axis["overlap"])
    return "Apart"


def _check_verdict(session, lines, where) -> str | None:
    """The verdict line against the dump; its kind (None: no pair is on show)."""
    dump = dump_state(session)
    sat = dump["sat"]
    if "sat3d" in dump:
        return _check_verdict_3d(dump["sat3d"]["sat3d"], lines, where)
    verdicts = [line for line in lines if line.split(":")[0] in KINDS]
    held = "SAT's answer is held back until the class answers." in lines
    if session.scene.demo is not None or sat is None:
        assert not verdicts, (where, lines)
        return None
    if session.lesson_run is not None and session.lesson_run.hiding:
        assert held and not verdicts, (where, lines)
        return None
    assert len(verdicts) == 1 and not held, (where, lines)
    line, kind = verdicts[0], _kind(sat, session.world.rigid)
    assert line.startswith(kind + ":"), (where, line, kind, sat["depth"])
    if kind == "Touching":
        assert line == "Touching: the shapes meet with no overlap (depth 0).", where
        return kind
    if kind == "Apart":
        axis = sat["axes"][sat["separating"]]
        match = re.fullmatch(rf"Apart: (.+) leaves a gap of {NUMBER}\.", line)
        assert match and match[1] == _axis_name(axis), (where, line, axis)
        assert _agrees(match[2], axis["overlap"]), (where, line, axis["overlap"])
        return kind
    axis = sat["axes"][sat["mtv_axis"]]
    depth = rf"{NUMBER} (?:of overlap )?on (.+?)"
    match = re.search(rf"{depth}(?:, is the MTV \({NUMBER}, {NUMBER}\))?\.$", line)
    assert match and match[2] == _axis_name(axis), (where, line, axis)
    assert _agrees(match[1], sat["depth"]), (where, line, sat["depth"])
    if kind != "Resting":
        mx, my = sat["mtv"]
        assert match[3] is not None, (where, line)
        for written, value in ((match[3], mx), (match[4], my)):
            assert _rounds_to(written, value), (where, line, sat["mtv"])
    return kind


def _run(session, steps: int, held, where) -> set[str]:
    """`steps` steps with the words and the announce lines checked after each; the kinds
    of verdict seen."""
    printed = io.StringIO()
    announcer = Announcer(frame_in_words, stream=printed, printing=True)
    announcer(session)
    seen = set()
    for _ in range(steps):
        advance(session, held)
        start = printed.tell()
        announcer(session)
        printed.seek(start)
        new = printed.read().splitlines()
        kind = _check_verdict(session, frame_in_words(session), where)
        seen.add(kind)
        for alert in new:
            said = alert.split(": ", 1)[1]
            assert alert.startswith(f"tick {session.world.tick}: "), (where, alert)
            if said.startswith("Now "):
                assert kind is not None and said[4:].lower().startswith(kind.lower()), (
                    where,
                    alert,
                    kind,
                )
    return seen


@functools.cache
def _scene_run(name: str) -> frozenset:
    """The scene as it opens and for 90 steps, driven right then down, checked step by
    step (see _run); the kinds of verdict it met. Once per worker: both tests below
    read it."""
    session = open_session(SCENES[name], theme="projector")
    _check_verdict(session, frame_in_words(session), f"{name} opening")
    return frozenset(_run(session, 45, {"right"}, name) | _run(session, 45, {"down"}, name))


@pytest.mark.parametrize("name", list(SCENES))
def test_every_scene_says_the_dumps_verdict_and_announces_its_changes(name):
    """Each scene as it opens and for 90 steps with the shape driven right then down:
    the verdict line is the dump's, and each "Now ..." alert names the kind the dump has
    at that tick."""
    assert _scene_run(name), name


def test_the_scenes_exercise_every_kind_of_verdict():
    """Between them the scenes' runs meet every kind the words can say (so the rule is
    checked for each), and a frame with no pair on show (the demos)."""
    seen = set().union(*(_scene_run(name) for name in SCENES))
    assert seen >= {"Apart", "Touching", "Resting", "Inside", "Colliding", None}, seen


@pytest.mark.parametrize(("name", "index"), STAGES)
def test_every_lesson_stage_says_the_dumps_verdict_before_and_after_the_answer(name, index):
    """Each stage through its opening (the answer held back while a question waits),
    then answered right and on for 60 steps: the verdict is the dump's throughout."""
    session = open_session(SCENES["classic"], theme="projector")
    start_lesson(session, PLANS[name], index)
    where = f"{name} stage {index + 1}"
    for _ in range(300):
        if session.lesson_run.phase != "opening":
            break
        _run(session, 1, frozenset(), where)
    if session.lesson_run.phase == "asking":
        lines = frame_in_words(session)
        assert any(line.startswith("Question: ") for line in lines), (where, lines)
        _check_verdict(session, lines, where)
        press(session, sorted(lesson_run.right_keys(session))[0])
    _run(session, 60, frozenset(), where)
