"""SAT one axis at a time: the steps a learner walks through, read from a full report.

`sat(a, b, all_axes=True)` tests every candidate axis; the algorithm itself stops at the
first gap. `walkthrough(report)` lays the candidates out in test order as the algorithm
meets them and says what each step decides::

    for each candidate axis, in order (A's edge normals, then B's):
        parallel to one already tested?  -> skip it (same shadows, same answer)
        project both shapes, compare the intervals
        a gap?      -> a separating axis: no collision, STOP (the rest: not tested)
        an overlap? -> keep the smallest so far, go on
    no gap anywhere -> colliding; MTV = the least depth (way out) along its axis, B to A

Steps are plain data (no words): the renderer narrates them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .report import AxisTest, SkippedAxis


@dataclass(frozen=True)
class WalkStep:
    """One press of the step key: an axis tested, an axis skipped, or the verdict."""

    kind: str  # "test", "skip" or "result"
    axis: AxisTest | None  # the axis tested ("test"); the axis it repeats ("skip")
    skipped: SkippedAxis | None  # the parallel candidate passed over ("skip")
    smallest: AxisTest | None  # least depth among the axes tested so far (None: none yet)
    stop: bool  # the test ends here (a gap, or the verdict)
    untested: tuple[AxisTest, ...]  # the axes the algorithm never reaches, if it stops here


def _order(owner: str, feature_index: int | None) -> tuple[int, int]:
    """Candidates run through A's features, then B's, each by feature number."""
    return (0 if owner == "a" else 1, -1 if feature_index is None else feature_index)


def walkthrough(report) -> tuple[WalkStep, ...]:
    """The steps of the algorithm on `report` (from sat(..., all_axes=True)), in order."""
    tested = list(report.axes)
    by_index = {axis.index: axis for axis in tested}
    skipped = sorted(report.skipped, key=lambda s: _order(s.owner, s.feature_index))
    steps: list[WalkStep] = []
    smallest: AxisTest | None = None
    mtv_axis = report.mtv_axis
    for position, axis in enumerate(tested):
        key = _order(axis.owner, axis.feature_index)
        while skipped and _order(skipped[0].owner, skipped[0].feature_index) < key:
            skip = skipped.pop(0)
            steps.append(WalkStep("skip", by_index[skip.parallel_to], skip, smallest, False, ()))
        if axis.separates:
            rest = tuple(tested[position + 1 :])
            steps.append(WalkStep("test", axis, None, smallest, True, rest))
            return tuple(steps)
        if smallest is None or axis.depth < smallest.depth:
            smallest = axis
        if mtv_axis is not None and position == len(tested) - 1:
            smallest = mtv_axis  # the report's tie rule: first in test order within rounding
        steps.append(WalkStep("test", axis, None, smallest, False, ()))
    for skip in skipped:  # parallel candidates after the last tested axis
        steps.append(WalkStep("skip", by_index[skip.parallel_to], skip, smallest, False, ()))
    steps.append(WalkStep("result", mtv_axis, None, smallest, True, ()))
    return tuple(steps)


@dataclass(frozen=True)
class WalkOnShow:
    """The step-through as a frame shows it: every step of the pair's walk, derived once
    a frame (the narration, the scene and the rulers read it), and the one on show."""

    steps: tuple[WalkStep, ...]
    index: int  # clamped to the steps there are

    @property
    def step(self) -> WalkStep:
        return self.steps[self.index]


def walk_on_show(shown, walk: int | None) -> WalkOnShow | None:
    """The walk of the pair on show at step `walk` (None: the step-through is off, or no
    pair is on show)."""
    if walk is None or shown is None:
        return None
    steps = tuple(walkthrough(shown.report))
    return WalkOnShow(steps, min(max(walk, 0), len(steps) - 1))
