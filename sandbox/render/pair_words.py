"""The pair's words: what is happening now in one sentence (the HUD's live words, the
narration the frame in words repeats), and which body plays A and which B."""

from __future__ import annotations

from ..core.walk import WalkOnShow
from ..physics.records import IMPACT_SPEED, StepRecord, SweepEvent
from ..physics.world import World
from .bodies import has_moved
from .demos import demo_for
from .language import ENGLISH_WORDS, Language
from .walk import step_words, swept_axis
from .words import LABEL, RESTING_OVERLAP, amount, axis_name, collision_state


def frame_narration(world: World, record: StepRecord | None, status, tr: Language, thinnest=0.0):
    """`narration` for a frame: its moment, step-through, demo, 3D space and impact as the
    frame model (render/overlays.FrameModel) holds them; what the HUD draws and
    `--describe` prints both come from here."""
    return narration(
        world,
        record,
        status.moment,
        status.walk,
        status.demo,
        status.space,
        status.impact,
        thinnest,
        tr,
    )


def narration(
    world: World,
    record: StepRecord | None,
    moment=None,
    walk: WalkOnShow | None = None,
    demo: str | None = None,
    space=None,
    impact: float = 0.0,
    thinnest: float = 0.0,
    tr: Language = ENGLISH_WORDS,
) -> tuple[str, str]:
    """What is happening now, in plain words, and the role of its colour. `impact`: how
    much the last step changed the pair's closing speed (the app measures it); `thinnest`:
    the world length of a line's width at this zoom (a gap or depth under it is said to be
    too thin to see: the outlines' strokes cover it); `tr`: the words' language."""
    own = demo_for(demo, world, space)  # a scene with a demo of its own (render/demos.py)
    if own is not None:
        return own.narration(world, space, tr)
    if walk is not None and record is not None and record.shown is not None:
        swept = swept_axis(record, record.shown, walk.step.axis)
        return step_words(walk.steps, walk.index, swept, tr)
    if moment is not None and moment.jumps:
        jump = moment.jumps[0]
        parts = world.bodies[jump.body].name.split(", ")
        name = tr(f"{parts[1]} {parts[0]}" if len(parts) == 2 else parts[0])
        said = (
            tr("Tick {tick}: the {name} skipped the wall; the swept test caught the other.")
            if moment.sweeps
            else tr("Tick {tick}: the {name} skipped the wall.")
        )
        return (said.format(tick=moment.tick, name=name), "overlap")
    cut = _cut_to_tell(record)
    if cut is not None:
        said = tr(
            "The swept test stopped the {name} at {fraction:.2f} of its step, at its "
            "first touch ({other})."
        )
        name = tr(world.bodies[cut.body].name).split(",")[0]
        other = tr(world.bodies[cut.other].name)
        return (said.format(name=name, fraction=cut.fraction, other=other), "gap")
    shown = record.shown if record is not None else None
    if shown is None:
        return (tr("No pair on show."), "text_dim")
    speed = impact
    if speed > IMPACT_SPEED and collision_state(shown.report, True) in ("touching", "resting"):
        said = tr(  # the moment of impact: the impulse acts now, not 'nothing to push'
            "Impact: the impulse at the contact points changes their speeds by {speed:.0f} "
            "px/s in all."
        )
        return (said.format(speed=speed), "overlap")
    words, role = _pair_words(shown.report, world.rigid, thinnest, tr)
    pieces = [
        tr("{letter}'s piece {n}").format(letter=letter, n=piece + 1)
        for letter, piece in (("A", shown.a_piece), ("B", shown.b_piece))
        if piece is not None
    ]
    if pieces:  # a compound body: SAT ran on its pieces; this is the pair on show
        return (f"{' × '.join(pieces)}: {words[0].lower()}{words[1:]}", role)
    moved = has_moved(world, shown.a, shown.a_shape) or has_moved(world, shown.b, shown.b_shape)
    if moved and not world.rigid:  # the report is of the pose SAT tested (the ghost)
        return (tr("Before the push: {words}").format(words=f"{words[0].lower()}{words[1:]}"), role)
    return (words, role)


def _cut_to_tell(record: StepRecord | None) -> SweepEvent | None:
    """The swept test's cut this step to tell of: one of the pair on show's bodies if
    any was cut (so the words are of A or B), else the first; None without a cut."""
    if record is None:
        return None
    cuts = [ev for ev in record.sweeps if ev.fraction is not None and ev.other is not None]
    shown = record.shown
    if shown is not None:
        ours = [ev for ev in cuts if ev.body in (shown.a, shown.b)]
        cuts = ours or cuts
    return cuts[0] if cuts else None


def _pair_words(
    report, rigid: bool = False, thinnest: float = 0.0, tr: Language = ENGLISH_WORDS
) -> tuple[str, str]:
    """The pair's state in one sentence, and the role of its colour; a gap or a depth
    thinner than `thinnest` (a line's width at this zoom) is said to be too thin to see."""
    state = collision_state(report, rigid)

    def unseen(length: float) -> str:
        return tr(", thinner than a line at this zoom") if 0 < abs(length) < thinnest else ""

    if state == "apart":
        sep = report.separating
        said = tr("Apart: axis {axis} shows a gap of {gap}{unseen}, so no collision.")
        return (
            said.format(
                axis=axis_name(sep, LABEL, tr), gap=amount(sep.overlap), unseen=unseen(sep.overlap)
            ),
            "gap",
        )
    if state == "touching":
        return (tr("Touching: the shapes meet with no overlap (depth 0): nothing to push."), "text")
    if state == "resting":  # a soft contact holds the weight; pushing it out would jitter
        said = tr(
            "Resting contact, {depth} px deep{unseen}: under the {slop} px slop, it is held, "
            "not pushed."
        )
        depth = amount(report.depth)
        return (said.format(depth=depth, unseen=unseen(report.depth), slop=RESTING_OVERLAP), "text")
    mtv = report.mtv_axis
    where = tr(" on {axis}").format(axis=axis_name(mtv, LABEL, tr)) if mtv is not None else ""
    if state == "inside":
        who = tr("A is inside B") if report.a_in_b else tr("B is inside A")
        said = tr("{who}: the shortest way out, {depth}{where}, is the MTV.")
        return (said.format(who=who, depth=amount(report.depth), where=where), "overlap")
    said = tr("Colliding: every axis overlaps; the least, {depth}{where}{unseen}, is the MTV.")
    depth = amount(report.depth)
    return (said.format(depth=depth, where=where, unseen=unseen(report.depth)), "overlap")


def role_line(world: World, index: int, letter: str, tr: Language = ENGLISH_WORDS) -> str:
    """ "A = triangle", "B = a quadrilateral": which body plays which role."""
    name = world.bodies[index].name
    if name.strip().upper() != letter:
        return f"{letter} = {tr.name(name)}"
    shape = world.shape(index)
    sides = len(getattr(shape, "vertices", ()))
    kinds = {0: tr("a circle"), 3: tr("a triangle"), 4: tr("a quadrilateral")}
    kind = kinds.get(sides) or tr("{sides} sides").format(sides=sides)
    return f"{letter} = {kind}"
