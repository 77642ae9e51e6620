"""A progress bar on one terminal line, for the waits a teacher sees: exporting slides,
filming a run, rehearsing a long lesson."""

from __future__ import annotations

import sys


class Progress:
    """`label [#####.....] 12/27` on one terminal line, redrawn; nothing when the stream
    is not a terminal (a log, a pipe, CI)."""

    def __init__(self, total: int, label: str, stream=None, width: int = 30):
        self.total, self.label, self.width = max(total, 1), label, width
        self.stream = stream if stream is not None else sys.stderr
        self.visible = _is_terminal(self.stream)
        self.done = 0

    def advance(self, what: str = "") -> None:
        self.done += 1
        if not self.visible:
            return
        filled = self.width * self.done // self.total
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {self.done}/{self.total} {what:<24.24}")
        self.stream.flush()

    def finish(self) -> None:
        if self.visible:
            self.stream.write("\n")
            self.stream.flush()


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
