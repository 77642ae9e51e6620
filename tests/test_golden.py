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

from driving import draw_session  # noqa: E402

from sandbox.app.cli import main  # noqa: E402
from sandbox.render.layout import compute_layout  # noqa: E402
from sandbox.render.theme import THEMES  # noqa: E402

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
CASES["help-page-2-projector-1024"] = ("classic", "projector", 1, ["h:0-0", "h:0-0"])
CASES["help-page-3-projector-1024"] = ("classic", "projector", 1, ["h:0-0"] * 3)
CASES["help-page-4-projector-1024"] = ("classic", "projector", 1, ["h:0-0"] * 4)
# Lessons (issue 18): "lesson:NAME:STAGE" in place of a scene. A question waiting (its
# answer hidden), answered right with its evidence, answered wrong after a run, the list.
CASES["lesson-asking"] = ("lesson:shadows:4", "dark", 1, [])
CASES["lesson-answered-projector-1024"] = ("lesson:shadows:4", "projector", 3, ["3:1-1"])
CASES["lesson-wrong-projector"] = ("lesson:pushing-out:5", "projector", 30, ["y:1-1"])
CASES["lesson-list"] = ("classic", "dark", 1, ["f2:0-0"])
# The clickable controls (issue 21), "ui=..." scripting them (--ui): each panel open, and a
# zoomed view, in both themes at a projector's 1024 x 768 and at 1920 x 1080.
_PANELS = {
    "tune": ("stack", 30, ["ui=panel=tune:0", "ui=set=restitution,0.6:5", "ui=set=gravity,600:5"]),
    "scenes": ("classic", 1, ["ui=panel=scenes:0"]),
    "show": ("spin", 10, ["ui=panel=show:0", "b:0-0"]),
    "zoom": ("stack", 40, ["ui=view=3,150,600:0", "left:0-40"]),
}
CONTROL_SIZES = {}
for _panel, (_scene, _frames, _holds) in _PANELS.items():
    for _theme in ("dark", "projector"):
        for _size in ("1024x768", "1920x1080"):
            _name = f"controls-{_panel}-{_theme}-{_size}"
            CASES[_name] = (_scene, _theme, _frames, _holds)
            CONTROL_SIZES[_name] = _size
# Edit mode (issue 19): the corners' handles, and an outline being drawn (its corners
# numbered, the first ringed once a click there closes it); a concave drawn body.
_DRAFT = "ui=draft=500,150;650,170;700,300;560,260:0"
for _theme, _suffix in (("dark", ""), ("projector", "-projector")):
    CASES[f"edit-handles{_suffix}"] = ("classic", _theme, 1, ["ui=mode=edit:0"])
    CASES[f"edit-drawing{_suffix}"] = ("classic", _theme, 1, ["ui=mode=edit:0", _DRAFT])
