"""The HUD, in space of its own that never covers the scene and never moves:

- the narration band (top left): the scene's title, its lesson, and what is happening now,
  in words that follow the live state;
- the pair's numbers (top of the right column): which shape is A and which is B, the
  collision flag with a symbol, the depth and the MTV, as in tutorial 003;
- the status line (bottom left): the help key, tick, pause, speed, and a short message.
"""

from __future__ import annotations

import pygame

from ..physics.records import IMPACT_SPEED, StepRecord
from ..physics.world import World
from .bodies import has_moved
from .demos import demo_for
from .overlays import HudStatus
from .rulers import axis_name
from .view import View, text_size
from .walk import current_step, step_words, swept_axis
from .words import RESTING_OVERLAP, amount, collision_state, wrap
from .words import fit as _fit


def narration(
    world: World,
    record: StepRecord | None,
    moment=None,
    walk: int | None = None,
    demo: str | None = None,
    space=None,
    impact: float = 0.0,
) -> tuple[str, str]:
    """What is happening now, in plain words, and the role of its colour. `impact`: how
    much the last step changed the pair's closing speed (the app measures it)."""
    own = demo_for(demo, world, space)  # a scene with a demo of its own (render/demos.py)
    if own is not None:
        return own.narration(world, space)
    if walk is not None and record is not None and record.shown is not None:
        k, steps = current_step(record.shown, walk)
        return step_words(steps, k, swept_axis(record, record.shown, steps[k].axis))
    if moment is not None and moment.jumps:
        jump = moment.jumps[0]
        parts = world.bodies[jump.body].name.split(", ")
        name = f"{parts[1]} {parts[0]}" if len(parts) == 2 else parts[0]
        caught = "; the swept test caught the other" if moment.sweeps else ""
        return (f"Tick {moment.tick}: the {name} skipped the wall{caught}.", "overlap")
    if record is not None:
        for ev in record.sweeps:
            if ev.fraction is not None:
                name = world.bodies[ev.body].name
                return (
                    f"The swept test caught the {name.split(',')[0]} at {ev.fraction:.2f} of its "
                    "step, before it could pass the wall.",
                    "gap",
                )
    shown = record.shown if record is not None else None
    if shown is None:
        return ("No pair on show.", "text_dim")
    speed = impact
    if speed > IMPACT_SPEED and collision_state(shown.report, True) in ("touching", "resting"):
        return (  # the moment of impact: the impulse acts now, not 'nothing to push'
            f"Impact: the impulse at the contact points changes their speeds by {speed:.0f} "
            "px/s in all.",
            "overlap",
        )
    words, role = _pair_words(shown.report, world.rigid)
    pieces = [
        f"{letter}'s piece {piece + 1}"
        for letter, piece in (("A", shown.a_piece), ("B", shown.b_piece))
        if piece is not None
    ]
    if pieces:  # a compound body: SAT ran on its pieces; this is the pair on show
        return (f"{' × '.join(pieces)}: {words[0].lower()}{words[1:]}", role)
    moved = has_moved(world, shown.a, shown.a_shape) or has_moved(world, shown.b, shown.b_shape)
    if moved and not world.rigid:  # the report is of the pose SAT tested (the ghost)
        return (f"Before the push: {words[0].lower()}{words[1:]}", role)
    return (words, role)


def _pair_words(report, rigid: bool = False) -> tuple[str, str]:
    """The pair's state in one sentence, and the role of its colour."""
    state = collision_state(report, rigid)
    if state == "apart":
        sep = report.separating
        return (
            f"Apart: axis {axis_name(sep)} shows a gap of {amount(sep.overlap)}, so no collision.",
            "gap",
        )
    if state == "touching":
        return ("Touching: the shapes meet with no overlap (depth 0): nothing to push.", "text")
    if state == "resting":  # a soft contact holds the weight; pushing it out would jitter
        return (
            f"Resting contact, {report.depth:.2g} px deep: under the {RESTING_OVERLAP} px "
            "slop, it is held, not pushed.",
            "text",
        )
    mtv = report.mtv_axis
    where = f" on {axis_name(mtv)}" if mtv is not None else ""
    if state == "inside":
        who = "A is inside B" if report.a_in_b else "B is inside A"
        return (f"{who}: the shortest way out, {report.depth:.1f}{where}, is the MTV.", "overlap")
    return (
        f"Colliding: every axis overlaps; the least, {report.depth:.1f}{where}, is the MTV.",
        "overlap",
    )


