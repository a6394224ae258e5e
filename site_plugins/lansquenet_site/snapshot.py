"""Python's memory snapshot, made at build time: what a first visit restores.

The build starts Python in Node.js as the site's worker does (``make_snapshot.mjs``:
boot() of ``engine-worker.mjs``, the site's own Pyodide, trimmed standard library and
wheel), takes its memory snapshot (its free memory zeroed, its first megabytes stored as
a difference from a fresh module's memory: snapshot.mjs) and writes it zstd-compressed
(:func:`compress`) into ``assets/pyodide/snapshot-<digest>.zst``, among Python's files (the
service worker keeps them on first use), with the decoder a worker decompresses it with
(DECODER: the pinned npm zstddec, WebAssembly; browsers decompress gzip and deflate
themselves, not zstd, and gzip's best is a third larger here: 4.44 against 3.29 MB in
December 2026). ``runtime.mjs`` names both, with the snapshot's size before and after
compression, the standard library a restore of it loads
(REST: the files its Python has not imported), and its key, made as the browser makes the
key of the snapshot it keeps (Pyodide's version, the wheel's and the standard library's
digests): a worker restores it only for that key.

Making it takes Node.js a few seconds of processor: it is kept in
``node_modules/.cache/lansquenet/`` (where npm's tools keep theirs; a project that links
the repository's node_modules shares it) by a digest of everything it is made from, so a
build whose inputs have not changed copies it. Without Node.js, no snapshot is made (the build says
so) and a first visit starts Python plainly.

A restore copies the snapshot's heap into the heap a fresh module starts with, and never
grows it (Pyodide issue 6254): a snapshot whose Python grew its heap is refused in every
browser. ``make_snapshot.mjs`` reads that starting heap from Pyodide itself and how far
Python's heap reached at each stage; :func:`check_heap` fails the build when the snapshot
is larger, saying what grew, and the build's log says the headroom left.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
import tempfile
import zipfile
from dataclasses import asdict, dataclass
from pathlib import Path

import zstandard
from mkdocs.exceptions import PluginError
from mkdocs.plugins import get_plugin_logger

from .wheel import Wheel

log = get_plugin_logger(__name__)
MAKER = Path(__file__).with_name("make_snapshot.mjs")
WORKER = ("docs", "assets", "js")  # engine-worker.mjs and snapshot.mjs, under the repository
CACHE = ("node_modules", ".cache", "lansquenet")  # beside Pyodide, shared by projects that link it
STDLIB_FILE = "python_stdlib.zip"  # the standard library, trimmed (runtime.py)
# What a restore loads in place of STDLIB_FILE: its files the snapshot's Python has not imported.
REST = "python_stdlib-rest.zip"
# The snapshot's compression: zstd at this level (19: 3.29 MB, 7.6 s of a processor, made
# once per engine and Pyodide and then kept; 12: 3.55 MB, 0.7 s), its checksum written (a
# corrupt download is refused), and its decoder, the pinned npm package's streaming one,
# copied beside the snapshot (snapshot.mjs unzstd).
LEVEL = 19
DECODER = ("zstddec", "dist", "zstddec-stream.mjs")  # under node_modules
DECODER_FILE = "zstddec.mjs"


@dataclass(frozen=True)
class BuildSnapshot:
    """A snapshot in the site: its file (in ``assets/pyodide/``), ``key``, ``length``
    (its size before compression) and ``size`` (compressed); ``stdlib``, the standard
    library a restore loads (REST), ``stdlib_saved`` bytes smaller than the whole one."""

    file: str
    key: str
    length: int
    size: int
    heap: Heap
    stdlib: str = REST
    stdlib_saved: int = 0
    decoder: str = DECODER_FILE

    def facts(self) -> dict[str, object]:
        """What runtime.mjs says of it."""
        return {
            "file": self.file,
            "key": self.key,
            "length": self.length,
            "bytes": self.size,
            "stdlib": self.stdlib,
            "stdlib_saved": self.stdlib_saved,
            "decoder": self.decoder,
        }


@dataclass(frozen=True)
class Heap:
    """What make_snapshot.mjs measured: ``initial``, the heap a fresh module starts with
    (so the largest heap a restore takes), ``heap``, the snapshot's heap, and ``used``,
    how far Python's heap reached after each stage (``start``: a plain start, ``engine``:
    the wheel and the engine's first import, ``modules``: every engine module)."""

    initial: int
    heap: int
    used: dict[str, int]

    @property
    def headroom(self) -> int:
        """Bytes of the starting heap left once every engine module is imported."""
        return self.initial - self.used["modules"]


STAGES = {
    "start": "Python's own start",
    "engine": "the engine's wheel and its first import",
    "modules": "the import of every engine module",
}


def check_heap(heap: Heap, version: str) -> None:
    """Fails the build when the snapshot's heap is larger than the heap a restore starts
    with: no browser could restore it. Says which stage grew past it."""
    if heap.heap <= heap.initial and heap.headroom >= 0:
        return
    before = 0
    grew = []
    for stage, said in STAGES.items():
        grew.append(f"{said} +{heap.used[stage] - before:,} bytes")
        before = heap.used[stage]
    over = next((said for stage, said in STAGES.items() if heap.used[stage] > heap.initial), "the snapshot")
    raise PluginError(
        f"Python's memory snapshot needs a heap of {heap.heap:,} bytes, more than the "
        f"{heap.initial:,} bytes Pyodide {version} starts with, and a restore never grows "
        f"it: no browser could restore it. The heap outgrew it during {over} "
        f"({'; '.join(grew)}). Import less at start, or make no snapshot (see snapshot.py)."
    )


