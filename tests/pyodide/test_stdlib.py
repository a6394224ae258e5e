"""The trimmed standard library the site ships (site_plugins/lansquenet_site/stdlib.txt,
runtime.trimmed_stdlib): under Node.js, Pyodide started on it alone answers every
conformance case and the worker's session requests exactly as CPython, and imports no
file the list lacks. It is a deterministic fraction of Pyodide's own.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from spec_cases import conformance_cases, variant_cases

import lansquenet
from lansquenet_site import runtime
from lansquenet_site.wheel import build_engine_wheel, write_wheel

REPO = Path(__file__).resolve().parents[2]
FULL = REPO / "node_modules" / "pyodide" / runtime.STDLIB
SCRIPT = Path(__file__).with_name("replay.mjs")


@pytest.fixture(scope="module")
def trimmed_run(tmp_path_factory: pytest.TempPathFactory, spec_dir: Path) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed to run Pyodide outside a browser (node 20)")
    folder = tmp_path_factory.mktemp("trimmed")
    wheel = write_wheel(build_engine_wheel(REPO), folder)
    stdlib = folder / runtime.STDLIB
    stdlib.write_bytes(runtime.trimmed_stdlib(FULL))
    done = subprocess.run(
        [
            node,
            str(SCRIPT),
            str(wheel),
            str(spec_dir / "conformance"),
            str(spec_dir / "conformance" / "variants"),
        ]
        + ["--stdlib", str(stdlib), "--modules"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if done.returncode != 0:
        pytest.fail(f"replay.mjs --stdlib failed ({done.returncode}):\n{done.stderr[-3000:]}", pytrace=False)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_the_trimmed_stdlib_runs_every_conformance_case(trimmed_run: dict[str, Any], spec_dir: Path) -> None:
    found = {p.stem: p for p in conformance_cases(spec_dir) + variant_cases(spec_dir)}  # VARIANTS.md's too
    assert found and sorted(trimmed_run["results"]) == sorted(found)
    for name, path in found.items():
        assert trimmed_run["results"][name] == lansquenet.replay(json.loads(path.read_text("utf-8"))), name


def test_the_trimmed_stdlib_runs_the_bridge(trimmed_run: dict[str, Any]) -> None:
    from lansquenet import web

    requests = json.loads(SCRIPT.with_name("session-requests.json").read_text("utf-8"))
    assert trimmed_run["session"] == [json.loads(web.handle(json.dumps(r))) for r in requests]


def test_python_imported_only_listed_files(trimmed_run: dict[str, Any]) -> None:
    imported = set(trimmed_run["stdlib"])
    assert "json/__init__.py" in imported and "fractions.py" in imported
    assert imported <= set(runtime.kept_stdlib())


def test_the_trimmed_stdlib_is_a_third_of_pyodides_and_always_the_same() -> None:
    trimmed = runtime.trimmed_stdlib(FULL)
    assert trimmed == runtime.trimmed_stdlib(FULL)
    assert len(trimmed) < FULL.stat().st_size * 0.4
