"""A file's errors in the class's language (issue 43, item 4): a bad scene, replay or lesson
file, an output path that cannot be written and a value of --drag that cannot be read are
one line in German with --lang de (exit 2), the same line in English as before; and every
error raised in sandbox/ is a msgid with named values, so no English-only line comes back."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from sandbox.app.cli import main
from sandbox.core.locales import translations

ROOT = Path(__file__).resolve().parent.parent
CRADLE = (ROOT / "docs" / "examples" / "cradle.toml").read_text(encoding="utf-8")
LESSON = (ROOT / "assets" / "lessons" / "pushing-out.toml").read_text(encoding="utf-8")


def _said(capsys, *options: str) -> tuple[int, list[str]]:
    """(exit status, stderr lines) of a headless run of `options`."""
    status = main(["--headless", "--frames", "2", *options])
    return status, capsys.readouterr().err.splitlines()


def _bad_inputs(folder: Path) -> dict[str, list[str]]:
    """name -> the options of a run refused for that input."""
    scene = folder / "bad.toml"
    scene.write_text(CRADLE.replace("width = 40\nheight = 200", "width = -4\nheight = 200", 1))
    replay = folder / "empty.jsonl"
    replay.write_text("")
    lesson = folder / "lesson.toml"
    lesson.write_text(LESSON.replace('kind = "mtv"', 'kind = "blah"', 1), encoding="utf-8")
    return {
        "scene": ["--scene", str(scene)],
        "replay": ["--replay", str(replay)],
        "lesson": ["--lesson", str(lesson)],
        "output": ["--screenshot", str(folder / "no such folder" / "shot.png")],
        "drag": ["--drag", "1,2:3"],
        "click": ["--click", "1,2"],
        "ui": ["--ui", "set=zz,3:1"],
        "edit": ["--edit", "1:[]"],
    }


GERMAN = {
    "scene": "body[0].width: muss positiv sein, nicht -4",
    "replay": "empty.jsonl: die Aufzeichnungsdatei ist leer",
    "lesson": "stage 1: predict.kind: muss eins von axis, mtv, collide, choice sein, nicht 'blah'",
    "output": "no such folder' existiert nicht",
    "drag": "--drag will X0,Y0:X1,Y1:FIRST-LAST (z. B. 300,400:500,400:10-40), nicht '1,2:3'",
    "click": "--click will X,Y:STEP (z. B. 470,420:10), nicht '1,2'",
    "ui": "--ui 'set=zz,3:1': set will [name, number], name eins von gravity, friction, "
    "restitution, density, speed",
    "edit": "--edit '1:[]': ein Befehl ist ein JSON-Objekt, nicht []",
}
ENGLISH = {
    "scene": "body[0].width: must be positive, got -4",
    "replay": "empty.jsonl: replay file is empty",
    "lesson": "stage 1: predict.kind: must be one of axis, mtv, collide, choice, got 'blah'",
    "output": "no such folder' does not exist",
    "drag": "--drag wants X0,Y0:X1,Y1:FIRST-LAST (e.g. 300,400:500,400:10-40), got '1,2:3'",
    "click": "--click wants X,Y:STEP (e.g. 470,420:10), got '1,2'",
    "ui": "--ui 'set=zz,3:1': set wants [name, number], name one of gravity, friction, "
    "restitution, density, speed",
    "edit": "--edit '1:[]': a command is a JSON object, got []",
}


@pytest.mark.parametrize("name", sorted(GERMAN))
def test_a_bad_input_is_one_german_line(name, tmp_path, capsys):
    options = _bad_inputs(tmp_path)[name]
    status, lines = _said(capsys, *options, "--lang", "de")
    assert status == 2 and len(lines) == 1, lines
    assert lines[0].startswith("main.py: Fehler: ") and lines[0].endswith(GERMAN[name]), lines
    status, lines = _said(capsys, *options, "--lang", "en")
    assert status == 2 and len(lines) == 1, lines
    assert lines[0].startswith("main.py: error: ") and lines[0].endswith(ENGLISH[name]), lines


def test_a_lesson_errors_msgid_is_kept_through_a_replay(tmp_path, capsys):
    """options._lesson_and_scene puts the replay's line before the lesson's error and
    keeps its words: the lesson's error is German too."""
    lesson = _bad_inputs(tmp_path)["lesson"][1]
    replay = tmp_path / "lesson.jsonl"
    header = (
        '{"format": "sat-sandbox-replay", "version": 2, "scene": "classic", "seed": 0, '
        f'"theme": "dark", "lesson": "{lesson}", "stage": 0}}\n{{"end": 1}}\n'
    )
    replay.write_text(header)
    status, lines = _said(capsys, "--replay", str(replay), "--lang", "de")
    assert status == 2 and len(lines) == 1, lines
    assert f"{replay}:1: lesson: " in lines[0] and lines[0].endswith(GERMAN["lesson"]), lines


