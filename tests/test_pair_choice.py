"""The pair on show is the app's (issue 42, item 2): the session keeps the learner's
choice, physics explains the pair it is asked for and never chooses one; the rewind and
the undo bring the choice of their time back, as they did when the world held it."""

from __future__ import annotations

import pytest
from driving import advance, open_session, press

from sandbox.app.commands import Edit
from sandbox.app.edit_commands import delete_command
from sandbox.app.editing import apply_edit
from sandbox.app.pair_choice import PairChoice, asked, cycled, opening, picked, without
from sandbox.app.scene_control import pick
from sandbox.core.geometry import Polygon
from sandbox.physics.body import Body
from sandbox.physics.records import AskedPair
from sandbox.physics.world import World
from sandbox.scenes.registry import SCENES

STEP = 1 / 60


def row(*xs):
    return [Body(f"b{k}", Polygon.box(10, 10, position=(x, 0))) for k, x in enumerate(xs)]


def test_physics_explains_the_pair_it_is_asked_for_and_holds_no_choice():
    """Asked for nothing, a step explains nothing; asked for (0, nearest), it explains
    body 0 against body 1 (20 px away, where 2 is 300 px away), as (0, 1) asked by name."""
    world = World(row(0, 20, 300))
    assert not {"focus", "partner"} & set(vars(world))
    assert world.step(STEP).shown is None
    nearest = world.step(STEP, asked=AskedPair(0)).shown
    named = world.explain_now(AskedPair(0, 1)).shown
    assert (nearest.a, nearest.b) == (named.a, named.b) == (0, 1)
    assert nearest.report.to_dict() == named.report.to_dict()
    assert world.explain_now(AskedPair(2, 0)).shown.b == 0


def test_the_choice_defaults_and_its_clicks():
    """No choice: A is the controlled body (else body 0), B the nearest (None). A shift-
    click on B's body makes it A and drops B; a click on A's body shows nothing new."""
    world = World(row(0, 20, 300))
    assert asked(PairChoice(), world) == AskedPair(0, None)
    assert asked(PairChoice(b=0), world) == AskedPair(0, None)  # B cannot be A
    assert asked(PairChoice(a=2, b=9), world) == AskedPair(2, None)  # B gone: the nearest
    assert cycled(PairChoice(), world) == PairChoice(b=2)  # Tab: after the nearest (1)
    assert picked(PairChoice(b=2), world, 2, as_a=True) == PairChoice(2, None)
    assert picked(PairChoice(b=2), world, 0, as_a=False) is None
    assert without(PairChoice(3, 1), deleted=1) == PairChoice(2, None)
    assert asked(PairChoice(), World(row(0))) is None  # one body: no pair


@pytest.mark.parametrize("name", ["tunnelling", "stack", "concave", "spin"])
def test_a_scene_opens_on_its_pair(name):
    session = open_session(SCENES[name])
    a, b = SCENES[name].pair
    world = session.world
    if a is not None:
        assert world.bodies[session.shown.a].name == a
    assert world.bodies[session.shown.b].name == b
    assert session.pair_choice == opening(SCENES[name], world)


def test_a_rewind_brings_back_the_pair_chosen_then():
    """Tab at step 5, a step, then Backspace: the world of step 5, and its pair."""
    session = open_session(SCENES["pile"])
    for _ in range(5):
        advance(session)
    first = (session.shown.a, session.shown.b)
    press(session, "tab")
    advance(session)
    tabbed = session.pair_choice
    assert tabbed.b is not None and (session.shown.a, session.shown.b) != first
    press(session, "backspace")
    assert session.step_on_show == 5 and session.pair_choice == PairChoice()
    assert (session.shown.a, session.shown.b) == first
    advance(session)  # stepped on from there: the pair of then, explained afresh
    assert (session.shown.a, session.shown.b) == first


def test_an_undo_brings_back_the_pair_a_delete_changed():
    """stack opens on column 1 against column 0; deleting column 0 leaves column 1 as A
    (renumbered) and B to the nearest; undo puts both back."""
    session = open_session(SCENES["stack"])
    before = session.pair_choice
    world = session.world
    column_1 = world.index("column 1")
    assert before == PairChoice(column_1, world.index("column 0"))
    assert apply_edit(session, Edit(delete_command(name="column 0"))).ok
    assert session.pair_choice == PairChoice(session.world.index("column 1"), None)
    assert session.world.bodies[session.shown.a].name == "column 1"
    assert apply_edit(session, Edit({"op": "undo"})).ok
    assert session.pair_choice == before
    assert session.shown.a == column_1


def test_a_click_picks_the_pair_and_the_next_step_explains_it():
    session = open_session(SCENES["pile"])
    pick(session, 7, as_a=True)
    pick(session, 9, as_a=False)
    assert session.pair_choice == PairChoice(7, 9)
    advance(session)
    assert (session.shown.a, session.shown.b) == (7, 9)
    assert session.world.record.shown.a == 7  # the step itself explained it
