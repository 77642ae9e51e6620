"""The scenes layer: the built-in scenes (one per tutorial idea) and the TOML scene format
(read, and written: `world_to_toml`, `scene_to_toml`)."""

from .base import CANVAS, GRAVITY, SCENE_WIDTH, Scene, SceneError
from .builtin import pile
from .registry import DEFAULT_SCENE, SCENES, load_scene
from .scene_file import load_scene_file
from .scene_writer import scene_to_toml, world_to_toml

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
    "scene_to_toml",
    "world_to_toml",
]
