"""SIGTERM and SIGHUP end a run promptly and cleanly (exit 128 + the signal's number).

The handlers are installed before pygame starts SDL, which then leaves them alone (SDL
only claims a signal whose handler is the default one; it would turn SIGTERM into a quit
event that a headless run never reads). A handler raises `Stopped` in the main thread,
so the run unwinds like any error: nothing is written and temporary files are removed.
While outputs are being renamed into place, the signals (and SIGINT) are held back, so
a run ends with all of its outputs or none.
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
    # SIGINT raises KeyboardInterrupt, as Python's own handler does; it is saved and put
    # back with the others, since the end of a run ignores all three (atomic.write_all).
    previous[signal.SIGINT] = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


@contextmanager
def signals_held(finishing: bool = False) -> Iterator[None]:
    """Within the block, SIGTERM, SIGHUP and SIGINT wait. When it ends they are delivered;
    but when a `finishing` block completes, they are dropped and ignored from then on: the
    run's last act is done (its outputs all in place) and it is about to exit 0; to stop
    it now would leave new outputs behind an exit status that says they are not.

    They wait in Python's handlers, not in the thread's signal mask: SDL's threads do not
    block them, and the kernel would hand a blocked signal to one of those."""
    held = (*SIGNALS, signal.SIGINT)
    if threading.current_thread() is not threading.main_thread():
        old = signal.pthread_sigmask(signal.SIG_BLOCK, held)  # the best a thread can do
        try:
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)
        return
    pending: list[int] = []

    def wait(signum, frame) -> None:
        pending.append(signum)

    previous = {number: signal.signal(number, wait) for number in held}
    try:
        yield
        if finishing:
            pending.clear()
            previous = dict.fromkeys(held, signal.SIG_IGN)
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        for number in dict.fromkeys(pending):  # each signal once, in the order it came
            _deliver(number, previous[number])


def _deliver(signum: int, handler) -> None:
    """What `handler` (as signal.signal returned it) would have done with `signum`."""
    if callable(handler):
        handler(signum, None)
    elif handler == signal.SIG_DFL:
        signal.raise_signal(signum)
