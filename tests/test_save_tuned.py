"""Issue 36, item 5: a world tuned with the Tune panel (friction, bounce, density) saves as
a scene file that reads back to the tuned world, bit for bit, through Ctrl+S and
--save-scene alike (README: the save keeps every body's density, friction and
restitution). The sliders change the world's arrays (friction_of, restitution_of,
inv_mass and inv_inertia), not its Body records; the file must hold what the world does."""

from __future__ import annotations

import json
import random
import tomllib

import pytest
from driving import UiChange, dispatch, open_session, save

from sandbox.app.cli import main
from sandbox.app.panels import SLIDERS
from sandbox.scenes.registry import SCENES
from sandbox.scenes.scene_file import scene_from_table
from sandbox.scenes.scene_writer import world_to_toml

ARRAYS = ("friction_of", "restitution_of", "inv_mass", "inv_inertia")


def _read_back(text: str):
    return scene_from_table(tomllib.loads(text), "t", "saved", "t").world(0)


def _tuned(scene: str, changes) -> object:
    """A world of `scene` after Tune's sliders set each (name, value) in `changes`."""
    session = open_session(SCENES[scene])
    session.paused = True
    for name, value in changes:
        dispatch(session, UiChange("set", (name, value)))
    return session


@pytest.mark.parametrize(
    "changes",
    [
        [("friction", 0.5)],
        [("restitution", 0.85)],
        [("density", 2.5)],
        [("density", 0.1), ("friction", 0.05), ("restitution", 1.0)],
        [("friction", 0.0), ("restitution", 0.0)],
    ],
    ids=["friction", "bounce", "density", "all three", "zeros"],
)
@pytest.mark.parametrize("scene", ["stack", "gravity", "concave"])
def test_a_tuned_world_saves_and_reads_back_bit_for_bit(scene, changes):
    """After Tune's friction, bounce or density: world_to_toml is accepted and the file's
    world has the tuned friction, restitution, inverse mass and inertia, bit for bit."""
    world = _tuned(scene, changes).world
    again = _read_back(world_to_toml(world))
    for name in ARRAYS:
        assert getattr(again, name).tobytes() == getattr(world, name).tobytes(), name


def test_seeded_tunings_of_every_saveable_scene_read_back():
    """200 seeded slider settings (any value in each slider's range, shape A of any scene
    that Tune acts on): every one saves, and reads back to the same arrays."""
    rng = random.Random(36)
    names = [n for n, s in SCENES.items() if s.demo is None]
    for _ in range(200):
        scene = rng.choice(names)
        changes = []
        for name in rng.sample(["friction", "restitution", "density"], rng.randint(1, 3)):
            _, low, high, _ = SLIDERS[name]
            changes.append((name, rng.uniform(low, high)))
        world = _tuned(scene, changes).world
        if not world.rigid:
            continue  # Tune's sliders act on rigid worlds only
        again = _read_back(world_to_toml(world))
        for name in ARRAYS:
            assert getattr(again, name).tobytes() == getattr(world, name).tobytes(), (
                scene,
                changes,
                name,
            )


def test_ctrl_s_keeps_the_tuned_world(tmp_path):
    """Ctrl+S (a Save command) after Tune: a file is written (not "not saved") and holds the
    tuned values."""
    session = _tuned("stack", [("friction", 0.5), ("restitution", 0.7), ("density", 3.0)])
    session.save_dir = tmp_path
    path = save(session)
    assert path is not None, session.message
    again = _read_back(open(path).read())
    for name in ARRAYS:
        assert getattr(again, name).tobytes() == getattr(session.world, name).tobytes(), name


@pytest.mark.parametrize("tune", ["friction,0.5", "restitution,0.9", "density,2.5"])
def test_save_scene_after_a_ui_tune_writes_the_tuned_world(tune, tmp_path, capsys):
    """--ui set=NAME,VALUE:0 --save-scene: exit 0, and the saved file, run for 0 steps,
    dumps the bodies the tuned run ended with."""
    saved, state = tmp_path / "s.toml", tmp_path / "s.json"
    argv = ["--headless", "--scene", "stack", "--frames", "3", "--ui", f"set={tune}:0"]
    status = main([*argv, "--save-scene", str(saved), "--dump-state", str(state)])
    assert status == 0, capsys.readouterr().err
    again = tmp_path / "again.json"
    status = main(
        ["--headless", "--scene", str(saved), "--frames", "0", "--dump-state", str(again)]
    )
    assert status == 0
    assert json.loads(again.read_text())["bodies"] == json.loads(state.read_text())["bodies"]
    name, value = tune.split(",")
    text = saved.read_text()
    key = {"friction": "friction", "restitution": "restitution", "density": "density"}[name]
    assert f"{key} = {float(value)!r}" in text
