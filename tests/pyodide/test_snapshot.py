"""Pyodide's private snapshot options (docs/assets/js/snapshot.mjs), fenced by tests.

Pyodide marks ``_makeSnapshot``, ``_loadSnapshot`` and ``makeMemorySnapshot`` private:
an update may rename or change them without notice. These tests fail loudly when it
does: the names snapshot.mjs uses must still be in the installed package's code, and a
round trip under Node.js (a plain start, its snapshot, a second Python restored from it)
must answer every conformance case and the worker's session requests exactly as CPython.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from helpers import assert_answers_as_cpython, cases_here, replay_in_node, session_here
from mkdocs.exceptions import PluginError

from lansquenet_site import runtime
from lansquenet_site.snapshot import Heap, check_heap, decompress, pyodide_version, write_snapshot
from lansquenet_site.wheel import build_engine_wheel, write_wheel

REPO = Path(__file__).resolve().parents[2]
PYODIDE = REPO / "node_modules" / "pyodide"
FENCE = REPO / "docs" / "assets" / "js" / "snapshot.mjs"
SCRIPT = Path(__file__).with_name("replay.mjs")
PYODIDE_VERSION = pyodide_version(REPO)
HEAPS: list[Heap] = []  # what the build measured of its snapshot (the ``built`` fixture)
# Under pytest-xdist the module stays on one worker: its module fixtures (a restored run,
# a built snapshot) are each made once.
pytestmark = pytest.mark.xdist_group("pyodide-snapshot")


def fenced() -> dict[str, str]:
    """The names snapshot.mjs gives Pyodide: its two options and its method."""
    text = FENCE.read_text("utf-8")
    options = re.search(r'OPTIONS = \{ make: "(\w+)", load: "(\w+)" \}', text)
    method = re.search(r'METHOD = "(\w+)"', text)
    module = re.search(r'MODULE = "(\w+)"', text)
    assert options and method and module, "snapshot.mjs names its options, method and module"
    return {"make": options[1], "load": options[2], "method": method[1], "module": module[1]}


def test_pyodide_still_has_the_private_options_the_fence_uses() -> None:
    names = fenced()
    types = (PYODIDE / "pyodide.d.ts").read_text("utf-8")
    assert re.search(rf"\b{names['make']}\?: boolean;", types), "loadPyodide lost _makeSnapshot"
    assert re.search(rf"\b{names['load']}\?: Uint8Array \| ArrayBuffer", types), (
        "loadPyodide lost _loadSnapshot"
    )
    assert re.search(rf"static {names['method']}\(", types), "pyodide lost makeMemorySnapshot"
    loader = (PYODIDE / "pyodide.mjs").read_text("utf-8")
    assert f".{names['load']})return;" in loader, "loadPyodide no longer reads _loadSnapshot"
    runtime = (PYODIDE / "pyodide.asm.mjs").read_text("utf-8")
    # The one condition snapshot.mjs relies on: a snapshot needs the make option.
    assert f"Can only use pyodide.{names['method']} if the {names['make']} option" in runtime
    # And Pyodide itself refuses another build's snapshot (the fallback's first line).
    assert "Snapshot build id mismatch" in runtime and "Snapshot has invalid magic number" in runtime
    # The header's word 3, where the build's snapshot says how many bytes are a difference
    # from a fresh module's memory (snapshot.mjs): Pyodide writes 0 there, reads it never.
    make = runtime[runtime.index("API.makeSnapshot=") : runtime.index("API.restoreSnapshot=")]
    start = runtime.index("API.restoreSnapshot=")
    restore = runtime[start : runtime.index("Module.HEAP8.set(", start)]
    assert re.search(r"\b\w\[3\]=0\b", make), "Pyodide's snapshot header changed (word 3)"
    assert not re.search(r"\b\w\[3\]", restore), "Pyodide's restore now reads the header's word 3"
    # What the build's heap check (snapshot.py) relies on: a restore copies the snapshot
    # into the module's own memory (exported by its WebAssembly, so the INITIAL_MEMORY the
    # loader sets is not used) and never grows it (issue 6254). When this fails, Pyodide
    # changed how it restores: the check may be needless, or wrong.
    assert 'wasmMemory=wasmExports["memory"]' in runtime, (
        "Pyodide's memory is no longer its WebAssembly's own"
    )
    restore = runtime[runtime.index("API.restoreSnapshot=function") :][:700]
    assert "Module.HEAP8.set(" in restore, (
        "Pyodide's restore no longer copies the snapshot into the heap as it is"
    )
    fence = FENCE.read_text("utf-8")
    assert f'MODULE = "{names["module"]}"' in fence and "_emscripten_get_sbrk_ptr()" in fence
    assert re.search(r"\b_emscripten_get_sbrk_ptr=Module\[\"_emscripten_get_sbrk_ptr\"\]", runtime), (
        "Pyodide's module no longer tells Python's heap break"
    )
    assert "HEAP8" in runtime and "HEAPU32" in runtime


@pytest.fixture(scope="module")
def restored_run(tmp_path_factory: pytest.TempPathFactory, spec_dir: Path) -> dict[str, Any]:
    return replay_in_node(tmp_path_factory.mktemp("wheel"), spec_dir, "--restore")


def test_a_restored_python_answers_every_case_as_cpython(
    restored_run: dict[str, Any], spec_dir: Path
) -> None:
    assert restored_run["restored"] is True and restored_run["snapshot_bytes"] > 1_000_000
    assert_answers_as_cpython(restored_run["results"], spec_dir)


def test_a_restored_python_plays_a_session_as_cpython(restored_run: dict[str, Any]) -> None:
    assert restored_run["session"] == session_here()


def fresh_run(wheel: Path, snapshot: Path | None = None, stdlib: Path | None = None) -> dict[str, Any]:
    """fresh.mjs's answer: a plain start and two restores of one snapshot (``snapshot``,
    over ``stdlib``, else one taken in another time zone by the same script)."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed to run Pyodide outside a browser (node 20)")
    args = [node, str(SCRIPT.with_name("fresh.mjs")), str(wheel)]
    args += [str(snapshot), str(stdlib)] if snapshot and stdlib else []
    done = subprocess.run(args, capture_output=True, text=True, timeout=600, check=False)
    if done.returncode != 0:
        pytest.fail(f"fresh.mjs failed ({done.returncode}):\n{done.stderr[-3000:]}", pytrace=False)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def assert_fresh(run: dict[str, Any]) -> None:
    """Each restore draws its own games, and shows the zone and language of where it runs
    as a plain start there does; a seeded game is the same everywhere."""
    plain, restored = run["plain"], run["restored"]
    # Python's start, out of the collector's runs (engine-worker.mjs, gc.freeze): there,
    # far more objects than the few made since.
    for found in [plain, *restored]:
        assert found.pop("frozen") > 10 * found.pop("tracked") > 0
    # A fresh game after every restore: the quick game's seed and the generator differ.
    assert len({r["quick"] for r in restored} | {plain["quick"]}) == 3
    assert len({r["draw"] for r in restored} | {plain["draw"]}) == 3
    for found in restored:
        assert found["seeded"] == plain["seeded"] and found["seeded"]["seed"] == 12
        # The browser's language (navigator.language "fr-FR"), as Emscripten makes LANG.
        assert found["environ"]["LANG"] == found["locale"] == "fr_FR.UTF-8"
        assert plain["environ"]["LANG"] == plain["locale"] == "C.UTF-8"  # Node: no navigator
        same = {k: v for k, v in found.items() if k not in ("draw", "quick", "locale")}
        same["environ"] = {**found["environ"], "LANG": plain["environ"]["LANG"]}
        # The zone where it runs (Asia/Kolkata), not where the snapshot was taken.
        assert (found["timezone"], found["tzname"]) == (-19800, ["UTC+0530", "UTC+0530"])
        assert same == {k: v for k, v in plain.items() if k not in ("draw", "quick", "locale")}


