"""The MTV arrow and the contact points; shapes touching at depth 0 are drawn as touching."""

from __future__ import annotations

import numpy as np
import pygame

from .overlays import Overlays
from .primitives import arrow
from .view import KEY_LABEL, View


def draw_mtv(view: View, shown, overlays: Overlays) -> None:
    theme = view.theme
    report = shown.report
    surf = view.surface
    touching = report.depth == 0.0  # the core's touching rule
    if overlays.show_mtv and not touching:
        c = np.asarray(shown.a_shape.centroid, dtype=float)
        n = np.asarray(report.normal, dtype=float)
        mtv = np.asarray(report.mtv, dtype=float)
        min_len = 16.0
        tip = c + (mtv if report.depth >= min_len else n * min_len)
        pygame.draw.circle(surf, theme.mtv, view.p(*c), view.w(4))
        arrow(surf, theme.mtv, view.p(*c), view.p(*tip), view.w(theme.line * 1.5), view.k * 16)
        view.mark("mtv", view.p(*c), view.p(*tip))
        step = 14 * view.k / view.s
        t = np.array([-n[1], n[0]])
        view.label(
            "MTV",
            [
                (tip + n * step * 1.4, "center"),
                (tip + t * step * 2.2, "center"),
                (tip - t * step * 2.2, "center"),
                ((c + tip) / 2 + t * step * 1.6, "center"),
                ((c + tip) / 2 - t * step * 1.6, "center"),
            ],
            theme.font_small,
            theme.mtv,
            KEY_LABEL,
        )
    if overlays.show_contacts:
        for x, y in report.contacts:
            p = view.p(x, y)
            pygame.draw.circle(surf, theme.contact, p, view.w(7), view.w(theme.line))
            pygame.draw.circle(surf, theme.contact, p, view.w(2))
        if touching and report.contacts:
            step = 16 * view.k / view.s
            x, y = report.contacts[0]
            view.label(
                view.tr("touching"),
                [((x, y - 2 * step), "midbottom"), ((x, y + 2 * step), "midtop")],
                theme.font_small,
                theme.text,
                KEY_LABEL,
            )
