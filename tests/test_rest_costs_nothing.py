"""Issue 35: a fully asleep world's step is a few array comparisons, and the same step.

The rest path (`sleeping.rest_key`, `World._rest_step`) must give exactly what the full
step gives (the same state, timers and record, bit for bit), must skip the narrow phase
and the solver while nothing changes, and must give way to the full step the moment
anything does (a pose written, gravity reversed, a key held, a grab).
"""

from __future__ import annotations

import numpy as np
import pytest

from sandbox.physics import phases as phases_module
from sandbox.physics.body import Body, Steering
from sandbox.physics.mouse import MouseGrab
from sandbox.physics.records import AskedPair
from sandbox.scenes.base import boundary_walls, with_gravity
from sandbox.scenes.builtin import stack, stack_column

STEP = 1 / 60
ASK = AskedPair(4)  # the first box of the column against its nearest body


def column_world():
    """The 12-body set-up of the issue: eight boxes in a column inside the four walls."""
    return with_gravity(boundary_walls() + stack_column(150, 8))


def asleep(world, limit=600):
    for _ in range(limit):
        world.step(STEP, asked=ASK)
        if world.sleeping[~world.static].all():
            return world
    raise AssertionError("the world never fell asleep")


def state_of(world):
    return [
        world.tick,
        world.position.tobytes(),
        world.angle.tobytes(),
        world.velocity.tobytes(),
        world.omega.tobytes(),
        world.sleeping.tobytes(),
        world.sleep_timer.tobytes(),
        world.sleep_island.tobytes(),
    ]


def record_of(world):
    r = world.record
    shown = None if r.shown is None else (r.shown.a, r.shown.b, r.shown.report.depth)
    return (r.tick, r.candidate_pairs, r.swept_pairs, r.all_pairs, len(r.contacts), shown)


@pytest.mark.parametrize("build", [column_world, lambda: stack(0)], ids=["column", "stack"])
def test_the_rest_path_gives_the_full_steps_state_and_record(build):
    fast, full = asleep(build()), asleep(build())
    for _ in range(30):
        fast.step(STEP, asked=ASK)
        full.rest_key = None  # forces the full step
        full.step(STEP, asked=ASK)
        assert state_of(fast) == state_of(full)
        assert record_of(fast) == record_of(full)
    assert fast.rest_key is not None


def test_an_asleep_world_skips_the_narrow_phase_and_the_solver(monkeypatch):
    world = asleep(column_world())
    world.step(STEP, asked=ASK)  # the step that began asleep: the key is taken at its end
    calls = []
    for name in ("find_manifolds", "solve_rigid", "update_sleep"):
        real = getattr(phases_module, name)
        monkeypatch.setattr(
            phases_module,
            name,
            lambda *a, _real=real, _n=name, **k: calls.append(_n) or _real(*a, **k),
        )
    for _ in range(20):
        world.step(STEP, asked=ASK)
    assert calls == []
    assert world.sleeping[~world.static].all()


def _wakes_and_moves(world):
    before = world.position.copy()
    for _ in range(10):
        world.step(STEP, asked=ASK)
    return not np.array_equal(before, world.position)


@pytest.mark.parametrize(
    "change",
    [
        lambda w: w.position.__setitem__((w.index("column 7"), 1), w.position[-1, 1] - 40.0),
        lambda w: w.angle.__setitem__(w.index("column 7"), 0.1),
        lambda w: w.velocity.__setitem__((w.index("column 7"), 0), 5.0),
        lambda w: w.omega.__setitem__(w.index("column 7"), 1.0),
        lambda w: w.sleeping.__setitem__(w.index("column 7"), False),
        lambda w: AskedPair(4, w.index("column 3")),  # another pair asked for
        lambda w: w.set_friction(0.9),
    ],
    ids=["position", "angle", "velocity", "omega", "woken", "partner", "slider"],
)
def test_any_change_from_outside_is_stepped_in_full(monkeypatch, change):
    world = asleep(column_world())
    world.step(STEP, asked=ASK)
    calls = []
    real = phases_module.find_manifolds
    monkeypatch.setattr(
        phases_module, "find_manifolds", lambda *a, **k: calls.append(1) or real(*a, **k)
    )
    world.step(STEP, asked=ASK)
    assert calls == []
    asked = change(world) or ASK
    world.step(STEP, asked=asked)
    assert calls


def test_reversed_gravity_wakes_an_asleep_world():
    world = asleep(column_world())
    world.step(STEP, asked=ASK)
    world.reverse_gravity()
    assert _wakes_and_moves(world)


def test_a_held_key_wakes_the_controlled_body_of_an_asleep_world():
    bodies = boundary_walls() + [
        Body("player", stack_column(300, 1)[0].shape, controlled=True),
    ]
    world = asleep(with_gravity(bodies))
    world.step(STEP, asked=ASK)
    assert world.rest_key is not None
    assert _wakes_and_moves_with(world, Steering(right=True))


def _wakes_and_moves_with(world, controls):
    before = world.position.copy()
    for _ in range(10):
        world.step(STEP, controls, ASK)
    return not np.array_equal(before, world.position)


def test_a_grab_is_stepped_in_full():
    world = asleep(column_world())
    world.step(STEP, asked=ASK)
    top = world.index("column 7")
    centre = world.centres()[top]
    world.grab = MouseGrab(top, (0.0, 0.0), (float(centre[0]), float(centre[1]) - 60.0))
    world.sleeping[top] = False
    assert _wakes_and_moves(world)
