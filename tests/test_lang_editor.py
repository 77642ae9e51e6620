"""Issue 43, every learner: the editor's messages, the numbered built-in bodies' names and
a yes / no card's words in the class's language. The words change; the names the world
keeps (the dump's, a recording's, a scene file's) do not, and English is the very bytes
it was."""

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from driving import (  # noqa: E402
    Edit,
    advance,
    dispatch,
    open_session,
    press,
    start_lesson,
    undo,
)

from sandbox.app.cli import main  # noqa: E402
from sandbox.app.edit_commands import (  # noqa: E402
    delete_command,
    move_vertex_command,
    spawn_command,
)
from sandbox.app.lesson_card import card  # noqa: E402
from sandbox.app.lesson_plan import plan_lesson  # noqa: E402
from sandbox.render.language import language, pseudo  # noqa: E402
from sandbox.render.pair_words import role_line  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402


def _edited(code: str, *commands):
    """The status line after each edit, in the session's language (with the session)."""
    session = open_session(SCENES["classic"], words=language(code))
    said = []
    for command in commands:
        dispatch(session, Edit(command))
        said.append(session.message)
    return said, session


EDITS = (
    spawn_command("box", [700.0, 200.0]),
    delete_command(at=[5.0, 5.0]),
    move_vertex_command("triangle", 9, (1.0, 1.0)),
    # the triangle's corner 0 (280, 420) onto its opposite edge, x = 205: no area
    move_vertex_command("triangle", 0, (205.0, 420.0)),
)


def test_the_editors_messages_are_german_in_german():
    """An edit made, refused three ways (the last with a reason inside) and undone reads
    in German: the body's name as the screen names it ('Kiste 1', stored as 'box 1'),
    the nested reason translated."""
    said, session = _edited("de", *EDITS)
    assert said[:3] == [
        "'Kiste 1' erzeugt",
        "bei (5, 5) ist kein Körper",
        "'Dreieck' hat die Ecken 0 bis 2; eine Ecke 9 gibt es nicht",
    ]
    assert said[3] == (
        "Ecke 0 kann nicht dorthin: die Punkte liegen auf einer Linie: der Umriss hat keine Fläche"
    )
    assert "box 1" in [body.name for body in session.world.bodies]  # the name kept
    assert undo(session).ok and session.message == "rückgängig: Erzeugen"
    assert not undo(session).ok and session.message == "nichts rückgängig zu machen"


def test_the_editors_messages_stay_the_same_english():
    """English: the bytes the editor said before its words went through the catalogue."""
    said, session = _edited("en", *EDITS)
    assert said == [
        "made 'box 1'",
        "there is no body at (5, 5)",
        "'triangle' has corners 0 to 2; there is no corner 9",
        "corner 0 cannot go there: the points lie on one line: the outline has no area",
    ]
    assert undo(session).said == "undid spawn" and session.message == "undid spawn"


def test_the_pseudo_locale_reaches_the_editors_messages():
    said, _ = _edited("en-XA", spawn_command("circle", [700.0, 200.0]))
    # the message and the name each accented and padded once (render/language.pseudo)
    assert said == [pseudo("made {name}").format(name=repr(pseudo("circle 1")))]


def test_numbered_names_are_said_by_their_pattern():
    de, en = language("de"), language("en")
    assert de.name("column 3") == "Säule 3"
    assert de.name("pyramid 2.1") == "Pyramide 2.1"
    assert de.name("body 107") == "Körper 107"
    assert de.name("falling 4") == "Fallkörper 4"
    assert de.name("drawn 2") == "gezeichnet 2"
    assert de.name("player") == "Spieler"
    assert de.name("my shape 2") == "my shape 2"  # a teacher's own name stays
    assert de.name("triangle 2") == "triangle 2"  # no pattern for it: as it is
    assert all(en.name(n) == n for n in ("column 3", "pyramid 2.1", "player", "x 1"))


def test_a_german_frame_names_the_stack_by_pattern_and_the_dump_keeps_the_name(tmp_path, capsys):
    """--describe --lang de in the stack scene: 'Säule 1' and 'Säule 0', where the dump
    (the same run) names the pair 'column 1' and 'column 0'."""
    dump = tmp_path / "state.json"
    argv = ["--headless", "--scene", "stack", "--frames", "5", "--dump-state", str(dump)]
    assert main([*argv, "--describe", "--lang", "de"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "A ist Säule 1 mit 4 Seiten; B ist Säule 0 mit 4 Seiten." in lines, lines
    state = json.loads(dump.read_text())
    assert (state["sat"]["a"], state["sat"]["b"]) == ("column 1", "column 0")
    names = {body["name"] for body in state["bodies"]}
    assert {"column 0", "pyramid 0.0"} <= names and not any("Säule" in n for n in names)


def test_the_hud_names_a_numbered_body_in_german():
    """The HUD's role line (pair_words.role_line) for the pile's 'body 7': 'Körper 7' in
    German, 'body 7' in English."""
    session = open_session(SCENES["pile"], words=language("de"))
    index = session.world.index("body 7")
    assert role_line(session.world, index, "B", session.language) == "B = Körper 7"
    assert role_line(session.world, index, "B", language("en")) == "B = body 7"


def _asking(lesson: str, kind: str, code: str):
    """A session at `lesson`'s first question of `kind`, asking, in language `code`."""
    plan = plan_lesson(lesson, code)
    kinds = [s.stage.predict.kind if s.stage.predict else None for s in plan.stages]
    index = kinds.index(kind)
    session = open_session(SCENES["classic"], words=language(code))
    start_lesson(session, plan, index)
    while session.lesson_run.phase == "opening":
        advance(session)
    return session


def test_a_yes_no_cards_answers_and_a_stray_keys_hint_in_german():
    """The collide card's answers were 'yes' / 'no' and the hint 'keys Y / N' in every
    language: German says 'ja' / 'nein' and 'Tasten'; English is as it was."""
    german, english = _asking("needs-help", "collide", "de"), _asking("needs-help", "collide", "en")
    assert card(german).choices == (("y", "ja"), ("n", "nein"))
    assert card(english).choices == (("y", "yes"), ("n", "no"))
    press(german, "9")
    press(english, "9")
    assert german.message == "erst antworten (Tasten Y / N), oder Ende zum Erkunden"
    assert english.message == "answer first (keys Y / N), or End to explore"
    numbered = _asking("shadows", "axis", "de")
    press(numbered, "x")
    count = len(card(numbered).choices)
    assert numbered.message == f"erst antworten (Tasten 1–{count}), oder Ende zum Erkunden"
