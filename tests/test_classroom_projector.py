"""Issue 34: the classroom on a projector. What a stray key, a slide and the HUD must not do."""

import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from driving import advance, open_session, press  # noqa: E402

from sandbox.app.dispatcher import QUIT_ASK, QUIT_STEPS  # noqa: E402
from sandbox.app.recording import Recorder  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402


def test_one_escape_never_ends_a_class():
    """With nothing open, Escape asks ("Escape again to quit") and does not quit; a
    second Escape right after quits."""
    session = open_session(SCENES["classic"])
    assert not press(session, "escape").quit
    assert session.message == QUIT_ASK
    assert press(session, "escape").quit


def test_another_key_or_time_takes_the_question_back():
    """Between the two Escapes, any other key, or more than QUIT_STEPS steps (once the
    question has left the screen), and the next Escape asks again instead of quitting."""
    session = open_session(SCENES["classic"])
    press(session, "escape")
    press(session, "n")
    assert not press(session, "escape").quit
    for _ in range(QUIT_STEPS + 1):
        advance(session)
    assert session.message is None  # the question has gone from the screen ...
    assert not press(session, "escape").quit  # ... and so has the quitting
    assert press(session, "escape").quit


def test_an_escape_that_closes_or_asks_is_recorded():
    """An Escape that closes the help or asks before quitting is in the recording (a
    replay must close the same help); the Escape that quits is not."""
    session = open_session(SCENES["classic"])
    session.recorder = recorder = Recorder(session.scene, 0, "dark")
    press(session, "h")
    press(session, "escape")  # closes the help
    press(session, "escape")  # asks
    assert press(session, "escape").quit
    presses = [line for line in recorder.lines(session.steps_taken) if '"press"' in line]
    assert [p.count('"escape"') for p in presses] == [0, 1, 1]


def test_the_hud_mtv_reads_like_every_other_length():
    """Issue 34, item 6, and issue 41, item 3: the HUD's MTV had five decimals, then
    "MTV (1.3e-16, -0.0007)" (gravity's first frame). One rule now (words.vector): both
    components at the precision of the vector's length (one decimal, two significant
    digits under 0.05), never e-notation, never "-0.0": worked by hand."""
    from sandbox.render.words import vector

    cases = {
        (0.0, -0.0): "(0.0, 0.0)",
        (1.3e-16, -0.0007): "(0.00000, -0.00070)",
        (0.0, -0.05063): "(0.0, -0.1)",
        (0.04, -0.0): "(0.040, 0.000)",
        (-13.43233, 4.90318): "(-13.4, 4.9)",
        (-0.0000104, 0.0): "(-0.000010, 0.000000)",
        (0.0998, 0.0): "(0.1, 0.0)",
        (-2e-17, 0.0): "(0.000000, 0.000000)",
    }
    assert {case: vector(*case) for case in cases} == cases
    session = open_session(SCENES["stack"])
    for _ in range(60):
        advance(session)
    status_rows = _hud_texts(session)
    mtv = next(t for t in status_rows if t.startswith("MTV ("))  # a resting contact's
    assert mtv == f"MTV {vector(*session.shown.report.mtv)}" and "e-" not in mtv


def _hud_texts(session) -> list[str]:
    import pygame
    from driving import draw_session

    return [t.text for t in draw_session(pygame.Surface((1024, 768)), session).texts]


ANSWERING_WORDS = re.compile(r"\b\d+ axes\b|\b1 axis\b|more of \d+|repeats skipped|MTV \(|gap \d")


def _asking_frames():
    """(lesson, stage number, the frame's drawn texts) of every built-in stage with a
    question, as the class sees it waiting: 1024x768, projector theme."""
    import pygame
    from driving import draw_session, start_lesson

    from sandbox.app.lesson_plan import BUILT_IN, plan_lesson

    pygame.display.init()
    pygame.font.init()
    for name in BUILT_IN:
        plan = plan_lesson(name)
        for index, stage_plan in enumerate(plan.stages):
            if stage_plan.stage.predict is None:
                continue
            session = open_session(SCENES["classic"], theme="projector")
            start_lesson(session, plan, index)
            while session.lesson_run.phase == "opening":
                advance(session)
            assert session.lesson_run.phase == "asking"
            frame = draw_session(pygame.Surface((1024, 768)), session)
            yield name, index + 1, session, [t.text for t in frame.texts]


