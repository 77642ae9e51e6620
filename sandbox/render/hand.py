"""The learner's hand: the spring from the held point of a body to the mouse pointer."""

from __future__ import annotations

import pygame

from ..physics.mouse import anchor_point
from ..physics.world import World
from .primitives import dashed
from .view import View


def draw_hand(view: View, world: World) -> None:
    """A dashed line from the held point (ringed) to the pointer (a cross), in the MTV
    colour: what the hand does is as visible on a projector as what SAT does."""
    grab = world.grab
    if grab is None:
        return
    theme = view.theme
    surf = view.surface
    held = view.p(*anchor_point(world, grab))
    pointer = view.p(*grab.target)
    dashed(surf, theme.mtv, held, pointer, view.w(2.5), 8, 5)
    pygame.draw.circle(surf, theme.mtv, held, view.w(6), view.w(2))
    r = view.w(7)
    for dx, dy in ((r, 0), (0, r)):
        pygame.draw.line(
            surf,
            theme.mtv,
            (pointer[0] - dx, pointer[1] - dy),
            (pointer[0] + dx, pointer[1] + dy),
            view.w(2.5),
        )
    view.block(held, view.w(6))
