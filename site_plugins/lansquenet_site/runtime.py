"""Copies the browser runtime into the built site: Pyodide and the engine's wheel.

Pyodide comes from the pinned npm package (``node_modules/pyodide``, put there by
``npm ci``), never from a CDN: only the five files a module worker needs to start Python
are copied, into ``assets/pyodide/``. The engine travels as its own wheel, built in pure
Python (:mod:`lansquenet_site.wheel`), into ``assets/wheels/``. Both go once into the
top site folder, which every language's pages share (the English pages under ``en/``
reach it with one more ``../``).

A file already in place with the same size and modification time is not copied again,
so ``mkdocs serve`` stays fast.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from mkdocs.exceptions import PluginError

from .wheel import WHEELS_DIR, Wheel, build_engine_wheel, write_wheel

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PYODIDE_DIR = "assets/pyodide"


def pyodide_source(root: Path) -> Path:
    """The npm package's folder, or a build error that says how to get it."""
    source = root / "node_modules" / "pyodide"
    missing = [name for name in PYODIDE_FILES if not (source / name).is_file()]
    if missing:
        raise PluginError(
            f"Pyodide is missing from {source} ({', '.join(missing)}): run `npm ci` "
            "in the repository's top folder (or `make setup`) to install the pinned npm packages."
        )
    return source


def _same(source: Path, target: Path) -> bool:
    if not target.is_file():
        return False
    a, b = source.stat(), target.stat()
    return a.st_size == b.st_size and int(a.st_mtime) == int(b.st_mtime)


def copy_pyodide(root: Path, site: Path) -> list[Path]:
    """Copy the Pyodide runtime into ``site/assets/pyodide``; return the files copied."""
    source = pyodide_source(root)
    target = site / PYODIDE_DIR
    target.mkdir(parents=True, exist_ok=True)
    copied = []
    for name in PYODIDE_FILES:
        if not _same(source / name, target / name):
            shutil.copy2(source / name, target / name)  # copy2 keeps the mtime we compare
            copied.append(target / name)
    return copied


def copy_runtime(root: Path, site: Path, wheel: Wheel | None = None) -> Wheel:
    """Copy Pyodide and write the engine's wheel (``wheel``, the build's, else built
    now) into ``site`` (the top site folder)."""
    copy_pyodide(root, site)
    wheel = wheel or build_engine_wheel(root)
    write_wheel(wheel, site / WHEELS_DIR)
    return wheel
