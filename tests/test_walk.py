"""Step-through (key A): the walk lays out the algorithm exactly as it runs. Checked by
hand on tutorial 004's six-axes pair, then on seeded random pairs (both orders) against
projections computed here with numpy: the first axis with a gap ends the walk, the
running minimum is the least depth so far, the verdict is the MTV axis."""

from __future__ import annotations

import numpy as np
import pytest
from driving import draw_session, frame_model, open_session, press
from random_shapes import random_shape
from swept_bullet import swept_bullet_at_tick_9

from sandbox.core.geometry import Polygon
from sandbox.core.pair import sat
from sandbox.core.walk import walkthrough
from sandbox.render.walk import step_words
from sandbox.scenes.registry import SCENES


def projections(shape, axis):
    d = np.asarray(shape.vertices) @ np.asarray(axis)
    return float(d.min()), float(d.max())


def hand_depth(a, b, axis) -> float:
    """The shorter way out along `axis` (negative: the gap), from the vertices alone."""
    (a_lo, a_hi), (b_lo, b_hi) = projections(a, axis), projections(b, axis)
    return min(a_hi - b_lo, b_hi - a_lo)


def six_axes_pair():
    world = SCENES["six-axes"].world(0)
    return world.shape(world.index("A")), world.shape(world.index("B"))


def test_six_axes_walk_stops_at_a_third_edge_with_three_axes_untested():
    """Tutorial 004: A's e0 and e1 overlap, A's e2 shows a gap, so B's three edges are
    never tested. The gap is B's least projection minus A's greatest on A's e2 normal."""
    a, b = six_axes_pair()
    steps = walkthrough(sat(a, b, all_axes=True))
    assert [(s.kind, s.axis.owner, s.axis.feature_index) for s in steps] == [
        ("test", "a", 0),
        ("test", "a", 1),
        ("test", "a", 2),
    ]
    assert [s.stop for s in steps] == [False, False, True]
    assert [(x.owner, x.feature_index) for x in steps[-1].untested] == [
        ("b", 0),
        ("b", 1),
        ("b", 2),
    ]
    gap = -hand_depth(a, b, a.normals[2])
    assert gap > 20
    assert -steps[-1].axis.overlap == pytest.approx(gap, abs=1e-9)
    assert steps[0].smallest.feature_index == 0
    first, second = hand_depth(a, b, a.normals[0]), hand_depth(a, b, a.normals[1])
    assert steps[1].smallest.feature_index == (1 if second < first else 0)
    words, role = step_words(steps, 2)
    assert role == "gap"
    assert words == (
        f"Axis 3 of 6, A's edge e2: gap {gap:.1f}. A separating axis, so no collision "
        "— stop here. The other 3 are not tested."
    )
    words, role = step_words(steps, 0)
    assert role == "overlap"
    assert words.startswith(f"Axis 1 of 6, A's edge e0: overlap {first:.1f}: keep looking.")


def test_two_boxes_skip_their_parallel_edges_and_end_with_the_mtv():
    """Two overlapping axis-aligned boxes: A's e0, e1 tested, A's e2, e3 and all of B's
    skipped as parallel; the verdict is the least depth: 10 x 30 box at x 0 against a
    20 x 20 box at x 12 overlap by (5 + 10) - 12 = 3 in x and (15 + 10) - 0 = 25 in y."""
    a = Polygon.box(10, 30, position=(0, 0))
    b = Polygon.box(20, 20, position=(12, 0))
    steps = walkthrough(sat(a, b, all_axes=True))
    kinds = [s.kind for s in steps]
    assert kinds.count("test") == 2 and kinds[-1] == "result"
    assert kinds.count("skip") == 6
    result = steps[-1]
    assert result.axis.depth == pytest.approx(3.0)
    assert abs(result.axis.axis[0]) == pytest.approx(1.0)
    words, role = step_words(steps, len(steps) - 1)
    assert role == "mtv"
    assert "MTV = the shortest way out, 3.0, × its axis" in words and "from B to A" in words
    skip_words, _ = step_words(steps, kinds.index("skip"))
    assert skip_words.startswith("Skip ") and "parallel to" in skip_words


