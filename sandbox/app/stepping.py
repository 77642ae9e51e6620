"""Time: one fixed step of the world, rewinding through the kept steps, the step-through.

Functions of the session's state (app/state.Session); the dispatcher calls them. The
world steps here and nowhere else: `advance` takes one step of STEP seconds with the
keys held (the lesson's script has already run, by the dispatcher's hand).
"""

from __future__ import annotations

import numpy as np

from ..core.locales import N_
from ..core.portable import hypot
from ..core.walk import walkthrough
from ..core.worded import WordedError
from ..physics.finite import NAMED, NotFiniteError
from ..physics.records import IMPACT_SPEED, impact_speed
from ..physics.world import World
from ..render.overlays import Jump, Moment
from . import lesson_run
from .framing import follow
from .keymap import steering_from
from .pair_choice import asked
from .scene_control import explain_now, say, with_pair
from .state import STEP, Session

MOMENT_STEPS = 600  # a swept hit or a tunnelling jump stays drawn for this many steps


def advance(session: Session, held: frozenset[str]) -> None:
    """One fixed step of the world with these keys held."""
    if session.message_left:  # a message lasts its steps, however many frames are drawn
        session.message_left -= 1
        if not session.message_left:
            session.message = None
    session.walk = None  # the world moves on: the step-through is over
    if session.space is not None:
        session.space = session.space.stepped(held, STEP)
    world = session.world
    before = world.position.copy()
    velocities = world.velocity.copy()
    try:
        record = world.step(STEP, steering_from(set(held)), asked(session.pair_choice, world))
    except NotFiniteError as error:
        _not_finite(session, error)
        return
    session.step_record = with_pair(session, record)
    session.impact = _impact(session, velocities)
    session.step_on_show += 1
    session.steps_taken += 1
    if session.moment is not None and world.tick - session.moment.tick > MOMENT_STEPS:
        session.moment = None
    if session.moment is None:  # the first moment stays until it expires (the lesson's one)
        session.moment = find_moment(world, session.step_record, before)
    session.history.keep(world, session.step_on_show, session.pair_choice)
    follow(session)
    if session.scene.hold_at_impact and not session.impact_held:
        _hold_at_impact(session)
    if session.lesson_run is not None:
        lesson_run.stepped(session)


def _not_finite(session: Session, error: NotFiniteError) -> None:
    """A step that left the world without numbers it can hold does not end the app: the
    world goes back to the last state kept (the one the step began from), the session
    pauses, and the status line names the bodies (a headless run ends with that line:
    `Session.failed`)."""
    moved = session.history.move(session.world, 0)
    if moved is not None:
        session.pair_choice = moved[1]
    session.world.grab = None
    session.hand = None
    session.paused = True
    session.failed = failed = step_failed(error)
    tr = session.language.tr
    say(session, tr("{error}; paused").format(error=failed.said(tr)))


class StepError(WordedError):
    """Why the world could not step (a NotFiniteError), in words said in the class's
    language: physics names the step and the bodies in English (it is numpy only), the
    app says it."""


def step_failed(error: NotFiniteError) -> StepError:
    """`error`'s step and bodies in the words of the catalogue (the first NAMED bodies
    named, the rest counted)."""
    shown = ", ".join(repr(name) for name in error.bodies[:NAMED])
    more = len(error.bodies) - NAMED
    if more > 0:
        return StepError.words(
            N_(
                "the world stopped being finite at step {tick}: {bodies} and {more} more "
                "went past the numbers a world can hold"
            ),
            tick=error.tick,
            bodies=shown,
            more=more,
        )
    return StepError.words(
        N_(
            "the world stopped being finite at step {tick}: {bodies} "
            "went past the numbers a world can hold"
        ),
        tick=error.tick,
        bodies=shown,
    )


