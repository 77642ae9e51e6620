"""Writing outputs (screenshot, state dump, recording) atomically: never a partial file."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from .options import Options
from .recording import Recorder
from .session import Session


def _write_atomically(path: Path, write) -> None:
    """Write through a temporary file in the same folder, then rename: never a partial file."""
    folder = path.parent if str(path.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=path.suffix)
    os.close(handle)
    try:
        write(Path(temporary))
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # mkstemp makes it private; outputs are not
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_outputs(options: Options, session: Session, surface, recorder: Recorder | None):
    import pygame

    if options.screenshot:
        _write_atomically(options.screenshot, lambda p: pygame.image.save(surface, str(p)))
    if options.dump_state:
        text = json.dumps(session.state(), indent=1, sort_keys=True) + "\n"
        _write_atomically(options.dump_state, lambda p: p.write_text(text, encoding="utf-8"))
    if options.record and recorder is not None:
        text = "\n".join(recorder.lines(session.steps)) + "\n"
        _write_atomically(options.record, lambda p: p.write_text(text, encoding="utf-8"))