@pytest.mark.parametrize("flip", [False, True], ids=["a, b", "b, a"])
def test_walk_matches_hand_projections_on_random_pairs(flip):
    """2,000 seeded pairs: the walk tests axes in order until the first one whose
    vertex projections (numpy, here) show a gap; every step's running minimum is the
    least hand depth so far; a walk without a gap ends with the report's MTV axis."""
    rng = np.random.default_rng(2026)
    outcomes = {True: 0, False: 0}
    skips = 0
    for _ in range(2000):
        a, b = (
            random_shape(rng, spread=40.0, smallest=10.0),
            random_shape(rng, spread=40.0, smallest=10.0),
        )
        if flip:
            a, b = b, a
        report = sat(a, b, all_axes=True)
        steps = walkthrough(report)
        tested = [s for s in steps if s.kind == "test"]
        skips += sum(s.kind == "skip" for s in steps)
        least = np.inf
        for position, step in enumerate(tested):
            depth = hand_depth(a, b, step.axis.axis)
            assert step.axis.depth == pytest.approx(depth, abs=1e-9)
            assert step.axis is report.axes[position]  # in test order, none left out
            if depth < -1e-9:
                assert step.stop and step is tested[-1] and steps[-1] is step
                assert len(step.untested) == len(report.axes) - position - 1
            least = min(least, depth) if depth >= 0 else least
            if step.smallest is not None and not step.stop:
                assert step.smallest.depth == pytest.approx(least, abs=1e-9)
        colliding = steps[-1].kind == "result"
        assert colliding == report.colliding
        if colliding:
            assert steps[-1].axis is report.mtv_axis
        outcomes[colliding] += 1
    assert min(outcomes.values()) > 300, outcomes  # both endings exercised
    assert skips > 500


def test_session_keys_walk_forward_and_back_and_freeze_the_world():
    """A pauses and opens step 0; '.' goes on, never past the last step; ',' goes
    back, never before the first; stepping the world (O) ends the walk."""
    session = open_session(SCENES["six-axes"])
    assert session.walk is None and not session.paused
    press(session, "a")
    assert session.paused and session.walk == 0
    for _ in range(5):
        press(session, ".")
    assert session.walk == 2  # three steps: the gap at A's e2 ends it
    press(session, ",")
    assert session.walk == 1
    for _ in range(3):
        press(session, ",")
    assert session.walk == 0
    walk = frame_model(session, None).walk
    assert walk.index == 0 and walk.steps == tuple(walkthrough(session.shown.report))
    press(session, "o")
    assert session.walk is None and session.world.tick == 1
    press(session, ",")  # entering backwards opens the last step
    assert session.walk == 2
    press(session, "a")
    assert session.walk is None and session.paused


def frame_texts(session) -> str:
    import pygame

    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface((1280, 720))
    return " ".join(t.text for t in draw_session(surface, session).texts)


def test_parallel_axes_are_listed_as_not_tested_with_the_axis_they_repeat():
    """Two squares, one turned 0.35 rad: each square's e2 and e3 are parallel to its own
    e0 and e1 (and not to the other's), so four axes are skipped, each named with the
    axis it repeats."""
    session = open_session(SCENES["squares"])
    report = session.step_record.shown.report
    pairs = {(s.owner, s.feature_index, report.axes[s.parallel_to].owner) for s in report.skipped}
    assert pairs == {("a", 2, "a"), ("a", 3, "a"), ("b", 2, "b"), ("b", 3, "b")}
    texts = frame_texts(session)
    assert "Not tested, parallel to an axis above:" in texts
    assert "(as e0 A)" in texts and "(as e1 B)" in texts


def test_a_swept_pair_adds_the_velocity_extended_shadow_to_each_step():
    """tunnelling, tick 9, the swept bullet against the bottom wall: on each axis the
    walk names A's shadow over the whole step, which is its interval at the start of
    the step stretched by the motion along the axis (computed here from the vertices)."""
    from sandbox.render.walk import step_words, swept_axis

    bullet = swept_bullet_at_tick_9()
    steps = bullet.steps
    checked = 0
    for k, step in enumerate(steps):
        if step.kind != "test":
            continue
        swept = swept_axis(bullet.record, bullet.shown, step.axis)
        assert swept is not None
        assert swept.a_swept == pytest.approx(bullet.swept_interval(swept.axis))
        words, _ = step_words(steps, k, swept)
        assert f"Moving, A sweeps {swept.a_swept[0]:.1f}..{swept.a_swept[1]:.1f}" in words
        checked += 1
    assert checked == 2
