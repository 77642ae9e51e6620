"""Issue 43, item 3: --speak says the announcements aloud through the system's
text-to-speech, never a required dependency: without one, one clear line and the run
goes on. Measured with espeak-ng writing WAV files (the standard library's `wave`
reads their length), as CI installs it."""

import os
import shutil
import wave

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from driving import advance, open_session  # noqa: E402

from sandbox.app import speech  # noqa: E402
from sandbox.app.cli import main  # noqa: E402
from sandbox.app.describe import Announcer  # noqa: E402
from sandbox.app.view_model import frame_in_words  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

ESPEAK = shutil.which("espeak-ng")


def _seconds(path) -> float:
    with wave.open(str(path)) as sound:
        return sound.getnframes() / sound.getframerate()


def test_without_a_speech_engine_one_line_and_the_run_goes_on(monkeypatch, capsys):
    """No espeak-ng, espeak or say on the PATH: --speak says so in one line (how to get
    one) and the headless run ends as without --speak (exit 0, its --describe printed)."""
    monkeypatch.setattr(speech.shutil, "which", lambda program: None)
    argv = ["--headless", "--scene", "circles", "--frames", "3", "--speak", "--describe"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err.strip() == speech.NONE_FOUND and "\n" not in err.strip()
    assert out.startswith("Scene: Circle against circle (tutorial 004).")


def test_the_announcer_speaks_each_change_once():
    """A speaker stand-in hears what --announce prints: the first frame's scene and
    verdict together, then nothing while nothing changes."""

    class Heard:
        def __init__(self):
            self.said = []

        def say(self, text):
            self.said.append(text)

    heard = Heard()
    session = open_session(SCENES["six-axes"], theme="projector")
    announcer = Announcer(frame_in_words, speaker=heard, printing=False)
    announcer(session)
    advance(session)
    announcer(session)
    assert heard.said == [
        "Scene: Six axes, one separates (tutorial 004). Apart: A's e2 leaves a gap of 24.6."
    ]


@pytest.mark.skipif(ESPEAK is None, reason="espeak-ng is not installed (CI installs it)")
def test_espeak_ng_says_an_announcement_as_sound(tmp_path):
    """espeak-ng writes the words as a WAV: "Now touching" lasts between 0.3 and 3 s, and
    a whole verdict sentence more than twice as long."""
    engine = speech.find_engine()
    assert engine is not None and engine[0] == ESPEAK
    short_wav, long_wav = tmp_path / "short.wav", tmp_path / "long.wav"
    speaker = speech.Speaker(engine, wav=short_wav)
    speaker.say("Now touching.")
    speaker.wait()
    speaker = speech.Speaker(engine, wav=long_wav)
    speaker.say("Colliding: the least overlap, 3.2 on B's e3, is the MTV (-2.6, -1.9).")
    speaker.wait()
    short, long = _seconds(short_wav), _seconds(long_wav)
    assert 0.3 < short < 3.0 and long > 2 * short, (short, long)