def pyodide_version(root: Path) -> str:
    """The pinned Pyodide's version (the one its ``pyodide.mjs`` exports)."""
    package = json.loads((root / "node_modules" / "pyodide" / "package.json").read_text("utf-8"))
    return str(package["version"])


def snapshot_key(version: str, wheel: Wheel, stdlib_digest: str) -> str:
    """The key snapshot.mjs's ``snapshotKey`` makes in the browser for the same start."""
    return f"pyodide-{version}/wheel-{wheel.sha256[:16]}/stdlib-{stdlib_digest}"


def _inputs_digest(root: Path, pyodide: Path, wheel: Wheel, key: str) -> str:
    digest = hashlib.sha256(f"{key}/zstd-{LEVEL}".encode())
    for path in (MAKER, root.joinpath(*WORKER, "engine-worker.mjs"), root.joinpath(*WORKER, "snapshot.mjs")):
        digest.update(path.read_bytes())
    for name in ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs", STDLIB_FILE):
        stat = (pyodide / name).stat()
        digest.update(f"{name}:{stat.st_size}".encode())
    digest.update(wheel.sha256.encode())
    return digest.hexdigest()[:16]


def compress(raw: bytes) -> bytes:
    """The snapshot as the site serves it (the worker's unzstd reverses it)."""
    return zstandard.ZstdCompressor(level=LEVEL, write_checksum=True).compress(raw)


def decompress(data: bytes) -> bytes:
    """The snapshot's raw bytes from :func:`compress`'s."""
    return zstandard.ZstdDecompressor().decompress(data)


def rest_of_stdlib(full: bytes, loaded: list[str]) -> bytes:
    """The standard library ``full`` (a zip) without the files in ``loaded`` (the modules
    the snapshot's Python has imported, in its heap): all a restored Python can still
    import from it. Deterministic: same entries, order and times."""
    skip = set(loaded)
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(full)) as source, zipfile.ZipFile(buffer, "w") as out:
        for info in source.infolist():
            if info.filename in skip:
                continue
            entry = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            entry.external_attr = info.external_attr
            entry.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
            out.writestr(entry, source.read(info))
    return buffer.getvalue()


def _make(root: Path, pyodide: Path, wheel: Wheel, node: str) -> tuple[bytes, Heap, list[str]]:
    with tempfile.TemporaryDirectory(prefix="lq-snapshot-") as tmp:
        wheel_file, out = Path(tmp) / wheel.filename, Path(tmp) / "snapshot"
        wheel_file.write_bytes(wheel.data)
        worker = root.joinpath(*WORKER, "engine-worker.mjs")
        args = [node, str(MAKER), str(worker), str(pyodide), str(wheel_file), str(out)]
        done = subprocess.run(args, check=True, capture_output=True, text=True, timeout=600)
        facts = json.loads(done.stdout.strip().splitlines()[-1])
        heap = Heap(int(facts["initial"]), int(facts["heap"]), dict(facts["used"]))
        return out.read_bytes(), heap, [str(name) for name in facts["loaded"]]


def write_snapshot(root: Path, pyodide: Path, wheel: Wheel, stdlib_digest: str) -> BuildSnapshot | None:
    """The build's snapshot into ``pyodide`` (the site's ``assets/pyodide``), from the
    cache or made now; None without Node.js or when Node.js could not make it."""
    key = snapshot_key(pyodide_version(root), wheel, stdlib_digest)
    digest = _inputs_digest(root, pyodide, wheel, key)
    name = f"snapshot-{digest}.zst"
    cache = root.joinpath(*CACHE)
    kept, facts = cache / name, cache / f"snapshot-{digest}.json"
    if not (kept.is_file() and facts.is_file()):
        node = shutil.which("node")
        if node is None:
            log.info("no Node.js: no Python snapshot for first visits (they start Python plainly)")
            return None
        try:
            raw, heap, loaded = _make(root, pyodide, wheel, node)
        except (subprocess.SubprocessError, OSError, ValueError, KeyError, TypeError) as error:
            log.info("no Python snapshot for first visits: Node.js could not make it (%s)", error)
            return None
        cache.mkdir(parents=True, exist_ok=True)
        partial = cache / f"{name}.{id(raw)}.part"  # then renamed: builds side by side never see half a file
        partial.write_bytes(compress(raw))
        facts.write_text(json.dumps({"length": len(raw), "heap": asdict(heap), "loaded": loaded}), "utf-8")
        partial.replace(kept)
    target = pyodide / name
    if not (target.is_file() and target.stat().st_size == kept.stat().st_size):
        shutil.copyfile(kept, target)
    for other in pyodide.glob("snapshot-*"):
        if other != target:
            other.unlink()
    decoder = root.joinpath("node_modules", *DECODER)
    if not decoder.is_file():
        raise PluginError(f"{decoder} is missing: run `make setup` (npm ci)")
    shutil.copyfile(decoder, pyodide / DECODER_FILE)
    known = json.loads(facts.read_text("utf-8"))
    full = (pyodide / STDLIB_FILE).read_bytes()
    rest = rest_of_stdlib(full, known["loaded"])
    if not ((pyodide / REST).is_file() and (pyodide / REST).read_bytes() == rest):
        (pyodide / REST).write_bytes(rest)
    heap = Heap(**known["heap"])
    check_heap(heap, pyodide_version(root))
    log.info(
        "Python's snapshot: %s of the %s bytes a restore starts with used, %s left (%.1f %%)",
        f"{heap.used['modules']:,}",
        f"{heap.initial:,}",
        f"{heap.headroom:,}",
        100 * heap.headroom / heap.initial,
    )
    return BuildSnapshot(
        file=name,
        key=key,
        length=int(known["length"]),
        size=target.stat().st_size,
        heap=heap,
        stdlib_saved=len(full) - len(rest),
    )
