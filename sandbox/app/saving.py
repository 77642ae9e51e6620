"""Where Ctrl+S saves the world: `--save-dir`, else the user's data folder.

    Linux and the BSDs  $XDG_DATA_HOME/sat-sandbox/scenes   (~/.local/share/... if unset)
    macOS               ~/Library/Application Support/sat-sandbox/scenes
    Windows             %APPDATA%\\sat-sandbox\\scenes

Each save is a new file, `<scene>-001.toml`, `-002` and so on: a save never overwrites
one made before. The file is a scene file: `--scene` opens it.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

MAX_SAVES = 999  # files of one scene's name in the folder


def data_folder() -> Path:
    """The user's data folder for the sandbox's saved scenes (see the module docstring)."""
    home = Path.home()
    if sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    elif os.name == "nt":
        base = Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
    else:
        xdg = os.environ.get("XDG_DATA_HOME")
        base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share"
    return base / "sat-sandbox" / "scenes"


def next_save_path(folder: str | Path | None, scene_name: str) -> Path:
    """The next free `<scene>-NNN.toml` in `folder` (made if missing); OSError if none."""
    folder = Path(folder) if folder is not None else data_folder()
    folder.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", Path(scene_name).stem).strip("-")[:40] or "scene"
    for number in range(1, MAX_SAVES + 1):
        path = folder / f"{stem}-{number:03d}.toml"
        if not path.exists():
            return path
    raise OSError(f"{folder} already holds {MAX_SAVES} saves of {stem}")
