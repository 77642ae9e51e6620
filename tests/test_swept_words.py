"""The swept test's sentence says what the step did: which bullet it stopped, where in
its step, and against what (issue 44; before, it said "before it could pass the wall"
in every scene, walls or none, and told of any bullet but the pair on show)."""

from __future__ import annotations

import pytest

from sandbox.core.geometry import Circle, Polygon
from sandbox.physics.body import Body
from sandbox.physics.records import AskedPair
from sandbox.physics.world import World
from sandbox.render.language import language
from sandbox.render.pair_words import narration

DT = 1.0 / 60.0


def _world() -> World:
    """A 6 px wall (x 297-303) and two 5 px bullets at 6,000 px/s (100 px a step) toward
    it, the first from x = 240 (it touches the wall 52 px on: 0.52 of its step), the
    second from x = 250 (42 px on: 0.42); a ball at rest far away. An MTV world: x += v
    dt, then the swept test (no speculative contact stops them first)."""
    bodies = [
        Body("wall, tall", Polygon.box(6, 400, (300, 200)), static=True),
        Body("bullet one", Circle(5, (240, 100)), velocity=(6000, 0), bullet=True),
        Body("bullet two", Circle(5, (250, 300)), velocity=(6000, 0), bullet=True),
        Body("ball", Circle(10, (100, 500))),
    ]
    return World(bodies, gravity=(0, 0), rigid=False, bounds=(0, 0, 800, 600))


@pytest.mark.parametrize(
    ("asked", "name", "fraction"),
    [
        (AskedPair(2, 0), "bullet two", 0.42),  # on show: bullet two and the wall
        (AskedPair(0, 2), "bullet two", 0.42),  # the same pair, the other way round
        (AskedPair(3, 1), "bullet one", 0.52),  # the ball and bullet one
        (AskedPair(3, 0), "bullet one", 0.52),  # no cut bullet on show: the first cut
    ],
)
def test_the_words_name_the_bullet_the_swept_test_stopped_where_and_against_what(
    asked, name, fraction
):
    """Both bullets are cut at the wall this step (the record's events say so, at the
    closed-form fractions); the sentence tells of the cut bullet on show if there is
    one, else of the first, with its fraction and the body it touched."""
    world = _world()
    record = world.step(DT, asked=asked)
    cuts = {ev.body: (ev.fraction, ev.other) for ev in record.sweeps if ev.fraction}
    assert cuts == {1: (pytest.approx(0.52), 0), 2: (pytest.approx(0.42), 0)}
    words, role = narration(world, record)
    assert words == (
        f"The swept test stopped the {name} at {fraction:.2f} of its step, "
        "at its first touch (wall, tall)."
    )
    assert role == "gap"


def test_the_swept_words_in_german_keep_the_numbers():
    """The German sentence carries the same fraction and the touched body's name."""
    world = _world()
    record = world.step(DT, asked=AskedPair(2, 0))
    words, _ = narration(world, record, tr=language("de"))
    assert words.startswith("Der Bahntest hielt das bullet two bei 0.42 seines Schritts an")
    assert words.endswith("(wall, tall).")


def test_without_a_cut_the_words_are_the_pairs():
    """A step in which the swept test stops nothing says the pair's state instead: the
    bullets start 200 px short of the wall and move 100 px, so nothing is cut."""
    world = _world()
    world.position[1:3, 0] -= 200.0
    world.pose_changed()
    record = world.step(DT, asked=AskedPair(2, 0))
    assert not [ev for ev in record.sweeps if ev.fraction is not None]
    words, _ = narration(world, record)
    assert words.startswith("Apart") and "swept" not in words
