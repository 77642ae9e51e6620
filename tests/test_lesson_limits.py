"""Issue 36, items 1-3: what a teacher may write in a lesson file, and the limits that make
every lesson load quickly and every question answerable. Each wrong field is one line
naming the file, the stage and the field, and exit 2 (never a traceback, never a hang)."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from toml_text import toml_value

from sandbox.app.cli import main

ROOT = Path(__file__).resolve().parent.parent
HEADLESS = ["--headless", "--frames", "1"]
STAGE = 'title = "L"\n[[stage]]\ntitle = "T"\nsay = "S"\nscene = "six-axes"\n'


def run(argv: list[str], folder: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        with contextlib.chdir(folder):
            status = main(argv)
    return status, out.getvalue(), err.getvalue()


def refused(text: str, folder: Path) -> str:
    """The one line a lesson file `text` is refused with (status 2 asserted)."""
    path = folder / "bad.toml"
    path.write_text(text)
    status, out, err = run(["--lesson", str(path), "--headless", "--frames", "1"], folder)
    assert status == 2 and out == "", (status, err)
    assert err.count("\n") == 1 and err.startswith(f"main.py: error: {path}: stage 1: "), err
    return err


def _predict(kind: str, answer: str, keys: list[str] | None = None) -> str:
    text = f'[stage.predict]\nquestion = "Q"\nkind = "{kind}"\nanswer = {toml_value(answer)}\n'
    text += 'explain = "E"\n'
    if keys is not None:
        text += f"keys = {toml_value(keys)}\n"
    return text


# -- item 1: an answer that str.isdigit() takes and int() refuses --------------------------

ODD_DIGITS = ["³", "①", "²", "⑨", "¹", "⁴", "₃", "⓪"]


@pytest.mark.parametrize("kind", ["axis", "mtv"])
@pytest.mark.parametrize("answer", ODD_DIGITS)
def test_a_superscript_or_circled_digit_answer_is_one_line(kind, answer, tmp_path):
    """An axis or MTV answer written as a superscript, subscript or circled digit (which
    str.isdigit() accepts and int() refuses) is refused in one line naming predict.answer."""
    err = refused(STAGE + _predict(kind, answer), tmp_path)
    assert "predict.answer: must be an axis number from 1 to 9" in err, err


def test_an_odd_digit_answer_is_one_line_in_a_new_process(tmp_path):
    """Through the program's own entry (a fresh interpreter): exit 2 and one stderr line,
    no traceback."""
    path = tmp_path / "odd.toml"
    path.write_text(STAGE + _predict("axis", "③"))
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--lesson", str(path), *HEADLESS],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == "", done.stderr
    assert done.stderr.count("\n") == 1 and "stage 1: predict.answer:" in done.stderr


# -- item 2: a script cannot make the opening any length ------------------------------------


@pytest.mark.parametrize(
    "script",
    [
        'hold = ["right:0-999999"]',
        'hold = ["right:0-1800"]',
        'hold = ["p:5000-5000"]',  # a press, not a held key
        'click = ["400,300:999999"]',
        'click = ["400,300:1800"]',
        'shift_click = ["400,300:2000000"]',
        'drag = ["300,400:500,400:10-999999"]',
    ],
)
def test_a_script_past_the_longest_opening_is_refused(script, tmp_path):
    """A hold, click or drag whose steps run past the longest opening (1,800 steps, as
    `steps` is capped) is refused at once, naming the field, whatever `steps` says."""
    for steps in ("steps = 1800\n", ""):
        err = refused(STAGE + script + "\n" + steps, tmp_path)
        field = script.split(" ")[0]
        assert f"stage 1: {field}[0]: " in err and "1800" in err, err


def test_the_longest_opening_loads(tmp_path):
    """A script that ends on step 1,799 (the opening's last) loads."""
    path = tmp_path / "long.toml"
    path.write_text(STAGE + 'hold = ["right:0-1799"]\nclick = ["400,300:1799"]\n')
    status, _, err = run(["--lesson", str(path), "--headless", "--frames", "1"], tmp_path)
    assert status == 0, err


def test_a_huge_opening_does_not_hang_the_program(tmp_path):
    """`hold = ["right:0-999999"]` with no `steps` (the opening was the script's last step
    + 1: a million steps rehearsed) ends within seconds with one line."""
    path = tmp_path / "huge.toml"
    path.write_text(STAGE + 'click = ["400,300:999999"]\n')
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--lesson", str(path), *HEADLESS],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
        timeout=60,
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "stage 1: click[0]: " in done.stderr
