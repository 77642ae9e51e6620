"""The core layer: shapes and the separating axis test (numpy only, no state, no pygame).

`decompose` and `sat3d` are imported from their modules (sandbox.core.decompose,
sandbox.core.sat3d): a package name never means both a module and a function.

**The same bits on every CPU.** Nothing in sandbox/ may compute a number that shapes
the world or the pixels in a way whose rounding depends on the machine: a recording
made on a teacher's laptop must replay to the same world on the classroom PC, and the
golden screenshots must match on any CI. So, everywhere in sandbox/:

* no BLAS or LAPACK: no ``@`` on arrays, ``dot``, ``vecdot``, ``matmul``, ``inner``,
  ``tensordot``, ``einsum``, ``np.linalg``, ``np.cov`` -- OpenBLAS picks a kernel per
  CPU and each adds in its own order, with or without fused multiply-adds;
* no transcendental function whose bits change with numpy's SIMD path (``arctan2``,
  ``exp``, ``log``, ``tan``, ``arccos``, ``power`` differ between its AVX2 and AVX-512
  code) or with libm's FMA variants (``math.sin``, ``math.atan2``, Python's ``**``);
* no ``hypot`` but core.portable's: libm's (``np.hypot``) need not round correctly
  and rounds differently per libm and with or without an FMA (glibc's x86-64 and
  aarch64 formulas differ), and CPython's ``math.hypot`` / ``math.dist`` are a third
  algorithm;
* instead, core.portable: products written out as multiply-adds (``dot_rows``,
  ``transform``, ``sum_of_products``), cosine and sine as fdlibm's polynomials
  (``cos_sin``), arctangent as Cephes' (``atan2``), ``hypot`` as Borges' corrected
  square root. IEEE ``+ - * /``, ``sqrt``, sums (``sum``, ``add.reduce``),
  ``min``/``max`` and sorting by value give the same bits on every path.

tests/test_determinism.py enforces it three ways: it reads sandbox/ for the constructs
above, runs every scene with numpy's AVX-512 and AVX2 paths switched off and compares
the dumps and pixels byte for byte, and pins a state hash per scene (as Box2D v3 pins
its cross-platform determinism hash).
"""

from .batch import PolygonBatch, SatBatchResult, sat_many
from .decompose import Decomposition
from .geometry import AABB, Circle, Polygon, ShapeError
from .outline import Convexity, convexity, line_crossings
from .pair import sat
from .polyhedron import Polyhedron, euler_rotation
from .report import AxisTest, SatResult, SkippedAxis
from .sat3d import AxisTest3D, Sat3dResult, SkippedAxis3D, false_positive_pose
from .swept import SweepResult, sweep
from .swept_batch import SweepBatch, sweep_many

__all__ = [
    "AABB",
    "AxisTest",
    "AxisTest3D",
    "Circle",
    "Convexity",
    "Decomposition",
    "Polygon",
    "PolygonBatch",
    "Polyhedron",
    "Sat3dResult",
    "SatBatchResult",
    "SatResult",
    "ShapeError",
    "SkippedAxis",
    "SkippedAxis3D",
    "SweepBatch",
    "SweepResult",
    "convexity",
    "euler_rotation",
    "false_positive_pose",
    "line_crossings",
    "sat",
    "sat_many",
    "sweep",
    "sweep_many",
]
