"""The same world on every machine: nothing in sandbox/ rounds differently on another CPU.

Three guards (Box2D v3 keeps the last one: a hash of the final state, compared with a
constant, on every platform its CI runs on):

1. a static reading of sandbox/ that fails on any BLAS/LAPACK construct (``@``, ``dot``,
   ``vecdot``, ``einsum``, ``linalg`` ...), on any transcendental function whose bits
   depend on numpy's SIMD path or on libm's FMA variant (``np.arctan2``, ``math.sin``,
   ``x ** y`` ...) and on hypot (``np.hypot``, ``math.hypot``, ``math.dist``);
   sandbox/core/portable.py has the replacements and says why;
2. every built-in scene, and the long physics set-ups, run headless in subprocesses with
   numpy's AVX-512 paths off and with its AVX2 paths off: the --dump-state bytes and the
   PNG bytes equal those of the default path, and so do the portable functions' bits on
   seeded arrays (tests/cpu_paths_probe.py);
3. a state hash per scene after a fixed script of input, pinned below: a CI on any other
   CPU (another OpenBLAS kernel, another SIMD width) that computes another world fails.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from driving import dump_state

ROOT = Path(__file__).resolve().parent.parent
SANDBOX = ROOT / "sandbox"
PROBE = ROOT / "tests" / "cpu_paths_probe.py"

# numpy / math attributes that go through BLAS or LAPACK, or whose bits depend on the CPU.
BLAS = {
    "dot", "vdot", "inner", "matmul", "tensordot", "einsum", "einsum_path", "linalg",
    "cov", "corrcoef", "vecdot", "matvec", "vecmat", "polyfit", "lstsq", "kron",
}  # fmt: skip
TRANSCENDENTAL = {
    "sin", "cos", "tan", "arcsin", "arccos", "arctan", "arctan2", "asin", "acos", "atan",
    "atan2", "sinh", "cosh", "tanh", "arcsinh", "arccosh", "arctanh", "asinh", "acosh",
    "atanh", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "logaddexp",
    "logaddexp2", "power", "float_power", "pow", "cbrt", "erf", "erfc", "gamma", "lgamma",
}  # fmt: skip
# Not correctly rounded, and not rounded alike everywhere: libm's hypot (np.hypot) has
# an FMA and a non-FMA formula in glibc alone; CPython's math.hypot and math.dist are
# its own algorithm. core.portable.hypot replaces them.
HYPOT = {"hypot", "dist"}
MODULES = {"np", "numpy", "math"}


def forbidden_constructs(source: str, filename: str = "<source>") -> list[str]:
    """Every CPU-dependent construct in `source`, as 'file:line: what'."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        what = None
        if isinstance(node, (ast.BinOp, ast.AugAssign)) and isinstance(node.op, ast.MatMult):
            what = "@ (BLAS matmul)"
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
            both_int = all(
                isinstance(side, ast.Constant) and type(side.value) is int
                for side in (node.left, node.right)
            )
            if not both_int:
                what = "** (libm pow for floats; write the products out)"
        elif isinstance(node, ast.Attribute):
            base = node.value
            if isinstance(base, ast.Name) and base.id in MODULES:
                if node.attr in BLAS:
                    what = f"{base.id}.{node.attr} (BLAS/LAPACK)"
                elif node.attr in TRANSCENDENTAL:
                    what = f"{base.id}.{node.attr} (bits depend on the CPU path)"
                elif node.attr in HYPOT:
                    what = f"{base.id}.{node.attr} (libm's or CPython's; portable.hypot)"
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id == "pow":
                what = "pow() (libm pow)"
            elif isinstance(func, ast.Attribute) and func.attr in {"dot", "vdot"}:
                if not (isinstance(func.value, ast.Name) and func.value.id in MODULES):
                    what = f".{func.attr}() (BLAS)"  # array.dot(other)
        elif isinstance(node, ast.ImportFrom) and node.module in {"numpy", "math", "numpy.linalg"}:
            names = {alias.name for alias in node.names}
            bad = sorted(names & (BLAS | TRANSCENDENTAL | HYPOT))
            if node.module == "numpy.linalg" or bad:
                what = f"from {node.module} import {', '.join(bad) or '...'}"
        if what:
            found.append(f"{filename}:{node.lineno}: {what}")
    return found


def test_no_cpu_dependent_arithmetic_in_sandbox():
    """No module under sandbox/ uses BLAS/LAPACK, a CPU-dependent transcendental
    function, libm's or CPython's hypot or Python's float power (the portable
    replacements live in core.portable)."""
    found = []
    files = sorted(SANDBOX.rglob("*.py"))
    assert len(files) > 50  # the walk did find the package
    for path in files:
        found += forbidden_constructs(path.read_text(), str(path.relative_to(ROOT)))
    assert not found, "CPU-dependent arithmetic:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "snippet",
    [
        "y = a @ b",
        "a @= b",
        "y = np.dot(a, b)",
        "y = a.dot(b)",
        "y = numpy.linalg.norm(v)",
        "y = np.einsum('ij,ij->i', a, b)",
        "y = np.vecdot(a, b)",
        "y = np.cov(a)",
        "y = np.arctan2(a, b)",
        "y = math.atan2(a, b)",
        "y = math.cos(t)",
        "y = np.exp(a)",
        "y = x ** 2",
        "y = x ** 0.5",
        "y = pow(x, 2)",
        "y = np.hypot(a, b)",
        "y = math.hypot(a, b)",
        "y = math.dist(p, q)",
        "from math import sin",
        "from math import hypot",
        "from numpy.linalg import det",
    ],
)
def test_the_reader_finds_each_forbidden_construct(snippet):
    """The static check is not vacuous: each construct it rules out is reported."""
    assert len(forbidden_constructs(snippet)) == 1


