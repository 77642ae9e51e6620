"""The scene writer (issue 19): a world written as TOML reads back as the same world.

The expected value of each round trip is the original run itself: the `--dump-state`
of the built-in scene (or of the edited world) is compared, text for text, with the
dump of the file the writer made, at tick 0 and after running both.
"""

import json
import math
import random
import tomllib

import numpy as np
import pytest

from sandbox.app.cli import main
from sandbox.app.edit_commands import draw_command
from sandbox.app.editor import EditHistory
from sandbox.core.compound import Compound
from sandbox.core.geometry import Circle, Polygon
from sandbox.physics.body import Body
from sandbox.physics.dump import world_dump
from sandbox.physics.world import World
from sandbox.scenes.base import CANVAS, SCENE_WIDTH, SceneError
from sandbox.scenes.registry import SCENES
from sandbox.scenes.scene_file import load_scene_file, scene_from_table
from sandbox.scenes.scene_writer import (
    check_saveable,
    scene_to_toml,
    toml_float,
    toml_string,
    world_to_toml,
)

DEMOS = ("dot-product", "broad-phase", "sat-3d")
SAVEABLE = [name for name in SCENES if name not in DEMOS]


def dump(tmp_path, scene: str, frames: int, label: str) -> str:
    """The --dump-state text of a headless run of `scene` for `frames` steps."""
    out = tmp_path / f"{label}-{frames}.json"
    status = main(
        ["--headless", "--frames", str(frames), "--scene", scene, "--dump-state", str(out)]
    )
    assert status == 0
    return out.read_text()


@pytest.mark.parametrize("name", SAVEABLE)
def test_every_saveable_built_in_scene_round_trips_through_save_scene(tmp_path, name):
    """--save-scene at tick 0, then --scene FILE: the dump at tick 0 and after 60 steps is
    the built-in scene's, text for text (the file is named as the scene, so even the
    dump's scene name agrees)."""
    saved = tmp_path / f"{name}.toml"
    status = main(["--headless", "--frames", "0", "--scene", name, "--save-scene", str(saved)])
    assert status == 0
    for frames in (0, 60):
        assert dump(tmp_path, str(saved), frames, "file") == dump(tmp_path, name, frames, "built")


@pytest.mark.parametrize("name", SAVEABLE)
def test_scene_to_toml_reads_back_with_the_scene_own_settings(name):
    """The file keeps the scene's title, lesson, Tab pairs, slow start and hold at impact."""
    scene = SCENES[name]
    again = scene_from_table(tomllib.loads(scene_to_toml(scene, scene.world(0))), "t", name, "t")
    for field in ("title", "lesson", "tab_pairs", "slow_start", "hold_at_impact"):
        assert getattr(again, field) == getattr(scene, field), field


@pytest.mark.parametrize("name", DEMOS)
def test_demo_scenes_are_refused_with_the_reason(name, capsys, tmp_path):
    """A demo scene cannot be saved: SceneError naming it, and --save-scene says so in one
    line, exit 2, before anything runs."""
    with pytest.raises(SceneError, match=f"{name}.*demo"):
        check_saveable(SCENES[name])
    with pytest.raises(SceneError, match="demo"):
        scene_to_toml(SCENES[name], SCENES[name].world(0))
    target = tmp_path / "x.toml"
    status = main(["--headless", "--frames", "1", "--scene", name, "--save-scene", str(target)])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and "--save-scene" in err and "demo" in err
    assert not target.exists()


def test_a_world_with_bounds_a_file_cannot_hold_is_refused_naming_them():
    """The 3D scene's world keeps World's default bounds, not the scene canvas: refused."""
    world = SCENES["sat-3d"].world(0)
    with pytest.raises(SceneError, match="bounds"):
        world_to_toml(world)


def test_save_after_a_run_holds_the_world_as_it_stands(tmp_path):
    """--save-scene after 90 steps of `gravity`: the file's tick-0 bodies are the run's
    last ones (poses, speeds, every vertex), bit for bit."""
    saved = tmp_path / "later.toml"
    state = tmp_path / "later.json"
    argv = ["--headless", "--frames", "90", "--scene", "gravity"]
    assert main(argv + ["--dump-state", str(state), "--save-scene", str(saved)]) == 0
    after = json.loads(state.read_text())["bodies"]
    again = json.loads(dump(tmp_path, str(saved), 0, "again"))["bodies"]
    assert again == after


def test_a_drawn_compound_body_round_trips(tmp_path):
    """A concave outline drawn into `stack` (a compound body) and a spawned circle: the
    written file reads back to the same world, and both step on identically."""
    world = SCENES["stack"].world(0)
    edits = EditHistory()
    u = [[600, 300], [700, 300], [700, 400], [670, 400], [670, 330], [630, 330], [630, 400]]
    assert edits.apply(world, draw_command(u + [[600, 400]])).ok
    assert edits.apply(world, {"op": "spawn", "kind": "circle", "at": [300, 250]}).ok
    assert isinstance(world.bodies[-2].shape, Compound)
    path = tmp_path / "drawn.toml"
    path.write_text(world_to_toml(world, title="drawn", lesson="a U"))
    other = load_scene_file(path).world(0)
    assert json.dumps(world_dump(other)) == json.dumps(world_dump(world))
    for _ in range(60):
        world.step(1 / 60)
        other.step(1 / 60)
    assert json.dumps(world_dump(other)) == json.dumps(world_dump(world))


def test_toml_string_escapes_every_character_so_it_reads_back():
    """Every ASCII character, DEL, and some beyond ASCII, alone and in a run: the TOML
    reader gives back exactly the string written."""
    characters = [chr(c) for c in range(0x80)] + ["é", "Ω", "→", "\u2028", "😀", "\u00a0"]
    for c in characters:
        assert tomllib.loads(f"x = {toml_string(c)}")["x"] == c
    text = "".join(characters)
    assert tomllib.loads(f"x = {toml_string(text)}")["x"] == text


