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

from ..physics.records import StepRecord
from ..physics.world import World
from .overlays import FrameModel
from .pair_words import _pair_words as _pair_words  # (as before: the tests read it here)
from .pair_words import frame_narration, role_line
from .view import View, text_size
from .words import collision_state, vector, wrap
from .words import fit as _fit


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
    message_w = text_size(status.message, lay.small)[0] if status.message else 0
    if message_w:  # a message is said whole: the title makes room for it, or gives way
        room = min(room, band.right - pad * 1.5 - message_w - pad * 3 - x)
    title_px = lay.title  # a long title steps down (never below the body size), then wraps
    while title_px > lay.body and len(status.scene_title) > view.chars(room, title_px):
        title_px -= 1
    titles = wrap(status.scene_title, view.chars(room, title_px))
    if len(titles) > lay.title_lines:  # only beside a message (the layout gave it room)
        titles = []  # the title gives way while the message shows
    rects = [
        view.text_px(part, (x, y + k * lay.line(lay.title)), title_px, theme.text)
        for k, part in enumerate(titles)  # (at most two lines)
    ]
    title_right = rects[0].right if rects else x - pad * 3  # the status line starts past it
    gave_way = not titles and bool(message_w)
    y += lay.line(lay.title) + (lay.title_lines - 1) * lay.line(lay.body)
    caption_lines = wrap(status.caption, view.chars(width, lay.body))
    if len(caption_lines) > lay.narration_lines:  # only past MAX_NARRATION_LINES: a teacher's essay
        caption_lines = caption_lines[: lay.narration_lines]
        caption_lines[-1] = _fit(caption_lines[-1] + " …", view.chars(width, lay.body))
    for part in caption_lines:
        view.text_px(part, (x, y), lay.body, theme.text)
        y += lay.line(lay.body)
    view.region = "status"
    _draw_status(view, status, world_tick, title_right + pad * 3, alone=gave_way)
    if status.timeline is not None:
        _draw_timeline(view, status.timeline)


def _status_bits(status: FrameModel, tick: int) -> list[tuple[str, int]]:
    """The status line's words, in the order drawn, each with its rank (_status_rank):
    _draw_status keeps them by rank (where the class stands first) when not all fit."""
    tr = status.language
    if status.slide:  # a slide: where the class stands, not the window's keys and clock
        where = status.lesson_line or (
            tr("scene {n} of {count}").format(n=status.scene_number, count=status.scene_count)
            if status.scene_number
            else ""
        )
        return [(where.split(" · ")[0], 0)] if where else []
    bits = [tr("tick {tick}").format(tick=tick), tr("PAUSED") if status.paused else tr("running")]
    if status.controls is None:  # no toolbar: its buttons' words go here
        speed = tr("speed {label}").format(label=status.speed_label)
        bits = [tr("H help"), *bits, speed]
    if not status.resolve:
        bits.append(tr("MTV push off"))
    if status.timeline is not None:
        first, shown, last = status.timeline
        behind = (last - shown) / 60
        rewound = tr("rewound {seconds:.2f} s").format(seconds=behind)
        bits.append(rewound if shown != last else tr("Backspace rewinds"))
    if status.fps is not None:
        bits.append(f"{status.fps:.0f} fps")
    if status.lesson_line is not None:
        bits.append(status.lesson_line.split(" · ")[0])  # "stage 3 of 7"
    elif status.scene_number:
        bits.append(
            tr("scene {n} of {count}").format(n=status.scene_number, count=status.scene_count)
        )
    else:
        bits.append(tr("scene file {name}").format(name=status.scene_name))
    ranks = _status_ranks(status, tick)
    return [(bit, ranks.get(bit, len(_RANKED))) for bit in bits]


_RANKED = ("stage", "tick", "PAUSED", "running", "rewound", "H help")


