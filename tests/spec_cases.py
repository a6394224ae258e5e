"""The specification's conformance cases, and how CONFORMANCE.md compares them.

The specification lives in the repository, in ``spec/`` (RULES.md, CONFORMANCE.md, VARIANTS.md,
conformance/, seeds/): the engine's tests (CPython), the Pyodide tests (Node.js), the
site and browser tests all read it from there, and nothing else.
``spec_differences`` tells which of its files differ from another copy of the
specification (tests/test_spec.py compares it with a ``shared`` folder beside the
repository, when there is one).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
SPEC = REPO / "spec"

# What the specification is made of: these files and every file of these folders.
SPEC_FILES = ("RULES.md", "CONFORMANCE.md", "VARIANTS.md", "COURT.md")
SPEC_FOLDERS = ("conformance", "conformance/variants", "seeds")


def spec_files(folder: Path) -> set[str]:
    """The specification's files found in ``folder``, as paths relative to it."""
    found = {name for name in SPEC_FILES if (folder / name).is_file()}
    for sub in SPEC_FOLDERS:
        found |= {p.relative_to(folder).as_posix() for p in (folder / sub).glob("*") if p.is_file()}
    return found


def spec_differences(spec: Path, other: Path) -> list[str]:
    """Each file of the specification that is not the same in ``spec`` and ``other``:
    different bytes, or present on one side only (said so).

    >>> spec_differences(SPEC, SPEC)
    []
    """
    ours, theirs = spec_files(spec), spec_files(other)
    out = []
    for name in sorted(ours | theirs):
        if name not in theirs:
            out.append(f"{name} (only in {spec.name}/)")
        elif name not in ours:
            out.append(f"{name} (only in {other.name}/)")
        elif (spec / name).read_bytes() != (other / name).read_bytes():
            out.append(name)
    return out


def conformance_cases(spec: Path = SPEC) -> list[Path]:
    """Every scenario of ``spec/conformance`` (not the ``.expected.json`` files)."""
    return cases_in(spec / "conformance")


def variant_cases(spec: Path = SPEC) -> list[Path]:
    """Every scenario of ``spec/conformance/variants`` (VARIANTS.md, §4)."""
    return cases_in(spec / "conformance" / "variants")


def court_cases(spec: Path = SPEC) -> list[Path]:
    """Every scenario of ``spec/conformance/court`` (the court game, COURT.md, in
    COURT-CONFORMANCE.md's style). Written in this repository, not in the shared
    specification: not one of :data:`SPEC_FOLDERS`, which are compared with it."""
    return cases_in(spec / "conformance" / "court")


# The cases of CONFORMANCE.md's "Limits": NAME.json, a scenario's text (which may not be
# JSON at all), and NAME.expected.json, what ``replay`` prints, or NOT_A_SCENARIO.
LIMITS = REPO / "tests" / "limits"
NOT_A_SCENARIO = {"error": {"code": "not_a_scenario"}}


def cases_in(folder: Path) -> list[Path]:
    """Every case of ``folder``: its ``NAME.json`` files, not the ``.expected.json``."""
    return sorted(p for p in folder.glob("*.json") if not p.name.endswith(".expected.json"))


def expected_of(case: Path) -> dict[str, Any]:
    """A case's ``NAME.expected.json``."""
    found: dict[str, Any] = json.loads(case.with_name(case.stem + ".expected.json").read_text("utf-8"))
    return found


def norm(value: Any) -> Any:
    """A result made comparable as CONFORMANCE.md says: ``can`` lists as sets, ``change``
    entries of 0 dropped, an error's ``message`` not compared."""
    if isinstance(value, dict):
        out: dict[str, object] = {}
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