def test_a_restored_python_draws_fresh_games_and_shows_where_it_runs(tmp_path: Path) -> None:
    wheel = write_wheel(build_engine_wheel(REPO), tmp_path)
    assert_fresh(fresh_run(wheel))


# --- the snapshot the build makes (site_plugins/lansquenet_site/snapshot.py) ---------------


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The runtime as the build writes it, its snapshot included: the wheel, the
    standard library and the snapshot's raw bytes (decompressed), as files."""
    site = tmp_path_factory.mktemp("site")
    wheel = runtime.copy_runtime(REPO, site, snapshot=True)
    pyodide = site / runtime.PYODIDE_DIR
    text = (pyodide / runtime.RUNTIME_MODULE).read_text("utf-8")
    facts = json.loads(text.removeprefix("export default ").rstrip().removesuffix(";"))["snapshot"]
    raw = decompress((pyodide / facts["file"]).read_bytes())
    assert len(raw) == facts["length"] and (pyodide / facts["file"]).stat().st_size == facts["bytes"]
    assert (
        facts["key"]
        == f"pyodide-{PYODIDE_VERSION}/wheel-{wheel.sha256[:16]}/stdlib-{runtime.stdlib_digest(pyodide)}"
    )
    (site / "snapshot").write_bytes(raw)
    made = write_snapshot(REPO, pyodide, wheel, runtime.stdlib_digest(pyodide))  # the same, from the cache
    assert made is not None and made.file == facts["file"]
    HEAPS.append(made.heap)
    return {
        "wheel": write_wheel(wheel, site / "wheel"),
        "stdlib": pyodide / runtime.STDLIB,
        "rest": pyodide / facts["stdlib"],
        "snapshot": site / "snapshot",
        "served": pyodide / facts["file"],  # compressed, as a first visit downloads it
        "decoder": pyodide / facts["decoder"],
    }


