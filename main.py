"""SAT Sandbox: `python main.py --help` for the options, H in the window for the keys."""

import signal
import sys

if __name__ == "__main__":
    # Ctrl-C while numpy loads is noted, not raised: raised inside a C extension's import
    # it comes out as an ImportError and a traceback. Noted, the program stops quietly.
    interrupted = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: interrupted.append(number))
    from sandbox.app import run_program

    signal.signal(signal.SIGINT, previous)
    if interrupted:
        sys.exit(130)
    sys.exit(run_program())