def test_no_question_shows_its_answer():
    """Issue 34, deliver 5: while any question waits (axis, MTV, collide or choice), no
    drawn text counts the axes ("10 axes", "+1 more of 10", "4 repeats skipped"), gives
    the MTV or a gap; the rulers wait ("rulers: once answered"). shadows' stages 3 and 6
    ask how many axes SAT tests: both showed the count."""
    asked = 0
    for name, number, session, texts in _asking_frames():
        asked += 1
        shown = [t for t in texts if ANSWERING_WORDS.search(t)]
        assert not shown, f"{name} stage {number} shows {shown}"
        assert session.lesson_run.hiding
        if session.scene.demo is None:  # a demo scene draws its own panel, not rulers
            assert "rulers: once answered" in texts
    assert asked >= 8  # every built-in question was looked at


def test_what_an_answer_asks_the_class_to_count_is_on_screen():
    """Issue 34, item 4: shadows stage 3's answer asked the class to count the rulers'
    rows (10) where 1024x768 shows 9; it now counts the edge normals, all drawn."""
    from sandbox.app.lesson_plan import plan_lesson

    explain = plan_lesson("shadows").stages[2].stage.predict.explain
    assert "rows of the rulers" not in explain and "normals" in explain
    session = open_session(SCENES["classic"])
    shown = session.step_record.shown
    normals = len(shown.a_shape.vertices) + len(shown.b_shape.vertices)
    assert normals == 10 and "10" in explain


def test_slides_carry_no_screen_only_words(tmp_path):
    """Issue 34, item 7: an exported slide shows where the class stands ("stage 3 of 7"),
    never the window's "H help", tick, running/PAUSED, speed or "press a key"."""
    import pygame
    from driving import draw_session, start_lesson

    from sandbox.app.lesson_plan import plan_lesson

    pygame.display.init()
    pygame.font.init()
    plan = plan_lesson("shadows")
    screen_only = re.compile(r"^H help$|^tick \d|^running$|^PAUSED$|^speed |press a key")
    for index in range(len(plan.stages)):
        for slide in (False, True):
            session = open_session(SCENES["classic"], theme="projector")
            session.slide = slide
            start_lesson(session, plan, index)
            frame = draw_session(pygame.Surface((1024, 768)), session)
            texts = [t.text for t in frame.texts]
            found = [t for t in texts if screen_only.search(t)]
            assert bool(found) is not slide, (index, slide, found)
            if slide:
                assert any(t.startswith(f"stage {index + 1} of 7") for t in texts)


def test_the_export_extra_is_what_the_requirements_pin():
    """Issue 34, item 10: a pipx user has no requirements-export.txt, so --gif and --video
    name the package's own extra, sat-sandbox[export]; it asks for the packages the
    clone's requirements-export.txt pins, no more, no fewer."""
    import tomllib
    from pathlib import Path

    from sandbox.app.export import EXTRA

    root = Path(__file__).resolve().parent.parent
    extra = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    names = {re.split(r"[<>=]", spec)[0] for spec in extra["optional-dependencies"]["export"]}
    lines = (root / "requirements-export.txt").read_text().splitlines()
    pinned = {line.split("==")[0] for line in lines if line and not line.startswith("#")}
    assert names == pinned == {"pillow", "imageio-ffmpeg"}
    assert "sat-sandbox[export]" in EXTRA and "requirements-export.txt" in EXTRA


def test_a_sleeping_scene_says_so_instead_of_sat_on_none():
    """Issue 34, item 10: once the stack sleeps, the HUD said "SAT on 0 of 2415 pairs",
    which reads like a fault; it says why no pair needs a test."""
    session = open_session(SCENES["stack"])
    for _ in range(240):
        advance(session)
    assert session.step_record.candidate_pairs == 0
    texts = _hud_texts(session)
    assert "all asleep: no SAT needed" in texts
    assert not any(t.startswith("SAT on 0 of") for t in texts)


SIZES = ((1024, 768), (1920, 1080))


