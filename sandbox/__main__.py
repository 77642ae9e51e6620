"""`python -m sandbox` runs the same program as `python main.py`."""

import sys

from sandbox.app import main

sys.exit(main())
