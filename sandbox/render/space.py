"""The 3D scene: two wireframes in perspective, the axis that decides, and the axes
tested (face normals, then edge x edge), drawn from the scene's Space and sat3d's
report (tutorial 004: in 3D the face normals alone can say "colliding" wrongly)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pygame

from ..core.camera3d import wireframe
from ..scenes.space import POSES
from .language import ENGLISH_WORDS, Language
from .primitives import dashed
from .ruler_rows import fitted, overlap_words
from .view import KEY_LABEL, View, text_size
from .words import amount, wrap


def axis3d_words(t, tr: Language = ENGLISH_WORDS) -> str:
    """An axis of the 3D test (sat3d's report) in words, for the narration: "A's face 2",
    "A's edge 1 x B's edge 3"."""
    if t.feature == "edge x edge":
        said = tr("A's edge {a} x B's edge {b}")
        return said.format(a=t.feature_index[0], b=t.feature_index[1])
    return tr("{owner}'s face {n}").format(owner=t.feature[-1], n=t.feature_index[0])


def axis_tag(t, tr: Language = ENGLISH_WORDS) -> str:
    """The same, short, for a panel row."""
    if t.feature == "edge x edge":
        return f"A e{t.feature_index[0]} x B e{t.feature_index[1]}"
    return tr("{owner} face {n}").format(owner=t.feature[-1], n=t.feature_index[0])


# A panel row too wide for the panel (two-digit edges, a three-digit overlap at 1024x768)
# loses its spaces: "A e0 x B e8" -> "Ae0 x Be8" -> "Ae0xBe8" (a translation still too
# long puts its result under the name: `draw_space_numbers`).
_SHORTER = (("name", " e", "e"), ("name", " x ", "x"))


def narration_words(space, tr: Language = ENGLISH_WORDS) -> tuple[str, str]:
    report = space.report()
    if report.colliding and report.depth == 0.0:  # the core's touching rule, as in 2D
        said = tr("Touching: the boxes meet with no overlap (depth 0) on {axis}.")
        return (said.format(axis=axis3d_words(report.mtv_axis, tr)), "text")
    if report.colliding:
        least = report.mtv_axis
        said = tr("Colliding: all {n} axes overlap; the least, {depth} on {axis}, is the MTV.")
        depth = amount(report.depth)
        return (
            said.format(n=len(report.axes), depth=depth, axis=axis3d_words(least, tr)),
            "overlap",
        )
    sep = report.separating
    gap = amount(sep.overlap)
    if report.faces_alone_say_colliding:
        said = tr("Faces overlap, yet {axis} has gap {gap}: apart.")
        return (said.format(axis=axis_tag(sep, tr), gap=gap), "gap")
    return (
        tr("Apart: {axis} shows a gap of {gap}.").format(axis=axis3d_words(sep, tr), gap=gap),
        "gap",
    )


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
                view.tr("separating axis")
                if deciding.separates
                else (view.tr("touching axis") if touching else view.tr("MTV axis")),
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
    pose = view.tr("pose: {pose} (F)   J / L turn the view")
    pose = pose.format(pose=view.tr(POSES[space.pose]))
    pad, small = view.layout.pad, view.layout.small
    lines = wrap(pose, view.chars(rect.width - 2 * pad, small)) if pose.strip() else []
    if len(lines) == 1:
        lines = [pose]  # (as written: its spaces kept)
    y = rect.bottom - pad
    for line in reversed(lines):  # a long translation wraps, upwards from the foot
        r = view.text_px(line, (rect.x + pad, y), small, theme.text_dim, "bottomleft")
        y = r.top


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
    chars = view.chars(x1 - x0, lay.small)
    counted = view.tr("{n} axes, {skipped} skipped").format(n=len(report.axes), skipped=skipped)
    for line in wrap(counted, chars):
        view.text_px(line, (x0, y), lay.small, theme.text_dim)
        y += step
    if report.faces_alone_say_colliding and not report.colliding:
        for line in wrap(view.tr("faces alone: a false positive"), chars):
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
    drawn = []
    for t in shown:
        deciding = sep is not None and t.index == sep.index
        tag, words = fitted(
            axis_tag(t, view.tr),
            overlap_words(t.overlap, view.tr),
            x1 - x0,
            lay.small,
            shorter=_SHORTER,
        )
        # a long translation: the result goes under its name (never over it)
        lines = 1 + (text_size(f"{tag} {words}", lay.small)[0] > x1 - x0)
        later = t is not report.axes[-1]  # (a row or the "+N more" line still to come)
        if y + (lines + later) * step > view.panel_rect.bottom - lay.pad:
            break
        color = theme.gap if t.overlap < 0 else theme.text
        name_color = theme.text if t.feature == "edge x edge" else theme.text_dim
        view.text_px(tag, (x0, y), lay.small, theme.gap if deciding else name_color)
        view.text_px(words, (x1, y + (lines - 1) * step), lay.small, color, "topright")
        y += lines * step
        drawn.append(t)
    shown = drawn
    left_out = [t for t in report.axes if t not in shown]
    if left_out:
        gaps = sum(1 for t in left_out if t.overlap < 0)
        said = view.tr("all overlap")
        if gaps:
            said = view.tr("{gaps} gap, {overlaps} overlap").format(
                gaps=gaps, overlaps=len(left_out) - gaps
            )
        if gaps == len(left_out):
            said = view.tr("all gap")
        more = view.tr("+{n} more: {verdicts}").format(n=len(left_out), verdicts=said)
        for line in wrap(more, chars):  # (whole lines, in the panel)
            if y + step > view.panel_rect.bottom:
                break
            view.text_px(line, (x0, y), lay.small, theme.text_dim)
            y += step
