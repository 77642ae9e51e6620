"""`python -m sandbox` runs the same program as `python main.py` (a Ctrl-C while numpy
loads stops it quietly, as main.py says why)."""

import signal
import sys

interrupted = []
previous = signal.signal(signal.SIGINT, lambda number, frame: interrupted.append(number))
from sandbox.app import run_program  # noqa: E402

signal.signal(signal.SIGINT, previous)
if interrupted:
    sys.exit(130)
sys.exit(run_program())
