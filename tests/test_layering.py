"""The layers of DESIGN.md: nothing below `render` imports pygame."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE_MODULES = ["geometry", "sat", "broadphase", "physics", "scene"]


@pytest.mark.parametrize("module", CORE_MODULES)
def test_core_module_does_not_import_pygame(module):
    """Importing a core module in a fresh interpreter leaves pygame unimported."""
    if not (ROOT / "sandbox" / f"{module}.py").exists():
        pytest.skip(f"sandbox/{module}.py is not written yet")
    code = (
        f"import sys; import sandbox.{module}; "
        f"assert 'pygame' not in sys.modules, 'pygame imported by sandbox.{module}'; "
        "print(sorted(k for k in sys.modules if k.startswith('sandbox')))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_lint_is_clean():
    """ruff finds nothing to report and nothing to reformat."""
    ruff = pytest.importorskip("ruff")
    del ruff
    for args in (["check", "."], ["format", "--check", "."]):
        done = subprocess.run(
            [sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stdout + done.stderr
