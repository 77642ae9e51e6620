"""The scene on show: opening one, the world it shows, the pair explained, the status line.

Functions of the session's state (app/state.Session); the dispatcher calls them.
"""

from __future__ import annotations

import dataclasses

from ..core.locales import N_
from ..physics.contacts import BROAD_PHASES, switch_broad_phase
from ..physics.records import explain
from ..physics.world import World
from ..render.language import ENGLISH_WORDS, Language
from ..scenes.base import Scene
from ..scenes.builtin import OUTLINES, broad_phase
from ..scenes.space import Space
from .editor import EditHistory
from .framing import open_view
from .history import History
from .pair_choice import asked, cycled, opening, picked
from .state import SPEEDS, Session

MESSAGE_STEPS = 120  # a transient message stays for this many steps (2 s at 1x)
# What the class is told when the lesson lets go (End, a scene key or the scene list at
# an open stage): short enough to stay whole on the status line of a 1024x768 projector.
EXPLORING = N_("exploring · {home}: back")
BROAD_PHASES_SAID = {
    "sweep": N_("sort and sweep"),
    "grid": N_("uniform grid"),
    "quadtree": N_("quadtree"),
}


def open_session(
    scene: Scene, seed: int = 0, theme: str = "dark", words: Language = ENGLISH_WORDS
) -> Session:
    """A new session showing `scene` from its start, its words in `words`' language."""
    session = Session(scene, seed, theme, language=words)
    open_scene(session, scene)
    open_view(session, scene.view)  # (open_scene sets a view only for another scene)
    return session


def open_scene(
    session: Session, scene: Scene, keep_speed: bool = False, world: World | None = None
) -> None:
    """Show `scene` from its start (or from `world`, a start built for it)."""
    changed = scene is not session.scene
    if changed:
        session.outline = 0
    session.scene = scene
    if world is None and scene.outline_test:
        world = scene.build(session.seed, outline=session.outline)
    session.pair_index = None
    session.moment = None
    session.impact_held = False  # the scene's moment of impact is still to come
    session.impact = 0.0
    session.message, session.message_left = None, 0  # a message about the last scene is stale
    if session.lesson_run is not None and session.lesson_run.exploring:  # the lesson let go: say so
        say(session, EXPLORING)
    session.space = Space() if scene.demo == "sat-3d" else None
    world = world if world is not None else scene.world(session.seed)
    session.pair_choice = opening(scene, world)
    use_world(session, world)
    if changed:  # another scene: its own view (the whole of it, unless it asks)
        open_view(session, scene.view)
    if not keep_speed:
        session.speed_index = len(SPEEDS) - 1 if scene.slow_start else 0


def use_world(session: Session, world: World) -> None:
    """Show `world` from now on: the pair chosen explained afresh, the step-through
    closed and the rewind history started again from it."""
    session.world = world
    session.edits = EditHistory()  # this world's edits, to undo
    session.draft = None
    session.walk = None
    session.step_record = with_pair(session, explain_now(session))
    session.history = History()
    session.history.keep(world, session.step_on_show, session.pair_choice)


def explain_now(session: Session):
    """The world's last record with the pair chosen explained at the current pose."""
    return session.world.explain_now(asked(session.pair_choice, session.world))


def with_pair(session: Session, record):
    """The record with the pair Tab chose from the scene's list, explained at this pose."""
    if session.pair_index is None or record is None:
        return record
    world = session.world
    a, b = (world.index(name) for name in session.scene.tab_pairs[session.pair_index])
    return dataclasses.replace(record, shown=explain(a, b, world.shape(a), world.shape(b)))


def say(session: Session, message: str) -> None:
    """A transient line on the status bar."""
    session.message, session.message_left = message, MESSAGE_STEPS


def next_pair(session: Session) -> None:
    """Tab: the scene's next listed pair, or the shape against the next body."""
    session.walk = None if session.walk is None else 0
    if session.scene.tab_pairs:
        index = 0 if session.pair_index is None else session.pair_index
        session.pair_index = (index + 1) % len(session.scene.tab_pairs)
        session.step_record = with_pair(session, explain_now(session))
    else:
        session.pair_choice = cycled(session.pair_choice, session.world)
        session.step_record = explain_now(session)


def pick(session: Session, body: int, as_a: bool) -> None:
    """A click: show the pair against this body (B), or with it as shape A (shift)."""
    world = session.world
    choice = picked(session.pair_choice, world, body, as_a)
    if choice is None:
        return
    session.pair_choice = choice
    tr = session.language.tr
    said = tr("shape A: {name}") if as_a else tr("shape B: {name}")
    say(session, said.format(name=session.language.name(world.bodies[body].name)))
    session.pair_index = None
    session.walk = None if session.walk is None else 0
    session.step_record = explain_now(session)


def scene_switch(session: Session) -> None:
    """F: the scene's switch: the next outline, the 3D scene's next pose, the next broad
    phase; or say that this scene has none."""
    scene = session.scene
    if not (scene.outline_test or session.space is not None or scene.demo == "broad-phase"):
        say(session, N_("F: this scene has no switch (broad phase, 3D pose or outline)"))
    if scene.outline_test:
        next_outline(session)
    if session.space is not None:
        session.space = session.space.next_pose()
    if scene.demo == "broad-phase":
        names = list(BROAD_PHASES)
        world = session.world
        following = names[(names.index(world.broad_phase) + 1) % len(names)]
        switch_broad_phase(world, following)
        session.step_record = explain_now(session)
        said = session.language(BROAD_PHASES_SAID[world.broad_phase])
        say(session, session.language.tr("broad phase: {method}").format(method=said))


def next_outline(session: Session) -> None:
    """F in a scene with an outline test: the learner's shape takes the next outline,
    its centre of mass, angle and speeds kept; every other body goes on as it was, and
    so do the edits made since the scene opened (a spawned box stays, a deleted one
    stays deleted): the body is swapped in the world on show, not in a new build."""
    world = session.world
    c = world.controlled
    if c is None:
        say(session, N_("F: the learner's shape was deleted; R brings the scene back"))
        return
    session.outline = (session.outline + 1) % len(OUTLINES)
    built = session.scene.build(session.seed, outline=session.outline)
    body = built.bodies[built.controlled]
    taken = {b.name for i, b in enumerate(world.bodies) if i != c}
    name, k = body.name, 1
    while name in taken:  # a body the learner named so: this one takes a number
        k += 1
        name = f"{body.name} {k}"
    world.swap_body(c, dataclasses.replace(body, name=name))
    use_world(session, world)
    shape = world.bodies[c].shape
    pieces = len(shape.pieces) if shape.kind == "compound" else 1
    tr = session.language
    kind = tr("concave: {n} pieces") if pieces > 1 else tr("convex: one piece")
    said = tr("outline: {name} ({kind})")
    say(session, said.format(name=tr.name(world.bodies[c].name), kind=kind.format(n=pieces)))


def restart_overlapping(session: Session) -> None:
    """Y in the broad-phase scene: its start again, with the bodies overlapping."""
    if session.scene.demo != "broad-phase":
        say(session, N_("Y restarts the broad-phase scene only"))
        return
    world = broad_phase(session.seed, overlapping=True)
    world.broad_phase = session.world.broad_phase
    open_scene(session, session.scene, keep_speed=True, world=world)
    say(session, N_("restarted overlapping"))
