"""The Chromium that the browser tests, the benchmarks and the audit drive, and its flags.

One home for both. The browser is ``CHROME_PATH`` when set (the variable Lighthouse's
launcher reads too), else the ``chromium`` found on ``PATH`` (Debian's, installed by
``make chromium``), else Playwright's own (GitHub's runners, a laptop): ``executable()``
is then ``None`` and Playwright picks its own.

The flags keep it quiet and on this machine: every host name but 127.0.0.1 fails to
resolve, so nothing can leave it.
"""

from __future__ import annotations

import os
import shutil
from typing import Any

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]


def executable() -> str | None:
    """The machine's Chromium, or ``None`` for Playwright's own."""
    return os.environ.get("CHROME_PATH") or shutil.which("chromium")


def launch_options() -> dict[str, Any]:
    """Keyword arguments for Playwright's ``chromium.launch``."""
    options: dict[str, Any] = {"args": list(ARGS)}
    found = executable()
    if found:
        options["executable_path"] = found
    return options


def executable_or_playwrights() -> str:
    """The machine's Chromium, else the path of Playwright's own (for tools that are not
    Playwright, such as Lighthouse)."""
    found = executable()
    if found:
        return found
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        return str(p.chromium.executable_path)