_CONCAVE = "ui=draft=400,100;520,100;520,220;470,150;400,220:1"
CASES["edit-drawn-concave"] = (
    "stack", "projector", 40, ["ui=mode=edit:0", _CONCAVE, "return:2-2", "space:3-3"]
)  # fmt: skip
SIZES = {"classic-projector-1024": "1024x768", "help-projector-1024": "1024x768"}
SIZES |= CONTROL_SIZES
SIZES["help-page-2-projector-1024"] = "1024x768"
SIZES["help-page-3-projector-1024"] = "1024x768"
SIZES["help-page-4-projector-1024"] = "1024x768"
SIZES["lesson-answered-projector-1024"] = "1024x768"


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
    where = ["--scene", scene]
    if scene.startswith("lesson:"):
        _, lesson, stage = scene.split(":")
        where = ["--lesson", lesson, "--stage", stage]
    argv = [
        "--headless",
        *where,
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
        elif hold.startswith("ui="):
            argv += ["--ui", hold.removeprefix("ui=")]
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
    if same_size and only_antialiasing_differs(
        pygame.surfarray.array3d(actual), pygame.surfarray.array3d(expected)
    ):
        return
    OUTPUT.mkdir(exist_ok=True)
    pygame.image.save(actual, str(OUTPUT / f"{name}-actual.png"))
    pygame.image.save(expected, str(OUTPUT / f"{name}-expected.png"))
    if same_size:
        diff = _diff(actual, expected)
        pygame.image.save(diff, str(OUTPUT / f"{name}-diff.png"))
    pytest.fail(f"{name}: screenshot differs from {golden_path.name}; see {OUTPUT}/{name}-*.png")


# What another rasteriser path (another CPU's blitter, a sub-pixel shift of an edge) may
# change: a few anti-aliased edge pixels, each a blend of colours already beside it.
MAX_CHANGED_PIXELS = 64  # of 921,600 at 1280 x 720 (8-48 seen from another CPU's world)
NEIGHBOUR_SLACK = 24  # per channel (of 255) beyond the range of the 5 x 5 neighbourhood
# Another blitter path rounds translucent blends its own way: SDL's 24-bit path puts
# ~50,000 pixels of a frame 1 or 2 levels off its 32-bit path. Not a change of picture.
BLEND_ROUNDING = 2


def only_antialiasing_differs(actual, expected) -> bool:
    """True when `actual` equals `expected` (W, H, 3 arrays) but for blend rounding
    (BLEND_ROUNDING levels a channel) and at most MAX_CHANGED_PIXELS pixels, each of
    whose colours lies (within NEIGHBOUR_SLACK per channel) between the least and the
    greatest of the other image's 5 x 5 neighbourhood around it, both ways (a thin
    stroke re-blended keeps full-strength pixels within two): an edge drawn a fraction
    of a pixel over. A label, a line or an arrow drawn elsewhere, or gone, puts colours
    where none were near (or leaves none where some were), and fails. (A change that
    small and that local, one digit of a number, can pass: the numbers on screen are
    checked by the state, report and hash tests, not by the goldens.)"""
    import numpy as np

    a, e = actual.astype(int), expected.astype(int)
    changed = np.abs(a - e).max(axis=2) > BLEND_ROUNDING
    count = int(changed.sum())
    if count == 0:
        return True
    if count > MAX_CHANGED_PIXELS:
        return False

    def spread(image, reach):
        padded = np.pad(image, ((reach, reach), (reach, reach), (0, 0)), mode="edge")
        w, h, side = image.shape[0], image.shape[1], 2 * reach + 1
        shifts = [padded[x : x + w, y : y + h] for x in range(side) for y in range(side)]
        return np.minimum.reduce(shifts), np.maximum.reduce(shifts)

    def within(colours, image, reach):
        lo, hi = spread(image, reach)
        inside = (colours >= lo - NEIGHBOUR_SLACK) & (colours <= hi + NEIGHBOUR_SLACK)
        return inside.all(axis=2)[changed].all()

    return bool(within(a, e, 2) and within(e, a, 2))


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
    scenes = {case[0] for case in CASES.values() if not case[0].startswith("lesson:")}
    from sandbox.scenes.registry import SCENES

    assert scenes == set(SCENES)


def _golden_frame(name: str):
    return pygame.surfarray.array3d(pygame.image.load(str(GOLDEN / f"{name}.png")))


def test_the_comparison_tolerates_antialiased_edges_shifted_a_fraction_of_a_pixel():
    """A frame whose edges are re-blended as if drawn a fraction of a pixel over (40 edge
    pixels of the scene's drawing mixed half-and-half with a neighbour) passes; the same
    frame with a label copied 40 px away, a small label gone, everything moved by one
    whole pixel, or 300 edge pixels changed, fails."""
    import numpy as np

    frame = _golden_frame("classic")
    rng = np.random.default_rng(20)
    e = frame.astype(int)
    # edge pixels of the scene (the shapes, their normals, labels): a strong change to the
    # right neighbour; the toolbar's one-pixel marks are left out (blending a 1 px dot
    # away is no fraction-of-a-pixel shift)
    sx, sy, sw, sh = compute_layout((1280, 720), THEMES["dark"], toolbar=True).scene
    edges = np.argwhere(np.abs(e[1:, :] - e[:-1, :]).sum(axis=2) > 120)
    edges = edges[(edges[:, 0] < sx + sw - 1) & (edges[:, 1] >= sy) & (edges[:, 1] < sy + sh)]
    picks = edges[rng.choice(len(edges), 300, replace=False)]
    blended = frame.copy()
    for x, y in picks[:40]:
        blended[x, y] = (e[x, y] + e[x + 1, y]) // 2
    assert only_antialiasing_differs(blended, frame)
    assert only_antialiasing_differs(frame, blended)
    many = frame.copy()
    for x, y in picks:
        many[x, y] = (e[x, y] + e[x + 1, y]) // 2
    assert not only_antialiasing_differs(many, frame)
    # a label (the title's first letters) copied into empty scene 40 px lower
    moved = frame.copy()
    moved[14:44, 160:180] = frame[14:44, 14:34]
    assert not only_antialiasing_differs(moved, frame)
    # a small label gone: the title's first letter painted over with the background
    gone = frame.copy()
    gone[14:26, 10:34] = frame[0, 0]
    assert 0 < int((gone != frame).any(axis=2).sum())
    assert not only_antialiasing_differs(gone, frame)
    # the whole frame one pixel to the right: every edge moves a whole pixel
    shifted = frame.copy()
    shifted[1:] = frame[:-1]
    assert not only_antialiasing_differs(shifted, frame)


@pytest.mark.parametrize("scene", ["classic", "gravity", "concave"])
def test_the_comparison_tolerates_another_blitter_path(scene):
    """The same frame drawn through SDL's 24-bit blitter instead of its 32-bit one (tens
    of thousands of pixels 1-2 levels apart where translucent patches blend): equal for
    the comparison, in both directions; and the frame after the arrows moved a shape
    for 10 steps is not."""
    import numpy as np

    from sandbox.app.headless import simulate
    from sandbox.app.options import parse_options

    def frame(frames: int, depth: int, *holds: str):
        argv = ["--headless", "--scene", scene, "--frames", str(frames)]
        options = parse_options(argv + [arg for hold in holds for arg in ("--hold", hold)])
        session, _ = simulate(options)
        surface = pygame.Surface(options.size, 0, depth)
        draw_session(surface, session, fps=None)
        return pygame.surfarray.array3d(surface)

    ours, other_path, pushed = frame(60, 32), frame(60, 24), frame(60, 32, "right:0-10")
    assert int((np.asarray(ours) != np.asarray(other_path)).any(axis=2).sum()) > 1000
    assert only_antialiasing_differs(other_path, ours)
    assert only_antialiasing_differs(ours, other_path)
    assert not only_antialiasing_differs(pushed, ours)


def test_the_readme_screenshot_is_current(tmp_path, capsys):
    """Issue 21: README's picture showed 'scene 1 of 11'. It is made by the command under
    it; made again now, it matches (the goldens' tolerance for anti-aliasing)."""
    _skip_unless_pinned_rasteriser()
    readme = (ROOT / "README.md").read_text()
    command = re.search(r"\(`\.venv/bin/python main\.py (.*?)`\)", readme).group(1).split()
    shot = tmp_path / "screenshot.png"
    at = command.index("--screenshot")
    command[at + 1] = str(shot)
    assert main(command) == 0, capsys.readouterr().err
    actual = pygame.surfarray.array3d(pygame.image.load(str(shot)))
    expected = pygame.surfarray.array3d(pygame.image.load(str(ROOT / "docs" / "screenshot.png")))
    assert actual.shape == expected.shape and only_antialiasing_differs(actual, expected)
