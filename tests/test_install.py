"""Installed like any Python application: a wheel of the `sandbox` package alone (with its
font), a `sat-sandbox` command that is `python main.py` anywhere, `--version` from the
package's metadata, bad input as one line and exit 2.

The test builds the wheel from a clean copy of the tracked files, installs it into a
fresh virtual environment (pinned by requirements.txt, so that pygame-ce rasterises as
the clone's does), and runs the command from a folder outside the repository.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHOT = ["--headless", "--scene", "concave", "--frames", "60", "--hold", "right:0-30"]


def _run(*argv, cwd=None, env=None, timeout=600) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )
    return done


def _clean_copy(target: Path) -> Path:
    """The files git tracks (a fresh clone's), else the tree without caches and venvs."""
    listed = _run("git", "ls-files", "-z", cwd=ROOT)
    if listed.returncode == 0 and listed.stdout:
        for name in filter(None, listed.stdout.split("\0")):
            source = ROOT / name
            if source.is_file():
                (target / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target / name)
    else:
        skip = shutil.ignore_patterns(".git", ".venv", "__pycache__", "output", "*.pyc")
        shutil.copytree(ROOT, target, ignore=skip, dirs_exist_ok=True)
    return target


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(the wheel, the installed command, a folder outside the repository)."""
    base = tmp_path_factory.mktemp("install")
    source = _clean_copy(base / "source")
    built = _run(sys.executable, "-m", "pip", "wheel", source, "--no-deps", "-w", base / "dist")
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    (wheel,) = (base / "dist").glob("sat_sandbox-*.whl")
    # A venv without its own pip, filled by this one's (`pip --python`), and no byte-code
    # compiled ahead (Python compiles what the command imports): 16 s -> 7 s.
    made = _run(sys.executable, "-m", "venv", "--without-pip", base / "venv")
    assert made.returncode == 0, made.stderr
    python = base / "venv" / "bin" / "python"
    pins = ROOT / "requirements.txt"
    pip = (sys.executable, "-m", "pip", "--python", python)
    got = _run(*pip, "install", "-q", "--no-compile", wheel, "-c", pins, timeout=900)
    assert got.returncode == 0, got.stdout[-2000:] + got.stderr[-2000:]
    outside = base / "elsewhere"
    outside.mkdir()
    return wheel, base / "venv" / "bin" / "sat-sandbox", outside


def _env() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return {**env, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def test_the_wheel_holds_the_package_and_its_font_alone(installed):
    """sandbox/ with the font and its licence; no tests/, bench/, assets/ at the top."""
    wheel, _, _ = installed
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/")[0] for name in names}
    assert tops == {
        "sandbox",
        wheel.name.split("-")[0] + "-" + wheel.name.split("-")[1] + ".dist-info",
    }
    assert "sandbox/assets/DejaVuSansMono.ttf" in names
    assert "sandbox/assets/DejaVuSansMono-LICENSE.txt" in names
    from sandbox.app.lesson_plan import BUILT_IN

    assert {f"sandbox/assets/lessons/{name}.toml" for name in BUILT_IN} <= set(names)
    assert "sandbox/locale/de/LC_MESSAGES/sandbox.mo" in names  # --lang de, installed
    assert not [n for n in names if n.startswith(("tests/", "bench/")) or n.endswith(".pyc")]
    metadata = (
        zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("METADATA"))).decode()
    )
    assert "License-Expression: MIT" in metadata and "License-File: LICENSE" in metadata


def test_the_command_answers_from_anywhere(installed):
    """`sat-sandbox --version` prints the package metadata's version; --list-scenes lists
    the built-in scenes, run from a folder that is not the repository."""
    _, command, outside = installed
    version = _run(command, "--version", cwd=outside, env=_env())
    from sandbox import __version__

    assert version.returncode == 0 and version.stdout == f"sat-sandbox {__version__}\n"
    listed = _run(command, "--list-scenes", cwd=outside, env=_env())
    assert listed.returncode == 0 and listed.stdout.splitlines()[0].startswith("classic")
    assert len(listed.stdout.splitlines()) == 16
    lessons = _run(command, "--list-lessons", cwd=outside, env=_env())  # the packaged files
    assert lessons.returncode == 0 and len(lessons.stdout.splitlines()) == 3, lessons.stderr


def test_the_installed_screenshot_is_the_clones(installed, tmp_path):
    """The same headless screenshot through the installed command and through main.py in
    the clone: identical PNG bytes (the font comes from the package)."""
    _, command, outside = installed
    theirs = _run(command, *SHOT, "--screenshot", outside / "shot.png", cwd=outside, env=_env())
    assert theirs.returncode == 0, theirs.stderr
    ours = _run(sys.executable, ROOT / "main.py", *SHOT, "--screenshot", tmp_path / "shot.png",
                cwd=ROOT, env=_env())  # fmt: skip
    assert ours.returncode == 0, ours.stderr
    assert (outside / "shot.png").read_bytes() == (tmp_path / "shot.png").read_bytes()


def test_bad_input_through_the_command_is_one_line(installed):
    """An unknown scene: one line naming the command, exit 2, as main.py does."""
    _, command, outside = installed
    done = _run(
        command, "--headless", "--frames", "1", "--scene", "nowhere", cwd=outside, env=_env()
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("sat-sandbox: error: ")
    assert "nowhere" in done.stderr


def test_an_odd_digit_lesson_answer_through_the_command_is_one_line(installed):
    """Issue 36: a lesson whose axis answer is a circled digit ("①", which str.isdigit()
    takes and int() refuses): one line naming the file, the stage and the field, exit 2."""
    _, command, outside = installed
    lesson = outside / "odd.toml"
    lesson.write_text(
        'title = "L"\n[[stage]]\ntitle = "T"\nsay = "S"\nscene = "six-axes"\n'
        '[stage.predict]\nquestion = "Q"\nkind = "axis"\nanswer = "①"\nexplain = "E"\n'
    )
    done = _run(command, "--lesson", lesson, "--headless", "--frames", "1", cwd=outside, env=_env())
    assert done.returncode == 2 and done.stdout == "", done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("sat-sandbox: error: ")
    assert f"{lesson}: stage 1: predict.answer: must be an axis number" in done.stderr
