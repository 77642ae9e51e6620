"""The HUD, in space of its own that never covers the scene and never moves:

- the narration band (the top, the whole width): the stage's or scene's title and the
  teacher's words (or the scene's);
- the status line (the right end of the title's row): the tick, pause, a short message;
- the pair block (the right column, under a lesson's card): which shape is A and which is
  B, what is happening now in words that follow the live state, the collision flag with a
  symbol, the depth and the MTV, as in tutorial 003.
"""

from __future__ import annotations

import pygame

from ..core.walk import WalkOnShow
from ..physics.records import IMPACT_SPEED, StepRecord
from ..physics.world import World
from .bodies import has_moved
from .demos import demo_for
from .overlays import FrameModel
from .ruler_rows import axis_name
from .view import View, text_size
from .walk import step_words, swept_axis
from .words import RESTING_OVERLAP, amount, collision_state, vector, wrap
from .words import fit as _fit


def narration(
    world: World,
    record: StepRecord | None,
    moment=None,
    walk: WalkOnShow | None = None,
    demo: str | None = None,
    space=None,
    impact: float = 0.0,
    thinnest: float = 0.0,
) -> tuple[str, str]:
    """What is happening now, in plain words, and the role of its colour. `impact`: how
    much the last step changed the pair's closing speed (the app measures it); `thinnest`:
    the world length of a line's width at this zoom (a gap or depth under it is said to be
    too thin to see: the outlines' strokes cover it)."""
    own = demo_for(demo, world, space)  # a scene with a demo of its own (render/demos.py)
    if own is not None:
        return own.narration(world, space)
    if walk is not None and record is not None and record.shown is not None:
        swept = swept_axis(record, record.shown, walk.step.axis)
        return step_words(walk.steps, walk.index, swept)
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
    words, role = _pair_words(shown.report, world.rigid, thinnest)
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


def _pair_words(report, rigid: bool = False, thinnest: float = 0.0) -> tuple[str, str]:
    """The pair's state in one sentence, and the role of its colour; a gap or a depth
    thinner than `thinnest` (a line's width at this zoom) is said to be too thin to see."""
    state = collision_state(report, rigid)

    def unseen(length: float) -> str:
        return ", thinner than a line at this zoom" if 0 < abs(length) < thinnest else ""

    if state == "apart":
        sep = report.separating
        return (
            f"Apart: axis {axis_name(sep)} shows a gap of {amount(sep.overlap)}"
            f"{unseen(sep.overlap)}, so no collision.",
            "gap",
        )
    if state == "touching":
        return ("Touching: the shapes meet with no overlap (depth 0): nothing to push.", "text")
    if state == "resting":  # a soft contact holds the weight; pushing it out would jitter
        return (
            f"Resting contact, {amount(report.depth)} px deep{unseen(report.depth)}: under "
            f"the {RESTING_OVERLAP} px slop, it is held, not pushed.",
            "text",
        )
    mtv = report.mtv_axis
    where = f" on {axis_name(mtv)}" if mtv is not None else ""
    if state == "inside":
        who = "A is inside B" if report.a_in_b else "B is inside A"
        return (
            f"{who}: the shortest way out, {amount(report.depth)}{where}, is the MTV.",
            "overlap",
        )
    return (
        f"Colliding: every axis overlaps; the least, {amount(report.depth)}{where}"
        f"{unseen(report.depth)}, is the MTV.",
        "overlap",
    )


def draw_hud(view: View, status: FrameModel, world_tick: int) -> None:
    """The narration band: the title, the status line at the right end of its row, and
    the teacher's words (or the scene's) across the whole width, as many lines as the
    layout gave them (every text of the stage fits: layout.narration_size)."""
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
    room = view.status_rect.x - x  # the title's share of its row
    title_px = lay.title  # a long title steps down (never below the body size), then wraps
    while title_px > lay.body and len(status.scene_title) > view.chars(room, title_px):
        title_px -= 1
    titles = wrap(status.scene_title, view.chars(room, title_px))[: lay.title_lines]
    rects = [
        view.text_px(part, (x, y + k * lay.line(lay.title)), title_px, theme.text)
        for k, part in enumerate(titles)  # (at most two lines)
    ]
    title_right = rects[0].right if rects else x  # the status line starts past its first
    y += lay.line(lay.title) + (lay.title_lines - 1) * lay.line(lay.body)
    lesson = wrap(status.caption, view.chars(width, lay.body))
    if len(lesson) > lay.narration_lines:  # only past MAX_NARRATION_LINES: a teacher's essay
        lesson = lesson[: lay.narration_lines]
        lesson[-1] = _fit(lesson[-1] + " …", view.chars(width, lay.body))
    for part in lesson:
        view.text_px(part, (x, y), lay.body, theme.text)
        y += lay.line(lay.body)
    view.region = "status"
    _draw_status(view, status, world_tick, title_right + pad * 3)
    if status.timeline is not None:
        _draw_timeline(view, status.timeline)


