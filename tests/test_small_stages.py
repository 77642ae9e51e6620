"""Issue 41, item 9: the three stages that were too small to read on a projector frame
their subject at 150 px or more at 1024x768 — the bullet of needs-help 4 and 5 (30 and
28 px before, its normals a knot) and the pyramid of pushing-out 6 (shape A, one 30 px
box of the column, was 25 px at view = "fit"; the stage is about the whole stack)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from driving import advance, layout_for, open_session, press, start_lesson  # noqa: E402

from sandbox.app import lesson_run  # noqa: E402
from sandbox.app.lesson_plan import plan_lesson  # noqa: E402
from sandbox.render.layout import world_transform  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

PROJECTOR = (1024, 768)
SUBJECT_PX = 150


def _opened(lesson: str, stage: int):
    """The session at the end of a stage's opening (where its question waits)."""
    session = open_session(SCENES["classic"], theme="projector")
    start_lesson(session, plan_lesson(lesson), stage - 1)
    while session.lesson_run.phase == "opening":
        advance(session)
    return session


def _on_screen(session, boxes):
    """The union of world boxes (min_x, min_y, max_x, max_y) in screen pixels, and the
    scene area's rectangle, by the transform the picture is drawn with."""
    layout = layout_for(session, PROJECTOR)
    scale, ox, oy = world_transform(layout, session.camera)
    x0 = min(b[0] for b in boxes) * scale + ox
    y0 = min(b[1] for b in boxes) * scale + oy
    x1 = max(b[2] for b in boxes) * scale + ox
    y1 = max(b[3] for b in boxes) * scale + oy
    sx, sy, sw, sh = layout.scene
    return (x0, y0, x1, y1), (sx, sy, sx + sw, sy + sh)


def _box(session, name):
    box = session.world.shape(session.world.index(name)).aabb()
    return (box.min_x, box.min_y, box.max_x, box.max_y)


def _inside(box, scene) -> bool:
    return scene[0] <= box[0] and box[2] <= scene[2] and scene[1] <= box[1] and box[3] <= scene[3]


def test_the_bullet_stages_show_the_bullet_big_beside_its_wall():
    """needs-help 4 and 5, as the question waits (4) and as the stage stands paused (5):
    the bullet is at least 150 px long on screen, whole in the scene, with its wall's face
    in view and the gap between them (5 px in the world) wider than a line."""
    for stage, bullet, wall in (
        (4, "bullet, discrete test", "wall (top)"),
        (5, "bullet, swept test", "wall (bottom)"),
    ):
        session = _opened("needs-help", stage)
        (x0, y0, x1, y1), scene = _on_screen(session, [_box(session, bullet)])
        assert x1 - x0 >= SUBJECT_PX, f"stage {stage}: the bullet is {x1 - x0:.0f} px"
        assert _inside((x0, y0, x1, y1), scene), f"stage {stage}: the bullet is cut"
        (wx0, _, wx1, _), _ = _on_screen(session, [_box(session, wall)])
        assert scene[0] <= wx0 and wx1 <= scene[2], f"stage {stage}: the wall is out of view"
        gap = wx0 - x1  # 5 world px at the bullet's scale (24 world px long)
        assert abs(gap - 5 * (x1 - x0) / 24) < 1e-6 and gap >= 10, (stage, gap)


def test_the_tunnelling_question_is_asked_with_the_bullet_in_front_of_the_wall():
    """needs-help 4 asks while the discrete bullet is one step (60 px) short of passing:
    5 px in front of its wall; one step later it is past it and no pose overlapped."""
    session = _opened("needs-help", 4)
    assert session.lesson_run.phase == "asking"
    bullet, wall = _box(session, "bullet, discrete test"), _box(session, "wall (top)")
    assert wall[0] - bullet[2] == 5.0
    press(session, sorted(lesson_run.right_keys(session))[0])
    advance(session)
    bullet = _box(session, "bullet, discrete test")
    assert bullet[0] - wall[2] == 25.0  # 60 px on: past the wall, never over it


def test_the_stack_stage_shows_the_pyramid_big_and_the_whole_stack():
    """pushing-out 6 is about the stack: the pyramid is at least 150 px wide and high on
    screen, and the column, the pyramid and the heavy box are all whole in view."""
    session = _opened("pushing-out", 6)
    names = [body.name for body in session.world.bodies]
    pyramid = [_box(session, n) for n in names if n.startswith("pyramid")]
    (x0, y0, x1, y1), scene = _on_screen(session, pyramid)
    assert x1 - x0 >= SUBJECT_PX and y1 - y0 >= SUBJECT_PX, (x1 - x0, y1 - y0)
    stack = [_box(session, n) for n in names if n.startswith(("pyramid", "column", "player"))]
    assert len(stack) == 55 + 10 + 1
    whole, scene = _on_screen(session, stack)
    assert _inside(whole, scene), (whole, scene)
