"""SAT Sandbox: `python main.py --help` for the options, H in the window for the keys."""

import sys

from sandbox.app import main

if __name__ == "__main__":
    sys.exit(main())
