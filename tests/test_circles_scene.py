"""The circles scene (tutorial 004): one axis through both centres, and the MTV leaves
the two circles exactly touching: |c_a - c_b| = r_a + r_b = 65 + 110."""

from __future__ import annotations

import math

import numpy as np
import pytest

from sandbox.physics.body import Steering
from sandbox.physics.records import AskedPair
from sandbox.scenes.registry import SCENES


def test_pushing_one_circle_into_the_other_leaves_them_touching():
    world = SCENES["circles"].world(0)
    a, b = world.index("circle"), world.index("big circle")
    push = Steering(right=True, down=True)
    for _ in range(30):  # it slides round the big circle, pressed against it
        record = world.step(1 / 60, push, AskedPair(a, b))
    distance = float(np.hypot(*(world.position[a] - world.position[b])))
    assert distance == pytest.approx(110.0 + 65.0, abs=1e-9)  # touching: the radii
    report = record.shown.report
    assert len(report.axes) == 1
    centre_line = (world.position[a] - world.position[b]) / distance
    assert abs(float(np.dot(report.axes[0].axis, centre_line))) == pytest.approx(1.0, abs=1e-9)
    # Still pushing: the step's test saw an overlap of at most one step's travel.
    assert report.colliding
    assert 0.0 < report.depth <= world.control_speed * math.sqrt(2) / 60 + 1e-9
