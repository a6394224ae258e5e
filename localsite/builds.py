"""Two builds of the site compared, file by file: MkDocs's and ProperDocs's
(`make build-properdocs`; README, "What the site depends on").

    python -m localsite.builds MKDOCS_SITE PROPERDOCS_SITE

Lists every file that differs and how (its first changed lines). The differences
explained below are told once, with their reason, and allowed; any other one is listed
line by line and the exit status is 1.
"""

from __future__ import annotations

import difflib
import re
import sys
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Explained:
    """A difference the two generators make on purpose: ``pattern`` and its ``reason``."""

    pattern: re.Pattern[bytes]
    reason: str


EXPLAINED = (
    Explained(
        re.compile(rb'<meta name="generator" content="mkdocs-[^"]*">'),
        "the page names its generator (MkDocs's base.html block, overrides/main.html): "
        '"mkdocs-1.6.1" or "mkdocs-ProperDocs 1.6.7"',
    ),
    Explained(
        re.compile(rb'const VERSION = "\w+";'),
        "sw.js's version is a digest of every page it keeps, generator lines included",
    ),
)


def differences(first: Path, second: Path) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Files that differ between the two sites: those whose differences are all explained
    (path -> the reasons), and the others (path -> what differs, as diff lines)."""
    explained: dict[str, list[str]] = {}
    other: dict[str, list[str]] = {}
    names = {p.relative_to(first).as_posix() for p in first.rglob("*") if p.is_file()}
    names |= {p.relative_to(second).as_posix() for p in second.rglob("*") if p.is_file()}
    for name in sorted(names):
        a, b = first / name, second / name
        if not (a.is_file() and b.is_file()):
            other[name] = [f"only in {(a if a.is_file() else b).parent}"]
            continue
        left, right = a.read_bytes(), b.read_bytes()
        if left == right:
            continue
        reasons = []
        for known in EXPLAINED:
            new_left, new_right = known.pattern.sub(b"", left), known.pattern.sub(b"", right)
            if (new_left, new_right) != (left, right):
                reasons.append(known.reason)
            left, right = new_left, new_right
        if left == right:
            explained[name] = reasons
        else:
            lines = difflib.unified_diff(
                left.decode("utf-8", "replace").splitlines(),
                right.decode("utf-8", "replace").splitlines(),
                lineterm="",
                n=0,
            )
            other[name] = [line[:200] for line in list(lines)[2:12]]
    return explained, other


def main(argv: list[str]) -> int:
    first, second = Path(argv[0]), Path(argv[1])
    explained, other = differences(first, second)
    by_reason: dict[str, list[str]] = {}
    for name, reasons in explained.items():
        for reason in reasons:
            by_reason.setdefault(reason, []).append(name)
    for reason, names in by_reason.items():
        print(f"{len(names)} file(s) differ, as expected: {reason}")
        print("    " + ", ".join(names))
    for name, lines in other.items():
        print(f"{name} differs otherwise:")
        for line in lines:
            print("    " + line)
    if other:
        print(f"{len(other)} file(s) differ in ways not explained (localsite/builds.py, EXPLAINED)")
        return 1
    print(f"{first} and {second}: no other difference")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
