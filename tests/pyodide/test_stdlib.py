"""The trimmed standard library the site ships (site_plugins/lansquenet_site/stdlib.txt,
runtime.trimmed_stdlib): under Node.js, Pyodide started on it alone answers every
conformance case and the worker's session requests exactly as CPython, and imports no
file the list lacks. It is a deterministic fraction of Pyodide's own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import assert_answers_as_cpython, replay_in_node, session_here

from lansquenet_site import runtime

REPO = Path(__file__).resolve().parents[2]
FULL = REPO / "node_modules" / "pyodide" / runtime.STDLIB
SCRIPT = Path(__file__).with_name("replay.mjs")
# Under pytest-xdist the module stays on one worker: one Pyodide run (trimmed_run) serves it.
pytestmark = pytest.mark.xdist_group("pyodide-stdlib")


@pytest.fixture(scope="module")
def trimmed_run(tmp_path_factory: pytest.TempPathFactory, spec_dir: Path) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("trimmed")
    stdlib = folder / runtime.STDLIB
    stdlib.write_bytes(runtime.trimmed_stdlib(FULL))
    return replay_in_node(folder, spec_dir, "--stdlib", str(stdlib), "--modules", variants=True)


def test_the_trimmed_stdlib_runs_every_conformance_case(trimmed_run: dict[str, Any], spec_dir: Path) -> None:
    assert_answers_as_cpython(trimmed_run["results"], spec_dir, variants=True)  # VARIANTS.md's too


def test_the_trimmed_stdlib_runs_the_bridge(trimmed_run: dict[str, Any]) -> None:
    assert trimmed_run["session"] == session_here()


def test_python_imported_only_listed_files(trimmed_run: dict[str, Any]) -> None:
    imported = set(trimmed_run["stdlib"])
    assert "json/__init__.py" in imported and "fractions.py" in imported
    assert imported <= set(runtime.kept_stdlib())


def test_the_trimmed_stdlib_is_a_third_of_pyodides_and_always_the_same() -> None:
    trimmed = runtime.trimmed_stdlib(FULL)
    assert trimmed == runtime.trimmed_stdlib(FULL)
    assert len(trimmed) < FULL.stat().st_size * 0.4


def test_a_build_reads_the_trimmed_stdlib_it_kept(tmp_path: Path) -> None:
    # Kept once per Pyodide zip and stdlib.txt (benchmarks figure 6), the same bytes: the
    # build writes what it would have made.
    first = runtime.trimmed_stdlib(FULL, tmp_path)
    kept = list(tmp_path.glob("stdlib-*.zip"))
    assert len(kept) == 1 and kept[0].read_bytes() == first == runtime.trimmed_stdlib(FULL)
    assert runtime.trimmed_stdlib(FULL, tmp_path) == first
    assert list(tmp_path.glob("stdlib-*.zip")) == kept
