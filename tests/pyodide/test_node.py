"""The engine inside Pyodide, under Node.js: the browser's Python, without a browser.

The wheel is built by the site plugin's own code (lansquenet_site.wheel) into a temporary
folder; replay.mjs loads the npm Pyodide from node_modules through the site worker's own
boot() (docs/assets/js/engine-worker.mjs), unpacks the wheel and sends every
conformance case through ``lansquenet.web.handle``, plays a live session through the
worker's ops (session-requests.json), then runs the engine's doctests in Pyodide. One
Node.js run (about 3 s) serves every test of this module.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from helpers import cases_here, replay_in_node, session_here
from spec_cases import conformance_cases, court_cases, norm, variant_cases

REPO = Path(__file__).resolve().parents[2]
# Under pytest-xdist the module stays on one worker: one Node.js run of Pyodide serves the module.
pytestmark = pytest.mark.xdist_group("pyodide-node")
SCRIPT = Path(__file__).with_name("replay.mjs")


def cases(spec: Path) -> dict[str, Path]:
    """Every scenario of the specification's conformance folders (VARIANTS.md's and the
    court game's too), by name."""
    every = conformance_cases(spec) + variant_cases(spec) + court_cases(spec)
    found = {p.stem: p for p in every}
    assert len(found) == len(every), "two cases share a name"
    return found


@pytest.fixture(scope="module")
def pyodide_run(tmp_path_factory: pytest.TempPathFactory, spec_dir: Path) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("wheel")
    # The engine's modules whole (the site's wheel has no docstrings, so no doctests: the
    # same program, tests/site/test_stripped.py); test_snapshot.py replays the site's.
    result = replay_in_node(folder, spec_dir, "--doctest", variants=True, stripped=False)
    wheel = Path(result["wheel"])
    # The same wheel's doctests in CPython, for comparison (the sources may change on
    # disk while the tests run; the wheel does not).
    unpacked = folder / "cpython"
    zipfile.ZipFile(wheel).extractall(unpacked)
    here = subprocess.run(
        [sys.executable, str(SCRIPT.with_name("doctests.py"))],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "PYTHONPATH": str(unpacked)},
        cwd=unpacked,
    )
    if here.returncode != 0:
        pytest.fail(f"doctests.py failed in CPython:\n{here.stderr[-3000:]}", pytrace=False)
    result["cpython_doctests"] = json.loads(here.stdout)
    return result


def test_every_conformance_case_replays_inside_pyodide(pyodide_run: dict[str, Any], spec_dir: Path) -> None:
    # CONFORMANCE.md's cases, VARIANTS.md's 44 (V-R1..V-R8, V-P1..V-P4) and the court
    # game's (C-1 … C-17, at least 30)
    found = cases(spec_dir)
    assert found, "no conformance case found"
    assert len(variant_cases(spec_dir)) == 44
    assert len(court_cases(spec_dir)) >= 30
    results = pyodide_run["results"]
    assert sorted(results) == sorted(found)
    got = {name: norm(results[name]) for name in found}
    want = {
        name: norm(json.loads(path.with_name(f"{name}.expected.json").read_text("utf-8")))
        for name, path in found.items()
    }
    assert got == want


def test_pyodide_answers_exactly_as_cpython(pyodide_run: dict[str, Any], spec_dir: Path) -> None:
    # The very JSON the command line prints, refusal messages included.
    for name, answer in cases_here(spec_dir, variants=True).items():
        assert pyodide_run["results"][name] == answer, name


def test_a_live_session_answers_in_pyodide_as_in_cpython(pyodide_run: dict[str, Any]) -> None:
    # The worker's session ops (open, move, undo, end, steps, ledger), issue 10: the same
    # requests get the same answers, refusals and the refused action of an open included.
    here = session_here()
    assert pyodide_run["session"] == here
    assert here[2]["error"]["code"] == "not_your_turn" and here[-1]["refused"]["index"] == 1


def test_pyodide_runs_a_recent_python(pyodide_run: dict[str, Any]) -> None:
    major, minor = (int(x) for x in pyodide_run["python"].split(".")[:2])
    assert (major, minor) >= (3, 11)  # engine/pyproject.toml: requires-python


def test_doctests_run_inside_pyodide_as_in_cpython(pyodide_run: dict[str, Any]) -> None:
    # Every module of the wheel had its doctests run in Pyodide; each module's tally
    # (failed, attempted) is the one CPython gets, so no example depends on the platform.
    there, here = pyodide_run["doctests"], pyodide_run["cpython_doctests"]
    assert "lansquenet.web" in here and "lansquenet.rules" in here
    assert there == here
    assert there["lansquenet.web"] == [0, here["lansquenet.web"][1]] and here["lansquenet.web"][1] > 0
