"""The --dump-state document: the tick, the scene, every body and the SAT report on show."""

from __future__ import annotations

from ..physics.dump import world_dump
from .state import Session


def dump_state(session: Session) -> dict:
    """The session's state as JSON-able data (see README, "Command line")."""
    shown = session.shown
    world = session.world
    report = None
    if shown is not None:
        report = {
            "a": world.bodies[shown.a].name,
            "b": world.bodies[shown.b].name,
            **shown.report.to_dict(),
        }
        if shown.a_piece is not None or shown.b_piece is not None:
            # a concave body: the report is SAT on these pieces (0-based indices)
            report["a_piece"], report["b_piece"] = shown.a_piece, shown.b_piece
            report["colliding_pieces"] = [list(pair) for pair in shown.colliding_pieces]
    described = world_dump(world)
    space, run = session.space, session.lesson_run
    return {
        "tick": described["tick"],
        "steps": session.step_on_show,
        "scene": session.scene.name,
        "gravity": described["gravity"],
        "bodies": described["bodies"],
        "sat": report,
        **({"sat3d": space.to_dict()} if space is not None else {}),
        **({"lesson": run.to_dict()} if run is not None else {}),
    }
