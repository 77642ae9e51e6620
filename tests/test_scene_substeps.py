"""The scenes that need no column's stiffness step with fewer substeps (issue 44, item 6).

Scenes pile, gravity and stack step with Box2D v3's own 4 substeps and the bin of scene
broad-phase with 6,
where the default is 12 (what a 20-box column needs to sink under a pixel): their
heaps are two or three bodies high. The claim is that they rest as well as Box2D v3
does on the same bodies, so the reference here is Box2D v3 itself (pyb2d3 0.11.1, its
defaults, 4 substeps, 90 px/m), measured in the same run: when every body is asleep,
and the deepest overlap of any two bodies at 10 s, both read by the sandbox's SAT from
each engine's poses. `python bench/bench_physics.py --only substeps` prints the same
figures beside pymunk and the default 12 substeps.
"""

from __future__ import annotations

import numpy as np
import pytest

from sandbox.core.geometry import Circle, Polygon
from sandbox.core.pair import sat
from sandbox.physics.body import Steering
from sandbox.scenes.builtin import broad_phase, gravity, pile, stack

b2 = pytest.importorskip("pyb2d3")

DT = 1.0 / 60.0
SECONDS = 10.0


def _deepest(shapes, static) -> float:
    """The deepest overlap (px) of any two shapes but two static ones."""
    worst = 0.0
    for i in range(len(shapes)):
        for j in range(i + 1, len(shapes)):
            if not (static[i] and static[j]) and shapes[i].aabb().overlaps(shapes[j].aabb()):
                worst = max(worst, sat(shapes[i], shapes[j]).depth)
    return worst


def _box2d(world):
    """Box2D v3's copy of `world`'s bodies (polygons about their centroids), each with
    its local outline (None: a circle) and radius."""
    b2.set_length_units_per_meter(90.0)
    other = b2.World(gravity=world.gravity)
    handles = []
    for body in world.bodies:
        centre = np.asarray(body.shape.centroid)
        make = other.create_static_body if body.static else other.create_dynamic_body
        handle = make(position=tuple(centre))
        material = b2.surface_material(friction=body.friction, restitution=body.restitution)
        made = b2.shape_def(density=body.density, material=material)
        if isinstance(body.shape, Circle):
            handle.create_shape(made, b2.circle(radius=body.shape.radius))
            handles.append((handle, None, body.shape.radius))
            continue
        points = [tuple(v - centre) for v in body.shape.vertices]
        handle.create_shape(made, b2.polygon(points=points))
        handles.append((handle, np.asarray(body.shape.vertices) - centre, None))
    return other, handles


def _box2d_shapes(handles):
    shapes = []
    for handle, local, radius in handles:
        at = [handle.position.x, handle.position.y]
        if local is None:
            shapes.append(Circle(radius, position=at))
            continue
        c, s = handle.rotation.c, handle.rotation.s
        turned = np.column_stack(
            [c * local[:, 0] - s * local[:, 1], s * local[:, 0] + c * local[:, 1]]
        )
        shapes.append(Polygon(turned + at))
    return shapes


def _rest(step, asleep) -> float | None:
    """Seconds until the bodies are asleep for good (None: never within SECONDS)."""
    rest = None
    for tick in range(round(SECONDS / DT)):
        step()
        rest = (rest or (tick + 1) * DT) if asleep() else None
    return rest


@pytest.mark.parametrize(
    ("build", "substeps"), [(pile, 4), (gravity, 4), (broad_phase, 6), (stack, 4)]
)
def test_the_scene_rests_as_box2d_does_with_its_substeps(build, substeps):
    """The scene steps with its own substeps, and with them its bodies fall asleep no
    later than 0.5 s after Box2D v3's, rest with no pair overlapping more than 0.1 px
    deeper than Box2D v3's deepest, and none leaves the box."""
    world = build(0)
    for body in world.bodies:
        body.controlled = False  # (no key is held: the player falls with the rest)
    assert world.substeps == substeps
    static = world.static.copy()
    ours = _rest(lambda: world.step(DT), lambda: bool(world.sleeping[~static].all()))
    ours_deepest = _deepest(world.shapes(), static)

    other, handles = _box2d(build(0))
    moving = [handle for (handle, *_), fixed in zip(handles, static, strict=True) if not fixed]
    theirs = _rest(lambda: other.step(DT, 4), lambda: not any(h.awake for h in moving))
    theirs_deepest = _deepest(_box2d_shapes(handles), static)

    assert ours is not None and theirs is not None
    assert ours <= theirs + 0.5, (ours, theirs)
    assert ours_deepest <= theirs_deepest + 0.1, (ours_deepest, theirs_deepest)
    assert world.escaped(0.0) == []


def test_the_stack_pushed_shifts_and_settles_as_box2d_does():
    """Lesson pushing-out's stage 6 on scene stack (4 substeps): the heavy box driven left
    into the pyramid for 2 s. The pyramid shifts (a box moves over 5 px) and no box falls
    (none moves over 15 px), as on Box2D v3 with its player steered the same way; all
    rest again no later than 0.5 s after Box2D v3's, overlapping no deeper than its."""
    world = stack(0)
    assert world.substeps == 4
    static = world.static.copy()
    pyramid = np.array([b.name.startswith("pyramid") for b in world.bodies])
    player = world.controlled
    start = world.centres().copy()
    tick = iter(range(10**6))
    ours = _rest(
        lambda: world.step(DT, Steering(left=12 <= next(tick) < 132)),
        lambda: bool(world.sleeping[~static].all()),
    )
    moved = np.sqrt(((world.centres() - start) ** 2).sum(axis=1))[pyramid]
    ours_deepest = _deepest(world.shapes(), static)

    other, handles = _box2d(stack(0))
    moving = [handle for (handle, *_), fixed in zip(handles, static, strict=True) if not fixed]
    box, ticks = handles[player][0], iter(range(10**6))

    def step_theirs():
        left, v = 12 <= next(ticks) < 132, box.linear_velocity  # phases._steer's rule
        vx = max(-240.0, v.x - 4 * 240.0 * DT) if left else v.x * (1 - 4 * DT)
        box.linear_velocity = (vx, v.y)
        other.step(DT, 4)

    theirs = _rest(step_theirs, lambda: not any(h.awake for h in moving))
    theirs_moved = [
        float(np.hypot(h.position.x - c[0], h.position.y - c[1]))
        for (h, *_), c, p in zip(handles, start, pyramid, strict=True)
        if p
    ]
    theirs_deepest = _deepest(_box2d_shapes(handles), static)

    assert 5.0 < moved.max() < 15.0 and 5.0 < max(theirs_moved) < 15.0, (moved.max(), theirs_moved)
    assert ours is not None and theirs is not None
    assert ours <= theirs + 0.5, (ours, theirs)
    assert ours_deepest <= theirs_deepest + 0.1, (ours_deepest, theirs_deepest)
