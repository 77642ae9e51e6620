"""SAT Sandbox: `python main.py --help` for the options, H in the window for the keys."""

import sys

if __name__ == "__main__":
    try:
        from sandbox.app import run_program
    except KeyboardInterrupt:  # Ctrl-C while numpy and pygame load: stop, quietly
        sys.exit(130)
    sys.exit(run_program())
