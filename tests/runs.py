"""How much a test run covers, read once for every test folder.

``make test`` runs each browser flow in one language (tests/browser/conftest.py) and
leaves the browser benchmarks out (tests/test_bench_smoke.py); ``LQ_FULL=1 make test``
runs every flow in both languages and the browser benchmarks too.
"""

from __future__ import annotations

import os

FULL = os.environ.get("LQ_FULL") == "1"
