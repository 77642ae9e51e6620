"""Issue 17, item 5: a resting contact reads as one, not as a collision.

In a rigid world a soft contact holds the weight with a hair of overlap (under Box2D
v3's linear slop, 0.45 px here); the HUD says "resting contact" with the overlap in px
and why it is allowed. The tutorials' MTV worlds keep their words.
"""

import numpy as np
import pygame
import shapely
from driving import advance, draw_session, open_session

from sandbox.app.state import Session
from sandbox.render.pair_words import narration
from sandbox.render.words import RESTING_OVERLAP, collision_state
from sandbox.scenes.registry import SCENES


def _settled(name: str, steps: int = 300) -> Session:
    session = open_session(SCENES[name])
    for _ in range(steps):
        advance(session, frozenset())
    return session


def test_a_body_at_rest_reads_resting_contact_with_its_overlap():
    """The gravity scene at rest: the player on the floor overlaps by a sliver (shapely
    finds a positive area; the depth is under the slop); the flag and the narration say
    resting contact and give the overlap in px."""
    session = _settled("gravity")
    shown = session.step_record.shown
    report = shown.report
    a = shapely.Polygon(np.asarray(shown.a_shape.vertices))
    b = shapely.Polygon(np.asarray(shown.b_shape.vertices))
    assert a.intersection(b).area > 0 and 0 < report.depth <= RESTING_OVERLAP
    assert collision_state(report, rigid=True) == "resting"
    words, _ = narration(session.world, session.step_record)
    said = words.removeprefix("Resting contact, ").split(" px deep")[0]
    assert words == (
        f"Resting contact, {said} px deep: under the 0.45 px slop, it is held, not pushed."
    )
    # the depth in fixed point at two significant digits, as far as the screen's six
    # decimals go (issue 41: no e-notation; 0.0000079 px reads 0.000008)
    places = said.split(".")[1]
    digits = places.lstrip("0")
    assert "e" not in said and said.startswith("0.") and len(places) <= 6
    assert abs(float(said) - report.depth) <= 0.05 * report.depth + 0.5e-6
    leading_zeros = len(places) - len(digits)
    assert len(digits) == min(2, 6 - leading_zeros)
    texts = [t.text for t in draw_session(pygame.Surface((1280, 720)), session).texts]
    assert "◪ collision: resting" in texts


def test_a_deep_overlap_in_a_rigid_world_is_still_a_collision():
    """More than the slop is a collision, rigid or not (a hand-made report)."""

    class Report:
        colliding, a_in_b, b_in_a = True, False, False
        depth = RESTING_OVERLAP + 0.01

    assert collision_state(Report(), rigid=True) == "colliding"
    Report.depth = RESTING_OVERLAP
    assert collision_state(Report(), rigid=True) == "resting"
    assert collision_state(Report(), rigid=False) == "colliding"  # the tutorials' rule


def test_the_tutorial_mtv_scenes_keep_their_words():
    """Classic, pushed in: colliding with the MTV, as tutorial 003 says it."""
    session = open_session(SCENES["classic"])
    session.world.resolve = False
    for _ in range(60):
        advance(session, frozenset({"right"}))
    assert not session.world.rigid
    words, _ = narration(session.world, session.step_record)
    assert words.startswith("Colliding: every axis overlaps")
