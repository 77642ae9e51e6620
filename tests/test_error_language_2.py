"""More of the class's language (issue 43, item 4): a bad replay line, a file that is not
TOML or JSON, a shape a scene file or an edit cannot build, and an option's reasons are
one German line with --lang de, naming the file, the line and the value, with no English
fragment left in it."""

from __future__ import annotations

import re

import pytest
from driving import advance, mouse, open_session

from sandbox.app import recording
from sandbox.app.cli import main
from sandbox.app.edit_outline import _plain
from sandbox.app.mouse_input import MouseEvent
from sandbox.app.recording import Recorder
from sandbox.core.compound import from_outline
from sandbox.core.geometry import Polygon, ShapeError
from sandbox.core.locales import N_
from sandbox.render.language import language
from sandbox.scenes.registry import SCENES

HEADER = (
    '{"format": "sat-sandbox-replay", "version": 2, "scene": "classic", "seed": 0, "theme": "dark"}'
)
# English words that must not be left in a German line (the file's own names and JSON's
# field names, quoted as the file writes them, are not words of a sentence).
ENGLISH = re.compile(
    r"\b(not|must|unknown|expected|line|file|missing|needs|got|at least|the|a|an|of|"
    r"column|vertices|outline|convex|action|key|number|whole|expecting|invalid)\b"
)


def _german(capsys, *options: str) -> str:
    """The one line a headless run of `options` prints in German (exit 2), after "Fehler"."""
    status = main(["--headless", "--frames", "2", "--lang", "de", *options])
    lines = capsys.readouterr().err.splitlines()
    assert status == 2 and len(lines) == 1, lines
    assert lines[0].startswith("main.py: Fehler: "), lines
    return lines[0].removeprefix("main.py: Fehler: ")


def _english_in(text: str, *allowed: str) -> list[str]:
    for word in allowed:
        text = text.replace(word, "")
    return ENGLISH.findall(text)


REPLAYS = {
    "bad json": (
        [HEADER, "{bad"],
        ":2: kein JSON (Spalte 2: Feldname in doppelten Anführungszeichen erwartet)",
    ),
    "unknown key": ([HEADER, '{"step": 0, "press": "zz"}'], ":2: unbekannte Aktionstaste 'zz'"),
    "unknown line": (
        [HEADER, '{"step": 0, "frob": 1}'],
        ":2: erwartet ist eine press-, hold-, mouse-, ui- oder end-Zeile",
    ),
    "no header": (['{"format": "x"}'], ":1: keine sat-sandbox-replay-Datei der Version 1 oder 2"),
    "header field": (
        [HEADER[:-1] + ', "zz": 1}'],
        ":1: unbekanntes Feld 'zz' in der Kopfzeile",
    ),
    "step decreasing": (
        [HEADER, '{"step": 3, "hold": []}', '{"step": 1, "hold": []}'],
        ":3: step muss eine ganze Zahl sein, die nie kleiner wird",
    ),
    "mouse field": (
        [HEADER, '{"step": 0, "mouse": "press", "x": "a", "y": 1, "shift": false}'],
        ":2: x muss eine Zahl sein",
    ),
    "end twice": ([HEADER, '{"end": 1}', '{"end": 1}'], ":3: nach der Schlusszeile darf nichts "),
    "end out of range": (
        [HEADER, '{"end": -1}'],
        ":2: end muss eine ganze Zahl vom letzten Schritt bis 1000000 sein",
    ),
    "too many digits": (
        [HEADER, '{"step": 1' + "0" * 40 + ', "press": "g"}'],
        ":2: keine Zeile einer Aufzeichnung (eine ganze Zahl mit 41 Ziffern (höchstens 19))",
    ),
}


@pytest.mark.parametrize("name", sorted(REPLAYS))
def test_a_bad_replay_line_is_german(name, tmp_path, capsys):
    lines, expected = REPLAYS[name]
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(lines) + "\n")
    said = _german(capsys, "--replay", str(path))
    assert said.startswith(str(path)) and expected in said, said
    assert not _english_in(said, str(path), "sat-sandbox-replay"), said


SYNTAX = {  # a file that is not TOML: its place and tomllib's reason, said in German
    "array": ("[[body]\nx = 1\n", ": ungültiges TOML in Zeile 1, Spalte 7: am Ende einer "),
    "value": ("gravity = 3\ntitle = \n", ": ungültiges TOML in Zeile 2, Spalte 9: ungültiger Wert"),
    "end": ("gravity = [1, 2\n", ": ungültiges TOML am Dateiende: "),
}


@pytest.mark.parametrize("name", sorted(SYNTAX))
def test_a_scene_that_is_not_toml_is_german(name, tmp_path, capsys):
    text, expected = SYNTAX[name]
    path = tmp_path / "bad.toml"
    path.write_text(text)
    said = _german(capsys, "--scene", str(path))
    assert said.startswith(f"{path}{expected}"), said
    assert not _english_in(said, str(path)), said


