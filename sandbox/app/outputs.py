"""The outputs of a run (screenshot, state dump, saved scene, recording), written all or none."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pygame

from ..core.locales import N_
from .atomic import write_all
from .dump import dump_state
from .editing import scene_bytes
from .errors import UsageError
from .options import Options
from .pair_choice import names
from .recording import Recorder
from .state import Session

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_END = b"IEND\xaeB`\x82"


def png_bytes(surface) -> bytes:
    """The surface encoded as PNG in memory, checked to be a whole PNG."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "screenshot.png")
    data = buffer.getvalue()
    if not (data.startswith(PNG_SIGNATURE) and data.endswith(PNG_END)):
        raise UsageError.words(N_("the screenshot could not be encoded as PNG"))
    return data


def write_outputs(options: Options, session: Session, surface, recorder: Recorder | None, more=()):
    """The run's outputs, with `more` (path, bytes) made elsewhere (a film), all or none."""
    outputs: list[tuple[Path, bytes]] = list(more)
    if options.screenshot:
        outputs.append((options.screenshot, png_bytes(surface)))
    if options.dump_state:
        text = json.dumps(dump_state(session), indent=1, sort_keys=True) + "\n"
        outputs.append((options.dump_state, text.encode("utf-8")))
    if options.save_scene:
        try:
            outputs.append(
                (
                    options.save_scene,
                    scene_bytes(
                        session.scene, session.world, names(session.pair_choice, session.world)
                    ),
                )
            )
        except UsageError as error:
            raise UsageError.words(N_("--save-scene: {error}"), error=error) from None
    if options.record and recorder is not None:
        text = "\n".join(recorder.lines(session.steps_taken)) + "\n"
        outputs.append((options.record, text.encode("utf-8")))
    write_all(outputs)
