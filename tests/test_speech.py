"""Issue 43, item 3: --speak says the announcements aloud through the system's
text-to-speech, never a required dependency: without one, one clear line and the run
goes on. Measured with espeak-ng writing WAV files (the standard library's `wave`
reads their length), as CI installs it."""

import io
import os
import shutil
import wave

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from driving import advance, open_session, press, start_lesson  # noqa: E402

from sandbox.app import actions, speech  # noqa: E402
from sandbox.app.cli import main  # noqa: E402
from sandbox.app.describe import Announcer  # noqa: E402
from sandbox.app.lesson_plan import SCRIPT_REFUSED, plan_lesson  # noqa: E402
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


class Heard:
    """A speaker stand-in: what it was asked to say, in order."""

    def __init__(self):
        self.said = []

    def say(self, text):
        self.said.append(text)


def test_the_announcer_speaks_each_change_once():
    """A speaker stand-in hears what --announce prints: the first frame's scene and
    verdict together, then nothing while nothing changes."""
    heard = Heard()
    session = open_session(SCENES["six-axes"], theme="projector")
    session.speech = True  # --speak, or F9
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


def _engine_found(monkeypatch, found: bool) -> None:
    monkeypatch.setattr(speech.shutil, "which", lambda p: f"/usr/bin/{p}" if found else None)


def test_f9_turns_speech_on_and_off_and_speech_off_says_nothing(monkeypatch):
    """F9 turns speech on (the status line says so, and the first frame after it is said:
    the scene and its verdict), and off again (nothing more is said as the pair changes)."""
    _engine_found(monkeypatch, True)
    heard = Heard()
    session = open_session(SCENES["six-axes"], theme="projector")
    announcer = Announcer(frame_in_words, speaker=heard, printing=False)
    announcer(session)
    assert heard.said == []  # off: nothing said
    press(session, "f9")
    assert session.speech and session.message == "speech on (F8: read the frame)"
    announcer(session)
    assert heard.said == [
        "Scene: Six axes, one separates (tutorial 004). Apart: A's e2 leaves a gap of 24.6."
    ]
    press(session, "f9")
    assert not session.speech and session.message == "speech off"
    for _ in range(90):  # A falls onto B: the verdict changes, nothing is said
        advance(session, {"down"})
        announcer(session)
    assert len(heard.said) == 1
    assert frame_in_words(session)[2].split(":")[0] != "Apart"


def test_f9_without_an_engine_stays_off_and_says_how_to_get_one(monkeypatch):
    """No text-to-speech installed: F9 leaves speech off and the status line names
    espeak-ng; F8 says the same (the run goes on)."""
    _engine_found(monkeypatch, False)
    session = open_session(SCENES["six-axes"], theme="projector")
    press(session, "f9")
    assert not session.speech and session.message == actions.NO_SPEECH
    session.message = None
    press(session, "f8")
    assert session.message == actions.NO_SPEECH and "espeak-ng" in actions.NO_SPEECH


def test_f8_reads_the_whole_frame_once_and_prints_it_with_announce(monkeypatch):
    """F8 has every line of the frame in words said once, speech on or off, as one
    utterance; with --announce each line is printed too, marked "frame:". A second
    frame with no press reads nothing more."""
    _engine_found(monkeypatch, True)
    heard, printed = Heard(), io.StringIO()
    session = open_session(SCENES["six-axes"], theme="projector")
    announcer = Announcer(frame_in_words, stream=printed, speaker=heard, printing=True)
    announcer(session)
    printed.truncate(0), printed.seek(0)
    press(session, "f8")
    assert session.message == "reading the frame aloud"
    announcer(session)
    announcer(session)
    words = frame_in_words(session)
    assert heard.said == [" ".join(words)]
    tick = session.world.tick
    assert printed.getvalue().splitlines() == [f"tick {tick}: frame: {line}" for line in words]


def test_speech_keys_act_while_a_question_waits(monkeypatch):
    """F8 and F9 are the viewer's, like F7: while a question waits they act and the
    lesson keeps asking (the words hold its answer back); a stage's script can't press
    them."""
    _engine_found(monkeypatch, True)
    plan = plan_lesson("shadows")
    index = next(k for k, s in enumerate(plan.stages) if s.stage.predict is not None)
    session = open_session(SCENES["classic"], theme="projector")
    start_lesson(session, plan, index)
    while session.lesson_run.phase == "opening":
        advance(session)
    assert session.lesson_run.phase == "asking"
    press(session, "f9")
    press(session, "f8")
    assert session.speech and session.reads == 1
    assert session.lesson_run.phase == "asking" and session.message == "reading the frame aloud"
    assert {"speech", "read_frame"} <= SCRIPT_REFUSED
