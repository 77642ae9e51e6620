"""--speak: the announcements (app/describe.py) said aloud by the system's text-to-speech,
never a required dependency (issue 43, item 3). espeak-ng where installed (Linux; Debian
and Ubuntu: `apt install espeak-ng`), else espeak, else macOS's `say`. Without one, one
clear line says how to get it and the app runs on without speech.

A new announcement interrupts the one being said, as a screen reader's does: what the
class should hear is what is on screen now, not a queue of what was.
"""

from __future__ import annotations

import shutil
import subprocess
import sys

from .describe import Announcer

# (program, its arguments before the text): the first one found speaks
ENGINES = (("espeak-ng", ("-s", "165")), ("espeak", ("-s", "165")), ("say", ()))
NONE_FOUND = (
    "--speak: no text-to-speech found (install espeak-ng: sudo apt install espeak-ng, "
    "or espeak); running without speech"
)


def find_engine() -> tuple[str, tuple[str, ...]] | None:
    """The first text-to-speech program on the PATH, with its arguments; None if none."""
    for program, arguments in ENGINES:
        path = shutil.which(program)
        if path is not None:
            return path, arguments
    return None


class Speaker:
    """Says lines aloud through `engine` (find_engine's answer); `wav`: write the speech
    to that WAV file instead of the sound card (espeak-ng's -w: the tests measure it)."""

    def __init__(self, engine, wav=None) -> None:
        self.engine = engine
        self.wav = wav
        self.speaking: subprocess.Popen | None = None

    @classmethod
    def for_options(cls, stream=None) -> Speaker | None:
        """The speaker --speak asks for, or None after one line saying why there is none."""
        engine = find_engine()
        if engine is None:
            print(NONE_FOUND, file=stream if stream is not None else sys.stderr, flush=True)
            return None
        return cls(engine)

    def say(self, text: str) -> None:
        """Say `text` now, cutting short what is still being said."""
        if self.speaking is not None and self.speaking.poll() is None:
            self.speaking.terminate()
        program, arguments = self.engine
        out = ("-w", str(self.wav)) if self.wav is not None else ()
        self.speaking = subprocess.Popen(  # a program found on the PATH; the text one argument
            [program, *arguments, *out, text],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def wait(self) -> None:
        """Until the last line is said (a headless run's end, the tests)."""
        if self.speaking is not None:
            self.speaking.wait()


def announcer_for(options, words, window: bool = False) -> Announcer:
    """The announcer of a run; `words`: session -> the frame in words
    (view_model.frame_in_words). It prints with --announce; it speaks with --speak, and
    in a window wherever an engine is installed, for F9 and F8 (a headless run speaks
    only when asked to)."""
    if options.speak:
        speaker = Speaker.for_options()
    else:
        engine = find_engine() if window else None
        speaker = Speaker(engine) if engine is not None else None
    return Announcer(words, speaker=speaker, printing=options.announce)
