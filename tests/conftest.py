"""Shared test set-up: headless SDL before anything imports pygame; the golden-image flag;
a private Xvfb server for the tests that need a real window."""

import os
import shutil
import subprocess
import sys

import pytest

# The suite starts Python some hundreds of times (its workers, the app as a subprocess):
# each start compiles from source every module no bytecode cache holds, and pytest
# rewrites every test module's asserts afresh. With PYTHONDONTWRITEBYTECODE set (some
# machines set it for everything), no cache is ever written and every start pays it
# again: collecting the suite took 8.2 s a worker with it, 3.3 s with the caches. The
# caches go where Python puts them (__pycache__, ignored by git).
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
# numpy's OpenBLAS starts a thread a core as numpy loads (0.14 CPU-s each start, measured:
# 0.32 s of CPU to import numpy and the app, 0.18 s with one thread); nothing here calls
# BLAS (DESIGN: none in sandbox/), and this reaches the workers and every subprocess.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The goldens, the same-bytes corpus and the words the tests read are English: a machine
# whose locale is German (LANG=de_DE.UTF-8) would otherwise run them in German (--lang's
# default is the system's; LANGUAGE comes first, as gettext reads it).
os.environ["LANGUAGE"] = "en"


def pytest_addoption(parser):
    parser.addoption(
        "--update-goldens",
        action="store_true",
        help="rewrite tests/golden/*.png from the current renderer instead of comparing",
    )


def require_tool(tool: str) -> str:
    """The path of a command the test needs: skip without it, except under CI, where a
    skip would hide a broken install and so fails instead."""
    path = shutil.which(tool)
    if path is None:
        message = f"{tool} is not installed (apt-get install xvfb xdotool)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture
def xvfb_display():
    """A private Xvfb server (1280 x 720) on a display number it picks itself and writes
    to a pipe (-displayfd): two test workers never race for the same number."""
    xvfb = require_tool("Xvfb")
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        [xvfb, "-displayfd", str(write_end), "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=(write_end,),
    )
    os.close(write_end)
    try:
        with os.fdopen(read_end) as pipe:
            number = pipe.readline().strip()  # written once the server is ready
        if not number.isdigit():
            pytest.fail(f"Xvfb did not start (exit status {server.poll()})")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


# --- how many workers `-n auto` starts --------------------------------------------------

# About a tenth of the suite's time is spent waiting, not computing: the real-window tests
# sleep between xdotool's keys while the app draws, and many tests wait on a subprocess
# (the command line, signals, the install, the CPU-path probes). With one worker a core,
# a core sits idle through those waits; one worker more fills them. Measured on this
# 2-core machine, the whole suite: 461.6 s with 2 workers, 408.7 s with 3.


def pytest_xdist_auto_num_workers(config):
    """`-n auto`: the cores this process may run on, plus one (xdist's own rule, its
    PYTEST_XDIST_AUTO_NUM_WORKERS variable, still wins when set)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's hook reads it
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) + 1


# --- sharing a worker: the tests that read cases built once a worker ----------------------

# A module fixture or a cache is built once in each worker that runs one of its tests:
# spread over two workers, these modules built theirs twice (the SAT oracle's 20,000
# pairs, the installed wheel, the scenes' 90-step runs). Their tests go to one worker;
# test_physics's two tests of a scene read one 300-tick run of it and go together.
# (xdist's own `--dist loadgroup` marks do nothing under pytest 9: it renames the test
# through `item._nodeid`, which pytest 9 no longer reads.)
SHARED_BY_MODULE = {
    "test_sat_oracle.py",
    "test_install.py",
    "test_sweep.py",
    "test_swept_batch.py",
    "test_describe_everywhere.py",
}
SHARED_BY_PARAMETER = {"test_physics.py"}
# Modules that read the same played moments (driving.every_frame / every_stage, played
# once a worker): one unit of work, so that they are played once in all.
SHARED_BY_GROUP = {
    module: "every-frame"
    for module in (
        "test_accessibility.py",
        "test_classroom_projector.py",
        "test_driving.py",
        "test_knock_out.py",
        "test_language_layout.py",
        "test_text_clear.py",
        "test_text_sizes.py",
    )
}


def shared_scope(nodeid: str) -> str:
    """The unit of work a test belongs to: its group's, its module's, its module's and
    parameter's, or (every other test) its own, as `--dist load` sends them."""
    module = nodeid.split("::", 1)[0].rsplit("/", 1)[-1]
    if module in SHARED_BY_GROUP:
        return SHARED_BY_GROUP[module]
    if module in SHARED_BY_MODULE:
        return module
    if module in SHARED_BY_PARAMETER and nodeid.endswith("]"):
        return f"{module}[{nodeid.rsplit('[', 1)[1]}"
    return nodeid


try:
    from xdist.scheduler import LoadScopeScheduling
except ImportError:  # no xdist: the suite runs in one process, and nothing is shared
    LoadScopeScheduling = None

if LoadScopeScheduling is not None:

    class SharedScopeScheduling(LoadScopeScheduling):
        """xdist's load balancing by units of work (largest first), a unit `shared_scope`'s."""

        def _split_scope(self, nodeid: str) -> str:
            return shared_scope(nodeid)

    def pytest_xdist_make_scheduler(config, log):
        if config.getoption("dist") != "load":
            return None  # an explicit --dist loadfile, loadscope, ... is obeyed
        return SharedScopeScheduling(config, log)
