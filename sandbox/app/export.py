"""Slides and films: a lesson's stages as PNGs with an index, a headless run as GIF / MP4.

`--export-lesson DIR` opens every stage headless, the way the window does, and writes

    DIR/stage-01-open.png      the stage as it opens
    DIR/stage-01-after.png     after its scripted input (stages with an opening)
    DIR/stage-01-answer.png    a prediction answered rightly, its evidence on screen
    DIR/index.md               each stage's title, what the teacher says, the question
                               and answer, and its pictures: ready to paste into slides

all of them or none (app/atomic.py). `--gif` and `--video` film a headless run, one frame
each step (a GIF: every second step, at most 960 px wide, 30 frames a second); they need
the optional extra in requirements-export.txt (pillow for a GIF, imageio-ffmpeg for a
video), and say so in one line when it is missing. A video streams to ffmpeg a frame at
a time; a GIF keeps its frames to the end, so it is at most MAX_GIF_STEPS steps long. A
long export shows a progress bar on a terminal.
"""

from __future__ import annotations

import io
import shutil
import tempfile
from pathlib import Path

from ..render.language import N_, language
from . import lesson_run
from .atomic import write_all
from .commands import OpenLesson, Press, Step
from .dispatcher import dispatch
from .errors import UsageError
from .outputs import png_bytes
from .progress import Progress
from .scene_control import open_session
from .view_model import draw_session, frame_in_words

GIF_EVERY = 2  # steps per GIF frame: 30 frames a second
GIF_WIDTH = 960  # px: a GIF wider than this is scaled down (a slide's width)
EXTRA = "pip install 'sat-sandbox[export]' (in a clone: pip install -r requirements-export.txt)"


def export_lesson(options, pygame) -> list[Path]:
    """Every stage of `options.plan` into `options.export`; the files written."""
    plan = options.plan
    surface = pygame.Surface(options.size)
    outputs: list[tuple[Path, bytes]] = []
    index = [f"# {plan.lesson.title}", ""]
    if plan.lesson.summary:
        index += [plan.lesson.summary, ""]
    progress = Progress(len(plan.stages), language(options.language).tr(N_("exporting")))
    for number, stage_plan in enumerate(plan.stages, 1):
        stage = stage_plan.stage
        session = open_session(stage.scene, options.seed, options.theme, language(options.language))
        session.slide = True  # a slide shows the lesson, not the window's controls and keys
        dispatch(session, OpenLesson(plan, number - 1))
        pictures = []

        def picture(kind: str, session=session, number=number, pictures=pictures) -> None:
            session.message = None  # slides carry no transient status messages
            draw_session(surface, session, fps=None)
            name = f"stage-{number:02d}-{kind}.png"
            outputs.append((options.export / name, png_bytes(surface)))
            pictures.append((kind, name, alt_text(session)))

        picture("open")
        if stage_plan.opening:
            while session.lesson_run.phase == "opening":
                dispatch(session, Step())
            picture("after")
        if stage.predict is not None:
            right = sorted(lesson_run.right_keys(session))[0]
            dispatch(session, Press(right))
            while session.lesson_run.phase == "showing":
                dispatch(session, Step())
            picture("answer")
        index += _index_entry(number, stage, pictures, session)
        progress.advance(stage.title)
    progress.finish()
    outputs.append((options.export / "index.md", "\n".join(index).encode("utf-8")))
    options.export.mkdir(exist_ok=True)
    write_all(outputs)
    return [path for path, _ in outputs]


# How each picture of a stage is named in the index (its alt text's head).
PICTURES = {
    "open": N_("Stage {number}, as it opens"),
    "after": N_("Stage {number}, after its opening"),
    "answer": N_("Stage {number}, answered"),
}


def _index_entry(number: int, stage, pictures, session) -> list[str]:
    """A stage's part of index.md, its headings in the session's language."""
    tr = session.language
    lines = ["## " + tr("Stage {number}: {title}").format(number=number, title=stage.title)]
    lines += ["", stage.say, ""]
    predict = stage.predict
    if predict is not None:
        choices = lesson_run.choices(session)
        listed = ", ".join(f"{k.upper()} {label}".strip() for k, label in choices)
        right = [k.upper() for k in sorted(lesson_run.right_keys(session))]
        keys = right[0]
        for key in right[1:]:
            keys = tr("{keys} or {key}").format(keys=keys, key=key)
        asked, answer = tr("Predict:"), tr("Answer:")
        lines += [
            f"**{asked}** {predict.question} ({listed})",
            "",
            f"**{answer}** {keys}. {predict.explain}",
            "",
        ]
    for kind, name, words in pictures:
        head = tr(PICTURES[kind]).format(number=number)
        lines += [f"![{head}: {words}]({name})", ""]
    return lines


