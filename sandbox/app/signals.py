"""SIGTERM and SIGHUP end a run promptly and cleanly (exit 128 + the signal's number).

The handlers are installed before pygame starts SDL, which then leaves them alone (SDL
only claims a signal whose handler is the default one; it would turn SIGTERM into a quit
event that a headless run never reads). A handler raises `Stopped` in the main thread,
so the run unwinds like any error: nothing is written and temporary files are removed.
While outputs are being renamed into place, the signals are held back, so a run ends
with all of its outputs or none.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

SIGNALS = (signal.SIGTERM, signal.SIGHUP)


class Stopped(BaseException):
    """A run ended by SIGTERM or SIGHUP (a BaseException: no `except Exception` eats it)."""

    def __init__(self, signum: int):
        super().__init__(f"stopped by signal {signum}")
        self.signum = signum

    @property
    def status(self) -> int:
        return 128 + self.signum


def _raise_stopped(signum, frame) -> None:
    raise Stopped(signum)


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise `Stopped`; the old handlers come back after."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set handlers (a library caller's thread)
        return
    previous = {number: signal.signal(number, _raise_stopped) for number in SIGNALS}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


@contextmanager
def signals_held() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP wait; they are delivered when it ends."""
    old = signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)
