"""Copies the browser runtime into the built site: Pyodide and the engine's wheel.

Pyodide comes from the pinned npm package (``node_modules/pyodide``, put there by
``npm ci``), never from a CDN: only the five files a module worker needs to start Python
are copied, into ``assets/pyodide/``, the standard library (``python_stdlib.zip``,
2.5 MB) trimmed to the files the engine needs (``stdlib.txt``: 0.86 MB). The engine
travels as its own wheel, built in pure Python (:mod:`lansquenet_site.wheel`), into ``assets/wheels/``. Both go once into the
top site folder, which every language's pages share (the English pages under ``en/``
reach it with one more ``../``).

Beside them, ``assets/pyodide/runtime.mjs`` tells the engine's worker what it downloads
(``bytes``: the WebAssembly, the standard library, the lock file and the wheel, for its
progress) and which standard library it loads (``stdlib``, with its digest: a memory
snapshot is only restored over the same one), and the snapshot a first visit restores,
made at build time (snapshot.py), when there is one.

A file already in place with the same size and modification time is not copied again,
so ``mkdocs serve`` stays fast.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import zipfile
from pathlib import Path

from mkdocs.exceptions import PluginError

from .snapshot import CACHE, STDLIB_FILE, BuildSnapshot, write_snapshot
from .wheel import WHEELS_DIR, Wheel, build_engine_wheel, write_wheel

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PYODIDE_DIR = "assets/pyodide"
RUNTIME_MODULE = "runtime.mjs"
STDLIB = STDLIB_FILE  # declared in snapshot.py, which derives a restore's from it
STDLIB_LIST = Path(__file__).with_name("stdlib.txt")
# What the worker downloads with fetch (pyodide.asm.mjs is imported, not counted).
FETCHED = ("pyodide.asm.wasm", STDLIB, "pyodide-lock.json")


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


def kept_stdlib() -> list[str]:
    """The standard library's files the engine needs (stdlib.txt), paths in the zip."""
    lines = STDLIB_LIST.read_text("utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def trimmed_stdlib(full: Path, cache: Path | None = None) -> bytes:
    """Pyodide's ``python_stdlib.zip`` with only the files of stdlib.txt and their folders
    (deterministic: same entries, same order, same times). A listed file that the zip
    lacks (another Pyodide) is a build error. With ``cache`` (a folder), the zip made
    once for this Pyodide's zip and this list is kept there and read again: compressing
    it again was the plugins' largest share of a build's CPU time (benchmarks figure 6)."""
    if cache is None:
        return _trimmed(full)
    key = hashlib.sha256(full.read_bytes() + STDLIB_LIST.read_bytes()).hexdigest()[:16]
    kept = cache / f"stdlib-{key}.zip"
    if kept.is_file():
        return kept.read_bytes()
    data = _trimmed(full)
    cache.mkdir(parents=True, exist_ok=True)
    partial = (
        cache / f"{kept.name}.{id(data)}.part"
    )  # then renamed: builds side by side never see half a file
    partial.write_bytes(data)
    partial.replace(kept)
    return data


def _trimmed(full: Path) -> bytes:
    keep = set(kept_stdlib())
    folders = {name.rsplit("/", 1)[0] + "/" for name in keep if "/" in name}
    buffer = io.BytesIO()
    with zipfile.ZipFile(full) as source, zipfile.ZipFile(buffer, "w") as out:
        missing = keep - set(source.namelist())
        if missing:
            raise PluginError(
                f"{full} lacks {', '.join(sorted(missing))}: update site_plugins/lansquenet_site/"
                "stdlib.txt for this Pyodide (its header says how)."
            )
        for info in source.infolist():
            if info.filename in keep or any(f.startswith(info.filename) for f in folders if info.is_dir()):
                entry = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                entry.external_attr = info.external_attr
                entry.compress_type = zipfile.ZIP_DEFLATED if not info.is_dir() else zipfile.ZIP_STORED
                out.writestr(entry, source.read(info))
    return buffer.getvalue()


def copy_pyodide(root: Path, site: Path) -> list[Path]:
    """Copy the Pyodide runtime into ``site/assets/pyodide``, the standard library
    trimmed to what the engine needs; return the files copied."""
    source = pyodide_source(root)
    target = site / PYODIDE_DIR
    target.mkdir(parents=True, exist_ok=True)
    copied = []
    for name in PYODIDE_FILES:
        if name == STDLIB:
            data = trimmed_stdlib(source / name, root.joinpath(*CACHE))
            if not ((target / name).is_file() and (target / name).read_bytes() == data):
                (target / name).write_bytes(data)
                copied.append(target / name)
        elif not _same(source / name, target / name):
            shutil.copy2(source / name, target / name)  # copy2 keeps the mtime we compare
            copied.append(target / name)
    return copied


def stdlib_digest(pyodide: Path) -> str:
    """The digest of the standard library in ``pyodide`` (a snapshot's key names it)."""
    return hashlib.sha256((pyodide / STDLIB).read_bytes()).hexdigest()[:16]


def runtime_module(pyodide: Path, wheel: Wheel, snapshot: BuildSnapshot | None = None) -> str:
    """The worker's ``runtime.mjs`` for the Pyodide files in ``pyodide`` and ``wheel``
    (and the build's snapshot, when there is one: snapshot.py)."""
    size = sum((pyodide / name).stat().st_size for name in FETCHED) + len(wheel.data)
    facts: dict[str, object] = {"stdlib": STDLIB, "stdlib_digest": stdlib_digest(pyodide), "bytes": size}
    if snapshot is not None:
        facts["snapshot"] = snapshot.facts()
    return f"export default {json.dumps(facts, sort_keys=True)};\n"


def copy_runtime(root: Path, site: Path, wheel: Wheel | None = None, snapshot: bool = False) -> Wheel:
    """Copy Pyodide and write the engine's wheel (``wheel``, the build's, else built
    now) into ``site`` (the top site folder); with ``snapshot``, Python's snapshot for
    first visits too (snapshot.py)."""
    copy_pyodide(root, site)
    wheel = wheel or build_engine_wheel(root)
    write_wheel(wheel, site / WHEELS_DIR)
    pyodide = site / PYODIDE_DIR
    made = write_snapshot(root, pyodide, wheel, stdlib_digest(pyodide)) if snapshot else None
    module = pyodide / RUNTIME_MODULE
    text = runtime_module(pyodide, wheel, made)
    if not (module.is_file() and module.read_text("utf-8") == text):
        module.write_text(text, "utf-8")
    return wheel
