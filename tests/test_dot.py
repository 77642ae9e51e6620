"""Tutorial 003's dot-product demo by hand: a·b, the angle, the shadow, the sign in
words; and a polygon's interval on an axis is its least and greatest vertex."""

from __future__ import annotations

import math

import numpy as np
import pytest
from driving import advance, open_session

from sandbox.core.dot import dot_facts, project_vertices
from sandbox.scenes.builtin import DOT_A, DOT_ORIGIN
from sandbox.scenes.registry import SCENES


@pytest.mark.parametrize(
    "a, b, dot, angle, sign",
    [
        ((3, 4), (4, -3), 0.0, 90.0, "zero"),  # perpendicular
        ((3, 4), (6, 8), 50.0, 0.0, "positive"),  # the same direction: |a||b|
        ((1, 0), (-2, 0), -2.0, 180.0, "negative"),  # opposite
        ((2, 0), (1, 1), 2.0, 45.0, "positive"),
        ((2, 0), (-1, 1), -2.0, 135.0, "negative"),
    ],
)
def test_dot_product_angle_and_sign_by_hand_in_both_orders(a, b, dot, angle, sign):
    for first, second in ((a, b), (b, a)):
        facts = dot_facts(first, second)
        assert facts.dot == pytest.approx(dot)
        assert facts.angle_degrees == pytest.approx(angle, abs=1e-6)
        assert facts.sign == sign
        assert facts.length_a * facts.length_b * facts.cos == pytest.approx(dot)


def test_the_shadow_of_a_on_b_is_along_b_with_length_a_dot_b_over_b():
    """a = (2, 0), b = (1, 1): the shadow is (a·b / |b|^2) b = (2 / 2)(1, 1) = (1, 1);
    on the other way round, b on a: (2 / 4)(2, 0) = (1, 0)."""
    assert dot_facts((2, 0), (1, 1)).shadow == pytest.approx((1.0, 1.0))
    assert dot_facts((1, 1), (2, 0)).shadow == pytest.approx((1.0, 0.0))
    assert dot_facts((2, 0), (0, 0)).shadow == (0.0, 0.0)  # no b: no shadow, no error


def test_a_square_on_a_diagonal_axis_keeps_two_opposite_corners():
    """Unit square corners on the axis (1, 1)/√2: 0, 1/√2, √2, 1/√2; min at (0, 0),
    max at (1, 1); the other two fall between."""
    d, low, high = project_vertices([(0, 0), (1, 0), (1, 1), (0, 1)], (1, 1))
    assert d == pytest.approx([0, 1 / math.sqrt(2), math.sqrt(2), 1 / math.sqrt(2)])
    assert (low, high) == (0, 2)


def test_the_scene_narrates_the_vectors_the_learner_moves():
    """Moving the tip of b straight down past the origin's level turns the angle past
    90°: the sign in words goes from positive to negative."""
    session = open_session(SCENES["dot-product"])
    world = session.world
    from sandbox.render.dotproduct import narration_words

    words, role = narration_words(world)
    assert words.startswith("a·b = ") and "positive" in words and role == "overlap"
    tip = world.controlled
    world.position[tip] = (DOT_ORIGIN[0] - 50.0, DOT_ORIGIN[1] - 40.0)
    world.pose_changed()
    words, role = narration_words(world)
    b = np.array([-50.0, -40.0])
    assert f"a·b = {np.dot(DOT_A, b):.0f}: negative" in words and role == "gap"
    advance(session, frozenset({"down"}))  # the arrows move the tip, as in every scene
    assert world.centres()[tip][1] > DOT_ORIGIN[1] - 40.0
