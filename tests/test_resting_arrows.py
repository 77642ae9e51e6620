"""Issue 21: the stack's "contacts pass the weight down" lost its arrows once the column
fell asleep (the narrow phase skips sleeping pairs). The world keeps each island's
manifolds as they were when it fell asleep (World.resting), and the impulse overlay
draws them: the weight a resting stack carries, checked against the closed form."""

import os

import numpy as np
import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from driving import advance, draw_session, layout_for, open_session, press

from sandbox.app.headless import init_pygame  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402


def _asleep_stack(steps=300):
    init_pygame(headless=True)
    session = open_session(SCENES["stack"])
    for _ in range(steps):
        advance(session, frozenset())
    return session


def test_a_sleeping_column_keeps_the_weight_each_contact_carries():
    """Column 1 rests on column 0 under 8 more boxes: asleep, the kept manifold's two
    points carry the weight of 9 boxes a step, m g dt x 9 (by hand), within 0.2 % (the
    scene's 4 substeps, Box2D v3's, end 0.15 % over: the column still settling a little
    as it falls asleep; 12 substeps ended within 0.1 %)."""
    session = _asleep_stack()
    world = session.world
    a, b = session.step_record.shown.a, session.step_record.shown.b
    assert {world.bodies[a].name, world.bodies[b].name} == {"column 0", "column 1"}
    assert world.sleeping[a] and world.sleeping[b]
    rows = np.flatnonzero((world.resting.a == min(a, b)) & (world.resting.b == max(a, b)))
    assert len(rows) == 1 and world.resting.count[rows[0]] == 2
    carried = float(world.resting.normal_impulse[rows[0]].sum()) * world.substeps
    weight_per_step = 9 * world.bodies[a].mass * 900.0 / 60.0
    assert carried == pytest.approx(weight_per_step, rel=2e-3)


def test_the_impulse_arrows_stay_drawn_at_the_contact_points_while_asleep():
    """Asleep, the frame still draws one arrow a contact point of the pair, from the
    point itself (the top corners of column 0, mapped through the view)."""
    session = _asleep_stack()
    frame = draw_session(pygame.Surface((1280, 720)), session)
    arrows = [points for what, points in frame.marks if what == "impulse"]
    assert len(arrows) == 2
    world = session.world
    column0 = world.shape(world.index("column 0"))
    top = column0.vertices[np.argsort(column0.vertices[:, 1])[:2]]  # its two top corners
    lay = layout_for(session, (1280, 720))
    drawn = np.array([tail for tail, _ in arrows])
    expected = top * lay.scale + np.array(lay.origin)
    for corner in expected:
        assert np.min(np.hypot(*(drawn - corner).T)) < 2.0


def test_waking_drops_what_was_kept():
    """G (gravity reversed) wakes every body: nothing is kept as resting any more."""
    session = _asleep_stack()
    assert session.world.resting is not None
    press(session, "g")
    assert session.world.resting is None
