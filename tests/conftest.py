"""Fixtures shared by every test folder.

- ``repo_root``: the repository's top folder.
- ``spec_dir``: the specification, ``spec/`` in the repository (RULES.md,
  CONFORMANCE.md, conformance/, seeds/). A test that needs it fails, never skips, when
  it is incomplete.
- ``built_site``: the site built once per test run with ``mkdocs build --strict``
  into a temporary folder (a ``BuiltSite``: its ``path`` and the build's ``log``).
  tests/site reads its files; tests/browser serves it on 127.0.0.1. Under
  pytest-xdist (``-n 2``) the workers share one build: the first to ask builds it
  into the run's common temporary folder under a file lock, the others wait for it
  and read the same folder.
"""

from __future__ import annotations

import fcntl
import inspect
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import _pytest.nodes
import pytest
from helpers import run
from hypothesis import settings
from spec_cases import SPEC

REPO = Path(__file__).resolve().parents[1]

# Tests assert behaviour, never timings: no property test fails for being slow (the
# workers of pytest-xdist share two cores with Chromium and Pyodide).
settings.register_profile("lansquenet", deadline=None)
settings.load_profile("lansquenet")


# The longest groups, longest first (each about a minute and a half of a worker in make test).
LONGEST_GROUPS = ("bench-smoke", "play-page", "play-session")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The groups first. Under ``--dist loadgroup`` (make test) a group of tests runs on
    one worker in one go, and the groups are the long runs (the quick benchmarks, the
    play page's shared pages, Pyodide in Node.js, the build with a third language): begun
    first, the longest first, none is left to run alone at the end while the other
    workers wait."""

    def rank(item: pytest.Item) -> int:
        group = item.get_closest_marker("xdist_group")
        if group is None:
            return len(LONGEST_GROUPS) + 1
        name = str(group.args[0])
        return LONGEST_GROUPS.index(name) if name in LONGEST_GROUPS else len(LONGEST_GROUPS)

    items.sort(key=rank)


def pytest_configure(config: pytest.Config) -> None:
    """Under ``--dist loadgroup`` (make test), pytest-xdist keeps a group of tests on one
    worker by writing the group into each test's id, as ``Item._nodeid``. pytest 9.2
    reads ids elsewhere: the groups are then silently split over every worker, and each
    worker sets up again what a group shares (the quick benchmarks, the shared play
    pages, Pyodide in Node.js), minutes more. Hence pytest 9.1.1 in requirements.txt,
    and this check, which stops the run at once when pytest no longer reads ``_nodeid``."""
    if config.getoption("dist", "no") != "loadgroup" or hasattr(config, "workerinput"):
        return
    try:
        reads = inspect.getsource(vars(_pytest.nodes.Node)["nodeid"].fget)
    except (OSError, TypeError):  # no source to read (a zipped or compiled pytest): trust the pin
        return
    if "_nodeid" not in reads:
        pytest.exit(
            f"pytest {pytest.__version__} ignores pytest-xdist's xdist_group marks (--dist loadgroup): "
            "use the pytest of requirements.txt",
            returncode=3,
        )


@dataclass(frozen=True)
class BuiltSite:
    path: Path  # the site folder: index.html (French), en/index.html (English), ...
    log: str  # everything mkdocs printed


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture(scope="session")
def spec_dir() -> Path:
    if not (SPEC / "CONFORMANCE.md").is_file():
        pytest.fail(f"the specification is missing from {SPEC}")
    return SPEC


def _build(site: Path) -> BuiltSite:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    result = run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)], env=env)
    log = result.stdout + result.stderr
    if result.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed:\n{log}", pytrace=False)
    return BuiltSite(path=site, log=log)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> BuiltSite:
    if worker_id == "master":  # no xdist: this process alone
        return _build(tmp_path_factory.mktemp("site"))
    # Every xdist worker of this run has its own folder under one common one.
    common = tmp_path_factory.getbasetemp().parent
    done = common / "site.json"
    with (common / "site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the first worker builds, the others wait
        if not done.is_file():
            built = _build(common / "site")
            done.write_text(json.dumps({"path": str(built.path), "log": built.log}), "utf-8")
    data = json.loads(done.read_text("utf-8"))
    return BuiltSite(path=Path(data["path"]), log=data["log"])
