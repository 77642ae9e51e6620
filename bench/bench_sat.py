"""Benchmark: sandbox.sat and sandbox.sat_many against the libraries a user might pick instead.

    python bench/bench_sat.py [--pairs 20000] [--seed 1] [--repeat 5]

Every contender gets the same seeded pairs of random convex polygons (5 to 12
vertices on a circle of radius 10..40 px, turned at random, placed in a 100 x 100
px box, so roughly a third of the pairs collide) and the table shows, side by
side from one run, pairs per second and microseconds per pair (best of
--repeat runs, time.perf_counter), speed relative to the `collision` package and
to shapely, and how often each contender's yes/no answer equals shapely's.

Contenders and what each one gives per pair:

  sat()              sandbox.sat: the full SatResult (MTV, normal, depth,
                     contacts, containment; per-axis records built when read)
  sat() + .axes      the same, then every AxisTest / SkippedAxis record read
  sat_many (batch)   sandbox.sat_many on prebuilt PolygonBatches: colliding,
                     MTV, depth, normal as arrays
  sat_many (lists)   the same, packing the PolygonBatches from Polygon lists
                     inside the timed run
  collision          collision.collide(a, b, Response()) (pure-Python SAT, PyPI
                     "collision"): boolean plus overlap vector in the Response
  shapely            shapely.intersects(geoms_a, geoms_b), vectorised on prebuilt
                     (unprepared) geometries: boolean only

Not part of the test suite (no test asserts a time). Timings on a shared machine
wander: compare the ratios from one run rather than figures from different runs.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import sys
import time
from importlib import metadata
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sandbox.core.batch import PolygonBatch, _may_touch, sat_many  # noqa: E402
from sandbox.core.geometry import Polygon, ShapeError  # noqa: E402
from sandbox.core.pair import sat  # noqa: E402


def random_pairs(count: int, seed: int) -> list[tuple[Polygon, Polygon]]:
    """`count` seeded pairs of random convex 5..12-gons (redrawn if degenerate)."""
    rng = np.random.default_rng(seed)

    def polygon() -> Polygon:
        while True:
            n = int(rng.integers(5, 13))
            t = np.sort(rng.uniform(0, 2 * math.pi, n))
            r = rng.uniform(10, 40)
            local = np.column_stack([np.cos(t), np.sin(t)]) * r
            position = tuple(rng.uniform(0, 100, 2))
            try:
                return Polygon(
                    local, position=position, angle=float(rng.uniform(-math.pi, math.pi))
                )
            except ShapeError:  # (rare) two angles too close: vertices repeated or collinear
                continue

    return [(polygon(), polygon()) for _ in range(count)]


def best_time(run, repeat: int) -> tuple[float, object]:
    """Best wall time of `repeat` calls of run() (and the last result)."""
    best, result = math.inf, None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    versions = ", ".join(
        f"{name} {metadata.version(dist)}"
        for name, dist in (
            ("numpy", "numpy"),
            ("shapely", "shapely"),
            ("collision", "collision"),
        )
    )
    load = ""
    if hasattr(os, "getloadavg"):
        load = f", load average {os.getloadavg()[0]:.2f}"
    return (
        f"Python {platform.python_version()} ({platform.python_implementation()}), {versions}\n"
        f"{cpu}, {os.cpu_count()} logical CPUs, {platform.system()} {platform.release()}{load}"
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=20000, help="number of pairs (20000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (1)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per contender, best kept (5)")
    args = parser.parse_args(argv)
    if args.pairs < 1 or args.repeat < 1:
        parser.error("--pairs and --repeat must be positive")

    import collision
    import shapely

    pairs = random_pairs(args.pairs, args.seed)
    first = [a for a, _ in pairs]
    second = [b for _, b in pairs]
    count = len(pairs)

    # The same world-space polygons for the other libraries.
    def to_collision(p: Polygon):
        x, y = p.position
        points = [collision.Vector(vx - x, vy - y) for vx, vy in p.vertices.tolist()]
        return collision.Poly(collision.Vector(x, y), points)

    coll_pairs = [(to_collision(a), to_collision(b)) for a, b in pairs]
    geoms_a = np.array([shapely.Polygon(a.vertices) for a in first])
    geoms_b = np.array([shapely.Polygon(b.vertices) for b in second])
    batch_a, batch_b = PolygonBatch(first), PolygonBatch(second)

    def run_sat():
        return [sat(a, b) for a, b in pairs]

    def run_sat_axes():
        out = []
        for a, b in pairs:
            r = sat(a, b)
            r.axes  # noqa: B018 - builds every record
            r.skipped  # noqa: B018
            out.append(r)
        return out

    def run_collision():
        # Keeps each Response, as sat() keeps each report.
        collide, response = collision.collide, collision.Response
        out = []
        for a, b in coll_pairs:
            r = response()
            out.append((collide(a, b, r), r))
        return out

    contenders = [
        ("sat()", "full report", lambda: np.array([r.colliding for r in run_sat()])),
        ("sat() + .axes", "full report + records", lambda: [r.colliding for r in run_sat_axes()]),
        ("sat_many (batch)", "MTV, arrays", lambda: sat_many(batch_a, batch_b).colliding),
        (
            "sat_many (lists)",
            "MTV, incl. packing",
            lambda: sat_many(PolygonBatch(first), PolygonBatch(second)).colliding,
        ),
        ("collision", "bool + overlap", lambda: [hit for hit, _ in run_collision()]),
        ("shapely", "boolean only", lambda: shapely.intersects(geoms_a, geoms_b)),
    ]
    timings = {}
    answers = {}
    for name, _, run in contenders:
        run()  # warm up (imports, first-call set-up)
        seconds, result = best_time(run, args.repeat)
        timings[name] = seconds
        answers[name] = np.asarray(result, dtype=bool)

    truth = answers["shapely"]
    rate = {name: count / seconds for name, seconds in timings.items()}
    print(
        f"SAT Sandbox benchmark: {count} pairs of random convex 5-12-gons (seed {args.seed}), "
        f"{truth.mean():.1%} colliding; best of {args.repeat} runs"
    )
    print(machine())
    print()
    header = (
        f"{'contender':<18} {'gives':<22} {'pairs/s':>11} {'us/pair':>9} "
        f"{'vs collision':>13} {'vs shapely':>11} {'= shapely':>10}"
    )
    print(header)
    print("-" * len(header))
    for name, gives, _ in contenders:
        agree = np.mean(answers[name] == truth)
        print(
            f"{name:<18} {gives:<22} {rate[name]:>11,.0f} {1e6 / rate[name]:>9.2f} "
            f"{rate[name] / rate['collision']:>12.2f}x {rate[name] / rate['shapely']:>10.2f}x "
            f"{agree:>10.2%}"
        )
    print()

    # How the sandbox answers compare beyond the boolean.
    reports = run_sat()
    many = sat_many(batch_a, batch_b)
    expected_mtv = np.array([r.mtv for r in reports])
    same = np.array_equal(many.colliding, answers["sat()"])
    mtv_gap = float(np.abs(many.mtv - expected_mtv).max())
    disagree = {name: int(np.sum(answers[name] != truth)) for name, _, _ in contenders}
    print(
        f"sat_many vs sat(): colliding identical on all pairs: {same}; "
        f"largest MTV difference {mtv_gap:.1e}"
    )
    print(
        "pairs whose boolean differs from shapely's: "
        + ", ".join(f"{name} {n}" for name, n in disagree.items() if name != "shapely")
    )
    apart = 1.0 - float(np.mean(_may_touch(batch_a._bound, batch_b._bound)))
    print()
    print("Notes")
    print(
        "- sat() computes colliding, MTV, normal, depth, contacts and containment; its\n"
        "  per-axis records are built when first read, and so are the projections of\n"
        "  pairs whose bounding circles are clearly apart (their answer needs none).\n"
        "  'sat() + .axes' reads every AxisTest / SkippedAxis record: the full report."
    )
    print(
        f"- sat_many skips the projections for pairs whose bounds are clearly apart:\n"
        f"  {apart:.0%} of these pairs. `collision` tests bounding boxes first too; shapely\n"
        "  compares envelopes first. The figures depend on the mix of near / far pairs."
    )
    print(
        "- Every contender keeps its per-pair results (sat() its reports, collision its\n"
        "  Responses), so each pays for the garbage collector walking what it keeps."
    )
    print(
        "- shapely, sat() and sat_many count touching as colliding; `collision` does too\n"
        "  but works on its own copy of the vertices, so touching-by-rounding may differ."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
