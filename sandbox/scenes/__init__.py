"""The scenes layer: the built-in scenes (one per tutorial idea) and the TOML scene format."""

from .base import CANVAS, GRAVITY, SCENE_WIDTH, Scene, SceneError
from .builtin import pile
from .registry import DEFAULT_SCENE, SCENES, load_scene
from .scene_file import load_scene_file

__all__ = [
    "CANVAS",
    "DEFAULT_SCENE",
    "GRAVITY",
    "SCENES",
    "SCENE_WIDTH",
    "Scene",
    "SceneError",
    "load_scene",
    "load_scene_file",
    "pile",
]