def test_the_worker_decompresses_the_builds_snapshot_as_it_arrives_and_refuses_a_damaged_one(
    built: dict[str, Path],
) -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed (node 20)"
    raw = built["snapshot"].read_bytes()
    script = [node, str(Path(__file__).with_name("unzstd.mjs")), str(built["served"]), str(built["decoder"])]
    done = subprocess.run([*script, str(len(raw))], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    said = json.loads(done.stdout)
    whole = "sha256:" + hashlib.sha256(raw).hexdigest()
    assert said["digests"] == {"997": whole, "65536": whole, "1048576": whole}  # whatever the chunks
    assert said["corrupt"].startswith("error:") and said["short"].startswith("error:"), said
    # A third smaller than gzip's best (4.44 MB against 3.29 MB, December 2026).
    assert built["served"].stat().st_size < 0.8 * len(gzip.compress(raw, 9))


def test_the_builds_snapshot_answers_every_case_and_the_bridge_as_a_plain_start(
    built: dict[str, Path], spec_dir: Path
) -> None:

    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide outside a browser (node 20)"
    script = [node, str(SCRIPT), str(built["wheel"]), str(spec_dir / "conformance")]
    # Restored as a first visit restores it: with only the standard library's files its
    # Python has not imported (a plain start could not run on those: "restored" says it
    # was the restore that answered).
    assert built["rest"].stat().st_size < built["stdlib"].stat().st_size / 10
    runs = []
    for more in (
        ["--stdlib", str(built["stdlib"])],
        ["--stdlib", str(built["rest"]), "--snapshot", str(built["snapshot"])],
    ):
        done = subprocess.run(script + more, capture_output=True, text=True, timeout=600, check=False)
        assert done.returncode == 0, done.stderr[-3000:]
        runs.append(json.loads(done.stdout))
    plain, restored = runs
    assert plain["restored"] is False and restored["restored"] is True
    here = cases_here(spec_dir)
    assert here and restored["results"] == plain["results"] == here
    assert restored["session"] == plain["session"] == session_here()


def test_the_builds_snapshot_shows_a_browsers_start_and_draws_fresh_games(built: dict[str, Path]) -> None:
    run = fresh_run(built["wheel"], built["snapshot"], built["stdlib"])
    assert_fresh(run)  # the zone and language where it runs, not the build machine's
    for found in run["restored"]:  # the program a browser's worker names, not the build script
        assert found["environ"]["_"] == "./this.program" and found["orig_argv"] == ["./this.program"]
        assert found["executable"] == run["plain"]["executable"] == "/home/pyodide/this.program"


# --- the heap a restore starts with (snapshot.py's check_heap; Pyodide issue 6254) --------

# The headroom the build's snapshot must keep: 1 MiB of the 30 MiB a restore starts with.
# Python's whole engine (the wheel and every module's import) takes about 2.2 MB of heap
# today; a new module or a bigger catalogue adds tens of kilobytes, and Python's small-
# object allocator takes its memory in 256 KiB arenas on wasm32. With 1 MiB kept, this
# test fails some changes (four arenas) before the build itself would fail, and refuse
# every reader a restore.
HEADROOM_MARGIN = 1 << 20


def test_the_builds_snapshot_leaves_headroom_in_the_heap_a_restore_starts_with(
    built: dict[str, Path], caplog: pytest.LogCaptureFixture
) -> None:
    [heap] = HEAPS
    # The starting heap is Pyodide's (its memory when instantiated): the snapshot's heap
    # is that one, not grown, and ends the raw snapshot (after Pyodide's header).
    assert heap.heap == heap.initial and heap.initial % 65536 == 0
    assert built["snapshot"].stat().st_size - heap.heap < 65536
    assert heap.used["start"] < heap.used["engine"] <= heap.used["modules"] <= heap.initial
    assert heap.headroom >= HEADROOM_MARGIN, f"{heap.headroom:,} bytes left, fewer than {HEADROOM_MARGIN:,}"
    # The build's log says the headroom left: the snapshot's own (the cache it comes from is
    # shared by the test run's builds, and a snapshot made again may use a few pages more or
    # fewer: its heap is measured each time it is made).
    with caplog.at_level("INFO"):
        pyodide = built["stdlib"].parent
        made = write_snapshot(REPO, pyodide, build_engine_wheel(REPO), runtime.stdlib_digest(pyodide))
    assert made is not None and made.heap.headroom >= HEADROOM_MARGIN
    assert f"{made.heap.headroom:,} left" in caplog.text


def test_a_snapshot_larger_than_the_heap_a_restore_starts_with_fails_the_build_saying_what_grew() -> None:
    initial = 31_457_280
    grown = Heap(
        initial, initial + 3 * 65536, {"start": 25_894_912, "engine": 28_061_696, "modules": initial + 4096}
    )
    with pytest.raises(PluginError) as failed:
        check_heap(grown, "314.0.8")
    said = str(failed.value)
    assert (
        f"{initial + 3 * 65536:,} bytes, more than the {initial:,} bytes Pyodide 314.0.8 starts with" in said
    )
    assert "during the import of every engine module" in said and "+2,166,784 bytes" in said
    assert grown.headroom < 0
    check_heap(Heap(initial, initial, {"start": 1, "engine": 2, "modules": initial}), "314.0.8")  # just fits