def draw_hud(view: View, world: World, record: StepRecord | None, status: HudStatus) -> None:
    """The narration band and the status line."""
    theme = view.theme
    lay = view.layout
    surf = view.surface
    pad = lay.pad
    band = view.narration_rect
    pygame.draw.line(surf, theme.divider, band.bottomleft, band.bottomright, view.w(1))
    x = band.x + pad * 1.5
    width = band.width - pad * 3
    view.region = "narration"
    y = band.y + pad
    title_px = lay.title  # a long title steps down (never below the body size), then wraps
    while title_px > lay.body and len(status.scene_title) > view.chars(width, title_px):
        title_px -= 1
    titles = wrap(status.scene_title, view.chars(width, title_px))
    lines = lay.narration_lines - (len(titles) - 1)  # a second title line takes a body line
    view.text_px(titles[0], (x, y), title_px, theme.text)
    y += lay.line(lay.title)
    for part in titles[1:2]:
        view.text_px(part, (x, y), title_px, theme.text)
        y += lay.line(lay.body)
    chars = view.chars(width, lay.body)
    live, role = narration(
        world, record, status.moment, status.walk, status.demo, status.space, status.impact
    )
    if status.hiding:  # a lesson's question waits: these words would answer it
        live, role = "Predict first: the answer goes on screen once the class answers.", "text"
    live_lines = wrap(live, chars)
    if len(live_lines) > lines - 1:
        live_lines = live_lines[: lines - 1]
        live_lines[-1] = _fit(live_lines[-1] + " …", chars)
    budget = lines - len(live_lines)
    lesson = wrap(status.lesson, chars)
    if len(lesson) > budget:
        lesson = lesson[:budget]
        lesson[-1] = _fit(lesson[-1] + " …", chars)
    for part in lesson:
        view.text_px(part, (x, y), lay.body, theme.text_dim)
        y += lay.line(lay.body)
    for part in live_lines:
        view.text_px(part, (x, y), lay.body, getattr(theme, role))
        y += lay.line(lay.body)

    # the status line
    view.region = "status"
    bar = view.status_rect
    pygame.draw.line(surf, theme.divider, bar.topleft, bar.topright, view.w(1))
    cy = bar.centery
    right = bar.right - pad * 1.5
    if status.message:
        msg = _fit(status.message, view.chars(bar.width * 0.5, lay.body))
        r = view.text_px(msg, (right, cy), lay.body, theme.text, "midright")
        right = r.left - pad * 2
    scene = (
        f"scene {status.scene_number} of {status.scene_count}"
        if status.scene_number
        else f"scene file {status.scene_name}"
    )

    bits = [
        "H help",
        f"tick {world.tick}",
        "PAUSED" if status.paused else "running",
        f"speed {status.speed_label}",
    ]
    if not status.resolve:
        bits.append("MTV push off")
    if status.timeline is not None:
        first, shown, last = status.timeline
        behind = (last - shown) / 60
        bits.insert(3, f"rewound {behind:.2f} s" if shown != last else "Backspace rewinds")
        _draw_timeline(view, status.timeline)
    if status.fps is not None:
        bits.append(f"{status.fps:.0f} fps")
    if status.slide:  # a slide: where the class stands, not the window's keys and clock
        where = status.lesson_line or scene
        if text_size(where, lay.body)[0] > right - bar.x - pad * 1.5:
            where = where.split(" · ")[0]  # "stage 3 of 7", the lesson's title given way
        bits = [where]
    elif status.lesson_line is None:
        bits.append(scene)
    else:  # a lesson: where the class stands comes first, cut to fit if it must
        room = view.chars(right - bar.x - pad * 1.5, lay.body) - len(bits[0]) - 2
        bits.insert(1, _fit(status.lesson_line, max(room, 8)))
    xx = bar.x + pad * 1.5
    gap_px = text_size("  ", lay.body)[0]
    for k, bit in enumerate(bits):
        w_px = text_size(bit, lay.body)[0]
        if xx + w_px > right:
            break
        color = theme.text if k == 0 else theme.text_dim
        r = view.text_px(bit, (xx, cy), lay.body, color, "midleft")
        xx = r.right + gap_px


