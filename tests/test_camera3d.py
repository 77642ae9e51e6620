"""The orbit camera's projection against hand-worked pinhole values."""

import math

import numpy as np
import pytest

from sandbox.core.camera3d import OrbitCamera, wireframe


def test_target_lands_on_the_centre():
    cam = OrbitCamera(yaw=0.7, pitch=0.3, distance=400, target=(5, -2, 9))
    proj = cam.project([(5, -2, 9)], centre=(320, 240))
    assert proj.points[0] == pytest.approx((320, 240))
    assert proj.depth[0] == pytest.approx(400)
    assert proj.visible[0]


def test_front_view_closed_form():
    # yaw 0, pitch 0: eye at (0, 0, 500) looking along -z; a point (50, 20, 0) is at depth 500,
    # screen x = 500 * 50 / 500 = 50 right, screen y = -500 * 20 / 500 = 20 up (y down).
    cam = OrbitCamera(distance=500, focal=500)
    proj = cam.project([(50, 20, 0), (50, 20, 250)], centre=(100, 100))
    assert proj.points[0] == pytest.approx((150, 80))
    # nearer (depth 250): twice as far from the centre
    assert proj.points[1] == pytest.approx((200, 60))
    assert proj.depth[1] == pytest.approx(250)


def test_quarter_turn_sees_x_as_depth():
    # yaw pi/2: eye on +x at (500, 0, 0) looking along -x; world -z is screen right.
    cam = OrbitCamera(yaw=math.pi / 2, distance=500, focal=500)
    proj = cam.project([(0, 0, -100), (100, 0, 0)])
    assert proj.points[0] == pytest.approx((100, 0), abs=1e-9)
    assert proj.depth[1] == pytest.approx(400)


def test_behind_the_camera_not_visible():
    cam = OrbitCamera(distance=100)
    proj = cam.project([(0, 0, 100), (0, 0, 150), (0, 0, 0)])
    assert list(proj.visible) == [False, False, True]
    assert np.isfinite(proj.points).all()


def test_turned_wraps_and_basis_orthonormal():
    cam = OrbitCamera(yaw=6.0, pitch=-0.4).turned(1.0)
    assert cam.yaw == pytest.approx(7.0 - 2 * math.pi)
    b = cam.basis()
    assert b @ b.T == pytest.approx(np.eye(3))
    assert np.linalg.det(b) == pytest.approx(-1.0)  # right, up, forward(into screen): left-handed


@pytest.mark.parametrize(
    "kwargs",
    [{"distance": 0}, {"focal": -1}, {"pitch": math.pi / 2}, {"yaw": math.nan}, {"near": 0}],
)
def test_bad_camera_refused(kwargs):
    with pytest.raises(ValueError):
        OrbitCamera(**kwargs)


def test_wireframe_of_a_box_front_view():
    from sandbox.core.polyhedron import Polyhedron

    # a 100-cube centred on the target; front face z = +50 at depth 450, back at 550:
    # front corners at 500 * 50 / 450 = 55.55..., back corners at 500 * 50 / 550 = 45.45...
    cam = OrbitCamera(distance=500, focal=500)
    frame = wireframe(cam, Polyhedron.box(100, 100, 100))
    assert frame.segments.shape == (12, 2, 2)
    assert frame.visible.all()
    extents = sorted({round(abs(float(x)), 6) for x in frame.segments[..., 0].ravel()})
    assert extents == pytest.approx([50 * 500 / 550, 50 * 500 / 450])
