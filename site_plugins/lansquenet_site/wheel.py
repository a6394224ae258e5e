"""The engine as a wheel, built in pure Python for the browser (no pip at build time).

Pyodide installs it with ``pyodide.unpackArchive(buffer, "wheel", …)``: a plain
``py3-none-any`` wheel holding ``lansquenet/*.py`` (not :data:`LEFT_OUT`; without their
comments and docstrings, each line where it was: stripped.py), its catalogues
(``lansquenet/locales/<lang>/lansquenet.po``, every language it has), its scenarios, its lessons and ``py.typed``, and the
``dist-info`` files (``METADATA``, ``WHEEL``, ``RECORD`` with sha256 hashes). The build
is deterministic: fixed timestamps, sorted entries, deflate at level 9, so the same sources give the same
bytes (and the same name and digest in the page).

>>> import io, zipfile
>>> built = build_engine_wheel(Path(__file__).resolve().parents[2])
>>> built.filename.endswith("-py3-none-any.whl"), built == build_engine_wheel(
...     Path(__file__).resolve().parents[2])
(True, True)
>>> names = zipfile.ZipFile(io.BytesIO(built.data)).namelist()
>>> "lansquenet/locales/fr/lansquenet.po" in names, "lansquenet/locales/fr/site.po" in names
(True, False)
>>> "lansquenet/lessons.json" in names, "lansquenet/protocol.py" in names
(True, False)
"""

from __future__ import annotations

import base64
import hashlib
import io
import tomllib
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from .stripped import strip

NAME = "lansquenet"
WHEELS_DIR = "assets/wheels"  # where the site keeps it
# 1980-01-01, the earliest time a zip entry can hold: every build writes the same bytes.
EPOCH = (1980, 1, 1, 0, 0, 0)
# What a browser never runs: the command line (``python -m lansquenet``, CPython's) and
# the bridge's contract (its TypedDicts: lansquenet_site.bridge writes types/bridge.d.ts
# from it at build time; the engine never imports it).
LEFT_OUT = frozenset({"__main__.py", "protocol.py"})
COMPRESSION = 9  # deflate's smallest: the same bytes on every build, fewer for the reader


@dataclass(frozen=True)
class Wheel:
    """A built wheel: its file name (PEP 427) and its bytes."""

    filename: str
    data: bytes

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    @property
    def url(self) -> str:
        """Its address under the site's top folder, with its digest: a browser never
        keeps a stale engine."""
        return f"{WHEELS_DIR}/{self.filename}?v={self.sha256[:16]}"


def package_files(package: Path) -> list[tuple[str, Path]]:
    """``(archive name, source)`` for each file of the package that the wheel carries."""
    modules = [p for p in package.glob("*.py") if p.name not in LEFT_OUT]
    found: list[tuple[str, Path]] = [(f"{NAME}/{p.name}", p) for p in modules]
    found += [(f"{NAME}/scenarios/{p.name}", p) for p in (package / "scenarios").glob("*.json")]
    found += [(f"{NAME}/{p.name}", p) for p in package.glob("*.json")]  # the lessons
    catalogues = sorted((package / "locales").glob(f"*/{NAME}.po"))  # not the site's words
    if not catalogues:
        raise FileNotFoundError(f"the engine's catalogues are missing: {package / 'locales'}")
    found += [(f"{NAME}/locales/{po.parent.name}/{NAME}.po", po) for po in catalogues]
    typed = package / "py.typed"
    if typed.is_file():
        found.append((f"{NAME}/py.typed", typed))
    return sorted(found)


def _filename(version: str) -> str:
    return f"{NAME}-{version}-py3-none-any.whl"


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode("ascii")


def _entry(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=EPOCH)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    archive.writestr(info, data, compresslevel=COMPRESSION)


def _carried(name: str, path: Path, stripped: bool = True) -> bytes:
    """The bytes the wheel carries for ``path``: a module stripped (stripped.py)."""
    if stripped and name.endswith(".py"):
        return strip(path.read_text("utf-8"), name).encode("utf-8")
    return path.read_bytes()


def build_wheel(package: Path, version: str, summary: str = "", stripped: bool = True) -> Wheel:
    """The wheel of the package folder ``package`` (named ``lansquenet``) at ``version``;
    its modules whole where not ``stripped`` (the engine's doctests in Pyodide need them:
    tests/pyodide/test_node.py)."""
    dist_info = f"{NAME}-{version}.dist-info"
    files = [(name, _carried(name, path, stripped)) for name, path in package_files(package)]
    metadata = f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {version}\n"
    if summary:
        metadata += f"Summary: {summary}\n"
    metadata += "Requires-Python: >=3.11\n"
    wheel = "Wheel-Version: 1.0\nGenerator: lansquenet_site.wheel\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files += [
        (f"{dist_info}/METADATA", metadata.encode("utf-8")),
        (f"{dist_info}/WHEEL", wheel.encode("utf-8")),
        (f"{dist_info}/top_level.txt", f"{NAME}\n".encode()),
    ]
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in files)
    record += f"{dist_info}/RECORD,,\n"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files:
            _entry(archive, name, data)
        _entry(archive, f"{dist_info}/RECORD", record.encode("utf-8"))
    return Wheel(_filename(version), buffer.getvalue())


def build_engine_wheel(root: Path, cache: Path | None = None, *, stripped: bool = True) -> Wheel:
    """The wheel of the repository's engine (``root/engine``), versioned by its pyproject,
    its modules ``stripped`` (build_wheel).

    With ``cache`` (a folder: the build's, ``node_modules/.cache/lansquenet``), the wheel
    is kept there under a digest of all it is made from (its files and their names, its
    version and summary, whether stripped, this module's and stripped.py's code, zlib's
    version) and read again while they are the same: the same bytes, without deflating
    the engine at every build (benchmarks figure 6), as the trimmed standard library and
    the snapshot are kept."""
    engine = root / "engine"
    project = tomllib.loads((engine / "pyproject.toml").read_text("utf-8"))["project"]
    version, summary = str(project["version"]), str(project.get("description", ""))
    if cache is None:
        return build_wheel(engine / NAME, version, summary, stripped)
    digest = hashlib.sha256()
    for part in (
        version.encode(),
        summary.encode(),
        b"stripped" if stripped else b"whole",
        zlib.ZLIB_RUNTIME_VERSION.encode(),
        Path(__file__).read_bytes(),
        Path(__file__).with_name("stripped.py").read_bytes(),
    ):
        digest.update(len(part).to_bytes(8, "big") + part)
    for name, path in package_files(engine / NAME):
        data = path.read_bytes()
        digest.update(len(name).to_bytes(8, "big") + name.encode() + len(data).to_bytes(8, "big") + data)
    kept = cache / f"wheel-{digest.hexdigest()[:16]}.whl"
    if kept.is_file():
        return Wheel(_filename(version), kept.read_bytes())
    built = build_wheel(engine / NAME, version, summary, stripped)
    cache.mkdir(parents=True, exist_ok=True)
    # Written, then renamed: builds side by side never see half a file.
    partial = cache / f"{kept.name}.{id(built)}.part"
    partial.write_bytes(built.data)
    partial.replace(kept)
    return built


def write_wheel(wheel: Wheel, folder: Path) -> Path:
    """Write ``wheel`` into ``folder`` (left alone when the same bytes are already there)."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / wheel.filename
    if not (target.is_file() and target.read_bytes() == wheel.data):
        target.write_bytes(wheel.data)
    return target
