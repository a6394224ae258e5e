"""Helpers shared by test modules (a test module never imports another)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from lansquenet.__main__ import main

if TYPE_CHECKING:  # the engine's tests run in Pyodide too, without Playwright
    from playwright.sync_api import Locator

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


# --- Projected type (issue 45: read from the back of the room) -------------------------
# The characters of the text on the screen under an element, by their font size in px,
# the pages of its frames included (each clipped to its frame); text hidden, transparent
# or scrolled out of sight does not count.
PROJECTED_SIZES = """(root) => {
  const sizes = {};
  function walk(doc, top, clip) {
    const walker = doc.createTreeWalker(top, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const chars = node.textContent.replace(/\\s+/g, "").length;
      const element = node.parentElement;
      if (!chars || !element || !element.getClientRects().length) continue;
      const style = doc.defaultView.getComputedStyle(element);
      if (style.visibility === "hidden" || Number(style.opacity) === 0) continue;
      const range = doc.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (!box.width || !box.height || box.bottom <= 0 || box.top >= clip.height
          || box.right <= 0 || box.left >= clip.width) continue;
      const px = Math.round(parseFloat(style.fontSize) * 10) / 10;
      sizes[px] = (sizes[px] || 0) + chars;
    }
    top.querySelectorAll("iframe").forEach(function (frame) {
      if (frame.hidden || !frame.contentDocument || !frame.getClientRects().length) return;
      const box = frame.getBoundingClientRect();
      walk(frame.contentDocument, frame.contentDocument.body, { width: box.width, height: box.height });
    });
  }
  walk(document, root, { width: innerWidth, height: innerHeight });
  return sizes;
}"""


def projected_sizes(view: Locator) -> dict[float, int]:
    """The characters on the screen under ``view`` (its frames' too), by font size in px."""
    sizes: dict[str, int] = view.evaluate(PROJECTED_SIZES)
    return {float(px): chars for px, chars in sizes.items()}
