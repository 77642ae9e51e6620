"""Slides and films: a lesson's stages as PNGs with an index, a headless run as GIF / MP4.

`--export-lesson DIR` opens every stage headless, the way the window does, and writes

    DIR/stage-01-open.png      the stage as it opens
    DIR/stage-01-after.png     after its scripted input (stages with an opening)
    DIR/stage-01-answer.png    a prediction answered rightly, its evidence on screen
    DIR/index.md               each stage's title, what the teacher says, the question
                               and answer, and its pictures: ready to paste into slides

all of them or none (app/atomic.py). `--gif` and `--video` film a headless run, one frame
each step (a GIF: every second step, at most 960 px wide, 30 frames a second); they need
the optional extra in requirements-export.txt (imageio, pillow, imageio-ffmpeg), and say
so in one line when it is missing. A long export shows a progress bar on a terminal.
"""

from __future__ import annotations

import io
import sys
import tempfile
from pathlib import Path

import numpy as np

from . import lesson_run
from .atomic import write_all
from .commands import OpenLesson, Press, Step
from .dispatcher import dispatch
from .errors import UsageError
from .outputs import png_bytes
from .scene_control import open_session
from .view_model import draw_session

GIF_EVERY = 2  # steps per GIF frame: 30 frames a second
GIF_WIDTH = 960  # px: a GIF wider than this is scaled down (a slide's width)
EXTRA = "pip install -r requirements-export.txt"


class Progress:
    """`label [#####.....] 12/27` on one terminal line, redrawn; nothing when the stream
    is not a terminal (a log, a pipe, CI)."""

    def __init__(self, total: int, label: str, stream=None, width: int = 30):
        self.total, self.label, self.width = max(total, 1), label, width
        self.stream = stream if stream is not None else sys.stderr
        self.shown = _is_terminal(self.stream)
        self.done = 0

    def advance(self, what: str = "") -> None:
        self.done += 1
        if not self.shown:
            return
        filled = self.width * self.done // self.total
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {self.done}/{self.total} {what:<24.24}")
        self.stream.flush()

    def finish(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def export_lesson(options, pygame) -> list[Path]:
    """Every stage of `options.lesson` into `options.export`; the files written."""
    plan = options.lesson
    surface = pygame.Surface(options.size)
    outputs: list[tuple[Path, bytes]] = []
    index = [f"# {plan.lesson.title}", ""]
    if plan.lesson.summary:
        index += [plan.lesson.summary, ""]
    progress = Progress(len(plan.stages), "exporting")
    for number, stage_plan in enumerate(plan.stages, 1):
        stage = stage_plan.stage
        session = open_session(stage.scene, options.seed, options.theme)
        session.toolbar = False  # a slide shows the lesson, not the window's controls
        dispatch(session, OpenLesson(plan, number - 1))
        pictures = []

        def picture(kind: str, session=session, number=number, pictures=pictures) -> None:
            session.message = None  # slides carry no transient status messages
            draw_session(surface, session, fps=None)
            name = f"stage-{number:02d}-{kind}.png"
            outputs.append((options.export / name, png_bytes(surface)))
            pictures.append((kind, name))

        picture("open")
        if stage_plan.opening:
            while session.lesson.phase == "opening":
                dispatch(session, Step())
            picture("after")
        if stage.predict is not None:
            right = sorted(lesson_run.right_keys(session))[0]
            dispatch(session, Press(right))
            while session.lesson.phase == "showing":
                dispatch(session, Step())
            picture("answer")
        index += _index_entry(number, stage, pictures, session)
        progress.advance(stage.title)
    progress.finish()
    outputs.append((options.export / "index.md", "\n".join(index).encode("utf-8")))
    options.export.mkdir(exist_ok=True)
    write_all(outputs)
    return [path for path, _ in outputs]


def _index_entry(number: int, stage, pictures, session) -> list[str]:
    said = {"open": "as it opens", "after": "after its opening", "answer": "answered"}
    lines = [f"## Stage {number}: {stage.title}", "", stage.say, ""]
    predict = stage.predict
    if predict is not None:
        choices = lesson_run.choices(session)
        listed = ", ".join(f"{k.upper()} {label}".strip() for k, label in choices)
        right = sorted(lesson_run.right_keys(session))
        lines += [
            f"**Predict:** {predict.question} ({listed})",
            "",
            f"**Answer:** {' or '.join(k.upper() for k in right)}. {predict.explain}",
            "",
        ]
    for kind, name in pictures:
        lines += [f"![Stage {number}, {said[kind]}]({name})", ""]
    return lines


class Film:
    """The frames of a headless run, kept small: a GIF's scaled and every GIF_EVERY-th."""

    def __init__(self, options, pygame):
        self.pygame = pygame
        self.gif, self.video = options.gif, options.video
        _encoder(self.gif, self.video)  # the extra missing: say so before the run
        self.surface = pygame.Surface(options.size)
        self.gif_frames, self.video_frames = [], []
        self.count = 0
        total = options.frames if options.frames is not None else options.replay.end
        self.progress = Progress(total + 1, "filming")

    def __call__(self, session) -> None:
        pygame = self.pygame
        draw_session(self.surface, session, fps=None)
        if self.video is not None:
            self.video_frames.append(_pixels(pygame, self.surface))
        if self.gif is not None and self.count % GIF_EVERY == 0:
            w, h = self.surface.get_size()
            small = self.surface
            if w > GIF_WIDTH:
                small = pygame.transform.smoothscale(self.surface, (GIF_WIDTH, h * GIF_WIDTH // w))
            self.gif_frames.append(_pixels(pygame, small))
        self.count += 1
        self.progress.advance()

    def outputs(self) -> list[tuple[Path, bytes]]:
        self.progress.finish()
        imageio = _encoder(self.gif, self.video)
        out = []
        if self.gif is not None:
            buffer = io.BytesIO()
            frames = self.gif_frames or [self.video_frames[0]]
            imageio.v3.imwrite(
                buffer, frames, extension=".gif", duration=1000 * GIF_EVERY / 60, loop=0
            )
            out.append((self.gif, buffer.getvalue()))
        if self.video is not None:
            with tempfile.TemporaryDirectory() as folder:
                path = Path(folder) / "film.mp4"
                imageio.v3.imwrite(path, self.video_frames, fps=60, codec="libx264")
                out.append((self.video, path.read_bytes()))
        return out


def _pixels(pygame, surface):
    """The surface as an H x W x 3 array (pygame's arrays are W x H)."""
    return np.ascontiguousarray(pygame.surfarray.array3d(surface).transpose(1, 0, 2))


def _encoder(gif, video):
    """imageio with what the outputs need, or UsageError naming the extra to install."""
    try:
        import imageio.v3  # noqa: F401  (the package itself is what the caller uses)

        if gif is not None:
            import PIL  # noqa: F401
        if video is not None:
            import imageio_ffmpeg  # noqa: F401
    except ImportError as error:
        option = "--gif" if gif is not None else "--video"
        raise UsageError(
            f"{option} needs the optional export extra ({error.name} is not installed): {EXTRA}"
        ) from None
    import imageio

    return imageio