def _status_bits(status: FrameModel, tick: int) -> list[str]:
    """The status line's words, in the order drawn; _draw_status keeps them by
    _status_rank (where the class stands first) when not all fit."""
    if status.slide:  # a slide: where the class stands, not the window's keys and clock
        where = status.lesson_line or (
            f"scene {status.scene_number} of {status.scene_count}" if status.scene_number else ""
        )
        return [where.split(" · ")[0]] if where else []
    bits = [f"tick {tick}", "PAUSED" if status.paused else "running"]
    if status.controls is None:  # no toolbar: its buttons' words go here
        bits = ["H help", *bits, f"speed {status.speed_label}"]
    if not status.resolve:
        bits.append("MTV push off")
    if status.timeline is not None:
        first, shown, last = status.timeline
        behind = (last - shown) / 60
        bits.append(f"rewound {behind:.2f} s" if shown != last else "Backspace rewinds")
    if status.fps is not None:
        bits.append(f"{status.fps:.0f} fps")
    if status.lesson_line is not None:
        bits.append(status.lesson_line.split(" · ")[0])  # "stage 3 of 7"
    elif status.scene_number:
        bits.append(f"scene {status.scene_number} of {status.scene_count}")
    else:
        bits.append(f"scene file {status.scene_name}")
    return bits


def _status_rank(bit: str) -> int:
    """Which status words stay when not all fit (lower first): where the class stands,
    the tick, paused or not, then the rest; the frame rate last."""
    order = ("stage ", "tick ", "PAUSED", "running", "rewound", "H help")
    for rank, start in enumerate(order):
        if bit.startswith(start):
            return rank
    return len(order) + bit.endswith(" fps")


def _draw_status(view: View, status: FrameModel, tick: int, left_limit: float) -> None:
    """The status line, right-aligned on the narration's title row, right of the title
    (`left_limit`): a message whole, at the right end, and the bits that fit before it
    (the most needed kept: the tick first)."""
    theme = view.theme
    lay = view.layout
    bar = view.status_rect
    if bar.height <= 0:
        return
    px = lay.small
    right = bar.right - lay.pad * 1.5
    cy = bar.y + lay.line(lay.title) / 2
    gap = text_size(" · ", px)[0]
    room = right - left_limit
    message = status.message
    if message:
        message = _message_in(message, view.chars(room, px))
        room -= text_size(message, px)[0] + gap
    bits = _status_bits(status, tick)
    kept = []
    for bit in sorted(bits, key=_status_rank):
        w_px = text_size(bit, px)[0] + gap
        if w_px <= room:
            kept.append(bit)
            room -= w_px
    pieces = [(bit, theme.text_dim) for bit in bits if bit in kept]
    if message:
        pieces.append((message, theme.text))
    for text, color in reversed(pieces):
        r = view.text_px(text, (right, cy), px, color, "midright")
        right = r.left - gap


def _message_in(message: str, chars: int) -> str:
    """`message` in `chars` characters: whole when it fits; a path keeps its file name
    (the folders give way: "saved: …/stack-001.toml"); other words are cut at the end."""
    if len(message) <= chars:
        return message
    head, sep, path = message.partition(": ")
    folders, slash, name = path.replace("\\", "/").rpartition("/")
    if sep and slash:
        return _fit(f"{head}: …/{name}", chars)
    return _fit(message, chars)


def _draw_timeline(view: View, timeline: tuple[int, int, int]) -> None:
    """Paused: the kept steps as a bar along the foot of the narration band, the whole
    width, the step on show as a tick across it (pattern: the past filled, the discarded
    future hollow)."""
    theme = view.theme
    first, shown, last = timeline
    bar = view.narration_rect
    pad = view.layout.pad
    x0, x1 = bar.x + pad * 1.5, bar.right - pad * 1.5
    h = view.w(4)
    y = bar.bottom - 2 * h - view.w(2)
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
    return f"{letter} = {kind}"


