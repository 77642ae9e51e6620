"""Golden screenshots: every scene at a fixed tick after scripted input, pixel for pixel.

Exact on the pinned pygame-ce (requirements.txt); other pygame builds rasterise
differently and skip. On a mismatch the actual, expected and diff PNGs are
written to tests/output/. Regenerate after an intended change with:

    python -m pytest tests/test_golden.py --update-goldens
"""

import re
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")

from sandbox.app.cli import main  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
OUTPUT = ROOT / "tests" / "output"

# name: (scene, theme, frames, holds); every scene in both themes at 1280 x 720
SCENE_TICKS = {
    "classic": (60, ["right:0-29", "up:30-44"]),
    "six-axes": (1, []),
    "squares": (30, ["left:0-9", "e:0-20"]),
    "circle": (40, ["right:0-24", "down:10-30"]),
    "engulfed": (20, ["right:0-9"]),
    "gravity": (90, ["right:0-30", "g:60-60"]),
    "pile": (120, ["left:0-40"]),
    "tunnelling": (9, []),
    "tumble": (75, []),
    "stack": (60, ["left:0-40"]),
    "spin": (23, []),
    "circles": (40, ["right:0-40", "down:0-20"]),
    "dot-product": (20, ["up:0-10"]),
    "broad-phase": (50, []),
    "sat-3d": (3, ["down:0-2"]),
    "concave": (100, ["right:0-40", "up:45-62"]),
}
CASES = {}
for _scene, (_frames, _holds) in SCENE_TICKS.items():
    CASES[_scene] = (_scene, "dark", _frames, _holds)
    CASES[f"{_scene}-projector"] = (_scene, "projector", _frames, _holds)
# step-through (A): the early exit at A's e2 (six-axes), an axis mid-walk and the verdict
_WALK_GAP = ["a:1-1", ".:1-1", ".:1-1"]
CASES["walk-gap"] = ("six-axes", "dark", 1, _WALK_GAP)
CASES["walk-gap-projector"] = ("six-axes", "projector", 1, _WALK_GAP)
CASES["walk-axis"] = ("classic", "dark", 50, ["right:0-50", "a:50-50", ".:50-50", ".:50-50"])
CASES["walk-swept"] = ("tunnelling", "dark", 9, ["a:9-9", ".:9-9"])
CASES["walk-mtv"] = ("classic", "dark", 50, ["right:0-50", ",:50-50"])
CASES["walk-mtv-projector"] = ("classic", "projector", 50, ["right:0-50", ",:50-50"])
# the Minkowski difference (D): colliding with the step-through on A's e1, and apart
_MINKOWSKI = ["right:0-50", "d:0-0", "a:50-50", ".:50-50"]
CASES["minkowski"] = ("classic", "dark", 50, _MINKOWSKI)
CASES["minkowski-projector"] = ("six-axes", "projector", 1, ["d:0-0"])
# a mouse drag in progress: the top box of the column, held by the spring
CASES["drag"] = ("stack", "dark", 22, ["drag=150,400:700,150:5-30"])
CASES["drag-projector"] = ("stack", "projector", 22, ["drag=150,400:700,150:5-30"])
# rewind: paused 61 steps back, the timeline along the status line
_REWIND = ["right:0-30", "page up:90-90", "backspace:90-90"]
CASES["rewind"] = ("gravity", "dark", 90, _REWIND)
CASES["rewind-projector"] = ("gravity", "projector", 90, _REWIND)
# the broad phase scene's other methods (F) and the overlapping start (Y)
CASES["broad-grid"] = ("broad-phase", "dark", 50, ["f:0-0"])
CASES["broad-quadtree"] = ("broad-phase", "projector", 50, ["f:0-0", "f:0-0"])
CASES["broad-overlapping"] = ("broad-phase", "dark", 20, ["y:0-0"])
CASES["sat-3d-tetrahedron"] = ("sat-3d", "dark", 1, ["f:0-0", "l:0-0"])
# the concave scene with the star (F twice): five pieces, one resting on the cup's wall
CASES["concave-star"] = ("concave", "projector", 60, ["f:0-0", "f:0-0", "right:0-50"])
CASES["help"] = ("classic", "dark", 1, ["h:0-0"])
CASES["help-projector"] = ("classic", "projector", 1, ["h:0-0"])
# projector renders at 1024 x 768 (a classroom projector)
CASES["classic-projector-1024"] = ("classic", "projector", 60, ["right:0-29", "up:30-44"])
CASES["help-projector-1024"] = ("classic", "projector", 1, ["h:0-0"])
SIZES = {"classic-projector-1024": "1024x768", "help-projector-1024": "1024x768"}


def _pinned_pygame_ce() -> str | None:
    """The exact pygame-ce version requirements.txt pins."""
    text = (ROOT / "requirements.txt").read_text()
    match = re.search(r"^pygame-ce==(\S+)", text, re.M)
    return match.group(1) if match else None


def _skip_unless_pinned_rasteriser():
    pinned = _pinned_pygame_ce()
    if not getattr(pygame, "IS_CE", False) or pygame.version.ver != pinned:
        pytest.skip(f"goldens are exact on pygame-ce {pinned}; this is pygame {pygame.version.ver}")


@pytest.mark.parametrize("name", list(CASES))
def test_scene_matches_golden(name, tmp_path, request, capsys):
    _skip_unless_pinned_rasteriser()
    scene, theme, frames, holds = CASES[name]
    actual_path = tmp_path / f"{name}.png"
    argv = [
        "--headless",
        "--scene",
        scene,
        "--theme",
        theme,
        "--frames",
        str(frames),
        "--screenshot",
        str(actual_path),
    ]
    for hold in holds:
        if hold.startswith("drag="):
            argv += ["--drag", hold.removeprefix("drag=")]
        else:
            argv += ["--hold", hold]
    if name in SIZES:
        argv += ["--size", SIZES[name]]
    assert main(argv) == 0, capsys.readouterr().err
    golden_path = GOLDEN / f"{name}.png"
    if request.config.getoption("--update-goldens"):
        GOLDEN.mkdir(exist_ok=True)
        golden_path.write_bytes(actual_path.read_bytes())
        return
    assert golden_path.exists(), f"no golden {golden_path.name}: run with --update-goldens"
    actual = pygame.image.load(str(actual_path))
    expected = pygame.image.load(str(golden_path))
    same_size = actual.get_size() == expected.get_size()
    if same_size and pygame.image.tobytes(actual, "RGB") == pygame.image.tobytes(expected, "RGB"):
        return
    OUTPUT.mkdir(exist_ok=True)
    pygame.image.save(actual, str(OUTPUT / f"{name}-actual.png"))
    pygame.image.save(expected, str(OUTPUT / f"{name}-expected.png"))
    if same_size:
        diff = _diff(actual, expected)
        pygame.image.save(diff, str(OUTPUT / f"{name}-diff.png"))
    pytest.fail(f"{name}: screenshot differs from {golden_path.name}; see {OUTPUT}/{name}-*.png")


def _diff(actual, expected):
    """White where the pixels differ, a dimmed copy of the expected image elsewhere."""
    import numpy as np

    a = pygame.surfarray.array3d(actual).astype(int)
    e = pygame.surfarray.array3d(expected).astype(int)
    changed = (a != e).any(axis=2)
    out = (e // 4).astype(np.uint8)
    out[changed] = 255
    return pygame.surfarray.make_surface(out)


def test_every_scene_has_a_golden():
    scenes = {case[0] for case in CASES.values()}
    from sandbox.scenes.registry import SCENES

    assert scenes == set(SCENES)
