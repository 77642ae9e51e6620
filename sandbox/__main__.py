"""`python -m sandbox` runs the same program as `python main.py`."""

import sys

try:
    from sandbox.app import run_program
except KeyboardInterrupt:  # Ctrl-C while numpy and pygame load: stop, quietly
    sys.exit(130)

sys.exit(run_program())
