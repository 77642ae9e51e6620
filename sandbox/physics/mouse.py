"""The hand of the learner: a body grabbed with the mouse follows the pointer.

Under gravity (rigid bodies) the grab is a soft spring from a point of the body (the
anchor, fixed in the body) to the pointer, as Box2D's mouse joint or Matter.js's
MouseConstraint: it still collides, turns about the anchor and is thrown on release
(it keeps its velocity)::

    r = R(angle) anchor          anchor in the body, r from the centre of mass
    p = x + r,  v_p = v + w x r  the anchor's position and velocity
    F = k (target - p) - c v_p   k = m w0^2, c = 2 m zeta w0   (w0 = 2 pi HERTZ)
    |F| <= m MAX_ACCELERATION    a heavy body is not yanked through a wall
    v += F dt / m,  w += (r x F) dt / I

Hanging still under gravity the spring stretches by m g / k = g / w0^2 (0.91 px).

Without gravity (the tutorial scenes) a drag moves the shape directly, as the arrows
do: its velocity is set to reach the pointer in this step, and the MTV pushes it out of
whatever it is dragged into, so it slides along it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from ..core.portable import cos_sin, hypot, rotate

if TYPE_CHECKING:
    from .world import World

HERTZ = 5.0  # the spring's own frequency
DAMPING_RATIO = 0.7
MAX_ACCELERATION = 20 * 900.0  # px/s^2: the most the spring gives any body (20 g)
MAX_DRAG_SPEED = 3000.0  # px/s: a direct drag (no gravity) moves at most this fast
TURN_PER_NOTCH = 2.0  # rad/s added by one notch of the wheel (rigid); 0.1 rad otherwise


@dataclass(frozen=True)
class MouseGrab:
    """Which body is held, by which point of it (body frame), and where the pointer is."""

    body: int
    anchor: tuple[float, float]  # in the body's own frame, from its centre of mass
    target: tuple[float, float]  # the pointer, in world coordinates


def grab_at(world: World, body: int, point) -> MouseGrab:
    """Hold `body` by the point of it under the pointer."""
    centre = world.centres()[body]
    local = rotate(np.asarray(point, dtype=float) - centre, *cos_sin(-float(world.angle[body])))
    target = (float(point[0]), float(point[1]))
    return MouseGrab(body, (float(local[0]), float(local[1])), target)


def moved_to(grab: MouseGrab, point) -> MouseGrab:
    return replace(grab, target=(float(point[0]), float(point[1])))


def anchor_point(world: World, grab: MouseGrab) -> np.ndarray:
    """Where the held point of the body is now (world coordinates)."""
    r = rotate(np.asarray(grab.anchor, dtype=float), *cos_sin(float(world.angle[grab.body])))
    return world.centres()[grab.body] + r


def pull(world: World, grab: MouseGrab, dt: float) -> None:
    """One step of the hand on the body: the spring (rigid) or a direct move."""
    i = grab.body
    if world.static[i]:
        return
    world.sleeping[i] = False
    world.sleep_timer[i] = 0.0
    p = anchor_point(world, grab)
    to_target = np.asarray(grab.target) - p
    if not (world.rigid and world.gravity != (0.0, 0.0)):
        v = to_target / dt
        speed = hypot(*v)
        if speed > MAX_DRAG_SPEED:
            v *= MAX_DRAG_SPEED / speed
        world.velocity[i] = v
        return
    inv_mass = float(world.inv_mass[i])
    mass = 1.0 / inv_mass
    w0 = 2.0 * math.pi * HERTZ
    r = p - world.centres()[i]
    omega = float(world.omega[i])
    v_p = world.velocity[i] + omega * np.array([-r[1], r[0]])
    force = mass * w0 * w0 * to_target - 2.0 * mass * DAMPING_RATIO * w0 * v_p
    most = mass * MAX_ACCELERATION
    size = hypot(*force)
    if size > most:
        force *= most / size
    world.velocity[i] += force * dt * inv_mass
    world.omega[i] += float(r[0] * force[1] - r[1] * force[0]) * dt * world.inv_inertia[i]


def turn(world: World, grab: MouseGrab, notches: int) -> None:
    """The wheel turns the held body: spin under gravity, a direct turn otherwise."""
    i = grab.body
    if world.static[i]:
        return
    if world.rigid and world.gravity != (0.0, 0.0):
        if world.inv_inertia[i] > 0.0:
            world.omega[i] += TURN_PER_NOTCH * notches
            world.sleeping[i] = False
            world.sleep_timer[i] = 0.0
    else:
        world.angle[i] += 0.1 * notches
        world.pose_changed()


def body_at(world: World, point) -> int | None:
    """The body under `point`: a moving one before a static one, then the lowest index."""
    hits = [i for i, shape in enumerate(world.shapes()) if shape.contains_point(point)]
    moving = [i for i in hits if not world.static[i]]
    return (moving or hits or [None])[0]
