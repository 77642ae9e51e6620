"""A lesson's words bound to its world: placeholders filled from the state and the theme at
the frame they are drawn in, and the checks a rehearsal makes of the words it drew.

A stage's `say`, and its question and `explain`, quote a live value or a colour only
through a placeholder (README, "Teaching with lessons")::

    {gap}             the gap on the first separating axis of the pair on show, in px
    {gap:e0 A}        the gap on that axis (axes named as the rulers name them)
    {depth}           the depth of the MTV: the shortest way out
    {depth:e2 A}      the way out along that axis
    {overlap:e0 B}    the length the two shadows share on that axis
    {separating}      the first separating axis's name; {mtv_axis}: the MTV's axis
    {axes}            how many axes SAT tested
    {bodies}, {pairs} the broad phase's bodies and all their pairs, n(n-1)/2
    {a}, {b}          the names of shapes A and B
    {speed:NAME}      that body's speed in px/s; {per_step:NAME}: in px a step (1/60 s)
    {colour:ROLE}     the theme's word for a colour: a, b, contacts, mtv, gap, overlap

Numbers are said as the screen says every number (render.words.amount). What a
placeholder cannot say at this frame (a gap while the shapes collide) reads "—" on
screen; the rehearsal refuses it at the frames it checks (PlaceholderError).
"""

from __future__ import annotations

import re

from ..core.portable import hypot
from ..render.broadview import counts
from ..render.theme import colour_word
from ..render.words import LABEL, amount, axis_name
from .state import STEP, Session

PLACEHOLDER = re.compile(r"\{([a-z_]+)(?::([^{}]*))?\}")
NOT_NOW = "—"  # what an unfillable placeholder shows on screen


class PlaceholderError(ValueError):
    """A placeholder that names nothing, or nothing at this frame."""


def fill(text: str, session: Session, strict: bool = False) -> str:
    """`text` with every placeholder said from the session's state and theme; strict:
    PlaceholderError for one that cannot be said now (else it reads NOT_NOW)."""

    def said(match: re.Match) -> str:
        try:
            return _value(match.group(1), (match.group(2) or "").strip(), session)
        except PlaceholderError:
            if strict:
                raise
            return NOT_NOW

    return PLACEHOLDER.sub(said, text)


def literal(text: str) -> str:
    """`text` without its placeholders: the words the author typed as they are."""
    return PLACEHOLDER.sub(" ", text)


def _value(name: str, argument: str, session: Session) -> str:
    shown = session.shown
    report = shown.report if shown is not None else None
    if name == "colour":
        word = colour_word(session.theme, argument)
        if word is None:
            raise PlaceholderError(f"{{colour:{argument}}}: no such colour role")
        return session.language(word)
    if name in ("speed", "per_step"):
        world = session.world
        names = [body.name for body in world.bodies]
        if argument not in names:
            raise PlaceholderError(f"{{{name}:{argument}}}: no body named {argument!r}")
        vx, vy = (float(v) for v in world.velocity[names.index(argument)])
        speed = hypot(vx, vy)
        return f"{speed:.0f}" if name == "speed" else amount(speed * STEP)
    if name in ("bodies", "pairs"):
        if session.world.broad is None:
            raise PlaceholderError(f"{{{name}}}: the broad phase has not run yet")
        return str(counts(session.world)["bodies" if name == "bodies" else "all"])
    if report is None:
        raise PlaceholderError(f"{{{name}}}: no pair on show")
    if name in ("a", "b"):
        index = shown.a if name == "a" else shown.b
        return session.language.name(session.world.bodies[index].name)
    if name == "axes":
        return str(len(report.axes))
    if name == "separating" or (name == "gap" and not argument):
        if report.separating is None:
            raise PlaceholderError(f"{{{name}}}: no axis separates the pair now")
        axis = report.separating
        named = axis_name(axis, LABEL, session.language)
        return named if name == "separating" else amount(axis.overlap)
    if name == "mtv_axis" or (name == "depth" and not argument):
        if report.mtv_axis is None:
            raise PlaceholderError(f"{{{name}}}: the pair does not collide now")
        named = axis_name(report.mtv_axis, LABEL, session.language)
        return named if name == "mtv_axis" else amount(report.depth)
    if name in ("gap", "depth", "overlap"):
        axis = next((a for a in report.axes if axis_name(a) == argument), None)
        if axis is None:
            named = ", ".join(axis_name(a) for a in report.axes)
            raise PlaceholderError(f"{{{name}:{argument}}}: no such axis (the axes: {named})")
        if name == "gap":
            if axis.overlap >= 0:
                raise PlaceholderError(f"{{gap:{argument}}}: the shadows overlap there")
            return amount(axis.overlap)
        return amount(axis.depth if name == "depth" else axis.overlap)
    raise PlaceholderError(f"{{{name}}}: no such placeholder")


# -- what a rehearsal checks at a frame -----------------------------------------------------

# A number a text may only quote if the frame shows it: two digits or more, or a decimal
# point (a single digit counts things the words name: "two circles", "n(n-1)/2").
QUOTED_NUMBER = re.compile(r"(?<![\w.])\d+\.\d+|(?<![\w.])\d{2,}(?![\w])")
# Colour words: said only through {colour:ROLE}, the theme's word at that frame.
COLOUR_WORDS = re.compile(
    r"\b(yellow|orange|blue|green|red|pink|purple|violet|grey|gray|black|white|vermill?ion)\b",
    re.IGNORECASE,
)


def problems(text: str, filled: str, drawn: list[str], evidence: dict[str, bool]) -> list[str]:
    """What is wrong with `text` (as the author wrote it; `filled`: as drawn) at a frame
    whose other texts are `drawn`; `evidence`: which of the rulers and the contact points
    the frame draws. Each problem in words, for the rehearsal's error."""
    out = []
    typed = literal(text)
    for number in QUOTED_NUMBER.findall(typed):
        if not any(_quotes(other, number) for other in drawn):
            out.append(f"the number {number} is not on screen (quote a live value: {{gap}} ...)")
    for word in COLOUR_WORDS.findall(typed):
        out.append(f"the colour word {word!r}: say colours with {{colour:ROLE}}")
    if re.search(r"\brulers?\b", filled, re.IGNORECASE) and not evidence["rulers"]:
        out.append("it names the rulers, which this frame does not draw")
    if re.search(r"\bcontact points?\b", filled, re.IGNORECASE) and not evidence["contacts"]:
        out.append("it names the contact points, which this frame does not draw")
    return out


def _quotes(text: str, number: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(number)}(?![\w]|\.\d)", text) is not None


def evidence_words(predict, touched_at: int | None, tr) -> str:
    """What an answered question's evidence showed, in words (the card's last line), in
    the language `tr`: when a collide question's pair first touched (`touched_at`)."""
    if predict.kind == "collide":
        if touched_at is not None:
            evidence = tr("they touched at step {step} of {steps}")
        else:
            evidence = tr("no contact in {steps} steps")
        evidence = evidence.format(step=touched_at, steps=predict.steps)
    elif predict.kind == "axis":
        evidence = tr("the step-through stops at the first axis with a gap")
    elif predict.kind == "mtv":
        evidence = tr("the step-through's last step: the shortest way out is the MTV")
    else:
        evidence = tr("{steps} steps run").format(steps=predict.steps) if predict.steps else ""
    return evidence
