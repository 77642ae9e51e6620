"""Run the headless CLI on a list of cases in one process; print each case's hashes.

    python tests/cpu_paths_probe.py  ->  one JSON object: {case: {"state": sha, "png": sha}}
                                         and "portable functions": {name: sha}

tests/test_determinism.py runs this under several NPY_DISABLE_CPU_FEATURES settings
(numpy's AVX-512 paths off, its AVX2 paths off) and requires the same hashes from all.
Every case goes through `main([...])`, the very code `python main.py --headless` runs,
with --dump-state and --screenshot written to a temporary folder and hashed as bytes.
"""

import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from sandbox.app.cli import main  # noqa: E402
from sandbox.core.portable import atan2, cos_sin, hypot  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

# Every built-in scene with some input, and the physics set-ups a pile amplifies.
CASES = {name: (name, 60, ["right:0-30", "up:20-40"]) for name in SCENES}
# (They ran 300 steps; 150 still take the pile and the stack through the arrows' push
# and 110 steps of settling after it, at half the cost, three times a test.)
CASES["pile-150"] = ("pile", 150, ["left:0-40"])
CASES["stack-150"] = ("stack", 150, ["left:0-40"])
CASES["concave-120"] = ("concave", 120, ["right:0-40", "up:45-62"])
CASES["gravity-d"] = ("gravity", 200, ["d:0-0", "right:0-30", "a:150-150", ".:150-150"])


def run_case(folder: Path, scene: str, frames: int, holds: list[str]) -> dict:
    state, png = folder / f"{scene}.json", folder / f"{scene}.png"
    argv = ["--headless", "--scene", scene, "--frames", str(frames), "--size", "640x360"]
    for hold in holds:
        argv += ["--hold", hold]
    argv += ["--dump-state", str(state), "--screenshot", str(png)]
    status = main(argv)
    if status != 0:
        return {"status": status}
    return {
        "state": hashlib.sha256(state.read_bytes()).hexdigest(),
        "png": hashlib.sha256(png.read_bytes()).hexdigest(),
    }


def portable_functions() -> dict:
    """The bits of core.portable's array forms on seeded arrays, the whole float range
    for hypot (its scaled path) and a world's numbers (its usual path)."""
    rng = np.random.default_rng(44)
    angle = rng.uniform(-50.0, 50.0, 100_000)
    x, y = rng.normal(size=100_000), rng.normal(size=100_000)
    wide = rng.uniform(-1.0, 1.0, (2, 100_000)) * np.ldexp(1.0, rng.integers(-1074, 1023, 100_000))
    with np.errstate(all="ignore"):
        outputs = {
            "cos_sin": np.concatenate(cos_sin(angle)),
            "atan2": atan2(y, x),
            "hypot": np.concatenate([hypot(x * 1e3, y), hypot(*wide), hypot(wide[0], x)]),
        }
    return {name: hashlib.sha256(out.tobytes()).hexdigest() for name, out in outputs.items()}


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tmp:
        hashes = {case: run_case(Path(tmp), *spec) for case, spec in CASES.items()}
    hashes["portable functions"] = portable_functions()
    print(json.dumps(hashes, sort_keys=True))