def _frames_of_every_scene(half: int):
    """(what, frame) for every golden case's scene after its scripted input, every other
    run (`half`: 0 or 1), drawn in the case's theme at 1024x768 and at 1920x1080 from
    one simulation (the input is in world coordinates: the 23 cases with a drag, a click
    or a ui line dump the same state at both sizes; a case's dark and projector twins
    are one run, 41 runs for 78 cases)."""
    import pygame
    from driving import draw_session
    from test_golden import CASES

    from sandbox.app.headless import init_pygame, simulate
    from sandbox.app.options import parse_options

    init_pygame(headless=True)
    runs = {}  # a case's dark and projector twins are one run: the theme only draws
    for name, (scene, theme, frames, holds) in CASES.items():
        if not scene.startswith("lesson:"):
            runs.setdefault((scene, frames, tuple(holds)), []).append((name, theme))
    for (scene, frames, holds), named in list(runs.items())[half::2]:
        argv = ["--headless", "--scene", scene, "--frames", str(frames)]
        for hold in holds:
            kind, _, value = hold.partition("=")
            argv += [f"--{kind}", value] if kind in ("ui", "drag") else [f"--hold={hold}"]
        session, _ = simulate(parse_options(argv))
        for name, theme in named:
            session.theme = theme
            for w, h in SIZES:
                yield f"{name} at {w}x{h}", draw_session(pygame.Surface((w, h)), session)


def _frames_of_every_stage():
    """(what, frame) for every built-in lesson stage opened and answered, each drawn at
    1024x768 and at 1920x1080 (a stage's world does not depend on the window's size)."""
    import pygame
    from driving import draw_session, every_stage

    from sandbox.app.headless import init_pygame

    init_pygame(headless=True)
    for what, session in every_stage("projector"):
        for w, h in SIZES:
            yield f"{what} at {w}x{h}", draw_session(pygame.Surface((w, h)), session)


# In three parts, so that the suite's workers share them (one test took 70-240 s).
PARTS = {
    "scenes-even": (lambda: _frames_of_every_scene(0), 78),  # 78 cases, both sizes
    "scenes-odd": (lambda: _frames_of_every_scene(1), 78),
    "lesson-stages": (_frames_of_every_stage, 60),  # 34 frames, each at both sizes
}


@pytest.mark.parametrize("part", list(PARTS))
def test_no_two_drawn_labels_overlap(part):
    """Issue 34, deliver 3: in every scene after its scripted input and on every lesson
    stage (as it opens and once answered), at 1024x768 and 1920x1080, no two drawn texts'
    rectangles overlap (a toolbar panel, drawn over the frame on purpose, aside)."""
    import pygame

    frames, least = PARTS[part]
    checked = 0
    for what, frame in frames():
        texts = [t for t in frame.texts if t.where != "controls"]
        rects = [pygame.Rect(t.rect) for t in texts]
        for i, rect in enumerate(rects):
            hit = rect.collidelist(rects[i + 1 :])
            assert hit < 0, f"{what}: {texts[i].text!r} overlaps {texts[i + 1 + hit].text!r}"
        checked += 1
    assert checked >= least, (part, checked)


def test_the_new_lines_are_whole_on_a_projector():
    """The status lines this issue adds (Escape's question, a stage that is still opening)
    are drawn whole, never cut with "…", at 1024x768 in the projector theme."""
    import pygame
    from driving import draw_session, start_lesson

    from sandbox.app.lesson_plan import plan_lesson

    pygame.display.init()
    pygame.font.init()
    asked = open_session(SCENES["classic"], theme="projector")
    press(asked, "escape")
    opening = open_session(SCENES["classic"], theme="projector")
    start_lesson(opening, plan_lesson("pushing-out"), 3)
    advance(opening)
    press(opening, "2")
    for session, said in ((asked, QUIT_ASK), (opening, "wait ({end}: explore)")):
        assert session.message == said
        frame = draw_session(pygame.Surface((1024, 768)), session)
        drawn = "Escape again to quit" if said == QUIT_ASK else "wait (End: explore)"  # keys named
        assert drawn in [t.text for t in frame.texts if t.where == "status"]