def test_toml_float_is_exact_for_awkward_floats():
    """repr is the shortest text that reads back to the same float: -0.0, subnormals,
    1/3, huge and tiny numbers all come back bit for bit."""
    rng = random.Random(3)
    values = [-0.0, 0.0, 5e-324, 1 / 3, 1e16, 1e-7, 123456789.123456789, -2.5e300]
    values += [rng.uniform(-1e5, 1e5) for _ in range(500)]
    for value in values:
        back = tomllib.loads(f"x = {toml_float(value)}")["x"]
        assert math.copysign(1, back) == math.copysign(1, value) and back == value
    with pytest.raises(SceneError):
        toml_float(math.inf)


NASTY = [
    '"',
    "\\",
    "'",
    "\\n",
    "é",
    "Ω",
    "😀",
    "\t",
    "\n",
    "\x7f",
    "\x00",
    "a",
    " ",
    "[[",
    "=",
    "#",
]


def _random_world(rng: random.Random) -> World:
    """1 to 4 bodies of each kind, names of nasty characters, awkward floats."""
    bodies = []
    names = set()
    for k in range(rng.randint(1, 4)):
        name = "".join(rng.choice(NASTY) for _ in range(rng.randint(1, 8)))
        if name in names:
            name += f" {k}"
        names.add(name)
        at = (rng.uniform(0, 800), rng.uniform(0, 700))
        kind = rng.randrange(3)
        if kind == 0:
            shape = Polygon.regular(rng.randint(3, 9), rng.uniform(5, 60), at, rng.uniform(-7, 7))
        elif kind == 1:
            shape = Circle(rng.uniform(1, 60), at)
        else:
            shape = Compound([(0, 0), (40, 0), (40, 10), (10, 10), (10, 40), (0, 40)], at, -0.0)
        bodies.append(
            Body(
                name,
                shape,
                velocity=(rng.uniform(-500, 500), -0.0),
                static=rng.random() < 0.3,
                density=rng.choice([1.0, 1e-3, 2.5, 7.0]),
                restitution=rng.random(),
                friction=rng.uniform(0, 2),
                bullet=rng.random() < 0.2,
                fixed_rotation=rng.random() < 0.2,
                angular_velocity=rng.uniform(-3, 3),
            )
        )
    gravity = rng.choice([(0.0, 0.0), (0.0, 900.0), (-0.0, 123.456)])
    world = World(bodies, gravity=gravity, bounds=(0, 0, SCENE_WIDTH, CANVAS[1]))
    partner = rng.choice([None, 0])  # the pair on show, shape B: the app's, saved by name
    return world, None if partner is None else world.bodies[partner].name


def test_fuzzed_worlds_write_toml_that_reads_back_or_are_refused():
    """300 seeded worlds with names of quotes, backslashes, unicode and control
    characters: the text is always valid TOML; a world whose names a scene file allows
    (printable) reads back to the same snapshot; one with an unprintable name is refused
    with a SceneError naming the field."""
    rng = random.Random(19)
    written = refused = 0
    for _ in range(300):
        world, partner = _random_world(rng)
        printable = all(b.name.isprintable() and b.name.strip() for b in world.bodies)
        try:
            text = world_to_toml(world, title="fuzz", lesson="fuzz", pair=(None, partner))
        except SceneError as error:
            assert not printable, error
            assert "name" in str(error)
            refused += 1
            continue
        assert printable
        data = tomllib.loads(text)
        assert [b["name"] for b in data["body"]] == [b.name for b in world.bodies]
        scene = scene_from_table(data, "fuzz", "fuzz", "fuzz")
        assert scene.pair == (None, partner)
        again = scene.world(0)
        assert json.dumps(world_dump(again)) == json.dumps(world_dump(world))
        assert np.array_equal(again.inv_mass, world.inv_mass)
        written += 1
    assert written > 30 and refused > 30  # both branches well exercised


def test_write_scene_file_saves_atomically_or_keeps_the_old_file(tmp_path):
    """The editor's save: the file loads as the world; a demo is refused (UsageError,
    one line) and the old file stays as it was."""
    from sandbox.app.editing import write_scene_file
    from sandbox.app.errors import UsageError

    path = tmp_path / "mine.toml"
    scene = SCENES["tumble"]
    world = scene.world(0)
    write_scene_file(path, scene, world)
    assert json.dumps(world_dump(load_scene_file(path).world(0))) == json.dumps(world_dump(world))
    before = path.read_bytes()
    with pytest.raises(UsageError, match="demo"):
        write_scene_file(path, SCENES["sat-3d"], SCENES["sat-3d"].world(0))
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.toml"]


@pytest.mark.parametrize(
    "target, why",
    [
        ("/no/such/dir/x.toml", "does not exist"),
        ("x.txt", "must end in .toml"),
        ("", "needs a file name"),
        ("SCENE", "would overwrite the scene file"),
    ],
)
def test_save_scene_bad_paths_are_one_line_and_exit_2(capsys, tmp_path, target, why):
    """As --dump-state: a path that cannot be written is found before the run, one line,
    exit 2, nothing written; the scene file read cannot be the one written."""
    scene = tmp_path / "in.toml"
    scene.write_text(world_to_toml(SCENES["classic"].world(0)))
    before = scene.read_bytes()
    target = str(scene) if target == "SCENE" else target
    status = main(["--headless", "--frames", "1", "--scene", str(scene), "--save-scene", target])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and "--save-scene" in err and why in err, err
    assert scene.read_bytes() == before
