"""A World that declares its state (issue 42, item 2): settings as one record, saved
states and rebuilds as World methods that read the World's own declaration of its
fields, nothing kept by name elsewhere."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from sandbox.core.geometry import Circle, Polygon
from sandbox.physics.body import Body, Steering
from sandbox.physics.world import CACHES, COPIED, SETTINGS, SHARED, World, WorldSettings
from sandbox.scenes.registry import SCENES

STEP = 1.0 / 60.0
RIGHT = Steering(right=True)


def state_bytes(world: World) -> bytes:
    """Everything a step carries on from, as bytes: the pose, the speeds, the sleep."""
    arrays = (world.position, world.angle, world.velocity, world.omega)
    more = (world.sleep_timer, world.sleeping, world.friction_of, world.inv_mass)
    return repr(world.tick).encode() + b"".join(a.tobytes() for a in (*arrays, *more))


def run(world: World, steps: int, start: int = 0) -> None:
    for k in range(start, start + steps):
        world.step(STEP, RIGHT if k % 40 < 15 else Steering())


@pytest.mark.parametrize("scene", ["pile", "classic", "concave", "tunnelling"])
def test_stepping_on_from_a_restored_state_repeats_the_first_time_bit_for_bit(scene):
    """save, step 60, restore, step the same 60: the same bytes; and both equal a world
    built afresh and stepped straight through (it never saw a save or a restore)."""
    world = SCENES[scene].world(0)
    run(world, 30)
    saved = world.save_state()
    run(world, 60, start=30)
    first = state_bytes(world)
    world.restore_state(saved)
    assert world.tick == saved.tick == 30
    run(world, 60, start=30)
    assert state_bytes(world) == first
    straight = SCENES[scene].world(0)
    run(straight, 90)
    assert state_bytes(straight) == first


def test_a_saved_state_shares_no_array_a_step_writes():
    """Writing into the live world's arrays leaves the saved state as it was, and writing
    into the restored world leaves the saved state reusable."""
    world = SCENES["pile"].world(0)
    run(world, 20)
    saved = world.save_state()
    kept = {name: saved.copied[name].copy() for name in ("position", "velocity", "sleeping")}
    world.position += 5.0
    world.velocity[:] = 0.0
    world.sleeping[:] = True
    for name, value in kept.items():
        assert np.array_equal(saved.copied[name], value)
    world.restore_state(saved)
    assert np.array_equal(world.position, kept["position"])
    world.position[0] = -1.0
    assert np.array_equal(saved.copied["position"], kept["position"])
    for name in COPIED:
        value = getattr(world, name)
        if isinstance(value, np.ndarray):
            assert not np.shares_memory(value, saved.copied[name]), name


@pytest.mark.parametrize("scene", ["pile", "classic", "concave", "broad-phase"])
def test_every_field_of_a_world_is_declared_once(scene):
    """The World's declaration names each of its attributes in exactly one group, after
    steps, a grab, a slider and a rebuild alike: nothing is saved or dropped by accident."""
    groups = (SETTINGS, SHARED, COPIED, CACHES)
    names = [name for group in groups for name in group]
    assert len(names) == len(set(names))
    world = SCENES[scene].world(0)
    run(world, 30)
    world.set_friction(0.3)
    world.rebuild(world.bodies_now(), list(range(len(world.bodies))))
    run(world, 5)
    assert set(vars(world)) == set(names)


def test_settings_are_one_record_and_keyword_changes_alike():
    bodies = [
        Body("floor", Polygon.box(400, 20, position=(200, 300)), static=True),
        Body("ball", Circle(10, position=(200, 100))),
    ]
    settings = WorldSettings(gravity=(0, 500), substeps=4, sleep=False)
    by_record = World(bodies, settings)
    by_name = World(bodies, gravity=(0, 500), substeps=4, sleep=False)
    assert by_record.settings == by_name.settings
    assert by_record.settings == dataclasses.replace(settings, rigid=True)  # under gravity
    assert by_record.gravity == (0.0, 500.0) and by_record.substeps == 4
    run(by_record, 50)
    run(by_name, 50)
    assert state_bytes(by_record) == state_bytes(by_name)
    assert World(bodies, settings, substeps=2).substeps == 2  # a record, then a change
    with pytest.raises(TypeError):
        World(bodies, gravty=(0, 1))
    with pytest.raises(ValueError, match="at least 1"):
        WorldSettings(substeps=0)


def test_a_rebuild_keeps_every_setting_and_the_tick():
    """An edit rebuilds the world from its bodies: the settings as they stand (gravity
    turned, R and W toggled, F's broad phase) and the tick stay; a new body joins."""
    world = SCENES["pile"].world(0)
    run(world, 10)
    world.reverse_gravity()
    world.resolve, world.swept, world.broad_phase = False, False, "grid"
    before = world.settings
    ball = Body("new ball", Circle(12, position=(300, 200)))
    world.rebuild([*world.bodies_now(), ball], [*range(len(world.bodies)), None])
    assert world.settings == before and world.tick == 10
    assert world.bodies[-1].name == "new ball" and world.record is None


def test_a_restore_brings_back_the_settings_of_its_time():
    world = SCENES["gravity"].world(0)
    saved = world.save_state()
    world.reverse_gravity()
    world.resolve = False
    world.restore_state(saved)
    assert world.settings == saved.settings and world.resolve and world.gravity[1] > 0
