"""Sleeping: islands of touching bodies that stay slow for a while stop being simulated.

A body's timer counts how long its speed (and the speed its rotation gives its
farthest point) has stayed under `sleep_speed`. Bodies that touch (through contacts,
never through a static body) form an island; an island whose slowest-to-settle body
has been slow for `sleep_time` seconds sleeps: its velocities are zeroed and the
solver treats it as fixed. A moving body that touches a sleeping one joins its
island, whose timer minimum is then small again: the whole island wakes (Box2D, pymunk).
Sleeping bodies are not collided with each other, so the contacts cannot say which
sleeping bodies form one island: each body remembers the island it fell asleep in
(`world.sleep_island`), and when one of them wakes, they all do (Box2D v3 keeps its
sleeping islands whole in solver sets for the same reason). Woken one contact layer
a step instead, a pyramid's struck box would meet neighbours that still stand as
fixed as walls, and bounce straight back.
"""

from __future__ import annotations

from dataclasses import fields

import numpy as np

from ..core.portable import hypot


def islands(n: int, a: np.ndarray, b: np.ndarray, link: np.ndarray) -> np.ndarray:
    """Island label of each body (the smallest index in its island); `link` masks the edges."""
    labels = np.arange(n)
    a, b = a[link], b[link]
    if not len(a):
        return labels
    while True:
        low = np.minimum(labels[a], labels[b])
        before = labels.copy()
        np.minimum.at(labels, a, low)
        np.minimum.at(labels, b, low)
        labels = labels[labels]  # pointer jumping: follow labels to their roots
        if np.array_equal(labels, before):
            return labels


def update_sleep(world, contacts, dt: float) -> None:
    """Advance the sleep timers and put islands to sleep or wake them (numpy, no loop per body)."""
    n = len(world.bodies)
    moving = ~world.static
    speed = hypot(world.velocity[:, 0], world.velocity[:, 1])
    speed = speed + np.abs(world.omega) * world.extent
    slow = moving & (speed < world.sleep_speed)
    world.sleep_timer = np.where(slow, world.sleep_timer + dt, 0.0)
    # An island sleeps when its least timer is due, so only a body whose own timer is
    # due can: while there is none, no island sleeps, and the islands are not needed.
    due = moving & (world.sleep_timer >= world.sleep_time)
    if due.any():
        link = moving[contacts.a] & moving[contacts.b]
        label = islands(n, contacts.a, contacts.b, link)
        least = np.full(n, np.inf)
        np.minimum.at(least, label[moving], world.sleep_timer[moving])
        asleep = moving & (least[label] >= world.sleep_time)
    else:
        asleep = np.zeros(n, dtype=bool)
    woken = world.sleeping & ~asleep
    if woken.any():
        whole = world.sleeping & np.isin(world.sleep_island, world.sleep_island[woken])
        asleep &= ~whole
        world.sleep_timer[whole] = 0.0
    falling = asleep & ~world.sleeping
    if falling.any():  # (only when some island sleeps: `label` is then known)
        world.sleep_island[falling] = label[falling]
    world.velocity[asleep] = 0.0
    world.omega[asleep] = 0.0
    world.sleeping = asleep


def rest_key(world, asked) -> tuple | None:
    """Everything a step of a fully asleep world depends on (the pair `asked` to explain
    among it), as bytes and plain values;
    None while any moving body is awake (or a rule could wake one by itself).

    A step that began and ended with every moving body asleep changed nothing but the
    tick and the sleep timers: the solver had no body to move, the narrow phase no pair
    to test (two fixed bodies are never collided), the pair on show the same pose to
    explain. While the key stays the same, the next step is that step again
    (`rest_step`): a few array comparisons instead of a broad phase, a SAT report and a
    solve. Any change from outside — a pose or speed written, gravity or a slider (they
    wake every body), the pair on show, a grab — changes the key or fails its test."""
    moving = ~world.static
    if not (world.sleep and world.rigid and world.sleep_speed > 0.0 and world.grab is None):
        return None
    if not world.sleeping[moving].all():
        return None
    return (
        world.position.tobytes(),
        world.angle.tobytes(),
        world.velocity.tobytes(),
        world.omega.tobytes(),
        world.sleeping.tobytes(),
        world.static.tobytes(),
        world.sleep_island.tobytes(),
        world.gravity,
        world.bounds,
        (asked, world.controlled),
        (world.resolve, world.swept, world.broad_phase, world.sleep_time),
        len(world.bodies),
    )


def rest_step(world, dt: float) -> None:
    """A step of a world that is, and stays, fully asleep (see `rest_key`): the sleep
    timers count on exactly as `update_sleep` would count them (every moving body is
    slow: it does not move), and the tick advances. The caller re-issues the last
    step's record under the new tick."""
    world.sleep_timer = np.where(~world.static, world.sleep_timer + dt, 0.0)


def still_resting(world, resting, found, was_asleep):
    """World.resting after a step: its rows whose bodies all still sleep (or are fixed),
    and the rows just found of the islands that fell asleep this step."""
    at_rest = world.sleeping | world.static
    falling = world.sleeping & ~was_asleep
    parts = []
    if resting is not None:
        parts.append((resting, at_rest[resting.a] & at_rest[resting.b]))
    if falling.any():
        parts.append(
            (found, at_rest[found.a] & at_rest[found.b] & (falling[found.a] | falling[found.b]))
        )
    parts = [(cs, keep) for cs, keep in parts if keep.any()]
    if not parts:
        return None
    if len(parts) == 1 and parts[0][0] is resting and parts[0][1].all():
        return resting  # nothing fell asleep or woke: the same rows (not copied again)
    names = [f.name for f in fields(found)]
    return type(found)(
        **{name: np.concatenate([getattr(cs, name)[keep] for cs, keep in parts]) for name in names}
    )