LIVE_LINES = 4  # the right column keeps this many lines for what is happening now


def draw_pair_block(
    view: View,
    world: World,
    record: StepRecord | None,
    status: FrameModel,
    top: int,
    leave: int = 0,
) -> int:
    """The right column under the card: which shape is A and which is B, what is happening
    now in words (in the colour of its role), then the collision flag (symbol and words),
    the MTV and the broad phase's count, as in tutorial 003. Always the same number of
    lines for a scene (LIVE_LINES of words, more only if the words need them), so the
    rulers below never jump. Returns the y (pixels) below the block.

    Once a lesson's question is answered its evidence comes first: when the block would
    leave less than `leave` pixels (every ruler row) below it, the live words give way —
    the narration band above says them in the lesson's words — and the rows all show."""
    theme = view.theme
    lay = view.layout
    panel = view.panel_rect
    pad = lay.pad
    px = lay.small
    x = panel.x + pad * 1.5
    chars = view.chars(panel.width - pad * 3, px)
    line = lay.line(px)
    y = top + pad
    demo = status.demo is not None
    shown = record.shown if record is not None and not demo else None
    rows: list[tuple[str, tuple]] = []
    if shown is not None:
        for index, letter, color in ((shown.a, "A", theme.text_a), (shown.b, "B", theme.text_b)):
            rows += [(part, color) for part in wrap(_role_line(world, index, letter), chars)]
    thinnest = view.w(theme.line) / view.s  # a line's width, in world px at this zoom
    live, role = narration(
        world,
        record,
        status.moment,
        status.walk,
        status.demo,
        status.space,
        status.impact,
        thinnest,
    )
    if status.hiding:  # a lesson's question waits: these words would answer it
        live, role = "Predict first: the answer shows once the class answers.", "text"
    words = wrap(live, chars)
    live_rows = [(part, getattr(theme, role)) for part in words]
    live_rows += [("", theme.text)] * (LIVE_LINES - len(words))
    tail = _tail_rows(view, world, record, status, shown)
    answered = status.card is not None and not status.hiding
    lines = sum(len(wrap(text, chars) or [""]) for text, _ in rows + live_rows + tail)
    if answered and leave and top + pad + lines * line + pad > view.panel_rect.bottom - leave:
        live_rows = []  # the evidence stays; the words are in the narration band
    for text, color in rows + live_rows + tail:
        for part in wrap(text, chars) or [""]:  # a narrow column: the words wrap, whole
            if part:
                view.text_px(part, (x, y), px, color)
            y += line
    y += pad // 2
    pygame.draw.line(view.surface, theme.divider, (panel.x, y), (panel.right, y), view.w(1))
    return y + pad // 2


def _tail_rows(view: View, world: World, record, status: FrameModel, shown) -> list:
    """The block's last rows, (text, colour) each: the collision flag (symbol and words)
    and the MTV of the pair on show (or that none is on show), then, with more than two
    bodies, the broad phase's count of the pairs SAT ran on."""
    theme = view.theme
    demo = status.demo is not None
    tail: list[tuple[str, tuple]] = []
    if shown is not None:
        report = shown.report
        state = collision_state(report, world.rigid)
        flag = {
            "apart": ("□ collision: no", theme.gap),
            "touching": ("◪ collision: touching", theme.text),
            "resting": ("◪ collision: resting", theme.text),
            "inside": ("■ collision: inside", theme.overlap),
            "colliding": ("■ collision: yes", theme.overlap),
        }[state]
        tail.append(flag)
        mx, my = report.mtv
        mtv = f"MTV {vector(mx, my)}"
        if state == "apart":
            mtv = "MTV: none (apart)"
        if status.hiding:
            mtv = "MTV: once answered"
        tail.append((mtv, theme.mtv))
    elif not demo:
        tail.append(("no pair on show", theme.text_dim))
    if len(world.bodies) > 2 and record is not None and not demo:
        pairs = f"SAT on {record.candidate_pairs} of {record.all_pairs} pairs"
        if record.candidate_pairs == 0 and _all_asleep(world):  # not a fault: at rest
            pairs = "all asleep: no SAT needed"
        tail.append((pairs, theme.text_dim))
    return tail


def _all_asleep(world: World) -> bool:
    """Every body that moves is asleep (a resting island needs no test until touched)."""
    moving = ~world.static
    return bool(moving.any() and world.sleeping[moving].all())
