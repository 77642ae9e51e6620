"""Issue 43, item 2: the scene in words, built from the state the picture is drawn from.
The words are checked against the numbers of the dump (app/dump.py, full precision),
formatted here by hand, as the picture tests check pixels against them."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from driving import advance, draw_session, dump_state, open_session, press, start_lesson  # noqa: E402

from sandbox.app import lesson_run  # noqa: E402
from sandbox.app.cli import main  # noqa: E402
from sandbox.app.describe import changes  # noqa: E402
from sandbox.app.lesson_plan import BUILT_IN, plan_lesson  # noqa: E402
from sandbox.app.view_model import frame_in_words as describe  # noqa: E402
from sandbox.render.language import language  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402


def _one_decimal(value: float) -> str:
    return f"{abs(value):.1f}"


def _axis(entry) -> str:
    return {"edge": f"{entry['owner'].upper()}'s e{entry['feature_index']}"}.get(
        entry["feature"], "the centre line"
    )


def test_a_collision_is_said_with_the_dumps_depth_axis_and_mtv():
    """The classic demo pushed together for 40 steps: the verdict line names the dump's
    depth (one decimal), the MTV axis (owner and edge index) and the MTV vector."""
    session = open_session(SCENES["classic"], theme="projector")
    for _ in range(40):
        advance(session, frozenset({"right"}))
    sat = dump_state(session)["sat"]
    assert sat["colliding"]
    axis = sat["axes"][sat["mtv_axis"]]
    mx, my = sat["mtv"]
    expected = (
        f"Colliding: the least overlap, {_one_decimal(sat['depth'])} on {_axis(axis)}, "
        f"is the MTV ({mx:.1f}, {my:.1f})."
    )
    lines = describe(session)
    assert expected in lines, lines
    assert lines[0] == "Scene: The classic SAT demo (tutorial 003)."
    assert "A is the triangle with 3 sides; B is the polygon with 7 sides." in lines


def test_a_gap_is_said_on_the_separating_axis():
    """six-axes as it opens: apart, and the line names the dump's separating axis and its
    gap (minus the overlap), once (the pair's own words repeat no verdict)."""
    session = open_session(SCENES["six-axes"], theme="projector")
    advance(session)
    sat = dump_state(session)["sat"]
    axis = sat["axes"][sat["separating"]]
    assert axis["overlap"] < 0
    expected = f"Apart: {_axis(axis)} leaves a gap of {_one_decimal(axis['overlap'])}."
    lines = describe(session)
    assert expected in lines and expected == "Apart: A's e2 leaves a gap of 24.6."
    assert sum(line.startswith("Apart") for line in lines) == 1


def test_touching_after_the_push_and_the_alert_that_says_so():
    """needs-help 2: the circles after the MTV push just touch (depth 0 in the dump), the
    description says "Touching", and the change from the stage's opening is announced."""
    session = open_session(SCENES["classic"], theme="projector")
    start_lesson(session, plan_lesson("needs-help"), 1)
    first = describe(session)
    for _ in range(60):
        advance(session)
    assert dump_state(session)["sat"]["depth"] == 0.0
    now = describe(session)
    assert "Touching: the shapes meet with no overlap (depth 0)." in now
    alerts = changes(first, now)
    assert any(alert.startswith("Now touching") for alert in alerts), (first, now, alerts)


@pytest.mark.parametrize(("name", "index"), [(n, k) for n in BUILT_IN for k in range(3)])
def test_a_waiting_question_is_read_and_its_answer_held_back(name, index):
    """A stage as it asks: the question and every answer are read out, and no verdict,
    depth, gap or MTV is (as on screen); once answered, the card's verdict is read."""
    session = open_session(SCENES["classic"], theme="projector")
    start_lesson(session, plan_lesson(name), index)
    while session.lesson_run.phase == "opening":
        advance(session)
    predict = session.lesson_run.stage.stage.predict
    lines = describe(session)
    assert lines[0].startswith("Lesson: ") and lines[1].startswith("Stage: ")
    if predict is None:
        return
    question = next(line for line in lines if line.startswith("Question: "))
    assert predict.question in question
    for key, label in lesson_run.choices(session):
        assert f"{key.upper()} {label}".strip() in question
    said = " ".join(lines)
    for word in ("Colliding:", "Apart:", "Touching:", "Inside:", "MTV (", "gap of"):
        assert word not in said, (name, index, word)
    press(session, sorted(lesson_run.right_keys(session))[0])
    assert any(line.startswith("Right: ") for line in describe(session))


def test_changes_announce_a_new_scene_and_a_new_kind_of_verdict_only():
    """`changes` by hand: the same lines announce nothing; a new scene line is announced;
    a verdict of the same kind with a new number is not, a new kind is ("Now ..."); the
    first frame's verdict is said as it is."""
    before = ["Scene: a.", "Apart: A's e1 leaves a gap of 9.0."]
    assert changes([], before) == before
    assert changes(before, before) == []
    assert changes(before, ["Scene: a.", "Apart: A's e1 leaves a gap of 8.0."]) == []
    assert changes(before, ["Scene: b.", "Touching: the shapes meet."]) == [
        "Scene: b.",
        "Now touching: the shapes meet.",
    ]


def test_announce_and_describe_from_the_command_line(capsys):
    """--announce prints each change as "tick N: ..." as the run goes (circles pushed
    together: the scene, apart, then colliding at the tick the report turns); --describe
    prints the last frame after it; --describe in a window is refused in one line."""
    argv = ["--headless", "--scene", "circles", "--frames", "60", "--hold", "right:0-59"]
    assert main([*argv, "--announce", "--describe"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "tick 0: Scene: Circle against circle (tutorial 004)."
    assert out[1].startswith("tick 0: Apart: the centre line leaves a gap of ")
    turned = [line for line in out if line.startswith("tick") and "Now colliding" in line]
    assert len(turned) == 1
    last = out[out.index("Scene: Circle against circle (tutorial 004).") :]
    assert last[2] == "A is the circle; B is the big circle."
    assert main(["--scene", "circles", "--describe"]) == 2
    assert "--describe is for --headless runs" in capsys.readouterr().err


def test_announce_in_german_says_tick_in_german(capsys):
    """--announce --lang de: each line's tick prefix is the catalogue's ("Tick N: ..."),
    as is an F8 read's ("Tick N: Bild: ...")."""
    argv = ["--headless", "--scene", "circles", "--frames", "2", "--lang", "de"]
    assert main([*argv, "--announce", "--hold", "f8:1-1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Tick 0: Szene: Kreis gegen Kreis (Tutorial 004)."
    assert all(line.startswith("Tick ") for line in out), out
    assert any(line.startswith("Tick 2: Bild: Szene: ") for line in out), out


def test_every_slide_carries_its_frame_in_words_as_alt_text(tmp_path, capsys):
    """--export-lesson: every picture in index.md has the frame in words as its alt text
    (no brackets inside); shadows 2 after its opening says the gap its dump says."""
    folder = tmp_path / "slides"
    argv = ["--headless", "--lesson", "shadows", "--export-lesson", str(folder)]
    assert main([*argv, "--size", "1024x768"]) == 0
    capsys.readouterr()
    pictures = [line for line in (folder / "index.md").read_text().splitlines() if line[:2] == "!["]
    assert len(pictures) >= 10
    for line in pictures:
        alt = line[2 : line.index("](")]
        assert "[" not in alt and "]" not in alt and len(alt) > 60, line
    session = open_session(SCENES["classic"], theme="dark")
    start_lesson(session, plan_lesson("shadows"), 1)
    while session.lesson_run.phase == "opening":
        advance(session)
    sat = dump_state(session)["sat"]
    gap = _one_decimal(sat["axes"][sat["separating"]]["overlap"])
    after = next(line for line in pictures if "stage-02-after.png" in line)
    assert f"Apart: A's e1 leaves a gap of {gap}." in after
    assert "A is the moving square with 4 sides; B is the square with 4 sides." in after


def test_f7_shows_the_frame_in_words_in_a_box():
    """F7 in the window: a box over the scene says what --describe prints, every word
    (wrapped, in the body's print, nothing cut), above the toolbar; F7 again hides it."""
    import pygame

    from sandbox.app.view_model import layout_for

    pygame.display.init()
    pygame.font.init()
    session = open_session(SCENES["classic"], theme="projector")
    for _ in range(40):
        advance(session, frozenset({"right"}))
    press(session, "f7")
    frame = draw_session(pygame.Surface((1024, 768)), session)
    boxed = [t for t in frame.help_texts if t.where == "words"]  # (drawn over the frame)
    assert " ".join(t.text for t in boxed).split() == " ".join(describe(session)).split()
    toolbar = pygame.Rect(layout_for(session, (1024, 768)).toolbar)
    assert all(t.rect[1] + t.rect[3] <= toolbar.top and t.rect[3] >= 24 for t in boxed)
    press(session, "f7")
    frame = draw_session(pygame.Surface((1024, 768)), session)
    assert not [t for t in frame.help_texts if t.where == "words"]


@pytest.mark.parametrize(
    ("code", "tried", "right"),
    [
        (
            "en",
            "Not 6 (e2 B): one more try.",
            "Right at the second try: 3 (e2 A); 6 (e2 B) was not.",
        ),
        (
            "de",
            "Nicht 6 (e2 B): noch ein Versuch.",
            "Richtig beim zweiten Versuch: 3 (e2 A); 6 (e2 B) war es nicht.",
        ),
    ],
)
def test_a_wrong_try_and_the_answer_are_described_and_announced(code, tried, right):
    """Shadows stage 4 (six axes; 3, A's e2, separates): a wrong first try (6) is in the
    frame's words as the card says it, and announced; then the right answer's verdict is
    announced too (before, a learner who cannot see the card heard neither)."""
    session = open_session(SCENES["classic"], words=language(code))
    start_lesson(session, plan_lesson("shadows", code), 3)
    while session.lesson_run.phase == "opening":
        advance(session)
    before = describe(session)
    press(session, "6")
    after_wrong = describe(session)
    assert tried in after_wrong and tried not in before
    assert changes(before, after_wrong, session.language) == [tried]
    press(session, "3")
    after_right = describe(session)
    assert right in after_right
    assert right in changes(after_wrong, after_right, session.language)
