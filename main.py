"""SAT Sandbox: `python main.py --help` for the options, H in the window for the keys."""

try:  # a Ctrl-C as the interpreter starts (a loaded machine: 50 ms in) ends it quietly too
    import os
    import signal
    import sys
except KeyboardInterrupt:
    raise SystemExit(130) from None

# The app calls no BLAS (numpy's OpenBLAS would start a thread a core as numpy loads:
# 0.14 s of CPU at every start, for nothing).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

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
