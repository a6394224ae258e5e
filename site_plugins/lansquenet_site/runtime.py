"""Copies the browser runtime into the built site (filled in by the play-page work)."""

from __future__ import annotations

from pathlib import Path


def copy_runtime(root: Path, site: Path) -> None:
    """Copy Pyodide and the engine's wheel into ``site`` (not yet)."""
