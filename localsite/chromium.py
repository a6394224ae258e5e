"""The Chromium that the browser tests, the benchmarks and the audit drive, and its flags.

One home for all. The browser is ``CHROME_PATH`` when set (the variable Lighthouse's
launcher reads too), else the ``chromium`` found on ``PATH`` (Debian's, installed by
``make chromium``), else Playwright's own (GitHub's runners, a laptop): ``executable()``
is then ``None`` and Playwright picks its own.

The tests ask for the headless shell (``shell=True``): Debian's
``chromium-headless-shell``, the same engine without the browser's own user interface,
when it is installed (``make chromium``). It runs the suite's pages with about 40 % less
processor time than the full browser in headless mode (which keeps a tab strip for
every window). The benchmarks and Lighthouse measure the full browser, as a reader
runs it.

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


def executable(shell: bool = False) -> str | None:
    """The machine's Chromium (its headless shell with ``shell``, when installed), or
    ``None`` for Playwright's own."""
    found = os.environ.get("CHROME_PATH")
    if not found and shell:
        found = shutil.which("chromium-headless-shell")
    return found or shutil.which("chromium")


def launch_options(shell: bool = False) -> dict[str, Any]:
    """Keyword arguments for Playwright's ``chromium.launch`` (``shell``: see ``executable``)."""
    options: dict[str, Any] = {"args": list(ARGS)}
    found = executable(shell)
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