def alt_text(session) -> str:
    """A slide's alt text: the frame in words (app/describe.py) past its lesson and stage
    lines (the index's heading says them), brackets kept out of Markdown's way."""
    tr = session.language
    heads = tuple(
        tr(head).split("{")[0] for head in (N_("Lesson: {lesson}."), N_("Stage: {stage}."))
    )
    words = " ".join(line for line in frame_in_words(session) if not line.startswith(heads))
    return words.replace("[", "(").replace("]", ")")


class Film:
    """A headless run filmed as it runs. The video streams to ffmpeg a frame at a time
    (its memory stays one frame, however long the run); the GIF keeps its frames, every
    GIF_EVERY-th step at most GIF_WIDTH px wide and one byte a pixel, for the encoder to
    merge repeats at the end, so a GIF is at most MAX_GIF_STEPS steps long (options.py
    refuses a longer one before the run)."""

    def __init__(self, options, pygame):
        self.pygame = pygame
        self.gif, self.video = options.gif, options.video
        self.image, self.ffmpeg = _encoder(self.gif, self.video)  # missing: said before the run
        self.surface = pygame.Surface(options.size)
        self.gif_frames = []  # Pillow images in palette mode ("P")
        self.count = 0
        total = options.frames if options.frames is not None else options.replay.end
        self.progress = Progress(total + 1, language(options.language).tr(N_("filming")))
        self.folder = None
        self.writer = None
        if self.video is not None:
            self.folder = Path(tempfile.mkdtemp(prefix="sat-sandbox-film-"))
            self.writer = self.ffmpeg.write_frames(
                str(self.folder / "film.mp4"),
                options.size,
                fps=60,
                codec="libx264",
                quality=5,
                macro_block_size=16,
                ffmpeg_log_level="error",
            )
            self.writer.send(None)  # ffmpeg starts, waiting for the first frame

    def __call__(self, session) -> None:
        pygame = self.pygame
        draw_session(self.surface, session, fps=None)
        if self.writer is not None:
            self.writer.send(pygame.image.tobytes(self.surface, "RGB"))
        if self.gif is not None and self.count % GIF_EVERY == 0:
            w, h = self.surface.get_size()
            small = self.surface
            if w > GIF_WIDTH:
                small = pygame.transform.smoothscale(self.surface, (GIF_WIDTH, h * GIF_WIDTH // w))
            rgb = self.image.frombytes("RGB", small.get_size(), pygame.image.tobytes(small, "RGB"))
            self.gif_frames.append(rgb.convert("P", palette=self.image.Palette.ADAPTIVE))
        self.count += 1
        self.progress.advance()

    def outputs(self) -> list[tuple[Path, bytes]]:
        """The films' bytes (the encoders finished), for the run's outputs."""
        self.progress.finish()
        out = []
        if self.gif is not None:
            buffer = io.BytesIO()
            first, *rest = self.gif_frames
            duration = 1000 * GIF_EVERY / 60
            first.save(
                buffer, format="GIF", save_all=True, append_images=rest, duration=duration, loop=0
            )
            out.append((self.gif, buffer.getvalue()))
        if self.writer is not None:
            self.writer.close()  # ffmpeg writes the file's end
            self.writer = None
            out.append((self.video, (self.folder / "film.mp4").read_bytes()))
        self.close()
        return out

    def close(self) -> None:
        """Stop ffmpeg (if it still runs) and remove the temporary folder."""
        if self.writer is not None:
            self.writer.close()
            self.writer = None
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None


def _encoder(gif, video):
    """(PIL.Image, imageio_ffmpeg) as the outputs need them (None where not needed), or
    UsageError naming the extra to install."""
    image = ffmpeg = None
    try:
        if gif is not None:
            from PIL import Image as image  # noqa: N813  (a module, named for its use)
        if video is not None:
            import imageio_ffmpeg as ffmpeg
    except ImportError as error:
        option = "--gif" if gif is not None else "--video"
        raise UsageError.words(
            N_("{option} needs the optional export extra ({name} is not installed): {extra}"),
            option=option,
            name=error.name,
            extra=EXTRA,
        ) from None
    return image, ffmpeg
