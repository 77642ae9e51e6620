"""The buffers a colour solve writes (`contact_solver.solve`), made once a step per colour
(`Scratch.for_colour`, called by `contact_constraints.colour_blocks`): a colour solve is
some fifty numpy calls on a few hundred numbers, so allocating each result, or even
taking a row of an array, would cost as much again as the arithmetic. Numpy only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

if TYPE_CHECKING:
    from .contact_constraints import Constraints


class FrictionRow(NamedTuple):
    """One point's friction in a colour: its tangent impulse (a view into the blocked
    buffer, written in place), its bounds this pass and its rows."""

    impulse: np.ndarray  # (m,)
    upper: np.ndarray  # (m,) mu times the point's normal impulse
    lower: np.ndarray  # (m,) minus that
    sjt: np.ndarray  # (6, m) the tangent row times its effective mass
    mjt: np.ndarray  # (6, m) M^-1 times the tangent row


@dataclass(slots=True)
class Scratch:
    """What `contact_solver.solve` writes as it solves one colour, allocated once a step:
    a colour solve is some fifty numpy calls on a few hundred numbers, and allocating
    each result would cost as much again. A `_rows` buffer is (3, m): its third row
    copies the first, so `[:2]` is the two points in order and `[1:]` the two swapped
    (`_swapped`), both contiguous (no reversed views). The rows of a (2, m) buffer are
    views made here too (`x[...] = y` on views at hand costs a third of `x[2] = y[0]`)."""

    impulse: np.ndarray  # (2, m) the normal impulses before this pass: pn3[:2] ...
    impulse_swapped: np.ndarray  # ... and pn3[1:]
    impulse_copy: np.ndarray  # pn3[2], the copy of the first row
    q_rows: np.ndarray  # q = ms (vn - K x_old) + bias, the 2 x 2 problem's offset
    q: np.ndarray
    q_swapped: np.ndarray
    q_first: np.ndarray  # q_rows[0] ...
    q_copy: np.ndarray  # ... and its copy, q_rows[2]
    both: np.ndarray  # (2, m) both points' impulses, solved together
    alone: np.ndarray  # (2, m) each point's impulse with the other at 0
    other_swapped: np.ndarray  # (2, m) each point's w when only the other one pushes,
    # the points swapped
    fits: np.ndarray  # (2, m) bool: the first alone fits, the second alone fits
    first_fits: np.ndarray
    second_fits: np.ndarray
    smaller: np.ndarray  # (2, m) the smaller of each point's impulse alone and w
    ok: np.ndarray  # (2, m) bool: each of the both-points impulses >= 0
    ok_first: np.ndarray
    ok_second: np.ndarray
    use_both: np.ndarray  # (2, m) bool: both points, in both rows
    use_first_row: np.ndarray
    use_second_row: np.ndarray
    pick: np.ndarray  # (2, m) 1.0 or 0.0: which single point takes the impulse
    pick_first: np.ndarray
    pick_second: np.ndarray
    none: np.ndarray  # (2, m) bool: neither point alone fits, in both rows
    none_first: np.ndarray
    none_second: np.ndarray
    new: np.ndarray  # (2, m) the normal impulses after this pass
    new_first: np.ndarray
    upper: np.ndarray  # (2, m) friction's bounds this pass: mu times the normal impulse
    lower: np.ndarray  # (2, m) minus that (the FrictionRows' bounds are their rows)
    jx: np.ndarray  # (2, 6, m) products for vn
    kx: np.ndarray  # (2, m) K x_old
    t2: np.ndarray  # (2, m) a temporary (the change of the normal impulses)
    change_first: np.ndarray
    change_second: np.ndarray
    t6: np.ndarray  # (6, m) a velocity change
    t6b: np.ndarray  # (6, m) another
    r: np.ndarray  # (m,) one point's friction impulse
    d: np.ndarray  # (m,) its change
    friction: tuple  # (point 0 first, point 1 first): two FrictionRows each

    @classmethod
    def for_colour(cls, col: Constraints, m: int) -> Scratch:
        # one allocation per kind: unpacking an array into its rows costs less than
        # allocating each
        both, alone, other_swapped, smaller, new, t2, kx, pick, upper, lower = np.empty((10, 2, m))
        fits, ok, use_both, none = np.empty((4, 2, m), dtype=bool)
        jx, (t6, t6b), (r, d), q_rows = (
            np.empty((2, 6, m)),
            np.empty((2, 6, m)),
            np.empty((2, m)),
            np.empty((3, m)),
        )
        rows = [FrictionRow(col.pt[k], upper[k], lower[k], col.sjt[k], col.mjt[k]) for k in (0, 1)]
        return cls(
            impulse=col.pn3[:2], impulse_swapped=col.pn3[1:], impulse_copy=col.pn3[2],
            q_rows=q_rows, q=q_rows[:2], q_swapped=q_rows[1:], q_first=q_rows[0],
            q_copy=q_rows[2], both=both, alone=alone, other_swapped=other_swapped,
            fits=fits, first_fits=fits[0], second_fits=fits[1], smaller=smaller,
            ok=ok, ok_first=ok[0], ok_second=ok[1], use_both=use_both,
            use_first_row=use_both[0], use_second_row=use_both[1],
            pick=pick, pick_first=pick[0], pick_second=pick[1],
            none=none, none_first=none[0], none_second=none[1], new=new, new_first=new[0],
            upper=upper, lower=lower, jx=jx, kx=kx, t2=t2, change_first=t2[0],
            change_second=t2[1], t6=t6, t6b=t6b, r=r, d=d,
            friction=((rows[0], rows[1]), (rows[1], rows[0])),
        )  # fmt: skip
