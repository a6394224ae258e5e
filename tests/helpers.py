"""Helpers shared by test modules (a test module never imports another)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from lansquenet.__main__ import main

REPO = Path(__file__).resolve().parents[1]

# --- the engine's command line (tests/engine) ---------------------------------------------


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m lansquenet ARGS`` with the engine from this work tree (inside Pyodide,
    which has no processes, the same ``main`` in this process)."""
    if sys.platform == "emscripten":
        return in_process(list(args), stdin)
    env = dict(os.environ, PYTHONPATH=str(REPO / "engine"), PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "lansquenet", *args],
        check=False,
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=REPO,
        timeout=60,
    )


def in_process(args: list[str], stdin: str | None) -> subprocess.CompletedProcess[str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin or ""), out, err
    try:
        code = main(args)
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())
