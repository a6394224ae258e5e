"""The shared specification's conformance cases, and how CONFORMANCE.md compares them.

Used by the engine's tests (CPython), the Pyodide tests (Node.js) and the browser tests.
The shared folder is ``LANSQUENET_SHARED``, else ``<repo>/../shared``, else ``/work/shared``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]


def find_shared() -> Path:
    """Where the shared folder is."""
    env = os.environ.get("LANSQUENET_SHARED")
    if env:
        return Path(env)
    beside = REPO.parent / "shared"
    if beside.is_dir():
        return beside
    return Path("/work/shared")


def conformance_cases(shared: Path) -> list[Path]:
    """Every scenario of ``shared/conformance`` (not the ``.expected.json`` files)."""
    folder = shared / "conformance"
    return sorted(p for p in folder.glob("*.json") if not p.name.endswith(".expected.json"))


def norm(value: Any) -> Any:
    """A result made comparable as CONFORMANCE.md says: ``can`` lists as sets, ``change``
    entries of 0 dropped, an error's ``message`` not compared."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key == "can" and isinstance(item, list):
                out[key] = frozenset(item)
            elif key == "change" and isinstance(item, dict):
                out[key] = {p: c for p, c in item.items() if c != 0}
            elif key == "error" and isinstance(item, dict):
                out[key] = {k: norm(v) for k, v in item.items() if k != "message"}
            else:
                out[key] = norm(item)
        return out
    if isinstance(value, list):
        return [norm(v) for v in value]
    return value
