"""Every learner (issue 43): the lesson card's answers are in the keyboard's focus ring.
While a question waits, Tab / Shift+Tab reach its answers after the toolbar, in the
card's order; Enter or Space answer with the focused one as its own key does (the same
command on the one path: recorded as that key and replayed); the ring is drawn round the
answer and said ("Focus: answer 2: zero."). The expected keys and labels are read from
the lesson's TOML file, not from the app."""

import os
import tomllib
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from driving import (  # noqa: E402
    advance,
    draw_session,
    dump_state,
    open_session,
    press,
    record_and_replay,
    start_lesson,
)

from sandbox.app import focus  # noqa: E402
from sandbox.app.headless import init_pygame  # noqa: E402
from sandbox.app.lesson_plan import plan_lesson  # noqa: E402
from sandbox.app.view_model import frame_in_words  # noqa: E402
from sandbox.render.language import language  # noqa: E402
from sandbox.render.theme import THEMES  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SIZE = (1024, 768)
# The shadows lesson's first stage, as its file writes it: a choice of three, "3" right.
STAGE = tomllib.loads((ROOT / "assets" / "lessons" / "shadows.toml").read_text())["stage"][0]
KEYS = STAGE["predict"]["keys"]
LABELS = dict(zip(KEYS, STAGE["predict"]["choices"], strict=True))
GERMAN = dict(zip(KEYS, STAGE["predict"]["de"]["choices"], strict=True))


@pytest.fixture(autouse=True)
def _pygame():
    init_pygame(headless=True)


def _asking(code: str = "en", theme: str = "projector"):
    """A session at the shadows lesson's first question, asking."""
    session = open_session(SCENES["classic"], theme=theme, words=language(code))
    start_lesson(session, plan_lesson("shadows", code), 0)
    while session.lesson_run.phase == "opening":
        advance(session)
    assert session.lesson_run.asking
    return session


def test_the_answers_follow_the_toolbar_in_the_cards_order():
    session = _asking()
    order = focus.focus_order(session)
    assert order[-len(KEYS) :] == tuple(f"answer:{k}" for k in KEYS)
    assert not any(name.startswith("answer:") for name in order[: -len(KEYS)])
    press(session, "f10")
    press(session, "shift tab")  # round the front: the last answer
    assert session.focus == f"answer:{KEYS[-1]}"
    press(session, "shift tab")
    assert session.focus == f"answer:{KEYS[-2]}"
    press(session, "tab")
    press(session, "tab")  # round the end: the toolbar's first button
    assert session.focus == order[0]


def test_no_answers_in_the_ring_without_a_waiting_question():
    session = open_session(SCENES["classic"])
    assert not any(n.startswith("answer:") for n in focus.focus_order(session))
    session = _asking()
    press(session, "3")  # answered: the card lists no answers
    assert not any(n.startswith("answer:") for n in focus.focus_order(session))


def test_enter_and_space_answer_as_the_answers_key_does():
    """Enter on answer 2 (a wrong first try of three) and Space on answer 3 leave the
    lesson and the world as pressing 2 then 3 does; the ring stays for the second try
    and leaves once answered."""
    keyed, focused = _asking(), _asking()
    press(keyed, "2")
    press(focused, "f10")
    press(focused, "shift tab")
    press(focused, "shift tab")
    assert focused.focus == "answer:2"
    press(focused, "return")
    assert focused.lesson_run.tried == keyed.lesson_run.tried == "2"
    assert focused.lesson_run.verdict is None and focused.focus == "answer:2"
    press(keyed, "3")
    press(focused, "tab")
    press(focused, "space")
    assert focused.lesson_run.verdict == keyed.lesson_run.verdict
    assert focused.lesson_run.verdict.right and focused.focus is None
    assert dump_state(focused) == dump_state(keyed)


@pytest.mark.parametrize(
    ("code", "said"),
    [("en", f"Focus: answer 2: {LABELS['2']}."), ("de", f"Fokus: Antwort 2: {GERMAN['2']}.")],
)
def test_the_focused_answer_is_said_with_its_label(code, said):
    session = _asking(code)
    press(session, "f10")
    press(session, "shift tab")
    press(session, "shift tab")
    assert frame_in_words(session)[-1] == said


@pytest.mark.parametrize("theme", list(THEMES))
def test_the_ring_is_drawn_round_the_focused_answer(theme):
    """One ring, round the answer's key and label as drawn on the card, in the theme's
    focus colour on its four sides."""
    session = _asking(theme=theme)
    press(session, "f10")
    press(session, "shift tab")
    press(session, "shift tab")
    surface = pygame.Surface(SIZE)
    report = draw_session(surface, session)
    rings = [m[1] for m in report.marks if m[0] == "focus ring"]
    assert len(rings) == 1
    (x0, y0), (x1, y1) = rings[0]
    ring = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
    key = next(t for t in report.texts if t.text == "2")
    label = next(t for t in report.texts if t.text == f" {LABELS['2']}")
    assert ring.contains(pygame.Rect(key.rect)) and ring.contains(pygame.Rect(label.rect))
    assert not any(ring.contains(pygame.Rect(t.rect)) for t in report.texts if t.text == "3")
    cx, cy = ring.center
    sides = [(cx, ring.top + 1), (cx, ring.bottom - 2), (ring.left + 1, cy), (ring.right - 2, cy)]
    assert all(surface.get_at(p)[:3] == THEMES[theme].focus for p in sides)


def test_answers_by_focus_are_recorded_as_their_keys_and_replay_the_same(tmp_path):
    """F10, Shift+Tab twice, Enter (2: a wrong first try), Tab, Space (3): the recording
    holds the focus moves and the presses of 2 and 3; its replay ends in the same state
    (answered 3, right) and the same last frame."""
    holds = ["f10:30-30", "shift tab:31-31", "shift tab:32-32", "return:33-33"]
    holds += ["tab:34-34", "space:35-35"]
    args = ["--lesson", "shadows", "--theme", "projector"]
    lines, dumped, _ = record_and_replay(tmp_path, args, holds, 40, "1024x768")
    assert [line["press"] for line in lines if "press" in line] == ["2", "3"]
    focused = [line["value"] for line in lines if line.get("ui") == "focus"]
    assert focused == ["pause", "answer:3", "answer:2", "answer:3", None]
    assert (dumped["lesson"]["answer"], dumped["lesson"]["right"]) == ("3", True)