def _draw_timeline(view: View, timeline: tuple[int, int, int]) -> None:
    """Paused: the kept steps as a bar along the top of the status line, the step on
    show as a tick across it (pattern: the past filled, the discarded future hollow)."""
    theme = view.theme
    first, shown, last = timeline
    bar = view.status_rect
    pad = view.layout.pad
    x0, x1 = bar.x + pad * 1.5, bar.right - pad * 1.5
    y = bar.y + view.w(3)
    h = view.w(4)
    span = max(last - first, 1)
    xs = x0 + (x1 - x0) * (shown - first) / span
    pygame.draw.rect(view.surface, theme.text_dim, pygame.Rect(round(x0), y, round(xs - x0), h))
    pygame.draw.rect(
        view.surface, theme.text_dim, pygame.Rect(round(xs), y, round(x1 - xs) + 1, h), 1
    )
    pygame.draw.line(view.surface, theme.text, (xs, y - h), (xs, y + 2 * h), view.w(3))


def _role_line(world: World, index: int, letter: str) -> str:
    name = world.bodies[index].name
    if name.strip().upper() != letter:
        return f"{letter} = {name}"
    shape = world.shape(index)
    sides = len(getattr(shape, "vertices", ()))
    kind = {0: "a circle", 3: "a triangle", 4: "a quadrilateral"}.get(sides, f"{sides} sides")
    return f"{letter} = shape {letter} ({kind})"


def draw_pair_numbers(
    view: View, world: World, record: StepRecord | None, hiding: bool = False
) -> int:
    """Top of the right column: A, B, the collision flag (symbol and words), depth, MTV.
    Always the same number of lines for a scene, so the rulers below never jump.
    Returns the y (pixels) below the block."""
    theme = view.theme
    lay = view.layout
    panel = view.panel_rect
    pad = lay.pad
    x = panel.x + pad * 1.5
    width = panel.width - pad * 3
    chars = view.chars(width, lay.body)
    line = lay.line(lay.body)
    y = panel.y + pad
    shown = record.shown if record is not None else None
    rows: list[tuple[str, tuple]] = []
    if shown is None:
        rows = [("no pair on show", theme.text_dim)] + [("", theme.text)] * 2
    else:
        report = shown.report
        rows.append((_role_line(world, shown.a, "A"), theme.text_a))
        rows.append((_role_line(world, shown.b, "B"), theme.text_b))
        state = collision_state(report, world.rigid)
        flag = {
            "apart": ("□ collision: no", theme.gap),
            "touching": ("◪ collision: touching", theme.text),
            "resting": ("◪ collision: resting", theme.text),
            "inside": ("■ collision: yes, inside", theme.overlap),
            "colliding": ("■ collision: yes", theme.overlap),
        }[state]
        rows.append(flag)
        mx, my = report.mtv
        mtv = f"MTV ({_signed(mx)}, {_signed(my)})"
        if state == "apart":
            mtv = "MTV: none (apart)"
        if hiding:
            mtv = "MTV: shown once answered"
        rows.append((mtv, theme.mtv))
    if len(world.bodies) > 2 and record is not None:
        pairs = f"SAT on {record.candidate_pairs} of {record.all_pairs} pairs"
        if record.candidate_pairs == 0 and _all_asleep(world):  # not a fault: at rest
            pairs = "all asleep: no SAT needed"
        rows.append((pairs, theme.text_dim))
    for text, color in rows:
        if text:
            view.text_px(_fit(text, chars), (x, y), lay.body, color)
        y += line
    y += pad // 2
    pygame.draw.line(view.surface, theme.divider, (panel.x, y), (panel.right, y), view.w(1))
    return y + pad // 2


def _signed(value: float) -> str:
    """A signed length as the screen says every length: one decimal, two significant
    digits under 0.05 (words.amount), so the MTV reads like the gaps and overlaps."""
    return ("-" if value < 0 and amount(value) != "0.0" else "") + amount(value)


def _all_asleep(world: World) -> bool:
    """Every body that moves is asleep (a resting island needs no test until touched)."""
    moving = ~world.static
    return bool(moving.any() and world.sleeping[moving].all())
