"""The limits of the command line and of replay files, and the one-line rule for messages.

Every limit is checked before a run starts, with a message naming the option or the
file and line; none is large enough to let a run exhaust memory or go on for hours.
"""

from __future__ import annotations

MAX_FRAMES = 1_000_000  # ticks: --frames, a --hold's LAST, a replay's steps and end (4.6 h)
MAX_SEED = 2**63 - 1  # |--seed| and a replay's seed
MAX_REPLAY_BYTES = 32 << 20  # a replay file (a million held-key changes is ~30 MB)
MAX_REPLAY_LINE = 4096  # characters in one replay line
MAX_JSON_DEPTH = 4  # nesting of [ and { within one replay line (the format needs 2)
MAX_INT_DIGITS = 19  # a whole number in a replay line (a 64-bit integer's digits)
MAX_SCENE_NAME = 1024  # a replay header's scene: a built-in name or a path
# Keys that rebuild the world (a reset, another scene, F, Y) in one replay: a rebuild of
# the pile costs ~23 ms, so a file of nothing else, within MAX_REPLAY_BYTES, would run
# for hours; 5,000 of them cost two minutes at most.
MAX_REBUILDS = 5_000
# A GIF keeps its frames (every second step, at most 960 px wide, a byte a pixel) until
# the encoder merges repeats at the end: 20 s of them are ~300 MiB at most. A video
# streams to ffmpeg and has no limit of its own.
MAX_GIF_STEPS = 1_200
MAX_MESSAGE = 1000  # characters of an error message; the middle of a longer one is cut


def one_line(message: str) -> str:
    """`message` safe for one terminal line: control and other unprintable characters
    (newlines, carriage returns, ANSI escapes, NUL, line separators) are written as
    escapes, and an over-long message keeps its beginning and its end."""
    text = "".join(c if c.isprintable() else _escape(c) for c in message)
    if len(text) > MAX_MESSAGE:
        half = MAX_MESSAGE // 2
        text = f"{text[:half]} ... {text[-(MAX_MESSAGE - half - 5) :]}"
    return text


def _escape(character: str) -> str:
    code = ord(character)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