def _impact(session: Session, before) -> float:
    """How much this step changed the closing speed of the pair on show, when it
    touches at the end of it (0 otherwise): the HUD's "Impact" and the scene's hold."""
    shown = session.shown
    if shown is None or not shown.report.colliding or not session.world.rigid:
        return 0.0
    normal = shown.report.normal if shown.report.depth > 0 else None
    if normal is None:  # touching: depth 0, no normal; the axis of least overlap
        axis = shown.report.mtv_axis
        normal = axis.axis if axis is not None else (0.0, 0.0)
    return impact_speed(before, session.world.velocity, shown.a, shown.b, normal)


def _hold_at_impact(session: Session) -> None:
    """The scene's moment: pause on the first step the pair on show meets with an
    impact, so that the class sees it (it lasts one step at 1x)."""
    if session.impact <= IMPACT_SPEED:
        return
    session.impact_held = True
    if session.lesson_run is not None and session.lesson_run.phase == "showing":
        return  # a lesson's evidence runs its steps through
    session.paused = True
    say(session, N_("impact: paused ({space} goes on)"))


def rewind(session: Session, delta: int) -> None:
    """Show the world `delta` steps later (or earlier) among the kept steps."""
    moved = session.history.move(session.world, delta)
    if moved is None:
        return
    world = session.world
    session.step_on_show, session.pair_choice = moved
    session.walk = None
    session.impact = 0.0  # the rewound-to step's impact is not measured again
    world.grab = None
    session.hand = None
    record = world.record if world.record is not None else explain_now(session)
    session.step_record = with_pair(session, record)
    follow(session)


def walk(session: Session, action: str) -> None:
    """Step-through: A freezes the world on the pair on show (pauses) and walks its
    axes; . and , go one step forward and back; A again leaves (still paused)."""
    if action == "walk" and session.walk is not None:
        session.walk = None
        return
    shown = session.shown
    if shown is None:
        say(session, N_("step-through: no pair on show"))
        return
    last = len(walkthrough(shown.report)) - 1
    if session.walk is None:
        session.paused = True
        session.walk = 0 if action != "walk_back" else last
        return
    delta = 1 if action == "walk_next" else -1
    session.walk = min(max(session.walk + delta, 0), last)


def find_moment(world: World, record, before):
    """A Moment when this step had a swept hit, or a body jumped over a static one (its
    start and end both clear of it, the space between crossing it); else None. Only reads
    the positions before and after the step and what the step recorded."""
    hits = tuple(ev for ev in (record.sweeps if record else ()) if ev.fraction is not None)
    jumps = []
    boxes = world.geometry()["boxes"]
    static = np.flatnonzero(world.static)
    moved = hypot(*(world.position - before).T)
    size = np.maximum(np.min(boxes[:, 2:] - boxes[:, :2], axis=1), 1.0)
    fast = np.flatnonzero(~world.static & (moved > 2 * size))  # further than twice its size
    for i in fast.tolist():
        if world.bodies[i].bullet:
            continue
        d = world.position[i] - before[i]
        lo, hi = boxes[i, :2], boxes[i, 2:]
        start_lo, start_hi = lo - d, hi - d
        band_lo, band_hi = np.minimum(lo, start_lo), np.maximum(hi, start_hi)
        for j in static.tolist():
            s_lo, s_hi = boxes[j, :2], boxes[j, 2:]

            def overlaps(a_lo, a_hi, s_lo=s_lo, s_hi=s_hi):
                return bool(np.all(a_lo <= s_hi) and np.all(s_lo <= a_hi))

            if (
                overlaps(band_lo, band_hi)
                and not overlaps(lo, hi)
                and not overlaps(start_lo, start_hi)
            ):
                start = (float(before[i, 0]), float(before[i, 1]))
                end = (float(world.position[i, 0]), float(world.position[i, 1]))
                jumps.append(Jump(i, start, end, j))
                break
    if not hits and not jumps:
        return None
    return Moment(world.tick, hits, tuple(jumps))
