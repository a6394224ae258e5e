"""Run a benchmark script inside the npm Pyodide under Node.js, with the engine's wheel.

Shared by engine_bench.py (figure 2b) and session_bench.py (figure 8): the wheel is built
by the site plugin's own code into a temporary folder, then ``node SCRIPT WHEEL ARGS…``
runs; its standard output is the answer.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def run(script: Path, *args: str) -> str:
    """The standard output of ``node script WHEEL *args`` (RuntimeError if it fails)."""
    from lansquenet_site.wheel import build_engine_wheel, write_wheel

    node = shutil.which("node")
    if node is None:
        raise RuntimeError("Node.js is needed to run Pyodide outside a browser")
    with tempfile.TemporaryDirectory(prefix="lq-bench-wheel-") as tmp:
        wheel = write_wheel(build_engine_wheel(REPO), Path(tmp))
        done = subprocess.run(
            [node, str(script), str(wheel), *args], capture_output=True, text=True, timeout=900, check=False
        )
    if done.returncode != 0:
        raise RuntimeError(f"{script.name} failed ({done.returncode}): {done.stderr[-2000:]}")
    return done.stdout
