"""Rigid-body overlays for the pair on show: impulse arrows, lever arms, v and omega.

For each contact point of the pair's manifold (as the last step solved it):

* an arrow from the point along the normal, into body B, whose length is the
  velocity change the step's impulse gave (P / m, scaled), so a resting contact
  shows its share of the weight and an impact a long arrow; a pair asleep shows the
  arrows of the step it fell asleep on (World.resting: the weight it carries then);
* the lever arm: a dashed line from each body's centre of mass to the point (the
  r in torque = r x P that turns the body);
* under each body: its velocity and its angular velocity omega (rad/s, positive
  turns +x toward +y: clockwise on screen).
"""

from __future__ import annotations

import numpy as np

from ..physics.world import World
from .primitives import arrow, dashed
from .view import MEASURE, View

# Screen length (canvas px) per px/s of velocity change, and the longest arrow drawn.
ARROW_SCALE = 1.5
ARROW_MAX = 110.0


def draw_impulses(view: View, world: World, pair: tuple[int, int] | None) -> None:
    """Impulse arrows and lever arms at the pair's contact points; v and omega labels."""
    if pair is None or not getattr(world, "rigid", False):
        return
    theme = view.theme
    a, b = pair
    centres = world.centres()
    lo, hi = min(a, b), max(a, b)
    cs, rows = _pair_rows(world.contact_set, lo, hi)
    if not len(rows) and world.sleeping[[a, b]].any():  # asleep: as it fell asleep
        cs, rows = _pair_rows(world.resting, lo, hi)
    if len(rows):
        for k in rows.tolist():
            normal = cs.normal[k]  # from body lo toward body hi
            for j in range(int(cs.count[k])):
                point = cs.points[k, j]
                for body, colour in ((a, theme.shape_a), (b, theme.shape_b)):
                    dashed(
                        view.surface,
                        colour,
                        view.p(*centres[body]),
                        view.p(*point),
                        view.w(theme.thin),
                        dash=5.0,
                        gap=4.0,
                    )
                impulse = float(cs.normal_impulse[k, j]) * world.substeps
                if impulse <= 0.0:
                    continue
                mass = min(m for m in (world.bodies[lo].mass, world.bodies[hi].mass))
                length = min(ARROW_MAX, ARROW_SCALE * impulse / mass)
                tip = point + normal * length
                view.mark("impulse", view.p(*point), view.p(*tip))
                arrow(
                    view.surface,
                    theme.mtv,
                    view.p(*point),
                    view.p(*tip),
                    view.w(theme.line),
                    view.k * 9,
                )
    for body, colour in ((a, theme.text_a), (b, theme.text_b)):
        if world.bodies[body].static:
            continue
        # Rounded first, then + 0: a speed that rounds to zero reads "0", never "-0".
        vx, vy = (round(float(v)) + 0 for v in world.velocity[body])
        w = round(float(world.omega[body]), 2) + 0.0
        x, y = (float(c) for c in centres[body])
        text = f"v ({vx}, {vy})  \u03c9 {w:+.2f} rad/s"
        if world.sleeping[body]:
            text += "  " + view.tr("asleep")
        reach = world.extent[body] + 6
        view.label(
            text,
            [((x, y + reach), "midtop"), ((x, y - reach), "midbottom")],
            theme.font_small,
            colour,
            MEASURE,
        )


def _pair_rows(cs, lo: int, hi: int):
    """(the contact set, its rows for the pair lo < hi); no rows without a set."""
    if cs is None or not len(cs.a):
        return cs, np.zeros(0, dtype=int)
    return cs, np.flatnonzero((cs.a == lo) & (cs.b == hi))