def test_a_scene_that_is_not_toml_keeps_the_parsers_english(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text("[[body]\nx = 1\n")
    assert main(["--headless", "--frames", "2", "--lang", "en", "--scene", str(path)]) == 2
    assert (
        capsys.readouterr()
        .err.rstrip()
        .endswith(
            "bad.toml: not valid TOML at line 1, column 7: "
            "Expected ']]' at the end of an array declaration"
        )
    )


def test_an_edit_that_is_not_json_is_german(capsys):
    said = _german(capsys, "--edit", '0:{"op" "spawn"}')
    assert said.endswith("kein JSON-Objekt (Spalte 7: ':' als Trennzeichen erwartet)"), said
    assert not _english_in(said, '{"op" "spawn"}'), said


SHAPES = {  # a body the core cannot build: its reason said in German, with its numbers
    "two corners": (
        "vertices = [[0, 0], [10, 0]]",
        ".vertices: ein Umriss braucht mindestens 3 Ecken, dieser hat 2",
    ),
    "on one line": (
        "vertices = [[0, 0], [10, 0], [20, 0]]",
        ".vertices: der Umriss hat keine Fläche (alle Ecken liegen auf einer Linie)",
    ),
}


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_a_shape_the_core_refuses_is_german(name, tmp_path, capsys):
    vertices, expected = SHAPES[name]
    path = tmp_path / "shape.toml"
    path.write_text(f'[[body]]\nshape = "polygon"\n{vertices}\n')
    said = _german(capsys, "--scene", str(path))
    assert said == f"{path}: body[0]{expected}", said
    assert not _english_in(said, str(path), "body[0].vertices"), said


def test_a_core_reason_an_edit_meets_is_german_with_its_numbers():
    """An edit's outline refused by the core (not by the editor's own checks): the
    core's msgid and numbers, as it raised them, are said in German."""
    error = ShapeError.words(
        N_("vertex {vertex} must be within +-{most}: ({x}, {y})"),
        vertex=3,
        most="1e+06",
        x="2e+06",
        y="0",
    )
    said = _plain(error)(language("de"))
    assert said == "Ecke 3 muss innerhalb von +-1e+06 liegen: (2e+06, 0)", said
    assert _plain(error)() == str(error) == "vertex 3 must be within +-1e+06: (2e+06, 0)"


def test_a_scene_and_a_lesson_refuse_a_control_character_in_the_same_words(tmp_path, capsys):
    """One text validator (scenes/scene_fields._text) for both formats: the same German."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    scene = tmp_path / "scene.toml"
    scene.write_text('[[body]]\nshape = "circle"\nradius = 5\nname = "a\\tb"\n')
    lesson = tmp_path / "lesson.toml"
    text = (root / "assets" / "lessons" / "pushing-out.toml").read_text(encoding="utf-8")
    lesson.write_text(re.sub(r'(?m)^title = "Hinausschieben.*"$', 'title = "a\\\\tb"', text))
    reason = "muss druckbarer Text auf einer Zeile sein, nicht das Zeichen '\\t'"
    assert _german(capsys, "--scene", str(scene)).endswith(f"body[0].name: {reason}")
    assert _german(capsys, "--lesson", str(lesson)).endswith(f"title: {reason}")


def test_a_world_that_could_not_step_is_said_in_german():
    """Physics names the step and the bodies in English (NotFiniteError); the app says
    it through the catalogue: the headless run's one line and the status bar's."""
    from sandbox.app.errors import UsageError
    from sandbox.app.stepping import step_failed
    from sandbox.core.locales import translations
    from sandbox.physics.finite import NotFiniteError

    tr = translations("de").gettext
    error = NotFiniteError(12, ["a", "b", "c", "d", "e"])
    said = UsageError.from_error(step_failed(error)).said(tr)
    assert said == (
        "die Welt ist bei Schritt 12 nicht mehr endlich: 'a', 'b', 'c' und 2 weitere "
        "liegen jenseits der Zahlen, die eine Welt fassen kann"
    ), said
    one = step_failed(NotFiniteError(3, ["box"]))
    assert str(one) == str(NotFiniteError(3, ["box"]))  # the English as physics says it
    assert one.said(tr).startswith("die Welt ist bei Schritt 3 nicht mehr endlich: 'box' ")


def test_an_output_over_an_input_names_the_file_kind_in_one_german_sentence(tmp_path, capsys):
    scene = tmp_path / "in.toml"
    scene.write_text('[[body]]\nshape = "circle"\nradius = 5\n')
    said = _german(capsys, "--scene", str(scene), "--save-scene", str(scene))
    assert said == f"--save-scene {str(scene)!r} würde die Szenendatei überschreiben", said


@pytest.mark.parametrize("option", ["--drag", "--click"])
def test_a_coordinate_out_of_reach_is_one_german_sentence(option, capsys):
    text = "9999999,1:2,3:0-1" if option == "--drag" else "9999999,1:1"
    said = _german(capsys, option, text)
    assert said == (
        f"{option} {text!r}: eine Koordinate muss eine endliche Zahl von höchstens 1e+06 sein"
    ), said


def test_a_status_message_names_its_key_as_the_keyboard_prints_it():
    """A status line's key comes from app/key_names (the help's and the tips' names):
    German says Bild ↓, Pos1, Esc, Leertaste, Eingabe, never the English key name."""
    from sandbox.app.key_names import keys_filled
    from sandbox.app.lesson_run import ANSWERED
    from sandbox.app.scene_control import EXPLORING
    from sandbox.render.language import language

    de, en = language("de"), language("en")
    said = {message: keys_filled(de(message), de) for message in (ANSWERED, EXPLORING)}
    assert said[ANSWERED] == "beantwortet · Bild ↓: nächste Stufe", said
    assert said[EXPLORING] == "frei erkunden · Pos1: zurück", said
    assert keys_filled(en(ANSWERED), en) == "answered · Page Down: next stage"
    assert keys_filled(de("{escape} again to quit"), de) == "Esc nochmal: beenden"


def test_a_lesson_holding_its_scene_says_so_in_german_with_the_end_key():
    """The lesson's gate (a scene key while a stage opens or asks) was English in every
    language ("wait (End: explore)"): now a msgid, and End is German Ende."""
    from sandbox.app.key_names import keys_filled
    from sandbox.app.lesson_run import scene_change_refused
    from sandbox.render.language import language

    de = language("de")
    assert keys_filled(de("wait ({end}: explore)"), de) == "warten (Ende: erkunden)"
    said = keys_filled(de("answer first, or {end} to explore"), de)
    assert said == "erst antworten, oder Ende zum Erkunden"
    assert scene_change_refused.__module__ == "sandbox.app.lesson_run"


def test_a_recording_that_stops_says_why_in_the_class_language(tmp_path, monkeypatch):
    """A recording that reaches a replay's limit stops; the line that says so (the
    status bar's, a window's note, a headless run's refusal) is in the class's language
    with its step and limit: it was English in a German window."""
    monkeypatch.setattr(recording, "MAX_REPLAY_BYTES", 4096)
    session = open_session(SCENES["stack"], words=language("de"))
    session.recorder = Recorder(SCENES["stack"], 0, "dark")
    mouse(session, MouseEvent("press", 150.0, 400.0))
    said = None
    for step in range(300):
        mouse(session, MouseEvent("move", 150.0 + step, 400.0 - step / 2))
        if session.recorder.stopped is not None and said is None:
            said = session.message
        advance(session, frozenset())
    stop = session.recorder.stopped_at
    assert stop is not None and 0 < stop < 300
    assert said == (
        f"Aufnahme bei Schritt {stop} beendet: die Datei würde die Grenze einer Wiedergabe "
        "von 4,096 Bytes überschreiten"
    )
    assert str(session.recorder.stopped) == (
        f"recording stopped at step {stop}: the file would pass a replay's limit of 4,096 bytes"
    )


BAD_OUTLINES = {  # what the core refuses, built as a scene's body or an edit builds it
    "two corners": [(0, 0), (10, 0)],
    "a line": [(0, 0), (10, 0), (20, 0)],
    "a repeated corner": [(0, 0), (10, 0), (10, 0), (0, 10)],
    "not finite": [(0, 0), (float("nan"), 0), (0, 10)],
    "too far": [(0, 0), (1e200, 0), (0, 10)],
    "a collinear corner": [(0, 0), (5, 0), (10, 0), (10, 10), (0, 10)],
    "concave": [(0, 0), (10, 0), (5, 2), (10, 10), (0, 10)],
    "crossing": [(0, 0), (10, 10), (10, 0), (0, 10)],
}


@pytest.mark.parametrize("name", sorted(BAD_OUTLINES))
def test_the_core_words_its_shape_errors_where_it_raises_them(name):
    """Every shape error a scene file or an edit can meet carries its msgid and values
    from where the core raises it (not read back from its English): its English is the
    message as before, and in German it reads with the same numbers and no English."""
    outline = BAD_OUTLINES[name]
    builders = (Polygon,) if name in ("a collinear corner", "concave") else (Polygon, from_outline)
    for build in builders:  # (an outline may be concave, and keeps a corner on a line)
        with pytest.raises(ShapeError) as raised:
            build(outline)
        error = raised.value
        assert error.msgid is not None, (build.__name__, str(error))
        assert str(error) == error.msgid.format(**error.values)
        german = error.said(language("de"))
        # ("an Ecke" is German; "nan" is how Python prints a number that is none)
        assert german != str(error) and not _english_in(german, "an Ecke", "nan"), german
        numbers = sorted(re.findall(r"\d+", str(error)))
        assert sorted(re.findall(r"\d+", german)) == numbers, (str(error), german)
