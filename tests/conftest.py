"""Fixtures shared by every test folder.

- ``repo_root``: the repository's top folder.
- ``spec_dir``: the specification, ``spec/`` in the repository (RULES.md,
  CONFORMANCE.md, conformance/, seeds/). A test that needs it fails, never skips, when
  it is incomplete.
- ``built_site``: the site built once per test session with ``mkdocs build --strict``
  into a temporary folder (a ``BuiltSite``: its ``path`` and the build's ``log``).
  tests/site reads its files; tests/browser serves it on 127.0.0.1.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from spec_cases import SPEC

REPO = Path(__file__).resolve().parents[1]


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


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BuiltSite]:
    site = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    log = result.stdout + result.stderr
    if result.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed:\n{log}", pytrace=False)
    yield BuiltSite(path=site, log=log)
