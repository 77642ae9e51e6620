"""The 3D scene: two wireframes in perspective, the axis that decides, and the axes
tested (face normals, then edge x edge), drawn from the scene's Space and sat3d's
report (tutorial 004: in 3D the face normals alone can say "colliding" wrongly)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pygame

from ..core.camera3d import wireframe
from ..scenes.space import POSES
from .primitives import dashed
from .ruler_rows import fitted
from .view import KEY_LABEL, View
from .words import amount, wrap


def axis_words(t) -> str:
    """An axis in words, for the narration."""
    if t.feature == "edge x edge":
        return f"A's edge {t.feature_index[0]} x B's edge {t.feature_index[1]}"
    return f"{t.feature[-1]}'s face {t.feature_index[0]}"


def axis_tag(t) -> str:
    """The same, short, for a panel row."""
    if t.feature == "edge x edge":
        return f"A e{t.feature_index[0]} x B e{t.feature_index[1]}"
    return f"{t.feature[-1]} face {t.feature_index[0]}"


# A panel row too wide for the panel (two-digit edges, a three-digit overlap at 1024x768)
# loses its spaces first, then its long word: "A e0 x B e8" -> "Ae0 x Be8" -> "Ae0xBe8".
_SHORTER = (("name", " e", "e"), ("name", " x ", "x"))
_SHORTER += (("result", "overlap", "over"),)


def row_result(t) -> str:
    """A panel row's verdict, by the core's touching rule (shadows that just meet are
    "touching", as the 2D rulers say, not "overlap 0.0")."""
    if t.overlap < 0:
        return f"gap {amount(t.overlap)}"
    if t.overlap == 0.0:
        return "touching"
    return f"overlap {amount(t.overlap)}"


def narration_words(space) -> tuple[str, str]:
    report = space.report()
    if report.colliding and report.depth == 0.0:  # the core's touching rule, as in 2D
        return (
            f"Touching: the boxes meet with no overlap (depth 0) on {axis_words(report.mtv_axis)}.",
            "text",
        )
    if report.colliding:
        least = report.mtv_axis
        return (
            f"Colliding: all {len(report.axes)} axes overlap; the least, {amount(report.depth)} on "
            f"{axis_words(least)}, is the MTV.",
            "overlap",
        )
    sep = report.separating
    if report.faces_alone_say_colliding:
        return (f"Faces overlap, yet {axis_tag(sep)} has gap {amount(sep.overlap)}: apart.", "gap")
    return (f"Apart: {axis_words(sep)} shows a gap of {amount(sep.overlap)}.", "gap")


def draw_space(view: View, space) -> None:
    theme = view.theme
    surf = view.surface
    rect = view.scene_rect
    centre = (rect.centerx, rect.centery + rect.height * 0.04)
    camera = replace(space.camera, focal=space.camera.focal * view.s)
    a, b = space.shapes()
    report = space.report()
    deciding = report.separating or report.mtv_axis
    if deciding is not None:  # the deciding axis through the middle of the pair
        mid = (np.asarray(a.position) + np.asarray(b.position)) / 2
        u = np.asarray(deciding.axis)
        ends = camera.project(np.array([mid - 150 * u, mid + 150 * u]), centre)
        if ends.visible.all():
            touching = not deciding.separates and report.depth == 0.0  # no MTV to push
            color = theme.gap if deciding.separates else (theme.text if touching else theme.mtv)
            dashed(surf, color, tuple(ends.points[0]), tuple(ends.points[1]), view.w(2.5), 10, 6)
            end = ends.points[1]
            view.label(
                "separating axis"
                if deciding.separates
                else ("touching axis" if touching else "MTV axis"),
                [
                    ((end[0] + 8, end[1]), "midleft"),
                    ((end[0] - 8, end[1]), "midright"),
                    ((ends.points[0][0] + 8, ends.points[0][1]), "midleft"),
                ],
                theme.font_small,
                color,
                KEY_LABEL,
                world=False,
            )
    named = {}  # an edge x edge axis decides: its two edges, drawn thick and labelled
    if deciding is not None and deciding.feature == "edge x edge":
        named = {0: deciding.feature_index[0], 1: deciding.feature_index[1]}
    for which, (shape, color) in enumerate(((a, theme.shape_a), (b, theme.shape_b))):
        frame = wireframe(camera, shape, centre)
        for k, (start, end) in enumerate(frame.segments):
            if not frame.visible[k]:
                continue
            thick = theme.line * (3.5 if named.get(which) == k else 1.3)
            pygame.draw.line(surf, color, start, end, view.w(thick))
            if named.get(which) == k:
                mid = (start + end) / 2
                view.label(
                    f"{'AB'[which]} e{k}",
                    [((mid[0] + 8, mid[1]), "midleft"), ((mid[0] - 8, mid[1]), "midright")],
                    theme.font_small,
                    (theme.text_a, theme.text_b)[which],  # words in A's or B's text colour
                    KEY_LABEL,
                    world=False,
                )
                view.mark(f"3d edge {'AB'[which]} e{k}", start, end)
    view.text_px(
        f"pose: {POSES[space.pose]} (F)   J / L turn the view",
        (rect.x + view.layout.pad, rect.bottom - view.layout.pad),
        view.layout.small,
        theme.text_dim,
        "bottomleft",
    )


def draw_space_numbers(view: View, space, top: int) -> None:
    """The panel: every axis tested, its result; face normals first, then edge x edge."""
    theme = view.theme
    lay = view.layout
    x0 = view.panel_rect.x + lay.pad * 1.5
    x1 = view.panel_rect.right - lay.pad * 1.5
    y = top + lay.pad
    report = space.report()
    step = lay.line(lay.small)
    sep = report.separating
    skipped = len(report.skipped)
    view.text_px(
        f"{len(report.axes)} axes, {skipped} skipped",
        (x0, y),
        lay.small,
        theme.text_dim,
    )
    y += step
    if report.faces_alone_say_colliding and not report.colliding:
        for line in wrap("faces alone: a false positive", view.chars(x1 - x0, lay.small)):
            view.text_px(line, (x0, y), lay.small, theme.gap)
            y += step
    room = max(0, int((view.panel_rect.bottom - lay.pad - y) // step))
    shown = list(report.axes)
    if len(shown) > room:  # the rows that fit, the deciding one among them; the rest summed
        keep = max(0, room - 1)
        shown = [t for t in shown if sep is not None and t.index == sep.index][:keep]
        shown = sorted(
            shown + [t for t in report.axes if t not in shown][: keep - len(shown)],
            key=lambda t: t.index,
        )
    for t in shown:
        deciding = sep is not None and t.index == sep.index
        name, words = fitted(axis_tag(t), row_result(t), x1 - x0, lay.small, _SHORTER)
        color = theme.gap if t.overlap < 0 else theme.text
        name_color = theme.text if t.feature == "edge x edge" else theme.text_dim
        view.text_px(name, (x0, y), lay.small, theme.gap if deciding else name_color)
        view.text_px(words, (x1, y), lay.small, color, "topright")
        y += step
    left_out = [t for t in report.axes if t not in shown]
    if left_out:
        gaps = sum(1 for t in left_out if t.overlap < 0)
        said = "all overlap" if gaps == 0 else f"{gaps} gap, {len(left_out) - gaps} overlap"
        if gaps == len(left_out):
            said = "all gap"
        view.text_px(f"+{len(left_out)} more: {said}", (x0, y), lay.small, theme.text_dim)