@pytest.mark.parametrize(
    "snippet",
    ["y = 2**63 - 1", "y = np.sqrt(a * a + b * b)", "y = hypot(a, b)", "y = a * b"],
)
def test_the_reader_allows_what_rounds_the_same_everywhere(snippet):
    """Exact operations (IEEE + - * / sqrt, integer powers of integers) and the portable
    functions pass."""
    assert forbidden_constructs(snippet) == []


# --- the same bits on every numpy CPU path --------------------------------------------


def _dispatch_features() -> list[str]:
    """numpy's run-time dispatch targets that this CPU has (X86_V3 = AVX2, X86_V4 and
    AVX512_* = AVX-512), in dispatch order."""
    from numpy._core import _multiarray_umath as umath

    found = umath.__cpu_features__
    return [name for name in umath.__cpu_dispatch__ if found.get(name)]


def _probe(disabled: list[str]) -> dict:
    env = dict(os.environ, NPY_DISABLE_CPU_FEATURES=" ".join(disabled))
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, str(PROBE)], env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_every_scene_is_the_same_on_every_numpy_cpu_path():
    """Every built-in scene (and the pile, the stack and the concave scene run long)
    dumps the same state bytes and draws the same pixels with numpy's AVX-512 paths
    off, and with its AVX2 paths off too, as on the default path; and core.portable's
    cos_sin, atan2 and hypot give the same bits on seeded arrays (the array forms run
    on numpy's SIMD loops for + - * / sqrt)."""
    features = _dispatch_features()
    avx512 = [f for f in features if f == "X86_V4" or f.startswith("AVX512")]
    avx2_and_up = [f for f in features if f == "X86_V3"] + avx512
    default = _probe([])
    functions = default.pop("portable functions")
    assert set(functions) == {"cos_sin", "atan2", "hypot"}
    assert len(default) >= 20 and all("state" in r and "png" in r for r in default.values())
    default["portable functions"] = functions
    for disabled in (avx512, avx2_and_up):
        other = _probe(disabled)
        differ = sorted(case for case in default if default[case] != other.get(case))
        assert not differ, f"with {disabled or 'nothing'} off, these differ: {differ}"


# --- pinned state hashes (Box2D v3's determinism test) --------------------------------

# sha256 of --dump-state's JSON after the script, first 16 hex digits. A change that
# means to change the world (a new solver rule) updates this table; a machine that
# computes another world fails here, which is the point.
STATE_HASHES = {
    "classic": "fdcadf194c95977e",
    "six-axes": "f49c16c1f2c174a3",
    "squares": "5aa96a6f4c80507f",
    "circle": "ff48c385db147e53",
    "engulfed": "84d4f3e6d0f556eb",
    "gravity": "0e605257a5287fc3",
    "pile": "ed542e7cf078d1a9",
    "tunnelling": "37be98de381f53ab",
    "tumble": "c21b9ec7635a915b",  # issue 36: the report's contacts on the manifold's side
    "stack": "4ac6b513a307e479",
    "spin": "d75069b328d18e5a",
    "circles": "23a12d7b4ca621ba",
    "dot-product": "8d1d142772147ea0",
    "broad-phase": "079f6a3d3b39894c",
    "sat-3d": "e201aff743cc5ade",
    "concave": "04e5e20c78901cd3",
}

SCRIPT = {"frames": 120, "holds": ["right:0-40", "up:30-60", "e:50-70"]}


def state_hash(scene: str) -> str:
    from sandbox.app.headless import simulate
    from sandbox.app.options import parse_options

    argv = ["--headless", "--scene", scene, "--frames", str(SCRIPT["frames"])]
    for hold in SCRIPT["holds"]:
        argv += ["--hold", hold]
    session, _ = simulate(parse_options(argv))
    text = json.dumps(dump_state(session), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_state_hashes_are_pinned():
    """After the same script, every scene's state hashes to the constant pinned here."""
    from sandbox.scenes.registry import SCENES

    actual = {name: state_hash(name) for name in SCENES}
    assert set(STATE_HASHES) == set(actual), "every built-in scene has a pinned hash"
    differ = {name: h for name, h in actual.items() if STATE_HASHES[name] != h}
    assert not differ, "state hashes differ (new values):\n" + json.dumps(differ, indent=1)


def test_portable_cos_sin_and_atan2_match_libm_closely():
    """The portable functions are the functions they replace, to within 2 ulp-ish."""
    from sandbox.core.portable import atan2, cos_sin

    rng = np.random.default_rng(25)
    x = np.concatenate([rng.uniform(-50, 50, 20000), np.arange(-16, 17) * np.pi / 4])
    c, s = cos_sin(x)
    assert np.max(np.abs(c - np.cos(x))) <= 2.3e-16
    assert np.max(np.abs(s - np.sin(x))) <= 2.3e-16
    y, z = rng.normal(size=20000), rng.normal(size=20000)
    assert np.max(np.abs(atan2(y, z) - np.arctan2(y, z))) <= 4.5e-16
    for k in range(0, 20000, 97):  # a float in, the same bits as the array path
        assert cos_sin(float(x[k])) == (c[k], s[k])
        assert atan2(float(y[k]), float(z[k])) == atan2(y[k : k + 1], z[k : k + 1])[0]
