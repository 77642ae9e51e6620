"""Step-through: SAT one axis at a time, drawn and narrated (keys A, '.' and ',').

The steps come from `core.walk.walkthrough` on the report of the pair on show; this
module only draws them. In the scene: the current axis across it, both shapes dropped
onto it (every vertex, the min and max marked), the gap or overlap; at the verdict, the
MTV arrow. In the narration band: what this step decides, in plain words. The rulers
(rulers.py) grey the axes not reached yet and those the early exit never tests.
"""

from __future__ import annotations

from ..core.walk import WalkOnShow, WalkStep
from .language import ENGLISH_WORDS, Language
from .mtv import draw_mtv
from .overlays import Overlays
from .separating import draw_axis_projection
from .view import View
from .words import STEP_THROUGH, amount, axis_name


def _amount(axis, tr: Language) -> str:
    if axis.depth > axis.overlap + 1e-9:  # one inside the other along this axis
        said = tr("overlap {overlap}, shortest way out {depth}")
        return said.format(overlap=amount(axis.overlap), depth=amount(axis.depth))
    return tr("overlap {overlap}").format(overlap=amount(axis.overlap))


def swept_axis(record, shown, axis):
    """Tutorial 003's velocity-extended projection of A on `axis`, when A is a bullet
    whose swept test this step included B (else None)."""
    if record is None or axis is None:
        return None
    u = axis.axis
    for event in record.sweeps:
        if event.body != shown.a:
            continue
        for other, records in event.swept_axes:
            if other != shown.b:
                continue
            for swept in records:
                if abs(swept.axis[0] * u[0] + swept.axis[1] * u[1]) > 1 - 1e-9:
                    return swept
    return None


def swept_words(swept, tr: Language = ENGLISH_WORDS) -> str:
    """What the moving shadow does on this axis during the step (tutorial 003)."""
    lo, hi = swept.a_swept
    if swept.enter > 1.0 or swept.leave < 0.0 or swept.enter > swept.leave:
        return " " + tr("Moving, A sweeps {lo:.1f}..{hi:.1f}: never meets B.").format(lo=lo, hi=hi)
    enter, leave = max(swept.enter, 0.0), min(swept.leave, 1.0)
    said = tr(
        "Moving, A sweeps {lo:.1f}..{hi:.1f}: meets B from {enter:.2f} to {leave:.2f} of the step."
    )
    return " " + said.format(lo=lo, hi=hi, enter=enter, leave=leave)


def step_words(
    steps: tuple[WalkStep, ...], k: int, swept=None, tr: Language = ENGLISH_WORDS
) -> tuple[str, str]:
    """The narration of step k, and the theme role of its colour (with `swept`, the
    velocity-extended projection on this step's axis, tutorial 003's swept test), in the
    language `tr`."""
    words, role = _step_words(steps, k, tr)
    if swept is not None and steps[k].kind == "test":
        words += swept_words(swept, tr)
    return words, role


def _step_words(steps: tuple[WalkStep, ...], k: int, tr: Language) -> tuple[str, str]:
    step = steps[k]
    tests = [s for s in steps if s.kind == "test"]
    total = len(tests) + len(steps[-1].untested) if steps[-1].kind == "test" else len(tests)
    done = sum(1 for s in steps[: k + 1] if s.kind == "test")
    smallest = ""
    if step.smallest is not None:
        said = tr("Smallest overlap so far {depth}, on {axis}.")
        depth, on = amount(step.smallest.depth), axis_name(step.smallest, STEP_THROUGH, tr)
        smallest = " " + said.format(depth=depth, axis=on)
    if step.kind == "skip":
        skipped = step.skipped
        what = axis_name(skipped, STEP_THROUGH, tr) if skipped.feature == "edge" else tr("it")
        said = tr(
            "Skip {what}: it is parallel to {axis}, already tested — the same shadows, "
            "the same answer."
        )
        return (
            said.format(what=what, axis=axis_name(step.axis, STEP_THROUGH, tr)) + smallest,
            "text",
        )
    if step.kind == "result":
        axis = step.axis
        if axis is None:
            return (tr("Every axis overlaps: colliding."), "overlap")
        if axis.depth == 0.0:  # zero depth has one name everywhere (the core's rule)
            said = tr("No gap on any axis, and the least overlap is 0: touching, nothing to push.")
            return (said, "text")
        said = tr(
            "No gap on any axis: colliding. MTV = the shortest way out, {depth}, × its axis "
            "({axis}), pointing from B to A."
        )
        return (
            said.format(depth=amount(axis.depth), axis=axis_name(axis, STEP_THROUGH, tr)),
            "mtv",
        )
    axis = step.axis
    head = tr("Axis {n} of {count}, {axis}:").format(
        n=done, count=total, axis=axis_name(axis, STEP_THROUGH, tr)
    )
    if axis.separates:
        left = len(step.untested)
        rest = " " + tr("The other {n} are not tested.").format(n=left) if left else ""
        said = tr("gap {gap}. A separating axis, so no collision — stop here.")
        return (f"{head} {said.format(gap=amount(axis.overlap))}{rest}", "gap")
    said = tr("{amount}: keep looking.").format(amount=_amount(axis, tr))
    return (f"{head} {said}{smallest}", "overlap")


def draw_walk(view: View, shown, walk: WalkOnShow, overlays: Overlays, record=None) -> None:
    """The scene half of the step on show."""
    step = walk.step
    swept = swept_axis(record, shown, step.axis) if step.kind == "test" else None
    if step.kind == "result":
        if shown.report.colliding:
            draw_mtv(view, shown, overlays)
        return
    draw_axis_projection(
        view,
        shown,
        step.axis,
        overlays,
        step.axis.separates,
        every_vertex=step.kind == "test",
        swept=None if swept is None else swept.a_swept,
    )
