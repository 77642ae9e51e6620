"""The MTV arrow and the contact points."""

from __future__ import annotations

import numpy as np
import pygame

from .overlays import Overlays
from .primitives import arrow
from .view import View


def draw_mtv(view: View, shown, overlays: Overlays) -> None:
    theme = view.theme
    report = shown.report
    surf = view.surface
    if overlays.show_mtv:
        c = np.asarray(shown.a_shape.centroid, dtype=float)
        n = np.asarray(report.normal, dtype=float)
        mtv = np.asarray(report.mtv, dtype=float)
        min_len = 16.0
        tip = c + (mtv if report.depth >= min_len else n * min_len)
        pygame.draw.circle(surf, theme.mtv, view.p(*c), view.w(4))
        arrow(surf, theme.mtv, view.p(*c), view.p(*tip), view.w(theme.line * 1.5), view.s * 14)
        label_at = tip + n * 22
        view.text_canvas("MTV", label_at, theme.font_small, theme.mtv, "center", halo=True)
    if overlays.show_contacts:
        for x, y in report.contacts:
            pygame.draw.circle(surf, theme.contact, view.p(x, y), view.w(7), view.w(theme.line))
            pygame.draw.circle(surf, theme.contact, view.p(x, y), view.w(2))
