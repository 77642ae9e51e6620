"""The quick options answer before the app starts: --help, --version, --list-scenes and
--list-lessons import neither pygame nor the physics (nor the render or scene layers that
bring them), and a bad option is refused the same way; their output is byte for byte what
the full program prints (the parser's help, the registry's scenes, the lessons as read)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from driving import run_with_imports

from sandbox import __version__
from sandbox.app import catalogue
from sandbox.app.lesson_plan import BUILT_IN, built_in_lessons, lesson_folder
from sandbox.app.options import build_parser
from sandbox.scenes.registry import DEFAULT_SCENE, SCENES

ROOT = Path(__file__).resolve().parent.parent
QUICK = ("--version", "--help", "--list-scenes", "--list-lessons")
# What a quick answer must not load: pygame and every layer that imports it or the world.
HEAVY = ("pygame", "sandbox.physics", "sandbox.render", "sandbox.scenes")
ENTRIES = {
    "main.py": ["main.py"],
    "python -m sandbox": ["-m", "sandbox"],
    "sat-sandbox": [
        "-c",
        "import sys; sys.argv[0] = 'sat-sandbox'; "
        "from sandbox.app.cli import command; sys.exit(command())",
    ],
}


def _run(entry: list[str], *options: str):
    """(exit status, stdout, stderr without -X importtime's lines, modules imported)."""
    return run_with_imports([*entry, *options], dict(os.environ))


def _heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


@pytest.mark.parametrize("entry", list(ENTRIES))
@pytest.mark.parametrize("option", QUICK)
def test_quick_options_import_neither_pygame_nor_the_physics(entry, option):
    """Each quick option, from each entry point (main.py, python -m sandbox, the
    sat-sandbox console script), answers with exit 0 and nothing on stderr, and imports
    no module of pygame, sandbox.physics, sandbox.render or sandbox.scenes."""
    status, out, said, modules = _run(ENTRIES[entry], option)
    assert (status, said) == (0, [])
    assert out
    assert "sandbox.app.cli" in modules  # the importtime lines were read
    assert _heavy(modules) == []


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--bogus"], "main.py: error: unrecognized arguments: --bogus"),
        (["--frames", "ten"], "main.py: error: argument --frames: invalid int value: 'ten'"),
        (["--version", "--headless"], "main.py: error: --version takes no other option"),
        (
            ["--list-scenes", "--scene", "pile"],
            "main.py: error: --list-scenes takes no other option",
        ),
    ],
)
def test_a_bad_option_is_refused_before_the_app_starts(options, message):
    """An option argparse refuses, or a quick option with another one: exit status 2,
    exactly one line on stderr, nothing on stdout, and neither pygame nor the physics
    imported."""
    status, out, said, modules = _run(ENTRIES["main.py"], *options)
    assert (status, out, said) == (2, "", [message])
    assert _heavy(modules) == []


def test_quick_answers_are_the_full_programs_bytes(monkeypatch):
    """main.py's quick answers are byte for byte what the full program knows: the
    version, argparse's help of the full parser, every registry scene's name, title and
    lesson, every built-in lesson's title, stage count and prediction count as the
    lesson reader reads them."""
    monkeypatch.setenv("COLUMNS", "80")
    scenes = "".join(f"{s.name:<12} {s.title} - {s.lesson}\n" for s in SCENES.values())
    lessons = "".join(
        f"{lesson.name:<12} {lesson.title} - {len(lesson.stages)} stages, "
        f"{sum(stage.predict is not None for stage in lesson.stages)} predictions\n"
        for lesson in built_in_lessons()
    )
    expected = {
        "--version": f"main.py {__version__}\n",
        "--help": build_parser("main.py").format_help(),
        "--list-scenes": scenes,
        "--list-lessons": lessons,
    }
    for option in QUICK:
        assert _run(ENTRIES["main.py"], option)[1] == expected[option], option


def test_the_catalogue_mirrors_the_registry_and_the_lesson_plan():
    """The quick options' tables equal their sources: every built-in scene's (name,
    title, lesson) in the registry's order, the default scene, the built-in lessons'
    names and folder."""
    table = tuple((s.name, s.title, s.lesson) for s in SCENES.values())
    assert catalogue.SCENE_TABLE == table
    assert catalogue.DEFAULT_SCENE == DEFAULT_SCENE
    assert catalogue.BUILT_IN_LESSONS == BUILT_IN
    assert catalogue.lesson_folder() == lesson_folder()