# --- every error a msgid ----------------------------------------------------------------

ERRORS = {"SceneError", "UsageError", "InputFileError", "WordedValueError", "ReplayLineError"}
# Words already in the class's language (argparse's own, translated by its gettext).
QUOTED_ALLOWED = {"sandbox/app/arguments.py"}


def _is_msgid(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "N_"


def _refusals(tree: ast.AST, where: str) -> list[str]:
    """Each call that makes an error without a msgid: `Error(text)`, `Error.words(x)` with x
    not an N_(...) call, `_fail(where, field, x)` likewise, or a `quoted` outside its place."""
    wrong = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id in ERRORS:
            wrong.append(f"{where}:{node.lineno}: {func.id}(...) without words")
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            if func.value.id in ERRORS and func.attr == "words":
                if not (node.args and _is_msgid(node.args[0])):
                    wrong.append(f"{where}:{node.lineno}: {func.value.id}.words without N_")
            elif func.attr == "quoted" and where not in QUOTED_ALLOWED:
                wrong.append(f"{where}:{node.lineno}: {func.value.id}.quoted")
        elif isinstance(func, ast.Name) and func.id == "_fail":
            message = node.args[2] if len(node.args) > 2 else None
            if not (_is_msgid(message) or isinstance(message, ast.Attribute)):
                wrong.append(f"{where}:{node.lineno}: _fail without N_")
    return wrong


def test_every_error_raised_is_a_msgid_with_values():
    wrong = []
    for path in sorted((ROOT / "sandbox").rglob("*.py")):
        where = str(path.relative_to(ROOT))
        wrong += _refusals(ast.parse(path.read_text(encoding="utf-8")), where)
    assert not wrong, "\n".join(wrong)


def test_the_scan_finds_an_english_only_error():
    """The scan above is not blind: each kind of English-only raise is caught."""
    source = (
        "raise SceneError(f'{where}: bad')\n"
        "raise UsageError.words(f'--x {value}')\n"
        "_fail(where, 'field', f'must be {x}')\n"
        "raise UsageError.quoted(text)\n"
    )
    assert len(_refusals(ast.parse(source), "sandbox/app/x.py")) == 4
    fine = "raise UsageError.words(N_('--x {value}'), value=1)\n_fail(w, f, N_('bad'))\n"
    assert _refusals(ast.parse(fine), "sandbox/app/x.py") == []


# --- the progress bars' labels ------------------------------------------------------------


def test_every_progress_label_goes_through_the_catalogue():
    """A Progress bar's label (exporting, filming, rehearsing the lesson) is translated
    where the bar is made: never a bare English string, and German in the catalogue."""
    labels = []
    for path in sorted((ROOT / "sandbox").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Progress":
                label = node.args[1]
                assert not isinstance(label, ast.Constant), f"{path}:{node.lineno}"
                labels.append(label)
    assert len(labels) == 3
    german = translations("de").gettext
    for english, words in (("exporting", "Export läuft"), ("filming", "Film läuft")):
        assert german(english) == words
    assert german("rehearsing the lesson") == "Probe der Lektion"