def _status_ranks(status: FrameModel, tick: int) -> dict[str, int]:
    """Which status words stay when not all fit (lower first): where the class stands,
    the tick, paused or not, then the rest; the frame rate last."""
    tr = status.language
    ranks = {
        tr("tick {tick}").format(tick=tick): 1,
        tr("PAUSED"): 2,
        tr("running"): 3,
        tr("Backspace rewinds"): len(_RANKED),
        tr("H help"): 5,
    }
    if status.lesson_line is not None:
        ranks[status.lesson_line.split(" · ")[0]] = 0
    if status.timeline is not None:
        first, shown, last = status.timeline
        ranks[tr("rewound {seconds:.2f} s").format(seconds=(last - shown) / 60)] = 4
    if status.fps is not None:
        ranks[f"{status.fps:.0f} fps"] = len(_RANKED) + 1
    return ranks


def _draw_status(
    view: View, status: FrameModel, tick: int, left_limit: float, alone: bool = False
) -> None:
    """The status line, right-aligned on the narration's title row, right of the title
    (`left_limit`): a message whole, at the right end, and the bits that fit before it
    (the most needed kept: the tick first). `alone`: the title gave way to the message,
    and the bits give way too (the title ranks above them)."""
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
        lines = _message_lines(message, view.chars(room, px), max(1, bar.height // lay.line(px)))
        if len(lines) > 1:  # the whole row: the message alone, line under line
            for k, line in enumerate(lines):
                view.text_px(line, (right, bar.y + k * lay.line(px)), px, theme.text, "topright")
            return
        message = lines[0]
        room -= text_size(message, px)[0] + gap
    bits = [] if alone else _status_bits(status, tick)
    kept = []
    for bit, _ in sorted(bits, key=lambda ranked: ranked[1]):
        w_px = text_size(bit, px)[0] + gap
        if w_px <= room:
            kept.append(bit)
            room -= w_px
    pieces = [(bit, theme.text_dim) for bit, _ in bits if bit in kept]
    if message:
        pieces.append((message, theme.text))
    for text, color in reversed(pieces):
        r = view.text_px(text, (right, cy), px, color, "midright")
        right = r.left - gap


def _message_lines(message: str, chars: int, most: int) -> list[str]:
    """`message` in lines of `chars` characters: one when it fits, else wrapped, at most
    `most` lines (past that, `_message_in` shortens its last line)."""
    if len(message) <= chars:
        return [message]
    lines = wrap(message, chars)
    if len(lines) > most:
        lines = lines[: most - 1] + [_message_in(" ".join(lines[most - 1 :]), chars)]
    return lines


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
    tr = view.tr
    if shown is not None:
        for index, letter, color in ((shown.a, "A", theme.text_a), (shown.b, "B", theme.text_b)):
            rows += [(part, color) for part in wrap(role_line(world, index, letter, tr), chars)]
    thinnest = view.w(theme.line) / view.s  # a line's width, in world px at this zoom
    live, role = frame_narration(world, record, status, tr, thinnest)
    if status.hiding:  # a lesson's question waits: these words would answer it
        live, role = tr("Predict first: the answer shows once the class answers."), "text"
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
            if part and y + line <= panel.bottom:  # (under a tall card, the last give way)
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
        tr = view.tr
        flag = {
            "apart": (tr("□ collision: no"), theme.gap),
            "touching": (tr("◪ collision: touching"), theme.text),
            "resting": (tr("◪ collision: resting"), theme.text),
            "inside": (tr("■ collision: inside"), theme.overlap),
            "colliding": (tr("■ collision: yes"), theme.overlap),
        }[state]
        tail.append(flag)
        mx, my = report.mtv
        mtv = f"MTV {vector(mx, my)}"
        if state == "apart":
            mtv = tr("MTV: none (apart)")
        if status.hiding:
            mtv = tr("MTV: once answered")
        tail.append((mtv, theme.mtv))
    elif not demo:
        tail.append((view.tr("no pair on show"), theme.text_dim))
    if len(world.bodies) > 2 and record is not None and not demo:
        pairs = view.tr("SAT on {candidates} of {all} pairs").format(
            candidates=record.candidate_pairs, all=record.all_pairs
        )
        if record.candidate_pairs == 0 and _all_asleep(world):  # not a fault: at rest
            pairs = view.tr("all asleep: no SAT needed")
        tail.append((pairs, theme.text_dim))
    return tail


def _all_asleep(world: World) -> bool:
    """Every body that moves is asleep (a resting island needs no test until touched)."""
    moving = ~world.static
    return bool(moving.any() and world.sleeping[moving].all())
