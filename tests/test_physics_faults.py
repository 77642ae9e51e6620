"""Issue 44, item 0 (the physics side): each case here failed before its fix (a traceback,
an impulse from nowhere, a world that blew up, a heap pushed out of its box)."""

from __future__ import annotations

import os

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from driving import Edit, advance, dispatch, open_session, press  # noqa: E402

from sandbox.app.cli import main  # noqa: E402
from sandbox.scenes.builtin import OUTLINES  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

SPAWN = {"op": "spawn", "kind": "box", "at": [300, 150]}


# --- 1. F after an edit -------------------------------------------------------------------


def test_f_after_a_spawn_in_the_concave_scene_runs_to_the_end(tmp_path, capsys):
    """The report's command (a box spawned at step 1, F at step 2) ended in a traceback
    ('could not broadcast input array from shape (8,2) into shape (7,2)'); it exits 0,
    says nothing on stderr, and the dump holds the spawned box beside the arrow."""
    import json

    state = tmp_path / "state.json"
    argv = ["--headless", "--scene", "concave", "--frames", "10"]
    argv += ["--edit", f"1:{json.dumps(SPAWN)}", "--hold", "f:2-2", "--dump-state", str(state)]
    assert main(argv) == 0
    assert capsys.readouterr().err == ""
    names = [body["name"] for body in json.loads(state.read_text())["bodies"]]
    assert "box 1" in names and OUTLINES[1][0] in names and OUTLINES[0][0] not in names


@pytest.mark.parametrize(
    "edit",
    [
        SPAWN,
        {"op": "delete", "body": "box in the cup"},
        {"op": "move_vertex", "body": "L", "vertex": 3, "to": [340, 370]},
    ],
    ids=["spawn", "delete", "move a corner"],
)
def test_f_after_an_edit_keeps_the_edit_and_swaps_the_outline(edit):
    """After an edit (a body spawned, one deleted, the learner's own corner moved), F
    gives the learner the next outline at its centre of mass and angle, and every other
    body, the edit's result among them, keeps its name and pose bit for bit."""
    session = open_session(SCENES["concave"])
    for _ in range(20):
        advance(session)
    assert dispatch(session, Edit(edit)).edit.ok
    advance(session)
    world = session.world
    c = world.controlled
    centre, angle = world.centres()[c].copy(), float(world.angle[c])
    others = {
        body.name: (world.position[i].copy(), float(world.angle[i]))
        for i, body in enumerate(world.bodies)
        if i != c
    }
    press(session, "f")
    world = session.world
    c = world.controlled
    assert world.bodies[c].name == OUTLINES[1][0]
    assert world.bodies[c].shape.kind == "compound"  # the arrow: concave, in pieces
    assert world.centres()[c] == pytest.approx(centre, abs=1e-9)
    assert float(world.angle[c]) == angle
    kept = {body.name: i for i, body in enumerate(world.bodies) if i != c}
    assert set(kept) == set(others)
    for name, (position, turned) in others.items():
        assert np.array_equal(world.position[kept[name]], position), name
        assert float(world.angle[kept[name]]) == turned, name
    for _ in range(5):
        advance(session)
    assert np.isfinite(session.world.position).all()


def test_f_after_the_learner_is_deleted_says_so():
    """With the learner's shape deleted there is no outline to change: F says so in the
    status line and the world goes on (it was rebuilt without the edit before)."""
    session = open_session(SCENES["concave"])
    advance(session)
    assert dispatch(session, Edit({"op": "delete", "body": OUTLINES[0][0]})).edit.ok
    count = len(session.world.bodies)
    press(session, "f")
    assert "deleted" in session.message and len(session.world.bodies) == count
    assert session.world.controlled is None
    advance(session)
