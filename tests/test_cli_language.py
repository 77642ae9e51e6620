"""The command line's own words in the class's language (issue 43): --help, a bad option's
one line, --list-scenes and --list-lessons speak --lang's language, else the system's, and
still import neither pygame nor the physics; English stays byte for byte as it was."""

from __future__ import annotations

import argparse
import inspect
import os
from pathlib import Path

import pytest
from driving import run_with_imports

from sandbox.app.cli_words import ARGPARSE_WORDS, command_language, without_lang
from sandbox.render.language import language
from sandbox.scenes.registry import SCENES

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("pygame", "sandbox.physics", "sandbox.render", "sandbox.scenes")
LOCALE = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def _run(*options: str, **environ: str):
    """(exit status, stdout, stderr lines, heavy modules imported) of main.py."""
    env = {k: v for k, v in os.environ.items() if k not in LOCALE}
    status, out, said, modules = run_with_imports(["main.py", *options], {**env, **environ})
    heavy = sorted(m for m in modules if m.split(".")[0] == "pygame" or m.startswith(HEAVY[1:]))
    return status, out, said, heavy


def test_german_help_is_german_and_quick():
    status, out, said, heavy = _run("--help", "--lang", "de")
    assert (status, said, heavy) == (0, [], [])
    assert out.startswith("Aufruf: main.py [-h]")
    for words in ("Optionen:", "diese Hilfe zeigen und beenden", "die eingebauten Szenen"):
        assert words in out
    assert "usage" not in out and "options:" not in out


def test_the_system_locale_chooses_when_there_is_no_lang():
    status, out, said, heavy = _run("--help", LANG="de_DE.UTF-8")
    assert (status, heavy) == (0, []) and out.startswith("Aufruf:")
    status, out, said, heavy = _run("--help", "--lang", "en", LANG="de_DE.UTF-8")
    assert out.startswith("usage:")


@pytest.mark.parametrize(
    ("options", "line"),
    [
        (["--bogus", "--lang", "de"], "main.py: Fehler: unbekannte Argumente: --bogus"),
        (
            ["--lang=de", "--frames", "ten"],
            "main.py: Fehler: Argument --frames: ungültiger int-Wert: 'ten'",
        ),
        (
            ["--lan", "de", "--list-scenes", "--scene", "pile"],
            "main.py: Fehler: --list-scenes nimmt keine weitere Option",
        ),
        (["--lang", "de", "--lang"], "main.py: Fehler: Argument --lang: erwartet einen Wert"),
    ],
)
def test_a_bad_option_is_one_german_line(options, line):
    status, out, said, heavy = _run(*options)
    assert (status, out, said, heavy) == (2, "", [line], [])


def test_a_bad_option_of_the_run_is_one_german_line():
    """Checked after the parser (options.py): the same language."""
    status, out, said, _ = _run("--lang", "de", "--headless", "--frames", "3", "--size", "9")
    assert (status, out) == (2, "")
    assert said == ["main.py: Fehler: --size '9': erwartet BREITExHÖHE, z. B. 1024x768"]


def test_a_bad_hold_is_one_german_line():
    status, out, said, _ = _run("--lang=de", "--headless", "--frames", "3", "--hold", "escape:0-1")
    assert (status, out) == (2, "")
    assert said == [
        "main.py: Fehler: --hold 'escape:0-1': escape beendet; ein Lauf ohne Fenster endet "
        "von selbst"
    ]


def test_an_unknown_lang_is_refused_in_the_systems_language():
    status, out, said, heavy = _run("--list-scenes", "--lang", "xx", LANG="de_DE.UTF-8")
    assert (status, out, heavy) == (2, "", [])
    assert said == ["main.py: Fehler: --lang 'xx': wähle aus en, de, en-XA (oder pseudo)"]
    status, out, said, heavy = _run("--list-scenes", "--lang", "xx")
    assert said == ["main.py: error: --lang 'xx': choose from en, de, en-XA (or pseudo)"]


def test_german_scene_list_has_every_scenes_german_title():
    status, out, said, heavy = _run("--list-scenes", "--lang", "de")
    assert (status, said, heavy) == (0, [], [])
    de = language("de")
    expected = [f"{s.name:<12} {de(s.title)} - {de(s.lesson)}" for s in SCENES.values()]
    assert out.splitlines() == expected
    assert "Die klassische SAT-Demo" in out


def test_german_lesson_list():
    status, out, said, heavy = _run("--list-lessons", "--lang", "de")
    assert (status, said, heavy) == (0, [], [])
    assert (
        out.splitlines()[0] == "shadows      Schatten und die Trennachse - 7 Stufen, 5 Vorhersagen"
    )


def test_english_lines_are_as_they_were():
    """Without --lang on an English system: the very bytes of before issue 43's change."""
    assert _run("--bogus")[2] == ["main.py: error: unrecognized arguments: --bogus"]
    assert _run("--lang", "xx")[2] == [
        "main.py: error: --lang 'xx': choose from en, de, en-XA (or pseudo)"
    ]
    assert _run("--describe")[2] == [
        "main.py: error: --describe is for --headless runs (in a window: --announce)"
    ]
    out = _run("--list-lessons")[1]
    assert out.splitlines()[1] == (
        "pushing-out  Pushing out: the MTV, contacts and impulses - 6 stages, 5 predictions"
    )


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["--lang", "de"], "de"),
        (["--lang=de_DE.UTF-8"], "de"),
        (["--lan", "de"], "de"),
        (["--lang", "de", "--lang", "en"], "en"),
        (["--lang", "pseudo"], "en-XA"),
        (["--", "--lang", "de"], "en"),
        (["--lang", "xx"], "en"),
        (["--list-scenes"], "en"),
        (["--l", "de"], "en"),  # --l is ambiguous: argparse refuses it
    ],
)
def test_the_language_is_read_from_argv_before_parsing(argv, code):
    assert command_language(argv, {"LANGUAGE": "en"}) == code


def test_without_lang_leaves_the_other_options():
    argv = ["--lang", "de", "--list-scenes", "--lang=en", "--frames", "3"]
    assert without_lang(argv) == ["--list-scenes", "--frames", "3"]


def test_argparse_words_are_argparses_msgids():
    """Each msgid given to the catalogue for argparse is one argparse asks gettext for."""
    source = inspect.getsource(argparse)
    for msgid in ARGPARSE_WORDS:
        assert f"_({msgid!r})" in source or f'_("{msgid}")' in source, msgid
